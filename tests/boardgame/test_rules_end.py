"""Board-game rules: Disasters, Supply Round, Luxury Goods, End of the Game, Final Score And
Winner, Solo Game (one unit test or a few per rule, named after its rulebook section)."""
from __future__ import annotations

import pytest

from peloponnes.variants.boardgame.disasters import strike
from peloponnes.variants.boardgame.rules import (
    add_tile,
    add_tiles,
    bidding,
    reveal,
    round_income,
    solo_purchase,
)
from peloponnes.variants.boardgame.setup import choose_solo_civilization
from peloponnes.variants.boardgame.supply import supply_round

from .kit import (
    building,
    coin_and_mat_problems,
    drive,
    events,
    land,
    marked,
    new_game,
    option_ids,
    printed,
    seat_player,
    slots,
)

# --- Disasters ------------------------------------------------------------------------------------

def _one_seat(**mat):
    """A 2-player game in turn order 0, 1 where seat 0 holds ``mat`` and seat 1 nothing."""
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, **mat)
    seat_player(game, 1)
    return game, player


def test_disasters_drought_loses_a_third_of_the_food_rounded_up():
    game, player = _one_seat(food=7)
    drive(strike(game, "drought"))
    assert player.goods["food"] == 4


def test_disasters_plague_loses_a_third_of_the_inhabitants_rounded_up():
    game, player = _one_seat(population=10)
    drive(strike(game, "plague"))
    assert player.population == 6


@pytest.mark.parametrize("luxury, left", [(25, 15), (10, 0), (4, 0)])
def test_disasters_decline_loses_ten_luxury_goods_or_all_of_them(luxury, left):
    game, player = _one_seat(luxury=luxury)
    drive(strike(game, "decline"))
    assert player.luxury == left


@pytest.mark.parametrize("tile_id, disaster", [("B01", "plague"), ("B14", "plague"),
                                               ("C01", "earthquake"), ("C06", "tempest"),
                                               ("B15", "drought"), ("C09", "drought"),
                                               ("A15", "decline"), ("C07", "decline")])
@pytest.mark.parametrize("is_marked", [False, True])
def test_disasters_a_protecting_building_protects_built_or_marked(tile_id, disaster, is_marked):
    game = new_game(2)
    protector = printed(game, tile_id)
    game.state.order = [0, 1]
    player = seat_player(game, 0, population=9, food=9, luxury=20, coins=5,
                         buildings=[marked(protector) if is_marked else protector],
                         lands=[land(income={"food": 1})])
    seat_player(game, 1)
    before = (player.population, dict(player.goods), player.luxury, len(player.tiles()))
    drive(strike(game, disaster))
    assert (player.population, dict(player.goods), player.luxury, len(player.tiles())) == before
    assert events(game, "protected")[0]["seat"] == 0


def test_disasters_earthquake_counts_marked_buildings_and_returns_the_coin_of_a_lost_one():
    game, player = _one_seat(wood=1, stone=1, coins=0,
                           buildings=[building(prestige=5), marked(building(prestige=1))])
    big, cheap = player.buildings
    _, asked = drive(strike(game, "earthquake"), "1", cheap.id)
    assert option_ids(asked[1]) == [big.id, cheap.id]          # the marked one may be chosen
    assert player.buildings == [big] and player.coins == 1     # its coin came back
    assert game.state.lost_tiles[0] == 1


def test_disasters_a_player_may_choose_to_pay_for_fewer_tiles():
    game, player = _one_seat(food=5, coins=5, lands=[land(income={"food": 1})])
    drive(strike(game, "tempest"), "0")
    assert not player.lands and player.goods["food"] == 5 and player.coins == 5


# --- Supply Round ---------------------------------------------------------------------------------

def test_supply_round_feeds_one_food_per_inhabitant():
    game, player = _one_seat(population=6, food=9)
    drive(supply_round(game, final=False))
    assert player.goods["food"] == 3 and player.population == 6


def test_supply_round_population_drops_to_what_the_food_can_feed():
    game, player = _one_seat(population=8, food=5)
    _, asked = drive(supply_round(game, final=False))
    assert asked == []                                # no choice: all the food must be used
    assert player.population == 5 and player.goods["food"] == 0
    assert events(game, "fed")[0]["starved"] == 3


def test_supply_round_missing_food_may_be_traded_two_luxury_goods_each():
    game, player = _one_seat(population=8, food=5, luxury=7)
    _, asked = drive(supply_round(game, final=False), "3")
    assert option_ids(asked[0]) == ["3", "2", "1", "0"]
    assert (player.population, player.goods["food"], player.luxury) == (8, 0, 1)
    game, player = _one_seat(population=8, food=5, luxury=7)
    drive(supply_round(game, final=False), "1")
    assert (player.population, player.goods["food"], player.luxury) == (6, 0, 5)


def test_supply_round_marked_buildings_are_completed_or_lost_and_the_coin_returns():
    game, player = _one_seat(wood=2, stone=1, buildings=[marked(building(cost={"wood": 2})),
                                                       marked(building(cost={"stone": 3}))])
    kept, doomed = player.buildings
    _, asked = drive(supply_round(game, final=False), "complete")
    assert option_ids(asked[0]) == ["complete", "lose"] and option_ids(asked[1]) == ["lose"]
    assert player.buildings == [kept] and not kept.marked and kept.coins == 0
    assert player.coins == 2 and player.goods == {"wood": 0, "stone": 1, "food": 0}


def test_supply_round_completion_may_use_luxury_goods_for_missing_resources():
    game, player = _one_seat(stone=1, luxury=4, buildings=[marked(building(cost={"stone": 3}))])
    drive(supply_round(game, final=False), "complete")
    assert player.luxury == 0 and player.goods["stone"] == 0 and not player.buildings[0].marked


# --- Luxury Goods ---------------------------------------------------------------------------------

def test_luxury_goods_from_storehouse_overflow_10_wood_10_stone_13_food():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, wood=9, stone=10, food=12,
                         lands=[land(income={"wood": 2, "stone": 1, "food": 3})])
    seat_player(game, 1)
    drive(round_income(game))
    assert player.goods == {"wood": 10, "stone": 10, "food": 13}
    assert player.luxury == 1 + 1 + 2


def test_luxury_goods_are_not_traded_while_the_resource_is_there():
    game = new_game(2)
    player = seat_player(game, 0, wood=2, luxury=10)
    drive(add_tile(game, player, building(cost={"wood": 2})), "build")
    assert player.luxury == 10 and player.goods["wood"] == 0


def test_luxury_goods_past_twenty_are_just_a_number():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, luxury=19, lands=[land(income={"wood": 15})])
    seat_player(game, 1)
    drive(round_income(game))
    assert player.luxury == 19 + 5 and coin_and_mat_problems(game) == []


# --- End of the Game ------------------------------------------------------------------------------

def test_end_of_the_game_last_round_stops_after_one_time_income():
    game = new_game(3)
    game.round = game.state.rounds
    names = [p.name for p in game.hook.list_round_phases(game=game)]
    assert names == ["reveal", "bidding", "turn_order", "add_tiles", "one_time_income"]
    assert [p.name for p in game.hook.list_final_phases(game=game)] == ["final_chits",
                                                                        "final_supply"]
    game.round = game.state.rounds - 1
    assert [p.name for p in game.hook.list_round_phases(game=game)][-2:] == ["income",
                                                                            "disaster_chits"]


def test_end_of_the_game_option_final_round_income():
    game = new_game(3, options={"final_round_income": True})
    game.round = game.state.rounds
    assert [p.name for p in game.hook.list_round_phases(game=game)][-1] == "income"


def test_end_of_the_game_last_chits_then_final_feeding_and_completion():
    from peloponnes.lab.simulate import run_game
    game = new_game(3)
    played = run_game(game.ruleset, game.scenario, 4, agent="random")
    log = [e for e in played.events if e.round == played.state.rounds + 1]
    kinds = [e.kind for e in log]
    assert kinds[0] == "game_end_signalled"
    assert kinds.index("supply_round") > max(i for i, k in enumerate(kinds) if k == "chit_revealed")
    assert log[kinds.index("supply_round")].data["final"] is True
    st = played.state
    assert not st.chits and sum(st.revealed.values()) == 15 and st.boxed_chits == ["blank"]
    assert sorted(st.fired) == sorted(game.components["disasters"])   # each struck once
    assert not any(p.marked for pl in st.players for p in pl.buildings)


# --- Final Score And Winner -----------------------------------------------------------------------

def test_final_score_prestige_is_tiles_plus_one_per_three_coins_population_three_each():
    game = new_game(2)
    seat_player(game, 0, coins=8, population=5, lands=[land(prestige=4)],
                buildings=[building(prestige=3)])
    score = game.hook.score_seat(game=game, seat=0)
    assert score.details["prestige"] == 4 + 3 + 2 and score.details["population"] == 15
    assert score.value == 9


def test_final_score_ties_go_to_the_larger_total_then_to_luxury_goods():
    game = new_game(3)
    seat_player(game, 0, population=4, lands=[land(prestige=12)], luxury=1)      # 12 / 12
    seat_player(game, 1, population=6, lands=[land(prestige=12)], luxury=0)      # 12 / 18
    seat_player(game, 2, population=6, lands=[land(prestige=12)], luxury=3)      # 12 / 18
    keys = [game.hook.score_seat(game=game, seat=s).key for s in range(3)]
    assert keys[2] > keys[1] > keys[0]


# --- Solo Game ------------------------------------------------------------------------------------

def test_solo_game_five_tiles_without_the_conquest_tile():
    game = new_game(1)
    assert game.hook.count_revealed(game=game) == (5, 0)
    drive(reveal(game))
    assert len(game.state.slots) == 5 and not any(s.conquest for s in game.state.slots)


def test_solo_game_buys_one_tile_at_its_minimum_bid():
    game = new_game(1)
    st = game.state
    player = seat_player(game, 0, coins=4)
    slots(game, land(bid=5, income={"wood": 1}), land(bid=3, income={"food": 1}),
          land(bid=4, income={"stone": 1}))
    _, asked = drive(solo_purchase(game), "tile:2")
    assert option_ids(asked[0]) == ["pass", "tile:1", "tile:2"]     # 5 is out of reach
    assert player.coins == 0 and st.bids[0].amount == 4 and st.slots[2].bid.seat == 0
    bought = st.slots[2].card
    drive(add_tiles(game))
    assert [p.tile for p in player.lands] == [bought] and len(st.boxed) == 2


def test_solo_game_the_player_chooses_any_civilization():
    game = new_game(1)
    st = game.state
    _, asked = drive(choose_solo_civilization(game), "argos")
    assert len(asked[0].options) == len(game.components["civilizations"])
    player = st.players[0]
    assert player.civilization["name"] == "Argos" and player.coins == 5
    assert player.population == 2 and game.invariant_violations() == []


def test_solo_game_pass_takes_three_coins():
    game = new_game(1)
    player = seat_player(game, 0, coins=1)
    slots(game, land(bid=1, income={"wood": 1}))
    drive(bidding(game), "pass")
    assert player.coins == 4
