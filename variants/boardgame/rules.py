"""The board game's round (boardgame: Game Play A.-G.) and its end (boardgame: End of the Game).

Every phase is a function of the game; those that need a player's choice are generators that
yield ``core.Decision``. The shared displacement auction lives in ``variants.common.auction``;
this module supplies its coin purse.
"""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision, Option, Phase
from peloponnes.variants.common.auction import Bid, HookedPurse, Slot, bidding_steps

from .disasters import reveal_chits
from .payments import can_pay_goods, coin_funds, cost_option, pay_goods, raise_coins
from .setup import choose_solo_civilization
from .state import (
    RESOURCES,
    BoardPlayer,
    Placed,
    change_population,
    gain_luxury,
    lose_tile,
    pay_out,
    store_goods,
    tile_label,
    tile_labels,
    tile_name,
)
from .supply import supply_round

REVEAL = "boardgame: A. Reveal Tiles"
BIDDING = "boardgame: B. Bidding"
TURN_ORDER = "boardgame: C. Adjust Player Turn Order"
ADD_TILES = "boardgame: D. Add Tiles To Civilizations"
ONE_TIME = "boardgame: E. Increase Population And Earn One-time Income"
INCOME = "boardgame: F. Earn Income For The Round"
CHITS = "boardgame: G. Reveal Disaster Chits"
GAME_END = "boardgame: End of the Game"
SOLO = "boardgame: Solo Game"
PLACING = f"{ADD_TILES}: Placing The New Tiles"


# --- A. Reveal Tiles ------------------------------------------------------------------------------

def reveal(game) -> Iterator[Decision]:
    """As many tiles as players face up, then the Conquest row until 5 tiles are out
    (``count_revealed``). A tile with the supply symbol interrupts: it stays among the face-up
    tiles, a supply round happens at once, then drawing continues until the row is full again.
    Our reading: the supply tile counts towards the 5 and takes the next place in the row
    (open, or Conquest once the open places are full)."""
    st = game.state
    open_count, conquest_count = game.hook.count_revealed(game=game)
    st.slots = []
    while len(st.slots) < open_count + conquest_count and st.pile:
        tile = st.pile.pop()
        index = len(st.slots)
        conquest = index >= open_count
        st.slots.append(Slot(index, tile, conquest))
        game.emit("tile_revealed", REVEAL, tile=tile["id"], conquest=conquest)
        if tile["supply"]:
            yield from supply_round(game, final=False)


# --- B. Bidding ---------------------------------------------------------------------------------

class CoinPurse(HookedPurse):
    """The board game's side of the shared auction: bids are coins (luxury goods traded 2:1 when
    the reserve is short); passing earns 3 coins, withdrawing the bid back plus 1 coin."""
    rule = BIDDING
    noun = "tile"

    def __init__(self, game):
        super().__init__(game)
        self.players = game.state.players
        self.rules = game.components["rules"]
        self.labels = tile_labels(game)

    def label(self, tile: dict) -> str:
        # a tile not among the components (one a house rule made) is labelled as it comes
        return self.labels.get(tile["id"]) or tile_label(tile)

    def funds(self, seat: int) -> int:
        return coin_funds(self.players[seat])

    def pay(self, seat: int, amount: int) -> Iterator[Decision]:
        """The coins go under the tile (held by the bid until D. or a withdrawal): nothing to
        ask."""
        yield from ()
        player = self.players[seat]
        raise_coins(self.game, player, amount, BIDDING)
        player.coins -= amount
        return amount

    def refund(self, seat: int, payment: int) -> None:
        self.players[seat].coins += payment

    def passed(self, seat: int) -> None:
        pay_out(self.game, self.players[seat], self.rules["pass_coins"], BIDDING, "pass")

    def withdrew(self, seat: int) -> None:
        pay_out(self.game, self.players[seat], self.rules["withdraw_coins"], BIDDING, "withdraw")


def bidding(game) -> Iterator[Decision]:
    """Displacement auction in turn order (shared with the card game); the Solo Game buys."""
    if game.num_players == 1:
        return solo_purchase(game)
    return bidding_steps(game.state, CoinPurse(game), game.emit)


def solo_purchase(game) -> Iterator[Decision]:
    """Solo Game: "Instead of bidding, a player simply purchases one face-up Land or Building Tile
    each round for the price listed as the minimum bid." Our reading: he may also pass (3 coins,
    as in B.), which keeps a game with an empty reserve going."""
    st = game.state
    player = st.players[0]
    funds = coin_funds(player)
    options = [Option("pass", f"Pass (take {game.components['rules']['pass_coins']} coins)",
                      key="0")]
    for slot in st.slots:
        price = game.hook.minimum_bid(game=game, seat=0, card=slot.card, conquest=slot.conquest)
        if price <= funds:
            options.append(Option(f"tile:{slot.index}", f"Buy {tile_label(slot.card)} for"
                                  f" {price}", (slot, price), key=str(slot.index + 1)))
    answer = yield Decision(0, "solo_buy", "Which tile do you buy?", tuple(options), SOLO)
    if answer.id == "pass":
        pay_out(game, player, game.components["rules"]["pass_coins"], SOLO, "pass")
        game.emit("passed", SOLO, seat=0)
        return
    slot, price = answer.value
    raise_coins(game, player, price, SOLO)
    player.coins -= price
    slot.bid = Bid(0, price, price)
    st.bids = {0: slot.bid}
    game.emit("bid", SOLO, seat=0, card=slot.card["id"], amount=price, conquest=slot.conquest,
              displaced=None)


# --- C. Adjust Player Turn Order ------------------------------------------------------------------

def turn_order(game) -> None:
    """Highest bid first; identical bids keep the previous order; passing (and, our reading,
    withdrawing) is the lowest bid. The Market/Agora half coin does not count."""
    st = game.state
    st.order = list(game.hook.order_turns(game=game, order=list(st.order), bids=dict(st.bids)))
    game.emit("turn_order", TURN_ORDER, order=list(st.order))


# --- D. Add Tiles To Civilizations ----------------------------------------------------------------

def add_tiles(game) -> Iterator[Decision]:
    """The coins bid go to the bank; each winner adds his tile, in the new turn order (the
    rulebook says "simultaneously"; nothing a player does here affects another). Our reading:
    tiles nobody bid on go back in the box."""
    st = game.state
    won: dict[int, Slot] = {}
    for slot in list(st.slots):
        if slot.bid is None:
            st.boxed.append(slot.card)
            st.slots.remove(slot)
            game.emit("tile_unclaimed", ADD_TILES, tile=slot.card["id"])
        else:
            won[slot.bid.seat] = slot
            st.bank += slot.bid.payment
            slot.bid.payment = 0
    st.bids = {}
    for seat in list(st.order):
        player = st.players[seat]
        player.new_tile = None
        if seat not in won:
            continue
        slot = won[seat]
        yield from add_tile(game, player, slot.card)
        st.slots.remove(slot)
        if player.new_tile is not None:
            for steps in game.positional.after_tile_added(game, seat, player.new_tile):
                if steps is not None:
                    yield from steps


def add_tile(game, player: BoardPlayer, tile: dict) -> Iterator[Decision]:
    """Placing The New Tiles. A building goes left of the civilization: pay its wood/stone (luxury
    2:1 for what is missing) or mark it with a coin (usable at once, completed at the next supply
    round); with neither it is lost. Our reading: giving it up is not an option while it can be
    built or marked ("If he cannot or does not wish to [pay], he instead places one coin").
    A land tile goes right of the civilization when ``check_land_placement`` allows, else it is
    lost. (The hooks of D. are asked for every tile won: called positionally.)"""
    placed = Placed(tile)
    if tile["kind"] != "land":
        yield from add_building(game, player, placed)
    elif game.positional.check_land_placement(game, player.seat, tile):
        player.place(placed)
        player.new_tile = placed
        game.emit("tile_added", PLACING, seat=player.seat, tile=tile["id"], marked=False)
    else:
        lose_tile(game, player, placed, f"{PLACING} (no matching resource)")


def add_building(game, player: BoardPlayer, placed: Placed) -> Iterator[Decision]:
    """``add_tile`` for a building: build it, mark it or lose it."""
    rule = PLACING
    tile = placed.tile
    mark = game.positional.count_mark_coins(game, player.seat, tile)
    name = tile_name(tile)
    costs = game.positional.list_building_costs(game, player.seat, tile)
    options = [cost_option("build", name, i, cost)
               for i, cost in enumerate(costs) if can_pay_goods(player, cost)]
    if coin_funds(player) >= mark:
        options.append(Option("mark", f"Mark {name} with {mark} coin (complete it at the next"
                                      " supply round)"))
    if not options:
        lose_tile(game, player, placed, f"{rule} (neither resources nor a coin)")
        return
    answer = yield Decision(player.seat, "build", f"You won {name}: build or mark?",
                            tuple(options), rule)
    if answer.id != "mark":
        pay_goods(game, player, answer.value, rule)
    else:
        raise_coins(game, player, mark, rule)
        player.coins -= mark
        placed.marked, placed.coins = True, mark
    player.place(placed)
    player.new_tile = placed
    game.emit("tile_added", rule, seat=player.seat, tile=tile["id"], marked=placed.marked)


def land_fits(player: BoardPlayer, tile: dict) -> bool:
    """Default of ``check_land_placement``: the first land tile may be of any type; later ones
    share at least one resource (income symbol) with the last land tile; a player owning a
    ``placement_wildcard`` tile (Barracks, built or marked) may place any land tile (our reading
    of its wildcard W/S/G)."""
    last = player.lands[-1].tile if player.lands else None
    wildcard = any(p.tile["placement_wildcard"] for p in player.buildings)
    return land_matches(last, tile, wildcard)


def land_matches(last: dict | None, tile: dict, wildcard: bool) -> bool:
    """Whether land ``tile`` may lie next to the land tile ``last`` (None: next to the
    civilization, any type)."""
    if last is None or wildcard:
        return True
    return any(tile["income"].get(r, 0) > 0 and last["income"].get(r, 0) > 0 for r in RESOURCES)


# --- E. One-time income ---------------------------------------------------------------------------

def one_time_income(game) -> None:
    """New inhabitants (a negative number takes what there is) and the one-time coins, luxury goods
    and resources of the tile added this round; kept even if the building is lost later."""
    st = game.state
    for seat in st.order:
        player = st.players[seat]
        placed, player.new_tile = player.new_tile, None
        if placed is None:
            continue
        one = placed.tile["one_time"]
        change_population(player, one.get("inhabitants", 0))
        if "coins" in one:
            pay_out(game, player, one["coins"], ONE_TIME, "one-time income")
        if "luxury" in one:
            gain_luxury(game, player, one["luxury"], ONE_TIME, "one-time income")
        store_goods(game, player, {r: one[r] for r in RESOURCES if r in one}, ONE_TIME,
                    "one-time income")
        game.emit("one_time_income", ONE_TIME, seat=seat, tile=placed.id,
                  population=player.population)


# --- F. Earn Income For The Round -----------------------------------------------------------------

CHOICES = (*RESOURCES, "coins")
# The options of a "choice" tile's income (the same every time: built once)
CHOICE_OPTIONS = tuple(Option(k, f"1 {k}" if k != "coins" else "1 coin", k) for k in CHOICES)


def round_income(game) -> Iterator[Decision]:
    """Every tile's per-round income (marked buildings included: usable at once), a "choice" tile
    giving one of wood, stone, food or a coin; the civilization's income; then the civilization's
    inhabitants (Arkadia: population before coins); then coins and luxury goods by population
    (``compute_income``). Resources are added once per kind, net, so a storehouse overflows into
    luxury goods only by what it truly cannot hold."""
    st = game.state
    for seat in st.order:
        player = st.players[seat]
        civ = player.civilization["income"]     # the civilization's income, then the tiles'
        goods = {r: civ.get(r, 0) for r in RESOURCES}
        coins = civ.get("coins", 0)
        for placed in player.tiles():
            for key, amount in placed.tile["income"].items():
                if key == "choice":     # the player picks, one unit at a time
                    picked = yield from choose_income(seat, placed.tile, amount)
                    coins += picked["coins"]
                    for resource in RESOURCES:
                        goods[resource] += picked[resource]
                elif key == "coins":
                    coins += amount
                else:
                    goods[key] += amount
        store_goods(game, player, goods, INCOME, "round income")
        change_population(player, civ.get("inhabitants", 0))
        # (asked for every seat every round: called positionally)
        income, luxury = game.positional.compute_income(game, seat, player.population)
        coins += income
        pay_out(game, player, coins, INCOME, "round income")
        gain_luxury(game, player, luxury, INCOME, "population")
        game.emit("income", INCOME, seat=seat, population=player.population, coins=coins,
                  luxury=luxury)


def choose_income(seat: int, tile: dict, amount: int) -> Iterator[Decision]:
    """boardgame: F. — the ``amount`` units of a "choice" tile's income, each one of wood, stone,
    food or a coin as the player picks; returns how many of each (CHOICES -> count)."""
    picked = dict.fromkeys(CHOICES, 0)
    for _ in range(amount):
        pick = (yield Decision(seat, "income_choice", f"{tile_name(tile)}: which income this"
                               " round?", CHOICE_OPTIONS, INCOME)).value
        picked[pick] += 1
    return picked


# --- G. and the end -------------------------------------------------------------------------------

def disaster_chits(game) -> Iterator[Decision]:
    return reveal_chits(game, final=False, rule=CHITS)


def final_chits(game) -> Iterator[Decision]:
    """End of the Game: after the last C tile is placed (and its one-time income recorded), the
    last chits are revealed and their disasters resolved. Our reading: the final round has no
    F. round income — the end is signalled as soon as the last tile's one-time income is in."""
    game.emit("game_end_signalled", GAME_END)
    return reveal_chits(game, final=True, rule=GAME_END)


def final_supply(game) -> Iterator[Decision]:
    """End of the Game: feed the population one final time and complete or lose the buildings
    still marked with a coin."""
    return supply_round(game, final=True)


SETUP_PHASES = [Phase("choose_civilization", choose_solo_civilization, SOLO)]

ROUND_PHASES = [
    Phase("reveal", reveal, REVEAL),
    Phase("bidding", bidding, BIDDING),
    Phase("turn_order", turn_order, TURN_ORDER),
    Phase("add_tiles", add_tiles, ADD_TILES),
    Phase("one_time_income", one_time_income, ONE_TIME),
    Phase("income", round_income, INCOME),
    Phase("disaster_chits", disaster_chits, CHITS),
]

# The last round stops after E.: "As soon as the last C tile is taken and placed (and one-time
# income from the Tile is recorded) the end of the game is signalled."
LAST_ROUND_PHASES = [p for p in ROUND_PHASES if p.name not in ("income", "disaster_chits")]

FINAL_PHASES = [
    Phase("final_chits", final_chits, GAME_END),
    Phase("final_supply", final_supply, GAME_END),
]
