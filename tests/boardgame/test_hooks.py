"""Every hook the board game defines (variants/boardgame/hookspecs.py), and the family hooks it
implements, changed by a small house rule: the board game's rules must follow the new answer.
These are the points where Heroes & Colonies will plug in (colony mats, Strength after a tile,
internal conflict after a supply round, three chits, Persians, per-colony disaster effects)."""
from __future__ import annotations

from peloponnes.core import Decision, Option, hookimpl
from peloponnes.variants.boardgame.disasters import reveal_chits, strike
from peloponnes.variants.boardgame.rules import (
    add_tiles,
    bidding,
    one_time_income,
    reveal,
    turn_order,
)
from peloponnes.variants.boardgame.state import gain_goods
from peloponnes.variants.boardgame.supply import supply_round
from peloponnes.variants.common.auction import Bid, Slot

from .kit import building, drive, events, land, new_game, option_ids, seat_player


def _three_seats(game, **mat):
    game.state.order = [0, 1, 2]
    return [seat_player(game, s, **mat) for s in range(3)]


# --- board-game hooks -----------------------------------------------------------------------------

def test_provide_player_mat_a_colony_board_with_a_bigger_granary():
    class BigGranary:
        @hookimpl(wrapper=True)
        def provide_player_mat(self, game, seat):
            mat = yield
            if seat == 0:
                return {**mat, "storehouse": {**mat["storehouse"], "food": 16},
                        "points_per_inhabitant": 4}
            return mat

    game = new_game(2, house_rules=[BigGranary()])
    player = game.state.players[0]
    assert player.mat["storehouse"]["food"] == 16 and game.state.players[1].limit("food") == 13
    gain_goods(game, player, "food", 20, "test", "test")
    assert player.goods["food"] == 16 and game.invariant_violations() == []
    player.population = 3
    assert game.hook.score_seat(game=game, seat=0).details["population"] == 12


def test_check_land_placement_ignore_the_neighbour_rule():
    class AnyLand:
        @hookimpl
        def check_land_placement(self, game, seat, tile):
            return True

    game = new_game(2, house_rules=[AnyLand()])
    player = seat_player(game, 0, lands=[land(income={"stone": 3})])
    assert game.hook.check_land_placement(game=game, seat=0, tile=land(income={"food": 1}))
    from peloponnes.variants.boardgame.rules import add_tile
    drive(add_tile(game, player, land(income={"food": 3})))
    assert len(player.lands) == 2


def test_after_tile_added_lets_a_player_buy_strength_with_the_new_tile():
    """Heroes & Colonies' Strength: after a new building (not marked), pay 1 wood + 1 stone to
    gain its prestige as Strength — a decision asked in D., before E."""
    strength = {}

    class Strength:
        @hookimpl
        def after_tile_added(self, game, seat, placed):
            if placed.kind == "building" and not placed.marked:
                return self.offer(game, seat, placed)
            return None

        def offer(self, game, seat, placed):
            player = game.state.players[seat]
            answer = yield Decision(seat, "strength", "Raise Strength?",
                                    (Option("yes", "pay 1 wood + 1 stone"), Option("no", "no")),
                                    "heroes: Strength")
            if answer.id == "yes":
                player.goods["wood"] -= 1
                player.goods["stone"] -= 1
                strength[seat] = placed.tile["prestige"]

    game = new_game(2, house_rules=[Strength()])
    st = game.state
    player = seat_player(game, 0, wood=3, stone=3, population=1, coins=2)
    seat_player(game, 1)
    st.order = [0, 1]
    bridge = building(prestige=4, cost={"wood": 2}, one_time={"inhabitants": 2})
    st.slots = [Slot(0, bridge, conquest=False, bid=Bid(0, 1, 0))]
    _, asked = drive(add_tiles(game), "build", "yes")
    assert [d.kind for d in asked] == ["build", "strength"]
    assert strength == {0: 4} and player.goods["wood"] == 0 and player.goods["stone"] == 2
    assert player.population == 1                      # E. one-time income comes afterwards
    one_time_income(game)
    assert player.population == 3


def test_order_turns_a_rotating_start_player():
    class Rotate:
        @hookimpl
        def order_turns(self, game, order, bids):
            return order[1:] + order[:1]

    game = new_game(3, house_rules=[Rotate()])
    game.state.order = [0, 1, 2]
    game.state.bids = {2: Bid(2, 9, 9)}
    turn_order(game)
    assert game.state.order == [1, 2, 0]


def test_count_food_needed_one_food_feeds_two_inhabitants():
    class Salamis:
        @hookimpl
        def count_food_needed(self, game, seat, inhabitants):
            return (inhabitants + 1) // 2

    game = new_game(3, house_rules=[Salamis()])
    a, b, c = _three_seats(game, food=4)
    a.population, b.population, c.population = 8, 9, 3
    drive(supply_round(game, final=False))
    assert (a.population, a.goods["food"]) == (8, 0)
    assert (b.population, b.goods["food"]) == (8, 0)        # 9 need 5: 4 food feed 8
    assert (c.population, c.goods["food"]) == (3, 2)


def test_count_food_needed_feeding_counts_down_from_the_population_and_eats_that_answer():
    """Feeding looks for the most inhabitants (counting down) whose food the storehouse holds,
    and the food eaten is the hook's answer for that many, even for a rule that is not
    monotonic."""
    asked = []

    class OddEatDouble:
        @hookimpl
        def count_food_needed(self, game, seat, inhabitants):
            asked.append(inhabitants)
            return inhabitants * 2 if inhabitants % 2 else inhabitants

    game = new_game(3, house_rules=[OddEatDouble()])
    a, b, c = _three_seats(game, food=3)
    a.population, b.population, c.population = 5, 0, 1
    a.luxury = 0
    drive(supply_round(game, final=False))
    assert (a.population, a.goods["food"]) == (2, 1)        # 5 need 10, 4 need 4, 3 need 6
    assert asked[:5] == [5, 5, 4, 3, 2]                     # asked before and after the trade


def test_after_supply_round_an_internal_conflict_after_feeding():
    calls = []

    class InternalConflict:
        @hookimpl
        def after_supply_round(self, game, final):
            calls.append((final, [p.population for p in game.state.players]))
            return self.conflict(game)

        def conflict(self, game):
            strongest, weakest = game.state.players[0], game.state.players[2]
            if weakest.population:
                weakest.population -= 1
                strongest.population += 1
            yield from ()

    game = new_game(3, house_rules=[InternalConflict()])
    players = _three_seats(game, food=3, population=2)
    drive(supply_round(game, final=True))
    assert calls == [(True, [2, 2, 2])]                      # after everybody was fed
    assert [p.population for p in players] == [3, 2, 1]
    assert [p.goods["food"] for p in players] == [1, 1, 1]


def test_count_disaster_chits_three_a_round():
    class ThreeChits:
        @hookimpl
        def count_disaster_chits(self, game, final):
            return 3

    game = new_game(2, house_rules=[ThreeChits()])
    before = len(game.state.chits)
    drive(reveal_chits(game, final=False))            # no third chit yet: nothing strikes
    assert before - len(game.state.chits) == 3


def test_strike_disaster_a_custom_disaster_and_the_default_for_the_others():
    seen = []

    class Persians:
        @hookimpl
        def strike_disaster(self, game, disaster):
            if disaster == "persians":
                return self.attack(game)
            return None

        def attack(self, game):
            seen.append("attack")
            for player in game.state.players:
                player.population = max(0, player.population - 1)
            yield from ()

    game = new_game(2, house_rules=[Persians()])
    st = game.state
    game.components["disasters"]["persians"] = {"effect": "custom", "fire_on": [1, 2]}
    a, b = seat_player(game, 0, population=6), seat_player(game, 1, population=3)
    st.order = [0, 1]
    st.chits = ["plague", "persians"]
    st.revealed["plague"] = 2
    drive(reveal_chits(game, final=False))
    assert seen == ["attack"] and st.fired == ["persians", "plague"]
    assert (a.population, b.population) == (5 - 2, 2 - 1)   # Persians, then the default plague


def test_check_protection_a_house_rule_protects_small_civilizations_from_plague():
    class Shelter:
        @hookimpl
        def check_protection(self, game, seat, disaster):
            if disaster == "plague" and game.state.players[seat].population < 5:
                return True
            return None

    game = new_game(2, house_rules=[Shelter()])
    game.state.order = [0, 1]
    small, big = seat_player(game, 0, population=4), seat_player(game, 1, population=9)
    drive(strike(game, "plague"))
    assert (small.population, big.population) == (4, 6)
    assert [e["seat"] for e in events(game, "protected")] == [0]


def test_get_disaster_effect_an_earthquake_costing_two_wood_and_two_stone_for_one_seat():
    class Apollonia:
        @hookimpl(wrapper=True)
        def get_disaster_effect(self, game, seat, disaster):
            effect = yield
            if disaster == "earthquake" and seat == 0:
                return {**effect, "pay": {"wood": 2, "stone": 2}}
            return effect

    game = new_game(2, house_rules=[Apollonia()])
    game.state.order = [0, 1]
    colony = seat_player(game, 0, wood=4, stone=4, buildings=[building(), building()])
    other = seat_player(game, 1, wood=4, stone=4, buildings=[building(), building()])
    _, asked = drive(strike(game, "earthquake"), "2", "2")
    assert option_ids(asked[0]) == ["2", "1", "0"] and asked[0].seat == 0
    assert colony.goods["wood"] == 0 and other.goods["wood"] == 2


# --- family hooks, as the board game honours them -------------------------------------------------

def test_count_revealed_no_conquest_row():
    class NoConquest:
        @hookimpl
        def count_revealed(self, game):
            return game.num_players, 0

    game = new_game(3, house_rules=[NoConquest()])
    drive(reveal(game))
    assert len(game.state.slots) == 3 and not any(s.conquest for s in game.state.slots)


def test_conquest_surcharge_minimum_bid_and_bid_bonus_halves():
    class Cheaper:
        @hookimpl
        def conquest_surcharge(self, game, seat):
            return 2

        @hookimpl(wrapper=True)
        def bid_bonus_halves(self, game, seat):
            bonus = yield
            return bonus + (1 if seat == 1 else 0)

    game = new_game(2, house_rules=[Cheaper()])
    t = land(bid=3, income={"wood": 1})
    assert game.hook.minimum_bid(game=game, seat=0, card=t, conquest=True) == 5
    assert game.hook.minimum_bid(game=game, seat=0, card=t, conquest=False) == 3
    seat_player(game, 0, coins=9)
    seat_player(game, 1, coins=9)
    game.state.order = [0, 1]
    game.state.slots = [Slot(0, t, conquest=False)]
    _, asked = drive(bidding(game), "tile:0", "4", "tile:0", "4")
    assert game.state.slots[0].bid.seat == 1                 # 4 + 1/2 beats 4


def test_compute_income_follows_a_mat_given_another_income_table_mid_game():
    # a house rule that gives a seat's mat a new income table when it adds a tile is followed
    # at once; the other seat keeps its own table
    class RicherAfterATile:
        @hookimpl
        def after_tile_added(self, game, seat, placed):
            mat = game.state.players[seat].mat
            mat["income"] = [{**row, "coins": row["coins"] + 10} for row in mat["income"]]

    game = new_game(2, house_rules=[RicherAfterATile()])
    assert game.hook.compute_income(game=game, seat=0, population=10) == (4, 0)
    player = seat_player(game, 0)
    game.state.order = [0]
    game.state.slots = [Slot(0, land(income={"wood": 1}), conquest=False, bid=Bid(0, 1, 1))]
    drive(add_tiles(game))
    assert game.hook.compute_income(game=game, seat=0, population=10) == (14, 0)
    assert game.hook.compute_income(game=game, seat=1, population=10) == (4, 0)
    assert player.new_tile is not None


def test_compute_income_one_more_coin():
    class Richer:
        @hookimpl(wrapper=True)
        def compute_income(self, game, seat, population):
            coins, luxury = yield
            return coins + 1, luxury

    game = new_game(2, house_rules=[Richer()])
    assert game.hook.compute_income(game=game, seat=0, population=10) == (5, 0)
