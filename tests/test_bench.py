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


def test_solo_scores_prints_each_bots_mean_score_on_the_same_seeds():
    out = run("bench/solo_scores.py", "--seeds", "2", "--agents", "random", "heuristic", "mcts",
              "nobody")
    assert "seeds 1-2" in out and "not installed: nobody" in out
    for agent in ("random", "heuristic", "mcts"):
        assert f"{agent}: mean score" in out
    assert "vs heuristic" in out


def test_settle_time_prints_the_games_and_minutes_to_settle_a_difference():
    out = run("bench/settle_time.py", "--agent", "heuristic", "--games", "20")
    assert "paired sd" in out and "fixed number of games" in out and "until decided" in out
    assert "minutes on 2 cores" in out
