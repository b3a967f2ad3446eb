"""Benchmark: PettingZoo environment steps per second against the raw engine's decisions per
second, per variant, on one core.

    python3 bench/rl_env.py [--games N] [--players P] [--variant V ...]

Raw engine: random-agent games (no views built). Environment: the same number of games through
``peloponnes.rl.env`` with a random masked policy, observing the acting seat at every step
(``env.last()``: the view, ``encode_view``, numpy). A figure, not a test: machines here are
shared and noisy. Needs the ``rl`` extra.
"""
from __future__ import annotations

import argparse
import random
import time

from peloponnes import rl
from peloponnes.core.plugins import discover_variants, load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import run_game


def raw_decisions_per_second(scenario: Scenario, games: int) -> float:
    ruleset, scenario = load_ruleset(scenario)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        decisions += run_game(ruleset, scenario, seed, agent="random").decisions
    return decisions / (time.perf_counter() - start)


def env_steps_per_second(scenario: Scenario, games: int) -> float:
    env = rl.env(scenario)
    policy = random.Random(0)
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        env.reset(seed=seed)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                action = None
            else:
                action = policy.randrange(int(observation["action_mask"].sum()))
                steps += 1
            env.step(action)
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", action="append", help="default: every installed variant")
    args = parser.parse_args()
    for name in args.variant or sorted(discover_variants()):
        scenario = Scenario.quick(name, args.players)
        raw = raw_decisions_per_second(scenario, args.games)
        steps = env_steps_per_second(scenario, args.games)
        print(f"{name:>10}: {args.players} players, {args.games} random games: engine"
              f" {raw:,.0f} decisions/s, environment {steps:,.0f} steps/s"
              f" ({raw / steps:.1f}x slower)", flush=True)


if __name__ == "__main__":
    main()
