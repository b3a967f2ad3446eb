"""Benchmark: how long does a designer wait for a verdict? The time to settle the market-phase
rule's ``winner_score`` to ±0.5 points, measured on a sample of paired games and extrapolated.

    python3 bench/settle_time.py [--agent mcts] [--games N] [--sd SD] [--cores C] [--margin M]
                                 [--train]

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

``--train`` (for ``--agent learned``): first train both rulesets' models as a designer's first
``compare`` does, at the defaults, with C workers and an empty model cache (a temporary
folder), and add the training's wall time to each total. Without it, the training is not
included. A figure, not a test.
"""
from __future__ import annotations

import argparse
import math
import os
import tempfile
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


def train_both(cores: int) -> float:
    """Train the learned agent for both rulesets, at the defaults, with ``cores`` workers and
    an empty model cache; the wall seconds it took."""
    from peloponnes.lab.training import Plan, train_scenario

    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="peloponnes-settle-")
    start = time.perf_counter()
    for name in PAIR:
        began = time.perf_counter()
        train_scenario(Scenario.from_file(SCENARIOS / name).with_agents("learned"), Plan(),
                       workers=cores)
        print(f"trained the learned agent for {name}: {time.perf_counter() - began:.0f} s wall"
              f" on {cores} workers", flush=True)
    return time.perf_counter() - start


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
    parser.add_argument("--train", action="store_true", help="train both rulesets first (an"
                        " empty model cache) and add the training's wall time to the totals")
    args = parser.parse_args()
    training = train_both(args.cores) if args.train else 0.0
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
        wall = games * cpu / args.cores
        print(f"  sd {sd:.2f}, {how}: {games} paired games, {games * cpu / 60:.1f} "
              f"CPU-minutes, {wall / 60:.1f} minutes on {args.cores} cores"
              + (f"; with the training, {(training + wall) / 60:.1f} minutes" if training
                 else ""))


if __name__ == "__main__":
    main()
