"""The core's own metric hooks: what the generic metrics mean (``describe_metrics``), and the
default ``measure_round``: each seat's standing is its score if the game ended now
(``score_seat``). Registered for every ruleset before the variant's plugins, so a variant (or
a house rule) that says otherwise wins."""
from __future__ import annotations

from .hookspecs import hookimpl
from .metrics import GENERIC_METRICS


class DefaultStanding:
    @hookimpl
    def describe_metrics(self):
        return GENERIC_METRICS

    @hookimpl
    def measure_round(self, game):
        # (every seat every round: the hook called positionally, ``game.positional``)
        score_seat = game.positional.score_seat
        return {"standing": [score_seat(game, s.index).value for s in game.seats]}
