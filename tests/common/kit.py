"""Situations shared by the tests of what the rulesets have in common (the auction, hook calls)."""
from __future__ import annotations

from peloponnes.core.engine import Game
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario


def bid_pending(variant: str) -> Game:
    """A 4-player game of ``variant`` at its first bid on a card."""
    ruleset, scenario = load_ruleset(Scenario.quick(variant, 4))
    game = Game(ruleset, scenario, seed=3).start()
    while game.pending.kind != "bid_card":
        game.give(game.pending.options[-1])
    return game
