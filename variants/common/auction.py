"""The displacement auction both games share (cardgame 3. Bidding; boardgame B. Bidding).

In turn order each seat bids on one card (at least its minimum, and more than any bid already on
it) or passes. An outbid seat must at once move its bid, unchanged, to another card where it is
legal (which may displace another bid, and so on) or withdraw it. Bids on the Conquest row cannot
be outbid, and their price is exact: "each cost exactly 3 coins more than the minimum bid shown on
tile" (boardgame B. Bidding), "your bid must be 5" (cardgame 3. Bidding) -- so a displaced bid
moves onto an empty Conquest-row card only when it equals that card's price. The price itself is
the ``minimum_bid`` hook's (surcharge and discounts included), so house rules change it there;
the variant option ``conquest_price = "at_least"`` makes it a minimum instead. What a bid is paid
with, and what passing or withdrawing earns, belongs to the variant: it supplies a ``Purse``.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from peloponnes.core import Decision, Option, VariantOption

# The rulebooks' exact Conquest-row price, or the former reading (a minimum) for comparison.
CONQUEST_PRICE_OPTION = VariantOption(
    "conquest_price", str, "exact",
    "The Conquest row's price: 'exact' (the rulebooks: exactly the surcharge over the minimum bid;"
    " cardgame 3. Bidding, boardgame B. Bidding) or 'at_least' (any amount from that price up;"
    " the excess counts for turn order).",
    choices=("exact", "at_least"))


@dataclass
class Bid:
    seat: int
    amount: int          # coins paid: what turn order counts
    payment: Any         # the variant's record of what was paid, handed back on withdrawal


@dataclass(eq=False)
class Slot:
    """A place in the display, holding one card and at most one bid. Two slots are never the
    same place, even with equal cards and bids: a slot is equal only to itself."""
    index: int
    card: dict
    conquest: bool
    bid: Bid | None = None


class Purse(Protocol):
    """What a variant supplies to the auction. Optional attribute ``noun`` (default "card") names
    what is auctioned in prompts and option ids (``card:2``; the board game uses "tile")."""
    rule: str                                   # rulebook section, e.g. "cardgame: 3. Bidding"

    def label(self, card: dict) -> str: ...
    def minimum(self, seat: int, slot: Slot) -> int: ...
    def bonus_halves(self, seat: int) -> int: ...
    def credit_halves(self, seat: int) -> int: ...
    def funds(self, seat: int) -> int: ...
    def pay(self, seat: int, amount: int) -> Iterator[Decision]: ...   # returns the payment
    def refund(self, seat: int, payment: Any) -> None: ...
    def passed(self, seat: int) -> None: ...
    def withdrew(self, seat: int) -> None: ...
    def conquest_price_exact(self) -> bool: ...


class HookedPurse:
    """The part of a ``Purse`` both games share: the minimum bid, the Market/Agora bonus and the
    credit (Sisyphus) come from the family hooks ``minimum_bid``, ``bid_bonus_halves`` and
    ``bid_credit_halves``. A variant's purse inherits it and adds how bids are paid."""

    def __init__(self, game):
        self.game = game

    # Both asked for every seat and card of every auction: called positionally (9% of a card
    # game's time: docs/performance.md).
    def minimum(self, seat: int, slot: Slot) -> int:
        game = self.game
        return game.positional.minimum_bid(game, seat, slot.card, slot.conquest)

    def bonus_halves(self, seat: int) -> int:
        game = self.game
        return game.positional.bid_bonus_halves(game, seat)

    def credit_halves(self, seat: int) -> int:
        """The ``bid_credit_halves`` hook's answer; none (no card or hero gives one): 0."""
        game = self.game
        return game.positional.bid_credit_halves(game, seat) or 0

    def conquest_price_exact(self) -> bool:
        """The variant option ``conquest_price`` (``CONQUEST_PRICE_OPTION``)."""
        return self.game.options.get(CONQUEST_PRICE_OPTION.name,
                                     CONQUEST_PRICE_OPTION.default) == "exact"


class Auction:
    """One round's auction over ``slots``: ``bids`` holds each seat's standing bid, ``moving`` an
    outbid bid while its owner decides where it goes (views and invariants read both)."""

    def __init__(self, slots: list[Slot], purse: Purse, emit):
        self.slots = slots
        self.purse = purse
        self.emit = emit
        self.bids: dict[int, Bid] = {}
        self.moving: Bid | None = None
        self.exact_conquest = purse.conquest_price_exact()
        self.noun = getattr(purse, "noun", "card")
        self._game = getattr(purse, "game", None)      # for the seats' names, if the purse has it
        # No card changes hands while the auction runs (that is D. / 5.), so a seat's Market/Agora
        # bonus and its credit cannot change in it: asked of the purse once per auction; each
        # card's label is made once per auction too.
        self._credits: dict[int, int] = {}                   # seat -> credit in half coins
        self._bonuses: dict[int, int] = {}                   # seat -> bonus in half coins
        self._labels: dict[int, str] = {}                    # slot index -> the card's label
        # each turn offers mostly what the turns before offered: an option is made once per
        # auction (8% of a card game's time: docs/performance.md)
        self._bid_options: dict[tuple, Option] = {}
        self._move_options: dict[int, Option] = {}

    def credit(self, seat: int) -> int:
        """How many half coins ``seat``'s bids count higher everywhere but in turn order (the
        purse's credit), asked once per auction."""
        credit = self._credits.get(seat)
        if credit is None:
            credit = self._credits[seat] = self.purse.credit_halves(seat)
        return credit

    def bonus(self, seat: int) -> int:
        """How many half coins ``seat``'s bids count higher when bids are compared: the purse's
        bonus (Market/Agora) and its credit, asked once per auction."""
        bonus = self._bonuses.get(seat)
        if bonus is None:
            bonus = self._bonuses[seat] = self.purse.bonus_halves(seat) + self.credit(seat)
        return bonus

    def label(self, slot: Slot) -> str:
        """The purse's label of the card in ``slot``, made once per auction."""
        label = self._labels.get(slot.index)
        if label is None:
            label = self._labels[slot.index] = self.purse.label(slot.card)
        return label

    def offers(self, seat: int, funds: int, skip: Slot | None = None) -> dict[Slot, int]:
        """The slots (but ``skip``, a held one) ``seat`` may bid on now and pay from ``funds``,
        in display order, each with the smallest bid it may place there: at least its minimum
        (reached with the seat's credit, if it has one), and on a held open card more than the
        bid there (Conquest-row bids cannot be outbid)."""
        minimum = self.purse.minimum
        credit = self.credit(seat)
        offers = {}
        for slot in self.slots:
            held = slot.bid
            if held is not None and (slot.conquest or slot is skip):
                continue
            if held is not None:
                # effective bids in half coins: 2 * amount + bonus must be strictly higher
                least_to_outbid = (2 * held.amount + self.bonus(held.seat)
                                   - self.bonus(seat)) // 2 + 1
                if least_to_outbid > funds:
                    continue        # beyond the seat's funds whatever its minimum
            least = minimum(seat, slot)
            if credit:
                least = fewest_coins_reaching(least, credit)
            if held is not None:
                least = max(least, least_to_outbid)
            if least <= funds:
                offers[slot] = least
        return offers

    def bid_option(self, slot: Slot, least: int) -> Option:
        """The option to bid on ``slot`` from ``least`` (exactly ``least`` on an exact Conquest
        row), saying who holds it at what; its key is the table's row number."""
        bid = slot.bid
        key = (slot.index, least) if bid is None else (slot.index, least, bid.seat, bid.amount)
        option = self._bid_options.get(key)
        if option is None:
            row = "Conquest row" if slot.conquest else "open"
            price = "exactly" if slot.conquest and self.exact_conquest else "from"
            held = f", held by {self.seat_name(bid.seat)} at {bid.amount}" if bid else ""
            option = self._bid_options[key] = Option(
                f"{self.noun}:{slot.index}", f"{self.label(slot)} [{row}; {price} {least}{held}]",
                slot, str(slot.index + 1))
        return option

    def move_option(self, target: Slot) -> Option:
        """The option to move an outbid bid to ``target`` (made once per auction)."""
        option = self._move_options.get(target.index)
        if option is None:
            row = "Conquest row" if target.conquest else "open"
            option = self._move_options[target.index] = Option(
                f"{self.noun}:{target.index}", f"Move to {self.label(target)} [{row}]", target,
                str(target.index + 1))
        return option

    def seat_name(self, seat: int) -> str:
        game = self._game
        return game.seats[seat].name if game is not None else f"seat {seat + 1}"

    def run(self, order: list[int], table=None) -> Iterator[Decision]:
        """The seats' turns in ``order``: each bids somewhere (maybe displacing others) or
        passes. With ``table`` (a variant's state), ``table.bids`` becomes the auction's bids
        when it is over and ``table.auction`` None (see ``bidding_steps``)."""
        purse = self.purse
        rule = purse.rule
        prompt = f"Bid on which {self.noun}?"
        for seat in order:
            funds = purse.funds(seat)
            offers = self.offers(seat, funds)
            choices = [PASS]
            for slot, least in offers.items():
                choices.append(self.bid_option(slot, least))
            answer = yield Decision(seat, "bid_card", prompt, tuple(choices), rule)
            if answer.id == "pass":
                purse.passed(seat)
                self.emit("passed", rule, seat=seat)
                continue
            slot = answer.value
            least = offers[slot]
            # the most it may bid: its funds; on the Conquest row exactly the price (unless the
            # option makes it a minimum)
            most = least if slot.conquest and self.exact_conquest else funds
            amount = (yield Decision(seat, "bid_amount",
                                     f"How much on {self.label(slot)}?",
                                     amount_options(least, most), rule)).value
            payment = yield from purse.pay(seat, amount)
            displaced = self._put(Bid(seat, amount, payment), slot)
            if displaced is not None:
                yield from self._move(displaced, slot)
        if table is not None:
            table.bids = self.bids
            table.auction = None

    def _put(self, bid: Bid, slot: Slot) -> Bid | None:
        """Put ``bid`` on ``slot``; returns the bid it displaced, if any."""
        displaced, slot.bid = slot.bid, bid
        self.bids[bid.seat] = bid
        self.emit("bid", self.purse.rule, seat=bid.seat, card=slot.card.get("id"),
                  amount=bid.amount, conquest=slot.conquest,
                  displaced=None if displaced is None else displaced.seat)
        if displaced is not None:
            del self.bids[displaced.seat]
        return displaced

    def _move(self, displaced: Bid, slot: Slot) -> Iterator[Decision]:
        """``displaced`` was outbid on ``slot``: its seat moves it on or withdraws it, chain by
        chain (each move may displace another bid)."""
        purse = self.purse
        while displaced is not None:
            self.moving = displaced
            # the bid moves unchanged: where the seat may bid exactly its amount
            amount = displaced.amount
            choices = [WITHDRAW]
            for target, least in self.offers(displaced.seat, amount, skip=slot).items():
                if least == amount or not (target.conquest and self.exact_conquest):
                    choices.append(self.move_option(target))
            answer = yield Decision(displaced.seat, "move_bid",
                                    f"Your bid of {amount} was outbid: move it or withdraw",
                                    tuple(choices), purse.rule)
            self.moving = None
            if answer.id == "withdraw":
                purse.refund(displaced.seat, displaced.payment)
                purse.withdrew(displaced.seat)
                self.emit("withdrew", purse.rule, seat=displaced.seat)
                return
            slot = answer.value
            displaced = self._put(displaced, slot)


PASS = Option("pass", "Pass (take the pass reward)", key="0")
WITHDRAW = Option("withdraw", "Withdraw the bid (take it back, plus the reward)", key="0")


@cache     # the same few ranges asked at every bid of every game (docs/performance.md: 5%)
def amount_options(least: int, most: int) -> tuple[Option, ...]:
    """The options "bid a" for each amount from ``least`` to ``most``."""
    return tuple(Option(str(a), f"bid {a}", a, key=str(a)) for a in range(least, most + 1))


def fewest_coins_reaching(minimum: int, credit_halves: int) -> int:
    """The fewest coins (at least 1) whose bid, counted ``credit_halves`` half coins higher,
    reaches ``minimum`` (heroes: Sisyphus, whose extra coin counts towards the minimum)."""
    return max(1, -((credit_halves - 2 * minimum) // 2))


def bidding_steps(table, purse: Purse, emit) -> Iterator[Decision]:
    """The bidding phase both games share, on ``table`` (a variant's state with ``slots``,
    ``order``, ``auction`` and ``bids``): ``table.auction`` holds the auction while it runs,
    ``table.bids`` its bids once it is over. Returns the auction's steps."""
    table.auction = auction = Auction(table.slots, purse, emit)
    return auction.run(list(table.order), table)


def order_by_bids(order: list[int], bids: dict[int, Bid]) -> list[int]:
    """New turn order: highest bid (coins paid, no bonus) first; ties keep their relative order;
    passing or withdrawing counts as 0. (cardgame 4. Turn order; boardgame C.)"""
    return sorted(order, key=lambda seat: -(bids[seat].amount if seat in bids else 0))
