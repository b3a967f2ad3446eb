"""A comparison's results: per metric each scenario's estimate and its paired difference against
the first, win shares per label, failed games. Built from the batch's tally (no per-game list)."""
from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from peloponnes.core.errors import ConfigError
from peloponnes.lab.batch import GameFailure, ScenarioTally, Tally, group_failures
from peloponnes.lab.compare.narrative import PER_SEAT, UNDECLARED, glossary, headline
from peloponnes.lab.compare.rule_effects import PluginEffect, rule_effects
from peloponnes.lab.compare.rules_diff import rules_diff
from peloponnes.lab.compare.scenarios import Entry
from peloponnes.lab.compare.stats import (
    CONFIDENCE,
    Estimate,
    estimate,
    holm,
    p_value,
    proportion_ci,
)
from peloponnes.lab.coverage import bot_warnings, coverage_rows, plugin_warnings

if TYPE_CHECKING:
    from peloponnes.lab.compare.until_decided import Stopping

BOT_NOTE = ("These are bot-versus-bot results: they show how these bots fare under each ruleset,"
            " not how people would play. The heuristic bot answers decisions it was not written"
            " for (a house rule's new ones) at random; the mcts bot (--agent mcts) searches the"
            " rules themselves, at a cost.")


@dataclass
class MetricRow:
    name: str
    per_scenario: list[Estimate]
    diffs: list[Estimate | None]          # None for the first scenario
    p_values: list[float | None] = field(default_factory=list)   # per diff (t test)
    holm: list[float | None] = field(default_factory=list)       # Holm-adjusted, per diff

    @property
    def constant(self) -> bool:
        """The same value in every game of every ruleset (nothing to show)."""
        means = {e.mean for e in self.per_scenario}
        return len(means) == 1 and all(not e.sd for e in self.per_scenario)


@dataclass
class LabelRow:
    label: str
    value: str
    per_scenario: list[Estimate]           # win share (proportion of seats dealt it that won)
    seats: list[int]
    mean_score: list[float | None]


@dataclass
class CompareResult:
    entries: list[Entry]
    games: int
    first_seed: int
    tally: Tally
    metric_names: list[str]                # every metric any game reported
    metrics: list[MetricRow]               # the rows shown (all, or the --metric ones)
    labels: list[LabelRow]
    diffs: list[dict]                      # rules diff of each scenario vs the first
    selected: list[str] | None = None
    confidence: float = CONFIDENCE
    warnings: list[str] = field(default_factory=list)   # plugins that did nothing, bot guesses
    coverage: list[dict] | None = None                  # per scenario, with --coverage
    folded: list[str] = field(default_factory=list)     # metrics the same in every game
    glossary: dict[str, dict] = field(default_factory=dict)   # name -> meaning, unit
    headlines: list[str] = field(default_factory=list)  # significant changes after Holm
    stopping: Stopping | None = None        # with --until-decided: the rounds and verdicts
    effects: list[PluginEffect] = field(default_factory=list)   # what each added plugin did

    @property
    def failures(self) -> list[GameFailure]:
        return self.tally.failures

    def grouped_failures(self) -> list[dict]:
        """Failures grouped by scenario (its letter), plugin, hook and message, with their
        seeds."""
        return group_failures(self.failures, [e.letter for e in self.entries])

    def ok_games(self, index: int) -> int:
        return self.tally.scenarios[index].finished

    def score_counts(self, index: int) -> Counter:
        """How often each final score occurred (every seat of every finished game)."""
        return self.tally.scenarios[index].score_counts

    def agents_note(self) -> str:
        parts = []
        for e in self.entries:
            kinds: dict[str, list[str]] = {}
            for name, agent in e.agents:
                kinds.setdefault(agent, []).append(name)
            parts.append(f"{e.letter}: " + ", ".join(f"{k} ({', '.join(v)})"
                                                     for k, v in kinds.items()))
        return "Agents — " + "; ".join(parts) + "."


def unknown_names(given: Iterable[str], known: Sequence[str]) -> tuple[list[str], str]:
    """The names of ``given`` that are not ``known``, and a hint naming the closest known ones
    (`` (did you mean winner_score?)``; "" when none is close)."""
    unknown = [name for name in given if name not in known]
    hints = [h for name in unknown for h in difflib.get_close_matches(name, known, 1)]
    return unknown, f" (did you mean {', '.join(hints)}?)" if hints else ""


def check_metrics(selected: Sequence[str] | None, known: Sequence[str]) -> None:
    """Refuse metric names no scenario produced, listing the known ones."""
    if not selected or not known:
        return
    unknown, hint = unknown_names(selected, known)
    if unknown:
        raise ConfigError(f"unknown metric{'s' if len(unknown) > 1 else ''} "
                          f"{', '.join(repr(m) for m in unknown)}{hint}; known: "
                          f"{', '.join(known)}")


def _label_rows(scenarios: Sequence[ScenarioTally]) -> list[LabelRow]:
    keys = sorted({key for t in scenarios for key in t.labels})
    rows = []
    for label, value in keys:
        counts = [t.labels.get((label, value)) for t in scenarios]
        rows.append(LabelRow(label, value,
                             [proportion_ci(c.wins, c.seats) if c else proportion_ci(0, 0)
                              for c in counts],
                             [c.seats if c else 0 for c in counts],
                             [c.score / c.seats if c else None for c in counts]))
    return rows


def coverage_warnings(entries: Sequence[Entry], tally: Tally) -> list[str]:
    """Each scenario's plugins that never had a hook called or never changed an answer, and its
    plugins' decisions that a bot answered at random (``lab.coverage``)."""
    out = []
    for entry, t in zip(entries, tally.scenarios, strict=True):
        if t.coverage is None:
            continue
        names = [p.name for p in entry.scenario.players]
        out.extend(f"{entry.letter}: {w}"
                   for w in plugin_warnings(entry.ruleset, t.coverage)
                   + bot_warnings(entry.ruleset, t.coverage, names))
    return out


def analyse(entries: Sequence[Entry], tally: Tally, *, games: int, first_seed: int,
            metrics: Sequence[str] | None = None, coverage: bool = False) -> CompareResult:
    """The statistics of a tally of ``games`` paired games of every entry; with ``coverage``
    (and a tally whose records carry it) the coverage tables of every entry."""
    names = tally.metric_names
    check_metrics(metrics, names)
    rows, folded = [], []
    for name in (list(metrics) if metrics else names):
        per = [estimate(t.metric(name)) for t in tally.scenarios]
        diffs: list[Estimate | None] = [None] + [estimate(tally.diff(k, name))
                                                 for k in range(1, len(entries))]
        row = MetricRow(name, per, diffs, [None] + [p_value(d) for d in diffs[1:]])
        if row.constant and not metrics:
            folded.append(name)
        else:
            rows.append(row)
    for row in rows:
        row.holm = [None] * len(entries)
    for k in range(1, len(entries)):        # one family of tests per ruleset against the first
        adjusted = holm([row.p_values[k] for row in rows])
        for row, p in zip(rows, adjusted, strict=True):
            row.holm[k] = p
    words = glossary([e.ruleset for e in entries], names)
    diffs_text = [rules_diff(entries[0], e, first_seed=first_seed) for e in entries[1:]]
    tables = None
    if coverage:
        tables = [dict(coverage_rows(e.ruleset, t.coverage, e.scenario), scenario=e.letter)
                  for e, t in zip(entries, tally.scenarios, strict=True)
                  if t.coverage is not None]
    differences = [{} if k == 0 else {n: tally.diff(k, n).mean for n in names}
                   for k in range(len(entries))]
    effects, effect_warnings = rule_effects(entries, tally, differences)
    return CompareResult(list(entries), games, first_seed, tally, names, rows,
                         _label_rows(tally.scenarios), diffs_text,
                         list(metrics) if metrics else None,
                         warnings=coverage_warnings(entries, tally) + effect_warnings,
                         coverage=tables, folded=folded, glossary=words,
                         headlines=_headlines(entries, rows, words), effects=effects)


def _headlines(entries: Sequence[Entry], rows: Sequence[MetricRow], words: dict) -> list[str]:
    """A sentence per difference significant after Holm's correction (per-seat rows left out),
    strongest first."""
    found = []
    for row in rows:
        if PER_SEAT.match(row.name):
            continue
        for k in range(1, len(entries)):
            p, diff = row.holm[k], row.diffs[k]
            if p is not None and p < 1 - CONFIDENCE and diff is not None and diff.mean:
                found.append((p, k, headline(entries[k].letter, row.name,
                                             words.get(row.name, UNDECLARED),
                                             row.per_scenario[0].mean, diff.mean)))
    return [text for _, _, text in sorted(found, key=lambda x: (x[1], x[0]))]
