"""Experiment: a fork-free learned policy for the card game, against three heuristic bots.

    python3 bench/learned_fork_free.py [--games N] [--train-seed T] [--seeds S] [--first-seed F]
                                       [--workers W]

The ``learned`` agent looks at every option's after-state, which costs a fork, a redraw and an
encoding per option (about 0.4 ms each). This prototype asks whether a model over the options
themselves does as well for a fraction of the time: a decision costs one call of the heuristic
bot and one matrix product, no fork.

Each option is described by generic features only (``agents.learned.policy.option_features``):
its decision kind with its stem (``card`` of ``card:3``) and with its position among the
options, its number (an amount) under that kind and stem, each hashed into buckets, and whether
it is the heuristic bot's choice. Training: N
self-play games of heuristic bots answering at random 30% of the time; at half the decisions the
chosen option's features are kept and labelled with the deciding seat's win share at the end;
scikit-learn's ``Ridge`` is fitted on them (``--train-seed`` picks another block of self-play
seeds: the spread between blocks is the point). Playing: the option with the highest estimate.
Then one such seat plays three heuristic bots on S seeds (F, F+1, ...), once at each seat, as
``bench/learned_strength.py`` does. Figures, not tests; everything is seeded.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
from sklearn.linear_model import Ridge

from peloponnes.agents import make_agents
from peloponnes.agents.learned.policy import option_features
from peloponnes.agents.playout import heuristic_choice
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario

EXPLORE = 0.3       # self-play: the chance an answer is random instead of the heuristic bot's
KEEP = 0.5          # self-play: the chance a decision's chosen option is kept

RULES = load_ruleset(Scenario.quick("cardgame", 4, agent="heuristic"))
weights: np.ndarray | None = None       # the fitted model, set before the games are played


def self_play(seed: int) -> tuple[np.ndarray, np.ndarray]:
    ruleset, scenario = RULES
    rng = random.Random(f"fork-free:{seed}")
    game = Game(ruleset, scenario, seed=seed).start()
    rows, seats = [], []
    while (decision := game.pending) is not None:
        suggested = heuristic_choice(game, decision)
        answer = suggested
        if suggested is None or rng.random() < EXPLORE:
            answer = rng.choice(decision.options).id
        if rng.random() < KEEP:
            index = [o.id for o in decision.options].index(answer)
            rows.append(option_features(decision, suggested)[index])
            seats.append(decision.seat)
        game.choose(answer)
    result = game.result
    share = 1 / len(result.winners)
    labels = [share if seat in result.winners else 0.0 for seat in seats]
    return np.array(rows), np.array(labels, dtype=np.float32)


class ForkFreeAgent:
    """Answers with the option the fitted model values most; records its CPU time."""
    needs_view = False
    is_bot = True

    def __init__(self, game):
        self.game = game
        self.times: list[float] = []

    def choose(self, view, decision) -> str:
        started = time.process_time()
        rows = option_features(decision, heuristic_choice(self.game, decision))
        answer = decision.options[int(np.argmax(rows @ weights))].id
        self.times.append(time.process_time() - started)
        return answer


def play_one(job: tuple[int, int]) -> tuple[float, list[float]]:
    seed, seat = job
    ruleset, scenario = RULES
    game = Game(ruleset, scenario, seed=seed)
    agents = make_agents(game)
    agents[seat] = ForkFreeAgent(game)
    play(game, agents)
    winners = game.result.winners
    return (1 / len(winners) if seat in winners else 0.0), agents[seat].times


def main() -> None:
    global weights
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000, help="self-play games to train on")
    parser.add_argument("--train-seed", type=int, default=0, help="which self-play seeds")
    parser.add_argument("--seeds", type=int, default=200, help="4 games per seed")
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    started = time.perf_counter()
    first = 10**9 + 10**7 * args.train_seed
    with ProcessPoolExecutor(args.workers) as pool:
        parts = list(pool.map(self_play, range(first, first + args.games), chunksize=25))
    rows = np.concatenate([p[0] for p in parts])
    labels = np.concatenate([p[1] for p in parts])
    weights = Ridge(alpha=10.0).fit(rows, labels).coef_.astype(np.float32)
    print(f"trained on {args.games} self-play games ({len(labels)} decisions) in"
          f" {time.perf_counter() - started:.0f} s wall", flush=True)
    jobs = [(args.first_seed + s, seat) for s in range(args.seeds) for seat in range(4)]
    with ProcessPoolExecutor(args.workers) as pool:     # workers fork: they see ``weights``
        results = list(pool.map(play_one, jobs, chunksize=10))
    shares = [r[0] for r in results]
    times = [t for r in results for t in r[1]]
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / len(shares) ** 0.5
    print(f"fork-free policy vs 3 heuristic: {len(shares)} games (seeds {args.first_seed}+):"
          f" win share {mean:.1%} [{mean - half:.1%}, {mean + half:.1%}] (fair 25%); median"
          f" {statistics.median(times) * 1000:.3f} ms CPU per decision", flush=True)


if __name__ == "__main__":
    main()
