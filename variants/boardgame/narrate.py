"""The board game's events in words (the ``describe_event`` hook) and ``i NAME`` at the table
(``describe_component``). Everything on the board game's table is public."""
from __future__ import annotations

from peloponnes.core.naming import names, seat_name
from peloponnes.variants.common.words import amounts, bid_sentence, component_note, joined

from .state import tile_name


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


def _bid(game, d, seat):
    displaced = d.get("displaced")
    return bid_sentence(seat_name(game, d["seat"]), d, tile_called(game, d['card']),
                        None if displaced is None else seat_name(game, displaced))


def _chit(game, d, seat):
    if d.get("boxed"):
        return "A blank disaster chit is revealed."
    return f"Disaster chit: {d['chit']} ({d['count']} revealed so far)."


def _fed(game, d, seat):
    text = f"{_who(game, d)} feeds {d['inhabitants']} inhabitants with {d['food']} food"
    if d.get("starved"):
        text += f"; {d['starved']} starve"
    return text + "."


def _traded(game, d, seat):
    return (f"{_who(game, d)} trades {d['luxury']} luxury goods for {d['amount']}"
            f" {d['got']}.")


WORDS = {
    "bid": _bid,
    "chit_revealed": _chit,
    "fed": _fed,
    "luxury_traded": _traded,
    "setup": lambda g, d, s: (", ".join(f"{seat_name(g, i)} plays {civ_called(g, c)}"
                                        for i, c in enumerate(d["civilizations"]))
                              + f". Turn order: {names(g, d['order'])}."),
    "civilization_chosen": lambda g, d, s: (f"{_who(g, d)} chooses"
                                            f" {civ_called(g, d['civilization'])}."),
    # round income is told by the "income" event
    "coins": lambda g, d, s: ("" if d["why"] == "round income" else
                              f"{_who(g, d)} receives {d['amount']} coins ({d['why']})."),
    "bank_topped_up": lambda g, d, s: f"The bank runs dry; {d['coins']} coins are added.",
    "tile_revealed": lambda g, d, s: (f"Revealed{' in the Conquest row' if d['conquest'] else ''}:"
                                      f" {tile_called(g, d['tile'])}."),
    "passed": lambda g, d, s: f"{_who(g, d)} passes.",
    "withdrew": lambda g, d, s: f"{_who(g, d)} withdraws the displaced bid.",
    "turn_order": lambda g, d, s: f"New turn order: {names(g, d['order'])}.",
    "tile_unclaimed": lambda g, d, s: f"Nobody took {tile_called(g, d['tile'])}; it is removed.",
    "tile_added": lambda g, d, s: (f"{_who(g, d)} adds {tile_called(g, d['tile'])}"
                                   + (" (marked with a coin)" if d["marked"] else "") + "."),
    "tile_lost": lambda g, d, s: f"{_who(g, d)} loses {tile_called(g, d['tile'])}.",
    "one_time_income": lambda g, d, s: (f"{_who(g, d)} takes the one-time income of"
                                        f" {tile_called(g, d['tile'])} (population now"
                                        f" {d['population']})."),
    "income": lambda g, d, s: (f"{_who(g, d)}'s income: {d['coins']} coins"
                               + (f", {d['luxury']} luxury goods" if d.get("luxury") else "")
                               + f" (population {d['population']})."),
    "luxury": lambda g, d, s: f"{_who(g, d)} gains {d['amount']} luxury goods ({d['why']}).",
    "disaster": lambda g, d, s: f"Disaster: {d['disaster'].capitalize()} strikes!",
    "disaster_loss": lambda g, d, s: f"{_who(g, d)} loses {d['amount']} {d['track']}.",
    "disaster_paid": lambda g, d, s: (f"{_who(g, d)} pays {amounts(d['paid'])} for"
                                      f" {d['tiles']} tile(s)."),
    "protected": lambda g, d, s: f"{_who(g, d)} is protected from {d['disaster']}.",
    "supply_round": lambda g, d, s: "Final supply round." if d.get("final") else "Supply round.",
    "completed": lambda g, d, s: f"{_who(g, d)} completes {tile_called(g, d['tile'])}.",
    "game_end_signalled": lambda g, d, s: "The tile pile is empty: this is the last round.",
}


def describe_event(game, event, seat):
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
