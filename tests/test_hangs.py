"""Nothing hangs, and the right one is blamed: a hook call that loops is stopped within its own
time limit and blamed on its plugin and hook (the game saved, the batch going on), at the table
too; a thread a plugin leaves running does not keep the command alive; a hook answer out of all
proportion is refused where it enters the rules; a decision offering more options than any game
needs fails naming the house rules loaded; agent settings past their bounds, and time limits in
the environment that are no number, are refused before any game; a KeyboardInterrupt raised by
plugin code is that plugin's failure, while a real Ctrl-C stays an interruption."""
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from peloponnes.agents import make_agents
from peloponnes.cli import main
from peloponnes.core import containment, playing
from peloponnes.core.decisions import MAX_OPTIONS
from peloponnes.core.engine import Game
from peloponnes.core.errors import PluginError
from peloponnes.core.plugins import open_scenario

HEADER = "import time\nfrom pathlib import Path\n\nfrom peloponnes import hookimpl\n\n\n"

LOOPS_IN_ROUND_TWO_OF_SEED_4 = (
    "@hookimpl\ndef on_event(game, event):\n"
    "    if event.kind == 'round_started' and game.round == 2 and game.seed == 4:\n"
    "        while True:\n            pass\n")


def scenario(folder: Path, plugin_body: str, *, variant: str = "cardgame",
             seats: tuple[str, ...] = ("heuristic", "random"), seed: int = 3) -> Path:
    (folder / "house_rule.py").write_text(HEADER + plugin_body)
    players = "".join(f'[[players]]\nagent = "{agent}"\n' for agent in seats)
    path = folder / "scenario.toml"
    path.write_text(f'variant = "{variant}"\nseed = {seed}\nplugins = ["house_rule.py"]\n'
                    + players)
    return path


def one_line(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def short_hook_limit(monkeypatch, tmp_path):
    """Hook calls may run half a second; games keep their long limit, so what stops a loop
    is the hook's limit (the message says which)."""
    monkeypatch.chdir(tmp_path)         # failed games are saved under ./saves
    monkeypatch.setattr(containment, "HOOK_SECONDS", 0.5)
    monkeypatch.setattr(playing, "MAX_SECONDS", 300)


def test_a_hook_that_loops_is_stopped_and_blamed_while_the_batch_goes_on(tmp_path,
                                                                         short_hook_limit):
    path = scenario(tmp_path, LOOPS_IN_ROUND_TWO_OF_SEED_4)
    result = CliRunner().invoke(main, ["simulate", str(path), "-n", "3", "--trust"])
    assert result.exit_code == 3, result.output
    error = one_line(result.stderr)
    assert "1 of 3 games failed" in error
    assert "hook on_event ran longer than 0.5 s" in error
    assert "house_rule.py" in error and "hook on_event" in error
    assert "Traceback" not in result.output
    assert list((tmp_path / "saves").glob("failed-cardgame-seed4*.toml"))


def test_a_hook_that_loops_at_the_table_is_stopped_and_the_game_saved(tmp_path,
                                                                       short_hook_limit):
    path = scenario(tmp_path, LOOPS_IN_ROUND_TWO_OF_SEED_4, seats=("human", "random"), seed=4)
    result = CliRunner().invoke(main, ["play", str(path), "--trust", "--save-dir",
                                       str(tmp_path / "saves")], input="0\n" * 100)
    assert result.exit_code == 3, result.output[-2000:]
    error = one_line(result.output[result.output.index("error:"):])
    assert "hook on_event ran longer than 0.5 s" in error and "house_rule.py" in error
    assert "saved to" in error and list((tmp_path / "saves").glob("*.toml"))


def test_a_thread_a_plugin_leaves_running_does_not_keep_the_command_alive(tmp_path):
    path = scenario(tmp_path, "import threading\n\n\ndef _forever():\n    while True:\n"
                              "        time.sleep(1)\n\n\n"
                              "threading.Thread(target=_forever, name='forever').start()\n")
    run = subprocess.run([sys.executable, "-m", "peloponnes.cli", "simulate", str(path), "-n",
                          "2", "--trust", "--json", "-"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["games"] == 2
    assert "plugin code left 1 thread running (forever)" in one_line(run.stderr)


def test_an_income_out_of_all_proportion_is_blamed_on_the_plugin_that_returned_it(tmp_path):
    path = scenario(tmp_path, "@hookimpl\ndef compute_income(game, seat, population):\n"
                              "    return 10**6, 10**6\n", variant="boardgame")
    result = CliRunner().invoke(main, ["simulate", str(path), "-n", "2", "--trust"])
    assert result.exit_code == 3, result.output
    error = one_line(result.stderr)
    assert "house_rule.py, hook compute_income" in error
    assert "expected two integers from 0 to 1000" in error


def test_a_decision_with_more_options_than_any_game_needs_fails_naming_the_house_rules(
        tmp_path):
    path = scenario(tmp_path, "@hookimpl\ndef on_event(game, event):\n"
                              "    if event.kind == 'round_started' and game.state is not None:\n"
                              "        game.state.players[0].coins = 10**6\n",
                    variant="boardgame")
    ruleset, loaded = open_scenario(path, trusted=True)
    game = Game(ruleset, loaded, seed=3)
    with pytest.raises(PluginError) as failure:
        playing.play(game, make_agents(game), check="none")
    message = str(failure.value)
    assert f"options in one decision (bid_amount), more than {MAX_OPTIONS}" in message
    assert "house rules loaded:" in message and "house_rule.py" in message


@pytest.mark.parametrize("setting, value, bounds", [
    ("iterations", "1000000000", "must be at most 10000, got 1000000000 (allowed: 1 to 10000)"),
    ("time", "1e9", "must be at most 600.0"),
    ("horizon", "1000000", "must be at most 100,"),
    ("exploration", "1e12", "must be at most 100.0"),
])
def test_mcts_settings_past_their_bounds_are_refused_before_any_game(tmp_path, setting, value,
                                                                     bounds):
    path = tmp_path / "search.toml"
    path.write_text(f'variant = "cardgame"\n[[players]]\nagent = "mcts"\n[players.mcts]\n'
                    f'{setting} = {value}\n[[players]]\nagent = "random"\n')
    result = CliRunner().invoke(main, ["simulate", str(path), "-n", "1"])
    assert result.exit_code == 2, result.output
    assert f"players[0].mcts.{setting}: {bounds}" in one_line(result.stderr)
    assert "games" not in result.stdout


@pytest.mark.parametrize("variable", ["PELOPONNES_HOOK_SECONDS", "PELOPONNES_GAME_SECONDS"])
def test_a_time_limit_set_in_the_environment_that_is_no_number_is_one_clear_error(variable):
    run = subprocess.run([sys.executable, "-m", "peloponnes.cli", "scenarios"],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, variable: "ten"})
    assert run.returncode == 2
    assert one_line(run.stderr) == (f"error: {variable}='ten' is not a number of seconds (0 or "
                                    "more; 0: no limit)")


def test_a_keyboard_interrupt_raised_in_a_hook_is_the_plugins_failure_and_saves_the_game(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = scenario(tmp_path, "@hookimpl\ndef on_event(game, event):\n"
                              "    if event.kind == 'round_started' and game.round == 2:\n"
                              "        raise KeyboardInterrupt\n")
    run = subprocess.run([sys.executable, "-m", "peloponnes.cli", "simulate", str(path), "-n",
                          "2", "--trust"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120, preexec_fn=ctrl_c_as_at_a_terminal)
    assert run.returncode == 3, run.stderr
    error = one_line(run.stderr)
    assert "house_rule.py, hook on_event" in error and "no Ctrl-C was pressed" in error
    assert "interrupted" not in error
    assert list((tmp_path / "saves").glob("failed-*.toml"))


def test_a_real_ctrl_c_stays_an_interruption(tmp_path):
    path = scenario(tmp_path, "@hookimpl\ndef on_event(game, event):\n"
                              "    Path('playing').touch()\n    time.sleep(0.01)\n")
    process = subprocess.Popen([sys.executable, "-m", "peloponnes.cli", "simulate", str(path),
                                "-n", "100000", "--trust"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        wait_for(tmp_path / "playing", process)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert "interrupted" in err and "error:" not in err and "Traceback" not in err


def ctrl_c_as_at_a_terminal() -> None:
    """In the child before it starts: Ctrl-C raises KeyboardInterrupt, even where the tests run
    in the background (a shell starts background jobs with SIGINT ignored, and a process keeps
    an ignored signal ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_for(marker: Path, process: subprocess.Popen) -> None:
    """Until the plugin has run (``marker`` exists), or the process ended."""
    while not marker.exists() and process.poll() is None:
        try:
            process.wait(timeout=0.1)
        except subprocess.TimeoutExpired:
            pass
