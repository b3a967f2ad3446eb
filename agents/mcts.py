"""The ``mcts`` agent: information-set Monte Carlo tree search that learns the rules from the
engine, so it plays any ruleset, house rules included, with no code of its own per variant.

Single-observer IS-MCTS (Cowling, Powley and Whitehouse, 2012; OpenSpiel's ``ismcts.py``): each
iteration forks the game at the pending decision and redraws what the searching seat cannot see
(``Game.resample``, the variants' ``resample_hidden`` hook), a fresh determinization; it walks
one tree shared by all determinizations, choosing by UCB among the options offered in *this*
determinization (counting how often each was available), every seat maximising its own reward;
it adds one node, plays a rollout (the variant's heuristic bot where it has one, else random),
optionally stopping after ``horizon`` rounds at the variant's evaluation (``evaluate_seats``),
and backs up each seat's win share. The answer is the most visited option.

Alone at the table (a solo game, or any scenario a plugin leaves one seat) a win share is
always 1, so the seat maximises its score instead: the final score, or the evaluation where a
rollout stops early, mapped to 0..1 for UCB by the lowest and highest seen in the search
(``RewardScale``, as MuZero normalises its values by the bounds seen in its tree).

The search sees only the seat's information: every determinization is drawn from its view, and
its random numbers come from the agent's seed and the decision's number, so under an iteration
budget the same view gives the same answer, in any process.
"""
from __future__ import annotations

import math
import random
import time
from collections import Counter
from dataclasses import dataclass

from peloponnes.agents.playout import answer_as_heuristic_bot
from peloponnes.agents.restricted import answers_pending
from peloponnes.core.schema import Field, Table, validate

# Upper bounds of the settings, checked when a scenario loads: an iteration takes milliseconds
# (3 to 25 on a laptop), so the most iterations make a decision of minutes, not of years.
MAX_ITERATIONS = 10_000
MAX_TIME = 600.0        # seconds: ten minutes a decision
MAX_HORIZON = 100       # rounds: more than any game has
MAX_EXPLORATION = 100.0

# The agent's settings: a player's ``mcts`` table in a scenario (documented in the README).
SETTINGS_SCHEMA = Table({
    "iterations": Field(int, default=32, min=1, max=MAX_ITERATIONS,
                        doc="determinized simulations per decision (the budget)"),
    "time": Field(float, default=0.0, min=0.0, max=MAX_TIME,
                  doc="seconds per decision at most (0 = no limit); with a limit, results"
                      " depend on the machine's speed"),
    "rollout": Field(str, default="heuristic", choices=("heuristic", "random"),
                     doc="how simulated games are played on: the variant's heuristic bot"
                         " (random where it has none) or random"),
    "horizon": Field(int, default=2, min=0, max=MAX_HORIZON,
                     doc="rounds a rollout plays before it stops at the variant's evaluation"
                         " (0 = to the end of the game; always to the end without one)"),
    "exploration": Field(float, default=0.7, min=0.0, max=MAX_EXPLORATION,
                         doc="UCB exploration constant (rewards are win shares, 0..1; alone,"
                             " the score scaled to 0..1)"),
})


@dataclass(frozen=True)
class Settings:
    """The agent's settings, defaults from ``SETTINGS_SCHEMA``."""
    iterations: int
    time: float
    rollout: str
    horizon: int
    exploration: float

    @classmethod
    def from_dict(cls, data: dict | None = None, *, where: str = "mcts") -> Settings:
        return cls(**validate(dict(data or {}), SETTINGS_SCHEMA, where=where))


class Node:
    """A node of the search tree: the option that led here was chosen by ``seat``."""
    __slots__ = ("seat", "visits", "reward", "available", "children")

    def __init__(self, seat: int | None):
        self.seat = seat
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[tuple, Node] = {}


class MCTSAgent:
    """Answers the pending decision of ``game`` (the game it plays in) by IS-MCTS.
    ``on_progress(done, budget)``, when set, is called after every iteration (a user
    interface's "thinking" indicator)."""
    needs_view = False
    settings_schema = SETTINGS_SCHEMA   # its table in a scenario: ``[players.mcts]``
    stateless = True        # each answer depends only on the game and the seed: no need to
                            # ask it again when a game is rebuilt (undo, resume)

    def __init__(self, seed: str, game, settings: Settings | None = None):
        self.seed = seed
        self.game = game.enable_forking()
        self.settings = settings or Settings.from_dict()
        hook = game.hook
        self.heuristic = (self.settings.rollout == "heuristic"
                          and bool(hook.choose_heuristic.get_hookimpls()))
        self.evaluates = bool(hook.evaluate_seats.get_hookimpls())
        self.alone = game.num_players == 1
        self.scale: RewardScale | None = None      # alone: the scores seen in this search
        self.on_progress = None
        self.iterations_done = 0

    def choose(self, view, decision) -> str:
        game = self.game
        if not answers_pending(game.pending, decision):
            raise RuntimeError("the mcts agent answers only its own game's pending decision")
        # a restricted seat (agents.restricted) is shown fewer options than the game offers:
        # the search tries only those at the root
        allowed = None if decision is game.pending else {o.id for o in decision.options}
        settings = self.settings
        rng = random.Random(f"{self.seed}:{len(game.answers)}")
        root = Node(None)
        self.scale = RewardScale() if self.alone else None
        deadline = time.perf_counter() + settings.time if settings.time else None
        done = 0
        while done < settings.iterations:
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            self._iterate(root, game.fork().resample(decision.seat, rng), rng, allowed)
            done += 1
            if self.on_progress is not None:
                self.on_progress(done, settings.iterations)
        self.iterations_done = done
        visits = Counter()
        for (_seat, _kind, option_id), child in root.children.items():
            visits[option_id] += child.visits
        # most visited; ties go to the option offered first
        return max(decision.options, key=lambda o: visits[o.id]).id

    def _iterate(self, root: Node, sim, rng: random.Random, allowed: set | None = None) -> None:
        """One iteration from ``root``; ``allowed``: the option ids the root may take (all when
        None)."""
        node, path = root, []
        c = self.settings.exploration
        while sim.pending is not None:
            decision = sim.pending
            keys = [(decision.seat, decision.kind, o.id) for o in decision.options
                    if allowed is None or node is not root or o.id in allowed]
            children = node.children
            untried = []
            for key in keys:
                child = children.get(key)
                if child is None:
                    untried.append(key)
                else:
                    child.available += 1
            if untried:
                key = rng.choice(untried)
                child = children[key] = Node(decision.seat)
                child.available = 1
                sim.choose(key[2])
                path.append(child)
                break
            # UCB: the best mean reward plus an exploration bonus (ties: the first offered)
            best = max(keys, key=lambda k: ucb(children[k], c, self.scale))
            sim.choose(best[2])
            node = children[best]
            path.append(node)
        rewards = self._rollout(sim, rng)
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.seat]

    def _rollout(self, sim, rng: random.Random) -> list[float]:
        """Play on, then each seat's share of the win (the game's result, or the variant's
        evaluation where the rollout stops early); alone, the seat's score or evaluation."""
        horizon = self.settings.horizon
        stop = sim.round + horizon if horizon and self.evaluates else None
        hook = sim.hook
        while sim.pending is not None:
            if stop is not None and sim.round >= stop:
                values = hook.evaluate_seats(game=sim)
                if values is not None:
                    return [self.scale.seen(values[0])] if self.alone else win_shares(values)
                stop = None
            answer_as_heuristic_bot(sim, rng, self.heuristic)
        scores = sim.result.scores
        return [self.scale.seen(scores[0].value)] if self.alone else win_shares(
            [s.key for s in scores])


def ucb(child: Node, exploration: float, scale: RewardScale | None = None) -> float:
    """A child's upper confidence bound: its mean reward (mapped to 0..1 by ``scale`` where
    rewards are scores), plus ``exploration`` times a bonus that grows with how often it was
    available and shrinks with how often it was chosen."""
    mean = child.reward / child.visits
    if scale is not None:
        mean = scale.normalised(mean)
    return mean + exploration * math.sqrt(math.log(child.available) / child.visits)


class RewardScale:
    """The lowest and highest score seen in one search, which map a mean score to 0..1 (0.5
    while they are the same)."""
    __slots__ = ("low", "high")

    def __init__(self):
        self.low, self.high = math.inf, -math.inf

    def seen(self, value: float) -> float:
        value = float(value)
        self.low, self.high = min(self.low, value), max(self.high, value)
        return value

    def normalised(self, mean: float) -> float:
        span = self.high - self.low
        return (mean - self.low) / span if span > 0 else 0.5


def win_shares(values: list) -> list[float]:
    """1/k for each of the k seats with the best value, 0 for the others."""
    best = max(values)
    winners = [i for i, v in enumerate(values) if v == best]
    return [1 / len(winners) if i in winners else 0.0 for i in range(len(values))]
