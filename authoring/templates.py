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

TEST = '''"""Tests of the house rule in {name}.py: run them with `python3 -m pytest {test_file}`.

They use `peloponnes.testing`: set a table, ask the rules, play whole games, read the events and
the hooks your plugin answered. To test a rule step by step, run a phase by its name or rulebook
section and answer by option id: `table.run_phase("bidding", "pass", ...)` returns the decisions
it asked. The whole-game tests stay useful when you change the hook or add others: the plugin's
hooks must be called, the games must change, and games with the plugin must keep every
invariant.
"""
from collections import Counter
from pathlib import Path

from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import check_conformance
from peloponnes.testing import new_table

PLUGIN = str(Path(__file__).with_name("{name}.py"))
SEEDS = range(1, 6)


def test_the_rules_get_the_new_number():
    # A first-result hook: the rules ask it and your value wins over the variant's own.
    table = new_table("{variant}", {players}, plugins=[PLUGIN])
    assert table.game.hook.conquest_surcharge(game=table.game, seat=0) == 4


def play_games(*plugins):
    """Whole games (random players, seeds 1-5); returns their event logs and how often each
    hook of this plugin was called."""
    logs, calls = [], Counter()
    for seed in SEEDS:
        table = new_table("{variant}", {players}, seed=seed, plugins=plugins)
        table.play("random")
        logs.append(table.events())
        calls += table.hook_calls.get("{name}", Counter())
    return logs, calls


def test_the_plugins_hooks_are_called_in_whole_games():
    _, calls = play_games(PLUGIN)
    called = set(calls) - {{"declare_plugin"}}
    assert called, "no hook of the plugin was called in 5 whole games"


def test_the_plugin_changes_the_games():
    with_rule, _ = play_games(PLUGIN)
    without, _ = play_games()
    assert with_rule != without, "5 games with the plugin went exactly as without it"


def test_games_stay_valid():
    # games with the plugin finish, invariants checked after every decision (what
    # `peloponnes simulate --check` does): random bots, then the rules-aware heuristic bots
    def scenario(agent):
        return Scenario.quick("{variant}", {players}, agent=agent, plugins=(PLUGIN,))

    assert check_conformance(scenario("random"), games=20) > 0
    assert check_conformance(scenario("heuristic"), games=10, agent=None) > 0
'''


def plugin_source(name: str, variant: str) -> str:
    return PLUGIN.format(name=name, variant=variant)


def test_source(name: str, variant: str, players: int) -> str:
    return TEST.format(name=name, variant=variant, players=players,
                       test_file=f"test_{name}.py")
