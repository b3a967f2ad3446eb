"""LazyView (core/views.py): bots get the seat's view built on first read, so an answer that
reads none costs no view; once built it reads like the dict ``view_for_seat`` returned."""
from __future__ import annotations

import json

import pytest

from peloponnes.agents import make_agents
from peloponnes.core import hookimpl
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.core.views import LazyView
from tests.core.toy import toy_ruleset


class CountingGame:
    def __init__(self):
        self.built = 0

    def view(self, seat):
        self.built += 1
        return {"seat": seat, "hand": [1, 2]}

    def view_part(self, seat, key):
        return None             # no parts offered: every read builds the whole view


def test_built_once_on_first_read_and_reads_like_the_dict():
    game = CountingGame()
    view = LazyView(game, 3)
    assert game.built == 0
    assert view["hand"] == [1, 2] and view["seat"] == 3
    assert "hand" in view and view.get("nope", 7) == 7 and len(view) == 2
    assert dict(view) == view == {"seat": 3, "hand": [1, 2]} and view.copy() == dict(view)
    assert game.built == 1
    with pytest.raises(KeyError):
        view["nope"]


@pytest.mark.parametrize("first_read", [lambda v: "seat" in v, len, dict, lambda v: v.get("x"),
                                        lambda v: list(v)])
def test_any_read_builds_it(first_read):
    game = CountingGame()
    view = LazyView(game, 0)
    first_read(view)
    assert game.built == 1 and view["seat"] == 0 and game.built == 1


def test_json_needs_a_plain_dict_and_says_so():
    with pytest.raises(TypeError, match="not JSON serializable"):
        json.dumps(LazyView(CountingGame(), 0))         # loud, never a silent "{}"
    assert json.loads(json.dumps(dict(LazyView(CountingGame(), 0))))["seat"] == 0


def test_a_bot_that_reads_no_view_costs_no_view():
    views = []

    class Bot:
        @hookimpl
        def choose_heuristic(self, view, decision):
            if decision.kind == "pick" and decision.seat == 1:
                views.append(view["mine"])          # seat 1 reads its view; seat 0 never does
            return decision.options[-1].id

    class Counter:
        built = 0

        @hookimpl(wrapper=True)
        def view_for_seat(self, game, seat):
            Counter.built += 1
            return (yield)

    ruleset = toy_ruleset(Bot(), Counter())
    game = Game(ruleset, Scenario.quick("toy", 2, seed=7, agent="heuristic"))
    play(game, make_agents(game))
    assert Counter.built == len(views) == 3       # one per decision of seat 1, none for seat 0
    assert views == [0, 3, 6]                       # what it read is the seat's view


class ViewCounter:
    """Counts whole views and parts built, passing both on unchanged."""
    def __init__(self):
        self.views, self.parts = 0, []

    @hookimpl(wrapper=True)
    def view_for_seat(self, game, seat):
        self.views += 1
        return (yield)

    @hookimpl(wrapper=True)
    def view_part_for_seat(self, game, seat, key):
        self.parts.append(key)
        return (yield)


def card_game_mid_way(*house_rules) -> Game:
    ruleset, scenario = load_ruleset(Scenario.quick("cardgame", 4, seed=5))
    for rule in house_rules:
        ruleset.pm.register(rule)
    game = Game(ruleset, scenario, seed=5).start()
    while game.round < 3:
        game.give(game.pending.options[0])
    return game


def test_an_entry_the_plugins_offer_alone_is_built_alone_and_equals_the_whole_views():
    counter = ViewCounter()
    game = card_game_mid_way(counter)
    seat = game.pending.seat
    whole = game.view(seat)
    counter.views = 0
    view = LazyView(game, seat)
    assert view["me"] == whole["me"] and view["slots"] == whole["slots"]
    assert view["round"] == whole["round"] and view["me"]["hand"] == whole["me"]["hand"]
    assert counter.views == 0 and counter.parts == ["me", "slots", "round"]   # each part once
    assert view["players"] == whole["players"] and counter.views == 1   # not offered: all of it
    assert dict(view) == whole and counter.views == 1


def test_a_house_rule_that_changes_the_view_without_parts_gets_its_view_read():
    class Hint:
        @hookimpl(wrapper=True)
        def view_for_seat(self, game, seat):
            view = yield
            view["me"] = {**view["me"], "hint": "the Conquest row is cheap"}
            return view

    game = card_game_mid_way(Hint())
    assert not game.ruleset.view_parts_offered()
    assert LazyView(game, game.pending.seat)["me"]["hint"] == "the Conquest row is cheap"
