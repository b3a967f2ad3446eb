"""One test per colony board (heroes: Colonies) and the new civilization Sikyon: the colony board
replaces the player mat (storehouses, income table, scoring ratios) and brings its own rules."""
from __future__ import annotations

from peloponnes.variants.boardgame.disasters import strike
from peloponnes.variants.boardgame.rules import add_tile, round_income, turn_order
from peloponnes.variants.boardgame.setup import start_civilization
from peloponnes.variants.boardgame.state import gain_goods
from peloponnes.variants.boardgame.supply import supply_round
from peloponnes.variants.common.auction import Bid

from .kit import (
    building,
    civilization,
    drive,
    events,
    land,
    new_game,
    option_ids,
    plain_table,
    seat,
)


def score(game, s):
    return game.hook.score_seat(game=game, seat=s)


def test_apollonia_is_always_last_and_suffers_drought_and_earthquake_more():
    game = new_game(3)
    plain_table(game)
    seat(game, 0, colony="apollonia", food=7, wood=4, stone=4,
         buildings=[building(), building()])
    seat(game, 1, food=7, wood=4, stone=4, buildings=[building(), building()])
    st = game.state
    st.order = [0, 1, 2]
    st.bids = {0: Bid(0, 5, 5), 1: Bid(1, 2, 2)}
    turn_order(game)
    assert st.order == [1, 2, 0]                                      # the highest bid, yet last
    drive(strike(game, "drought"))
    assert st.players[0].goods["food"] == 3                           # halved, rest rounded down
    assert st.players[1].goods["food"] == 4                           # a third, rounded up
    lost = st.players[0].buildings[0].id
    _, asked = drive(strike(game, "earthquake"), "2", "1", lost)
    assert st.players[1].goods["wood"] == 2 and len(st.players[1].buildings) == 2
    assert st.players[0].goods == {"wood": 2, "stone": 2, "food": 3}  # 2 + 2 for one building
    assert len(st.players[0].buildings) == 1
    mat = st.players[0].mat
    assert (mat["storehouse"]["stone"], mat["storehouse"]["food"]) == (7, 9)


def test_byzantium_counts_4_points_an_inhabitant_and_4_coins_a_prestige_point():
    game = new_game(2)
    plain_table(game)
    seat(game, 0, colony="byzantium", population=5, coins=8, clovers=0, flipped=True,
         lands=[land(prestige=20)])
    details = score(game, 0).details
    assert details["population"] == 20 and details["prestige"] == 20 + 2
    gain_goods(game, game.state.players[0], "food", 12, "test", "test")
    assert game.state.players[0].goods["food"] == 9 and game.state.players[0].luxury == 3


def test_leptis_magna_reserves_with_3_coins_and_ignores_the_land_placement_rule():
    game = new_game(2)
    plain_table(game)
    leptis = seat(game, 0, colony="leptis_magna", coins=4,
                  lands=[land(income={"stone": 3})])
    player = game.state.players[0]
    _, asked = drive(add_tile(game, player, building(cost={"stone": 4})))
    assert option_ids(asked[0]) == ["mark"] and "3 coin" in asked[0].options[0].label
    assert player.coins == 1 and player.buildings[0].coins == 3
    drive(add_tile(game, player, land(income={"food": 2})))           # shares nothing: placed
    assert len(player.lands) == 2
    player.goods["stone"] = 4
    drive(supply_round(game, final=False), "complete")
    assert player.coins == 4                                          # the 3 coins come back
    seat(game, 1, lands=[land(income={"stone": 3})])                  # another colony: the rule
    assert not game.hook.check_land_placement(game=game, seat=1, tile=land(income={"food": 2}))
    assert leptis.colony["id"] == "leptis_magna"


def test_massilia_small_storehouses_overflow_into_luxury_sooner():
    game = new_game(2)
    plain_table(game)
    seat(game, 0, colony="massilia", lands=[land(income={"wood": 9, "stone": 9, "food": 11})])
    seat(game, 1, colony="salamis", lands=[land(income={"wood": 9, "stone": 9, "food": 11})])
    drive(round_income(game))
    a, b = game.state.players
    assert a.goods == {"wood": 8, "stone": 8, "food": 10} and a.luxury == 1 + 1 + 1
    assert b.goods == {"wood": 9, "stone": 9, "food": 11} and b.luxury == 0


def test_miletus_always_starts_and_counts_2_coins_a_prestige_point():
    game = new_game(3)
    plain_table(game)
    seat(game, 2, colony="miletus", coins=9, clovers=0, population=10, flipped=True)
    st = game.state
    st.order = [0, 1, 2]
    st.bids = {0: Bid(0, 5, 5), 1: Bid(1, 2, 2)}
    turn_order(game)
    assert st.order == [2, 0, 1]                                      # passed, yet first
    assert score(game, 2).details["prestige"] == 4
    drive(round_income(game))
    assert [e for e in events(game, "income") if e["seat"] == 2][0]["coins"] == 5   # higher


def test_naukratis_trades_luxury_goods_1_for_1():
    game = new_game(2)
    plain_table(game)
    seat(game, 0, colony="naukratis", wood=1, luxury=3, coins=0)
    player = game.state.players[0]
    drive(add_tile(game, player, building(cost={"wood": 4})), "build")   # 3 missing: 3 luxury
    assert player.luxury == 0 and player.goods["wood"] == 0 and player.buildings
    assert player.mat["storehouse"] == {"wood": 13, "stone": 13, "food": 16}   # large


def test_naxos_large_storehouses_and_2_coins_a_prestige_point():
    game = new_game(2)
    plain_table(game)
    seat(game, 0, colony="naxos", coins=7, clovers=0, population=10, flipped=True)
    assert score(game, 0).details["prestige"] == 3
    gain_goods(game, game.state.players[0], "wood", 13, "test", "test")
    assert game.state.players[0].goods["wood"] == 13 and game.state.players[0].luxury == 0


def test_salamis_feeds_2_inhabitants_with_1_food_and_counts_2_points_each():
    game = new_game(2)
    plain_table(game)
    seat(game, 0, colony="salamis", population=7, food=4, clovers=0, lands=[land(prestige=20)])
    assert score(game, 0).details["population"] == 14
    drive(supply_round(game, final=False))
    fed = events(game, "fed")[0]
    assert (fed["seat"], fed["inhabitants"], fed["food"]) == (0, 7, 4)


def test_taras_loses_all_luxury_in_a_decline_and_pays_2_food_and_2_coins_in_a_tempest():
    game = new_game(2)
    plain_table(game)
    seat(game, 0, colony="taras", luxury=25, food=4, coins=4, lands=[land(), land()])
    seat(game, 1, luxury=25, food=4, coins=4, lands=[land(), land()])
    st = game.state
    drive(strike(game, "decline"))
    assert st.players[0].luxury == 0 and st.players[1].luxury == 15
    drive(strike(game, "tempest"), "2", "2")
    assert st.players[0].goods["food"] == 0 and st.players[0].coins == 0
    assert st.players[1].goods["food"] == 2 and st.players[1].coins == 2
    assert st.players[0].mat["storehouse"]["wood"] == 7


def test_sikyon_starts_with_9_coins_9_food_3_inhabitants_and_trades_wood_and_stone_for_food():
    """Sikyon: 9 coins, 9 food, 3 inhabitants (food beyond the colony's storehouse as luxury
    goods); each round +1 food, -1 wood, -1 stone, offset at once by other tiles' wood and stone;
    protected against Tempest."""
    game = new_game(2)
    plain_table(game)
    st = game.state
    for s, colony in ((0, "byzantium"), (1, "massilia")):
        seat(game, s, colony=colony)
        start_civilization(game, st.players[s], civilization(game, "sikyon"))
    byzantium, massilia = st.players
    assert (byzantium.coins, byzantium.goods["food"], byzantium.population) == (9, 9, 3)
    assert (massilia.coins, massilia.goods["food"], massilia.population) == (9, 9, 3)
    small = st.players[1]
    small.mat = {**small.mat, "storehouse": {**small.mat["storehouse"], "food": 7}}
    small.goods["food"] = 0
    small.coins = 0
    start_civilization(game, small, civilization(game, "sikyon"))
    assert small.goods["food"] == 7 and small.luxury == 2             # the rest as luxury goods
    seat(game, 0, colony="taras", civ="sikyon", wood=2, stone=0, food=3,
         lands=[land(income={"stone": 2})])
    seat(game, 1, colony="taras", civ="sikyon", wood=0, stone=0, food=3)
    drive(round_income(game))
    assert st.players[0].goods == {"wood": 1, "stone": 1, "food": 4}  # stone: 2 - 1 at once
    assert st.players[1].goods == {"wood": 0, "stone": 0, "food": 4}  # nothing to lose
    assert game.hook.check_protection(game=game, seat=0, disaster="tempest")
    assert not game.hook.check_protection(game=game, seat=0, disaster="drought")
