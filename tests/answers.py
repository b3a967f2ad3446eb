"""Shared by the variants' conformance tests: random games in which every answer must be one of
the offered options and every decision must name its rulebook section."""
from core.agents import RandomAgent
from core.engine import Game
from core.plugins import load_ruleset
from core.scenario import Scenario


def play_checking_answers(variant: str, players: int, seeds: range, rule_prefix: str) -> list:
    """Play one game per seed with random agents; return the finished games."""
    ruleset, scenario = load_ruleset(Scenario.quick(variant, players))
    games = []
    for seed in seeds:
        game = Game(ruleset, scenario, seed=seed).start()
        agents = [RandomAgent(f"{seed}:{i}") for i in range(players)]
        while game.pending is not None:
            decision = game.pending
            answer = agents[decision.seat].choose(None, decision)
            assert answer in [o.id for o in decision.options]
            assert decision.rule.startswith(rule_prefix), decision
            game.choose(answer)
        assert game.finished and len(game.answers) == game.decisions
        games.append(game)
    return games
