"""The tally of a batch: running statistics that take one game record at a time and keep no
per-game list, so memory stays flat however many games are played. ``simulate`` and ``compare``
both reduce their records here, in seed order (so the numbers are identical for any executor).

Per scenario: each metric's running mean and variance (Welford), each per-round metric round by
round (trajectories), each seat's score and win share, win shares and mean scores per label
(``describe_seat``: civilization, hero, ...), the count of every final score (histograms) and
the failed games. Across scenarios: for each
scenario against the first, each metric's paired differences, accumulated seed by seed."""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from peloponnes.lab.batch import garbage
from peloponnes.lab.batch.game_record import GameFailure, GameRecord
from peloponnes.lab.coverage import Coverage


class RunningStats:
    """Count, mean, sample variance, minimum and maximum of the values added so far, in
    constant memory: the variance by Welford's online algorithm, the mean from a compensated
    running sum (Neumaier), so integer scores give exactly the mean a sum of a list would."""
    __slots__ = ("n", "_sum", "_compensation", "_welford_mean", "_m2", "min", "max")

    def __init__(self, values: Iterable[float] = ()):
        self.n = 0
        self._sum = self._compensation = 0.0
        self._welford_mean = self._m2 = 0.0
        self.min: float | None = None
        self.max: float | None = None
        for value in values:
            self.add(value)

    def add(self, value: float) -> None:
        self.n += 1
        total = self._sum + value       # Neumaier: keep what the float sum rounded away
        if abs(self._sum) >= abs(value):
            self._compensation += (self._sum - total) + value
        else:
            self._compensation += (value - total) + self._sum
        self._sum = total
        delta = value - self._welford_mean      # Welford
        self._welford_mean += delta / self.n
        self._m2 += delta * (value - self._welford_mean)
        self.min = value if self.min is None else min(self.min, value)
        self.max = value if self.max is None else max(self.max, value)

    @property
    def mean(self) -> float:
        """The mean (0.0 before any value)."""
        return (self._sum + self._compensation) / self.n if self.n else 0.0

    @property
    def variance(self) -> float | None:
        """The sample variance (n - 1 in the denominator); None below two values."""
        return self._m2 / (self.n - 1) if self.n > 1 else None

    @property
    def sd(self) -> float | None:
        variance = self.variance
        return None if variance is None else math.sqrt(max(variance, 0.0))


@dataclass
class LabelCount:
    """Seats dealt a label value, their win shares (a shared win counts 1/k) and total score."""
    seats: int = 0
    wins: float = 0.0
    score: float = 0.0


@dataclass
class ScenarioTally:
    """Everything counted about one scenario's games."""
    games: int = 0
    finished: int = 0
    metric_names: dict[str, None] = field(default_factory=dict)    # first-seen order
    metrics: dict[str, RunningStats] = field(default_factory=dict)
    seat_scores: list[RunningStats] = field(default_factory=list)
    seat_wins: list[float] = field(default_factory=list)
    labels: dict[tuple[str, str], LabelCount] = field(default_factory=dict)
    score_counts: Counter = field(default_factory=Counter)
    failures: list[GameFailure] = field(default_factory=list)
    coverage: Coverage | None = None     # the games' coverage, when the batch watched them
    trajectories: dict[str, list[RunningStats]] = field(default_factory=dict)  # per round

    def add(self, record: GameRecord) -> None:
        self.games += 1
        if record.coverage is not None:
            self.coverage = (self.coverage or Coverage()).add(record.coverage)
        if not record.ok:
            self.failures.append(record.failure)
            return
        self.finished += 1
        self._add_rounds(record.rounds)
        self._add_metrics(record.metrics)
        while len(self.seat_scores) < len(record.scores):
            self.seat_scores.append(RunningStats())
            self.seat_wins.append(0.0)
        share = 1.0 / len(record.winners) if record.winners else 0.0
        for seat, score in enumerate(record.scores):
            self.seat_scores[seat].add(score)
            self.score_counts[score] += 1
            if seat in record.winners:
                self.seat_wins[seat] += share
        self._add_labels(record, share)

    def _add_metrics(self, values: dict) -> None:
        # (get, then set when missing: ``setdefault(name, RunningStats())`` would build a
        # RunningStats per metric per game only to drop it)
        metrics, names = self.metrics, self.metric_names
        for name, value in values.items():
            if name not in names:
                names[name] = None
            if value is not None:
                stats = metrics.get(name)
                if stats is None:
                    stats = metrics[name] = RunningStats()
                stats.add(value)

    def _add_labels(self, record: GameRecord, share: float) -> None:
        for seat, labels in enumerate(record.labels):
            won = share if seat in record.winners else 0.0
            for label, value in labels.items():
                for item in (value if isinstance(value, list) else [value]):
                    count = self.labels.get((label, item))
                    if count is None:
                        count = self.labels[label, item] = LabelCount()
                    count.seats += 1
                    count.wins += won
                    count.score += record.scores[seat]

    def _add_rounds(self, rounds: list[dict]) -> None:
        for number, metrics in enumerate(rounds):
            for name, value in metrics.items():
                series = self.trajectories.get(name)
                if series is None:
                    series = self.trajectories[name] = []
                while len(series) <= number:
                    series.append(RunningStats())
                series[number].add(value)

    def metric(self, name: str) -> RunningStats:
        return self.metrics.get(name) or RunningStats()

    def win_share(self, seat: int) -> float | None:
        return self.seat_wins[seat] / self.finished if self.finished else None


class Tally:
    """The tally of a batch of ``scenarios`` scenarios played on the same seeds."""

    def __init__(self, scenarios: int):
        self.scenarios = [ScenarioTally() for _ in range(scenarios)]
        self.diffs: dict[tuple[int, str], RunningStats] = {}    # (scenario, metric) vs the first

    def add_seed(self, records: Sequence[GameRecord]) -> None:
        """The records of one seed, one per scenario in the scenarios' order."""
        if [r.scenario for r in records] != list(range(len(self.scenarios))) or \
                len({r.seed for r in records}) != 1:
            raise ValueError("add_seed needs one record per scenario, all of the same seed")
        for tally, record in zip(self.scenarios, records, strict=True):
            tally.add(record)
        base = records[0]
        if not base.ok:
            return
        for record in records[1:]:
            if not record.ok:
                continue
            for name, value in base.metrics.items():
                other = record.metrics.get(name)
                if value is not None and other is not None:
                    stats = self.diffs.get((record.scenario, name))
                    if stats is None:
                        stats = self.diffs[record.scenario, name] = RunningStats()
                    stats.add(other - value)

    def consume(self, records: Iterable[GameRecord],
                on_record: Callable[[GameRecord], None] | None = None) -> Tally:
        """Add a stream of records in job order (seed by seed, scenarios in order within a
        seed); ``on_record`` sees each record as it passes (e.g. to write a per-game CSV)."""
        with garbage.fewer_collections():
            for group in _by_seed(records, len(self.scenarios), on_record):
                self.add_seed(group)
        return self

    def diff(self, scenario: int, metric: str) -> RunningStats:
        """Paired differences of ``metric``: scenario minus the first, per seed."""
        return self.diffs.get((scenario, metric)) or RunningStats()

    @property
    def metric_names(self) -> list[str]:
        """Every metric any finished game reported: the first scenario's in first-seen order,
        then each other scenario's new ones."""
        names: dict[str, None] = {}
        for tally in self.scenarios:
            names.update(tally.metric_names)
        return list(names)

    @property
    def failures(self) -> list[GameFailure]:
        return [f for tally in self.scenarios for f in tally.failures]


def _by_seed(records: Iterable[GameRecord], size: int,
             on_record: Callable[[GameRecord], None] | None) -> Iterator[list[GameRecord]]:
    group: list[GameRecord] = []
    for record in records:
        if on_record is not None:
            on_record(record)
        group.append(record)
        if len(group) == size:
            yield group
            group = []
    if group:
        raise ValueError(f"the records end in the middle of seed {group[0].seed}")
