"""Words for people that both games use: amounts of goods, lists of names, and the grammar of a
sentence about a player (``Ada bids``, but ``You bid``; ``1 chit``, ``2 chits``).

A scenario may call the person at the table "You" (the shipped ``cardgame-vs-bots`` does): a
sentence whose subject is that name takes the verb without -s and "Your" for "'s".
"""
from __future__ import annotations

from peloponnes.core.naming import seat_name

# Nouns whose plural is not the noun + "s" (or that are counted in words of their own).
PLURAL = {"luxury good": "luxury goods", "luxury": "luxury goods", "clover leaf": "clover leaves",
          "leaf": "leaves", "colony": "colonies", "hero": "heroes", "wood": "wood",
          "stone": "stone", "grain": "grain", "food": "food", "choice": "choices"}
SINGULAR = {plural: noun for noun, plural in PLURAL.items() if plural != noun}
SINGULAR.update({"coins": "coin", "inhabitants": "inhabitant", "luxury goods": "luxury good",
                 "luxury": "luxury good"})

# Verbs whose "You" form is not the "Ada" form less its -s.
BASE_FORM = {"is": "are", "has": "have", "does": "do", "was": "were"}


def is_you(name: str) -> bool:
    """Whether the sentence's subject is the person addressed as "You"."""
    return name.strip().lower() == "you"


def agree(who: str, verb: str) -> str:
    """``verb`` (written as for "Ada": ``bids``, ``passes``, ``is``) in the form ``who`` takes:
    the same for "Ada", ``bid``, ``pass``, ``are`` for "You"."""
    if not is_you(who):
        return verb
    if verb in BASE_FORM:
        return BASE_FORM[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1] if verb.endswith("s") else verb


def does(who: str, verb: str) -> str:
    """``who`` and ``verb`` in agreement: ``Ada bids``, ``You bid``, ``You are``."""
    return f"{who} {agree(who, verb)}"


def whose(who: str) -> str:
    """The possessive: ``Ada's``, ``Your``."""
    return "Your" if is_you(who) else f"{who}'s"


def plural(noun: str) -> str:
    """``chit`` -> ``chits``, ``luxury good`` -> ``luxury goods``, ``wood`` -> ``wood``."""
    if noun in PLURAL:
        return PLURAL[noun]
    if noun in SINGULAR or noun.endswith("s"):
        return noun                     # already a plural
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def count(n, noun: str) -> str:
    """``1 chit``, ``2 chits``, ``0 coin cards``, ``1 coin`` (from ``coin`` or ``coins``)."""
    singular = SINGULAR.get(noun, noun)
    return f"{n} {singular if n == 1 else plural(singular)}"


def amounts(d: dict | None, empty: str = "nothing") -> str:
    """``{'wood': 2, 'stone': 0, 'coins': 1}`` -> ``2 wood, 1 coin``: zero amounts left out."""
    parts = [count(n, key.replace("_", " ")) for key, n in (d or {}).items()
             if isinstance(n, int | float) and n]
    return ", ".join(parts) or empty


def joined(items) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def component_note(entry: dict) -> str:
    """The printed/reconstructed note of a component entry, for ``i NAME``."""
    provenance = entry.get("provenance", "")
    source = entry.get("source", "")
    return f"({provenance}{': ' + source if source else ''})" if provenance else ""


def bid_sentence(who: str, data: dict, called: str, displaced: str | None) -> str:
    """The shared auction's ``bid`` event in words: ``Ada bids 3 on Vineyard (Conquest row),
    displacing Basil.`` (``called``: the card or tile's name; ``displaced``: whose bid it moved,
    if any)."""
    row = " (Conquest row)" if data["conquest"] else ""
    text = f"{does(who, 'bids')} {data['amount']} on {called}{row}"
    if displaced is not None:
        text += f", displacing {displaced}"
    return text + "."


def withdrawal(game, event, money: str, *more: str) -> str:
    """The shared auction's ``withdrew`` event in words, with what goes back: ``Basil withdraws
    the displaced bid, takes back its 4 coin cards and draws 3 coin cards for withdrawing.``
    (``money``: what a bid is paid in; ``more``: what else the seat does, in the seat's verb
    form). The bid's amount is the seat's last ``bid`` event before this one."""
    seat = event.data["seat"]
    who = seat_name(game, seat)
    amount = next((e.data.get("amount") for e in reversed(game.events[:event.seq])
                   if e.kind == "bid" and e.data.get("seat") == seat), None)
    parts = [f"{agree(who, 'withdraws')} the displaced bid"]
    if amount is not None:
        parts.append(f"{agree(who, 'takes')} back its {count(amount, money)}")
    return f"{who} {joined([*parts, *more])}."
