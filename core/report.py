"""Drawing a comparison (``core.compare.CompareResult``): rich renderables for the terminal (rules
diff, the metric table, win shares per label, score histograms) and a self-contained HTML report
(the same tables and inline SVG charts; no script, font or style is fetched from anywhere)."""
from __future__ import annotations

import bisect
import csv
import html
import io
import json
import math
from collections.abc import Sequence
from datetime import UTC, datetime

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .compare import BOT_NOTE, CONFIDENCE, CompareResult, Estimate, short_path

SIGNIFICANT = "*"
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000"]


# --- numbers -------------------------------------------------------------------------------------

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


def share_text(est: Estimate) -> str:
    if est.mean is None:
        return "n/a"
    return f"{est.mean:.1%} [{est.low:.1%}, {est.high:.1%}]"


def share_short(est: Estimate) -> str:
    if est.mean is None:
        return "n/a"
    return f"{est.mean:.1%} ({est.low:.0%}-{est.high:.0%})"


def score_bins(result: CompareResult, max_bins: int = 24) -> list[tuple[float, float, str]]:
    """Shared bins for every scenario's final scores: one per integer when they fit, else
    ``max_bins`` equal ones. Each is (low, high, label), low inclusive, high exclusive."""
    values = [v for i in range(len(result.entries)) for v in result.scores(i)]
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


def bin_counts(values: Sequence[float], bins) -> list[int]:
    counts = [0] * len(bins)
    lows = [lo for lo, _, _ in bins]
    for v in values:
        i = bisect.bisect_right(lows, v) - 1
        if 0 <= i < len(bins) and v < bins[i][1]:
            counts[i] += 1
    return counts


# --- terminal ------------------------------------------------------------------------------------

def header(result: CompareResult) -> Group:
    lines = [Text(f"Comparing {len(result.entries)} rulesets over {result.games} paired games "
                  f"(seeds {result.first_seed}-{result.first_seed + result.games - 1}, the first "
                  f"scenario's seed for all).", style="bold")]
    for e in result.entries:
        lines.append(Text(f"  {e.letter}: {e.title} ({short_path(e.path)})"
                          + (f" — {'; '.join(e.notes)}" if e.notes else "")))
    lines.append(Text(BOT_NOTE, style="yellow"))
    lines.append(Text(result.agents_note(), style="yellow"))
    return Group(*lines)


def rules_diff(result: CompareResult) -> Group:
    parts = [Text("Rules diff", style="bold underline")]
    for diff in result.diffs:
        parts.append(Text(f"{diff['scenario']} vs {diff['vs']}:", style="bold"))
        for line in diff["lines"]:
            parts.append(Text(f"  {line}"))
    return Group(*parts)


def metrics_table(result: CompareResult) -> Table:
    conf = f"{CONFIDENCE:.0%}"
    table = Table(title=f"Metrics per game: mean ± {conf} CI; paired difference vs "
                        f"{result.entries[0].letter} [{conf} CI], {SIGNIFICANT} = CI excludes 0",
                  title_justify="left")
    table.add_column("metric", style="bold")
    for i, e in enumerate(result.entries):
        table.add_column(e.letter, justify="right")
        if i:
            table.add_column(f"{e.letter} − {result.entries[0].letter}", justify="right")
    for row in result.metrics:
        cells = [row.name]
        for i, (est, diff) in enumerate(zip(row.per_scenario, row.diffs)):
            cells.append(mean_pm(est))
            if i:
                text = diff_text(diff)
                cells.append(Text(text, style="bold magenta" if diff and diff.significant
                                  else ""))
        table.add_row(*cells)
    return table


def labels_table(result: CompareResult) -> Table | None:
    if not result.labels:
        return None
    table = Table(title=f"Win share per label (ties split; {CONFIDENCE:.0%} Wilson CI) and "
                        "seats dealt it", title_justify="left")
    table.add_column("label")
    table.add_column("value")
    for e in result.entries:
        table.add_column(e.letter, justify="right")
    for row in result.labels:
        table.add_row(row.label, row.value,
                      *(f"{share_short(est)} n={n}" for est, n in zip(row.per_scenario,
                                                                      row.seats)))
    return table


def histograms(result: CompareResult, width: int = 22) -> Columns | None:
    """Final scores of every seat, one panel per ruleset, shared bins and scale."""
    bins = score_bins(result)
    if not bins:
        return None
    counts = [bin_counts(result.scores(i), bins) for i in range(len(result.entries))]
    top = max(max(c) for c in counts) or 1
    label_w = max(len(b[2]) for b in bins)
    panels = []
    eighths = " ▏▎▍▌▋▊▉"
    for i, (e, c) in enumerate(zip(result.entries, counts)):
        text = Text()
        for (_, _, label), n in zip(bins, c):
            units = n / top * width
            full = int(units)
            bar = "█" * full + (eighths[int((units - full) * 8)] if full < width else "")
            text.append(f"{label:>{label_w}} ", style="dim")
            text.append(f"{bar:<{width}}", style=_rich_color(i))
            text.append(f" {n}\n", style="dim")
        text.rstrip()
        panels.append(Panel(text, title=f"{e.letter}: final scores", expand=False))
    return Columns(panels)


def _rich_color(i: int) -> str:
    return ["blue", "dark_orange", "green", "magenta", "cyan", "red", "yellow", "white"][i % 8]


def failures(result: CompareResult) -> Group | None:
    groups = result.grouped_failures()
    if not groups:
        return None
    lines = [Text(f"{len(result.failures)} game(s) failed and are left out of the numbers "
                  "(the other games count):", style="bold red")]
    for g in groups:
        seeds = g["seeds"]
        shown = ", ".join(map(str, seeds[:8])) + (f", ... ({len(seeds)} games)"
                                                  if len(seeds) > 8 else "")
        where = ", ".join(p for p in (f"plugin {g['plugin']}" if g["plugin"] else "",
                                      f"hook {g['hook']}" if g["hook"] else "",
                                      f"rule {g['rule']}" if g["rule"] else "") if p)
        lines.append(Text(f"  {g['scenario']}: seed{'s' if len(seeds) > 1 else ''} {shown}: "
                          f"{where or 'engine'}: {g['message']}", style="red"))
    return Group(*lines)


def terminal_report(result: CompareResult) -> list:
    """Everything ``peloponnes compare`` prints, in order."""
    out: list = [header(result), Text(""), rules_diff(result), Text("")]
    out.append(metrics_table(result))
    hist = histograms(result)
    if hist is not None:
        out.append(hist)
    table = labels_table(result)
    if table is not None and not result.selected:
        out.append(table)
    fail = failures(result)
    if fail is not None:
        out.append(fail)
    return out


# --- machine-readable ----------------------------------------------------------------------------

def to_json(result: CompareResult) -> str:
    return json.dumps(result.to_dict(), indent=2, default=str)


def to_csv(rows: list[dict]) -> str:
    buf = io.StringIO()
    if rows:
        writer = csv.DictWriter(buf, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return buf.getvalue()


# --- SVG charts ----------------------------------------------------------------------------------

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
    for i, ((_, _, label), c) in enumerate(zip(bins, counts)):
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
             f'<title>{_e(title)}</title>', f'<text x="{left}" y="15" class="ct">{_e(title)}</text>']
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
    for j, (est, letter) in enumerate(zip(ests, letters)):
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


# --- HTML ----------------------------------------------------------------------------------------

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;
 max-width:1200px;padding:0 16px;color:#222}
h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0}th,td{padding:3px 9px;border-bottom:1px solid #eee;
 text-align:right;white-space:nowrap}th:first-child,td:first-child,td.l,th.l{text-align:left}
td.sig{font-weight:bold;color:#8a1c7c}.note{background:#fff8e1;border-left:4px solid #e6a700;
 padding:6px 10px}.fail{color:#b00020}pre.diff{background:#f6f8fa;padding:8px 12px;
 white-space:pre-wrap}.charts{display:flex;flex-wrap:wrap;gap:12px}
svg .ct{font-size:13px;font-weight:600}svg .ax{font-size:11px;fill:#444}
svg .grid{stroke:#e5e5e5}svg .ci{stroke:#222;stroke-width:1.5}svg .axis{stroke:#888}
"""

READY_SCRIPT = """
window.addEventListener("error", function (e) {
  document.body.dataset.errors = (document.body.dataset.errors || "") + e.message + ";";
});
window.addEventListener("load", function () {
  var charts = document.querySelectorAll("svg.chart"), drawn = 0;
  charts.forEach(function (svg) { var b = svg.getBBox(); if (b.width > 0 && b.height > 0) drawn++; });
  document.body.dataset.charts = String(charts.length);
  document.body.dataset.chartsDrawn = String(drawn);
  document.body.dataset.ready = "1";
});
"""


def html_report(result: CompareResult, *, title: str | None = None) -> str:
    """The whole report as one HTML document: no external resource of any kind."""
    entries = result.entries
    letters = [e.letter for e in entries]
    title = title or "Peloponnes rules comparison: " + " vs ".join(e.title for e in entries)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{_e(title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{_e(title)}</h1>",
           f"<p>{result.games} paired games per ruleset: game <i>i</i> of every ruleset uses seed "
           f"{result.first_seed} + <i>i</i> (the first scenario's seed), with each scenario's "
           f"own agents. Generated {datetime.now(UTC):%Y-%m-%d %H:%M} UTC by "
           f"<code>peloponnes compare</code>.</p>",
           f'<p class="note">{_e(BOT_NOTE)}<br>{_e(result.agents_note())}</p>',
           "<h2>Rulesets</h2><table><tr><th>key</th><th class=l>scenario</th><th class=l>file"
           "</th><th class=l>variant</th><th>games finished</th></tr>"]
    for i, e in enumerate(entries):
        out.append(f"<tr><td class=l>{e.letter}</td><td class=l>{_e(e.title)}</td><td class=l>"
                   f"{_e(short_path(e.path))}</td><td class=l>{_e(e.scenario.variant)}</td>"
                   f"<td>{result.ok_games(i)} / {result.games}</td></tr>")
    out.append("</table>")
    out.append("<h2>Rules diff</h2>")
    for diff in result.diffs:
        out.append(f"<h3>{_e(diff['scenario'])} vs {_e(diff['vs'])}</h3>"
                   f'<pre class="diff">{_e(chr(10).join(diff["lines"]))}</pre>')

    out.append(f"<h2>Metrics</h2><p>Mean per game ± {CONFIDENCE:.0%} confidence interval "
               f"(Student's t); paired difference against {letters[0]} (mean of per-seed "
               f"differences) with its {CONFIDENCE:.0%} interval; {SIGNIFICANT} and bold: the "
               "interval excludes 0.</p><table><tr><th>metric</th>")
    for i, e in enumerate(entries):
        out.append(f"<th>{e.letter}</th>" + (f"<th>{e.letter} − {letters[0]}</th>" if i else ""))
    out.append("</tr>")
    for row in result.metrics:
        out.append(f"<tr><td>{_e(row.name)}</td>")
        for i, (est, diff) in enumerate(zip(row.per_scenario, row.diffs)):
            out.append(f"<td>{_e(mean_pm(est))}</td>")
            if i:
                cls = ' class="sig"' if diff is not None and diff.significant else ""
                out.append(f"<td{cls}>{_e(diff_text(diff))}</td>")
        out.append("</tr>")
    out.append("</table>")

    out.append('<h2>Final scores</h2><div class="charts">')
    bins = score_bins(result)
    counts = [bin_counts(result.scores(i), bins) for i in range(len(entries))]
    top = max((max(c) for c in counts if c), default=1)
    for i, e in enumerate(entries):
        name = e.title if len(e.title) <= 38 else e.title[:37] + "…"
        out.append(svg_histogram(f"{e.letter}: {name}", bins, counts[i], top,
                                 PALETTE[i % len(PALETTE)]))
    out.append("</div>")

    seat_rows = [r for r in result.metrics if r.name.startswith("win_seat")]
    if seat_rows:
        out.append('<h2>Win share per seat</h2><div class="charts">')
        names = [f"seat {r.name.removeprefix('win_seat')}" for r in seat_rows]
        out.append(svg_grouped_bars("Win share per seat (ties split)", names,
                                    [(e.letter, [r.per_scenario[i] for r in seat_rows])
                                     for i, e in enumerate(entries)], percent=True))
        out.append("</div>")

    if result.labels:
        out.append("<h2>Win share per label</h2>")
        kinds: dict[str, list] = {}
        for row in result.labels:
            kinds.setdefault(row.label, []).append(row)
        out.append('<div class="charts">')
        for kind, rows in kinds.items():
            out.append(svg_grouped_bars(f"Win share per {kind}", [r.value for r in rows],
                                        [(e.letter, [r.per_scenario[i] for r in rows])
                                         for i, e in enumerate(entries)], percent=True))
        out.append("</div><table><tr><th>label</th><th class=l>value</th>")
        out.append("".join(f"<th>{e.letter}</th>" for e in entries) + "</tr>")
        for row in result.labels:
            out.append(f"<tr><td>{_e(row.label)}</td><td class=l>{_e(row.value)}</td>"
                       + "".join(f"<td>{_e(share_text(est))} <small>n={n}</small></td>"
                                 for est, n in zip(row.per_scenario, row.seats)) + "</tr>")
        out.append("</table>")

    out.append('<h2>Every metric at a glance</h2><div class="charts">')
    for row in result.metrics:
        if not row.name.startswith(("win_seat", "score_seat")):
            out.append(svg_metric(row.name, row.per_scenario, letters))
    out.append("</div>")

    groups = result.grouped_failures()
    if groups:
        out.append(f'<h2 class="fail">Failed games ({len(result.failures)})</h2><p>Left out of '
                   "the numbers; the other games count.</p><table><tr><th class=l>scenario</th>"
                   "<th class=l>seeds</th><th class=l>plugin</th><th class=l>hook</th>"
                   "<th class=l>rule</th><th class=l>error</th></tr>")
        for g in groups:
            seeds = ", ".join(map(str, g["seeds"][:20])) + (" …" if len(g["seeds"]) > 20 else "")
            out.append("<tr>" + "".join(f"<td class=l>{_e(v or '')}</td>" for v in (
                g["scenario"], seeds, g["plugin"], g["hook"], g["rule"], g["message"])) + "</tr>")
        out.append("</table>")
    out.append(f"<script>{READY_SCRIPT}</script></body></html>")
    return "\n".join(out)
