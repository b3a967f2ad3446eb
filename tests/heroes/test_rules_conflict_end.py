"""A test per rule of Heroes & Colonies, named after the rulebook section it checks: Internal
conflict, End of game, Scoring, Negotiation variant (the sections before them:
``test_rules.py``)."""
from __future__ import annotations

import pytest

from peloponnes.core import hookimpl
from peloponnes.core.engine import Game
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.variants.boardgame.rules import ROUND_PHASES as BOARD_ROUND_PHASES
from peloponnes.variants.boardgame.supply import supply_round
from peloponnes.variants.heroes.conflict import internal_conflict
from peloponnes.variants.heroes.state import clover_split, table

from .kit import drive, events, land, new_game, plain_table, seat

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
    """A house rule whose phases change from round to round still gets the orange heroes'
    losses after F. every round and F. again in the last round, and each answer is the caller's
    own list."""
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


def test_scoring_clover_split_makes_the_lower_total_highest_fewest_clovers_on_ties():
    def lower(prestige, population, clovers, points, k):
        return min(prestige + k * points, population + (clovers - k) * points)

    for points in (0, 1, 2, 3):
        for clovers in range(6):
            for prestige in range(-3, 20, 2):
                for population in range(-3, 20, 3):
                    case = (prestige, population, clovers, points)
                    k = clover_split(*case)
                    lows = [lower(*case, j) for j in range(clovers + 1)]
                    assert lows[k] == max(lows) and max(lows[:k], default=None) != lows[k], case
    assert clover_split(10, 10, 3, 2) == 1          # 12 / 14 beats 10 / 16, fewest on a tie
    assert clover_split(20, 0, 3, 2) == 0           # all to population
    assert clover_split(0, 20, 3, 2) == 3           # all to prestige


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
    """A hero changing hands (``swap_heroes``) takes its ability along: Sisyphus' cheaper
    minimum bid follows him."""
    from peloponnes.variants.heroes.setup import swap_heroes

    from .kit import hero, least_bids

    game = new_game(2, options={"negotiation": True})
    ht = table(game)
    ht.by_seat(0).hero = hero(game, "sisyphus")
    ht.by_seat(1).hero = hero(game, "achilles")
    card = {"bid": 3, "id": "L"}
    assert [least_bids(game, s, [card]) for s in (0, 1)] == [[2], [3]]
    swap_heroes(game, 0, 1)
    assert [ht.by_seat(s).ability["kind"] for s in (0, 1)] == ["extra_strength", "bid_bonus"]
    assert [least_bids(game, s, [card]) for s in (0, 1)] == [[3], [2]]
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
