"""Self-play: the games the learned agent learns from, and what it keeps of each.

In a self-play game every seat is played by the variant's heuristic bot (random where it has
none) or, once there is a model, by the learned agent; each answer is, with a small probability,
a random option instead (exploration: the model must also know the positions that bad moves
lead to, since it compares every option's). At a sample of the decision points the game keeps
every seat's encoded view; when the game ends each is labelled with how it ended for that seat
(``outcomes``). Everything random comes from the game's seed.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from peloponnes.agents.playout import answer_as_heuristic_bot
from peloponnes.core.engine import Game

from .decide import best_option
from .features import Encoder
from .model import ValueModel


@dataclass(frozen=True)
class SelfPlay:
    """How self-play games are played: ``explore``: the chance that an answer is a random
    option; ``learned_share``: the chance that a seat is the learned agent (when there is a
    model); ``sample``: the chance that a decision point's views are kept."""
    explore: float = 0.1
    learned_share: float = 0.5
    sample: float = 0.1

    def play(self, ruleset, scenario, seed: int, model: ValueModel | None, encoder: Encoder):
        """One self-play game (``play_games``' per-game work)."""
        return play_self(ruleset, scenario, seed, model, encoder, self)


def outcomes(game: Game) -> list[float]:
    """How the finished ``game`` ended for each seat: its share of the win (1/k for each of k
    tied winners) with two seats or more; its score alone (a solo game: the more the better)."""
    result = game.result
    if len(result.scores) == 1:
        return [float(result.scores[0].value)]
    share = 1.0 / len(result.winners)
    return [share if seat in result.winners else 0.0 for seat in range(len(result.scores))]


def play_self(ruleset, scenario, seed: int, model: ValueModel | None, encoder: Encoder,
              how: SelfPlay) -> tuple[np.ndarray, np.ndarray]:
    """Play one self-play game with ``seed``: the encoded views kept (rows) and their labels."""
    rng = random.Random(f"self-play:{seed}")
    game = Game(ruleset, scenario, seed=seed)
    if model is not None:
        game.enable_forking()
    game.start()
    heuristic = bool(game.hook.choose_heuristic.get_hookimpls())
    seats = game.num_players
    learned = [model is not None and rng.random() < how.learned_share for _ in range(seats)]
    rows, owners = [], []
    while (decision := game.pending) is not None:
        if rng.random() < how.sample:
            for seat in range(seats):
                rows.append(encoder.encode(game, seat))
                owners.append(seat)
        if rng.random() < how.explore:
            game.give(rng.choice(decision.options))
        elif learned[decision.seat]:
            game.give(decision.options[best_option(game, model, encoder, rng.getrandbits(64))])
        else:
            answer_as_heuristic_bot(game, rng, heuristic)
    ends = outcomes(game)
    if not rows:
        return np.empty((0, encoder.size), dtype=np.float32), np.empty(0, dtype=np.float32)
    return np.stack(rows), np.array([ends[s] for s in owners], dtype=np.float32)
