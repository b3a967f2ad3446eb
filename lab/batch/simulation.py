"""``peloponnes simulate``: one scenario, many seeds (game i uses the scenario's seed + i),
through an executor into the tally, summarised per seat and per label. A game that fails is
listed with its seed, plugin and hook (``failures``); the other games still count."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass

from peloponnes.core.plugins import Ruleset, load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch.executors import Executor, PairedJobs, Progress, make_executor
from peloponnes.lab.batch.game_record import GameFailure, GameRecord
from peloponnes.lab.batch.tally import ScenarioTally, Tally
from peloponnes.lab.coverage import bot_rows, bot_warnings, coverage_rows, plugin_warnings


def simulate(scenario: Scenario, games: int, *, agent: str | None = None, first: int = 0,
             workers: int = 1, progress: Progress | None = None,
             executor: Executor | None = None, watch: str | None = None,
             check: str = "end") -> Iterator[GameRecord]:
    """A record per game, in seed order (game i of ``first .. first + games - 1`` uses seed
    ``scenario.seed + i``), with the scenario's agents or ``agent`` for every seat; played by
    ``executor`` (default: ``workers`` local processes), which gives each record its coverage
    when ``watch`` says so and checks the invariants at the end of each game, or after every
    decision (``check="decision"``) (see ``make_executor``)."""
    played = scenario.with_agents(agent) if agent else scenario
    seeds = range(played.seed + first, played.seed + first + games)
    executor = executor or make_executor(workers)
    executor.watch = watch
    executor.check = check
    return executor.run([played.with_absolute_paths()], PairedJobs(1, seeds), progress)


@dataclass
class Simulation:
    """A finished ``simulate`` run: the scenario as played (human seats replaced by bots, or
    every seat by the ``--agent``), the number of games and their tally."""
    scenario: Scenario
    games: int
    tally: ScenarioTally
    ruleset: Ruleset | None = None        # for the coverage report and warnings
    coverage: bool = False                # every hook implementation watched (--coverage)

    @property
    def failures(self) -> list[GameFailure]:
        return self.tally.failures

    def to_dict(self) -> dict:
        """The summary (what ``simulate --json`` prints): per seat mean/min/max score and win
        share, per label seats dealt it, mean score and win share, failed games."""
        t = self.tally
        seats = []
        for i, player in enumerate(self.scenario.players):
            stats = t.seat_scores[i] if i < len(t.seat_scores) else None
            seats.append({"seat": i + 1, "name": player.name, "agent": player.agent,
                          "mean": stats.mean if stats else None,
                          "min": stats.min if stats else None,
                          "max": stats.max if stats else None,
                          "win_share": t.win_share(i) if stats else None})
        labels = [{"label": label, "value": value, "seats": c.seats, "mean": c.score / c.seats,
                   "win_share": c.wins / c.seats}
                  for (label, value), c in sorted(t.labels.items())]
        decisions = t.metrics.get("decisions")
        out = {"scenario": self.scenario.source or self.scenario.name,
               "variant": self.scenario.variant, "games": self.games,
               "games_finished": t.finished, "first_seed": self.scenario.seed,
               "seats": seats, "labels": labels,
               "mean_decisions": decisions.mean if decisions else None,
               "failures": [f.as_dict() for f in self.failures]}
        cov, names = t.coverage, [p.name for p in self.scenario.players]
        if cov is not None and self.ruleset is not None:
            out["warnings"] = (plugin_warnings(self.ruleset, cov)
                               + bot_warnings(self.ruleset, cov, names))
            out["bots_at_random"] = [r for r in bot_rows(cov, names) if r["at_random"]]
            if self.coverage:
                out["coverage"] = coverage_rows(self.ruleset, cov, self.scenario)
        return out


def run_simulation(scenario: Scenario, games: int, *, agent: str | None = None,
                   workers: int = 1, progress: Progress | None = None,
                   executor: Executor | None = None, coverage: bool = False,
                   check: str = "end") -> Simulation:
    """Play and tally ``games`` games of ``scenario``. Human seats are played by the heuristic
    bot (or every seat by ``agent``). The scenario's own plugins and the bots are always
    watched (warnings); ``coverage`` watches every hook implementation."""
    played = scenario.with_agents(agent) if agent else scenario.with_bots_for_humans()[0]
    records = simulate(played, games, workers=workers, progress=progress, executor=executor,
                       check=check, watch="all" if coverage else "plugins")
    with closing(records):      # however the tally ends: the executor's workers end now
        tally = Tally(1).consume(records)
    ruleset, completed = load_ruleset(played.with_absolute_paths())
    return Simulation(completed, games, tally.scenarios[0], ruleset, coverage)
