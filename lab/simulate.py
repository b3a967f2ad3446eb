"""Playing one whole game with bots (``run_game``), and the conformance check that plays many
with the invariants checked after every decision. Batches of games (``simulate``, ``compare``)
live in ``lab.batch``."""
from __future__ import annotations

from collections.abc import Callable

from peloponnes.agents import make_agents
from peloponnes.core.engine import Game
from peloponnes.core.errors import PluginError
from peloponnes.core.playing import AnswerObserver, play
from peloponnes.core.plugins import Ruleset, load_ruleset
from peloponnes.core.scenario import Scenario


def run_game(ruleset: Ruleset, scenario: Scenario, seed: int, *, agent: str | None = None,
             after_decision: Callable[[Game], None] | None = None,
             on_answer: AnswerObserver | None = None,
             on_start: Callable[[Game], None] | None = None, check: str = "end") -> Game:
    """Play one game with the scenario's agents (or ``agent`` for every seat), checking the
    invariants as ``check`` says (``playing.play``). A PluginError raised mid-game carries the
    unfinished game as ``error.game``, so it can be saved. ``on_start(game)`` sees the game
    before it starts; ``on_answer`` every answer (see ``playing.play``)."""
    game = Game(ruleset, scenario, seed=seed)
    if on_start is not None:
        on_start(game)
    try:
        return play(game, make_agents(game, override=agent), after_decision=after_decision,
                    on_answer=on_answer, check=check)
    except PluginError as error:
        error.game = game
        raise


def check_conformance(scenario: Scenario, games: int, *, seed: int = 0,
                      agent: str | None = "random") -> int:
    """Play ``games`` random-agent games (``agent=None``: the scenario's own bots), checking the
    variant's invariants after every decision; raise AssertionError naming the seed and the
    decision at the first violation. Returns the number of decisions made."""
    ruleset, scenario = load_ruleset(scenario)
    total = 0

    def check(game: Game) -> None:
        problems = game.invariant_violations()
        if problems:
            raise AssertionError(f"seed {game.seed}, decision {game.decisions}: {problems}")

    for i in range(games):
        game = run_game(ruleset, scenario, seed + i, agent=agent, after_decision=check)
        check(game)
        total += game.decisions
    return total


def count_options(scenario: Scenario, games: int, *, seed: int = 0, agent: str | None = None,
                  ruleset: Ruleset | None = None) -> dict[str, int]:
    """The most options each kind of decision offered over ``games`` games (seeds ``seed``,
    ``seed + 1``, ...) with the scenario's agents (or ``agent`` for every seat): how a variant
    checks the ``max_options`` it declares."""
    if ruleset is None:
        ruleset, scenario = load_ruleset(scenario)
    largest: dict[str, int] = {}

    def record(game: Game) -> None:
        decision = game.pending
        if decision is not None and len(decision.options) > largest.get(decision.kind, 0):
            largest[decision.kind] = len(decision.options)

    for i in range(games):
        game = Game(ruleset, scenario, seed=seed + i).start()
        record(game)
        play(game, make_agents(game, override=agent), after_decision=record)
    return largest
