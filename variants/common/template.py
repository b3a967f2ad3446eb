"""What ``peloponnes new-plugin NAME --variant V`` writes: a working house-rule plugin for the
Peloponnes family and a test beside it that passes as written."""
from __future__ import annotations

PLUGIN = '''"""House rule "{name}": the Conquest row costs the printed value +4 instead of +3.

Change the hook below (or add others: `peloponnes hooks` lists them all, with examples).
Kind of change: a number (``conquest_surcharge`` is a first-result hook: your value wins).
"""
from peloponnes import hookimpl


@hookimpl
def declare_plugin():
    return {{"description": "Conquest row surcharge +4.", "requires_variant": ["{variant}"]}}


@hookimpl
def conquest_surcharge(game, seat):
    return 4
'''

TEST = '''"""Tests of the house rule in {name}.py: run them with `python3 -m pytest {test_file}`."""
from pathlib import Path

from peloponnes.core.engine import Game
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.core.simulate import check_conformance

PLUGIN = str(Path(__file__).with_name("{name}.py"))


def scenario(**kwargs):
    return Scenario.quick("{variant}", {players}, plugins=(PLUGIN,), **kwargs)


def test_the_rule_changes():
    ruleset, sc = load_ruleset(scenario())
    game = Game(ruleset, sc).start()
    assert game.hook.conquest_surcharge(game=game, seat=0) == 4


def test_games_stay_valid():
    # random games with the plugin finish, invariants checked after every decision
    assert check_conformance(scenario(), games=20) > 0
'''


def plugin_source(name: str, variant: str) -> str:
    return PLUGIN.format(name=name, variant=variant)


def test_source(name: str, variant: str, players: int) -> str:
    return TEST.format(name=name, variant=variant, players=players,
                       test_file=f"test_{name}.py")
