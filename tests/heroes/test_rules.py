"""A test per rule of Heroes & Colonies, named after the rulebook section it checks (the English
digest's headings): Setup changes, Changes to the flow of a round, Strength, Persians,
Mercenaries (the sections after them: ``test_rules_conflict_end.py``)."""
from __future__ import annotations

from collections import Counter

import pytest

from peloponnes.core import Decision, Option
from peloponnes.core.errors import ConfigError
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.variants.boardgame.disasters import reveal_chits
from peloponnes.variants.boardgame.rules import add_tiles
from peloponnes.variants.boardgame.state import Placed, tile_name
from peloponnes.variants.boardgame.supply import supply_round
from peloponnes.variants.common.auction import Bid, Slot
from peloponnes.variants.heroes.persians import persian_attack
from peloponnes.variants.heroes.schema import colony_mat
from peloponnes.variants.heroes.state import table
from peloponnes.variants.heroes.strength import raise_strength

from .kit import building, drive, events, land, marked, new_game, option_ids, plain_table, seat


def won(game, s, tile):
    game.state.slots.append(Slot(len(game.state.slots), tile, conquest=False, bid=Bid(s, 0, 0)))


def pile(game, chits: list[str], values: list | None = None) -> None:
    """Lay the face-down chits (top = last) and their values (None for non-Persian chits)."""
    game.state.chits[:] = chits
    table(game).pile_values[:] = values or [None] * len(chits)


# --- Setup changes --------------------------------------------------------------------------------

def test_setup_changes_hero_red_side_colony_board_3_clovers_and_start_goods():
    game = new_game(4, seed=7)
    st, ht = game.state, table(game)
    assert len({hp.hero["id"] for hp in ht.players}) == 4
    assert len({hp.colony["id"] for hp in ht.players}) == 4
    for hp in ht.players:
        player = st.players[hp.seat]
        assert not hp.flipped and hp.clovers == 3 and hp.mercenaries == 0
        assert hp.strength == hp.hero["start"].get("strength", 0)     # 0 unless the hero says
        assert player.mat == colony_mat(game.components, hp.colony)
        civ = player.civilization
        assert player.coins == civ["coins"] + hp.hero["start"].get("coins", 0)
        assert player.population == civ["inhabitants"] + hp.hero["start"].get("inhabitants", 0)
    assert len(st.chits) == 24 and Counter(st.chits)["persians"] == 8
    values = [v for v in ht.pile_values if v is not None]
    assert sorted(values) == sorted(game.components["expansion"]["persian_chits"]["values"])
    assert [v is not None for v in ht.pile_values] == [c == "persians" for c in st.chits]
    assert game.invariant_violations() == []


def test_setup_changes_first_turn_order_by_hero_number_miletus_first_apollonia_last():
    numbers = None
    for seed in range(40):
        game = new_game(5, seed=seed)
        ht = table(game)
        numbers = game.components["expansion"]["turn_order"]["heroes"]
        colonies = {hp.seat: hp.colony["id"] for hp in ht.players}
        order = game.state.order
        middle = [s for s in order if colonies[s] not in ("miletus", "apollonia")]
        assert middle == sorted(middle, key=lambda s: numbers[ht.by_seat(s).hero["id"]])
        if "miletus" in colonies.values():
            assert colonies[order[0]] == "miletus"
        if "apollonia" in colonies.values():
            assert colonies[order[-1]] == "apollonia"
    assert numbers


@pytest.mark.parametrize("players", [2, 8])
def test_setup_changes_two_to_eight_players_with_sikyon_as_eighth_civilization(players):
    game = new_game(players)
    assert len(game.state.players) == players
    if players == 8:
        assert "sikyon" in [p.civilization["id"] for p in game.state.players]
    for n in (1, 9):
        with pytest.raises(ConfigError, match="heroes is for 2-8 players"):
            load_ruleset(Scenario.quick("heroes", n))


# --- Changes to the flow of a round ---------------------------------------------------------------

def test_flow_of_a_round_three_chits_at_the_end_of_each_round():
    game = new_game(3)
    plain_table(game)
    pile(game, ["blank", "plague", "drought", "decline", "tempest"])
    drive(reveal_chits(game, final=False))
    assert len(game.state.chits) == 2
    assert game.hook.count_disaster_chits(game=game, final=False) == 3
    assert game.hook.count_disaster_chits(game=game, final=True) == 3


def test_flow_of_a_round_same_disaster_twice_in_a_row_second_under_the_second_stack():
    game = new_game(3)
    plain_table(game)
    pile(game, ["drought", "decline", "plague", "tempest", "tempest"])
    drive(reveal_chits(game, final=False))
    st = game.state
    assert [e["chit"] for e in events(game, "chit_revealed")] == ["tempest", "plague", "decline"]
    assert st.chits == ["tempest", "drought"]                          # the second under the pile
    (put,) = events(game, "chit_put_under")
    assert put["chit"] == "tempest" and "twice in a row" in put["rule"]


def test_flow_of_a_round_same_disaster_counts_when_no_other_kind_is_face_down():
    game = new_game(3)
    plain_table(game)
    pile(game, ["plague", "plague"])
    drive(reveal_chits(game, final=False))
    assert game.state.revealed["plague"] == 2 and events(game, "chit_put_under") == []


def test_flow_of_a_round_a_blank_between_two_chits_of_a_disaster_separates_them():
    game = new_game(3)
    plain_table(game)
    pile(game, ["drought", "plague", "blank", "plague"])
    drive(reveal_chits(game, final=False))
    assert game.state.revealed["plague"] == 2 and events(game, "chit_put_under") == []


def test_flow_of_a_round_persian_chit_values_follow_their_chits_under_the_stack():
    game = new_game(3)
    plain_table(game)
    pile(game, ["drought", "persians", "persians", "plague", "persians"],
         [None, 3, 0, None, 2])
    drive(reveal_chits(game, final=False))
    ht = table(game)
    assert ht.persian_values == [2, 0]                                # persians, plague, persians
    pile_now = list(zip(game.state.chits, ht.pile_values, strict=True))
    assert pile_now == [("drought", None), ("persians", 3)]
    assert not any("out of step" in v for v in game.invariant_violations())


# --- Strength -----------------------------------------------------------------------------------

def test_strength_new_landscape_2_food_for_its_prestige():
    game = new_game(2)
    plain_table(game, food=3)
    won(game, 0, land(prestige=3, income={"food": 1}))
    _, asked = drive(add_tiles(game), "raise")
    assert asked[0].kind == "raise_strength" and asked[0].rule == "heroes: Strength"
    assert table(game).by_seat(0).strength == 3 and game.state.players[0].goods["food"] == 1


def test_strength_offer_names_the_tile_the_gain_and_the_cost():
    game = new_game(2)
    plain_table(game, food=3)
    tile = land(prestige=3, income={"food": 1})
    offer = next(raise_strength(game, table(game).by_seat(0), Placed(tile)))
    assert offer == Decision(0, "raise_strength", f"{tile_name(tile)}: raise your Strength (0) by"
                             " 3 for 2 food?", offer.options, "heroes: Strength")
    assert [o.id for o in offer.options] == ["raise", "skip"]
    assert offer.options[0].value == {"gain": 3, "cost": {"food": 2}}


def test_strength_is_optional_and_needs_the_goods_in_the_storehouse():
    game = new_game(2)
    plain_table(game, food=3)
    won(game, 0, land(prestige=3, income={"food": 1}))
    drive(add_tiles(game), "skip")
    assert table(game).by_seat(0).strength == 0 and game.state.players[0].goods["food"] == 3
    game.state.players[0].goods["food"] = 1
    game.state.players[0].luxury = 10                                 # luxury does not pay
    won(game, 0, land(prestige=3, income={"food": 1}))
    _, asked = drive(add_tiles(game))
    assert asked == []


def test_strength_not_for_a_building_marked_with_a_coin_nor_when_completing_it():
    game = new_game(2)
    plain_table(game, coins=2, wood=1, stone=1)
    won(game, 0, building(prestige=5, cost={"stone": 4}))
    _, asked = drive(add_tiles(game))
    assert [d.kind for d in asked] == ["build"]                       # mark only: no Strength
    assert game.state.players[0].buildings[0].marked
    seat(game, 0, hero="sisyphus", colony="massilia", wood=2, stone=6,
         buildings=[marked(building(prestige=5, cost={"stone": 4}))])
    _, asked = drive(supply_round(game, final=False), "complete")
    assert "raise_strength" not in [d.kind for d in asked]


def test_strength_never_exceeds_29():
    game = new_game(2)
    plain_table(game, food=4)
    table(game).by_seat(0).strength = 27
    won(game, 0, land(prestige=4, income={"food": 1}))
    drive(add_tiles(game), "raise")
    assert table(game).by_seat(0).strength == 29
    won(game, 0, land(prestige=4, income={"food": 1}))
    _, asked = drive(add_tiles(game))
    assert asked == []                                                # at the cap: not offered


def test_strength_raised_in_the_new_turn_order_after_each_tile():
    game = new_game(3)
    plain_table(game, food=4)
    game.state.order = [2, 0, 1]
    for s in (0, 1, 2):
        won(game, s, land(prestige=2, income={"food": 1}))
    _, asked = drive(add_tiles(game), "raise", "raise", "skip")
    assert [d.seat for d in asked] == [2, 0, 1]
    kinds = [e.kind for e in game.events if e.kind in ("tile_added", "strength_bought")]
    assert kinds == ["tile_added", "strength_bought", "tile_added", "strength_bought",
                     "tile_added"]


# --- Persians and Mercenaries ---------------------------------------------------------------------

def test_persians_attack_after_the_3rd_and_6th_chit_and_ignore_the_7th_and_8th():
    game = new_game(2)
    plain_table(game)
    pile(game, ["persians"] * 8, [1] * 8)
    for _ in range(3):
        drive(reveal_chits(game, final=False))
        game.round += 1
    attacks = events(game, "persian_attack")
    assert [(a["attack"], a["values"]) for a in attacks] == [(1, [1, 1, 1]), (2, [1] * 6)]
    assert game.state.revealed["persians"] == 8 and len(game.state.fired) == 2


def test_persians_strength_is_players_times_all_revealed_persian_chits():
    game = new_game(3)
    plain_table(game)
    ht = table(game)
    ht.persian_values[:] = [1, 0, 2, 3, 1, 2]
    game.state.revealed["persians"] = 6
    for hp, s in zip(ht.players, (9, 9, 9), strict=True):
        hp.strength = s
    drive(persian_attack(game))
    (attack,) = events(game, "persian_attack")
    assert (attack["attack"], attack["persians"], attack["players"]) == (2, 27, 27)
    assert attack["repelled"] is True                                 # at least as strong


def test_persians_second_attack_lost_everyone_loses_his_best_tile_his_choice_among_ties():
    game = new_game(2)
    plain_table(game)
    best_a, best_b = land(prestige=5), building(prestige=5)
    a = seat(game, 0, coins=0, lands=[land(prestige=2), best_a],
             buildings=[marked(best_b)])
    seat(game, 1, lands=[land(prestige=1)])
    game.state.order = [0, 1]
    ht = table(game)
    ht.persian_values[:] = [3] * 6
    game.state.revealed["persians"] = 6
    _, asked = drive(persian_attack(game), best_b["id"])
    assert option_ids(asked[0]) == [best_b["id"], best_a["id"]]
    offered = asked[0].options
    assert list(offered) == [Option(o.value.tile["id"], f"Lose {tile_name(o.value.tile)} (5 PP)",
                                    o.value) for o in offered]
    player = game.state.players[0]
    assert [p.id for p in player.tiles()] == [player.lands[0].id, best_a["id"]]
    assert player.coins == 1                                          # the marking coin is back
    assert game.state.players[1].lands == []
    assert not a.flipped


def test_persians_repelled_everyone_halves_then_hires_mercenaries_in_turn_order():
    game = new_game(3)
    plain_table(game, coins=3)
    game.state.order = [2, 0, 1]
    ht = table(game)
    for hp, s in zip(ht.players, (9, 4, 1), strict=True):
        hp.strength = s
    ht.persian_values[:] = [0, 1, 0]
    game.state.revealed["persians"] = 3
    _, asked = drive(persian_attack(game), "2", "1")
    assert [d.seat for d in asked] == [0, 1]                          # seat 2: Strength 0
    assert [hp.strength for hp in ht.players] == [4 + 2, 2 + 1, 0]
    assert [hp.mercenaries for hp in ht.players] == [2, 1, 0]
    assert all(not hp.flipped for hp in ht.players)
