"""The board game's table: player mats (storehouses, population, luxury goods), coins, the tile
pile, the disaster chits and the bank. Pure data plus the bookkeeping every rule needs (the bank,
storehouse overflow into luxury goods); the rules themselves live in the phase modules."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

RESOURCES = ("wood", "stone", "food")
BLANK = "blank"         # the disaster chit without a disaster (G. Reveal Disaster Chits)

LUXURY_RULE = "boardgame: Luxury Goods"


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


def tile_name(tile: dict) -> str:
    return tile["name"] or f"Land {tile['id']}"


def tile_labels(game) -> dict[str, str]:
    """Every tile's label by its id, made once per ruleset (the tiles are component data; a
    tile is labelled each time it is on offer, some 40 times a game: about 3% of a game's
    time, docs/performance.md)."""
    return game.ruleset.derived("boardgame.tile_labels", lambda: {
        tile["id"]: tile_label(tile) for tile in game.components["tiles"]})


def tile_label(tile: dict) -> str:
    """How the auction and the Solo Game's purchase name a tile on offer."""
    income = ", ".join(f"{n} {r}" for r, n in tile["income"].items()) or "none"
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
    goods: dict = field(default_factory=lambda: dict.fromkeys(RESOURCES, 0))
    population: int = 0
    luxury: int = 0
    buildings: list[Placed] = field(default_factory=list)
    lands: list[Placed] = field(default_factory=list)
    new_tile: Placed | None = None          # this round's tile, until E. has paid its income
    # Kept by ``place`` and ``remove``: the prestige points of the tiles (every seat is scored
    # every round: ``measure_round``) and the half coins the buildings add to bids (Market and
    # Agora, built or marked: asked at every auction).
    tiles_prestige: int = field(init=False)
    bid_bonus_halves: int = field(init=False)

    def __post_init__(self):
        self.tiles_prestige = sum(placed.tile["prestige"] for placed in self.tiles())
        self.bid_bonus_halves = sum(placed.tile["bid_bonus_halves"] for placed in self.buildings)

    @property
    def civilization_name(self) -> str:
        return self.civilization["name"]

    def tiles(self) -> list[Placed]:
        return [*self.buildings, *self.lands]

    def tile_count(self) -> int:
        return len(self.buildings) + len(self.lands)

    def tile_prestige(self) -> int:
        return self.tiles_prestige

    def limit(self, resource: str) -> int:
        return self.mat["storehouse"][resource]

    def place(self, placed: Placed) -> None:
        """A building goes left of the civilization, a land tile right of it (D. Add Tiles)."""
        (self.buildings if placed.kind == "building" else self.lands).append(placed)
        self.tiles_prestige += placed.tile["prestige"]
        self.bid_bonus_halves += placed.tile["bid_bonus_halves"]

    def remove(self, placed: Placed) -> None:
        (self.buildings if placed.kind == "building" else self.lands).remove(placed)
        self.tiles_prestige -= placed.tile["prestige"]
        self.bid_bonus_halves -= placed.tile["bid_bonus_halves"]


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
    of 0): one call for a seat's whole round income (F.) or a civilization's start goods. What
    fits goes in; what does not becomes luxury goods; a loss takes at most what there is."""
    goods, limits = player.goods, player.mat["storehouse"]
    for resource, amount in gains.items():
        have = goods[resource]
        if amount < 0:
            goods[resource] = max(0, have + amount)
        elif have + amount <= limits[resource]:
            goods[resource] = have + amount
        elif amount > 0:
            room = max(0, limits[resource] - have)     # over the limit: what is there stays
            goods[resource] = have + room
            gain_luxury(game, player, amount - room, LUXURY_RULE, f"{resource} storehouse full")


def change_population(player: BoardPlayer, delta: int) -> None:
    """Population never goes below zero (a tile's negative inhabitants take what there is)."""
    player.population = max(0, player.population + delta)


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
    st.lost_tiles[player.seat] += 1
    game.emit("tile_lost", rule, seat=player.seat, tile=placed.id)
