"""The estimator behind ``peloponnes impact``: least squares with fixed effects, its intervals
clustered by game. Plain Python: a component's model has at most three columns, so every
matrix here is at most 3 x 3.

The fixed effects are absorbed by subtracting each cell's mean (a cell: the seats that share
the confounders the model holds fixed, such as the seat number and the civilization). By the
Frisch-Waugh-Lovell theorem the slopes fitted on what is left are the slopes of the model with
a dummy per cell, without building the dummies.

The intervals are cluster-robust (the sandwich estimator with the usual CR1 correction): the
seats of one game are not independent (one of them wins), so each game counts once."""
from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from peloponnes.lab.compare.stats import CONFIDENCE, Estimate, t_cdf, t_quantile

# Below this sum of squares (per row) a column left after the cells' means is taken as constant.
FLAT = 1e-9


def demeaned(values: Sequence[float], cells: Sequence[Hashable]) -> list[float]:
    """``values`` less the mean of their cell."""
    sums: dict = defaultdict(float)
    counts: dict = defaultdict(int)
    for value, cell in zip(values, cells, strict=True):
        sums[cell] += value
        counts[cell] += 1
    return [value - sums[cell] / counts[cell] for value, cell in zip(values, cells, strict=True)]


def varies(column: Sequence[float]) -> bool:
    """True when the (demeaned) column is not constant."""
    return sum(v * v for v in column) > FLAT * max(len(column), 1)


def inverse(matrix: list[list[float]]) -> list[list[float]] | None:
    """The inverse of a small symmetric matrix by Gauss-Jordan elimination; None when it is
    (nearly) singular: two columns say the same thing."""
    n = len(matrix)
    scale = max((abs(v) for row in matrix for v in row), default=0.0) or 1.0
    work = [list(row) + [float(i == j) for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        if abs(work[pivot][col]) < 1e-10 * scale:
            return None
        work[col], work[pivot] = work[pivot], work[col]
        lead = work[col][col]
        work[col] = [v / lead for v in work[col]]
        for r in range(n):
            if r != col and work[r][col]:
                factor = work[r][col]
                work[r] = [a - factor * b for a, b in zip(work[r], work[col], strict=True)]
    return [row[n:] for row in work]


@dataclass
class Fit:
    """Slopes of a fitted model, each with its cluster-robust standard error."""
    slopes: list[float]
    errors: list[float]
    clusters: int

    def estimate(self, i: int, n: int, confidence: float = CONFIDENCE) -> Estimate:
        """Slope ``i`` with its interval (Student's t, one degree of freedom fewer than games);
        ``n``: how many observations it rests on (reported, not used)."""
        slope, error = self.slopes[i], self.errors[i]
        if self.clusters < 2 or not math.isfinite(error):
            return Estimate(n, slope, None, None)
        half = t_quantile(1 - (1 - confidence) / 2, self.clusters - 1) * error
        return Estimate(n, slope, slope - half, slope + half, error)

    def p_value(self, i: int) -> float | None:
        """Two-sided p-value of slope ``i`` (H0: 0), Student's t as for the interval."""
        slope, error = self.slopes[i], self.errors[i]
        if self.clusters < 2 or not math.isfinite(error):
            return None
        if error == 0:
            return 1.0 if slope == 0 else 0.0
        return min(1.0, 2.0 * (1.0 - t_cdf(abs(slope / error), self.clusters - 1)))


def clustered_ols(columns: list[list[float]], y: Sequence[float], clusters: Sequence[int],
                  absorbed: int) -> Fit | None:
    """Least squares of ``y`` on ``columns`` (both already demeaned within cells; no constant),
    with standard errors clustered by ``clusters`` (game numbers, rows of a game together or
    not). ``absorbed``: how many cell means were subtracted (degrees of freedom used). None
    when the columns are collinear."""
    k, n = len(columns), len(y)
    xtx = [[math.fsum(a * b for a, b in zip(ci, cj, strict=True)) for cj in columns]
           for ci in columns]
    inv = inverse(xtx)
    if inv is None:
        return None
    xty = [math.fsum(a * b for a, b in zip(c, y, strict=True)) for c in columns]
    slopes = [math.fsum(inv[i][j] * xty[j] for j in range(k)) for i in range(k)]
    scores: dict[int, list[float]] = {}
    for row in range(n):
        residual = y[row] - sum(slopes[i] * columns[i][row] for i in range(k))
        score = scores.setdefault(clusters[row], [0.0] * k)
        for i in range(k):
            score[i] += columns[i][row] * residual
    meat = [[math.fsum(s[i] * s[j] for s in scores.values()) for j in range(k)]
            for i in range(k)]
    g = len(scores)
    dof = n - k - absorbed
    if g < 2 or dof < 1:
        return Fit(slopes, [math.inf] * k, g)
    correction = g / (g - 1) * (n - 1) / dof
    bread_meat = [[math.fsum(inv[i][m] * meat[m][j] for m in range(k)) for j in range(k)]
                  for i in range(k)]
    variance = [math.fsum(bread_meat[i][m] * inv[m][i] for m in range(k)) * correction
                for i in range(k)]
    return Fit(slopes, [math.sqrt(max(v, 0.0)) for v in variance], g)
