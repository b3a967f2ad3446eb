"""Playing a game on the way the heuristic agent plays: what search rollouts (``mcts``) and the
learned agent's look-ahead do at every decision they do not search."""
from __future__ import annotations

import random

from peloponnes.core.views import LazyView


def heuristic_choice(game, decision) -> str | None:
    """The variant's heuristic bot's answer to ``decision`` of ``game`` (the
    ``choose_heuristic`` hook, handed the seat's view built on first use); None where it has
    no opinion or the variant no bot."""
    return game.hook.choose_heuristic(view=LazyView(game, decision.seat), decision=decision)


def answer_as_heuristic_bot(game, rng: random.Random, heuristic: bool = True) -> None:
    """Answer ``game``'s pending decision with the variant's heuristic bot's choice
    (``heuristic_choice``), or with an option drawn by ``rng`` where the bot has no opinion or
    ``heuristic`` is False."""
    decision = game.pending
    choice = heuristic_choice(game, decision) if heuristic else None
    if choice is None:
        game.give(rng.choice(decision.options))
    else:
        game.choose(choice)
