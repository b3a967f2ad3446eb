"""Running many seeded games of a scenario: game i uses seed ``scenario.seed + i``. Used by
``peloponnes simulate``, ``compare``, the benchmarks and the conformance tests."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .agents import make_agents
from .engine import Game, play
from .errors import PluginError
from .plugins import Ruleset, load_ruleset
from .scenario import Scenario


@dataclass
class GameSummary:
    seed: int
    scores: list[float]
    winners: list[int]
    details: list[dict]
    decisions: int
    metrics: dict = field(default_factory=dict)
    seats: list[dict] = field(default_factory=list)     # per seat: civilization, hero, ...


def run_game(ruleset: Ruleset, scenario: Scenario, seed: int, *, agent: str | None = None,
             after_decision: Callable[[Game], None] | None = None) -> Game:
    """Play one game with the scenario's agents (or ``agent`` for every seat). A PluginError
    raised mid-game carries the unfinished game as ``error.game``, so it can be saved."""
    game = Game(ruleset, scenario, seed=seed)
    try:
        return play(game, make_agents(game, override=agent), after_decision=after_decision)
    except PluginError as error:
        error.game = game
        raise


def summarize(game: Game) -> GameSummary:
    result = game.result
    return GameSummary(seed=game.seed, scores=[s.value for s in result.scores],
                       winners=list(result.winners), details=[s.details for s in result.scores],
                       decisions=game.decisions, metrics=game.metrics(),
                       seats=[game.hook.describe_seat(game=game, seat=s.index) or {}
                              for s in game.seats])


def simulate(scenario: Scenario, games: int, *, ruleset: Ruleset | None = None,
             agent: str | None = None, first: int = 0) -> Iterator[GameSummary]:
    """Yield a summary per game, in seed order."""
    if ruleset is None:
        ruleset, scenario = load_ruleset(scenario)
    for i in range(first, first + games):
        yield summarize(run_game(ruleset, scenario, scenario.seed + i, agent=agent))


def check_conformance(scenario: Scenario, games: int, *, seed: int = 0) -> int:
    """Play ``games`` random-agent games, checking the variant's invariants after every decision;
    raise AssertionError naming the seed and the decision at the first violation. Returns the
    number of decisions made."""
    ruleset, scenario = load_ruleset(scenario)
    total = 0

    def check(game: Game) -> None:
        problems = game.invariant_violations()
        if problems:
            raise AssertionError(f"seed {game.seed}, decision {game.decisions}: {problems}")

    for i in range(games):
        game = run_game(ruleset, scenario, seed + i, agent="random", after_decision=check)
        check(game)
        total += game.decisions
    return total
