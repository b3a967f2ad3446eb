"""Board-game rules D.-G.: Add Tiles To Civilizations, One-time Income, Income For The Round,
Reveal Disaster Chits (one unit test or a few per rule, named after its rulebook section)."""
from __future__ import annotations

from collections import Counter

import pytest

from peloponnes.core import Decision
from peloponnes.variants.boardgame.disasters import reveal_chits
from peloponnes.variants.boardgame.rules import (
    add_tile,
    add_tiles,
    one_time_income,
    round_income,
)
from peloponnes.variants.boardgame.state import Placed
from peloponnes.variants.boardgame.supply import supply_round
from peloponnes.variants.common.auction import Bid

from .kit import (
    building,
    civilization,
    coin_and_mat_problems,
    drive,
    land,
    marked,
    new_game,
    option_ids,
    printed,
    seat_player,
    slots,
)

# --- D. Add Tiles To Civilizations ----------------------------------------------------------------

def test_d_add_tiles_building_paid_with_wood_and_stone():
    game = new_game(2)
    player = seat_player(game, 0, wood=3, stone=3, coins=2)
    t = building(cost={"wood": 2, "stone": 1})
    _, asked = drive(add_tile(game, player, t), "build")
    assert option_ids(asked[0]) == ["build", "mark"]
    assert player.goods == {"wood": 1, "stone": 2, "food": 0}
    assert [p.tile for p in player.buildings] == [t] and not player.buildings[0].marked


def test_d_add_tiles_marked_building_and_placed_land_tile():
    game = new_game(2)
    player = seat_player(game, 0, wood=3, stone=3, coins=2)
    b, t = building(cost={"wood": 2, "stone": 1}), land(income={"wood": 1})
    _, asked = drive(add_tile(game, player, b), "mark")
    drive(add_tile(game, player, t))
    (decision,) = asked
    assert decision == Decision(0, "build", f"You won {b['name']}: build or mark?",
                                decision.options, decision.rule)
    assert decision.rule == "boardgame: D. Add Tiles To Civilizations: Placing The New Tiles"
    for placed, (tile, marked_, coins) in zip(player.buildings + player.lands,
                                              [(b, True, 1), (t, False, 0)], strict=True):
        assert isinstance(placed, Placed)
        assert (placed.tile, placed.marked, placed.coins) == (tile, marked_, coins)


def test_d_add_tiles_paying_for_a_building_leaves_its_cost_alone():
    """Building and completing options carry the cost to pay; paying with one changes neither
    its value nor the tile's cost."""
    t = building(cost={"wood": 2, "stone": 1})
    game = new_game(2)
    player = seat_player(game, 0, wood=3, stone=3, coins=2)
    _, (first,) = drive(add_tile(game, player, t), "build")
    assert player.goods == {"wood": 1, "stone": 2, "food": 0}
    assert first.prompt == f"You won {t['name']}: build or mark?"
    assert option_ids(first) == ["build", "mark"]
    assert first.options[0].value == t["cost"] == {"wood": 2, "stone": 1}
    assert first.options[0].value is not t["cost"]
    game = new_game(2)
    player = seat_player(game, 0, wood=3, stone=3, coins=2, buildings=[marked(t)])
    _, asked = drive(supply_round(game, final=False), "complete")
    (complete,) = [d for d in asked if d.kind == "complete"]
    assert option_ids(complete) == ["complete", "lose"]
    assert complete.options[0].label == f"Complete {t['name']} (cost 2 wood, 1 stone)"
    assert player.goods["wood"] == 1 and t["cost"] == {"wood": 2, "stone": 1}


def test_d_add_tiles_building_marked_with_a_coin_when_not_paid():
    game = new_game(2)
    player = seat_player(game, 0, coins=2)
    drive(add_tile(game, player, building(cost={"stone": 4})))     # only "mark" is offered
    assert player.buildings[0].marked and player.buildings[0].coins == 1 and player.coins == 1
    assert player.new_tile is player.buildings[0]


def test_d_add_tiles_building_lost_without_resources_or_a_coin():
    game = new_game(2)
    player = seat_player(game, 0)
    t = building(cost={"stone": 4})
    drive(add_tile(game, player, t))
    assert not player.buildings and t in game.state.boxed and player.new_tile is None


@pytest.mark.parametrize("goods, offered", [
    ({"wood": 3, "coins": 1}, ["build", "mark"]),
    ({"wood": 1, "luxury": 4}, ["build", "mark"]),      # 2 wood for 4 luxury, or 1 coin for 2
    ({"luxury": 2}, ["mark"]),                           # a coin traded 2:1 marks it
    ({"wood": 3}, ["build"]),
])
def test_d_add_tiles_a_building_is_removed_only_when_it_can_be_neither_built_nor_marked(
        goods, offered):
    """D. Placing The New Tiles: "If he does not have enough resources or a coin to mark the
    Building, the Tile is removed": giving it up is never among the options (the card game's
    defect, checked here for the board game)."""
    game = new_game(2)
    player = seat_player(game, 0, **goods)
    gen = add_tile(game, player, building(cost={"wood": 3}))
    if len(offered) == 1:
        drive(gen)
        assert player.buildings and player.buildings[0].marked == (offered == ["mark"])
    else:
        assert option_ids(next(gen)) == offered


def test_d_add_tiles_missing_resources_paid_with_two_luxury_goods_each():
    game = new_game(2)
    player = seat_player(game, 0, wood=1, luxury=4)
    drive(add_tile(game, player, building(cost={"wood": 3})), "build")
    assert player.goods["wood"] == 0 and player.luxury == 0 and not player.buildings[0].marked
    poorer = seat_player(game, 1, wood=1, luxury=3, coins=1)
    _, asked = drive(add_tile(game, poorer, building(cost={"wood": 3})))
    assert [d.kind for d in asked] == ["build"] and option_ids(asked[0]) == ["mark"]


def test_d_add_tiles_land_must_share_a_resource_with_its_neighbour():
    game = new_game(2)
    player = seat_player(game, 0, lands=[land(income={"stone": 3})])
    food_only = land(income={"food": 3})
    drive(add_tile(game, player, food_only))
    assert len(player.lands) == 1 and food_only in game.state.boxed
    wood_and_stone = land(income={"wood": 1, "stone": 1})
    drive(add_tile(game, player, wood_and_stone))
    assert player.lands[-1].tile is wood_and_stone
    drive(add_tile(game, player, land(income={"wood": 2})))           # matches the last one
    assert len(player.lands) == 3


def test_d_add_tiles_first_land_tile_may_be_any_type():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(income={"stone": 1}))
    drive(add_tile(game, player, land(income={"food": 3})))
    assert len(player.lands) == 1


def test_d_add_tiles_barracks_wildcard_places_any_land_tile():
    game = new_game(2)
    player = seat_player(game, 0, lands=[land(income={"stone": 3})],
                         buildings=[printed(game, "A11")])
    drive(add_tile(game, player, land(income={"food": 3})))
    assert len(player.lands) == 2


def test_d_add_tiles_coins_bid_go_to_the_bank_and_unclaimed_tiles_leave_the_game():
    game = new_game(2)
    st = game.state
    seat_player(game, 0)
    seat_player(game, 1)
    won, unclaimed = land(income={"wood": 1}), land(income={"food": 1})
    slots(game, won, unclaimed)
    st.slots[0].bid = Bid(1, 4, 4)
    st.bank -= 4                                       # the coins under the tile
    st.order = [1, 0]
    bank = st.bank
    drive(add_tiles(game))
    assert st.bank == bank + 4 and st.slots == []
    assert st.players[1].lands[0].tile is won and unclaimed in st.boxed
    assert coin_and_mat_problems(game) == []


# --- E. Increase Population And Earn One-time Income ----------------------------------------------

def test_e_one_time_income_new_inhabitants_coins_luxury_and_goods():
    game = new_game(2)
    st = game.state
    st.order = [0, 1]
    odeon = seat_player(game, 0, population=2, coins=1)
    drive(add_tile(game, odeon, printed(game, "B03")))      # Epidauros Odeon: +3L +3p (marked)
    land_owner = seat_player(game, 1, population=1, food=12)
    drive(add_tile(game, land_owner, land(one_time={"coins": 5, "inhabitants": 1, "food": 3},
                                          income={"food": 1})))
    one_time_income(game)
    assert (odeon.population, odeon.luxury) == (5, 3)
    assert (land_owner.population, land_owner.coins) == (2, 5)
    assert land_owner.goods["food"] == 13 and land_owner.luxury == 2   # storehouse overflow
    assert odeon.new_tile is None and land_owner.new_tile is None


def test_e_one_time_income_barracks_loses_two_inhabitants_never_below_zero():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, population=1, wood=1, stone=2)
    drive(add_tile(game, player, printed(game, "A11")))       # built: no coin to mark it
    one_time_income(game)
    assert player.population == 0 and player.coins == 4


def test_e_one_time_income_is_kept_when_the_building_is_lost_later():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, population=2, coins=1)
    drive(add_tile(game, player, building(cost={"stone": 9}, one_time={"inhabitants": 3})))
    one_time_income(game)
    seat_player(game, 1)
    drive(supply_round(game, final=False))         # no food, no stone: the building is lost
    assert not player.buildings and player.coins == 1           # the coin came back
    assert player.population == 0


# --- F. Earn Income For The Round -----------------------------------------------------------------

def test_f_income_from_every_tile_and_the_civilization_plus_coins_by_population():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, civ=civilization(income={"wood": 1, "food": 1}), population=6,
                         buildings=[marked(building(income={"stone": 2}))],   # usable at once
                         lands=[land(income={"food": 2, "wood": 1})])
    seat_player(game, 1)
    drive(round_income(game))
    assert player.goods == {"wood": 2, "stone": 2, "food": 3}
    assert player.coins == 3                                    # 6 inhabitants -> 3 coins


def test_f_income_choice_tile_gives_one_of_wood_stone_food_or_a_coin():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, buildings=[printed(game, "A15")])      # Port: choice
    seat_player(game, 1)
    _, asked = drive(round_income(game), "coins")
    assert option_ids(asked[0]) == ["wood", "stone", "food", "coins"]
    assert player.coins == 1 + 1                  # the choice + 1 coin for 0 inhabitants


def test_f_income_arkadia_gains_its_inhabitant_before_its_coin_income():
    game = new_game(2)
    game.state.order = [0, 1]
    arkadia = next(c for c in game.components["civilizations"] if c["name"] == "Arkadia")
    player = seat_player(game, 0, civ=arkadia, population=4)
    seat_player(game, 1)
    drive(round_income(game))
    assert player.population == 5 and player.coins == 3        # 5 -> 3 coins (4 would give 2)


@pytest.mark.parametrize("population, coins, luxury", [(13, 5, 0), (14, 5, 2), (17, 5, 4),
                                                        (25, 5, 6), (2, 1, 0), (3, 2, 0)])
def test_f_income_coins_by_population_and_luxury_goods_from_fourteen_inhabitants(
        population, coins, luxury):
    game = new_game(2)
    assert game.hook.compute_income(game=game, seat=0, population=population) == (coins, luxury)


# --- G. Reveal Disaster Chits ---------------------------------------------------------------------

def test_g_reveal_disaster_chits_two_each_round_the_blank_goes_back_in_the_box():
    game = new_game(2)
    st = game.state
    st.chits = ["plague", "drought", "blank"]
    drive(reveal_chits(game, final=False))
    assert st.chits == ["plague"] and st.boxed_chits == ["blank"]
    assert st.revealed == Counter(drought=1) and st.fired == []


def test_g_the_third_chit_of_a_kind_fires_its_disaster_at_once():
    game = new_game(2)
    st = game.state
    st.order = [0, 1]
    player = seat_player(game, 0, population=9)
    seat_player(game, 1)
    st.revealed = Counter(plague=2)
    st.chits = ["tempest", "plague"]
    drive(reveal_chits(game, final=False))
    kinds = [e.kind for e in game.events if e.kind in ("chit_revealed", "disaster")]
    assert kinds == ["chit_revealed", "disaster", "chit_revealed"]    # before the next chit
    assert st.fired == ["plague"] and player.population == 6
