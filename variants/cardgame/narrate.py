"""The card game's events in words (the ``describe_event`` hook), and ``i NAME`` at the table
(``describe_component``). A seat hears its own starting hand; nobody hears another's."""
from __future__ import annotations

from peloponnes.core.naming import names, seat_name
from peloponnes.variants.common.words import (
    agree,
    amounts,
    bid_sentence,
    component_note,
    count,
    does,
    joined,
    withdrawal,
)

from .catastrophes import RULE as CATASTROPHE_RULE
from .payments import COIN_CARD_KEYS
from .rules import BUILDING_LOST
from .state import COIN_SYMBOLS
from .supply import FEEDING_RULE
from .supply import RULE as SUPPLY_RULE


def card_name(game, card_id) -> str:
    for card in game.components["power_cards"]:
        if card["id"] == card_id:
            return card["name"]
    for civ in game.components["civilizations"]:
        if civ["id"] == card_id:
            return civ["name"]
    return str(card_id)


def _backs(hand: dict) -> str:
    """``3 inhabitant, 1 grain``: coin cards counted by the symbol on their back."""
    return ", ".join(f"{n} {symbol}" for symbol, n in hand.items() if n) or "nothing"


def _setup(game, d, seat):
    civs = ", ".join(f"{does(seat_name(game, s), 'plays')} {card_name(game, c)}"
                     for s, c in enumerate(d["civilizations"]))
    text = f"{civs}. Turn order: {names(game, d['order'])}."
    if seat is not None and seat < len(d.get("hands", [])):
        hand = d["hands"][seat]
        text += (f" Your starting hand: {count(sum(hand.values()), 'coin card')} showing"
                 f" {_backs(hand)}.")
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
    who = seat_name(game, d["seat"])
    how = f"and {agree(who, 'builds')} it" if d["built"] else "(under construction)"
    return f"{does(who, 'gains')} {card_name(game, d['card'])} {how}."


def _fed(game, d, seat):
    return (f"{_does(game, d, 'feeds')} {count(d['inhabitants'], 'inhabitant')}"
            f" ({d['grain']} grain production).")


def _does(game, d, verb: str) -> str:
    """The event's seat and ``verb`` in agreement: ``Ada bids``, ``You bid``."""
    return does(seat_name(game, d["seat"]), verb)


def _passed(game, d, seat):
    who = seat_name(game, d["seat"])
    reward = game.components["rules"]["pass_coin_cards"]
    return f"{does(who, 'passes')} and {agree(who, 'draws')} {count(reward, 'coin card')}."


def _paid(game, d, seat):
    text = f"{_does(game, d, 'pays')} {count(d['cards'], 'coin card')} showing {d['resource']}"
    if d["luxury"]:
        text += f" and {count(d['luxury'], 'luxury good')}"
    return text + "."


# What a luxury good traded for a coin card drawn blind was for (the ``for_`` of the event:
# what the card was needed for, named as the rules name the decision).
BLIND_DRAW_FOR = {"bid": "for a bid", "mortgage_coin_card": "to put it under a building",
                  "cover_coin_card": "to cover a card hit by a catastrophe"}


def _traded(game, d, seat):
    why = d.get("for_", "")
    why = BLIND_DRAW_FOR.get(why, why.replace("_", " "))
    text = f"{_does(game, d, 'trades')} a luxury good for a coin card drawn blind {why}"
    return text.rstrip() + "."


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
    "income": lambda g, d, s: (f"{_does(g, d, 'draws')} {count(d['coin_cards'], 'coin card')}"
                               f" as income (population {d['population']})."),
    "passed": _passed,
    "catastrophe": lambda g, d, s: f"Catastrophe: {d['catastrophe'].capitalize()}!",
    "protected": lambda g, d, s: f"{_does(g, d, 'is')} protected from {d['catastrophe']}.",
    "covered": lambda g, d, s: (f"{_does(g, d, 'covers')} {card_name(g, d['card'])} with a coin"
                                f" card ({d['catastrophe']})."),
    "luxury_lost": lambda g, d, s: (f"{_does(g, d, 'loses')}"
                                    f" {count(d['amount'], 'luxury good')}."),
    "uncovered": lambda g, d, s: f"{_does(g, d, 'uncovers')} {card_name(g, d['card'])}.",
    "coin_pile_reshuffled": lambda g, d, s: (f"The coin-card discards are shuffled into a new"
                                             f" pile ({count(d['cards'], 'card')})."),
    "luxury_gained": lambda g, d, s: (f"{_does(g, d, 'gains')} {count(d['amount'], 'luxury good')}"
                                      f" ({d['why']})."),
    "luxury_traded": _traded,
    "paid": _paid,
    "completed": lambda g, d, s: f"{_does(g, d, 'completes')} {card_name(g, d['card'])}.",
}


def _withdrew(game, event, seat):
    who = seat_name(game, event.data["seat"])
    reward = game.components["rules"]["withdraw_coin_cards"]
    return withdrawal(game, event, "coin card",
                      f"{agree(who, 'draws')} {count(reward, 'coin card')} for withdrawing")


def _lost(game, event, seat):
    """A card lost, and why: the rule that took it."""
    d = event.data
    card = "the luxury card" if d["card"] == "luxury card" else card_name(game, d["card"])
    return f"{_does(game, d, 'loses')} {card}{lost_because(event.rule)}."


def lost_because(rule: str) -> str:
    """Why a card was lost, from the rule section that took it (`` to the plague``)."""
    if rule == BUILDING_LOST:
        return (": it could be neither built (too few resources) nor put under construction (no"
                " coin card)")
    if rule == FEEDING_RULE:
        return ", removed at the supply because its inhabitants could not be fed"
    if rule.startswith(SUPPLY_RULE):
        return ": given up at the supply, not completed"
    if rule.startswith(f"{CATASTROPHE_RULE}: "):
        return f" to the {rule.removeprefix(f'{CATASTROPHE_RULE}: ').lower()}"
    return f" ({rule})" if rule else ""


# Events worded from the whole event (its rule, or the events before it), not its fields alone.
EVENT_WORDS = {"withdrew": _withdrew, "card_lost": _lost}


def describe_event(game, event, seat):
    words = EVENT_WORDS.get(event.kind)
    if words is not None:
        return words(game, event, seat)
    words = WORDS.get(event.kind)
    return None if words is None else words(game, event.data, seat)


def _card_text(card: dict) -> str:
    bits = [f"{card['name']} ({card['kind']}, era {card['era']}): value {card['value']},"
            f" {count(card['inhabitants'], 'inhabitant')}, {card['power']} power"]
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
        bits.append(f"+{count(card['income_coin_cards'], 'coin card')} of income")
    return "; ".join(bits) + ". " + component_note(card)


def _civ_text(civ: dict) -> str:
    return (f"{civ['name']} (civilization, turn-order arrow {civ['arrow']}):"
            f" {civ['coin_cards']} starting coin cards, {civ['inhabitants']} inhabitants,"
            f" {civ['power']} power, produces {amounts(civ['production'])} a round;"
            f" catastrophe symbols: {joined(civ.get('catastrophes', [])) or 'none'}. "
            + component_note(civ))


# What a person may type after `i` to read about coin cards.
COIN_CARD_WORDS = {"coin", "coins", "coin card", "coin cards", "back", "backs", "symbol",
                   "symbols", "hand", *COIN_SYMBOLS}


def coin_cards_text(game) -> str:
    """Coin cards and their backs, for ``i coin`` (the numbers from the game's components)."""
    rules = game.components["rules"]
    pile = ", ".join(f"{n} {symbol}" for symbol, n in game.components["coin_cards"].items()
                     if symbol in COIN_SYMBOLS)
    keys = ", ".join(f"{key} {symbol}" for symbol, key in COIN_CARD_KEYS.items())
    return "\n".join([
        "Coin cards are the card game's money and resources in one.",
        f"- A bid of N is N coin cards from your hand. Passing draws {rules['pass_coin_cards']};"
        " withdrawing an outbid bid takes its cards back and draws"
        f" {rules['withdraw_coin_cards']}.",
        "- The back of each card shows a symbol: wood, stone or grain pays 1 of that resource"
        " (building costs; grain also feeds 1 inhabitant at the supply); an inhabitant feeds 1"
        " inhabitant at the supply and counts as 1 population at the end.",
        "- Any coin card can go under a building you cannot build yet (under construction), or"
        " cover a card a catastrophe hits. A luxury good can be traded for a coin card drawn"
        " blind from the pile.",
        f"- At the end, every {rules['coin_cards_per_power_point']} coin cards left (inhabitant"
        " cards aside) and luxury goods are 1 power point.",
        "- The table's hand column counts yours by symbol (2G 1I: 2 grain, 1 inhabitant); the"
        " others see only how many you hold.",
        f"- In menus a symbol keeps its number all game: {keys} (0: a luxury good for a card"
        " drawn blind); its name may be typed too.",
        f"- The pile: {pile}."])


def describe_component(game, name):
    wanted = " ".join(name.strip().lower().split())
    if wanted in COIN_CARD_WORDS:
        return coin_cards_text(game)
    for card in game.components["power_cards"]:
        if wanted in (card["id"].lower(), card["name"].lower()):
            return _card_text(card)
    for civ in game.components["civilizations"]:
        if wanted in (civ["id"].lower(), civ["name"].lower()):
            return _civ_text(civ)
    return None
