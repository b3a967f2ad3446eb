"""Every hook the card game defines (variants/cardgame/hookspecs.py), changed by a small house
rule: the card game's catastrophes must follow the new answer."""
from __future__ import annotations

import pytest

from peloponnes.core import PluginError, hookimpl
from peloponnes.core.scenario import Scenario
from peloponnes.lab.compare import compare
from peloponnes.variants.cardgame.catastrophes import strike
from peloponnes.variants.cardgame.state import gain_luxury

from .kit import building, civilization, drive, events, landscape, new_game, option_ids, seat_player


def _two_seats(house_rules=()):
    game = new_game(2, house_rules=house_rules)
    game.state.order = [0, 1]
    return game


def test_strike_catastrophe_a_plague_also_gives_every_player_a_luxury_good():
    def plague_bonus(game, catastrophe, steps):
        yield from steps or ()
        if catastrophe == "plague":
            for player in game.state.players:
                gain_luxury(game, player, 1, "house rule", "plague bonus")

    class PlagueBonus:
        @hookimpl(wrapper=True)
        def strike_catastrophe(self, game, catastrophe):
            return plague_bonus(game, catastrophe, (yield))

    game = _two_seats([PlagueBonus()])
    sick = seat_player(game, 0, civ=civilization(inhabitants=2))
    spared = seat_player(game, 1, civ=civilization(), buildings=[building(protects=["plague"])])
    _, asked = drive(strike(game, "plague"))
    assert [option_ids(d) for d in asked] == [["remove:0"]]     # no coin card to cover with
    assert sick.civilization is None and (sick.luxury, spared.luxury) == (1, 1)
    assert [e["seat"] for e in events(game, "luxury_gained")] == [0, 1]
    _, asked = drive(strike(game, "tempest"))       # other catastrophes give nothing
    assert (sick.luxury, spared.luxury) == (1, 1)


def test_strike_catastrophe_a_house_rule_may_take_one_over_entirely():
    class NoDecline:
        @hookimpl
        def strike_catastrophe(self, game, catastrophe):
            return iter(()) if catastrophe == "decline" else None

    game = _two_seats([NoDecline()])
    player = seat_player(game, 0, luxury=3)
    seat_player(game, 1)
    _, asked = drive(strike(game, "decline"))
    assert asked == [] and player.luxury == 3 and game.state.fired == ["decline"]


def test_list_catastrophe_targets_drought_hits_the_second_highest_grain_card():
    game = new_game(2, scenario=Scenario.quick("cardgame", 2, plugins=("drought_second_highest",)))
    game.state.order = [0, 1]
    rich, middle, poor = landscape(grain=3), landscape(grain=2), landscape(grain=1)
    player = seat_player(game, 0, landscapes=[rich, middle, poor])
    seat_player(game, 1, landscapes=[landscape(grain=2)])       # one grain value: spared
    _, asked = drive(strike(game, "drought"))          # no coin card: lose it
    assert [d.seat for d in asked] == [0] and option_ids(asked[0]) == ["remove:0"]
    assert [p.card for p in player.landscapes] == [rich, poor]
    assert [e["seat"] for e in events(game, "card_lost")] == [0]


def test_list_catastrophe_targets_the_plugin_shows_in_the_rules_diff():
    plain = Scenario.quick("cardgame", 3, seed=1)
    house = Scenario.quick("cardgame", 3, seed=1, plugins=("drought_second_highest",))
    text = "\n".join(compare([plain, house], 1, workers=1).diffs[0]["lines"])
    assert "+ plugin drought_second_highest" in text and "list_catastrophe_targets" in text


def test_count_catastrophe_hits_earthquake_hits_every_building():
    class Total:
        @hookimpl
        def count_catastrophe_hits(self, game, seat, catastrophe, cards):
            return len(cards) if catastrophe == "earthquake" else None

    game = _two_seats([Total()])
    player = seat_player(game, 0, buildings=[building(), building(), building()])
    seat_player(game, 1, buildings=[building(protects=["earthquake"])])
    _, asked = drive(strike(game, "earthquake"), "remove:0", "remove:0")   # the last: forced
    assert len(asked) == 3 and player.buildings == []


def test_list_catastrophe_targets_and_count_catastrophe_hits_answers_are_checked():

    class OthersCards:
        @hookimpl
        def list_catastrophe_targets(self, game, seat, catastrophe):
            return game.state.players[1 - seat].landscapes

    game = _two_seats([OthersCards()])
    seat_player(game, 0, landscapes=[landscape()])
    seat_player(game, 1, landscapes=[landscape()])
    with pytest.raises(PluginError, match="list_catastrophe_targets returned .* seat 0's"):
        drive(strike(game, "tempest"))

    class Negative:
        @hookimpl
        def count_catastrophe_hits(self, game, seat, catastrophe, cards):
            return -1

    game = _two_seats([Negative()])
    seat_player(game, 0, landscapes=[landscape()])
    seat_player(game, 1, landscapes=[landscape()])
    with pytest.raises(PluginError, match="count_catastrophe_hits returned -1"):
        drive(strike(game, "tempest"))
