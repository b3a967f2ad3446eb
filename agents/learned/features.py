"""What the ``learned`` agent sees: a seat's view as numbers (the variant's ``encode_view`` hook,
plugins' wrappers included), each scaled by its declared bounds to [0, 1], and the after-states
of a decision's options.

An option is described by where it leads, not by what it is called: the seat's view of the game
after the option was given and the rules ran on to the next decision (of any seat). So an
option a house rule adds is seen through its consequences, with no code of its own. Where the
option leads is looked at in a fork whose hidden information is drawn again from the deciding
seat's view (``Game.resample``): the agent never sees a card it could not see at the table.
"""
from __future__ import annotations

import random

import numpy as np

from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError, SandboxError


class Encoder:
    """The feature layout of one loaded ruleset: ``encode(game, seat)`` gives the seat's view as
    a float32 vector in [0, 1]. The layout (its names, hence its size) is fixed by the scenario's
    first position, as the RL environment's is."""

    def __init__(self, ruleset, scenario):
        self.encode_view = ruleset.pm.hook.encode_view
        probe = self.encode_view(view=Game(ruleset, scenario).start().view(0), decision=None)
        if probe is None:
            raise ConfigError(f"variant '{ruleset.variant.name}' has no encode_view hook: the"
                              " learned agent has no features to learn from")
        self.names = probe.names()
        self.versions = dict(probe.versions)
        self.size = len(probe)
        self.lows = np.array(probe.lows(), dtype=np.float32)
        highs = np.array(probe.highs(), dtype=np.float32)
        width = highs - self.lows
        self.inverse_width = np.where(width > 0, 1.0 / np.where(width > 0, width, 1.0),
                                      0.0).astype(np.float32)

    def encode(self, game: Game, seat: int) -> np.ndarray:
        """``seat``'s view of ``game``, scaled to [0, 1] (a value beyond its bounds saturates)."""
        return self.scale(self.raw(game, seat))

    def raw(self, game: Game, seat: int) -> np.ndarray:
        """``seat``'s view of ``game`` as the hook gives it, unscaled."""
        values = self.encode_view(view=game.view(seat), decision=None).values
        if len(values) != self.size:
            raise SandboxError(f"encode_view gave {len(values)} numbers for seat {seat + 1}"
                               f" where the layout has {self.size}: an encoding must have a"
                               " fixed length")
        return np.fromiter(values, dtype=np.float32, count=self.size)

    def scale(self, raw: np.ndarray) -> np.ndarray:
        """Rows of ``raw`` values scaled in place to [0, 1] by the layout's bounds."""
        raw -= self.lows
        raw *= self.inverse_width
        return np.clip(raw, 0.0, 1.0, out=raw)


def after_state_games(game: Game, rng_seed: int, indices: list[int] | None = None) -> list[Game]:
    """The after-state of each option of ``game``'s pending decision (those at ``indices``, all
    when None): a fork whose hidden information is redrawn from the deciding seat's view, given
    the option, the rules run on to the next decision. Every option is looked at with the same
    redraw (the same ``rng_seed``), so options differ only by what they do."""
    seat = game.pending.seat
    if indices is None:
        indices = range(len(game.pending.options))
    forks = []
    for index in indices:
        fork = game.fork().resample(seat, random.Random(rng_seed))
        fork.give(fork.pending.options[index])
        forks.append(fork)
    return forks


def encode_games(games: list[Game], encoder: Encoder, seat: int) -> np.ndarray:
    """One row per game: ``seat``'s view of it, scaled (converted and scaled in one go)."""
    rows = np.empty((len(games), encoder.size), dtype=np.float32)
    for index, game in enumerate(games):
        rows[index] = encoder.raw(game, seat)
    return encoder.scale(rows)


def after_states(game: Game, encoder: Encoder, rng_seed: int) -> np.ndarray:
    """One row per option of ``game``'s pending decision: the deciding seat's view of its
    after-state (``after_state_games``)."""
    return encode_games(after_state_games(game, rng_seed), encoder, game.pending.seat)


def encoder_for(ruleset, scenario) -> Encoder:
    """The Encoder of a loaded ruleset for ``scenario``'s number of seats, made once per ruleset
    (kept with it: ``Ruleset.derived``)."""
    seats = len(scenario.players)
    return ruleset.derived(f"learned.encoder.{seats}", lambda: Encoder(ruleset, scenario))
