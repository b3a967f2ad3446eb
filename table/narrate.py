"""Events -> words for one seat: what ``peloponnes play`` says before each prompt, what
``replay --log`` prints and what ``replay --html`` shows beside the table.

The core words only its own events (a game starts, a round starts, the game is over); every
other event is worded by the variant through the ``describe_event`` hook, so the core stays
ignorant of Peloponnes. An event no plugin words still gets a plain line, with seats named and
no internal field names.
"""
from __future__ import annotations

from collections.abc import Iterable

from peloponnes.core.decisions import Event
from peloponnes.core.naming import names, seat_name
from peloponnes.table.score_sheet import sheet_data

# Event fields that hold a seat (or a list of seats) by the engine's count from 0. Variants name
# their fields so; ``event_for_people`` counts them from 1 for people.
SEAT_FIELDS = ("seat", "to", "victim", "displaced")
SEAT_LIST_FIELDS = ("order", "winners", "strongest", "weakest")


def _plain_value(game, key: str, value) -> str:
    if key in SEAT_FIELDS:
        return seat_name(game, value)
    if key in SEAT_LIST_FIELDS and isinstance(value, list):
        return ", ".join(seat_name(game, s) for s in value)
    if isinstance(value, dict):
        return ", ".join(f"{n} {k}" for k, n in value.items()) or "nothing"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def plain_words(game, event: Event) -> str:
    """The generic wording of an event no plugin describes: its kind and fields in words."""
    parts = [f"{key.strip('_').replace('_', ' ')} {_plain_value(game, key, value)}"
             for key, value in event.data.items() if value is not None]
    text = event.kind.replace("_", " ").capitalize()
    return f"{text}: {', '.join(parts)}." if parts else f"{text}."


def core_words(game, event: Event) -> str | None:
    if event.kind == "game_started":
        return (f"A game of {game.variant.title} begins (seed {event.data.get('seed')}): "
                f"{names(game, range(game.num_players))}.")
    if event.kind == "round_started":
        return f"— Round {event.round} —"
    if event.kind == "game_over":
        scores = event.data.get("scores", [])
        winners = event.data.get("winners", [])
        table = ", ".join(f"{seat_name(game, s)} {v:g}" for s, v in enumerate(scores))
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"Game over. {names(game, winners)} {verb}. Scores: {table}."
    return None


def describe(game, event: Event, seat: int | None) -> str:
    """One event in words for ``seat`` (None: a spectator); "" when there is nothing to say."""
    text = core_words(game, event)
    if text is not None:
        return text
    text = game.hook.describe_event(game=game, event=event, seat=seat)
    if text is None:
        return plain_words(game, event)
    return str(text)


def narrate(game, events: Iterable[Event], seat: int | None) -> list[str]:
    """The lines ``seat`` reads for ``events``, in order, leaving out the silent ones."""
    lines = []
    for event in events:
        text = describe(game, event, seat)
        if text:
            lines.append(text)
    return lines


def event_for_people(game, event: Event, seat: int | None) -> dict:
    """An event as data for people (``replay --json``): seats counted from 1, their names
    beside them, and the event in words for ``seat``."""
    out = event.as_dict()
    for key in SEAT_FIELDS:
        if isinstance(out.get(key), int) and not isinstance(out[key], bool):
            out[f"{key}_name"] = seat_name(game, out[key])
            out[key] += 1
    for key in SEAT_LIST_FIELDS:
        if isinstance(out.get(key), list) and all(isinstance(s, int) for s in out[key]):
            out[key] = [s + 1 for s in out[key]]
    out["text"] = describe(game, event, seat)
    return out


def story_data(game, seat: int | None) -> dict:
    """The game's events as data for people (``replay --json``): the players (seats from 1),
    every event with its words for ``seat``, and once the game is over how each score was
    counted (``table.score_sheet``)."""
    story = {"players": [{"seat": s.index + 1, "name": s.name, "agent": s.agent}
                         for s in game.seats],
             "events": [event_for_people(game, e, seat) for e in game.events]}
    if game.finished:
        story["scores"] = sheet_data(game)
    return story
