"""Scan: the most options any decision offers, per variant, player count and bot, against the
K (``max_options``) each variant declares for ``peloponnes.rl``.

    python3 bench/max_options.py [--games N] [--variant V ...]

Random bots wander into the unlikeliest positions, heuristic bots hoard coins for big bids; both
are scanned at every player count the variant allows, with the default options and with each
option set apart (a flag on, or each other choice).
"""
from __future__ import annotations

import argparse

from peloponnes.core.plugins import discover_variants, variant_chain
from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import count_options


def option_sets(name: str) -> list[dict]:
    """The default options, then each option of the variant (and of those it is stacked on)
    set to each value other than its default."""
    variants = discover_variants()
    sets: list[dict] = [{}]
    for variant in variant_chain(variants[name], variants):
        for option in variant.options:
            values = (True,) if option.type is bool else option.choices or ()
            sets += [{option.name: v} for v in values if v != option.default]
    return sets


def scan(name: str, games: int) -> int:
    variant = discover_variants()[name]
    worst = 0
    for players in range(variant.min_players, variant.max_players + 1):
        for agent in ("random", "heuristic"):
            for options in option_sets(name):
                scenario = Scenario.quick(name, players, agent=agent, options=options)
                largest = count_options(scenario, games, seed=10_000)
                kind = max(largest, key=largest.get)
                worst = max(worst, largest[kind])
                shown = f" {options}" if options else ""
                print(f"{name:>10} {players}p {agent:>9}{shown}: largest {largest[kind]:3d}"
                      f" ({kind})", flush=True)
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per line (default 1000)")
    parser.add_argument("--variant", action="append", help="default: every installed variant")
    args = parser.parse_args()
    for name in args.variant or sorted(discover_variants()):
        worst = scan(name, args.games)
        declared = discover_variants()[name].max_options
        verdict = "ok" if declared and worst <= declared else "EXCEEDS the declared K"
        print(f"{name:>10}: largest decision {worst} options; declared K = {declared}: {verdict}")


if __name__ == "__main__":
    main()
