"""Benchmark: random-agent games per second on one core, per variant.

    python3 bench/simulate.py [--games N] [--players P] [--variant V ...]

Prints games/s and decisions/s. A figure, not a test: machines here are shared and noisy.
"""
from __future__ import annotations

import argparse
import time

from peloponnes.core.plugins import discover_variants, load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.core.simulate import run_game


def bench(variant: str, players: int, games: int) -> tuple[float, float]:
    ruleset, scenario = load_ruleset(Scenario.quick(variant, players))
    run_game(ruleset, scenario, 0)  # warm-up
    decisions = 0
    start = time.perf_counter()
    for seed in range(1, games + 1):
        decisions += run_game(ruleset, scenario, seed, agent="random").decisions
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", action="append", help="default: every installed variant")
    args = parser.parse_args()
    for name in args.variant or sorted(discover_variants()):
        games_s, decisions_s = bench(name, args.players, args.games)
        print(f"{name:>10}: {args.players} players, {args.games} random games: "
              f"{games_s:,.0f} games/s, {decisions_s:,.0f} decisions/s")


if __name__ == "__main__":
    main()
