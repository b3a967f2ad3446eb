"""Benchmark: what watching games costs (``core/coverage.py``).

    python3 bench/coverage.py [--games N]

Plays N (default 500) 4-player card games with random agents in this process, three times per
ruleset (the card game as printed, with plugins/no_conquest.py, with plugins/market_phase.py):
unwatched, watching the scenario's own plugins (what ``simulate`` and ``compare`` always do) and
watching every hook implementation (``--coverage``), and prints the games per second of each
(the fastest of ``--repeat`` runs) and the cost against unwatched. A figure, not a test:
machines are noisy.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import Tally, simulate

ROOT = Path(__file__).resolve().parent.parent


def _timed(scenario: Scenario, games: int, watch: str | None) -> float:
    start = time.perf_counter()
    Tally(1).consume(simulate(scenario, games, watch=watch))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3, help="runs per setting; the fastest "
                        "counts (other work on the machine only slows a run down)")
    args = parser.parse_args()
    print(f"coverage: {args.games:,} games per run (cardgame 4p, random agents, one process)")
    for plugin in (None, "no_conquest.py", "market_phase.py"):
        plugins = (str(ROOT / "plugins" / plugin),) if plugin else ()
        scenario = Scenario.quick("cardgame", 4, agent="random", seed=1, plugins=plugins)
        Tally(1).consume(simulate(scenario, 5))          # warm up: imports, caches
        base = None
        for watch in (None, "plugins", "all"):
            seconds = min(_timed(scenario, args.games, watch) for _ in range(args.repeat))
            base = base or seconds
            print(f"  {plugin or 'no plugin':16} watch={str(watch):8} "
                  f"{args.games / seconds:7.0f} games/s  ({seconds / base - 1:+.0%})")


if __name__ == "__main__":
    main()
