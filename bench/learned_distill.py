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

Labels: N self-play games of heuristic bots (random answers 10% of the time); at about a third
of the decisions with a choice, EVERY option is rated by the look-ahead above (one redraw shared
by all options of a decision), and half of those decisions are then answered with the best
rated option, so the games resemble the policy's own. ``--target advantage``: each option's
rating minus the decision's mean; ``best``: 1 for the best rated options, 0 for the others;
``choice``: 1 for the option the look-ahead player would play (among equally rated options the
heuristic bot's choice), 0 for the others (the classifier ``hgbc`` learns ``choice`` unless
``best`` is asked).

Features of an option, all generic (no code per variant or house rule): the hashed option
features of ``bench/learned_fork_free.py`` (its kind and stem, its position, its number, whether
it is the heuristic bot's choice); the decision's kind and stem as codes, the number of options,
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
import dataclasses
import os
import random
import statistics
import time
import zlib
from functools import cache

import numpy as np
from learned_fork_free import RULES, WIDTH, heuristic_choice, option_features
from sklearn.ensemble import (
    HistGradientBoostingClassifier,
    HistGradientBoostingRegressor,
)
from sklearn.linear_model import Ridge
from sklearn.neural_network import MLPRegressor
from threadpoolctl import threadpool_limits

from peloponnes.agents import make_agents
from peloponnes.agents.learned.decide import looked_ahead, standing
from peloponnes.agents.learned.features import Encoder
from peloponnes.core.engine import Game
from peloponnes.core.playing import play

LOOKAHEAD = 2       # rounds the heuristic bots play on from each option before it is rated
EXPLORE = 0.1       # self-play: the chance an answer is random
LABEL = 0.35        # self-play: the chance a decision with a choice is rated by the look-ahead
FOLLOW = 0.5        # self-play: the chance a rated decision is answered with its best option
LEAF_BUCKETS = 64   # hashed buckets for the numbers and words inside an option's payload
HASHED = WIDTH      # the columns of ``bench/learned_fork_free.py``'s option features
DENSE = 6 + LEAF_BUCKETS    # codes, counts and payload buckets (``dense_features``)
SUGGESTED = HASHED + 5      # the column: is the option the heuristic bot's choice


@cache
def code(text: str, buckets: int = 997) -> int:
    """A stable number for ``text`` below ``buckets`` (Python's ``hash`` differs by process)."""
    return zlib.crc32(text.encode()) % buckets


def add_payload(value, row: np.ndarray, path: str = "", depth: int = 0) -> None:
    """Add the numbers inside an option's payload to ``row`` (one bucket per path), and a 1 for
    each word (one bucket per path and word); dataclasses, dicts and sequences are walked."""
    if isinstance(value, bool | int | float):
        row[code(path, LEAF_BUCKETS)] += float(value) / 10
    elif isinstance(value, str):
        row[code(f"{path}={value}", LEAF_BUCKETS)] += 1
    elif depth < 4:
        if dataclasses.is_dataclass(value):
            items = ((f.name, getattr(value, f.name)) for f in dataclasses.fields(value))
        elif isinstance(value, dict):
            items = value.items()
        elif isinstance(value, list | tuple):
            items = (("*", item) for item in value)     # a sequence counts as a bag
        else:
            return
        for key, item in items:
            add_payload(item, row, f"{path}.{key}", depth + 1)


def dense_features(decision, suggested: str | None) -> np.ndarray:
    """Compact option columns: kind and stem codes, option count, index, number, whether it is
    the heuristic bot's choice, then the payload buckets."""
    count = len(decision.options)
    rows = np.zeros((count, DENSE), dtype=np.float32)
    for i, option in enumerate(decision.options):
        stem, _, tail = option.id.partition(":")
        number = option.value if isinstance(option.value, int) else (
            int(tail) if tail.lstrip("-").isdigit() else 0)
        if stem.lstrip("-").isdigit():
            stem = "number"
        rows[i, :6] = (code(decision.kind), code(f"{decision.kind}|{stem}"), count, i, number,
                       option.id == suggested)
        add_payload(option.value, rows[i, 6:])
    return rows


def features(game, encoder: Encoder, decision) -> np.ndarray:
    """One row per option: hashed block, compact block, then the seat's view (all columns)."""
    suggested = heuristic_choice(game, decision)
    state = encoder.encode(game, decision.seat)
    count = len(decision.options)
    return np.hstack([option_features(decision, suggested), dense_features(decision, suggested),
                      np.broadcast_to(state, (count, state.size))])


def rate_options(game, seat: int, rng_seed: int) -> list[float]:
    """The look-ahead's rating of every option of ``game``'s pending decision, all with the
    same redraw (the ``learned`` agent's look-ahead, ``agents.learned.decide``)."""
    forks = looked_ahead(game, rng_seed, list(range(len(game.pending.options))), LOOKAHEAD)
    return [standing(fork, seat) for fork in forks]


def label_games(first: int, games: int, encoder: Encoder):
    """Rated decisions of ``games`` self-play games: (rows, ratings, decision number per row)."""
    ruleset, scenario = RULES
    rows, ratings, groups = [], [], []
    for seed in range(first, first + games):
        rng = random.Random(f"distill:{seed}")
        game = Game(ruleset, scenario, seed=seed).enable_forking().start()
        while (decision := game.pending) is not None:
            answer = heuristic_choice(game, decision)
            if answer is None or rng.random() < EXPLORE:
                answer = rng.choice(decision.options).id
            if len(decision.options) > 1 and rng.random() < LABEL:
                rated = rate_options(game, decision.seat, rng.getrandbits(64))
                rows.append(features(game, encoder, decision))
                ratings.extend(rated)
                groups.extend([len(rows) - 1] * len(rated))
                if rng.random() < FOLLOW:
                    answer = decision.options[int(np.argmax(rated))].id
            game.choose(answer)
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


class Trees:
    """A fitted histogram gradient boosting model flattened into arrays: every tree is walked
    at once, one numpy step per level (sklearn's own ``predict`` costs about 5 us a tree)."""

    def __init__(self, model):
        predictors = [p[0] for p in model._predictors]
        width = max(len(p.nodes) for p in predictors)
        shape = (len(predictors), width)
        self.feature = np.zeros(shape, dtype=np.int64)
        self.threshold = np.full(shape, np.inf)
        self.left = np.zeros(shape, dtype=np.int64)
        self.right = np.zeros(shape, dtype=np.int64)
        self.value = np.zeros(shape)
        for t, p in enumerate(predictors):
            nodes, n = p.nodes, len(p.nodes)
            leaf = nodes["is_leaf"].astype(bool)
            self.feature[t, :n] = np.where(leaf, 0, nodes["feature_idx"])
            self.threshold[t, :n] = np.where(leaf, np.inf, nodes["num_threshold"])
            self.left[t, :n] = np.where(leaf, np.arange(n), nodes["left"])
            self.right[t, :n] = np.where(leaf, np.arange(n), nodes["right"])
            self.value[t, :n] = np.where(leaf, nodes["value"], 0.0)
        self.depth = max(int(p.nodes["depth"].max()) for p in predictors)
        self.base = float(np.ravel(model._baseline_prediction)[0])
        self.trees = np.arange(len(predictors))[None, :]

    def predict(self, rows: np.ndarray) -> np.ndarray:
        node = np.zeros((len(rows), self.trees.size), dtype=np.int64)
        picks = np.arange(len(rows))[:, None]
        for _ in range(self.depth):
            feature = self.feature[self.trees, node]
            go_left = rows[picks, feature] <= self.threshold[self.trees, node]
            node = np.where(go_left, self.left[self.trees, node], self.right[self.trees, node])
        return self.base + self.value[self.trees, node].sum(axis=1)


class MLP:
    """A fitted ``MLPRegressor`` with its input scaling, as plain numpy."""

    def __init__(self, model, mean: np.ndarray, scale: np.ndarray):
        self.mean, self.scale = mean, scale
        self.layers = list(zip(model.coefs_, model.intercepts_, strict=True))

    def predict(self, rows: np.ndarray) -> np.ndarray:
        out = (rows - self.mean) / self.scale
        for i, (weights, bias) in enumerate(self.layers):
            out = out @ weights + bias
            if i < len(self.layers) - 1:
                out = np.maximum(out, 0.0)
        return out[:, 0]


class Linear:
    def __init__(self, weights: np.ndarray, bias: float):
        self.weights, self.bias = weights.astype(np.float32), bias

    def predict(self, rows: np.ndarray) -> np.ndarray:
        return rows @ self.weights + self.bias


def fit(kind: str, rows: np.ndarray, y: np.ndarray, keep: np.ndarray):
    """Fit model ``kind``; returns (predictor over the kept columns, the kept columns)."""
    if kind in ("hgb", "hgbc"):
        keep = keep[keep >= HASHED]             # the compact columns only
        x = rows[:, keep]
        settings = dict(max_iter=150, max_depth=7, learning_rate=0.1, l2_regularization=1.0,
                        min_samples_leaf=40, early_stopping=False, random_state=0)
        if kind == "hgb":
            model = HistGradientBoostingRegressor(**settings).fit(x, y)
        else:
            model = HistGradientBoostingClassifier(**settings).fit(x, y.astype(int))
        return Trees(model), keep
    x = rows[:, keep]
    if kind == "ridge":
        model = Ridge(alpha=10.0).fit(x, y)
        return Linear(model.coef_, float(model.intercept_)), keep
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    model = MLPRegressor(hidden_layer_sizes=(64, 32), alpha=1e-3, batch_size=256,
                         learning_rate_init=1e-3, max_iter=30, early_stopping=True,
                         random_state=0).fit((x - mean) / scale, y)
    return MLP(model, mean.astype(np.float32), scale.astype(np.float32)), keep


class DistilledAgent:
    """Answers with the option the fitted model values most; records its CPU time."""
    needs_view = False
    is_bot = True

    def __init__(self, game, predictor, keep: np.ndarray, encoder: Encoder):
        self.game, self.predictor, self.keep, self.encoder = game, predictor, keep, encoder
        self.times: list[float] = []

    def choose(self, view, decision) -> str:
        started = time.process_time()
        values = self.predictor.predict(features(self.game, self.encoder, decision)[:, self.keep])
        answer = decision.options[int(np.argmax(values))].id
        self.times.append(time.process_time() - started)
        return answer


def evaluate(predictor, keep, encoder, first_seed: int, seeds: int):
    """The policy seat's win shares against three heuristic bots, and its decision times."""
    ruleset, scenario = RULES
    shares, times = [], []
    for seed in range(first_seed, first_seed + seeds):
        for seat in range(4):
            game = Game(ruleset, scenario, seed=seed)
            agents = make_agents(game)
            agents[seat] = DistilledAgent(game, predictor, keep, encoder)
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
        predictor, keep = fit(kind, rows, y, varying)
        fitted = time.process_time() - started
        shares, times = evaluate(predictor, keep, encoder, args.first_seed, args.seeds)
        mean = statistics.fmean(shares)
        half = 1.96 * statistics.stdev(shares) / len(shares) ** 0.5
        print(f"{kind} ({target}, {len(keep)} columns, {len(ratings)} rows, fit"
              f" {fitted:.0f} s CPU) vs 3 heuristic: {len(shares)} games (seeds"
              f" {args.first_seed}+): win share {mean:.1%} [{mean - half:.1%},"
              f" {mean + half:.1%}]; median {statistics.median(times) * 1000:.3f} ms CPU per"
              " decision", flush=True)


if __name__ == "__main__":
    main()
