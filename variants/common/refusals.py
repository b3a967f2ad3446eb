"""Why a number typed at the table is not among the options (the ``explain_refusal`` hook), for
the decisions of the shared auction (``auction.py``): the card or tile to bid on, where an outbid
bid may move, and the amount. The reasons are the auction's own: prices come from
``Auction.offers`` (the ``minimum_bid`` hook, the Market/Agora bonus), so a house rule that
changes a price changes the reason with it."""
from __future__ import annotations

import re

from .auction import Auction, Slot

# A seat's funds with no limit: every card it could bid on at some price.
NO_LIMIT = 10**9


def typed_number(answer: str) -> int | None:
    """``answer`` as a number typed with the digits 0-9, or None."""
    return int(answer) if re.fullmatch(r"[0-9]{1,9}", answer) else None


def auction_refusal(game, decision, answer: str) -> str | None:
    """The reason ``answer`` (a number) is not an option of an auction decision, or None."""
    auction = getattr(game.state, "auction", None)
    number = typed_number(answer)
    if not isinstance(auction, Auction) or number is None:
        return None
    if decision.kind == "bid_amount":
        return _amount_refusal(decision, number)
    if decision.kind not in ("bid_card", "move_bid"):
        return None
    slot = next((s for s in auction.slots if s.index == number - 1), None)
    if slot is None:
        return None
    if decision.kind == "bid_card":
        return _bid_refusal(auction, decision.seat, slot)
    return _move_refusal(auction, slot)


def _called(auction: Auction, slot: Slot) -> str:
    """``Conquest card 5 (Port)``, ``tile 2 (Land A04)``."""
    name = auction.label(slot).split(" (")[0]
    row = "Conquest-row " if slot.conquest else ""
    return f"{row}{auction.noun} {slot.index + 1} ({name})"


def _price(auction: Auction, slot: Slot, least: int) -> str:
    exact = slot.conquest and auction.exact_conquest
    return f"costs exactly {least}" if exact else f"needs a bid of at least {least}"


def _held_conquest(auction: Auction, slot: Slot) -> str:
    return (f"{_called(auction, slot)} already has {auction.seat_name(slot.bid.seat)}'s bid, and"
            " a bid on the Conquest row cannot be outbid")


def _bid_refusal(auction: Auction, seat: int, slot: Slot) -> str | None:
    least = auction.offers(seat, NO_LIMIT).get(slot)
    if least is None:
        return _held_conquest(auction, slot) if slot.bid is not None else None
    funds = auction.purse.funds(seat)
    return f"{_called(auction, slot)} {_price(auction, slot, least)}; you can bid at most {funds}"


def _move_refusal(auction: Auction, slot: Slot) -> str | None:
    bid = auction.moving
    if bid is None:
        return None
    least = auction.offers(bid.seat, NO_LIMIT).get(slot)
    if least is None:
        if slot.bid is not None and slot.conquest:
            return _held_conquest(auction, slot)
        return f"your bid was just outbid on {_called(auction, slot)}"
    return (f"{_called(auction, slot)} {_price(auction, slot, least)}, and a moved bid keeps its"
            f" amount ({bid.amount})")


def _amount_refusal(decision, amount: int) -> str | None:
    offered = [o.value for o in decision.options if isinstance(o.value, int)]
    if not offered:
        return None
    least, most = min(offered), max(offered)
    if least == most:
        return f"this bid is exactly {least}"
    if amount < least:
        return f"the least you can bid here is {least}"
    if amount > most:
        return f"you can bid at most {most}"
    return None
