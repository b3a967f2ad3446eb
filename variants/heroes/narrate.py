"""The expansion's events in words (``describe_event``) and ``i NAME`` for heroes and colonies
(``describe_component``); the board game's own events are worded by the board game's plugin.
Everything in the expansion is public, so every seat hears the same."""
from __future__ import annotations

from peloponnes.core.naming import names, seat_name
from peloponnes.variants.boardgame.narrate import tile_called
from peloponnes.variants.common.words import amounts


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


PLURAL = {"hero": "heroes", "colony": "colonies"}


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
    answer = "accepts" if d["accepted"] else "refuses"
    return (f"{_who(game, d)} offers {seat_name(game, d['to'])} {d['coins']} coins for a swap of"
            f" {PLURAL.get(d['what'], d['what'])}; {seat_name(game, d['to'])} {answer}.")


def _negotiation_over(game, d, seat):
    held = ", ".join(f"{seat_name(game, s)} {called(game, 'heroes', h)} of"
                     f" {called(game, 'colonies', c)}"
                     for s, (h, c) in enumerate(zip(d["heroes"], d["colonies"], strict=True)))
    return f"Negotiation over: {held}. Turn order: {names(game, d['order'])}."


def _conflict(game, d, seat):
    strength = ", ".join(f"{seat_name(game, s)} {v}" for s, v in enumerate(d["strength"]))
    return (f"Internal conflict (Strength {strength}): strongest {names(game, d['strongest'])},"
            f" weakest {names(game, d['weakest'])}.")


WORDS = {
    "heroes_setup": _setup,
    "persian_attack": _attack,
    "offer": _offer,
    "negotiation_over": _negotiation_over,
    "internal_conflict": _conflict,
    "colony": lambda g, d, s: "",       # a colony's board laid out (setup, swaps): nothing new
    "chit_put_under": lambda g, d, s: (f"The {d['chit']} chit goes under the second stack"
                                       + (f" ({_who(g, d)}'s hero)" if d.get("seat") is not None
                                          else " (the same disaster twice in a row)") + "."),
    "shield": lambda g, d, s: (f"{_who(g, d)} pays {d['coins']} coin(s) and is spared the"
                               f" {d['disaster']}."),
    "hero_flipped": lambda g, d, s: (f"{_who(g, d)}'s hero {called(g, 'heroes', d['hero'])} turns"
                                     " to the orange side."),
    "hero_loss": lambda g, d, s: f"{_who(g, d)}'s orange hero costs {amounts(d['lost'])}.",
    "strength": lambda g, d, s: (f"{_who(g, d)}'s Strength {d['change']:+d} to {d['strength']}"
                                 f" ({d['why']})."),
    "strength_bought": lambda g, d, s: (f"{_who(g, d)} pays {amounts(d['paid'])} for Strength"
                                        f" with {tile_called(g, d['tile'])}."),
    "inhabitants": lambda g, d, s: (f"{_who(g, d)}'s hero brings {d['amount']} inhabitant(s)"
                                    f" (population {d['population']})."),
    "mercenaries": lambda g, d, s: (f"{_who(g, d)} hires {d['hired']} mercenaries for"
                                    f" {d['coins']} coins ({d['total']} in all)."),
    "conflict_taken": lambda g, d, s: (f"{_who(g, d)} takes {d['clovers']} clover leaf/leaves"
                                       + (f" and {d['inhabitants']} inhabitant(s)"
                                          if d.get("inhabitants") else "")
                                       + f" from {seat_name(g, d['victim'])}."),
}


def describe_event(game, event, seat):
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
