"""compare's statistics: means with Student's t intervals, paired differences, Wilson intervals
for proportions. Built on ``lab.batch.RunningStats``, so they take a tally's running
statistics as readily as a list of values. The standard library gives the normal quantile
(``statistics.NormalDist``); Student's t quantile is computed here (no scipy)."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist

from peloponnes.lab.batch import RunningStats

CONFIDENCE = 0.95


@dataclass(frozen=True)
class Estimate:
    """A mean with its confidence interval. ``low``/``high`` are None when the interval is
    undefined (fewer than 2 values); ``n`` values went into it."""
    n: int
    mean: float | None
    low: float | None
    high: float | None
    sd: float | None = None

    @property
    def half_width(self) -> float | None:
        if self.low is None or self.high is None or self.mean is None:
            return None
        return (self.high - self.low) / 2.0

    @property
    def significant(self) -> bool:
        """The interval excludes 0 (meaningful for a difference)."""
        if self.low is None or self.high is None:
            return False
        return self.low > 0 or self.high < 0

    def as_dict(self) -> dict:
        return {"n": self.n, "mean": self.mean, "ci_low": self.low, "ci_high": self.high,
                "sd": self.sd}


# --- Student's t ---------------------------------------------------------------------------------

def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz's method)."""
    tiny = 1e-300

    def guard(v: float) -> float:
        return v if abs(v) > tiny else tiny

    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 / guard(1.0 - qab * x / qap)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)),
                   -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1.0 / guard(1.0 + aa * d)
            c = guard(1.0 + aa / c)
            delta = d * c
            h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _betacf(a, b, x) / a
    return 1.0 - math.exp(log_front) * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


@lru_cache(maxsize=4096)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (p > 0.5), by bisection on
    the CDF: 1e-12 accurate, e.g. t_quantile(0.975, 4) = 2.7764451..."""
    if df < 1:
        raise ValueError("t quantile needs at least 1 degree of freedom")
    if not 0.5 <= p < 1.0:
        raise ValueError("p must be in [0.5, 1)")
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2.0


def normal_quantile(p: float) -> float:
    """The ``p`` quantile of the standard normal."""
    return NormalDist().inv_cdf(p)


# --- estimates -----------------------------------------------------------------------------------

def estimate(stats: RunningStats, confidence: float = CONFIDENCE) -> Estimate:
    """Mean and t-based confidence interval of running statistics: mean +- t(1-(1-c)/2, n-1) *
    sd / sqrt(n), with the sample standard deviation (n - 1 in the denominator)."""
    if stats.n == 0:
        return Estimate(0, None, None, None)
    if stats.n == 1:
        return Estimate(1, stats.mean, None, None)
    sd = stats.sd
    half = t_quantile(1 - (1 - confidence) / 2, stats.n - 1) * sd / math.sqrt(stats.n)
    return Estimate(stats.n, stats.mean, stats.mean - half, stats.mean + half, sd)


def mean_ci(values: Sequence[float], confidence: float = CONFIDENCE) -> Estimate:
    """``estimate`` of a list of values."""
    return estimate(RunningStats(values), confidence)


def paired_diff(a: Sequence[float | None], b: Sequence[float | None],
                confidence: float = CONFIDENCE) -> Estimate:
    """The paired difference b - a: mean of the per-pair differences with its t interval. Pairs
    where either value is missing (None) are left out."""
    pairs = zip(a, b, strict=True)
    return mean_ci([y - x for x, y in pairs if x is not None and y is not None], confidence)


def proportion_ci(successes: float, n: float, confidence: float = CONFIDENCE) -> Estimate:
    """A proportion with its Wilson score interval (fractional successes allowed: shared wins
    count 1/k)."""
    if n <= 0:
        return Estimate(0, None, None, None)
    p = successes / n
    z = normal_quantile(1 - (1 - confidence) / 2)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / denom
    return Estimate(int(round(n)), p, max(0.0, centre - half), min(1.0, centre + half))


# --- multiple comparisons ----------------------------------------------------------------------

def p_value(est: Estimate) -> float | None:
    """Two-sided p-value of a paired difference's t test (H0: mean 0); None below 2 values."""
    if est.n < 2 or est.mean is None or est.sd is None:
        return None
    if est.sd == 0:
        return 1.0 if est.mean == 0 else 0.0
    t = est.mean / (est.sd / math.sqrt(est.n))
    return min(1.0, 2.0 * (1.0 - t_cdf(abs(t), est.n - 1)))


def holm(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjusted p-values (None stays None): the k-th smallest of m p-values is
    multiplied by m - k + 1, and adjusted values never decrease along that order."""
    ranked = sorted((p, i) for i, p in enumerate(p_values) if p is not None)
    m = len(ranked)
    out: list[float | None] = [None] * len(p_values)
    running = 0.0
    for k, (p, i) in enumerate(ranked):
        running = max(running, min(1.0, (m - k) * p))
        out[i] = running
    return out
