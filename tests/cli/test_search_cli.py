"""The mcts agent through the CLI: a scenario seat, `simulate --agent mcts`, `compare --agent
mcts` (the bot-bias note names it) and a bot seat in `play`. Tiny budgets keep it fast."""
import json
from contextlib import contextmanager
from pathlib import Path

from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.table.session import TableSession
from tests.table_script import script_for, typed

TINY = "[players.mcts]\niterations = 2\nhorizon = 1\n"


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def scenario(tmp_path: Path, seats, name="s.toml", plugins="") -> Path:
    players = "".join(f'[[players]]\nname = "P{i}"\nagent = "{a}"\n'
                      + (TINY if a == "mcts" else "") for i, a in enumerate(seats))
    path = tmp_path / name
    path.write_text(f'variant = "cardgame"\nseed = 3\nplugins = [{plugins}]\n{players}')
    return path


def test_simulate_a_scenario_with_an_mcts_seat(tmp_path):
    result = run("simulate", scenario(tmp_path, ("mcts", "heuristic")), "--games", 2, "--json", "-")
    assert result.exit_code == 0, result.output[-2000:]
    summary = json.loads(result.stdout)
    assert summary["games"] == 2


def test_simulate_and_compare_with_agent_mcts(tmp_path):
    a = scenario(tmp_path, ("mcts", "mcts"), "a.toml")
    b = scenario(tmp_path, ("mcts", "mcts"), "b.toml", plugins='"market_phase"')
    result = run("simulate", a, "--games", 1, "--agent", "mcts")
    assert result.exit_code == 0, result.output[-2000:]
    result = run("compare", a, b, "--games", 2, "--workers", 1, "--agent", "mcts",
                 "--json", "-")
    assert result.exit_code == 0, result.output[-2000:]
    data = json.loads(result.stdout)
    assert "A: mcts (P0, P1); B: mcts (P0, P1)" in data["agents"]


def test_bad_mcts_settings_are_one_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('variant = "cardgame"\n[[players]]\nagent = "mcts"\n[players.mcts]\n'
                    'iterations = -3\n[[players]]\n')
    result = run("simulate", path, "--games", 1)
    assert result.exit_code != 0
    assert "players[0].mcts.iterations: must be at least 1" in result.output
    assert "Traceback" not in result.output


def test_play_against_an_mcts_bot(tmp_path):
    path = scenario(tmp_path, ("human", "mcts"))
    script = script_for(path, tmp_path / "script")
    result = run("play", path, "--save-dir", tmp_path / "saves", input=typed(script.lines))
    assert result.exit_code == 0, result.output[-2000:]
    assert "the game is saved" in result.output


def test_the_table_shows_the_search_bot_thinking(tmp_path):
    """A front with ``thinking(name)`` gets a progress callback while an mcts seat searches."""
    ruleset, sc = load_ruleset(Scenario.from_file(scenario(tmp_path, ("human", "mcts"))))
    session = TableSession(ruleset, sc, save_dir=tmp_path)
    progress = []

    class Front:
        def __call__(self, session, seat, decision):
            return decision.options[0].id

        @contextmanager
        def thinking(self, name):
            yield lambda done, budget: progress.append((name, done, budget))

    session.run(Front())
    assert progress and progress[0] == ("P1", 1, 2)
