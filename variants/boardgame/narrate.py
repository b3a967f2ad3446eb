"""The board game's events in words (the ``describe_event`` hook) and ``i NAME`` at the table
(``describe_component``). Everything on the board game's table is public."""
from __future__ import annotations

from peloponnes.core.naming import names, seat_name
from peloponnes.variants.common.words import (
    amounts,
    bid_sentence,
    component_note,
    count,
    does,
    joined,
    whose,
    withdrawal,
)

from .disasters import RULE as DISASTER_RULE
from .rules import PLACING
from .state import tile_name
from .supply import COMPLETE_RULE


def tile(game, tile_id) -> dict | None:
    for entry in game.components["tiles"]:
        if entry["id"] == tile_id:
            return entry
    return None


def tile_called(game, tile_id) -> str:
    entry = tile(game, tile_id)
    return tile_name(entry) if entry else str(tile_id)


def civ_called(game, civ_id) -> str:
    for civ in game.components["civilizations"]:
        if civ["id"] == civ_id:
            return civ["name"]
    return str(civ_id)


def _who(game, d) -> str:
    return seat_name(game, d["seat"])


def _does(game, d, verb: str) -> str:
    """The event's seat and ``verb`` in agreement: ``Ada adds``, ``You add``."""
    return does(seat_name(game, d["seat"]), verb)


def _bid(game, d, seat):
    displaced = d.get("displaced")
    return bid_sentence(seat_name(game, d["seat"]), d, tile_called(game, d['card']),
                        None if displaced is None else seat_name(game, displaced))


def _chit(game, d, seat):
    if d.get("boxed"):
        return "A blank disaster chit is revealed."
    return f"Disaster chit: {d['chit']} ({d['count']} revealed so far)."


def _fed(game, d, seat):
    text = (f"{_does(game, d, 'feeds')} {count(d['inhabitants'], 'inhabitant')} with"
            f" {d['food']} food")
    starved = d.get("starved")
    if starved:
        text += f"; {count(starved, 'inhabitant')} {'starves' if starved == 1 else 'starve'}"
    return text + "."


def _traded(game, d, seat):
    return (f"{_does(game, d, 'trades')} {count(d['luxury'], 'luxury good')} for"
            f" {count(d['amount'], d['got'])}.")


# Why coins were paid out, as the ``coins`` event says it.
COINS_WHY = {"pass": "for passing", "withdraw": "for withdrawing"}


def _coins(game, d, seat):
    if d["why"] == "round income":
        return ""                           # told by the "income" event
    why = COINS_WHY.get(d["why"], f"({d['why']})")
    return f"{_does(game, d, 'receives')} {count(d['amount'], 'coin')} {why}."


def _income(game, d, seat):
    text = f"{whose(_who(game, d))} income: {count(d['coins'], 'coin')}"
    if d.get("luxury"):
        text += f", {count(d['luxury'], 'luxury good')}"
    return text + f" (population {d['population']})."


WORDS = {
    "bid": _bid,
    "chit_revealed": _chit,
    "fed": _fed,
    "luxury_traded": _traded,
    "setup": lambda g, d, s: (", ".join(f"{does(seat_name(g, i), 'plays')} {civ_called(g, c)}"
                                        for i, c in enumerate(d["civilizations"]))
                              + f". Turn order: {names(g, d['order'])}."),
    "civilization_chosen": lambda g, d, s: (f"{_does(g, d, 'chooses')}"
                                            f" {civ_called(g, d['civilization'])}."),
    "coins": _coins,
    "bank_topped_up": lambda g, d, s: (f"The bank runs dry; {count(d['coins'], 'coin')} are"
                                       " added."),
    "tile_revealed": lambda g, d, s: (f"Revealed{' in the Conquest row' if d['conquest'] else ''}:"
                                      f" {tile_called(g, d['tile'])}."),
    "passed": lambda g, d, s: f"{_does(g, d, 'passes')}.",
    "turn_order": lambda g, d, s: f"New turn order: {names(g, d['order'])}.",
    "tile_unclaimed": lambda g, d, s: f"Nobody took {tile_called(g, d['tile'])}; it is removed.",
    "tile_added": lambda g, d, s: (f"{_does(g, d, 'adds')} {tile_called(g, d['tile'])}"
                                   + (" (marked with a coin)" if d["marked"] else "") + "."),
    "one_time_income": lambda g, d, s: (f"{_does(g, d, 'takes')} the one-time income of"
                                        f" {tile_called(g, d['tile'])} (population now"
                                        f" {d['population']})."),
    "income": _income,
    "luxury": lambda g, d, s: (f"{_does(g, d, 'gains')} {count(d['amount'], 'luxury good')}"
                               f" ({d['why']})."),
    "disaster": lambda g, d, s: f"Disaster: {d['disaster'].capitalize()} strikes!",
    "disaster_loss": lambda g, d, s: f"{_does(g, d, 'loses')} {count(d['amount'], d['track'])}.",
    "disaster_paid": lambda g, d, s: (f"{_does(g, d, 'pays')} {amounts(d['paid'])} for"
                                      f" {count(d['tiles'], 'tile')}."),
    "protected": lambda g, d, s: f"{_does(g, d, 'is')} protected from {d['disaster']}.",
    "supply_round": lambda g, d, s: "Final supply round." if d.get("final") else "Supply round.",
    "completed": lambda g, d, s: f"{_does(g, d, 'completes')} {tile_called(g, d['tile'])}.",
    "game_end_signalled": lambda g, d, s: "The tile pile is empty: this is the last round.",
}


def _withdrew(game, event, seat):
    return withdrawal(game, event, "coin")      # the reward is told by a "coins" event


def _lost(game, event, seat):
    """A tile lost, and why: the rule that took it."""
    d = event.data
    return f"{_does(game, d, 'loses')} {tile_called(game, d['tile'])}{lost_because(event.rule)}."


def lost_because(rule: str) -> str:
    """Why a tile was lost, from the rule section that took it (`` to the earthquake``)."""
    if rule == f"{PLACING} (no matching resource)":
        return ": no land of its resource fits the civilization"
    if rule == f"{PLACING} (neither resources nor a coin)":
        return ": it could be neither built (too few resources) nor marked (no coin)"
    if rule == COMPLETE_RULE:
        return ": given up at the supply round, not completed"
    if rule.startswith(f"{DISASTER_RULE}: "):
        return f" to the {rule.removeprefix(f'{DISASTER_RULE}: ').lower()}"
    return f" ({rule})" if rule else ""


# Events worded from the whole event (its rule, or the events before it), not its fields alone.
EVENT_WORDS = {"withdrew": _withdrew, "tile_lost": _lost}


def describe_event(game, event, seat):
    words = EVENT_WORDS.get(event.kind)
    if words is not None:
        return words(game, event, seat)
    words = WORDS.get(event.kind)
    return None if words is None else words(game, event.data, seat)


def tile_text(entry: dict) -> str:
    bits = [f"{tile_name(entry)} ({entry['kind']}, era {entry['era']}, tile {entry['id']}):"
            f" minimum bid {entry['bid']}" + (" +1/2" if entry.get("bid_bonus_halves") else ""),
            f"{entry['prestige']} prestige points"]
    if entry.get("cost"):
        bits.append(f"costs {amounts(entry['cost'])} to build")
    if entry.get("one_time"):
        bits.append(f"once: {amounts(entry['one_time'])}")
    if entry.get("income"):
        bits.append(f"each round: {amounts(entry['income'])}")
    if entry.get("protects"):
        bits.append(f"protects from {joined(entry['protects'])}")
    return "; ".join(bits) + ". " + component_note(entry)


def civ_text(civ: dict) -> str:
    return (f"{civ['name']} (civilization #{civ['number']}): starts with {civ['coins']} coins"
            f" and {civ['inhabitants']} inhabitants; income {amounts(civ['income'])} a round. "
            + component_note(civ))


def describe_component(game, name):
    wanted = name.strip().lower()
    for entry in game.components["tiles"]:
        if wanted in (entry["id"].lower(), tile_name(entry).lower()):
            return tile_text(entry)
    for civ in game.components["civilizations"]:
        if wanted in (civ["id"].lower(), civ["name"].lower()):
            return civ_text(civ)
    return None
