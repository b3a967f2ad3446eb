"""``compare``: load the scenarios, play the same seeds in each through an executor, tally the
records as they arrive, and analyse the tally."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import closing
from itertools import chain
from pathlib import Path

from peloponnes.core.errors import ConfigError
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import GameRecord, InProcessExecutor, PairedJobs, Tally, make_executor
from peloponnes.lab.batch.executors import Executor, Progress
from peloponnes.lab.compare.narrative import glossary
from peloponnes.lab.compare.result import CompareResult, analyse, check_metrics
from peloponnes.lab.compare.scenarios import Entry, prepare
from peloponnes.lab.compare.until_decided import (
    SHARE_UNIT,
    StoppingRule,
    check_margins,
    decided_headlines,
    headline_metrics,
    play_until_decided,
)


def compare(scenarios: Sequence[str | Path | Scenario], games: int, *,
            workers: int | None = None, metrics: Sequence[str] | None = None,
            first_seed: int | None = None, progress: Progress | None = None,
            entries: Sequence[Entry] | None = None, executor: Executor | None = None,
            on_record: Callable[[GameRecord], None] | None = None,
            coverage: bool = False, check: str = "end",
            until: StoppingRule | None = None) -> CompareResult:
    """Load, run and analyse: the whole of ``peloponnes compare`` but the drawing.

    Game i of every scenario uses seed ``first_seed + i`` (default: the first scenario's seed).
    The first seed is played in this process first, so a misspelled ``--metric`` is refused
    before the long run (metric names come from the plugins). ``on_record`` sees every game's
    record as it is tallied (the per-game CSV streams from it). The scenarios' own plugins and
    the bots are always watched (the result's warnings); ``coverage`` watches every hook
    implementation (the result's coverage tables). ``check``: when each game checks the
    invariants (``playing.CHECKS``); a game that breaks one is a failed game, not counted.
    ``until``: play in rounds until every headline metric is decided, ``games`` being the most
    (``until_decided``; the result's ``stopping`` says what happened)."""
    if games < 1:
        raise ConfigError("compare needs at least one game")
    entries = list(entries) if entries is not None else prepare(scenarios)
    first = entries[0].scenario.seed if first_seed is None else first_seed
    played = [e.scenario for e in entries]
    total = games * len(entries)
    first_seed_jobs = PairedJobs(len(entries), range(first, first + 1))
    watch = "all" if coverage else "plugins"
    probe = list(InProcessExecutor(watch, check).run(played, first_seed_jobs))
    names = list(dict.fromkeys(n for r in probe for n in r.metrics))
    if all(r.ok for r in probe):     # else wait for the other games to know every name
        check_metrics(metrics, names)
        if until is not None:
            check_margins(until.margins, headline_metrics(names, metrics))
    if progress:
        progress(len(probe), total)
    executor = executor or make_executor(workers)
    executor.watch = watch
    executor.check = check
    if until is not None:
        shares = {n for n, info in glossary([e.ruleset for e in entries], names).items()
                  if info["unit"].startswith(SHARE_UNIT)}
        tally, stopping = play_until_decided(executor, played, first, probe, games, until,
                                             metrics=metrics, shares=shares,
                                             progress=progress, on_record=on_record)
        result = analyse(entries, tally, games=stopping.looks[-1], first_seed=first,
                         metrics=metrics, coverage=coverage)
        result.stopping = stopping
        result.headlines = decided_headlines(
            stopping, [e.letter for e in entries], result.glossary,
            {row.name: row.per_scenario[0].mean for row in result.metrics})
        return result
    rest = executor.run(played, PairedJobs(len(entries), range(first + 1, first + games)),
                        (lambda done, _: progress(done + len(probe), total))
                        if progress else None)
    # closed however the tally ends (an error, Ctrl-C, SIGTERM): the executor's workers end now
    with closing(rest):
        tally = Tally(len(entries)).consume(chain(probe, rest), on_record)
    return analyse(entries, tally, games=games, first_seed=first, metrics=metrics,
                   coverage=coverage)
