"""The card game's table: players' tableaux and hands, the coin-card pile, the power-card pile and
the catastrophe tracks. Pure data and the bookkeeping every rule needs (draw, discard, production,
population, luxury cap); the rules themselves live in the phase modules."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

RESOURCES = ("wood", "stone", "grain")
COIN_SYMBOLS = ("wood", "stone", "grain", "inhabitant")      # the coin cards' reverse sides
CATASTROPHES = ("plague", "earthquake", "tempest", "drought", "decline")

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
        """Every card in front of the player, civilization included (even when covered):
        buildings to its left (the newest leftmost), landscapes to its right."""
        civilization = [self.civilization] if self.civilization is not None else []
        return [*reversed(self.buildings), *civilization, *self.landscapes]

    def power_cards(self) -> list[Placed]:
        return [*self.buildings, *self.landscapes]

    def active_cards(self) -> list[Placed]:
        """The tableau's cards not laid to waste, in tableau order."""
        return [p for p in self.tableau() if p.cover is None]

    def production(self, resource: str, exclude: Placed | None = None) -> int:
        """What the active cards (but ``exclude``) produce of ``resource``."""
        total = 0
        for p in (self.civilization, *self.buildings, *self.landscapes):    # (None: removed)
            if p is not None and p.cover is None and p is not exclude:
                total += p.card["production"][resource]
        return total

    def population(self) -> int:
        """Inhabitants on active tableau cards (the luxury card's are not counted here)."""
        return self.active_total("inhabitants")

    def power(self) -> int:
        return self.active_total("power")

    def power_card_total(self, key: str) -> int:
        """The sum of ``key`` (0 where absent) over the active power cards (not the
        civilization): discounts, bid bonuses, extra income."""
        # the rows summed in place, without a list of the cards (docs/performance.md: 2%)
        total = 0
        for p in self.buildings:
            if p.cover is None:
                total += p.card.get(key, 0)
        for p in self.landscapes:
            if p.cover is None:
                total += p.card.get(key, 0)
        return total

    def active_total(self, key: str) -> int:
        """The sum of the card field ``key`` (0 where absent) over the active cards, the
        civilization's included."""
        civilization = self.civilization
        total = self.power_card_total(key)
        if civilization is not None and civilization.cover is None:
            total += civilization.card.get(key, 0)
        return total

    def tableau_totals(self) -> tuple[dict[str, int], int, int]:
        """What ``production``, ``population`` and ``power`` give, in one pass over the active
        cards: the production of each resource, the inhabitants and the power."""
        production = dict.fromkeys(RESOURCES, 0)
        inhabitants = power = 0
        for p in (self.civilization, *self.buildings, *self.landscapes):   # (None: removed)
            if p is not None and p.cover is None:
                card = p.card
                for resource in RESOURCES:
                    production[resource] += card["production"][resource]
                inhabitants += card.get("inhabitants", 0)
                power += card.get("power", 0)
        return production, inhabitants, power

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
        game.rng.shuffle(st.coin_pile)
        game.emit("coin_pile_reshuffled", "cardgame: 5. Gain Power Cards", cards=len(st.coin_pile))
    return bool(st.coin_pile)


def draw_coin(game) -> str | None:
    """Top coin card of the pile; the discard pile is shuffled into a new pile when it runs out
    (``refill_coin_pile``; cardgame 5. Gain Power Cards). None when both are empty."""
    return game.state.coin_pile.pop() if refill_coin_pile(game) else None


def draw_to_hand(game, player: CardPlayer, count: int) -> int:
    """Draw up to ``count`` coin cards, one by one from the top, into the hand (refilling the
    pile as ``draw_coin`` does); returns how many."""
    st = game.state
    drawn = 0
    while drawn < count and (st.coin_pile or refill_coin_pile(game)):
        top = st.coin_pile[drawn - count:]      # the top cards still to draw, or all there are
        del st.coin_pile[-len(top):]
        player.hand.update(reversed(top))       # in the order they come off the pile
        drawn += len(top)
    return drawn


def discard_from_hand(game, player: CardPlayer, symbol: str, count: int = 1) -> None:
    """Move ``count`` coin cards showing ``symbol`` (which the player holds) from the hand to
    the discard pile."""
    hand = player.hand
    assert hand[symbol] >= count, (symbol, count, hand)
    hand[symbol] -= count
    if not hand[symbol]:
        del hand[symbol]        # a hand holds no zero counts
    game.state.coin_discard.extend([symbol] * count)


def take_from_hand(player: CardPlayer, symbol: str) -> str:
    """Take one coin card out of the hand to put it somewhere else (under a building, on a
    card): the caller places it, or coin cards are not conserved."""
    hand = player.hand
    hand[symbol] -= 1
    if not hand[symbol]:
        del hand[symbol]
    return symbol


def luxury_cap(game, player: CardPlayer) -> int:
    """17 (reverse side of the luxury card), 3 after Decline covered it, 0 once it is removed
    (cardgame Luxury Goods; Catastrophes: Decline)."""
    card = player.luxury_card
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
    gained = min(amount, room)
    if gained <= 0:
        return 0
    player.luxury += gained
    game.emit("luxury_gained", rule, seat=player.seat, amount=gained, why=why)
    return gained
