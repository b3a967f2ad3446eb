"""The card game's table: players' tableaux and hands, the coin-card pile, the power-card pile and
the catastrophe tracks. Pure data and the bookkeeping every rule needs (draw, discard, production,
population, luxury cap); the rules themselves live in the phase modules."""
from __future__ import annotations

from collections import Counter
from collections import _count_elements as count_cards
from dataclasses import dataclass, field

from peloponnes.core.shuffling import shuffle

RESOURCES = ("wood", "stone", "grain")
COIN_SYMBOLS = ("wood", "stone", "grain", "inhabitant")      # the coin cards' reverse sides
CATASTROPHES = ("plague", "earthquake", "tempest", "drought", "decline")

# ``count_cards(counts, cards)`` adds each of ``cards`` to ``counts`` (symbol -> count, e.g. a
# hand) in turn: what ``counts[card] = counts.get(card, 0) + 1`` does in a Python loop, done in
# C. It is the helper underneath ``Counter.update`` (collections' own; without ``update``'s call
# and Mapping check), and it takes a Counter's fast path too, as a Counter overrides neither
# ``get`` nor ``__setitem__``. New symbols enter in the order the cards come, as in the loop.
# Coin cards reach a hand at every pass, withdrawal, refund and income (about 170 cards a game).

# Where a luxury card or civilization card stands after catastrophes.
INTACT, COVERED, REMOVED = "intact", "covered", "removed"


@dataclass(eq=False)
class Placed:
    """A power card or civilization card in a tableau. ``under``: the coin card of a building
    under construction; ``cover``: (coin card, catastrophe) when laid to waste."""
    card: dict
    is_civilization: bool = False
    under: str | None = None
    cover: tuple[str, str] | None = None

    @property
    def active(self) -> bool:
        return self.cover is None

    @property
    def id(self) -> str:
        return self.card["id"]

    @property
    def name(self) -> str:
        return self.card["name"]

    @property
    def kind(self) -> str:
        return "civilization" if self.is_civilization else self.card["kind"]


@dataclass(eq=False)
class CardPlayer:
    seat: int
    civilization: Placed | None                      # None once removed (Plague, supply)
    hand: Counter = field(default_factory=Counter)   # symbol -> count; no zero counts
    buildings: list[Placed] = field(default_factory=list)
    landscapes: list[Placed] = field(default_factory=list)
    luxury: int = 0
    luxury_card: str = INTACT
    luxury_card_cover: str | None = None
    new_card: Placed | None = None

    def __post_init__(self):
        self.civilization_name = self.civilization.name

    def tableau(self) -> list[Placed]:
        """Every card in front of the player, civilization included (even when covered)."""
        # (built in place, without a list for the civilization: catastrophes, feeding and
        # losing a card ask it tens of times a game)
        cards = self.buildings[::-1]
        if self.civilization is not None:
            cards.append(self.civilization)
        cards += self.landscapes
        return cards

    def power_cards(self) -> list[Placed]:
        return [*self.buildings, *self.landscapes]

    def active_cards(self) -> list[Placed]:
        """The tableau's cards not laid to waste, in tableau order."""
        # plain loops: asked tens of times per decision-heavy round, and a comprehension is one
        # more frame per call (Python 3.11)
        cards = []
        for p in reversed(self.buildings):
            if p.cover is None:
                cards.append(p)
        civ = self.civilization
        if civ is not None and civ.cover is None:
            cards.append(civ)
        for p in self.landscapes:
            if p.cover is None:
                cards.append(p)
        return cards

    def production(self, resource: str, exclude: Placed | None = None) -> int:
        """What the active cards (but ``exclude``) produce of ``resource``; summed over the rows
        like ``active_total`` (feeding, building and completing ask it every round)."""
        total = 0
        for p in self.buildings:
            if p.cover is None and p is not exclude:
                total += p.card["production"][resource]
        civ = self.civilization
        if civ is not None and civ.cover is None and civ is not exclude:
            total += civ.card["production"][resource]
        for p in self.landscapes:
            if p.cover is None and p is not exclude:
                total += p.card["production"][resource]
        return total

    def wood_and_stone(self) -> tuple[int, int]:
        """``production("wood")`` and ``production("stone")`` in one pass over the active cards
        (building a card and completing buildings pay with both)."""
        wood = stone = 0
        for p in self.buildings:
            if p.cover is None:
                produced = p.card["production"]
                wood += produced["wood"]
                stone += produced["stone"]
        civ = self.civilization
        if civ is not None and civ.cover is None:
            produced = civ.card["production"]
            wood += produced["wood"]
            stone += produced["stone"]
        for p in self.landscapes:
            if p.cover is None:
                produced = p.card["production"]
                wood += produced["wood"]
                stone += produced["stone"]
        return wood, stone

    def population(self) -> int:
        """Inhabitants on active tableau cards (the luxury card's are not counted here)."""
        return self.active_total("inhabitants")

    def power(self) -> int:
        return self.active_total("power")

    def power_card_total(self, key: str) -> int:
        """The sum of ``key`` (0 where absent) over the active power cards (not the
        civilization): discounts, bid bonuses, extra income."""
        return self.active_total(key, False)        # (positional: a keyword call costs more)

    def active_total(self, key: str, civilization: bool = True) -> int:
        """The sum of the card field ``key`` (0 where absent) over the active cards, the
        civilization's included unless ``civilization`` is False. Sums over the rows directly,
        without building ``active_cards``' list (the order does not matter to a sum): scoring
        every round, income, feeding, minimum bids and bid bonuses ask it hundreds of times a
        game."""
        total = 0
        for p in self.buildings:
            if p.cover is None:
                total += p.card.get(key, 0)
        civ = self.civilization
        if civilization and civ is not None and civ.cover is None:
            total += civ.card.get(key, 0)
        for p in self.landscapes:
            if p.cover is None:
                total += p.card.get(key, 0)
        return total

    def population_and_power(self) -> tuple[int, int]:
        """``population()`` and ``power()`` in one pass over the active cards (scoring asks
        both for every seat every round). Every power and civilization card has both fields
        (the component schema), so they are read directly."""
        population = power = 0
        for p in self.buildings:
            if p.cover is None:
                card = p.card
                population += card["inhabitants"]
                power += card["power"]
        civ = self.civilization
        if civ is not None and civ.cover is None:
            card = civ.card
            population += card["inhabitants"]
            power += card["power"]
        for p in self.landscapes:
            if p.cover is None:
                card = p.card
                population += card["inhabitants"]
                power += card["power"]
        return population, power

    def population_and_power_card_total(self, key: str) -> tuple[int, int]:
        """``population()`` and ``power_card_total(key)`` in one pass over the active cards
        (income asks both, the extra coin cards, for every seat every round)."""
        population = total = 0
        for p in self.buildings:
            if p.cover is None:
                card = p.card
                population += card["inhabitants"]
                total += card.get(key, 0)
        civ = self.civilization
        if civ is not None and civ.cover is None:
            population += civ.card["inhabitants"]
        for p in self.landscapes:
            if p.cover is None:
                card = p.card
                population += card["inhabitants"]
                total += card.get(key, 0)
        return population, total

    def grain_and_population(self) -> tuple[int, int]:
        """``production("grain")`` and ``population()`` in one pass over the active cards
        (feeding asks both for every seat at every supply, and again after a card is removed)."""
        grain = population = 0
        for p in self.buildings:
            if p.cover is None:
                card = p.card
                grain += card["production"]["grain"]
                population += card["inhabitants"]
        civ = self.civilization
        if civ is not None and civ.cover is None:
            card = civ.card
            grain += card["production"]["grain"]
            population += card["inhabitants"]
        for p in self.landscapes:
            if p.cover is None:
                card = p.card
                grain += card["production"]["grain"]
                population += card["inhabitants"]
        return grain, population

    def hand_size(self) -> int:
        return sum(self.hand.values())

    def remove(self, placed: Placed) -> None:
        """Take ``placed`` out of the tableau; a card not in it (a building just gained and lost
        at once) is left alone."""
        if placed is self.civilization:
            self.civilization = None
        elif placed in self.buildings:
            self.buildings.remove(placed)
        elif placed in self.landscapes:
            self.landscapes.remove(placed)


@dataclass
class CardState:
    players: list[CardPlayer]
    order: list[int]                       # turn order, seats
    power_pile: list[dict]                 # top of the pile = last element
    coin_pile: list[str]                   # top = last element
    coin_discard: list[str] = field(default_factory=list)
    tracks: dict[str, int] = field(default_factory=dict)     # marker space, 1 = start
    fired: list[str] = field(default_factory=list)           # catastrophes that occurred
    due: list[str] = field(default_factory=list)             # reached the end, not yet resolved
    supply_due: bool = False
    boxed: list[dict] = field(default_factory=list)          # power cards out of the game
    slots: list = field(default_factory=list)                # this round's auction slots
    bids: dict = field(default_factory=dict)
    auction: object = None                                   # the auction while bidding runs
    lost_cards: Counter = field(default_factory=Counter)     # per seat, cards lost (metrics)


def refill_coin_pile(game) -> bool:
    """When the coin-card pile has run out, the discard pile is shuffled into a new pile
    (cardgame 5. Gain Power Cards). True when the pile holds a card."""
    st = game.state
    if not st.coin_pile and st.coin_discard:
        st.coin_pile = st.coin_discard
        st.coin_discard = []
        shuffle(game.rng, st.coin_pile)
        game.emit("coin_pile_reshuffled", "cardgame: 5. Gain Power Cards", cards=len(st.coin_pile))
    return bool(st.coin_pile)


def draw_coin(game) -> str | None:
    """Top coin card of the pile; the discard pile is shuffled into a new pile when it runs out
    (``refill_coin_pile``; cardgame 5. Gain Power Cards). None when both are empty."""
    return game.state.coin_pile.pop() if refill_coin_pile(game) else None


def draw_to_hand(game, player: CardPlayer, count: int) -> int:
    """Draw up to ``count`` coin cards, one by one from the top, into the hand (refilling the
    pile as ``draw_coin`` does); returns how many. Every seat draws at every pass and income,
    so the cards come off the pile in slices counted into the hand in C (``count_cards``, in
    the order they come off) rather than a call each, and the pile is refilled
    (``refill_coin_pile``) only when it has run out, not checked by a call first."""
    pile = game.state.coin_pile
    cut = len(pile) - count
    if cut >= 0 and count >= 0:     # the pile holds them all (nearly every draw): one slice
        count_cards(player.hand, reversed(pile[cut:]))
        del pile[cut:]
        return count
    hand, drawn = player.hand, 0
    while drawn < count:
        if not pile:
            if not refill_coin_pile(game):
                break
            pile = game.state.coin_pile        # (a refill puts a new list there)
        cut = len(pile) - (count - drawn)       # the top cards cut off in one slice
        if cut < 0:                 # (a comparison, not max())
            cut = 0
        count_cards(hand, reversed(pile[cut:]))
        drawn += len(pile) - cut
        del pile[cut:]
    return drawn


def discard_from_hand(game, player: CardPlayer, symbol: str, count: int = 1) -> None:
    """Move ``count`` coin cards showing ``symbol`` (which the player holds) from the hand to
    the discard pile."""
    hand = player.hand
    left = hand[symbol] - count
    assert left >= 0, (symbol, count, hand)
    if left:
        hand[symbol] = left
    else:
        hand.pop(symbol)        # (dict's own: a Counter's ``del`` runs in Python)
    game.state.coin_discard.extend([symbol] * count)


def take_from_hand(player: CardPlayer, symbol: str) -> str:
    """Take one coin card out of the hand to put it somewhere else (under a building, on a
    card): the caller places it, or coin cards are not conserved."""
    hand = player.hand
    left = hand[symbol] - 1
    if left:
        hand[symbol] = left
    else:
        hand.pop(symbol)        # (dict's own: a Counter's ``del`` runs in Python)
    return symbol


def luxury_cap(game, player: CardPlayer) -> int:
    """17 (reverse side of the luxury card), 3 after Decline covered it, 0 once it is removed
    (cardgame Luxury Goods; Catastrophes: Decline)."""
    card = player.luxury_card      # (compared in turn, no dict built: asked at every gain)
    if card == INTACT:
        return game.components["rules"]["luxury_max"]
    if card == COVERED:
        return game.components["rules"]["luxury_max_after_decline"]
    if card == REMOVED:
        return 0
    raise ValueError(f"seat {player.seat}: luxury card {card!r}")


def gain_luxury(game, player: CardPlayer, amount: int, rule: str, why: str) -> int:
    """Add up to ``amount`` luxury goods within ``luxury_cap`` (emits ``luxury_gained``);
    returns how many were gained. Never set ``player.luxury`` directly."""
    room = luxury_cap(game, player) - player.luxury
    gained = amount if amount < room else room      # (comparisons, not min() and max())
    if gained <= 0:
        return 0
    player.luxury += gained
    game.emit("luxury_gained", rule, seat=player.seat, amount=gained, why=why)
    return gained
