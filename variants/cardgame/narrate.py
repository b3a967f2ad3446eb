"""The card game's events in words (the ``describe_event`` hook), and ``i NAME`` at the table
(``describe_component``). A seat hears its own starting hand; nobody hears another's."""
from __future__ import annotations

from peloponnes.core.naming import names, seat_name
from peloponnes.variants.common.words import amounts, bid_sentence, component_note, joined


def card_name(game, card_id) -> str:
    for card in game.components["power_cards"]:
        if card["id"] == card_id:
            return card["name"]
    for civ in game.components["civilizations"]:
        if civ["id"] == card_id:
            return civ["name"]
    return str(card_id)


def _setup(game, d, seat):
    civs = ", ".join(f"{seat_name(game, s)} plays {card_name(game, c)}"
                     for s, c in enumerate(d["civilizations"]))
    text = f"{civs}. Turn order: {names(game, d['order'])}."
    if seat is not None and seat < len(d.get("hands", [])):
        hand = d["hands"][seat]
        text += (f" Your starting hand: {sum(hand.values())} coin cards showing"
                 f" {amounts(hand, 'nothing')}.")
    return text


def _revealed(game, d, seat):
    text = f"Revealed: {joined(card_name(game, c) for c in d['open'])}"
    if d.get("conquest"):
        text += f"; Conquest row: {joined(card_name(game, c) for c in d['conquest'])}"
    return text + "."


def _bid(game, d, seat):
    displaced = d.get("displaced")
    return bid_sentence(seat_name(game, d["seat"]), d, card_name(game, d['card']),
                        None if displaced is None else seat_name(game, displaced))


def _gained(game, d, seat):
    how = "and builds it" if d["built"] else "(under construction)"
    return f"{seat_name(game, d['seat'])} gains {card_name(game, d['card'])} {how}."


def _fed(game, d, seat):
    return (f"{seat_name(game, d['seat'])} feeds {d['inhabitants']} inhabitants"
            f" ({d['grain']} grain production).")


def _who(game, d):
    return seat_name(game, d["seat"])


WORDS = {
    "setup": _setup,
    "revealed": _revealed,
    "bid": _bid,
    "gained": _gained,
    "fed": _fed,
    "catastrophe_advanced": lambda g, d, s: (f"The {d['catastrophe']} marker advances to space"
                                             f" {d['space']} of {d['of']}."),
    "supply": lambda g, d, s: "Final supply." if d.get("final") else "Supply: feeding and"
                                                                       " buildings.",
    "turn_order": lambda g, d, s: f"New turn order: {names(g, d['order'])}.",
    "card_unclaimed": lambda g, d, s: f"Nobody took {card_name(g, d['card'])}; it is discarded.",
    "income": lambda g, d, s: (f"{_who(g, d)} draws {d['coin_cards']} coin card(s) as income"
                               f" (population {d['population']})."),
    "passed": lambda g, d, s: f"{_who(g, d)} passes.",
    "withdrew": lambda g, d, s: f"{_who(g, d)} withdraws the displaced bid.",
    "catastrophe": lambda g, d, s: f"Catastrophe: {d['catastrophe'].capitalize()}!",
    "protected": lambda g, d, s: f"{_who(g, d)} is protected from {d['catastrophe']}.",
    "covered": lambda g, d, s: (f"{_who(g, d)} covers {card_name(g, d['card'])} with a coin card"
                                f" ({d['catastrophe']})."),
    "card_lost": lambda g, d, s: f"{_who(g, d)} loses {card_name(g, d['card'])}.",
    "luxury_lost": lambda g, d, s: f"{_who(g, d)} loses {d['amount']} luxury goods.",
    "uncovered": lambda g, d, s: f"{_who(g, d)} uncovers {card_name(g, d['card'])}.",
    "coin_pile_reshuffled": lambda g, d, s: (f"The coin-card discards are shuffled into a new"
                                             f" pile ({d['cards']} cards)."),
    "luxury_gained": lambda g, d, s: (f"{_who(g, d)} gains {d['amount']} luxury good(s)"
                                      f" ({d['why']})."),
    "luxury_traded": lambda g, d, s: (f"{_who(g, d)} trades a luxury good for a blind coin card"
                                      f" ({d.get('for_', '')})."),
    "paid": lambda g, d, s: (f"{_who(g, d)} pays {d['cards']} coin card(s) showing"
                             f" {d['resource']}" + (f" and {d['luxury']} luxury goods"
                                                    if d['luxury'] else "") + "."),
    "completed": lambda g, d, s: f"{_who(g, d)} completes {card_name(g, d['card'])}.",
}


def describe_event(game, event, seat):
    words = WORDS.get(event.kind)
    return None if words is None else words(game, event.data, seat)


def _card_text(card: dict) -> str:
    bits = [f"{card['name']} ({card['kind']}, era {card['era']}): value {card['value']},"
            f" {card['inhabitants']} inhabitants, {card['power']} power"]
    if any(card.get("production", {}).values()):
        bits.append(f"produces {amounts(card['production'])} a round")
    if any(card.get("cost", {}).values()):
        bits.append(f"costs {amounts(card['cost'])} to build")
    if card.get("catastrophe"):
        bits.append(f"catastrophe symbol: {card['catastrophe']}")
    if card.get("protects"):
        bits.append(f"protects from {joined(card['protects'])}")
    if card.get("bid_bonus_halves"):
        bits.append("bids count half a coin higher (Market)")
    if card.get("income_coin_cards"):
        bits.append(f"+{card['income_coin_cards']} coin card(s) of income")
    return "; ".join(bits) + ". " + component_note(card)


def _civ_text(civ: dict) -> str:
    return (f"{civ['name']} (civilization, turn-order arrow {civ['arrow']}):"
            f" {civ['coin_cards']} starting coin cards, {civ['inhabitants']} inhabitants,"
            f" {civ['power']} power, produces {amounts(civ['production'])} a round;"
            f" catastrophe symbols: {joined(civ.get('catastrophes', [])) or 'none'}. "
            + component_note(civ))


def describe_component(game, name):
    wanted = name.strip().lower()
    for card in game.components["power_cards"]:
        if wanted in (card["id"].lower(), card["name"].lower()):
            return _card_text(card)
    for civ in game.components["civilizations"]:
        if wanted in (civ["id"].lower(), civ["name"].lower()):
            return _civ_text(civ)
    return None
