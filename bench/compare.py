"""Benchmark: `peloponnes compare` of two rulesets with 1 and 2 worker processes.

    python3 bench/compare.py [--games N] [--workers 1 2 ...]

Plays N (default 10,000) paired 4-player card games with random agents in each of two rulesets
(the card game as printed, and with plugins/no_conquest.py), once per worker count, and prints
the wall time of each run, the speed-up over the first and whether the results are identical
(they must be: same seeds, merged in seed order), and the peak memory of this process (the
tally keeps running statistics, not per-game lists, so it should not grow with N). A figure,
not a test: machines are noisy.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import time
from pathlib import Path

from peloponnes.core.compare import compare, prepare, result_dict
from peloponnes.core.scenario import Scenario

ROOT = Path(__file__).resolve().parent.parent


def scenarios() -> list[Scenario]:
    base = Scenario.quick("cardgame", 4, agent="random", seed=1)
    return [base, Scenario.quick("cardgame", 4, agent="random", seed=1,
                                 plugins=(str(ROOT / "plugins" / "no_conquest.py"),))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    print(f"compare: {args.games:,} games x 2 rulesets (cardgame 4p, random agents; with and "
          f"without plugins/no_conquest.py) on {os.cpu_count()} CPU(s)")
    times, outputs = [], []
    for workers in args.workers:
        entries = prepare(scenarios())
        start = time.perf_counter()
        result = compare([], args.games, workers=workers, entries=entries)
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        outputs.append(json.dumps(result_dict(result), sort_keys=True))
        total = args.games * 2
        print(f"  --workers {workers}: {elapsed:7.1f} s  ({total / elapsed:,.0f} games/s)"
              + (f"  speed-up x{times[0] / elapsed:.2f} over --workers {args.workers[0]}"
                 if len(times) > 1 else ""), flush=True)
    same = all(o == outputs[0] for o in outputs)
    print(f"  results identical for every worker count: {'yes' if same else 'NO'}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory of the main process: {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
