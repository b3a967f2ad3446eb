"""The distilled policy: the look-ahead's choice imitated with no fork.

The look-ahead (``decide``) rates every option by forking the game, playing on and asking the
engine's evaluation: strong, but milliseconds a decision. The policy learns to predict that
rating from what the decision itself shows, so playing it costs one feature build and one walk
of a tree ensemble per decision.

Features of an option, all generic (no code per variant or house rule): hashed indicators of its
decision kind and id stem (``card`` of ``card:3``), of its position among the options, and of
its number; the decision's kind and stem as codes, the number of options, the option's index
and number; the numbers inside the option's payload (whatever the rules put there: a card's
value, a bid's amount), summed into hashed buckets by their path, with the payload's words as
indicators; whether it is the heuristic bot's choice; and the seat's view of the current
position (``features.Encoder``), the same for every option.

Labels (``policy_game``): self-play games of heuristic bots (random answers now and then); at a
share of the decisions with a choice, every option is rated by the look-ahead and labelled with
its rating minus the decision's mean (its advantage); half of those decisions are then answered
with the best rated option, so the games resemble the policy's own. Where the ruleset has no
evaluation, an option is rated by playing on to the end: the final score margin.

The model (``fitting.fit_policy``): gradient-boosted regression trees, flattened into arrays
(``Policy``) and walked with numpy, all trees at once.
"""
from __future__ import annotations

import dataclasses
import random
import zlib

import numpy as np

from peloponnes.agents.playout import heuristic_choice
from peloponnes.core.engine import Game

from .decide import looked_ahead, standing
from .features import Encoder

BUCKETS = 256       # hashed buckets of each hashed option feature
WIDTH = 3 * BUCKETS + 3     # the hashed option columns (``option_features``)
LEAF_BUCKETS = 64   # hashed buckets for the numbers and words inside an option's payload
DENSE = 6 + LEAF_BUCKETS    # codes, counts and payload buckets (``dense_features``)
SUGGESTED = WIDTH + 5       # the column: is the option the heuristic bot's choice
TO_THE_END = 10**6          # rounds: play on until the game ends


def code(text: str, buckets: int = 997) -> int:
    """A stable number for ``text`` below ``buckets`` (Python's ``hash`` differs by process)."""
    return zlib.crc32(text.encode()) % buckets


def stem_and_number(option) -> tuple[str, int]:
    """An option id's stem (``card`` of ``card:3``; ``number`` for an amount) and its number
    (the option's value when it is a whole number, else the id's tail, else 0)."""
    stem, _, tail = option.id.partition(":")
    number = option.value if isinstance(option.value, int) else (
        int(tail) if tail.lstrip("-").isdigit() else 0)
    if stem.lstrip("-").isdigit():      # an amount: its number says which
        stem = "number"
    return stem, number


def option_features(decision, suggested: str | None) -> np.ndarray:
    """Hashed columns, one row per option: kind with stem, kind with position and count, the
    number under kind and stem, then whether (and among how many) it is the heuristic bot's
    choice, and its relative position."""
    count = len(decision.options)
    rows = np.zeros((count, WIDTH), dtype=np.float32)
    for i, option in enumerate(decision.options):
        stem, number = stem_and_number(option)
        chosen = option.id == suggested
        rows[i, code(f"{decision.kind}|{stem}", BUCKETS)] = 1
        rows[i, BUCKETS + code(f"{decision.kind}|{min(i, 8)}|{count}", BUCKETS)] = 1
        rows[i, 2 * BUCKETS + code(f"{decision.kind}|{stem}|n", BUCKETS)] = number / 100
        rows[i, 3 * BUCKETS] = chosen
        rows[i, 3 * BUCKETS + 1] = chosen * count / 10
        rows[i, 3 * BUCKETS + 2] = i / count
    return rows


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
        stem, number = stem_and_number(option)
        rows[i, :6] = (code(decision.kind), code(f"{decision.kind}|{stem}"), count, i, number,
                       option.id == suggested)
        add_payload(option.value, rows[i, 6:])
    return rows


def option_rows(game, encoder: Encoder, decision) -> np.ndarray:
    """One row per option: hashed block, compact block, then the seat's view of the position."""
    suggested = heuristic_choice(game, decision)
    state = encoder.encode(game, decision.seat)
    count = len(decision.options)
    return np.hstack([option_features(decision, suggested), dense_features(decision, suggested),
                      np.broadcast_to(state, (count, state.size))])


class Policy:
    """A tree ensemble flattened into arrays (tree by node): a node's ``feature`` and
    ``threshold`` (rows at or below go ``left``, others ``right``); a leaf points at itself,
    holds its ``value`` and has an infinite threshold. ``keep``: the columns of ``option_rows``
    the trees read. A prediction is ``base`` plus the leaves' values; every tree is walked at
    once, one numpy step per level."""
    ARRAYS = ("keep", "feature", "threshold", "left", "right", "value")

    def __init__(self, keep, feature, threshold, left, right, value, base: float):
        self.keep = np.asarray(keep, dtype=np.int64)
        self.feature = np.asarray(feature, dtype=np.int64)
        self.threshold = np.asarray(threshold, dtype=np.float64)
        self.left = np.asarray(left, dtype=np.int64)
        self.right = np.asarray(right, dtype=np.int64)
        self.value = np.asarray(value, dtype=np.float64)
        self.base = float(base)
        self.trees = np.arange(self.feature.shape[0])[None, :]
        self.depth = self._depth()

    def _depth(self) -> int:
        """The most steps from a root to a leaf (every walk takes that many; a leaf stays)."""
        leaf = np.isinf(self.threshold)
        frontier = np.zeros(self.feature.shape, dtype=bool)
        frontier[:, :1] = True
        for depth in range(self.feature.shape[1]):
            trees, nodes = np.nonzero(frontier & ~leaf)
            if trees.size == 0:
                return depth
            frontier = np.zeros_like(frontier)
            frontier[trees, self.left[trees, nodes]] = True
            frontier[trees, self.right[trees, nodes]] = True
        return self.feature.shape[1]

    def predict(self, rows: np.ndarray) -> np.ndarray:
        """The predicted advantage of each row (an option, as ``option_rows`` gives it)."""
        rows = rows[:, self.keep]
        node = np.zeros((len(rows), self.trees.size), dtype=np.int64)
        picks = np.arange(len(rows))[:, None]
        for _ in range(self.depth):
            feature = self.feature[self.trees, node]
            go_left = rows[picks, feature] <= self.threshold[self.trees, node]
            node = np.where(go_left, self.left[self.trees, node], self.right[self.trees, node])
        return self.base + self.value[self.trees, node].sum(axis=1)

    def arrays(self) -> dict[str, np.ndarray]:
        return {name: getattr(self, name) for name in self.ARRAYS}

    def malformed(self, columns: int) -> str | None:
        """What makes these arrays no ensemble over ``columns`` option columns, or None."""
        shape = self.feature.shape
        if len(shape) != 2 or any(getattr(self, n).shape != shape for n in self.ARRAYS[2:]):
            return "its trees' arrays differ in shape"
        if self.keep.ndim != 1 or (self.keep.size and not (
                0 <= self.keep.min() and self.keep.max() < columns)):
            return f"its trees read columns beyond the {columns} option features"
        links = np.concatenate([self.left.ravel(), self.right.ravel()])
        if links.size and not (0 <= links.min() and links.max() < shape[1]):
            return "its trees point at nodes they do not have"
        if self.feature.size and not (0 <= self.feature.min()
                                      and self.feature.max() < max(self.keep.size, 1)):
            return "its trees read features they do not keep"
        if not (np.isfinite(self.value).all() and np.isfinite(self.base)):
            return "its trees hold numbers that are not finite"
        return None


def columns(encoder: Encoder) -> int:
    """How many columns ``option_rows`` gives for a ruleset with ``encoder``'s layout."""
    return WIDTH + DENSE + encoder.size


@dataclasses.dataclass(frozen=True)
class Distill:
    """How the labelled games are played: ``explore``: the chance that an answer is random;
    ``label``: the chance that a decision with a choice is rated; ``follow``: the chance that
    a rated decision is answered with its best rated option; ``lookahead``: the rounds the
    heuristic bots play on from each option before it is rated."""
    explore: float = 0.1
    label: float = 0.35
    follow: float = 0.5
    lookahead: int = 2

    def play(self, ruleset, scenario, seed: int, model, encoder: Encoder):
        """One labelled game (``play_games``' per-game work; ``model`` is not used)."""
        return policy_game(ruleset, scenario, seed, encoder, self)


def rated_decisions(ruleset, scenario, seed: int, encoder: Encoder, how: Distill = Distill()):
    """Play one labelled self-play game with ``seed``, yielding each rated decision's
    (``option_rows``, the look-ahead's rating of each option)."""
    rng = random.Random(f"distill:{seed}")
    game = Game(ruleset, scenario, seed=seed).enable_forking().start()
    evaluated = game.pending is not None and standing(game, 0) is not None
    lookahead = how.lookahead if evaluated else TO_THE_END
    while (decision := game.pending) is not None:
        answer = heuristic_choice(game, decision)
        if answer is None or rng.random() < how.explore:
            answer = rng.choice(decision.options).id
        if len(decision.options) > 1 and rng.random() < how.label:
            forks = looked_ahead(game, rng.getrandbits(64), list(range(len(decision.options))),
                                 lookahead)
            rated = np.array([standing(fork, decision.seat) for fork in forks],
                             dtype=np.float32)
            yield option_rows(game, encoder, decision), rated
            if rng.random() < how.follow:
                answer = decision.options[int(np.argmax(rated))].id
        game.choose(answer)


def policy_game(ruleset, scenario, seed: int, encoder: Encoder,
                how: Distill = Distill()) -> tuple[np.ndarray, np.ndarray]:
    """One labelled self-play game with ``seed``: the rated options' rows (``option_rows``)
    and their advantages (the look-ahead's rating minus the decision's mean)."""
    rows, advantages = [], []
    for x, rated in rated_decisions(ruleset, scenario, seed, encoder, how):
        rows.append(x)
        advantages.append(rated - rated.mean())
    if not rows:
        return np.empty((0, columns(encoder)), dtype=np.float32), np.empty(0, np.float32)
    return np.vstack(rows), np.concatenate(advantages)
