"""``compare --skill-trace``: does a ruleset reward skill or luck?

For every scenario and every search budget, one seat is played by the ``mcts`` agent with that
many iterations per decision, the other seats by the scenario's own bots (the heuristic bot in
the shipped scenarios). The search seat rotates: game *i* (seed ``first_seed + i``, the same
seeds in every scenario and at every budget) puts it at seat ``i mod N``, so over N consecutive
games every seat is the searcher once and the seat advantage cancels. What is measured is the
search seat's win share (a shared win counts 1/k) with its Wilson interval, against the fair
share 1/N; and, per budget, the paired difference of that win share between each scenario and
the first (same seed, same seat, same budget: only the rules differ).

A win share that climbs with the budget says the game rewards better play; a flat one near 1/N
says the outcome is mostly the deal's. The games run on ``lab.batch``'s executors (identical
results for any executor and worker count: records are reduced in job order) and the numbers
come from ``stats`` and ``batch.tally.RunningStats``.
"""
from __future__ import annotations

from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass, field, replace

from peloponnes.core.errors import ConfigError
from peloponnes.core.scenario import PlayerSpec, Scenario
from peloponnes.lab.batch import GameFailure, GameRecord, Job, RunningStats, make_executor
from peloponnes.lab.batch.executors import Executor, Progress
from peloponnes.lab.compare.scenarios import Entry
from peloponnes.lab.compare.stats import CONFIDENCE, Estimate, estimate, proportion_ci

DEFAULT_BUDGETS = (4, 16, 64)
SEARCH_AGENT = "mcts"


def parse_budgets(text: str | None) -> tuple[int, ...]:
    """``--skill-budgets 8,32,128`` -> (8, 32, 128): rising, distinct iteration counts >= 1."""
    if text is None:
        return DEFAULT_BUDGETS
    try:
        budgets = tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise ConfigError(f"--skill-budgets '{text}': write iteration counts separated by "
                          "commas (e.g. 8,32,128)") from None
    if not budgets or min(budgets) < 1:
        raise ConfigError(f"--skill-budgets '{text}': every budget is at least 1 iteration")
    if len(set(budgets)) != len(budgets):
        raise ConfigError(f"--skill-budgets '{text}': a budget is given twice")
    return tuple(sorted(budgets))


def search_seat_scenario(scenario: Scenario, seat: int, budget: int) -> Scenario:
    """The scenario with seat ``seat`` played by the search agent at ``budget`` iterations (its
    other ``mcts`` settings kept when the scenario gave that seat any), the other seats as
    they are."""
    players = list(scenario.players)
    own = players[seat]
    settings = dict(own.settings) if own.agent == SEARCH_AGENT else {}
    players[seat] = PlayerSpec(own.name, SEARCH_AGENT, {**settings, "iterations": budget})
    return replace(scenario, players=tuple(players))


def search_seat(game: int, seats: int) -> int:
    """The seat the search agent plays in game number ``game`` (0-based) of a trace."""
    return game % seats


class TraceLayout:
    """Where every (scenario, budget, seat) sits in the batch's list of scenarios, and the jobs:
    game i, for each scenario and budget in order, with the search agent at seat i mod N."""

    def __init__(self, scenarios: int, budgets: int, seats: int):
        self.scenarios, self.budgets, self.seats = scenarios, budgets, seats

    def index(self, scenario: int, budget: int, seat: int) -> int:
        return (scenario * self.budgets + budget) * self.seats + seat

    def locate(self, index: int) -> tuple[int, int, int]:
        rest, seat = divmod(index, self.seats)
        scenario, budget = divmod(rest, self.budgets)
        return scenario, budget, seat

    def jobs(self, first_seed: int, games: int) -> list[Job]:
        return [Job(self.index(s, b, search_seat(i, self.seats)), first_seed + i)
                for i in range(games) for s in range(self.scenarios)
                for b in range(self.budgets)]


@dataclass
class SkillTrace:
    """The search seat's win share per scenario (``entries``) and budget; ``diffs[s][b]``: the
    paired difference against the first scenario at budget b (None for the first)."""
    entries: list[Entry]
    budgets: tuple[int, ...]
    games: int
    first_seed: int
    seats: int
    shares: list[list[Estimate]]
    diffs: list[list[Estimate | None]]
    failed: list[list[int]]
    confidence: float = CONFIDENCE
    # every failed game, ``scenario`` indexing ``played``: the scenarios as played, one per
    # scenario, budget and search seat (``TraceLayout``)
    failures: list[GameFailure] = field(default_factory=list)
    played: list[Scenario] = field(default_factory=list)

    def played_names(self) -> list[str]:
        """What each scenario of ``played`` is: its letter, the budget and the search seat."""
        names = []
        for index in range(len(self.played)):
            s, b, seat = self._layout.locate(index)
            budget = self.budgets[b]
            names.append(f"{self.entries[s].letter} ({SEARCH_AGENT} at {budget} iteration"
                         f"{'s' if budget != 1 else ''} in seat {seat + 1})")
        return names

    def entry_of(self, index: int) -> Entry:
        """The scenario (of ``entries``) that the scenario ``played[index]`` plays."""
        return self.entries[self._layout.locate(index)[0]]

    @property
    def _layout(self) -> TraceLayout:
        return TraceLayout(len(self.entries), len(self.budgets), self.seats)

    @property
    def fair_share(self) -> float:
        return 1.0 / self.seats

    def opponents(self, scenario: int) -> str:
        """The other seats' agents, e.g. ``heuristic ×3`` (seat 1's opponents)."""
        kinds = [p.agent for p in self.entries[scenario].scenario.players[1:]]
        return ", ".join(f"{kind} ×{kinds.count(kind)}" for kind in dict.fromkeys(kinds))

    def reading(self) -> str:
        """One sentence: which ruleset rewards search more at the highest budget."""
        top = len(self.budgets) - 1
        budget = self.budgets[top]
        if len(self.entries) < 2:
            return ""
        lines = []
        for s in range(1, len(self.entries)):
            diff = self.diffs[s][top]
            a, b = self.entries[0].letter, self.entries[s].letter
            if diff is None or diff.mean is None:
                lines.append(f"{b} vs {a}: no finished games to compare at {budget} iterations")
                continue
            points = diff.mean * 100
            interval = ("" if diff.low is None else
                        f" [{diff.low * 100:+.1f}, {diff.high * 100:+.1f}]")
            if diff.significant:
                more, less = (b, a) if points > 0 else (a, b)
                lines.append(f"{more} rewards search more than {less}: {points:+.1f} points"
                             f"{interval} of the search seat's win share at {budget} iterations")
            else:
                lines.append(f"no clear difference between {b} and {a} in what search earns: "
                             f"{points:+.1f} points{interval} at {budget} iterations "
                             f"({self.confidence:.0%} CI includes 0)")
        return "; ".join(lines) + "."

    def as_dict(self) -> dict:
        return {
            "games": self.games, "first_seed": self.first_seed, "seats": self.seats,
            "budgets": list(self.budgets), "confidence": self.confidence,
            "fair_share": self.fair_share, "agent": SEARCH_AGENT,
            "seat_rotation": "game i: the search agent at seat i mod seats",
            "scenarios": [{
                "letter": e.letter, "path": e.path, "title": e.title,
                "opponents": self.opponents(s),
                "points": [{"budget": budget, "win_share": dict(share.as_dict()),
                            "failed_games": self.failed[s][b],
                            "diff_vs_first": None if self.diffs[s][b] is None else dict(
                                self.diffs[s][b].as_dict(),
                                significant=self.diffs[s][b].significant)}
                           for b, (budget, share) in enumerate(zip(self.budgets, self.shares[s],
                                                                   strict=True))],
            } for s, e in enumerate(self.entries)],
            "reading": self.reading(),
        }


def _search_share(record: GameRecord, seat: int) -> float | None:
    if not record.ok:
        return None
    return 1.0 / len(record.winners) if seat in record.winners else 0.0


def _share_diff(stats: RunningStats) -> Estimate:
    """The t interval of paired win-share differences, cut to [-1, 1] (where they live)."""
    est = estimate(stats)
    if est.low is None:
        return est
    return replace(est, low=max(-1.0, est.low), high=min(1.0, est.high))


def skill_trace(entries: Sequence[Entry], games: int, *, budgets: Sequence[int] = DEFAULT_BUDGETS,
                first_seed: int | None = None, workers: int | None = None,
                executor: Executor | None = None,
                progress: Progress | None = None) -> SkillTrace:
    """Play ``games`` games per scenario and budget (seeds ``first_seed + i``, default the
    first scenario's seed), the search agent at seat i mod N in game i, and reduce them."""
    if games < 1:
        raise ConfigError("the skill trace needs at least one game")
    entries = list(entries)
    budgets = tuple(budgets)
    seats = len(entries[0].scenario.players)
    first = entries[0].scenario.seed if first_seed is None else first_seed
    layout = TraceLayout(len(entries), len(budgets), seats)
    played = [search_seat_scenario(e.scenario, seat, budget)
              for e in entries for budget in budgets for seat in range(seats)]
    executor = executor or make_executor(workers)
    jobs = layout.jobs(first, games)
    wins = [[0.0] * len(budgets) for _ in entries]
    finished = [[0] * len(budgets) for _ in entries]
    failed = [[0] * len(budgets) for _ in entries]
    diffs = [[RunningStats() for _ in budgets] for _ in entries]
    per_seed = len(entries) * len(budgets)
    group: list[float | None] = []
    failures: list[GameFailure] = []
    # closed however the loop ends (an error, Ctrl-C, SIGTERM): the executor's workers end now
    with closing(executor.run(played, jobs, progress)) as records:
        for record in records:
            s, b, seat = layout.locate(record.scenario)
            share = _search_share(record, seat)
            if share is None:
                failed[s][b] += 1
                failures.append(record.failure)
            else:
                wins[s][b] += share
                finished[s][b] += 1
            group.append(share)
            if len(group) == per_seed:          # one seed done: paired differences vs the first
                for s2 in range(1, len(entries)):
                    for b2 in range(len(budgets)):
                        base, other = group[b2], group[s2 * len(budgets) + b2]
                        if base is not None and other is not None:
                            diffs[s2][b2].add(other - base)
                group = []
    shares = [[proportion_ci(wins[s][b], finished[s][b]) for b in range(len(budgets))]
              for s in range(len(entries))]
    paired: list[list[Estimate | None]] = [
        [None if s == 0 else _share_diff(diffs[s][b]) for b in range(len(budgets))]
        for s in range(len(entries))]
    return SkillTrace(entries, budgets, games, first, seats, shares, paired, failed,
                      failures=failures, played=played)
