"""Numbers as people read them in compare's terminal and HTML reports (estimates, differences,
shares), and the shared bins of the final-score histograms."""
from __future__ import annotations

import bisect
import math
from collections import Counter
from collections.abc import Sequence

from peloponnes.lab.compare.stats import Estimate

SIGNIFICANT = "*"


def num(x: float | None, digits: int = 2) -> str:
    if x is None:
        return "n/a"
    if abs(x) >= 100 and digits > 1:
        digits = 1
    text = f"{x:.{digits}f}"
    return text[1:] if text.startswith("-") and float(text) == 0 else text


def digits_for(half: float | None) -> int:
    """Decimals that show an interval's half-width with two significant digits (2 to 4)."""
    if not half or not math.isfinite(half):
        return 2
    return max(2, min(4, 1 - math.floor(math.log10(abs(half)))))


def signed(x: float | None, digits: int = 2) -> str:
    return "n/a" if x is None else ("+" if x > 0 else "") + num(x, digits)


def mean_pm(est: Estimate) -> str:
    if est.mean is None:
        return "n/a"
    if est.half_width is None:
        return f"{num(est.mean)} (n={est.n})"
    d = digits_for(est.half_width)
    return f"{num(est.mean, d)} ± {num(est.half_width, d)}"


def diff_text(est: Estimate | None) -> str:
    if est is None or est.mean is None:
        return "n/a"
    if est.low is None:
        return f"{signed(est.mean)} (n={est.n})"
    d = digits_for(est.half_width)
    mark = f" {SIGNIFICANT}" if est.significant else ""
    return f"{signed(est.mean, d)} [{num(est.low, d)}, {num(est.high, d)}]{mark}"


def p_text(p: float) -> str:
    """A p-value as people read it: ``p=0.032``, ``p<0.001``."""
    return "p<0.001" if p < 0.001 else f"p={p:.2g}"


def share_text(est: Estimate) -> str:
    if est.mean is None:
        return "n/a"
    return f"{est.mean:.1%} [{est.low:.1%}, {est.high:.1%}]"


def share_short(est: Estimate) -> str:
    if est.mean is None:
        return "n/a"
    return f"{est.mean:.1%} ({est.low:.0%}-{est.high:.0%})"


Bin = tuple[float, float, str]       # low (inclusive), high (exclusive), label


def score_bins(counts: Sequence[Counter], max_bins: int = 24) -> list[Bin]:
    """Shared bins for every scenario's final scores (``counts``: value -> games, one per
    scenario): one per integer when they fit, else ``max_bins`` equal ones."""
    values = [v for c in counts for v in c]
    if not values:
        return []
    lo, hi = min(values), max(values)
    if all(float(v).is_integer() for v in values):
        lo, hi = int(lo), int(hi)
        width = math.ceil((hi - lo + 1) / max_bins)
        return [(a, a + width, str(a) if width == 1 else f"{a}-{a + width - 1}")
                for a in range(lo, hi + 1, width)]
    width = (hi - lo) / max_bins or 1.0
    return [(lo + i * width, lo + (i + 1) * width if i < max_bins - 1 else math.inf,
             f"{lo + i * width:.3g}") for i in range(max_bins)]


def bin_counts(counts: Counter, bins: Sequence[Bin]) -> list[int]:
    """How many of the counted values fall in each bin."""
    out = [0] * len(bins)
    lows = [lo for lo, _, _ in bins]
    for value, n in counts.items():
        i = bisect.bisect_right(lows, value) - 1
        if 0 <= i < len(bins) and value < bins[i][1]:
            out[i] += n
    return out
