"""Benchmark: alone at the table, who scores most? The solo board game's mean final score for
each bot over the same seeds.

    python3 bench/solo_scores.py [--seeds N] [--agents random heuristic mcts ...] [--workers W]

Every bot plays seeds 1..N of ``scenarios/boardgame-solo.toml`` (default 200). Prints, per
bot, the mean final score with its 95% interval, the paired difference against the heuristic
bot on the same seeds (where it played), and the CPU seconds per game (on a busy machine the
wall time is longer). ``mcts`` plays at its defaults; alone it maximises its score. ``learned``
is played when that agent kind is installed (and trains first, on the workers, where it has no
model; not counted in its time). A figure, not a test.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from peloponnes.agents import BOT_KINDS
from peloponnes.core.scenario import Scenario, agent_kinds
from peloponnes.lab.batch import RunningStats, make_executor, simulate
from peloponnes.lab.compare.formatting import diff_text
from peloponnes.lab.compare.stats import estimate, paired_diff

SOLO = Path(__file__).resolve().parent.parent / "scenarios" / "boardgame-solo.toml"
DEFAULT_AGENTS = ("random", "heuristic", "mcts", "learned")


def scores(agent: str, seeds: int, workers: int) -> tuple[list[float | None], float]:
    """Each seed's final score (None for a failed game) and the CPU seconds per game."""
    scenario = Scenario.from_file(SOLO)
    if agent == "learned":      # trained once, on the workers, not by each worker for itself
        from peloponnes.commands.learn import ensure_models
        ensure_models([scenario], agent, workers=workers)
    start = time.process_time()
    records = list(simulate(scenario, seeds, agent=agent, executor=make_executor(workers)))
    cpu = time.process_time() - start      # this process only: with workers, see the note
    return [r.scores[0] if r.ok else None for r in records], cpu / seeds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--agents", nargs="+", default=list(DEFAULT_AGENTS))
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    kinds = set(BOT_KINDS) | set(agent_kinds())
    agents = [a for a in args.agents if a in kinds]
    skipped = [a for a in args.agents if a not in kinds]
    print(f"solo board game, seeds 1-{args.seeds} (the same for every bot)"
          + (f"; not installed: {', '.join(skipped)}" if skipped else ""))
    results = {}
    for agent in agents:
        start = time.perf_counter()
        values, cpu = scores(agent, args.seeds, args.workers)
        results[agent] = values
        est = estimate(RunningStats(v for v in values if v is not None))
        versus = ("" if agent == "heuristic" or "heuristic" not in results else
                  f"; vs heuristic {diff_text(paired_diff(results['heuristic'], values))}")
        timing = (f"{cpu:.3f} s CPU per game" if args.workers == 1 else
                  f"{time.perf_counter() - start:.1f} s wall on {args.workers} workers")
        print(f"{agent:>10}: mean score {est.mean:.2f} [{est.low:.2f}, {est.high:.2f}] "
              f"over {est.n} games{versus} ({timing})")


if __name__ == "__main__":
    main()
