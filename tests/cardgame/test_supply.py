"""cardgame: Supply — feeding the inhabitants, completing buildings under construction."""
from __future__ import annotations

from collections import Counter

from peloponnes.core import Decision
from peloponnes.core.scenario import Scenario
from peloponnes.variants.cardgame.state import Placed
from peloponnes.variants.cardgame.supply import FEEDING_RULE, complete_buildings, feed, supply

from .kit import building, civilization, drive, landscape, new_game, option_ids, seat_player


def test_supply_feeding_production_first_then_grain_inhabitant_coin_cards_or_luxury():
    """7 inhabitants but only 4 grain production: the 3 missing are paid with a grain coin
    card, an inhabitant coin card and a luxury good."""
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(inhabitants=7, grain=4),
                         hand={"grain": 1, "inhabitant": 1, "wood": 2}, luxury=1)
    discard = len(game.state.coin_discard)
    _, asked = drive(feed(game, player), "grain", "inhabitant", "luxury")
    assert option_ids(asked[0]) == ["grain", "luxury", "inhabitant", "remove:0"]
    assert [d.prompt for d in asked] == [f"{n} inhabitant(s) unfed: how?" for n in (3, 2, 1)]
    assert asked[0] == Decision(0, "feed", "3 inhabitant(s) unfed: how?", asked[0].options,
                                FEEDING_RULE)
    assert player.population() == 7 and player.civilization is not None
    assert player.hand == Counter(wood=2) and player.luxury == 0
    assert Counter(game.state.coin_discard[discard:]) == Counter(grain=1, inhabitant=1)


def test_supply_feeding_by_removing_cards_until_population_matches_grain():
    game = new_game(2)
    hungry = landscape(inhabitants=4, grain=1)
    player = seat_player(game, 0, civ=civilization(inhabitants=2, grain=2),
                         landscapes=[hungry, landscape(inhabitants=1, grain=1)])
    _, asked = drive(feed(game, player), "remove:1")                 # tableau: civ, hungry, ...
    assert asked[0].options[1].value.card is hungry
    assert player.population() == 3 and player.production("grain") == 3
    assert game.state.boxed[-1] is hungry


def test_supply_feeding_after_a_payment_and_a_removal_asks_for_what_the_tableau_now_needs():
    """Feeding works out population and production again once a card is removed (payments leave
    them as they are): after a grain coin card paid one of 5, removing a card with 3 inhabitants
    leaves 1 unfed, and the remove options follow the tableau (indices shift, the removed card
    is not offered again)."""
    game = new_game(2)
    small = landscape(inhabitants=3)
    last = landscape(inhabitants=1)
    player = seat_player(game, 0, civ=civilization(inhabitants=2, grain=1),
                         landscapes=[small, last], hand={"grain": 1, "inhabitant": 1})
    _, asked = drive(feed(game, player), "grain", "remove:1", "inhabitant")
    assert [d.prompt for d in asked] == [f"{n} inhabitant(s) unfed: how?" for n in (5, 4, 1)]
    assert option_ids(asked[1]) == ["inhabitant", "remove:0", "remove:1", "remove:2"]
    assert option_ids(asked[2]) == ["inhabitant", "remove:0", "remove:1"]
    assert asked[2].options[2].value.card is last
    assert player.population() == 3 and player.production("grain") == 1
    assert not player.hand and game.state.boxed[-1] is small
    fed = game.events[-1]
    assert fed.kind == "fed" and fed.data == {"seat": 0, "inhabitants": 3, "grain": 1}


def test_supply_feeding_luxury_only_from_excess_before_feeding_decisions():
    """Our reading (supply.feed): luxury goods come from grain production exceeding the
    inhabitants at the start of feeding; removing cards to feed never creates luxury."""
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(inhabitants=1, grain=4),
                         landscapes=[landscape(inhabitants=5)])
    drive(feed(game, player), "remove:1")
    assert player.population() == 1 and player.production("grain") == 4
    assert player.luxury == 0


def test_supply_feeding_luxury_card_inhabitants_eat_nothing():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(inhabitants=3, grain=3))
    _, asked = drive(feed(game, player))
    assert asked == [] and player.luxury == 0                        # exactly fed


def test_supply_feeding_may_remove_the_civilization_card():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(inhabitants=3),
                         landscapes=[landscape(grain=1)])
    _, asked = drive(feed(game, player))
    assert option_ids(asked[0]) == ["remove:0"]                      # nothing else can feed
    assert player.civilization is None and player.population() == 0


def test_supply_completion_sums_costs_once_against_production():
    """Supply, note: with several buildings under construction the costs are totalled and the
    production pays the total once: 2 + 2 wood against 3 wood production leaves 1 to pay."""
    game = new_game(2)
    a = Placed(building(cost={"wood": 2}), under="grain")
    b = Placed(building(cost={"wood": 2}), under="stone")
    player = seat_player(game, 0, civ=civilization(wood=3), buildings=[a, b],
                         hand={"wood": 1})
    discard = len(game.state.coin_discard)
    _, asked = drive(complete_buildings(game, player), "complete")
    assert [d.kind for d in asked] == ["complete"]
    assert a.under is None and b.under is None
    assert Counter(game.state.coin_discard[discard:]) == Counter(wood=1)
    # our reading: the coin cards beneath completed buildings go back to the hand
    assert player.hand == Counter(grain=1, stone=1)


def test_supply_completion_all_not_offered_when_the_total_is_unaffordable():
    game = new_game(2)
    a = Placed(building(cost={"stone": 2}), under="grain")
    b = Placed(building(cost={"stone": 2}), under="wood")
    player = seat_player(game, 0, civ=civilization(stone=3), buildings=[a, b])
    _, asked = drive(complete_buildings(game, player), "lose:1", "complete")
    assert option_ids(asked[0]) == ["give_up"]                       # 4 stone > 3
    assert option_ids(asked[1]) == ["lose:0", "lose:1"]
    assert option_ids(asked[2]) == ["complete", "give_up"]          # a alone: 2 stone <= 3
    assert player.buildings == [a] and a.under is None
    assert game.state.boxed[-1] is b.card
    assert game.state.coin_discard[-1] == "wood"                     # b's coin card discarded
    assert player.hand == Counter(grain=1)


def test_supply_completion_gives_no_luxury_for_excess_production():
    game = new_game(2)
    a = Placed(building(cost={"wood": 1}), under="grain")
    player = seat_player(game, 0, civ=civilization(wood=5, stone=5), buildings=[a])
    drive(complete_buildings(game, player), "complete")
    assert a.under is None and player.luxury == 0


def test_supply_completion_may_give_up_an_affordable_building():
    game = new_game(2)
    a = Placed(building(cost={"wood": 1}), under="inhabitant")
    player = seat_player(game, 0, civ=civilization(wood=5), buildings=[a])
    drive(complete_buildings(game, player), "give_up")
    assert player.buildings == [] and game.state.coin_discard[-1] == "inhabitant"


def test_supply_completion_with_luxury_goods():
    game = new_game(2)
    a = Placed(building(cost={"stone": 2}), under="grain")
    player = seat_player(game, 0, luxury=2, buildings=[a])
    drive(complete_buildings(game, player), "complete")
    assert a.under is None and player.luxury == 0


def test_supply_feeds_then_completes_in_turn_order():
    game = new_game(2)
    game.state.order = [1, 0]
    p0 = seat_player(game, 0, civ=civilization(inhabitants=2, grain=1),
                     buildings=[Placed(building(cost={"wood": 1}), under="grain")],
                     hand={"grain": 1, "wood": 1})
    p1 = seat_player(game, 1, civ=civilization(inhabitants=2, grain=1), hand={"grain": 1})
    _, asked = drive(supply(game), "grain", "grain", "complete")     # or give it up
    assert [(d.seat, d.kind) for d in asked] == [(1, "feed"), (0, "feed"), (0, "complete")]
    assert p1.hand == Counter() and p0.hand == Counter(grain=1)       # its coin card back
    assert p0.buildings[0].under is None


def test_supply_completion_a_building_under_construction_counts_its_own_production():
    """Supply, our reading (the rulebook is silent): a building under construction is "fully
    usable" and has stood in the tableau since it was gained, so its own wood and stone count
    towards its completion like every other card's (only a *newly* gained building's does not,
    5. Gain Power Cards)."""
    game = new_game(2)
    mill = Placed(building(cost={"wood": 2}, wood=2), under="grain")
    player = seat_player(game, 0, buildings=[mill])
    drive(complete_buildings(game, player), "complete")
    assert mill.under is None and player.hand == Counter(grain=1)


def given_up_lender(options=None):
    """Quarry (under construction, costs 3 stone, produces 3 wood) and House (under
    construction, costs 3 wood); nothing else produces, nothing in hand."""
    game = new_game(scenario=Scenario.quick("cardgame", 2, options=options or {}))
    quarry = Placed(building(cost={"stone": 3}, wood=3, name="Quarry"), under="grain")
    house = Placed(building(cost={"wood": 3}, name="House"), under="stone")
    player = seat_player(game, 0, buildings=[quarry, house])
    return game, player, house


def test_supply_completion_a_building_given_up_lends_no_production():
    """Supply, our reading: production is that of the cards that stay. The Quarry cannot be
    paid; once it is given up (back to the box) its 3 wood no longer pay for the House."""
    game, player, house = given_up_lender()
    _, asked = drive(complete_buildings(game, player), "lose:0")
    assert option_ids(asked[-1]) == ["lose:0"] and asked[-1].options[0].value is house
    assert player.buildings == [] and game.state.lost_cards[0] == 2


def test_supply_completion_option_production_as_started():
    """Option ``supply_production = "as_started"`` (the former reading): production as it stood
    when completion began, so the given-up Quarry's wood still pays for the House."""
    game, player, house = given_up_lender({"supply_production": "as_started"})
    drive(complete_buildings(game, player), "lose:0", "complete")
    assert player.buildings == [house] and house.under is None


def test_grain_production_and_population_leave_covered_cards_out():
    """Feeding reads production("grain") and population(): covered cards left out, with and
    without a civilization."""
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(inhabitants=3, grain=1),
                         buildings=[building(inhabitants=2, grain=2),
                                    Placed(building(inhabitants=5, grain=4),
                                           cover=("wood", "earthquake"))],
                         landscapes=[landscape(inhabitants=1, grain=3)])
    assert (player.production("grain"), player.population()) == (6, 6)
    player.civilization = None
    assert (player.production("grain"), player.population()) == (5, 3)
