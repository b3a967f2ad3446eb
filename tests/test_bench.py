"""The benchmark scripts run and print their figures (smoke tests: the figures themselves are
never asserted, machines here are shared and noisy)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> str:
    out = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_simulate_bench_prints_games_and_decisions_per_second():
    out = run("bench/simulate.py", "--games", "3", "--repeat", "1", "--variant", "cardgame")
    assert "cardgame" in out and "games/s" in out and "decisions/s" in out


def test_compare_bench_checks_its_results_are_identical():
    out = run("bench/compare.py", "--games", "10", "--workers", "1", "2", "--no-ray")
    assert "results identical for every run: yes" in out and "peak memory" in out


def test_game_digest_is_the_same_twice():
    first = run("bench/game_digest.py", "--games", "1")
    assert len(first.splitlines()) == 28 and first == run("bench/game_digest.py", "--games", "1")
