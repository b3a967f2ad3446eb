"""How the learned agent chooses an option: by where each option leads.

For every option the agent looks at its after-state: a fork of the game whose hidden
information is redrawn from the deciding seat's view, given the option, with the rules run on
to the next decision (``features.after_state_games``); with a ``lookahead``, the heuristic bots
then play every seat on for that many rounds (``play_on``), with the same draws for every
option. Over one redraw or several (``redraws``), in this order:

1. **The engine's evaluation** (the variant's ``evaluate_seats`` hook, the one ``mcts`` stops its
   rollouts at): the options that leave the seat best placed, its expected final score minus
   the best other seat's (alone at the table: its own score), summed over the redraws, stay in
   the running.
2. Of those, the variant's **heuristic bot**'s choice, when it is one of them.
3. Otherwise the **learned value model**: the one whose position (of the first redraw), as the
   seat sees it, it expects to end best (ties: the option offered first).

Where a ruleset has no evaluation the model chooses among all options (steps 1 and 2 are
skipped); where it has no heuristic bot, step 2 is. The order is what measured best
(``docs/agents.md``): the engine's evaluation two rounds on told options apart far better
than a value model learned from final outcomes, and where several options leave the same
standing, the heuristic bot's preference beat the model's.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

import numpy as np

from peloponnes.agents.playout import answer_as_heuristic_bot, heuristic_choice

from .features import Encoder, after_state_games, encode_games

if TYPE_CHECKING:       # the model file holds the policy, which rates options with this module
    from .model import ValueModel

TIE = 1e-9      # standings this close are equal (the evaluation is a sum of fractions)


def standing(game, seat: int) -> float | None:
    """``seat``'s standing in ``game`` by the engine: its expected final score (the evaluation;
    the score itself once the game is over) minus the best other seat's; alone, its own. None
    where the ruleset has no evaluation."""
    if game.pending is None:
        values = [score.value for score in game.result.scores]
    else:
        values = game.hook.evaluate_seats(game=game)
        if values is None:
            return None
    others = [value for index, value in enumerate(values) if index != seat]
    return float(values[seat]) - (max(others) if others else 0.0)


def play_on(game, rounds: int, rng: random.Random) -> None:
    """Play ``game`` on for ``rounds`` rounds (to the end of the round it is in, then the rest)
    with the variant's heuristic bot at every seat (random where it has none or no answer)."""
    stop = game.round + rounds
    while game.pending is not None and game.round < stop:
        answer_as_heuristic_bot(game, rng)


def looked_ahead(game, rng_seed: int, indices: list[int], lookahead: int) -> list:
    """The after-states of the options at ``indices`` with the redraw ``rng_seed``, each played
    on for ``lookahead`` rounds with the same draws (options differ by what they do)."""
    forks = after_state_games(game, rng_seed, indices)
    if lookahead:
        for fork in forks:
            play_on(fork, lookahead, random.Random(rng_seed))
    return forks


def best_option(game, model: ValueModel, encoder: Encoder, rng_seed: int,
                allowed: set | None = None, lookahead: int = 0, redraws: int = 1) -> int:
    """The index (among ``game.pending``'s options) of the option the agent plays, looking at
    every after-state with the redraw ``rng_seed``; ``allowed``: the option ids it may choose
    (all when None: a restricted seat is shown fewer); ``lookahead``: rounds the heuristic bots
    play on from each after-state before it is evaluated (0: none); ``redraws``: how many
    redraws of the hidden information the standings are summed over (the first is
    ``rng_seed``; the model reads that one's positions)."""
    decision = game.pending
    seat = decision.seat
    options = decision.options
    indices = [i for i, o in enumerate(options) if allowed is None or o.id in allowed]
    forks = looked_ahead(game, rng_seed, indices, lookahead)
    standings = [standing(fork, seat) for fork in forks]
    if standings[0] is not None:
        more = random.Random(rng_seed)
        for _ in range(redraws - 1):
            others = looked_ahead(game, more.getrandbits(64), indices, lookahead)
            standings = [s + standing(fork, seat) for s, fork in zip(standings, others,
                                                                      strict=True)]
        top = max(standings)
        running = [(i, f) for i, f, s in zip(indices, forks, standings, strict=True)
                   if s >= top - TIE * redraws]
        if len(running) == 1:
            return running[0][0]
        heuristic = heuristic_choice(game, decision)
        for i, _fork in running:
            if options[i].id == heuristic:
                return i
        indices = [i for i, _fork in running]
        forks = [fork for _i, fork in running]
    values = model.predict(encode_games(forks, encoder, seat))
    return indices[int(np.argmax(values))]
