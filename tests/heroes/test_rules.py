"""A test per rule of Heroes & Colonies, named after the rulebook section it checks (the English
digest's headings: Setup changes, Changes to the flow of a round, Strength, Persians, Mercenaries,
Internal conflict, End of game, Scoring, Negotiation variant)."""
from __future__ import annotations

from collections import Counter

import pytest

from peloponnes.core import Decision, Option, hookimpl
from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.variants.boardgame.disasters import reveal_chits
from peloponnes.variants.boardgame.rules import ROUND_PHASES as BOARD_ROUND_PHASES
from peloponnes.variants.boardgame.rules import add_tiles
from peloponnes.variants.boardgame.state import Placed, tile_name
from peloponnes.variants.boardgame.supply import supply_round
from peloponnes.variants.common.auction import Bid, Slot
from peloponnes.variants.heroes.conflict import internal_conflict
from peloponnes.variants.heroes.persians import persian_attack
from peloponnes.variants.heroes.schema import colony_mat
from peloponnes.variants.heroes.state import clover_split, clover_split_by_trial, table
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


def test_strength_offer_is_the_decision_its_class_builds():
    # offer_strength builds its Decision without calling the class (core.decisions.new_object)
    game = new_game(2)
    plain_table(game, food=3)
    tile = land(prestige=3, income={"food": 1})
    offer = next(raise_strength(game, table(game).by_seat(0), Placed(tile)))
    assert type(offer) is Decision
    assert offer == Decision(0, "raise_strength", f"{tile_name(tile)}: raise your Strength (0) by"
                             " 3 for 2 food?", offer.options, "heroes: Strength")
    assert [o.id for o in offer.options] == ["raise", "skip"]


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
    # (the options, built without calling Option, are the class's own)
    offered = asked[0].options
    assert all(type(o) is Option for o in offered)
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


# --- Internal conflict ----------------------------------------------------------------------------

def test_internal_conflict_after_feeding_and_completing_at_each_supply_round():
    game = new_game(2)
    plain_table(game, population=2, food=5)
    drive(supply_round(game, final=False))
    kinds = [e.kind for e in game.events if e.kind in ("fed", "internal_conflict")]
    assert kinds == ["fed", "fed", "internal_conflict"]
    drive(supply_round(game, final=True))
    assert events(game, "internal_conflict")[-1]["final"] is True


def test_internal_conflict_ties_are_broken_by_the_current_turn_order():
    game = new_game(4)
    players = plain_table(game, population=2)
    for hp in players:
        hp.strength = 5
    game.state.order = [2, 0, 3, 1]
    drive(internal_conflict(game, final=False))
    (conflict,) = events(game, "internal_conflict")
    assert (conflict["strongest"], conflict["weakest"]) == ([2], [1])


def test_internal_conflict_nothing_is_taken_from_nothing():
    game = new_game(2)
    a, b = plain_table(game)
    a.strength = 4
    b.clovers, a.clovers = 0, 6
    drive(internal_conflict(game, final=False))
    assert (a.clovers, b.clovers) == (6, 0)
    assert game.state.players[0].population == 0
    assert events(game, "conflict_taken")[0]["inhabitants"] == 0
    assert a.strength == 2                                            # still halves


@pytest.mark.parametrize("players", [5, 8])
def test_internal_conflict_5_to_8_players_two_strongest_from_two_weakest(players):
    game = new_game(players)
    table_ = plain_table(game, population=3)
    for hp in table_:
        hp.strength = 10 + hp.seat                                    # seat n-1 strongest
    drive(internal_conflict(game, final=False))
    (conflict,) = events(game, "internal_conflict")
    assert conflict["strongest"] == [players - 1, players - 2]
    assert conflict["weakest"] == [0, 1]
    assert [hp.clovers for hp in table_][:2] == [2, 2]
    assert table_[-1].clovers == table_[-2].clovers == 4
    assert (table_[-1].strength, table_[-2].strength) == ((9 + players) // 2, (8 + players) // 2)


# --- End of game ----------------------------------------------------------------------------------

def test_the_expansions_round_phases_follow_the_phases_given_when_they_change_mid_game():
    """The expansion keeps its last answer for the same phases given (round_phases): a house
    rule whose phases change from round to round still gets the orange heroes' losses after F.
    every round and F. again in the last round, and each answer is the caller's own list."""
    class NoRevealInEvenRounds:
        @hookimpl
        def list_round_phases(self, game):
            phases = list(BOARD_ROUND_PHASES)
            return phases if game.round % 2 else [p for p in phases if p.name != "reveal"]

    game = new_game(3, house_rules=[NoRevealInEvenRounds()])
    for round_ in (1, 2, 3, 4, 5):
        game.round = round_
        names = [p.name for p in game.hook.list_round_phases(game=game)]
        assert ("reveal" in names) == bool(round_ % 2)
        assert names[names.index("income") + 1] == "hero_losses"
    game.round = game.state.rounds          # the house rule's F. is kept, not added twice
    names = [p.name for p in game.hook.list_round_phases(game=game)]
    assert names.count("income") == 1 and names[-1] == "disaster_chits"
    game.hook.list_round_phases(game=game).clear()      # a caller changing its answer
    assert game.hook.list_round_phases(game=game)


def test_end_of_game_final_income_then_the_last_3_chits_then_a_final_supply_with_conflict():
    game = new_game(3)
    game.round = game.state.rounds
    names = [p.name for p in game.hook.list_round_phases(game=game)]
    assert names[-3:] == ["one_time_income", "income", "hero_losses"]
    assert "disaster_chits" not in names
    game.round = 1
    names = [p.name for p in game.hook.list_round_phases(game=game)]
    assert names[-3:] == ["income", "hero_losses", "disaster_chits"]
    finals = [p.name for p in game.hook.list_final_phases(game=game)]
    assert finals == ["final_chits", "final_supply"]
    ruleset, sc = load_ruleset(Scenario.quick("heroes", 3, seed=4))
    from peloponnes.lab.simulate import run_game
    played = run_game(ruleset, sc, 4, agent="random")
    last = [e for e in played.events if e.round == played.state.rounds + 1]
    revealed = [e for e in last if e.kind == "chit_revealed"]
    assert len(revealed) == 3 or not played.state.chits
    assert [e.kind for e in last if e.kind in ("supply_round", "internal_conflict")] == \
        ["supply_round", "internal_conflict"]
    assert any(e.kind == "income" for e in played.events if e.round == played.state.rounds)


# --- Scoring ------------------------------------------------------------------------------------

def test_scoring_prestige_population_mercenaries_and_clovers_to_maximise_the_lower():
    game = new_game(2)
    plain_table(game)
    seat(game, 0, colony="byzantium", hero="helen", population=3, coins=9, mercenaries=2,
         clovers=3, lands=[land(prestige=5)], luxury=4)
    helen = table(game).by_seat(0).hero["red"]["prestige"]
    score = game.hook.score_seat(game=game, seat=0)
    prestige = 5 + helen + 9 // 4                                     # Byzantium: 4 coins a point
    population = 3 * 4 + 2                                            # 4 a head + mercenaries
    best = max(min(prestige + 2 * k, population + 2 * (3 - k)) for k in range(4))
    assert score.value == best
    assert score.details["clovers_to_prestige"] == 3 and score.tiebreak[1] == 4
    table(game).by_seat(0).flipped = True                             # orange: no hero prestige
    assert game.hook.score_seat(game=game, seat=0).details["hero"] == 0


def test_scoring_clover_split_worked_out_is_the_best_split_fewest_clovers_on_ties():
    for points in (0, 1, 2, 3):
        for clovers in range(10):
            for prestige in range(-3, 30):
                for population in range(-3, 30):
                    assert clover_split(prestige, population, clovers, points) == \
                        clover_split_by_trial(prestige, population, clovers, points), \
                        (prestige, population, clovers, points)
    assert clover_split(10, 10, 3, 2) == 1          # 12 / 14 beats 10 / 16, fewest on a tie


# --- Negotiation variant --------------------------------------------------------------------------

def test_negotiation_variant_colonies_then_heroes_then_the_goods():
    ruleset, sc = load_ruleset(Scenario.quick("heroes", 2, seed=3,
                                              options={"negotiation": True}))
    game = Game(ruleset, sc)
    names = []
    game.hook.setup_game(game=game)
    for phase in game.hook.list_setup_phases(game=game):
        names.append(phase.name)
    assert names == ["colony_offers", "hero_offers", "hero_goods"]
    st, ht = game.state, table(game)
    assert [p.coins for p in st.players] == [p.civilization["coins"] for p in st.players]
    assert all(p.population == 0 and sum(p.goods.values()) == 0 for p in st.players)
    assert [ht.by_seat(s).strength for s in (0, 1)] == [0, 0]        # hero goods wait
    civ_order = sorted((0, 1), key=lambda s: st.players[s].civilization["number"])
    assert [s for s in st.order if ht.by_seat(s).colony["turn_order"] == ""] == \
        [s for s in civ_order if ht.by_seat(s).colony["turn_order"] == ""]
    first, second = st.order
    colonies = [ht.by_seat(s).colony["id"] for s in (first, second)]
    phases = game.hook.list_setup_phases(game=game)
    _, asked = drive(phases[0].run(game), f"seat:{second}", "1", "accept", "none")
    assert [ht.by_seat(s).colony["id"] for s in (first, second)] == colonies[::-1]
    assert st.players[first].mat["colony"] == colonies[1]
    drive(phases[1].run(game), f"seat:{second}", "0", "refuse", "none")
    assert events(game, "offer")[-1]["accepted"] is False
    phases[2].run(game)
    for hp in ht.players:
        player = st.players[hp.seat]
        assert player.population == player.civilization["inhabitants"] + \
            hp.hero["start"].get("inhabitants", 0)
        assert hp.strength == hp.hero["start"].get("strength", 0)
    assert game.invariant_violations() == []


def test_negotiation_hero_swap_moves_each_ability_with_its_hero():
    """A hero changing hands (``swap_heroes``) takes its ability along (``HeroesPlayer.ability``
    is kept beside ``hero`` for speed): Sisyphus' cheaper minimum bid follows him."""
    from peloponnes.variants.heroes.setup import swap_heroes

    from .kit import hero

    game = new_game(2, options={"negotiation": True})
    ht = table(game)
    ht.by_seat(0).set_hero(hero(game, "sisyphus"))
    ht.by_seat(1).set_hero(hero(game, "achilles"))
    card = {"bid": 3}
    assert [game.hook.minimum_bid(game=game, seat=s, card=card, conquest=False)
            for s in (0, 1)] == [2, 3]
    swap_heroes(game, 0, 1)
    assert [ht.by_seat(s).ability["kind"] for s in (0, 1)] == ["extra_strength", "bid_bonus"]
    assert [game.hook.minimum_bid(game=game, seat=s, card=card, conquest=False)
            for s in (0, 1)] == [3, 2]
    assert game.invariant_violations() == []


def test_negotiation_variant_first_turn_order_by_civilization_number_after_a_colony_swap():
    """Onderhandelingsvariant: "De speelvolgorde wordt bepaald door het getal linksonder op elke
    Beschavingstegel" — and Miletus is start player in every round. When Miletus changes hands
    in the offers, its former owner falls back to his civilization number's place, behind the
    civilizations numbered before his."""
    from peloponnes.variants.heroes.negotiation import colony_offers, hero_goods, hero_offers
    from peloponnes.variants.heroes.setup import colony_order, mat_for

    from .kit import colony

    game = new_game(3, options={"negotiation": True})
    st, ht = game.state, table(game)
    a, b, c = sorted(range(3), key=lambda s: st.players[s].civilization["number"])
    for s, colony_id in ((a, "massilia"), (b, "miletus"), (c, "salamis")):
        ht.by_seat(s).colony = colony(game, colony_id)
        st.players[s].mat = mat_for(game, s)
    st.order = colony_order(game, [a, b, c])
    assert st.order == [b, a, c]                                     # Miletus starts

    drive(colony_offers(game), "none", "none", f"seat:{b}", "0", "accept")   # c buys Miletus
    drive(hero_offers(game), "none", "none", "none")
    hero_goods(game)

    assert ht.by_seat(c).colony["id"] == "miletus"
    assert st.order == [c, a, b]                                     # then civilization numbers
