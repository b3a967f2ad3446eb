"""sweep checks its whole grid before it writes or plays anything, keeps one component file per
distinct set of component values, and leaves no temporary folder behind, SIGTERM included."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.core.errors import ConfigError
from peloponnes.lab.batch.executors import InProcessExecutor
from peloponnes.lab.compare.sweep import MAX_POINTS, sweep
from peloponnes.table.record import load_saved
from tests.compare.helpers import cardgame, write_plugin

SURCHARGE = "components.rules.conquest_surcharge"
REVEALED = "components.rules.cards_revealed"

# Notes every game it plays in a file beside itself: no note, no game played.
NOTES_GAMES = '''from pathlib import Path


@hookimpl
def on_event(game, event):
    if event.kind == "round_started" and game.round == 1:
        with open(Path(__file__).with_name("games.txt"), "a") as out:
            out.write(f"{game.seed}\\n")
'''


def test_a_grid_over_the_limit_is_refused_before_anything_is_written(tmp_path):
    values = ",".join(map(str, range(1000)))
    with pytest.raises(ConfigError) as refused:
        sweep(cardgame(), [f"{SURCHARGE}={values}", f"{REVEALED}={values}"], 10,
              folder=tmp_path)
    message = str(refused.value)
    assert "the grid has 1,000,000 points (1,000 × 1,000 values)" in message
    assert f"more than the {MAX_POINTS}" in message and "--max-points 1000000" in message
    assert list(tmp_path.iterdir()) == []


def test_the_cli_limit_is_raised_with_max_points(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    refused = runner.invoke(main, ["sweep", "cardgame-2p", "--vary", f"{SURCHARGE}=1,2,4",
                                   "--max-points", "2"])
    assert refused.exit_code == 2 and "raise the limit with --max-points 3" in refused.stderr
    assert f"default: {MAX_POINTS})" in " ".join(runner.invoke(main, ["sweep", "--help"]
                                                              ).output.split())
    played = runner.invoke(main, ["sweep", "cardgame-2p", "--vary", f"{SURCHARGE}=1,2,4",
                                  "--max-points", "3", "-n", "1", "-w", "1", "--json", "-"])
    assert played.exit_code == 0, played.output


def test_a_bad_value_is_refused_naming_it_before_any_game_is_played(tmp_path):
    plugin = write_plugin(tmp_path, "notes_games", NOTES_GAMES)
    with pytest.raises(ConfigError, match=f"--vary {SURCHARGE}=-1: .*conquest_surcharge"):
        sweep(cardgame(plugin), [f"{SURCHARGE}=1,-1,5"], 2, workers=1, folder=tmp_path)
    assert not (tmp_path / "games.txt").exists()
    assert not list(tmp_path.glob("peloponnes-sweep-*"))


class FolderWatcher(InProcessExecutor):
    """Plays like the in-process executor and notes the files of the sweep's temporary folder
    (under ``folder``) while the games are played."""

    def __init__(self, folder: Path):
        super().__init__()
        self.folder = folder
        self.seen: list[str] = []

    def run(self, scenarios, jobs, progress=None):
        self.seen = sorted(p.name for p in self.folder.glob("peloponnes-sweep-*/*"))
        yield from super().run(scenarios, jobs, progress)


def test_one_component_file_per_distinct_set_of_component_values(tmp_path):
    watcher = FolderWatcher(tmp_path)
    result = sweep(cardgame(), [f"{SURCHARGE}=1,3,5", "options.conquest_price=exact,at_least"],
                   1, executor=watcher, folder=tmp_path, metrics=["winner_score"])
    assert len(result.points) == 6          # 3 × 2 grid, the scenario's own values among them
    # surcharge 1 and 5 need a file each; 3 is the component file's own value
    assert len(watcher.seen) == 2, watcher.seen
    assert list(tmp_path.iterdir()) == []   # the folder is gone once the sweep ends


def test_a_failed_game_at_a_grid_point_is_saved_with_its_component_values(tmp_path,
                                                                         monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_plugin(tmp_path, "cheap_fails", '''@hookimpl
def on_event(game, event):
    if event.kind == "round_started" and game.components["rules"]["conquest_surcharge"] == 1:
        raise RuntimeError("no cheap conquests")
''')
    (tmp_path / "s.toml").write_text('variant = "cardgame"\nseed = 1\nplugins = '
                                     '["cheap_fails.py"]\n' + '[[players]]\nagent = "random"\n' * 2)
    result = CliRunner().invoke(main, ["sweep", "s.toml", "--vary", f"{SURCHARGE}=1,5", "-n", "2",
                                       "-w", "1", "--trust", "--json", "-"])
    assert result.exit_code == 3, result.output
    (failed,) = json.loads(result.stdout)["failures"]
    assert failed["scenario"] == "conquest_surcharge=1" and failed["seeds"] == [1, 2]
    assert "2 of 6 games failed (conquest_surcharge=1: seeds 1, 2)" in result.stderr
    saved = tmp_path / result.stderr.split("peloponnes replay ")[1].split()[0]
    components = load_saved(saved).scenario.resolve(load_saved(saved).scenario.components)
    assert "conquest_surcharge = 1\n" in Path(components).read_text()
    replayed = CliRunner().invoke(main, ["replay", str(saved), "--trust"])
    assert replayed.exit_code == 3 and "no cheap conquests" in replayed.stderr


def children_of(pid: int) -> set[int]:
    found = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        found.update(int(c) for c in task.read_text().split())
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
def test_sigterm_removes_the_temporary_folder(tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    process = subprocess.Popen(
        [sys.executable, "-m", "peloponnes.cli", "sweep", "cardgame-2p", "--vary",
         f"{SURCHARGE}=1,2,4", "-n", "100000", "-w", "2"], cwd=tmp_path,
        env=dict(os.environ, TMPDIR=str(temporary)), stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while len(children_of(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert list(temporary.glob("peloponnes-sweep-*/*.toml"))     # the games are playing
        os.kill(process.pid, signal.SIGTERM)
        _, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 143 and "terminated" in err and "Traceback" not in err
    assert list(temporary.iterdir()) == []
