"""Alone at the table the mcts agent plays for its score: a win share is always 1 there, so a
search for wins would take any option; a search for points takes the one that scores most."""
from __future__ import annotations

from peloponnes.agents.mcts import MCTSAgent, Settings
from peloponnes.core.engine import Game
from peloponnes.core.scenario import Scenario

from .toy import toy_ruleset

SMALL = Settings.from_dict({"iterations": 12})


def played_by_search(players: int) -> Game:
    """A toy game (each round every seat takes 1, 2 or 3 points, offered in that order) with
    every seat searching."""
    game = Game(toy_ruleset(), Scenario.quick("toy", players, seed=3)).enable_forking().start()
    agents = [MCTSAgent(f"seed:{seat}", game, SMALL) for seat in range(players)]
    while game.pending is not None:
        decision = game.pending
        game.choose(agents[decision.seat].choose(None, decision))
    return game


def test_alone_it_takes_the_most_points_every_time():
    game = played_by_search(1)
    assert game.result.scores[0].value == 9          # 3 points in each of the 3 rounds
    picks = [e.data["value"] for e in game.events if e.kind == "picked"]
    assert picks == [3, 3, 3]


def test_with_others_it_still_plays_for_the_win():
    game = played_by_search(2)
    # neither seat lets the other win: both take 3 every round and share the win
    assert [s.value for s in game.result.scores] == [9, 9]
    assert game.result.winners == [0, 1]
