"""Words for people that both games use: amounts of goods, lists of names."""
from __future__ import annotations

PLURAL = {"inhabitant": "inhabitants", "coin": "coins", "luxury": "luxury goods",
          "coin card": "coin cards"}


def amounts(d: dict | None, empty: str = "nothing") -> str:
    """``{'wood': 2, 'stone': 0, 'coins': 1}`` -> ``2 wood, 1 coins``: zero amounts left out."""
    parts = [f"{n} {key.replace('_', ' ')}" for key, n in (d or {}).items()
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
    text = f"{who} bids {data['amount']} on {called}{row}"
    if displaced is not None:
        text += f", displacing {displaced}"
    return text + "."
