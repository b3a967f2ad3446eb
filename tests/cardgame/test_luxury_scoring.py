"""cardgame: Luxury Goods (caps), Scoring and Game End."""
from __future__ import annotations

import pytest

from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import run_game
from peloponnes.variants.cardgame.catastrophes import strike
from peloponnes.variants.cardgame.rules import FINAL_PHASES, add_power_card, bidding, income
from peloponnes.variants.cardgame.state import COVERED, REMOVED, gain_luxury, luxury_cap
from peloponnes.variants.cardgame.supply import feed
from peloponnes.variants.common.auction import Slot

from .kit import (
    building,
    civilization,
    drive,
    events,
    landscape,
    new_game,
    option_ids,
    seat_player,
)

# --- Luxury Goods -------------------------------------------------------------------------------

def test_luxury_cap_17():
    game = new_game(2)
    player = seat_player(game, 0, luxury=15)
    assert luxury_cap(game, player) == 17
    assert gain_luxury(game, player, 5, "test", "test") == 2 and player.luxury == 17
    assert gain_luxury(game, player, 1, "test", "test") == 0 and player.luxury == 17


def test_luxury_cap_17_applies_to_excess_production_at_building():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(wood=9, stone=9), luxury=16)
    drive(add_power_card(game, player, building(cost={"wood": 1})), "build")
    assert player.luxury == 17


def test_luxury_decline_cap_3():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(grain=9))        # 9 grain, no mouths
    player.luxury_card, player.luxury_card_cover = COVERED, "wood"
    assert luxury_cap(game, player) == 3
    drive(add_power_card(game, player, landscape(one_time={"luxury": 2})))
    income(game)
    assert player.luxury == 2                                        # one-time income
    drive(feed(game, player))
    assert player.luxury == 3                                        # 9 excess grain, capped


def test_luxury_removed_luxury_card_no_luxury():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(wood=5, grain=5))
    player.luxury_card = REMOVED
    assert luxury_cap(game, player) == 0
    drive(add_power_card(game, player, building(cost={"wood": 1})))     # build: the only way
    assert player.luxury == 0 and player.buildings[0].under is None


def test_luxury_goods_not_gained_when_putting_building_under_construction():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(wood=5), hand={"grain": 1})
    drive(add_power_card(game, player, building(cost={"wood": 1})), "mortgage")
    assert player.luxury == 0 and player.buildings[0].under == "grain"


def luxury_table(luxury_for_coin_cards: str | None = None):
    """Seat 0 holds 3 wood coin cards and 2 luxury goods; seat 1 is empty-handed."""
    options = {} if luxury_for_coin_cards is None else \
        {"luxury_for_coin_cards": luxury_for_coin_cards}
    game = new_game(scenario=Scenario.quick("cardgame", 2, options=options))
    player = seat_player(game, 0, civ=civilization(inhabitants=2), hand={"wood": 3}, luxury=2)
    seat_player(game, 1)
    game.state.order = [0, 1]
    return game, player


def test_luxury_goods_replace_coin_cards_whenever_coin_cards_are_needed_in_a_bid():
    """Luxury Goods, our reading 9: "Ein Spieler darf Luxusgüter jederzeit, wenn er Baustoffe,
    Getreide oder Münzkarten benötigt, im Verhältnis 1:1 einsetzen" (at any time when he needs
    coin cards), as luxury already stands in for resources still in hand: a bidder chooses how
    many of the bid's coin cards are luxury goods traded for cards drawn blind."""
    game, player = luxury_table()
    game.state.slots = [Slot(0, landscape(value=2), conquest=False)]
    _, asked = drive(bidding(game), "card:0", "2", "2")
    assert asked[2].kind == "bid_luxury" and option_ids(asked[2]) == ["0", "1", "2"]
    assert player.hand == {"wood": 3} and player.luxury == 0
    assert len(game.state.slots[0].bid.payment) == 2 and len(events(game, "luxury_traded")) == 2


def test_luxury_goods_replace_the_coin_card_under_a_building_or_on_a_catastrophe():
    game, player = luxury_table()
    _, asked = drive(add_power_card(game, player, building(cost={"stone": 4})), "luxury")
    assert option_ids(asked[0]) == ["mortgage"]                      # 4 stone: no way to build
    assert asked[1].kind == "mortgage_coin_card" and option_ids(asked[1]) == ["luxury", "wood"]
    assert player.hand == {"wood": 3} and player.luxury == 1 and player.buildings[0].under
    _, asked = drive(strike(game, "plague"), "cover:0", "luxury")
    assert option_ids(asked[1]) == ["luxury", "wood"]
    assert player.hand == {"wood": 3} and player.luxury == 0 and player.civilization.cover


def test_luxury_goods_option_hand_short_trades_only_what_the_hand_cannot_pay():
    """Option ``luxury_for_coin_cards = "hand_short"`` (the former reading 9): luxury goods buy
    coin cards only when the hand cannot pay."""
    game, player = luxury_table("hand_short")
    game.state.slots = [Slot(0, landscape(value=2), conquest=False)]
    _, asked = drive(bidding(game), "card:0", "2")                 # 2 of the 3 wood cards
    assert "bid_luxury" not in [d.kind for d in asked] and player.luxury == 2
    _, asked = drive(add_power_card(game, player, building(cost={"stone": 4})))
    assert player.hand == {} and player.luxury == 2 and player.buildings[0].under == "wood"


# --- Scoring ------------------------------------------------------------------------------------

def score(game, seat):
    return game.hook.score_seat(game=game, seat=seat)


def test_scoring_lower_of_population_and_power():
    game = new_game(2)
    seat_player(game, 0, civ=civilization(inhabitants=7, power=3))
    s = score(game, 0)
    # the intact luxury card adds its 2 inhabitants and 2 power points
    assert (s.details["population"], s.details["power"], s.value) == (9, 5, 5)


def test_scoring_inhabitant_coin_cards_join_population_and_not_the_remaining_coin_cards():
    """Scoring: the inhabitants on coin cards in hand are added to the tableau; every 6
    *remaining* coin cards ("je 6 übrige Münzkarten") are worth 1 power point."""
    game = new_game(2)
    seat_player(game, 0, hand={"inhabitant": 6, "wood": 5})
    s = score(game, 0)
    assert s.details["population"] == 6 + 2
    assert s.details["power"] == 0 + 2                               # 5 remaining: no point


def test_scoring_every_six_coin_cards_or_luxury_goods_one_power_point():
    game = new_game(2)
    seat_player(game, 0, hand={"wood": 4, "grain": 3}, luxury=5)    # 12 -> 2 points
    seat_player(game, 1, hand={"wood": 5})                          # 5 -> 0
    assert score(game, 0).details["power"] == 2 + 2
    assert score(game, 1).details["power"] == 0 + 2


@pytest.mark.parametrize("state, bonus", [("intact", 2), (COVERED, 0), (REMOVED, 0)])
def test_scoring_luxury_card_counts_two_and_two_unless_declined(state, bonus):
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(inhabitants=3, power=3))
    player.luxury_card = state
    s = score(game, 0)
    assert (s.details["population"], s.details["power"]) == (3 + bonus, 3 + bonus)


def test_scoring_covered_cards_do_not_score():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(inhabitants=3, power=3),
                         buildings=[building(power=4, inhabitants=1)])
    player.buildings[0].cover = ("wood", "earthquake")
    s = score(game, 0)
    assert (s.details["population"], s.details["power"]) == (5, 5)


def test_scoring_tie_broken_by_other_total_then_luxury():
    game = new_game(3)
    seat_player(game, 0, civ=civilization(inhabitants=8, power=6))          # 10 / 8
    seat_player(game, 1, civ=civilization(inhabitants=6, power=9))          # 8 / 11
    seat_player(game, 2, civ=civilization(inhabitants=6, power=9), luxury=1)  # 8 / 11 (+1 lux)
    a, b, c = (score(game, s) for s in range(3))
    assert a.value == b.value == c.value == 8
    assert sorted(range(3), key=lambda i: (a, b, c)[i].key, reverse=True) == [2, 1, 0]


# --- Game End -----------------------------------------------------------------------------------

def test_game_end_final_supply_then_uncover():
    assert [p.name for p in FINAL_PHASES] == ["final_supply", "uncover"]


def test_game_end_after_eight_rounds_one_income_per_round_then_final_supply():
    """Game End: after the 8th round's cards are claimed players receive income one final
    time (our reading: that is round 8's income phase, no extra one), then a final supply."""
    ruleset, scenario = load_ruleset(Scenario.quick("cardgame", 3))
    game = run_game(ruleset, scenario, 7, agent="random")
    kinds = [(e.round, e.kind) for e in game.events]
    assert max(r for r, _ in kinds) == 9                              # the game end
    for rnd in range(1, 9):
        assert kinds.count((rnd, "income")) == 3
    assert (9, "income") not in kinds
    end = [k for r, k in kinds if r == 9]
    assert end[0] == "supply" and end[-1] == "game_over"
    assert all(p.under is None for pl in game.state.players for p in pl.buildings)
    assert game.state.power_pile == [] and game.state.slots == []
