"""The rulebook's worked examples (cardgame.en.txt; cardgame.de.txt settles doubts), each built
from the situation the example describes."""
from __future__ import annotations

from collections import Counter

import pytest

from peloponnes.core import Phase, hookimpl
from peloponnes.core.engine import Game
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import PlayerSpec, Scenario
from peloponnes.variants.cardgame.rules import add_power_card, bidding, catastrophes_and_supply
from peloponnes.variants.common.auction import Slot

from .kit import building, civilization, drive, landscape, new_game, option_ids, seat_player

# --- Luxury Goods 1. ----------------------------------------------------------------------------

def test_example_leonidas_pays_missing_stone_from_hand_and_gains_luxury_for_excess_wood():
    """Leonidas produces 1 stone and 2 wood. His newly-acquired building costs 4 stone. He pays
    the 3 missing stone from his hand and obtains 2 luxury goods for the excess wood."""
    game = new_game(2)
    leonidas = seat_player(game, 0, civ=civilization(stone=1, wood=2), hand={"stone": 3})
    new_building = building(cost={"stone": 4}, wood=5, stone=5)  # its own production: ignored
    discard_before = Counter(game.state.coin_discard)

    _, asked = drive(add_power_card(game, leonidas, new_building), "build")

    assert option_ids(asked[0]) == ["build", "mortgage"]
    assert leonidas.luxury == 2
    assert leonidas.hand == Counter()
    assert Counter(game.state.coin_discard) - discard_before == Counter({"stone": 3})
    assert [p.card for p in leonidas.buildings] == [new_building]
    assert leonidas.buildings[0].under is None


def test_example_leonidas_pays_missing_wood_with_luxury_and_gains_nothing_for_excess_stone():
    """Note: Leonidas produces 2 stone and 4 wood. His newly-acquired building costs 5 wood. He
    uses a luxury good to pay for the missing wood. He does not obtain 2 luxury goods for the
    excess stone."""
    game = new_game(2)
    leonidas = seat_player(game, 0, civ=civilization(stone=2, wood=4), luxury=1)
    new_building = building(cost={"wood": 5})

    drive(add_power_card(game, leonidas, new_building), "build")

    assert leonidas.luxury == 0          # one spent, none gained for the 2 excess stone
    assert leonidas.buildings[0].card is new_building and leonidas.buildings[0].under is None


@pytest.mark.parametrize("pay_with, luxury_after", [("1", 0), ("0", 1 + 2)])
def test_example_leonidas_note_contrast_luxury_versus_coin_card(pay_with, luxury_after):
    """Same situation with a wood coin card in hand as well: paying the missing wood with the
    luxury good forfeits the excess; paying it with the coin card earns 2 for the excess stone."""
    game = new_game(2)
    leonidas = seat_player(game, 0, civ=civilization(stone=2, wood=4), luxury=1,
                           hand={"wood": 1})
    _, asked = drive(add_power_card(game, leonidas, building(cost={"wood": 5})), "build", pay_with)
    assert asked[-1].kind == "pay_luxury"
    assert leonidas.luxury == luxury_after


# --- Luxury Goods 2. ----------------------------------------------------------------------------

def test_example_helena_excess_grain_at_supply_gives_three_luxury():
    """Helena produces 12 grain. She has 9 inhabitants during a supply phase. She obtains 3
    luxury goods for the excess grain."""
    game = new_game(2)
    helena = seat_player(game, 0, civ=civilization(inhabitants=3, grain=2),
                         landscapes=[landscape(inhabitants=3, grain=5),
                                     landscape(inhabitants=3, grain=5)])
    seat_player(game, 1)                               # nobody to feed
    assert (helena.production("grain"), helena.population()) == (12, 9)
    game.state.supply_due = True

    _, asked = drive(catastrophes_and_supply(game))

    assert asked == []                                 # fully fed: nothing to decide
    assert helena.luxury == 3
    assert helena.population() == 9                    # nobody starved


# --- Scoring ------------------------------------------------------------------------------------

class ArrangeScoringExample:
    """A test plugin: no rounds, and a game end that lays out the scoring example's tableaux."""

    def __init__(self, arrange):
        self.arrange = arrange

    @hookimpl
    def count_rounds(self, game):
        return 0

    @hookimpl
    def list_final_phases(self, game):
        return [Phase("arrange", self.arrange, "test")]


def scoring_example() -> Game:
    """The tableaux of the rulebook's scoring example, laid out at the game end (no rounds)."""
    def arrange(game):
        # Dimitrios: 4 + 2 (tableau) + 2 (inhabitant coin cards) + 2 (luxury card) = 10
        #            power 5 + 8 (tableau) + 2 (luxury card) = 15
        seat_player(game, 0, civ=civilization(inhabitants=4, power=5),
                    buildings=[building(inhabitants=2, power=8)], hand={"inhabitant": 2})
        # Helena: 5 + 8 + 2 (inhabitant coin cards) + 2 (luxury card) = 17
        #         power 3 + 5 + 1 + 2 (luxury card) + 6 remaining coin cards / 6 = 12
        seat_player(game, 1, civ=civilization(inhabitants=5, power=3),
                    buildings=[building(power=5)], landscapes=[landscape(inhabitants=8, power=1)],
                    hand={"inhabitant": 2, "grain": 6})

    scenario = Scenario(variant="cardgame", seed=3,
                        players=(PlayerSpec("Dimitrios", "random"), PlayerSpec("Helena", "random")))
    ruleset, scenario = load_ruleset(scenario)
    ruleset.pm.register(ArrangeScoringExample(arrange), name="test:scoring-example")
    return Game(ruleset, scenario).start()


def test_example_scoring_dimitrios_10_helena_12_helena_wins():
    """Dimitrios has 10 population points and 15 power points for a final score of 10. Helena
    has 17 population points and 12 power points, so her final score is 12. Helena wins."""
    game = scoring_example()

    assert game.finished
    dimitrios, helena = game.result.scores
    assert (dimitrios.details["population"], dimitrios.details["power"], dimitrios.value) \
        == (10, 15, 10)
    assert (helena.details["population"], helena.details["power"], helena.value) == (17, 12, 12)
    assert game.result.ranking == [1, 0]
    assert game.result.winners == [1]
    assert game.events[-1].kind == "game_over" and game.events[-1].data["winners"] == [1]


# --- 3. Bidding: the Conquest row ---------------------------------------------------------------

def _conquest_table(discount_buildings: int):
    game = new_game(2)
    specials = [building(conquest_discount=1, name=f"Barracks {i}")
                for i in range(discount_buildings)]
    seat_player(game, 0, hand={"wood": 9}, buildings=specials)
    seat_player(game, 1, hand={"stone": 9})
    game.state.order = [0, 1]
    game.state.slots = [Slot(0, landscape(value=1), conquest=False),
                        Slot(1, landscape(value=1), conquest=False),
                        Slot(2, landscape(value=2), conquest=True)]
    return game


@pytest.mark.parametrize("specials, least", [(0, 5), (1, 4), (2, 3)])
def test_example_conquest_row_value_2_needs_5_barracks_4_both_3(specials, least):
    """A value-2 card in the Conquest row needs a bid of 5; with Barracks 4, with Barracks and
    Stockade 3 (cardgame 3. Bidding; Special Buildings: Barracks + Stockade)."""
    game = _conquest_table(specials)
    card = game.state.slots[2].card
    assert game.hook.minimum_bid(game=game, seat=0, card=card, conquest=True) == least
    assert game.hook.minimum_bid(game=game, seat=0, card=card, conquest=False) == 2

    gen = bidding(game)
    first = next(gen)
    assert first.kind == "bid_card" and "card:2" in option_ids(first)
    amounts = gen.send(first.option("card:2"))
    assert amounts.kind == "bid_amount"
    assert [o.value for o in amounts.options] == [least]          # exactly the price


def test_example_conquest_row_bid_cannot_be_outbid():
    game = _conquest_table(0)
    gen = bidding(game)
    d = next(gen)
    d = gen.send(d.option("card:2"))                # seat 0 on the Conquest-row card ...
    assert option_ids(d) == ["5"]                   # ... for exactly 5
    d = gen.send(d.option("5"))
    while d.seat == 0:                              # which coin cards (all wood)
        d = gen.send(d.options[0])
    assert d.seat == 1 and d.kind == "bid_card"
    assert "card:2" not in option_ids(d)            # seat 1 has 9 coin cards and still cannot
    assert game.state.slots[2].bid.seat == 0 and game.state.slots[2].bid.amount == 5
