"""``compare --until-decided``'s statistics: confidence intervals that stay valid however often
they are looked at, the rounds at which they are looked at, and each metric's verdict.

A fixed-size interval (Student's t, the table's) is right once, at a number of games chosen in
advance. Looked at after every round and stopped as soon as it excludes 0, it is wrong far more
often than 5% (a third of the time over twenty looks, where nothing changed). A confidence
*sequence* is a sequence of intervals that all hold at once with 95% probability, so a run may
stop at any look it likes.

The one used is the asymptotic confidence sequence of Waudby-Smith, Arbour, Sinha, Kennedy and
Ramdas, "Time-uniform central limit theory and asymptotic confidence sequences" (Annals of
Statistics, 2024), Theorem 2.2: Robbins' normal-mixture boundary with the running standard
deviation in place of a known one, the time-uniform counterpart of the t interval. It needs
only a tally's running mean and variance, whatever the metric's range. Its one tuning constant
(rho) makes it tightest at ``TUNED_FOR`` games; any value keeps it valid. The running variance
starts from one prior value, the spread the difference would have unpaired (as the
empirical-Bernstein sequences of Waudby-Smith and Ramdas start from a prior variance), so the
first games agreeing by chance do not make an interval of width 0. Shown intervals are the
running intersection of every look's interval (itself a confidence sequence), so a verdict,
once reached, stays. A difference of shares (win shares, ties) is clipped to its known range,
-1 to 1. docs/verdicts.md says how it was checked.
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from peloponnes.lab.batch import RunningStats
from peloponnes.lab.compare.stats import CONFIDENCE, Estimate

FIRST_ROUND = 20        # paired games before the first look: a standard deviation to go on
GROWTH = 4              # each later round adds a quarter of the games so far (at least the first)
TUNED_FOR = 200         # games at which the boundary is tightest (it is flat from 50 to 2000)
SHARE_RANGE = (-1.0, 1.0)   # a difference of two shares (0..1)

METHOD = ("asymptotic confidence sequence (Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas, "
          "Annals of Statistics 2024): Robbins' normal mixture with the running standard "
          "deviation, valid at every look")

# Why a metric stopped holding up the run.
DECIDED = "decided"            # its interval excludes 0: it rises or falls
EQUIVALENT = "equivalent"      # its interval lies inside its --margin: no change that matters
CONSTANT = "constant"          # the same value in every game of both rulesets so far
CAP = "cap"                    # neither, when the run reached --max-games or --max-time


def round_ends(max_games: int, first: int = FIRST_ROUND) -> Iterator[int]:
    """The paired games played when each look happens: ``first``, then a quarter more each
    round (at least ``first`` more), the last at ``max_games``. The same for any number of
    workers, so the verdicts are too."""
    games = min(first, max_games)
    while True:
        yield games
        if games >= max_games:
            return
        games = min(max_games, games + max(first, math.ceil(games / GROWTH)))


def half_width(n: int, sd: float, alpha: float, tuned_for: int = TUNED_FOR) -> float:
    """The sequence's half-width after ``n`` values of running standard deviation ``sd`` at
    error ``alpha``: sd * sqrt(2 (n r + 1) / (n^2 r) * log(sqrt(n r + 1) / alpha)), r being
    rho squared, chosen to make it tightest at ``tuned_for`` values (the paper's
    approximation)."""
    two_log = -2.0 * math.log(alpha)
    rho2 = (two_log + math.log(two_log + 1.0)) / tuned_for
    spread = n * rho2 + 1.0
    return sd * math.sqrt(2.0 * spread / (n * n * rho2) * math.log(math.sqrt(spread) / alpha))


def confidence_sequence(stats: RunningStats, alpha: float, prior_sd: float = 0.0,
                        bounds: tuple[float, float] | None = None) -> Estimate:
    """The interval of the sequence for the mean of ``stats``' values at error ``alpha``, the
    variance counting ``prior_sd`` squared as one more deviation (``bounds``: the values'
    known range, which clips the interval); none below two values."""
    if stats.n < 2:
        return Estimate(stats.n, stats.mean if stats.n else None, None, None)
    sd = math.sqrt(((stats.n - 1) * (stats.variance or 0.0) + prior_sd ** 2) / stats.n)
    half = half_width(stats.n, sd, alpha)
    low, high = stats.mean - half, stats.mean + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return Estimate(stats.n, stats.mean, low, high, sd)


@dataclass
class Verdict:
    """One metric's paired difference (ruleset ``scenario`` against the first): why it
    stopped holding up the run (``reason``), after how many paired games, and its
    anytime-valid interval at the end of the run."""
    metric: str
    scenario: int                    # index of the ruleset; compared with the first
    reason: str | None = None        # DECIDED, EQUIVALENT, CONSTANT or CAP; None while open
    games: int | None = None         # paired games when it was decided (or the run ended)
    interval: Estimate | None = None
    margin: float | None = None

    @property
    def direction(self) -> str | None:
        """"rises" or "falls" where the interval excludes 0, else None."""
        iv = self.interval
        if iv is None or iv.low is None or not iv.significant:
            return None
        return "rises" if iv.low > 0 else "falls"

    @property
    def settled(self) -> bool:
        return self.reason in (DECIDED, EQUIVALENT, CONSTANT)


@dataclass
class Looks:
    """The verdicts of a run, brought up to date at every look. ``margins``: metric ->
    equivalence margin (``--margin``). The 5% error is split evenly over the verdicts the first
    look finds (Bonferroni), so every verdict of a run holds at once with 95% probability."""
    margins: Mapping[str, float] = field(default_factory=dict)
    confidence: float = CONFIDENCE
    verdicts: dict[tuple[int, str], Verdict] = field(default_factory=dict)
    alpha: float | None = None       # the error of each verdict, fixed at the first look
    looks: list[int] = field(default_factory=list)

    def look(self, games: int, diffs: Mapping[tuple[int, str], RunningStats],
             spreads: Mapping[tuple[int, str], float] | None = None,
             shares: set[str] = frozenset()) -> bool:
        """Look after ``games`` paired games at ``diffs`` ((ruleset, metric) -> the running
        paired differences against the first ruleset); ``spreads``: the standard deviation
        each difference would have unpaired (the prior; 0 where both rulesets' values never
        varied); ``shares``: metrics whose values lie in 0..1. Returns whether every verdict is
        settled."""
        self.looks.append(games)
        if self.alpha is None:
            self.alpha = (1 - self.confidence) / max(1, len(diffs))
        for key, stats in diffs.items():
            verdict = self.verdicts.get(key)
            if verdict is None:
                verdict = self.verdicts[key] = Verdict(key[1], key[0],
                                                       margin=self.margins.get(key[1]))
            spread = (spreads or {}).get(key, 0.0)
            now = confidence_sequence(stats, self.alpha, spread,
                                      SHARE_RANGE if key[1] in shares else None)
            if verdict.reason in (DECIDED, EQUIVALENT):
                # settled for good: the interval narrows, the reason and games stay
                verdict.interval = self._narrowed(verdict.interval, now, verdict.interval)
                continue
            verdict.interval = self._narrowed(verdict.interval, now, now)
            # the same value in every game of both rulesets (rounds in a game of fixed length)
            constant = stats.n >= 2 and not spread and not stats.sd and not stats.mean
            verdict.reason, verdict.games = self._reason(verdict, constant), games
        return all(v.settled for v in self.verdicts.values())

    def close(self, games: int) -> list[Verdict]:
        """The verdicts when the run ends after ``games`` paired games: those still open reached
        the cap."""
        for verdict in self.verdicts.values():
            if not verdict.settled:
                verdict.reason, verdict.games = CAP, games
        return list(self.verdicts.values())

    @staticmethod
    def _narrowed(before: Estimate | None, now: Estimate, apart: Estimate) -> Estimate:
        """The running intersection of the intervals so far: the latest where an earlier look
        had none (or one of width 0, which says nothing of later games), ``apart`` where they
        do not meet (which happens only in the 5% the intervals miss)."""
        if before is None or before.low is None or now.low is None or not before.sd:
            return now
        low, high = max(before.low, now.low), min(before.high, now.high)
        if low > high:
            return apart
        return Estimate(now.n, now.mean, low, high, now.sd)

    @staticmethod
    def _reason(verdict: Verdict, constant: bool) -> str | None:
        iv, margin = verdict.interval, verdict.margin
        if iv is not None and iv.low is not None:
            if margin is not None and -margin <= iv.low and iv.high <= margin:
                return EQUIVALENT
            if iv.significant:
                return DECIDED
        return CONSTANT if constant else None
