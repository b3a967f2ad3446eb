"""The expansion's events in words (``describe_event``) and ``i NAME`` for heroes and colonies
(``describe_component``); the board game's own events are worded by the board game's plugin.
Everything in the expansion is public, so every seat hears the same."""
from __future__ import annotations

from peloponnes.core.naming import names, seat_name
from peloponnes.variants.boardgame.narrate import tile_called
from peloponnes.variants.common.words import agree, amounts, count, does, plural, whose

from .persians import chit_label
from .state import PERSIANS_RULE


def _entry(game, kind: str, entry_id) -> dict | None:
    for entry in game.components["expansion"][kind]:
        if entry["id"] == entry_id:
            return entry
    return None


def called(game, kind: str, entry_id) -> str:
    entry = _entry(game, kind, entry_id)
    return entry["name"] if entry else str(entry_id)


def ability(entry: dict) -> str:
    """What a hero or colony does, in the rulebook's words (its ``source`` after the name)."""
    text = entry.get("source", "")
    return text.split(": ", 1)[1] if ": " in text else text


def _who(game, d) -> str:
    return seat_name(game, d["seat"])


def _setup(game, d, seat):
    lines = [f"{seat_name(game, s)}: hero {called(game, 'heroes', h)}"
             f" ({ability(_entry(game, 'heroes', h) or {})}); colony"
             f" {called(game, 'colonies', c)} ({ability(_entry(game, 'colonies', c) or {})});"
             f" Strength {d['strength'][s]}"
             for s, (h, c) in enumerate(zip(d["heroes"], d["colonies"], strict=True))]
    return "\n  ".join(["Heroes and colonies dealt:", *lines,
                        f"Turn order: {names(game, d['order'])}."])


def _attack(game, d, seat):
    outcome = "repelled" if d["repelled"] else "not repelled"
    return (f"Persian attack {d['attack']}: chits {', '.join(map(str, d['values']))} -> Persian"
            f" Strength {d['persians']} against the players' {d['players']}: {outcome}.")


def _offer(game, d, seat):
    to = seat_name(game, d["to"])
    answer = agree(to, "accepts" if d["accepted"] else "refuses")
    return (f"{_does(game, d, 'offers')} {to} {count(d['coins'], 'coin')} for a swap of"
            f" {plural(d['what'])}; {to} {answer}.")


def _negotiation_over(game, d, seat):
    held = ", ".join(f"{seat_name(game, s)} {called(game, 'heroes', h)} of"
                     f" {called(game, 'colonies', c)}"
                     for s, (h, c) in enumerate(zip(d["heroes"], d["colonies"], strict=True)))
    return f"Negotiation over: {held}. Turn order: {names(game, d['order'])}."


def _conflict(game, d, seat):
    strength = ", ".join(f"{seat_name(game, s)} {v}" for s, v in enumerate(d["strength"]))
    return (f"Internal conflict (Strength {strength}): strongest {names(game, d['strongest'])},"
            f" weakest {names(game, d['weakest'])}.")


def _does(game, d, verb: str) -> str:
    """The event's seat and ``verb`` in agreement: ``Ada pays``, ``You pay``."""
    return does(_who(game, d), verb)


def _put_under(game, d, seat):
    """A revealed chit goes back face down under the second stack: it was seen, it does not
    count, and it is among the chits left; another is revealed in its place."""
    chit = chit_label(d["chit"], d.get("value"))
    if d.get("seat") is None:
        why = f"A {chit} chit is revealed right after another {d['chit']} chit: it"
    else:
        why = f"A {chit} chit is revealed, and {whose(_who(game, d))} hero puts it"
    return (f"{why} goes back face down under the second stack, not counted (it is among the"
            " chits left), and another chit is revealed.")


def _taken(game, d, seat):
    taken = count(d["clovers"], "clover leaf")
    if d.get("inhabitants"):
        taken += f" and {count(d['inhabitants'], 'inhabitant')}"
    return f"{_does(game, d, 'takes')} {taken} from {seat_name(game, d['victim'])}."


WORDS = {
    "heroes_setup": _setup,
    "persian_attack": _attack,
    "offer": _offer,
    "negotiation_over": _negotiation_over,
    "internal_conflict": _conflict,
    "colony": lambda g, d, s: "",       # a colony's board laid out (setup, swaps): nothing new
    "chit_put_under": _put_under,
    "shield": lambda g, d, s: (f"{_does(g, d, 'pays')} {count(d['coins'], 'coin')} and"
                               f" {agree(_who(g, d), 'is')} spared the {d['disaster']}."),
    "hero_flipped": lambda g, d, s: (f"{whose(_who(g, d))} hero {called(g, 'heroes', d['hero'])}"
                                     " turns to the orange side."),
    "hero_loss": lambda g, d, s: f"{whose(_who(g, d))} orange hero costs {amounts(d['lost'])}.",
    "strength": lambda g, d, s: (f"{whose(_who(g, d))} Strength {d['change']:+d} to"
                                 f" {d['strength']} ({d['why']})."),
    "strength_bought": lambda g, d, s: (f"{_does(g, d, 'pays')} {amounts(d['paid'])} for"
                                        f" Strength with {tile_called(g, d['tile'])}."),
    "inhabitants": lambda g, d, s: (f"{whose(_who(g, d))} hero brings"
                                    f" {count(d['amount'], 'inhabitant')} (population"
                                    f" {d['population']})."),
    "mercenaries": lambda g, d, s: (f"{_does(g, d, 'hires')} {count(d['hired'], 'mercenary')}"
                                    f" for {count(d['coins'], 'coin')} ({d['total']} in all)."),
    "conflict_taken": _taken,
}


def _lost(game, event, seat):
    """A tile the Persians took (the board game words the other losses)."""
    if event.rule != PERSIANS_RULE:
        return None
    d = event.data
    return f"{_does(game, d, 'loses')} {tile_called(game, d['tile'])} to the Persian attack."


# Events worded from the whole event (its rule), not its fields alone.
EVENT_WORDS = {"tile_lost": _lost}


def describe_event(game, event, seat):
    words = EVENT_WORDS.get(event.kind)
    if words is not None:
        return words(game, event, seat)
    words = WORDS.get(event.kind)
    return None if words is None else words(game, event.data, seat)


def describe_component(game, name):
    wanted = name.strip().lower()
    for kind, noun in (("heroes", "hero"), ("colonies", "colony")):
        for entry in game.components["expansion"][kind]:
            if wanted in (entry["id"].lower(), entry["name"].lower()):
                return (f"{entry['name']} ({noun}): {ability(entry)}."
                        f" ({entry.get('provenance', '')})")
    return None
