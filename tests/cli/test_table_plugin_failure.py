"""A plugin that fails before the table's first question: one line naming it, exit code 3,
and the game saved, so `replay` shows the same failure."""
from __future__ import annotations

from click.testing import CliRunner

from peloponnes.cli import main

FAILS_AT_ONCE = '''from peloponnes.core import hookimpl

@hookimpl
def count_revealed(game):
    raise RuntimeError("boom before any decision")
'''

SCENARIO = '''variant = "cardgame"
seed = 3
plugins = ["fails_at_once.py"]

[[players]]
name = "Me"
agent = "human"

[[players]]
name = "Bot"
agent = "heuristic"
'''


def test_a_plugin_failing_before_the_first_decision_is_named_and_the_game_saved(tmp_path):
    (tmp_path / "fails_at_once.py").write_text(FAILS_AT_ONCE)
    (tmp_path / "game.toml").write_text(SCENARIO)
    runner = CliRunner()
    result = runner.invoke(main, ["play", str(tmp_path / "game.toml"), "--trust", "--save-dir",
                                  str(tmp_path / "saves")], input="q\n")
    assert result.exit_code == 3, result.output
    assert "fails_at_once.py" in result.output and "count_revealed" in result.output
    saves = list((tmp_path / "saves").glob("*.toml"))
    assert len(saves) == 1
    replayed = runner.invoke(main, ["replay", str(saves[0]), "--trust"])
    assert replayed.exit_code == 3
    assert "boom before any decision" in replayed.output
