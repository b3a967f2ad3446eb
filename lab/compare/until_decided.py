"""``compare --until-decided``: play paired games in rounds (``sequential.round_ends``) and look
after each round until every headline metric is decided, equivalent (``--margin``) or the same
in every game, or a cap is reached (the most games, ``--max-time``).

The headline metrics are those a headline may come from: the ``--metric`` ones, else every
metric but the per-seat ones (``score_seatN``, ``win_seatN``). Rounds end at the same games for
any executor and number of workers, and the tally reduces records in seed order, so the run
stops at the same game with the same numbers however it is played (unless ``--max-time`` ends
it: that depends on the machine)."""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from itertools import chain

from peloponnes.core.errors import ConfigError
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import GameRecord, PairedJobs, Tally
from peloponnes.lab.batch.executors import Executor, Progress
from peloponnes.lab.compare.narrative import PER_SEAT, UNDECLARED, headline
from peloponnes.lab.compare.result import unknown_names
from peloponnes.lab.compare.sequential import DECIDED, METHOD, Looks, Verdict, round_ends

# Why a run ended.
ALL_DECIDED = "every headline metric decided"
NOTHING_TO_DECIDE = "no headline metric measured in both rulesets (see the failed games)"
MOST_GAMES = "the most games (--max-games) reached"
MOST_TIME = "the time limit (--max-time) reached"

SHARE_UNIT = "share"        # a declared unit starting so: values from 0 to 1 (a win share, ...)


@dataclass(frozen=True)
class StoppingRule:
    """When a run may stop early: ``margins`` (metric -> equivalence margin, ``--margin``) and
    ``max_time`` (seconds; ``--max-time``). The most games is the comparison's ``games``."""
    margins: Mapping[str, float] = field(default_factory=dict)
    max_time: float | None = None


@dataclass
class Stopping:
    """What a run until decided did: its rule, the games at each look, why it ended, the
    verdicts (one per headline metric and ruleset after the first) and the error each verdict
    was allowed (5% split over them)."""
    rule: StoppingRule
    max_games: int
    looks: list[int]
    ended: str
    verdicts: list[Verdict]
    alpha: float | None
    seconds: float
    method: str = METHOD

    def verdict(self, scenario: int, metric: str) -> Verdict | None:
        for v in self.verdicts:
            if v.scenario == scenario and v.metric == metric:
                return v
        return None


def parse_margin(text: str) -> tuple[str, float]:
    """``--margin METRIC=X``: a metric and its equivalence margin, a number above 0."""
    name, sep, value = text.partition("=")
    try:
        margin = float(value)
    except ValueError:
        margin = math.nan
    if not sep or not name.strip() or not math.isfinite(margin) or margin <= 0:
        raise ConfigError(f"--margin {text!r}: write METRIC=X, X a number above 0 (e.g. "
                          f"winner_score=0.5: changes smaller than 0.5 points do not matter)")
    return name.strip(), margin


DURATION_UNITS = {"s": 1, "m": 60, "h": 3600}


def parse_duration(text: str) -> float:
    """``--max-time``: seconds (``90``, ``90s``), minutes (``10m``) or hours (``1.5h``)."""
    unit = text[-1:].lower() if text[-1:].lower() in DURATION_UNITS else "s"
    number = text[:-1] if text[-1:].lower() in DURATION_UNITS else text
    try:
        seconds = float(number) * DURATION_UNITS[unit]
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds) or seconds <= 0:
        raise ConfigError(f"--max-time {text!r}: write a time above 0 in seconds (90, 90s), "
                          "minutes (10m) or hours (1.5h)")
    return seconds


def headline_metrics(names: Sequence[str], selected: Sequence[str] | None) -> list[str]:
    """The metrics a run until decided must decide: the selected ones, else all but the
    per-seat ones."""
    return list(selected) if selected else [n for n in names if not PER_SEAT.match(n)]


def decided_headlines(stopping: Stopping, letters: Sequence[str], words: Mapping[str, dict],
                      base: Mapping[str, float | None]) -> list[str]:
    """A sentence per decided verdict (``B: winner_score falls 15% (-1.59 points): ...``), by
    ruleset, the earliest decided first: the headlines of a run until decided, in place of
    the fixed-size tests', which do not hold after stopping early. ``base``: each metric's mean
    in the first ruleset."""
    decided = sorted((v for v in stopping.verdicts if v.reason == DECIDED),
                     key=lambda v: (v.scenario, v.games))
    return [headline(letters[v.scenario], v.metric, words.get(v.metric, UNDECLARED),
                     base.get(v.metric), v.interval.mean) for v in decided]


def check_margins(margins: Mapping[str, float], headlines: Sequence[str]) -> None:
    """Refuse a --margin for a metric the run does not decide, listing those it does."""
    unknown, hint = unknown_names(margins, headlines)
    if unknown:
        raise ConfigError(f"--margin names {', '.join(repr(m) for m in unknown)}, not a headline"
                          f" metric of this comparison{hint}; headline metrics: "
                          f"{', '.join(headlines)} (--metric chooses them)")


def play_until_decided(executor: Executor, played: Sequence[Scenario], first: int,
                       probe: Sequence[GameRecord], max_games: int, rule: StoppingRule, *,
                       metrics: Sequence[str] | None, shares: set[str],
                       progress: Progress | None = None,
                       on_record: Callable[[GameRecord], None] | None = None
                       ) -> tuple[Tally, Stopping]:
    """Play the paired games of ``played`` from seed ``first`` in rounds, the records of the
    first seeds already played given (``probe``), looking after every round; ``shares``: the
    metrics whose values lie in 0..1. Returns the tally and what the run did."""
    start = time.monotonic()
    tally, looks, ended = Tally(len(played)), Looks(rule.margins), MOST_GAMES
    pending = list(probe)
    seed = first + len(pending) // len(played)
    for end in round_ends(max_games):
        shown = _round_progress(progress, (seed - first) * len(played), end * len(played))
        rest = executor.run(played, PairedJobs(len(played), range(seed, first + end)), shown)
        with closing(rest):     # however the round ends: the executor's workers end now
            tally.consume(chain(pending, rest), on_record)
        pending, seed = [], first + end
        headlines = headline_metrics(tally.metric_names, metrics)
        if looks.look(end, *_differences(tally, headlines, shares)):
            ended = ALL_DECIDED if looks.verdicts else NOTHING_TO_DECIDE
            break
        if end < max_games and _out_of_time(rule.max_time, start, end, max_games):
            ended = MOST_TIME
            break
    verdicts = looks.close(looks.looks[-1])
    return tally, Stopping(rule, max_games, looks.looks, ended, verdicts, looks.alpha,
                           time.monotonic() - start)


def _round_progress(progress: Progress | None, done: int, total: int) -> Progress | None:
    """A round's progress as the whole run's: ``done`` games before it, ``total`` at its end."""
    if progress is None:
        return None
    progress(done, total)
    return lambda n, _: progress(done + n, total)


def _differences(tally: Tally, headlines: Sequence[str], shares: set[str]):
    """What a look reads: each headline metric's running paired differences against the first
    ruleset (where both measured it), the spread each would have unpaired, the share metrics."""
    diffs, spreads = {}, {}
    first = tally.scenarios[0]
    for k in range(1, len(tally.scenarios)):
        for name in headlines:
            stats = tally.diff(k, name)
            if not stats.n:
                continue
            diffs[k, name] = stats
            spreads[k, name] = math.hypot(first.metric(name).sd or 0.0,
                                          tally.scenarios[k].metric(name).sd or 0.0)
    return diffs, spreads, shares


def _out_of_time(limit: float | None, start: float, games: int, max_games: int) -> bool:
    """Whether the round after the one that ended at ``games`` would end after ``limit``
    seconds, at the pace so far."""
    if limit is None:
        return False
    elapsed = time.monotonic() - start
    following = next(end for end in round_ends(max_games) if end > games)
    return elapsed + elapsed / games * (following - games) > limit
