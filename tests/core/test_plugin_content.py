"""A plugin file runs as it is on disk when the scenario is loaded: editing it while the process
runs (a notebook, a long session) gives the new code, never the copy imported before."""
from __future__ import annotations

from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import run_game

RULE = """
from peloponnes.core import hookimpl

@hookimpl
def conquest_surcharge(game, seat):
    return {surcharge}
"""


def surcharge_seen(path) -> int:
    ruleset, scenario = load_ruleset(Scenario.quick("cardgame", 3, plugins=(str(path),)))
    game = run_game(ruleset, scenario, 1, agent="random")
    return game.hook.conquest_surcharge(game=game, seat=0)


def test_an_edited_plugin_file_is_loaded_anew(tmp_path):
    path = tmp_path / "surcharge.py"
    path.write_text(RULE.format(surcharge=5))
    assert surcharge_seen(path) == 5
    path.write_text(RULE.format(surcharge=1))
    assert surcharge_seen(path) == 1
