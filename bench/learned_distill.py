"""Experiment: distil the look-ahead player into a fork-free learned policy (card game).

    python3 bench/learned_distill.py [--games N] [--first-game G] [--seeds S] [--first-seed F]
                                     [--model ridge|hgb|hgbc|mlp ...] [--drop payload|state ...]
                                     [--target advantage|best|choice] [--cache FILE]

The look-ahead player rates each option by forking the game, redrawing the hidden information
from the deciding seat's view, giving the option and letting the heuristic bots play on for two
rounds (to the end of the round, then one more), then asking the variant's ``evaluate_seats``
hook how the seat stands: its value minus the best other seat's (the final scores where the game
ends first). It plays well but costs milliseconds a decision. This experiment asks whether a
nonlinear model over cheap, generic features that need no fork can imitate it.

Labels (``agents.learned.policy.rated_decisions``, as the learned agent's training makes
them): N self-play games of heuristic bots (random answers 10% of the time); at about a third
of the decisions with a choice, EVERY option is rated by the look-ahead above (one redraw shared
by all options of a decision), and half of those decisions are then answered with the best
rated option, so the games resemble the policy's own. ``--target advantage``: each option's
rating minus the decision's mean; ``best``: 1 for the best rated options, 0 for the others;
``choice``: 1 for the option the look-ahead player would play (among equally rated options the
heuristic bot's choice), 0 for the others (the classifier ``hgbc`` learns ``choice`` unless
``best`` is asked).

Features of an option (``agents.learned.policy.option_rows``), all generic (no code per
variant or house rule): the hashed option features (its kind and stem, its position, its
number, whether it is the heuristic bot's choice); the decision's kind and stem as codes, the
number of options,
the option's index and number; the numbers inside the option's payload (whatever the rules put
there: a card's value, a bid's amount), summed into hashed buckets by their path, with the
payload's words as indicators; and the seat's view of the current position
(``agents.learned.features.Encoder``, columns constant in the training data dropped). The
models: scikit-learn's ``Ridge`` and ``MLPRegressor`` (on all columns, standardised) and the
histogram gradient boosting regressor and classifier (``hgb``, ``hgbc``; the compact columns:
everything but the hashed ones); ``--drop`` leaves a group of columns out. Playing: the option
with the highest prediction, evaluated with numpy only (the trees are flattened into arrays, all
walked at once). Then one such seat plays three heuristic bots on S seeds (F, F+1, ...), once
at each seat, as ``bench/learned_fork_free.py`` does; the win share (a shared win counts 1/k,
fair share 25%) with its 95% interval and the median CPU time of the policy's ``choose`` are
printed.

One process, one thread (``threadpool_limits``). ``--cache FILE`` keeps the labelled data (npz)
so several models can be compared on the same labels. Figures, not tests; everything is seeded.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import Ridge
from sklearn.neural_network import MLPRegressor
from threadpoolctl import threadpool_limits

from peloponnes.agents import make_agents
from peloponnes.agents.learned.features import Encoder
from peloponnes.agents.learned.fitting import POLICY_TREES, fit_policy, flatten
from peloponnes.agents.learned.policy import (
    DENSE,
    SUGGESTED,
    WIDTH,
    option_rows,
    rated_decisions,
)
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario

RULES = load_ruleset(Scenario.quick("cardgame", 4, agent="heuristic"))
HASHED = WIDTH      # the hashed option columns (``agents.learned.policy.option_features``)


def label_games(first: int, games: int, encoder: Encoder):
    """Rated decisions of ``games`` self-play games: (rows, ratings, decision number per row)."""
    ruleset, scenario = RULES
    rows, ratings, groups = [], [], []
    for seed in range(first, first + games):
        for x, rated in rated_decisions(ruleset, scenario, seed, encoder):
            rows.append(x)
            ratings.extend(rated)
            groups.extend([len(rows) - 1] * len(rated))
    return np.vstack(rows), np.array(ratings, dtype=np.float32), np.array(groups)


def targets(ratings: np.ndarray, groups: np.ndarray, kind: str,
            suggested: np.ndarray) -> np.ndarray:
    """Per-decision targets: ``advantage``, the rating minus the decision's mean; ``best``, 1 for
    the best rated options; ``choice``, 1 for the option the look-ahead player plays (the best
    rated; among equals the heuristic bot's choice, else the first). ``suggested``: 1 where the
    option is the heuristic bot's choice."""
    sizes = np.bincount(groups)
    if kind == "advantage":
        return ratings - (np.bincount(groups, ratings) / sizes)[groups]
    top = np.full(sizes.size, -np.inf)
    np.maximum.at(top, groups, ratings)
    best = ratings >= top[groups] - 1e-6
    if kind == "best":
        return best.astype(np.float32)
    heuristic_best = np.bincount(groups, best & (suggested > 0), minlength=sizes.size) > 0
    first_best = np.full(sizes.size, len(groups))
    np.minimum.at(first_best, groups, np.where(best, np.arange(len(groups)), len(groups)))
    chosen = np.where(heuristic_best[groups], best & (suggested > 0),
                      np.arange(len(groups)) == first_best[groups])
    return chosen.astype(np.float32)


class MLP:
    """A fitted ``MLPRegressor`` with its input scaling, as plain numpy, over the columns
    ``keep``."""

    def __init__(self, model, keep: np.ndarray, mean: np.ndarray, scale: np.ndarray):
        self.keep, self.mean, self.scale = keep, mean, scale
        self.layers = list(zip(model.coefs_, model.intercepts_, strict=True))

    def predict(self, rows: np.ndarray) -> np.ndarray:
        out = (rows[:, self.keep] - self.mean) / self.scale
        for i, (weights, bias) in enumerate(self.layers):
            out = out @ weights + bias
            if i < len(self.layers) - 1:
                out = np.maximum(out, 0.0)
        return out[:, 0]


class Linear:
    def __init__(self, keep: np.ndarray, weights: np.ndarray, bias: float):
        self.keep, self.weights, self.bias = keep, weights.astype(np.float32), bias

    def predict(self, rows: np.ndarray) -> np.ndarray:
        return rows[:, self.keep] @ self.weights + self.bias


def fit(kind: str, rows: np.ndarray, y: np.ndarray, keep: np.ndarray):
    """Fit model ``kind`` on the columns ``keep``: a predictor of ``option_rows``' rows, and the
    number of columns it reads. The trees read the compact columns only (everything but the
    hashed ones): ``hgb`` is the learned agent's own policy (``fitting.fit_policy``)."""
    if kind == "hgb":
        policy = fit_policy(rows, y, keep)
        return policy, policy.keep.size
    if kind == "hgbc":
        keep = keep[keep >= HASHED]
        model = HistGradientBoostingClassifier(**POLICY_TREES).fit(rows[:, keep], y.astype(int))
        return flatten(model, keep), keep.size
    x = rows[:, keep]
    if kind == "ridge":
        model = Ridge(alpha=10.0).fit(x, y)
        return Linear(keep, model.coef_, float(model.intercept_)), keep.size
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    model = MLPRegressor(hidden_layer_sizes=(64, 32), alpha=1e-3, batch_size=256,
                         learning_rate_init=1e-3, max_iter=30, early_stopping=True,
                         random_state=0).fit((x - mean) / scale, y)
    return MLP(model, keep, mean.astype(np.float32), scale.astype(np.float32)), keep.size


class DistilledAgent:
    """Answers with the option the fitted model values most; records its CPU time."""
    needs_view = False
    is_bot = True

    def __init__(self, game, predictor, encoder: Encoder):
        self.game, self.predictor, self.encoder = game, predictor, encoder
        self.times: list[float] = []

    def choose(self, view, decision) -> str:
        started = time.process_time()
        values = self.predictor.predict(option_rows(self.game, self.encoder, decision))
        answer = decision.options[int(np.argmax(values))].id
        self.times.append(time.process_time() - started)
        return answer


def evaluate(predictor, encoder, first_seed: int, seeds: int):
    """The policy seat's win shares against three heuristic bots, and its decision times."""
    ruleset, scenario = RULES
    shares, times = [], []
    for seed in range(first_seed, first_seed + seeds):
        for seat in range(4):
            game = Game(ruleset, scenario, seed=seed)
            agents = make_agents(game)
            agents[seat] = DistilledAgent(game, predictor, encoder)
            play(game, agents)
            winners = game.result.winners
            shares.append(1 / len(winners) if seat in winners else 0.0)
            times.extend(agents[seat].times)
    return shares, times


def labelled_data(args, encoder: Encoder):
    """The labelled decisions: from ``--cache`` when it holds them, else made (and saved)."""
    if args.cache and os.path.exists(args.cache):
        data = np.load(args.cache)
        print(f"labels from {args.cache}", flush=True)
        return data["rows"], data["ratings"], data["groups"]
    started = time.process_time()
    rows, ratings, groups = label_games(args.first_game, args.games, encoder)
    print(f"labelled {groups[-1] + 1} decisions ({len(ratings)} options) of {args.games}"
          f" self-play games in {time.process_time() - started:.0f} s CPU", flush=True)
    if args.cache:
        np.savez(args.cache, rows=rows, ratings=ratings, groups=groups)
    return rows, ratings, groups


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200, help="self-play games to label")
    parser.add_argument("--first-game", type=int, default=2 * 10**9, help="their first seed")
    parser.add_argument("--model", nargs="+", default=["hgb"],
                        choices=("ridge", "hgb", "hgbc", "mlp"))
    parser.add_argument("--target", default="advantage", choices=("advantage", "best", "choice"))
    parser.add_argument("--seeds", type=int, default=100, help="4 games per seed")
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--drop", nargs="*", default=[], choices=("payload", "state"),
                        help="leave out the payload buckets or the view of the position")
    parser.add_argument("--cache", help="npz file keeping the labelled data between runs")
    args = parser.parse_args()
    with threadpool_limits(1):      # one core: the machine is shared
        run(args)


def run(args) -> None:
    encoder = Encoder(*RULES)
    rows, ratings, groups = labelled_data(args, encoder)
    varying = np.flatnonzero(rows.min(axis=0) != rows.max(axis=0))
    payload = (varying >= HASHED + 6) & (varying < HASHED + DENSE)
    state = varying >= HASHED + DENSE
    varying = varying[~(payload & ("payload" in args.drop)) & ~(state & ("state" in args.drop))]
    for kind in args.model:
        # the classifier needs 0/1 targets: with ``advantage`` asked, it learns ``choice``
        target = "choice" if kind == "hgbc" and args.target == "advantage" else args.target
        started = time.process_time()
        y = targets(ratings, groups, target, rows[:, SUGGESTED])
        predictor, used = fit(kind, rows, y, varying)
        fitted = time.process_time() - started
        shares, times = evaluate(predictor, encoder, args.first_seed, args.seeds)
        mean = statistics.fmean(shares)
        half = 1.96 * statistics.stdev(shares) / len(shares) ** 0.5
        print(f"{kind} ({target}, {used} columns, {len(ratings)} rows, fit"
              f" {fitted:.0f} s CPU) vs 3 heuristic: {len(shares)} games (seeds"
              f" {args.first_seed}+): win share {mean:.1%} [{mean - half:.1%},"
              f" {mean + half:.1%}]; median {statistics.median(times) * 1000:.3f} ms CPU per"
              " decision", flush=True)


if __name__ == "__main__":
    main()
