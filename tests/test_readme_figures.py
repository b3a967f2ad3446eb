"""The figures README.md quotes are what its commands give: bench/readme_figures.py runs each
documented example and names every figure that differs. Here on a subset that runs in seconds:
the sweep's rows at surcharge 0 and at the scenario's own +3 (a point's games and its difference
against the own value are the same in any grid). The whole check:
`python3 bench/readme_figures.py --check`."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUBSET = ("--check", "--only", "sweep", "--points", "0,3")


def figures(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "bench" / "readme_figures.py"), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_readme_sweep_rows_are_what_the_sweep_gives():
    done = figures(*SUBSET)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "README.md quotes every figure above as the runs give it." in done.stdout
    rows = [line for line in done.stdout.splitlines() if line.startswith("|")]
    assert [row.split("|")[1].strip() for row in rows] == ["0", "3*"]


def test_a_figure_the_run_does_not_give_is_named(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| 0 | "))
    mean = row.split("|")[2].strip()                                  # e.g. "11.46 ± 0.30"
    wrong = "99.99 ± 0.30"
    (tmp_path / "README.md").write_text(readme.replace(row, row.replace(mean, wrong)),
                                        encoding="utf-8")
    done = figures(*SUBSET, "--readme", str(tmp_path / "README.md"))
    assert done.returncode == 1
    differs = [line for line in done.stdout.splitlines() if line.startswith("differs:")]
    assert len(differs) == 1 and "sweep row 0" in differs[0] and wrong in differs[0]
    assert f"| 0 | {mean} |" in differs[0]                           # the run's figure
    assert "1 figure(s) in README.md differ from the runs." in done.stdout
