"""Self-contained SVG charts for compare's HTML report: a score histogram, grouped bars with
confidence whiskers, a metric's means with their intervals. Nothing is fetched from anywhere."""
from __future__ import annotations

import html
import math

from peloponnes.lab.compare.formatting import mean_pm, num
from peloponnes.lab.compare.stats import Estimate

PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000"]



def _e(text) -> str:
    return html.escape(str(text), quote=True)


def _nice_max(x: float) -> float:
    if x <= 0:
        return 1.0
    exp = 10 ** math.floor(math.log10(x))
    for m in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if m * exp >= x:
            return m * exp
    return 10 * exp


def _nice_step(x: float) -> float:
    """The smallest of 1, 2, 2.5, 5 (times a power of ten) at least ``x``."""
    exp = 10 ** math.floor(math.log10(x))
    return next(m * exp for m in (1, 2, 2.5, 5, 10) if m * exp >= x)


def round_ticks(lo: float, hi: float, count: int = 4) -> list[float]:
    """Tick values at round numbers (steps of 1, 2, 2.5 or 5 times a power of ten) covering
    [lo, hi]."""
    if hi <= lo:
        return [lo - 1, lo, lo + 1]
    span = _nice_step((hi - lo) / count)
    start = math.floor(lo / span) * span
    return [start + i * span for i in range(count + 2) if start + i * span <= hi + span * 0.999]


def svg_lines(title: str, x_labels: list[str], series: list[tuple[str, list]], *,
               x_title: str = "", percent: bool = False, css: str = "lines") -> str:
    """Several series over the same x values as lines (a legend names them), y ticks at round
    values. ``series``: (name, [value or None per x])."""
    w, h, left, right, top, bottom = 460, 250, 52, 14, 44, 40
    values = [v for _, vs in series for v in vs if v is not None]
    lo, hi = (min(values + [0.0]), max(values)) if values else (0.0, 1.0)
    ticks = round_ticks(lo, hi)
    lo, hi = min(ticks[0], lo), max(ticks[-1], hi)
    pw, ph = w - left - right, h - top - bottom
    n = max(len(x_labels), 1)
    fmt = (lambda v: f"{v:.0%}") if percent else num

    def sx(i: int) -> float:
        return left + (i + 0.5) * pw / n

    def sy(v: float) -> float:
        return top + ph - (v - lo) / ((hi - lo) or 1) * ph

    parts = [f'<svg class="chart {css}" role="img" aria-label="{_e(title)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f"<title>{_e(title)}</title>", f'<text x="4" y="15" class="ct">{_e(title)}</text>']
    for j, (name, _) in enumerate(series):
        parts.append(f'<rect x="{left + j * 110}" y="23" width="10" height="10" '
                     f'fill="{PALETTE[j % len(PALETTE)]}"/><text x="{left + j * 110 + 14}" '
                     f'y="32" class="ax">{_e(name)}</text>')
    for t in ticks:
        parts.append(f'<line x1="{left}" x2="{w - right}" y1="{sy(t):.1f}" y2="{sy(t):.1f}" '
                     f'class="grid"/><text x="{left - 5}" y="{sy(t) + 4:.1f}" class="ax" '
                     f'text-anchor="end">{_e(fmt(t))}</text>')
    step = max(1, math.ceil(n / 14))
    for i, label in enumerate(x_labels):
        if i % step == 0:
            parts.append(f'<text x="{sx(i):.1f}" y="{top + ph + 15}" class="ax" '
                         f'text-anchor="middle">{_e(label)}</text>')
    for j, (name, vs) in enumerate(series):
        color = PALETTE[j % len(PALETTE)]
        points = [f"{sx(i):.1f},{sy(v):.1f}" for i, v in enumerate(vs) if v is not None]
        parts.append(f'<polyline class="series" points="{" ".join(points)}" fill="none" '
                     f'stroke="{color}" stroke-width="2"><title>{_e(name)}</title></polyline>')
    if x_title:
        parts.append(f'<text x="{left + pw / 2:.1f}" y="{h - 4}" class="ax" '
                     f'text-anchor="middle">{_e(x_title)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def svg_histogram(title: str, bins, counts: list[int], top: int, color: str) -> str:
    w, h, left, bottom, top_pad = 380, 210, 40, 34, 24
    plot_w, plot_h = w - left - 10, h - bottom - top_pad
    n = max(len(bins), 1)
    bw = plot_w / n
    ymax = _nice_max(top)
    parts = [f'<svg class="chart histogram" role="img" aria-label="{_e(title)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f'<title>{_e(title)}</title>',
             f'<text x="{left}" y="15" class="ct">{_e(title)}</text>']
    base = top_pad + plot_h
    for frac in (0, 0.5, 1):
        y = base - frac * plot_h
        parts.append(f'<line x1="{left}" x2="{w - 10}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" class="ax" text-anchor="end">'
                     f'{int(round(ymax * frac))}</text>')
    step = max(1, math.ceil(n / 12))
    for i, ((_, _, label), c) in enumerate(zip(bins, counts, strict=True)):
        bh = c / ymax * plot_h
        x = left + i * bw
        parts.append(f'<rect x="{x + 1:.1f}" y="{base - bh:.1f}" width="{max(bw - 2, 1):.1f}" '
                     f'height="{bh:.1f}" fill="{color}"><title>score {_e(label)}: {c}</title>'
                     f'</rect>')
        if i % step == 0:
            parts.append(f'<text x="{x + bw / 2:.1f}" y="{base + 14}" class="ax" '
                         f'text-anchor="middle">{_e(label)}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{h - 4}" class="ax" '
                 f'text-anchor="middle">final score (every seat)</text>')
    parts.append("</svg>")
    return "".join(parts)


def svg_grouped_bars(title: str, categories: list[str], series: list[tuple[str, list]],
                     *, percent: bool = False) -> str:
    """Vertical grouped bars with CI whiskers. ``series``: (name, [Estimate per category])."""
    group_w = max(24, 14 * len(series) + 12)
    left, bottom, top_pad = 48, 64, 40
    w = max(360, left + 20 + group_w * len(categories))
    h = 260
    plot_h = h - bottom - top_pad
    highs = [est.high if est.high is not None else (est.mean or 0)
             for _, ests in series for est in ests if est.mean is not None]
    ymax = _nice_max(max(highs, default=1.0))
    base = top_pad + plot_h
    fmt = (lambda v: f"{v:.0%}") if percent else (lambda v: num(v))
    parts = [f'<svg class="chart bars" role="img" aria-label="{_e(title)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f'<title>{_e(title)}</title>',
             f'<text x="{left}" y="15" class="ct">{_e(title)}</text>']
    for j, (name, _) in enumerate(series):
        lx = left + j * 120
        parts.append(f'<rect x="{lx}" y="22" width="10" height="10" '
                     f'fill="{PALETTE[j % len(PALETTE)]}"/>'
                     f'<text x="{lx + 14}" y="31" class="ax">{_e(name)}</text>')
    for frac in (0, 0.25, 0.5, 0.75, 1):
        y = base - frac * plot_h
        parts.append(f'<line x1="{left}" x2="{w - 10}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" class="ax" text-anchor="end">'
                     f'{_e(fmt(ymax * frac))}</text>')
    bar_w = (group_w - 12) / max(len(series), 1)
    for c, cat in enumerate(categories):
        gx = left + 10 + c * group_w
        for j, (name, ests) in enumerate(series):
            est = ests[c]
            if est.mean is None:
                continue
            bh = max(est.mean, 0) / ymax * plot_h
            x = gx + j * bar_w
            parts.append(f'<rect x="{x:.1f}" y="{base - bh:.1f}" width="{bar_w - 1:.1f}" '
                         f'height="{bh:.1f}" fill="{PALETTE[j % len(PALETTE)]}"><title>'
                         f'{_e(name)} {_e(cat)}: {_e(fmt(est.mean))}'
                         + (f' [{_e(fmt(est.low))}, {_e(fmt(est.high))}]'
                            if est.low is not None else '') + '</title></rect>')
            if est.low is not None:
                cx = x + (bar_w - 1) / 2
                y1 = base - max(est.low, 0) / ymax * plot_h
                y2 = base - min(est.high, ymax) / ymax * plot_h
                parts.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y1:.1f}" y2="{y2:.1f}" '
                             f'class="ci"/>')
        parts.append(f'<text class="ax" text-anchor="end" transform="translate('
                     f'{gx + group_w / 2 - 6:.1f},{base + 10}) rotate(-35)">{_e(cat)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def svg_metric(name: str, ests: list[Estimate], letters: list[str]) -> str:
    """One metric: a horizontal bar per ruleset (mean) with its CI."""
    w, row_h, left, right = 300, 22, 34, 60
    h = 28 + row_h * len(ests) + 18
    values = [v for est in ests for v in (est.mean, est.low, est.high) if v is not None]
    lo, hi = min(values + [0.0]), max(values + [0.0])
    if hi == lo:
        hi = lo + 1
    plot_w = w - left - right

    def sx(v: float) -> float:
        return left + (v - lo) / (hi - lo) * plot_w

    parts = [f'<svg class="chart metric" role="img" aria-label="{_e(name)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f'<title>{_e(name)}</title>', f'<text x="4" y="15" class="ct">{_e(name)}</text>']
    zero = sx(0.0)
    for j, (est, letter) in enumerate(zip(ests, letters, strict=True)):
        y = 26 + j * row_h
        parts.append(f'<text x="{left - 6}" y="{y + 14}" class="ax" text-anchor="end">'
                     f'{_e(letter)}</text>')
        if est.mean is None:
            continue
        x1, x2 = sorted((zero, sx(est.mean)))
        parts.append(f'<rect x="{x1:.1f}" y="{y + 3}" width="{max(x2 - x1, 1):.1f}" '
                     f'height="{row_h - 8}" fill="{PALETTE[j % len(PALETTE)]}" opacity="0.85">'
                     f'<title>{_e(letter)}: {_e(mean_pm(est))}</title></rect>')
        if est.low is not None:
            yc = y + row_h / 2 - 1
            parts.append(f'<line x1="{sx(est.low):.1f}" x2="{sx(est.high):.1f}" y1="{yc}" '
                         f'y2="{yc}" class="ci"/>')
        parts.append(f'<text x="{w - right + 4}" y="{y + 14}" class="ax">'
                     f'{_e(num(est.mean))}</text>')
    parts.append(f'<line x1="{zero:.1f}" x2="{zero:.1f}" y1="24" y2="{h - 16}" class="axis"/>')
    parts.append(f'<text x="{left}" y="{h - 3}" class="ax">{_e(num(lo))}</text>'
                 f'<text x="{w - right}" y="{h - 3}" class="ax" text-anchor="end">'
                 f'{_e(num(hi))}</text>')
    parts.append("</svg>")
    return "".join(parts)
