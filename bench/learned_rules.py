"""Experiment: which decision rule should the ``learned`` agent use? Screens, card game.

    python3 bench/learned_rules.py [--rule R ...] [--games N] [--seeds S] [--first-seed F]

Trains one value model on N self-play games (default 1500: the agent's training, in this
process), then plays one seat under each rule against three heuristic bots, on S seeds (F,
F+1, ...) with the seat at each of the 4 seats, and prints its win share with a 95% interval
and the median CPU time per decision. Every rule looks at each option's after-state with the
same redraw (``agents.learned.features.after_state_games``, as the agent does); they differ in
what they make of it:

- ``model``: the value model of the seat's encoded view alone (the agent before the engine's
  evaluation was used);
- ``standing``: the engine's evaluation (``decide.standing``: the seat's expected score minus
  the best other's), equals going to the option offered first;
- ``standing-model``: the same, equals going to the model;
- ``standing-heuristic``: the agent's rule (``decide.best_option``: standing, then the
  heuristic bot's choice, then the model) with ``lookahead = 0, redraws = 1``;
- ``lookahead:R`` / ``lookahead:RxK``: the agent's rule with ``lookahead = R`` (the heuristic
  bots play R more rounds from each after-state) and ``redraws = K`` (default 1); the agent's
  defaults are ``lookahead:2x2``.

Screens, not the benchmark (``bench/learned_strength.py``): one process, small samples, figures
not tests. Everything is seeded.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from peloponnes.agents import make_agents
from peloponnes.agents.learned.decide import best_option, standing
from peloponnes.agents.learned.features import Encoder, after_state_games, encode_games
from peloponnes.agents.learned.training import Plan, train
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario

RULES = ("model", "standing", "standing-model", "standing-heuristic")


class RuleAgent:
    """One seat playing ``rule`` with ``model``; records its decisions' CPU times."""
    needs_view = False
    is_bot = True

    def __init__(self, game, rule: str, model, encoder: Encoder):
        self.game = game.enable_forking()
        self.rule, self.model, self.encoder = rule, model, encoder
        self.times: list[float] = []

    def choose(self, view, decision) -> str:
        started = time.process_time()
        index = self.pick(self.game, random.Random(f"rule:{len(self.game.answers)}"))
        self.times.append(time.process_time() - started)
        return decision.options[index].id

    def pick(self, game, rng: random.Random) -> int:
        seat = game.pending.seat
        rule, model, encoder = self.rule, self.model, self.encoder
        if rule.startswith("lookahead:"):
            rounds, _, redraws = rule.partition(":")[2].partition("x")
            return best_option(game, model, encoder, rng.getrandbits(64),
                               lookahead=int(rounds), redraws=int(redraws or 1))
        redraw = rng.getrandbits(64)
        if rule == "standing-heuristic":
            return best_option(game, model, encoder, redraw)
        forks = after_state_games(game, redraw)
        if rule == "model":
            return int(np.argmax(model.predict(encode_games(forks, encoder, seat))))
        standings = np.array([standing(fork, seat) for fork in forks])
        best = np.flatnonzero(standings >= standings.max() - 1e-9)
        if rule == "standing" or len(best) == 1:
            return int(best[0])
        values = model.predict(encode_games([forks[i] for i in best], encoder, seat))
        return int(best[int(np.argmax(values))])


def screen(rule: str, model, rules, seeds: range) -> str:
    ruleset, scenario = rules
    encoder = Encoder(ruleset, scenario)
    shares, times = [], []
    for seed in seeds:
        for seat in range(4):
            game = Game(ruleset, scenario, seed=seed)
            agents = make_agents(game)
            agents[seat] = RuleAgent(game, rule, model, encoder)
            play(game, agents)
            winners = game.result.winners
            shares.append(1 / len(winners) if seat in winners else 0.0)
            times += agents[seat].times
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / len(shares) ** 0.5
    return (f"{rule:>16}: win share {mean:.1%} [{mean - half:.1%}, {mean + half:.1%}]"
            f" ({len(shares)} games); median {statistics.median(times) * 1000:.2f} ms CPU per"
            " decision")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule", action="append", help=f"default: {', '.join(RULES)}")
    parser.add_argument("--games", type=int, default=1500, help="self-play games to train on")
    parser.add_argument("--seeds", type=int, default=25, help="4 games per seed")
    parser.add_argument("--first-seed", type=int, default=1000)
    args = parser.parse_args()
    rules = load_ruleset(Scenario.quick("cardgame", 4, agent="heuristic"))
    started = time.perf_counter()
    model = train(*rules, Plan(games=args.games))
    print(f"model trained on {args.games} self-play games in"
          f" {time.perf_counter() - started:.0f} s", flush=True)
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    for rule in args.rule or RULES:
        print(screen(rule, model, rules, seeds), flush=True)


if __name__ == "__main__":
    main()
