"""Benchmark: how long does a designer wait for a verdict? The time to settle the market-phase
rule's ``winner_score`` to ±0.5 points, measured on a sample of paired games and extrapolated.

    python3 bench/settle_time.py [--agent mcts] [--games N] [--sd SD] [--cores C] [--margin M]

Plays N paired games (default 4) of ``compare-cardgame-conquest`` against ``house-market_phase``
with every seat played by ``--agent`` (default mcts at its defaults), in this process, and
measures the CPU seconds per paired game and the paired standard deviation of
``winner_score`` (``--sd`` replaces a sample too small to trust: the README's 12 mcts games gave
3.3). Then the paired games, and the wall time on C cores (default 2), that settle the
difference to ±M points (default 0.5):

- with a fixed number of games chosen in advance (Student's t interval): (1.96 sd / M)^2;
- with ``compare --until-decided`` (an anytime-valid interval, ``lab.compare.sequential``,
  one metric): the first look at which its half-width is at most M;
- and the first look at which such a run decides the difference (``--diff``, default the
  sample's): where the half-width drops below it, the interval excluding 0.

Training time, for an agent that trains first, is not included. A figure, not a test.
"""
from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

from peloponnes.core.scenario import Scenario
from peloponnes.lab.compare import compare
from peloponnes.lab.compare.sequential import half_width, round_ends

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
PAIR = ("compare-cardgame-conquest.toml", "house-market_phase.toml")
ALPHA = 0.05


def sample(agent: str, games: int) -> tuple[float, float | None, float]:
    """(CPU seconds per paired game, the paired sd of winner_score, its mean difference)."""
    scenarios = [Scenario.from_file(SCENARIOS / name).with_agents(agent) for name in PAIR]
    start = time.process_time()
    result = compare(scenarios, games, workers=1, metrics=["winner_score"])
    cpu = (time.process_time() - start) / games
    diff = result.metrics[0].diffs[1]
    return cpu, diff.sd, diff.mean


def games_fixed(sd: float, margin: float) -> int:
    return math.ceil((1.96 * sd / margin) ** 2)


def games_until_decided(sd: float, margin: float, most: int = 1_000_000) -> int:
    """The first look of a run until decided whose interval is ±``margin`` at most."""
    return next((end for end in round_ends(most) if half_width(end, sd, ALPHA) <= margin), most)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="mcts")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--sd", type=float, help="paired sd of winner_score to extrapolate with")
    parser.add_argument("--diff", type=float, help="the difference to decide (default: the "
                                                    "sample's mean)")
    parser.add_argument("--cores", type=int, default=2)
    parser.add_argument("--margin", type=float, default=0.5)
    args = parser.parse_args()
    cpu, sd, mean = sample(args.agent, args.games)
    print(f"{args.agent}: {args.games} paired games of {PAIR[0]} vs {PAIR[1]}: "
          f"{cpu:.3g} s CPU per paired game; winner_score difference {mean:+.2f}, paired sd "
          + (f"{sd:.2f}" if sd is not None else "n/a"))
    sd = args.sd or sd
    if not sd:
        print("no paired standard deviation to extrapolate with: give --sd")
        return
    diff = abs(args.diff if args.diff is not None else mean or 0.0)
    plans = [(f"±{args.margin}, a fixed number of games (t interval)",
              games_fixed(sd, args.margin)),
             (f"±{args.margin}, until decided (anytime-valid)",
              games_until_decided(sd, args.margin))]
    if diff:
        plans.append((f"a difference of {diff:.2f} decided, until decided",
                      games_until_decided(sd, diff)))
    for how, games in plans:
        print(f"  sd {sd:.2f}, {how}: {games} paired games, {games * cpu / 60:.1f} "
              f"CPU-minutes, {games * cpu / args.cores / 60:.1f} minutes on {args.cores} cores")


if __name__ == "__main__":
    main()
