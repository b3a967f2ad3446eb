"""Benchmark: `peloponnes compare` of two rulesets with 1 and 2 worker processes and with Ray.

    python3 bench/compare.py [--games N] [--workers 1 2 ...] [--no-ray]

Plays N (default 10,000) paired 4-player card games with random agents in each of two rulesets
(the card game as printed, and with plugins/no_conquest.py), once per worker count and once with
the Ray executor on a local Ray instance of as many CPUs as the largest worker count (when Ray
is installed; its start-up is timed apart), and prints the wall time and CPU time of each run,
the speed-up over the first, whether the results are identical (they must be: same seeds, merged
in seed order), and the peak memory of this process (the tally keeps running statistics, not
per-game lists, so it should not grow with N). A figure, not a test: machines are noisy.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import time
from pathlib import Path

from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import make_executor
from peloponnes.lab.compare import compare, prepare, result_dict

ROOT = Path(__file__).resolve().parent.parent


def scenarios() -> list[Scenario]:
    base = Scenario.quick("cardgame", 4, agent="random", seed=1)
    return [base, Scenario.quick("cardgame", 4, agent="random", seed=1,
                                 plugins=(str(ROOT / "plugins" / "no_conquest.py"),))]


def cpu_seconds(children: bool = True) -> float:
    """CPU time of this process and (``children``) of its finished children (the local
    workers)."""
    who = (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN) if children else (
        resource.RUSAGE_SELF,)
    return sum(u.ru_utime + u.ru_stime for u in map(resource.getrusage, who))


def timed(label: str, games: int, executor, times: list[float], outputs: list[str]) -> None:
    entries = prepare(scenarios())
    start, cpu, own = time.perf_counter(), cpu_seconds(), cpu_seconds(children=False)
    result = compare([], games, entries=entries, executor=executor)
    elapsed = time.perf_counter() - start
    cpu, own = cpu_seconds() - cpu, cpu_seconds(children=False) - own
    times.append(elapsed)
    outputs.append(json.dumps(result_dict(result), sort_keys=True))
    total = games * 2
    # (the main process tallies the records while the workers play: on a machine with as many
    # cores as workers, its CPU time is taken from theirs)
    cpu_note = (f", {cpu:6.1f} s CPU here, {own:5.1f} s of it in the main process"
                if label.startswith("--workers") else "")
    print(f"  {label:<13}: {elapsed:7.1f} s  ({total / elapsed:,.0f} games/s{cpu_note})"
          + (f"  speed-up x{times[0] / elapsed:.2f} over the first" if len(times) > 1 else ""),
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray executor")
    args = parser.parse_args()
    print(f"compare: {args.games:,} games x 2 rulesets (cardgame 4p, random agents; with and "
          f"without plugins/no_conquest.py) on {os.cpu_count()} CPU(s); load average "
          f"{os.getloadavg()[0]:.1f} at the start")
    times: list[float] = []
    outputs: list[str] = []
    for workers in args.workers:
        timed(f"--workers {workers}", args.games, make_executor(workers), times, outputs)
    if not args.no_ray and importlib.util.find_spec("ray") is not None:
        import ray
        cpus = max(args.workers)
        start = time.perf_counter()
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False,
                 logging_level="WARNING")
        print(f"  (a local Ray instance of {cpus} CPUs started in "
              f"{time.perf_counter() - start:.1f} s, not counted below)")
        try:
            timed("--executor ray", args.games, make_executor(kind="ray"), times, outputs)
        finally:
            ray.shutdown()
    same = all(o == outputs[0] for o in outputs)
    print(f"  results identical for every run: {'yes' if same else 'NO'}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory of the main process: {peak:,.0f} MiB")


if __name__ == "__main__":
    main()
