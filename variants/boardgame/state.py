"""The board game's table: player mats (storehouses, population, luxury goods), coins, the tile
pile, the disaster chits and the bank. Pure data plus the bookkeeping every rule needs (the bank,
storehouse overflow into luxury goods); the rules themselves live in the phase modules."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from peloponnes.core.decisions import new_object
from peloponnes.variants.common.kept import kept_for

RESOURCES = ("wood", "stone", "food")
BLANK = "blank"         # the disaster chit without a disaster (G. Reveal Disaster Chits)

LUXURY_RULE = "boardgame: Luxury Goods"

# An empty storehouse, copied for each player (a dict's copy is cheaper than dict.fromkeys)
NO_GOODS = dict.fromkeys(RESOURCES, 0)


@dataclass(eq=False)
class Placed:
    """A tile in a civilization. ``marked``: a building not yet paid for, with ``coins`` on it
    (D. Add Tiles: usable at once, completed at the next supply round)."""
    tile: dict
    marked: bool = False
    coins: int = 0

    @property
    def id(self) -> str:
        return self.tile["id"]

    @property
    def kind(self) -> str:
        return self.tile["kind"]

    @property
    def name(self) -> str:
        return tile_name(self.tile)


def new_placed(tile: dict) -> Placed:
    """``Placed(tile)``, a tile entering a civilization, built without calling the dataclass
    (its __init__ is a Python call; ``core.decisions.new_object``): every tile won."""
    placed = new_object(Placed)
    placed.tile = tile
    placed.marked = False
    placed.coins = 0
    return placed


def tile_name(tile: dict) -> str:
    return tile["name"] or f"Land {tile['id']}"


# Each tile's label, kept across games (``common.kept``): the auction labels every tile it
# offers, and a label depends only on the tile's data.
_labels: dict[int, tuple[dict, str]] = {}


def tile_label(tile: dict) -> str:
    kept = _labels.get(id(tile))      # (kept_for's lookup written out: no call when kept)
    if kept is not None and kept[0] is tile:
        return kept[1]
    return kept_for(_labels, tile, _label)


def _label(tile: dict) -> str:
    income = ", ".join([f"{n} {r}" for r, n in tile["income"].items()]) or "none"  # list: faster
    return (f"{tile_name(tile)} ({tile['kind']}, bid {tile['bid']}"
            f"{' +1/2' if tile['bid_bonus_halves'] else ''}, {tile['prestige']} PP,"
            f" income {income})")


@dataclass(eq=False)
class BoardPlayer:
    """One player's civilization and mat. ``mat`` is what ``provide_player_mat`` gave: storehouse
    limits, income table and scoring ratios. Buildings lie left of the civilization (the first
    one next to it), land tiles right of it (the first one next to it)."""
    seat: int
    civilization: dict
    mat: dict
    coins: int = 0
    goods: dict = field(default_factory=NO_GOODS.copy)
    population: int = 0
    luxury: int = 0
    buildings: list[Placed] = field(default_factory=list)
    lands: list[Placed] = field(default_factory=list)
    new_tile: Placed | None = None          # this round's tile, until E. has paid its income

    @property
    def civilization_name(self) -> str:
        return self.civilization["name"]

    def tiles(self) -> list[Placed]:
        return [*self.buildings, *self.lands]

    def tile_count(self) -> int:
        return len(self.buildings) + len(self.lands)

    def tile_prestige(self) -> int:
        # plain loops, no list of the tiles: scored for every seat every round (standing)
        total = 0
        for placed in self.buildings:
            total += placed.tile["prestige"]
        for placed in self.lands:
            total += placed.tile["prestige"]
        return total

    def limit(self, resource: str) -> int:
        return self.mat["storehouse"][resource]

    def remove(self, placed: Placed) -> None:
        # (the tile's kind read directly, not through the property: a call fewer per tile lost)
        (self.buildings if placed.tile["kind"] == "building" else self.lands).remove(placed)


@dataclass
class BoardState:
    players: list[BoardPlayer]
    order: list[int]                        # turn order, seats
    pile: list[dict]                        # face-down tiles, top = last element
    chits: list[str]                        # face-down disaster chits, top = last element
    bank: int                               # coins in the bank
    coins_total: int                        # every coin of the game (bank + players + tiles)
    rounds: int
    revealed: Counter = field(default_factory=Counter)      # face-up chits per disaster
    boxed_chits: list[str] = field(default_factory=list)    # the blank, once revealed
    fired: list[str] = field(default_factory=list)          # disasters that struck, in order
    boxed: list[dict] = field(default_factory=list)         # tiles back in the box
    slots: list = field(default_factory=list)               # this round's face-up tiles
    bids: dict = field(default_factory=dict)
    auction: object = None                                  # the auction while bidding runs
    lost_tiles: Counter = field(default_factory=Counter)    # per seat (metrics)
    suffered: Counter = field(default_factory=Counter)      # per seat, disasters not protected
    supply_rounds: int = 0
    chits_put_back: int = 0     # revealed chits put back under the pile (seen by everybody)
    top_chit_shown: bool = False    # the top chit is face up while a hook decides on a redraw


# --- the bank ------------------------------------------------------------------------------------

def pay_out(game, player: BoardPlayer, amount: int, rule: str, why: str) -> None:
    """The bank pays ``amount`` coins to ``player``. The bank never runs short (our reading: the
    rulebook sets no limit): if it is empty the missing coins are added to the game."""
    if amount <= 0:
        return
    st = game.state
    if st.bank < amount:
        added = amount - st.bank
        st.bank += added
        st.coins_total += added
        game.emit("bank_topped_up", rule, coins=added)
    st.bank -= amount
    player.coins += amount
    game.emit("coins", rule, seat=player.seat, amount=amount, why=why)


def pay_in(game, player: BoardPlayer, amount: int) -> None:
    """``player`` pays ``amount`` coins (which he has) to the bank."""
    assert 0 <= amount <= player.coins, (amount, player.coins)
    player.coins -= amount
    game.state.bank += amount


# --- storehouses ---------------------------------------------------------------------------------

def gain_luxury(game, player: BoardPlayer, amount: int, rule: str, why: str) -> None:
    """Luxury goods have no limit: past 20 the player takes a "20+" chip (a number here)."""
    if amount > 0:
        player.luxury += amount
        game.emit("luxury", rule, seat=player.seat, amount=amount, why=why)


def gain_goods(game, player: BoardPlayer, resource: str, amount: int, rule: str,
               why: str) -> None:
    """Add ``amount`` of a resource to the storehouse; what the storehouse cannot hold becomes
    luxury goods (Luxury Goods: Leonidas' 8 wood + 4 = 10 wood + 2 luxury). A negative amount
    (an expansion's civilization losing goods) takes what there is. (``store_goods`` of one
    resource.)"""
    if amount:
        store_goods(game, player, {resource: amount}, rule, why)


def store_goods(game, player: BoardPlayer, gains: dict, rule: str, why: str) -> None:
    """``gain_goods`` for each resource -> amount of ``gains``, in its order (none for an amount
    of 0): one call for a seat's whole round income (F.) or a civilization's start goods."""
    # (comparisons rather than min() and max() here and in change_population: on Python 3.11 a
    # call of either costs several times a comparison, and these run for every gain; the goods
    # and the limits read once (on_event observers may not change state, docs/state.md), and a
    # gain the storehouse holds, the usual case, stored at once)
    goods = player.goods
    limits = player.mat["storehouse"]       # player.limit(), inline
    for resource, amount in gains.items():
        if amount > 0:
            have = goods[resource]
            room = limits[resource] - have
            if amount <= room:
                goods[resource] = have + amount
                continue
            if room < 0:        # (over the limit already: what is there stays)
                room = 0
            goods[resource] = have + room
            gain_luxury(game, player, amount - room, LUXURY_RULE, f"{resource} storehouse full")
        elif amount < 0:
            have = goods[resource]
            goods[resource] = have + amount if have + amount > 0 else 0


def change_population(player: BoardPlayer, delta: int) -> None:
    """Population never goes below zero (a tile's negative inhabitants take what there is)."""
    population = player.population + delta
    player.population = population if population > 0 else 0


def lose_tile(game, player: BoardPlayer, placed: Placed, rule: str) -> None:
    """A tile leaves a civilization (or never enters it) for the box. Coins marking it return to
    their owner (Supply Round: "In any case, the coin ... is returned"; our reading applies this to
    every loss of a marked building, disasters included)."""
    if placed in player.buildings or placed in player.lands:
        player.remove(placed)
    if placed.coins:
        player.coins += placed.coins
        placed.coins = 0
    st = game.state
    st.boxed.append(placed.tile)
    # (with get(): a Counter's [] on a seat not yet counted calls its Python __missing__)
    st.lost_tiles[player.seat] = st.lost_tiles.get(player.seat, 0) + 1
    game.emit("tile_lost", rule, seat=player.seat, tile=placed.tile["id"])   # (not .id: a call)
