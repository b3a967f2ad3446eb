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


def final_sheets(variant: str, players: int, games: int):
    """For ``games`` played games of ``variant`` (random and heuristic bots in turn): each
    seat's final Score and the score sheet ``explain_score`` shows for it, with the seed and
    seat, as ``(seed, seat, score, sheet)``."""
    from peloponnes.lab.simulate import run_game

    ruleset, scenario = load_ruleset(Scenario.quick(variant, players))
    for seed in range(games):
        game = run_game(ruleset, scenario, seed, agent="heuristic" if seed % 2 else "random")
        for seat, score in enumerate(game.result.scores):
            yield seed, seat, score, game.hook.explain_score(game=game, seat=seat)
