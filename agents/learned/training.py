"""Training a model for one ruleset: self-play games for the value model, then labelled games
for the distilled policy.

The value model's games come in rounds, each round's model fitted on every view kept so far.
Round 1 plays the variant's heuristic bots (random where it has none), exploring; each later
round seats the model of the round before at some seats (fitted value iteration: the model
learns from games it played). The default is one round: the value model only breaks ties in
the look-ahead search, and the default agent, the policy, neither reads it nor plays it in its
labelled games. The games' seeds derive from the training seed and are played in
seed order, so the same seed gives the same model whoever plays the games (``play_games``: here
one after the other; ``lab.training`` hands them to worker processes or Ray).

Then the distillation: labelled games (``policy.policy_game``, seeds of a block of their own),
played the same way, and the distilled policy fitted on them (``fitting.fit_policy``) and kept
in the model next to the value model. The agent plays the policy by default; the value model
breaks ties in its look-ahead search.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from .agent import DEFAULT_GAMES
from .device import accelerator
from .features import Encoder
from .fitting import fit_policy, fit_value_model
from .model import ValueModel
from .policy import Distill, columns
from .selfplay import SelfPlay
from .store import describe_rules, now, ruleset_digest

ROUNDS = 1                  # self-play rounds for the value model (the first without a model)
FIRST_ROUND_SHARE = 0.75    # of the games, with more rounds: the heuristic bots' are the cheap ones
DISTILL_SHARE = 2 / 3       # labelled games for the policy, per value-model game (400 of 600)

# ``play_games(seeds, model, how)``: the kept views and labels of each seed's self-play game, in
# the seeds' order.
PlayGames = Callable[[Sequence[int], "ValueModel | None", "SelfPlay | Distill"],
                     Iterable[tuple[np.ndarray, np.ndarray]]]
Progress = Callable[[int, int, str], None]      # (games done, games in all, what is going on)


@dataclass(frozen=True)
class Plan:
    """``games`` self-play games in ``rounds`` rounds for the value model, then
    ``distill_games`` labelled games for the policy (None: ``DISTILL_SHARE`` of ``games``, at
    least 1; 0: no policy), from ``seed``; the value model fitted on ``device`` ("auto": a
    GPU where one is present, ``device.accelerator``)."""
    games: int = DEFAULT_GAMES
    seed: int = 0
    rounds: int = ROUNDS
    distill_games: int | None = None
    device: str = "auto"

    def distill_count(self) -> int:
        if self.distill_games is not None:
            return self.distill_games
        return max(1, round(self.games * DISTILL_SHARE))

    def total(self) -> int:
        """Games in all: the value model's and the distillation's."""
        return self.games + self.distill_count()

    def round_sizes(self) -> list[int]:
        if self.rounds == 1:
            return [self.games]
        first = max(1, round(self.games * FIRST_ROUND_SHARE))
        rest = self.games - first
        later = [rest // (self.rounds - 1)] * (self.rounds - 1)
        later[-1] += rest - sum(later)
        return [first, *later]

    def seeds(self) -> list[int]:
        """The self-play games' seeds: a block of their own, far from the seeds scenarios and
        benchmarks play (0, 1, 1000, ...)."""
        base = 10**9 + random.Random(f"learned:{self.seed}").randrange(10**9)
        return [base + i for i in range(self.games)]

    def distill_seeds(self) -> list[int]:
        """The labelled games' seeds: another block, far from the self-play games'."""
        base = 2 * 10**9 + random.Random(f"distill:{self.seed}").randrange(10**9)
        return [base + i for i in range(self.distill_count())]


def serial_games(ruleset, scenario) -> PlayGames:
    """``PlayGames`` in this process, one game after the other."""
    encoder = Encoder(ruleset, scenario)

    def play(seeds, model, how):
        for seed in seeds:
            yield how.play(ruleset, scenario, seed, model, encoder)
    return play


def train(ruleset, scenario, plan: Plan, *, play_games: PlayGames | None = None,
          progress: Progress | None = None) -> ValueModel:
    """A model for the rules ``scenario`` plays with ``ruleset``, trained as ``plan`` says."""
    play_games = play_games or serial_games(ruleset, scenario)
    on = accelerator(plan.device)       # before any game: a GPU asked for and missing fails now
    started = time.perf_counter()
    seeds = plan.seeds()
    rows: list[np.ndarray] = []
    labels: list[np.ndarray] = []
    model = None
    done = 0
    total = plan.total()
    info = {"digest": ruleset_digest(ruleset, scenario), **describe_rules(ruleset, scenario),
            "target": "score" if len(scenario.players) == 1 else "win share",
            "games": plan.games, "rounds": plan.rounds, "seed": plan.seed,
            "distill_games": plan.distill_count()}
    for number, size in enumerate(plan.round_sizes(), start=1):
        what = ("self-play" if plan.rounds == 1 else
                f"self-play round {number}/{plan.rounds}")
        how = SelfPlay()
        for x, y in play_games(seeds[done:done + size], model, how):
            rows.append(x)
            labels.append(y)
            done += 1
            if progress is not None:
                progress(done, total, what)
        if progress is not None:
            progress(done, total, "fitting the value model" if plan.rounds == 1 else
                     f"fitting the model of round {number}/{plan.rounds}")
        rows, labels = [np.concatenate(rows)], [np.concatenate(labels)]    # one copy kept
        model = fit_value_model(rows[0], labels[0], info=info, on=on)
    samples = int(sum(len(y) for y in labels))
    if plan.distill_count():
        model.policy = distil(plan, model, play_games, progress, done, total)
    if model.policy is not None:
        model.info["policy_columns"] = columns(Encoder(ruleset, scenario))
    model.info.update(created=now(), seconds=round(time.perf_counter() - started, 1),
                      samples=samples)
    return model


def distil(plan: Plan, model: ValueModel, play_games: PlayGames, progress: Progress | None,
           done: int, total: int):
    """The distilled policy: ``plan``'s labelled games played, the trees fitted on them (None
    where no decision was rated or no column varies)."""
    rows: list[np.ndarray] = []
    advantages: list[np.ndarray] = []
    for x, y in play_games(plan.distill_seeds(), model, Distill()):
        rows.append(x)
        advantages.append(y)
        done += 1
        if progress is not None:
            progress(done, total, "distilling the look-ahead")
    if progress is not None:
        progress(done, total, "fitting the distilled policy")
    advantages = np.concatenate(advantages)
    if not advantages.size:     # too few games to rate a decision: no policy
        return None
    return fit_policy(np.concatenate(rows), advantages)
