"""What a seat holds at the end of a game, for the ``holdings`` hook: each piece with the round
it came to the seat and the price paid for it. Both games sell their cards or tiles in the same
auction, so both read the two from the event log: the ``bid`` that won a card or tile (its
amount is the price) and the event that put it in front of its winner."""
from __future__ import annotations


def piece(component: str, kind: str, round_: int | None = None,
          price: int | None = None) -> dict:
    """One piece, as the ``holdings`` hook returns it."""
    return {"component": component, "kind": kind, "round": round_, "price": price}


def acquisitions(game, seat: int, added: str, key: str) -> dict[str, tuple[int, int | None]]:
    """Component id -> (round, price) of what ``seat`` added to its display, read from the
    events: ``added`` is the kind of event that adds a card or tile (its field ``key`` names
    it). The price is the amount of the last bid on it, when that bid was the seat's (the
    auction's winning bid); else None (gained without an auction)."""
    last_bid: dict[str, tuple[int, int]] = {}          # component id -> (seat, amount)
    found: dict[str, tuple[int, int | None]] = {}
    for event in game.events:
        kind = event.kind
        if kind == "bid":
            data = event.data
            last_bid[data.get("card")] = (data.get("seat"), data.get("amount"))
        elif kind == added and event.data.get("seat") == seat:
            component = event.data.get(key)
            bidder, amount = last_bid.get(component, (None, None))
            found[component] = (event.round, amount if bidder == seat else None)
    return found


def luxury_goods(count: int) -> list[dict]:
    """``count`` luxury goods, one piece each (they are acquired a few at a time, for nothing)."""
    return [piece("luxury good", "luxury good")] * count
