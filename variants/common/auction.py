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
from typing import Any, Protocol

from peloponnes.core import Decision, Option, VariantOption
from peloponnes.core.decisions import new_object, new_tuple

# The rulebooks' exact Conquest-row price, or the former reading (a minimum) for comparison.
CONQUEST_PRICE_OPTION = VariantOption(
    "conquest_price", str, "exact",
    "The Conquest row's price: 'exact' (the rulebooks: exactly the surcharge over the minimum bid;"
    " cardgame 3. Bidding, boardgame B. Bidding) or 'at_least' (any amount from that price up;"
    " the excess counts for turn order).",
    choices=("exact", "at_least"))


# The most Options a bounded cache of a bid's options keeps (the variants' coin-card choices):
# new combinations keep turning up over many games, and memory must stay flat in their number.
OPTION_CACHE_SIZE = 4096

# The texts every option of bidding on a card in a slot shares (its option id, its label up to
# the amount, its row number), kept across auctions and games: ``Auction.new_bid_option`` made
# them for every card offered (about 43 a card game, 1.2 us each). They depend only on the
# card's label, the slot's place and row, the Conquest-row price rule and the noun; a card's
# label is the purse's ``label`` of the card's data, the ruleset's component data that the rules
# never change (both games' purses keep theirs across games too). Keyed by the card dict's
# identity and the purse's class (never the purse or its label: a bound method or a closure
# would keep a game alive here); the entry holds the card, so its id cannot be reused while
# kept (as the card game's card labels). Bounded like the option caches.
_bid_texts: dict[tuple, tuple[dict, tuple[str, str, str]]] = {}


@dataclass
class Bid:
    seat: int
    amount: int          # coins paid: what turn order counts
    payment: Any         # the variant's record of what was paid, handed back on withdrawal


@dataclass(eq=False)
class Slot:
    """A place in the display: equal only to itself (``slots.remove(slot)`` then finds it by
    identity instead of comparing every field of the slots before it, cards included)."""
    index: int
    card: dict
    conquest: bool
    bid: Bid | None = None


def new_slot(index: int, card: dict, conquest: bool) -> Slot:
    """``Slot(index, card, conquest)``, built without calling the dataclass (its __init__ is a
    Python call; ``core.decisions.new_object``): a display makes one per card every round."""
    slot = new_object(Slot)
    slot.index = index
    slot.card = card
    slot.conquest = conquest
    slot.bid = None
    return slot


class Purse(Protocol):
    """What a variant supplies to the auction. Optional attribute ``noun`` (default "card") names
    what is auctioned in prompts and option ids (``card:2``; the board game uses "tile").
    Optional method ``pay_at_once(seat, amount) -> payment``: a purse whose payment never asks
    anything may offer it beside ``pay``, and the auction calls it instead (a plain call, no
    generator at every bid)."""
    rule: str                                   # rulebook section, e.g. "cardgame: 3. Bidding"

    # the same text for the same card dict from every purse of a class (the auction keeps the
    # texts made from it across auctions and games: ``_bid_texts``)
    def label(self, card: dict) -> str: ...
    def minimum(self, seat: int, slot: Slot) -> int: ...
    def bonus_halves(self, seat: int) -> int: ...
    def funds(self, seat: int) -> int: ...
    def pay(self, seat: int, amount: int) -> Iterator[Decision]: ...   # returns the payment
    def refund(self, seat: int, payment: Any) -> None: ...
    def passed(self, seat: int) -> None: ...
    def withdrew(self, seat: int) -> None: ...
    def conquest_price_exact(self) -> bool: ...


class HookedPurse:
    """The part of a ``Purse`` both games share: the minimum bid and the Market/Agora bonus come
    from the family hooks ``minimum_bid`` and ``bid_bonus_halves``. A variant's purse inherits
    it and adds how bids are paid."""

    def __init__(self, game):
        self.game = game

    # Both asked for every seat (and the minimum for every card) of every auction: called with
    # positional arguments (``game.positional``, the same call; a keyword call costs more).
    def minimum(self, seat: int, slot: Slot) -> int:
        game = self.game
        return game.positional.minimum_bid(game, seat, slot.card, slot.conquest)

    def bonus_halves(self, seat: int) -> int:
        game = self.game
        return game.positional.bid_bonus_halves(game, seat)

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
        self.prompt = f"Bid on which {self.noun}?"
        # Minimums and bonuses cannot change while the auction runs (no card changes hands), so
        # each is asked of the hooks once per auction; cards' labels and the options built from
        # them are made once per auction too.
        self._minimums: dict[int, dict[int, int]] = {}      # seat -> slot index -> minimum
        self._bonuses: dict[int, int] = {}
        self._labels: dict[int, str] = {}
        self._bid_options: dict[tuple, Option] = {}
        self._move_options: dict[int, Option] = {}
        self._amount_prompts: dict[int, str] = {}

    def bonus(self, seat: int) -> int:
        bonus = self._bonuses.get(seat)
        if bonus is None:
            bonus = self._bonuses[seat] = self.purse.bonus_halves(seat)
        return bonus

    def label(self, slot: Slot) -> str:
        label = self._labels.get(slot.index)
        if label is None:
            label = self._labels[slot.index] = self.purse.label(slot.card)
        return label

    def offers(self, seat: int, funds: int, skip: Slot | None = None) -> dict[Slot, int]:
        """The slots (but ``skip``, a held one) ``seat`` may bid on now and pay from ``funds``,
        in display order, each with the smallest bid it may place there: at least its minimum,
        and on a held open card more than the bid there (Conquest-row bids cannot be outbid).
        One pass over the slots (this runs at every turn and every move)."""
        minimums = self._minimums.get(seat)
        if minimums is None:
            minimums = self._minimums[seat] = {}
        bonuses = self._bonuses
        offers = {}
        for slot in self.slots:
            held = slot.bid
            if held is not None:
                if slot.conquest or slot is skip:
                    continue
                # effective bids in half coins: 2 * amount + bonus must be strictly higher
                # (each seat's bonus asked of the purse once per auction, the holder's first)
                held_bonus = bonuses.get(held.seat)
                if held_bonus is None:
                    held_bonus = self.bonus(held.seat)
                own_bonus = bonuses.get(seat)
                if own_bonus is None:
                    own_bonus = self.bonus(seat)
                need = (2 * held.amount + held_bonus - own_bonus) // 2 + 1
                if need > funds:
                    continue        # beyond the seat's funds whatever its minimum: not asked
            # the seat's minimum on the slot, asked of the purse once per auction
            least = minimums.get(slot.index)
            if least is None:
                least = minimums[slot.index] = self.purse.minimum(seat, slot)
            if held is not None and need > least:
                least = need
            if least <= funds:
                offers[slot] = least
        return offers

    def new_bid_option(self, slot: Slot, least: int, key: tuple) -> Option:
        """The option to bid on ``slot`` from ``least`` (exactly ``least`` on an exact Conquest
        row), saying who holds it at what; kept under ``key`` for the rest of the auction (``run``
        looks it up there before it asks for a new one)."""
        card = slot.card
        # what every bid option on the card in this slot shares, kept across auctions and games
        # (``_bid_texts``)
        text_key = (id(card), slot.index, slot.conquest, self.exact_conquest, self.noun,
                    type(self.purse))
        kept = _bid_texts.get(text_key)
        if kept is not None and kept[0] is card:
            texts = kept[1]
        else:
            row = "Conquest row" if slot.conquest else "open"
            price = "exactly" if slot.conquest and self.exact_conquest else "from"
            texts = (f"{self.noun}:{slot.index}", f"{self.label(slot)} [{row}; {price} ",
                     str(slot.index + 1))        # the table's row number
            if len(_bid_texts) >= OPTION_CACHE_SIZE:
                _bid_texts.clear()
            _bid_texts[text_key] = (card, texts)
        option_id, start, row_number = texts
        bid = slot.bid
        held = f", held by {self.seat_name(bid.seat)} at {bid.amount}" if bid else ""
        # Option(option_id, label, slot, row_number), built as the named tuple's own __new__
        # builds it, without that Python-level call (made at most offers of an auction)
        option = self._bid_options[key] = new_tuple(
            Option, (option_id, f"{start}{least}{held}]", slot, row_number))
        return option

    def move_option(self, target: Slot) -> Option:
        """The option to move an outbid bid to ``target`` (made once per slot and auction)."""
        option = self._move_options.get(target.index)
        if option is None:
            row = "Conquest row" if target.conquest else "open"
            option = self._move_options[target.index] = Option(
                f"{self.noun}:{target.index}", f"Move to {self.label(target)} [{row}]", target,
                str(target.index + 1))      # (key: positional)
        return option

    def seat_name(self, seat: int) -> str:
        game = self._game
        return game.seats[seat].name if game is not None else f"seat {seat + 1}"

    def run(self, order: list[int], table=None) -> Iterator[Decision]:
        """The seats' turns in ``order``: each bids somewhere (maybe displacing others) or
        passes. With ``table`` (a variant's state), ``table.bids`` becomes the auction's bids
        when it is over and ``table.auction`` None (see ``bidding_steps``).

        One generator for the whole auction (the turns written out here, a displacement chain
        in ``_move``): every level of ``yield from`` is resumed at every decision below it."""
        purse = self.purse
        rule = purse.rule
        pay_at_once = getattr(purse, "pay_at_once", None)
        bid_options = self._bid_options
        for seat in order:
            funds = purse.funds(seat)
            offers = self.offers(seat, funds)
            choices = [PASS]
            for slot, least in offers.items():
                # the option made for the same offer earlier in the auction: the same slot and
                # least amount, held by the same seat at the same amount (or not held)
                held = slot.bid
                key = ((slot.index, least) if held is None else
                       (slot.index, least, held.seat, held.amount))
                option = bid_options.get(key)
                if option is None:
                    option = self.new_bid_option(slot, least, key)
                choices.append(option)
            # Decision(seat, "bid_card", prompt, choices, rule) and below Decision(seat,
            # "bid_amount", ...), built without the class's Python-level __init__: the
            # decisions asked most often (about 32 and 20 a card game)
            decision = new_object(Decision)
            decision.seat = seat
            decision.kind = "bid_card"
            decision.prompt = self.prompt
            decision.options = tuple(choices)
            decision.rule = rule
            answer = yield decision
            if answer.id == "pass":
                purse.passed(seat)
                self.emit("passed", rule, seat=seat)
                continue
            slot = answer.value
            least = offers[slot]
            # the most it may bid: its funds; on the Conquest row exactly the price (unless the
            # option makes it a minimum)
            most = least if slot.conquest and self.exact_conquest else funds
            decision = new_object(Decision)
            decision.seat = seat
            decision.kind = "bid_amount"
            decision.prompt = self.amount_prompt(slot)
            decision.options = amount_options(least, most)
            decision.rule = rule
            amount = (yield decision).value
            if pay_at_once is not None:
                payment = pay_at_once(seat, amount)
            else:
                payment = yield from purse.pay(seat, amount)
            bid = new_object(Bid)      # Bid(seat, amount, payment), without the class's call
            bid.seat = seat
            bid.amount = amount
            bid.payment = payment
            displaced = self._put(bid, slot)
            if displaced is not None:
                yield from self._move(displaced, slot)
        if table is not None:
            table.bids = self.bids
            table.auction = None

    def amount_prompt(self, slot: Slot) -> str:
        """The question of a bid's amount on ``slot`` (made once per slot and auction)."""
        prompt = self._amount_prompts.get(slot.index)
        if prompt is None:
            prompt = self._amount_prompts[slot.index] = f"How much on {self.label(slot)}?"
        return prompt

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


# The options "bid a" for a = 0, 1, 2, ... (immutable, so shared by every auction and game): a
# turn's amounts are a slice of it, which is cheaper than a cache lookup; grown on demand.
_bid_amounts: tuple[Option, ...] = ()


def amount_options(least: int, most: int) -> tuple[Option, ...]:
    """The options "bid a" for each amount from ``least`` to ``most``."""
    global _bid_amounts
    if most >= len(_bid_amounts):
        _bid_amounts = tuple(Option(str(a), f"bid {a}", a, key=str(a))
                             for a in range(max(2 * most, 32)))
    return _bid_amounts[least:most + 1]


def fewest_coins_reaching(minimum: int, bonus_halves: int) -> int:
    """The fewest coins (at least 1) whose bid, counted ``bonus_halves`` half coins higher,
    reaches ``minimum`` (heroes: Sisyphus, whose extra coin counts towards the minimum)."""
    return max(1, -((bonus_halves - 2 * minimum) // 2))


def bidding_steps(table, purse: Purse, emit) -> Iterator[Decision]:
    """The bidding phase both games share, on ``table`` (a variant's state with ``slots``,
    ``order``, ``auction`` and ``bids``): ``table.auction`` holds the auction while it runs,
    ``table.bids`` its bids once it is over. Not a generator itself: a phase may return the
    auction's own steps, one level of ``yield from`` less at every bid."""
    table.auction = auction = Auction(table.slots, purse, emit)
    return auction.run(list(table.order), table)


def order_by_bids(order: list[int], bids: dict[int, Bid]) -> list[int]:
    """New turn order: highest bid (coins paid, no bonus) first; ties keep their relative order;
    passing or withdrawing counts as 0. (cardgame 4. Turn order; boardgame C.)"""
    return sorted(order, key=lambda seat: -(bids[seat].amount if seat in bids else 0))
