"""Self-contained SVG charts for compare's HTML report: a score histogram, grouped bars with
confidence whiskers, lines over rounds or scores, a metric's means with their intervals. Nothing
is fetched from anywhere.

Every chart reads the same way: value axes are marked at round numbers (``round_ticks``: 1, 2 or
5 times a power of ten apart, as many as have room), category axes show only as many labels as
fit side by side (``spaced_labels``), and lines that run on top of each other stay visible
(each series its own dash pattern and marker, and the legend says when one equals another)."""
from __future__ import annotations

import html
import math

from peloponnes.lab.compare.formatting import mean_pm, num
from peloponnes.lab.compare.stats import Estimate

PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000"]
DASHES = ["", "7 4", "2 3", "10 3 2 3"]            # the first series solid, the others dashed
MARKERS = ["circle", "square", "triangle", "diamond"]

# Axis labels are 11px text (class "ax"). A character is counted wider than most glyphs are
# drawn, so a label's estimated extent covers the drawn one.
CHAR_WIDTH = 6.6
LINE_HEIGHT = 13
LABEL_GAP = 6                                       # pixels kept free between two labels


def _e(text) -> str:
    return html.escape(str(text), quote=True)


# --- axes ---------------------------------------------------------------------------------------

def _decimals(step: float) -> int:
    """Decimals that write every multiple of ``step`` exactly (0.05 -> 2, 5 -> 0)."""
    return max(0, -math.floor(math.log10(step) + 1e-9))


def _nice_step(raw: float) -> float:
    """The smallest of 1, 2 or 5 times a power of ten that is at least ``raw``."""
    exp = 10.0 ** math.floor(math.log10(raw))
    return next(m * exp for m in (1, 2, 5, 10) if m * exp >= raw * (1 - 1e-9))


def round_ticks(lo: float, hi: float, count: int = 4, *, integer: bool = False) -> list[float]:
    """Ticks at round values (1, 2 or 5 times a power of ten apart, about ``count`` steps), from
    the last at or below ``lo`` to the first at or above ``hi``. ``integer``: steps of at least
    1 (counts)."""
    if hi <= lo:
        half = abs(lo) / 2 or 1.0
        lo, hi = lo - half, hi + half
    step = _nice_step((hi - lo) / max(count, 1))
    if integer:
        step = max(step, 1.0)
    first, last = math.floor(lo / step + 1e-9), math.ceil(hi / step - 1e-9)
    digits = _decimals(step) + 1
    return [round(k * step, digits) + 0.0 for k in range(first, last + 1)]


def tick_text(value: float, step: float, percent: bool = False) -> str:
    """A tick's label with the decimals its step needs: ``0.25``, ``30%``, ``2.5%``."""
    if percent:
        return f"{value * 100:.{_decimals(step * 100)}f}%"
    return f"{value:.{_decimals(step)}f}"


def label_width(text: str) -> float:
    """The estimated width of an axis label in pixels (at least its drawn width)."""
    return len(text) * CHAR_WIDTH


def axis_ticks(lo: float, hi: float, length: float, *, across: bool = False,
               percent: bool = False, integer: bool = False,
               most: int = 5) -> list[tuple[float, str]]:
    """(value, label) of round ticks covering [lo, hi] on an axis ``length`` pixels long: the
    most steps (up to ``most``) whose labels keep apart. ``across``: the axis runs across the
    page, so its labels stand side by side; else they stand one above the other."""
    for count in range(most, 0, -1):
        ticks = round_ticks(lo, hi, count, integer=integer)
        step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
        labels = [tick_text(t, step, percent) for t in ticks]
        room = length / max(len(ticks) - 1, 1)
        need = (max(map(label_width, labels)) if across else LINE_HEIGHT) + LABEL_GAP
        if room >= need:
            break
    return list(zip(ticks, labels, strict=True))


def spaced_labels(labels: list[str], slot: float) -> list[int]:
    """Which of ``labels`` to show when each is centred in a slot ``slot`` pixels wide: every
    k-th, k the smallest step that leaves room for the widest label and a gap, so no two shown
    labels overlap."""
    if not labels:
        return []
    widest = max(label_width(label) for label in labels)
    return list(range(0, len(labels), max(1, math.ceil((widest + LABEL_GAP) / slot))))


# --- lines --------------------------------------------------------------------------------------

def _marker(j: int, x: float, y: float, color: str) -> str:
    """Series ``j``'s marker at (x, y): circle, square, triangle or diamond."""
    shape, r = MARKERS[j % len(MARKERS)], 3.2
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{color}"/>'
    if shape == "square":
        return (f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
                f'fill="{color}"/>')
    corners = ([(x, y - r - 1), (x + r + 0.6, y + r), (x - r - 0.6, y + r)]
               if shape == "triangle" else
               [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)])
    points = " ".join(f"{a:.1f},{b:.1f}" for a, b in corners)
    return f'<polygon points="{points}" fill="{color}"/>'


def _line(j: int, points: list[tuple[float, float]], name: str) -> str:
    """Series ``j`` as a polyline in its colour and dash pattern, with its markers."""
    color, dash = PALETTE[j % len(PALETTE)], DASHES[j % len(DASHES)]
    style = f' stroke-dasharray="{dash}"' if dash else ""
    coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return (f'<g class="series"><title>{_e(name)}</title><polyline points="{coords}" '
            f'fill="none" stroke="{color}" stroke-width="2"{style}/>'
            + "".join(_marker(j, x, y, color) for x, y in points) + "</g>")


def _legend_entry(j: int, x: float, y: float, text: str) -> str:
    color, dash = PALETTE[j % len(PALETTE)], DASHES[j % len(DASHES)]
    style = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{x}" x2="{x + 22}" y1="{y - 4}" y2="{y - 4}" stroke="{color}" '
            f'stroke-width="2"{style}/>' + _marker(j, x + 11, y - 4, color)
            + f'<text x="{x + 27}" y="{y}" class="ax legend">{_e(text)}</text>')


def _lies_on(series: list[tuple[str, list]], j: int, to_y) -> tuple[str, bool] | None:
    """(name, exactly) of the first earlier series whose line series ``j``'s line covers: the
    same values (exactly), or the same height within a pixel at every point."""
    mine = series[j][1]
    for name, other in series[:j]:
        if [v is None for v in other] != [v is None for v in mine]:
            continue
        pairs = [(a, b) for a, b in zip(other, mine, strict=True) if a is not None]
        if all(abs(to_y(a) - to_y(b)) < 1 for a, b in pairs):
            return name, all(a == b for a, b in pairs)
    return None


def svg_lines(title: str, x_labels: list[str], series: list[tuple[str, list]], *,
              x_title: str = "", percent: bool = False, css: str = "lines") -> str:
    """Several series over the same x values as lines, each with its own colour, dash pattern
    and marker; the legend names them and says when one lies on another. ``series``: (name,
    [value or None per x])."""
    w, h, left, right, top, bottom = 460, 250, 52, 14, 44, 40
    values = [v for _, vs in series for v in vs if v is not None]
    lo, hi = (min(values + [0.0]), max(values)) if values else (0.0, 1.0)
    pw, ph = w - left - right, h - top - bottom
    ticks = axis_ticks(lo, hi, ph, percent=percent)
    lo, hi = ticks[0][0], ticks[-1][0]
    n = max(len(x_labels), 1)

    def sx(i: int) -> float:
        return left + (i + 0.5) * pw / n

    def sy(v: float) -> float:
        return top + ph - (v - lo) / ((hi - lo) or 1) * ph

    parts = [f'<svg class="chart {css}" role="img" aria-label="{_e(title)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f"<title>{_e(title)}</title>", f'<text x="4" y="15" class="ct">{_e(title)}</text>']
    x = float(left)
    for j, (name, _) in enumerate(series):
        under = _lies_on(series, j, sy)
        text = name if under is None else f"{name} ({'=' if under[1] else '≈'} {under[0]})"
        parts.append(_legend_entry(j, x, 34, text))
        x += 27 + label_width(text) + 14
    for value, label in ticks:
        parts.append(f'<line x1="{left}" x2="{w - right}" y1="{sy(value):.1f}" '
                     f'y2="{sy(value):.1f}" class="grid"/><text x="{left - 5}" '
                     f'y="{sy(value) + 4:.1f}" class="ax" text-anchor="end">{_e(label)}</text>')
    for i in spaced_labels(x_labels, pw / n):
        parts.append(f'<text x="{sx(i):.1f}" y="{top + ph + 15}" class="ax x-label" '
                     f'text-anchor="middle">{_e(x_labels[i])}</text>')
    for j, (name, vs) in enumerate(series):
        parts.append(_line(j, [(sx(i), sy(v)) for i, v in enumerate(vs) if v is not None], name))
    if x_title:
        parts.append(f'<text x="{left + pw / 2:.1f}" y="{h - 4}" class="ax" '
                     f'text-anchor="middle">{_e(x_title)}</text>')
    parts.append("</svg>")
    return "".join(parts)


# --- bars ---------------------------------------------------------------------------------------

def svg_histogram(title: str, bins, counts: list[int], top: int, color: str) -> str:
    """One ruleset's final scores: a bar per bin, on a count axis shared by every ruleset
    (``top``: the largest count of any)."""
    w, h, left, bottom, top_pad = 380, 210, 40, 34, 24
    plot_w, plot_h = w - left - 10, h - bottom - top_pad
    n = max(len(bins), 1)
    bw = plot_w / n
    ticks = axis_ticks(0, max(top, 1), plot_h, integer=True, most=4)
    ymax = ticks[-1][0]
    parts = [f'<svg class="chart histogram" role="img" aria-label="{_e(title)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f'<title>{_e(title)}</title>',
             f'<text x="{left}" y="15" class="ct">{_e(title)}</text>']
    base = top_pad + plot_h
    for value, label in ticks:
        y = base - value / ymax * plot_h
        parts.append(f'<line x1="{left}" x2="{w - 10}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" class="ax" text-anchor="end">'
                     f'{_e(label)}</text>')
    for i, ((_, _, label), c) in enumerate(zip(bins, counts, strict=True)):
        bh = c / ymax * plot_h
        parts.append(f'<rect x="{left + i * bw + 1:.1f}" y="{base - bh:.1f}" '
                     f'width="{max(bw - 2, 1):.1f}" height="{bh:.1f}" fill="{color}"><title>'
                     f'score {_e(label)}: {c}</title></rect>')
    for i in spaced_labels([b[2] for b in bins], bw):
        parts.append(f'<text x="{left + (i + 0.5) * bw:.1f}" y="{base + 14}" class="ax x-label" '
                     f'text-anchor="middle">{_e(bins[i][2])}</text>')
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
    ticks = axis_ticks(0, max(highs, default=1.0) or 1.0, plot_h, percent=percent)
    ymax = ticks[-1][0]
    base = top_pad + plot_h
    fmt = (lambda v: f"{v:.1%}") if percent else num
    parts = [f'<svg class="chart bars" role="img" aria-label="{_e(title)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f'<title>{_e(title)}</title>',
             f'<text x="{left}" y="15" class="ct">{_e(title)}</text>']
    x = float(left)
    for j, (name, _) in enumerate(series):
        parts.append(f'<rect x="{x}" y="22" width="10" height="10" '
                     f'fill="{PALETTE[j % len(PALETTE)]}"/>'
                     f'<text x="{x + 14}" y="31" class="ax legend">{_e(name)}</text>')
        x += 14 + label_width(name) + 14
    for value, label in ticks:
        y = base - value / ymax * plot_h
        parts.append(f'<line x1="{left}" x2="{w - 10}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>')
        parts.append(f'<text x="{left - 4}" y="{y + 4:.1f}" class="ax" text-anchor="end">'
                     f'{_e(label)}</text>')
    bar_w = (group_w - 12) / max(len(series), 1)
    for c, cat in enumerate(categories):
        gx = left + 10 + c * group_w
        for j, (name, ests) in enumerate(series):
            parts.extend(_bar(gx + j * bar_w, bar_w, ests[c], base, plot_h / ymax, ymax,
                              PALETTE[j % len(PALETTE)], f"{name} {cat}", fmt))
        parts.append(f'<text class="ax" text-anchor="end" transform="translate('
                     f'{gx + group_w / 2 - 6:.1f},{base + 10}) rotate(-35)">{_e(cat)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _bar(x: float, bar_w: float, est: Estimate, base: float, scale: float, ymax: float,
         color: str, what: str, fmt) -> list[str]:
    """One bar (the mean) and its whisker (the interval), ``scale`` pixels per unit."""
    if est.mean is None:
        return []
    bh = max(est.mean, 0) * scale
    ci = f" [{fmt(est.low)}, {fmt(est.high)}]" if est.low is not None else ""
    out = [f'<rect x="{x:.1f}" y="{base - bh:.1f}" width="{bar_w - 1:.1f}" height="{bh:.1f}" '
           f'fill="{color}"><title>{_e(what)}: {_e(fmt(est.mean))}{_e(ci)}</title></rect>']
    if est.low is not None:
        cx = x + (bar_w - 1) / 2
        y1, y2 = base - max(est.low, 0) * scale, base - min(est.high, ymax) * scale
        out.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y1:.1f}" y2="{y2:.1f}" class="ci"/>')
    return out


def svg_metric(name: str, ests: list[Estimate], letters: list[str]) -> str:
    """One metric: a horizontal bar per ruleset (mean) with its CI, on an axis marked at round
    values."""
    w, row_h, left, right = 300, 22, 34, 60
    h = 28 + row_h * len(ests) + 18
    values = [v for est in ests for v in (est.mean, est.low, est.high) if v is not None]
    plot_w = w - left - right
    ticks = axis_ticks(min(values + [0.0]), max(values + [0.0]), plot_w, across=True, most=4)
    lo, hi = ticks[0][0], ticks[-1][0]

    def sx(v: float) -> float:
        return left + (v - lo) / ((hi - lo) or 1) * plot_w

    parts = [f'<svg class="chart metric" role="img" aria-label="{_e(name)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f'<title>{_e(name)}</title>', f'<text x="4" y="15" class="ct">{_e(name)}</text>']
    for value, label in ticks:
        parts.append(f'<line x1="{sx(value):.1f}" x2="{sx(value):.1f}" y1="24" y2="{h - 16}" '
                     f'class="grid"/><text x="{sx(value):.1f}" y="{h - 3}" class="ax x-label" '
                     f'text-anchor="middle">{_e(label)}</text>')
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
    parts.append("</svg>")
    return "".join(parts)
