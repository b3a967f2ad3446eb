"""Games saved at the same moment never overwrite each other's saves: a new game's first save
claims a file of its own, and saving the game again replaces only that file, whole."""
import os
import re
import subprocess
import sys
import threading
from datetime import datetime
from pathlib import Path

from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import PlayerSpec, Scenario
from peloponnes.table import session as session_module
from peloponnes.table.record import load_saved
from peloponnes.table.session import TableSession

RUNS = 4


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def session(folder):
    ruleset, sc = load_ruleset(Scenario(variant="cardgame", seed=3, players=(
        PlayerSpec("Ann", "human"), PlayerSpec("Bob", "random"))))
    return TableSession(ruleset, sc, save_dir=folder)


def first_option(session, seat, decision):
    return decision.options[0].id


def test_concurrent_play_runs_leave_one_replayable_save_each(tmp_path):
    saves = tmp_path / "saves"
    runs = [subprocess.Popen([sys.executable, "-m", "peloponnes.cli", "play", "cardgame-vs-bots",
                              "--save-dir", str(saves)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "COLUMNS": "500"})      # paths on one line
            for _ in range(RUNS)]
    reported = []
    for process in runs:
        out, err = process.communicate("0\nq\n", timeout=300)
        assert process.returncode == 0, err
        reported.append(re.search(r"saved to (\S+\.toml);", out).group(1))
    files = sorted(saves.iterdir())
    assert len(files) == RUNS and all(f.suffix == ".toml" for f in files)   # no temporary files
    assert sorted(Path(p) for p in reported) == files            # each run names its own file
    for save in files:
        result = run("replay", save)
        assert result.exit_code == 0, result.output
        assert "the game is paused at round" in " ".join(result.output.split())

class OneSecond(datetime):
    """A clock that always reads the same second: every game begun with it gets the same name."""

    @classmethod
    def now(cls, tz=None):
        return cls(2026, 1, 2, 3, 4, 5)


def test_games_saved_at_the_same_moment_each_get_their_own_file(tmp_path, monkeypatch):
    monkeypatch.setattr(session_module, "datetime", OneSecond)
    sessions = [session(tmp_path) for _ in range(6)]
    assert len({s.save_path for s in sessions}) == 1          # all would take the same name
    start = threading.Barrier(len(sessions))
    paths = [None] * len(sessions)

    def save(i):
        start.wait()
        paths[i] = sessions[i].save("saved at the table")
    threads = [threading.Thread(target=save, args=(i,)) for i in range(len(sessions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(paths)) == len(sessions)
    assert sorted(paths) == sorted(tmp_path.iterdir())
    assert {load_saved(p).seed for p in paths} == {3}


def test_saving_again_replaces_only_the_games_own_file(tmp_path):
    first, second = session(tmp_path), session(tmp_path)
    mine = first.save("saved at the table")
    theirs = second.save("saved at the table")
    assert mine != theirs
    game = first.run(first_option)          # played to the end: saved again, to its own file
    assert first.save_path == mine and game.finished
    assert load_saved(mine).ending is not None
    assert load_saved(theirs).ending is None and load_saved(theirs).answers == []
    assert sorted(tmp_path.iterdir()) == sorted([mine, theirs])


def test_a_resumed_game_keeps_its_file(tmp_path):
    first = session(tmp_path)
    path = first.save("saved at the table")
    saved = load_saved(path)
    ruleset, sc = load_ruleset(saved.scenario)
    resumed = TableSession(ruleset, sc, seed=saved.seed, answers=saved.answers,
                           save_path=path)
    resumed.run(first_option)
    assert resumed.save_path == path and list(tmp_path.iterdir()) == [path]
    assert load_saved(path).ending is not None
