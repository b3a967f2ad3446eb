"""``sweep`` drawn and written: a table per metric across the grid (mean ± CI, paired difference
against the scenario's own value), a line chart per metric (terminal text, or SVG with a CI band
in one self-contained HTML page), JSON and CSV."""
from __future__ import annotations

import html
import json
from dataclasses import dataclass

from rich.table import Table
from rich.text import Text

from peloponnes.lab.batch import group_failures
from peloponnes.lab.compare.formatting import SIGNIFICANT, diff_text, mean_pm, num
from peloponnes.lab.compare.narrative import UNDECLARED, headline
from peloponnes.lab.compare.render_html import CSS, READY_SCRIPT
from peloponnes.lab.compare.stats import Estimate
from peloponnes.lab.compare.svg import PALETTE, round_ticks
from peloponnes.lab.compare.sweep import SweepResult

PER_SEAT = ("score_seat", "win_seat")


@dataclass
class PointRow:
    label: str
    values: dict
    estimate: Estimate
    diff: Estimate | None          # vs the scenario's own values; None for the reference
    own: bool


@dataclass
class SweepMetric:
    name: str
    points: list[PointRow]         # grid order

    @property
    def constant(self) -> bool:
        means = {p.estimate.mean for p in self.points}
        return len(means) <= 1 and all(not p.estimate.sd for p in self.points)


def sweep_metrics(result: SweepResult) -> tuple[list[SweepMetric], list[str]]:
    """Every metric shown (all but the per-seat ones unless asked for by --metric), in grid
    order; and the names of those folded away because they never vary."""
    cmp = result.compare
    labels = result.labels()
    shown, folded = [], []
    for row in cmp.metrics:
        if cmp.selected is None and row.name.startswith(PER_SEAT):
            continue
        metric = SweepMetric(row.name, [PointRow(labels[i], result.points[i],
                                                 row.per_scenario[i], row.diffs[i], i == 0)
                                        for i in result.grid_order()])
        (folded if metric.constant and cmp.selected is None else shown).append(metric)
    return shown, [m.name for m in folded]


def sweep_headlines(result: SweepResult) -> list[str]:
    """A sentence per grid point and metric whose difference from the scenario's own value
    stays significant after Holm's correction (over the metrics shown, per point)."""
    cmp = result.compare
    labels = result.labels()
    shown = {m.name for m in sweep_metrics(result)[0]}
    out = []
    for k in result.grid_order():
        if k == 0:
            continue
        for row in cmp.metrics:
            p, diff = (row.holm[k] if row.holm else None), row.diffs[k]
            if row.name in shown and p is not None and p < 0.05 and diff and diff.mean:
                out.append(headline(labels[k], row.name, cmp.glossary.get(row.name, UNDECLARED),
                                    row.per_scenario[0].mean, diff.mean))
    return out


def _title(result: SweepResult, name: str) -> str:
    info = result.compare.glossary.get(name, UNDECLARED)
    if info is UNDECLARED:
        return name
    return f"{name}: {info['meaning']}" + (f" ({info['unit']})" if info["unit"] else "")


def _axis_text(result: SweepResult) -> str:
    return "; ".join(f"{a.key} = {', '.join(map(str, a.values))} (scenario: {a.own})"
                     for a in result.axes)


# --- terminal ----------------------------------------------------------------------------------

def text_chart(metric: SweepMetric, height: int = 9, step: int = 9,
               bounds: tuple[float, float] | None = None) -> Text:
    """The means across the grid as a text line chart: ``●`` a mean, ``│`` its 95% interval,
    ``·`` the line between neighbours; y ticks at the bottom, middle and top. ``bounds``: the
    y range (several charts on one scale), else the values'."""
    ests = [p.estimate for p in metric.points]
    values = [v for e in ests for v in (e.mean, e.low, e.high) if v is not None]
    if not values:
        return Text("")
    lo, hi = bounds or (min(values), max(values))
    if hi == lo:
        hi = lo + 1.0
    rows = [[" "] * (step * len(ests)) for _ in range(height)]

    def y(v: float) -> int:
        return height - 1 - round((v - lo) / (hi - lo) * (height - 1))

    xs = [step * i + step // 2 for i in range(len(ests))]
    for i, est in enumerate(ests):
        if est.mean is None:
            continue
        if est.low is not None:
            for r in range(y(est.high), y(est.low) + 1):
                rows[r][xs[i]] = "│"
        if i + 1 < len(ests) and ests[i + 1].mean is not None:
            a, b = est.mean, ests[i + 1].mean
            for x in range(xs[i] + 1, xs[i + 1]):
                t = (x - xs[i]) / (xs[i + 1] - xs[i])
                rows[y(a + (b - a) * t)][x] = "·"
        rows[y(est.mean)][xs[i]] = "●"
    ticks = {0: hi, (height - 1) // 2: (hi + lo) / 2, height - 1: lo}
    width = max(len(num(v)) for v in ticks.values())
    text = Text()
    for r, row in enumerate(rows):
        text.append(f"{num(ticks[r]) if r in ticks else '':>{width}} ┤", style="dim")
        text.append("".join(row) + "\n")
    labels = "".join(f"{p.label.split('=', 1)[-1].replace(' (scenario)', '*'):^{step}}"[:step]
                     for p in metric.points)
    text.append(" " * (width + 2) + labels, style="dim")
    return text


def render_sweep_terminal(result: SweepResult) -> list:
    conf = f"{result.compare.confidence:.0%}"
    out: list = [Text(f"Sweep of {result.scenario.name or result.scenario.source} over "
                      f"{len(result.points)} points × {result.games} paired games (game i of "
                      f"every point uses seed {result.compare.first_seed} + i).", style="bold"),
                 Text(f"Varied: {_axis_text(result)}. Mean ± {conf} CI; paired difference "
                      f"against the scenario's own values [{conf} CI], {SIGNIFICANT} = the "
                      "interval excludes 0.")]
    shown, folded = sweep_metrics(result)
    lines = sweep_headlines(result)
    if lines:
        out.append(Text("Against the scenario's own value (significant after Holm's "
                        "correction):", style="bold"))
        out.extend(Text(f"  {line}") for line in lines)
    for metric in shown:
        table = Table(title=_title(result, metric.name), title_justify="left")
        for axis in result.axes:
            table.add_column(axis.key.rsplit(".", 1)[-1], justify="right")
        table.add_column("mean", justify="right")
        table.add_column("vs scenario", justify="right")
        for p in metric.points:
            diff = "(scenario's own)" if p.own else diff_text(p.diff)
            table.add_row(*(str(p.values[a.key]) + ("*" if p.own else "") for a in result.axes),
                          mean_pm(p.estimate),
                          Text(diff, style="bold magenta" if p.diff and p.diff.significant
                               else ""))
        out.append(table)
        if len(result.axes) == 1:
            out.append(text_chart(metric))
    if len(result.axes) > 1:
        out.append(Text("(line charts are drawn for one varied key; the tables list every "
                        "grid point)", style="dim"))
    if folded:
        out.append(Text(f"Folded (the same at every point): {', '.join(folded)}", style="dim"))
    return out


# --- data --------------------------------------------------------------------------------------

def sweep_dict(result: SweepResult) -> dict:
    shown, folded = sweep_metrics(result)
    return {
        "scenario": result.scenario.source or result.scenario.name,
        "games": result.games, "first_seed": result.compare.first_seed,
        "confidence": result.compare.confidence,
        "axes": [{"key": a.key, "values": list(a.values), "scenario_value": a.own}
                 for a in result.axes],
        "metrics": [{"name": m.name, "points": [
            {"values": p.values, "scenario": p.own, **p.estimate.as_dict(),
             "diff": None if p.diff is None else dict(p.diff.as_dict(),
                                                      significant=p.diff.significant)}
            for p in m.points]} for m in shown],
        "folded": folded,
        "headlines": sweep_headlines(result),
        "glossary": {m.name: result.compare.glossary.get(m.name, UNDECLARED) for m in shown},
        "warnings": result.compare.warnings,
        "failures": group_failures(result.compare.failures, result.labels()),
    }


def sweep_json(result: SweepResult) -> str:
    return json.dumps(sweep_dict(result), indent=2, default=str)


def sweep_csv_rows(result: SweepResult) -> list[dict]:
    rows = []
    shown, _ = sweep_metrics(result)
    for m in shown:
        for p in m.points:
            d = p.diff
            rows.append({"metric": m.name, **{a.key: p.values[a.key] for a in result.axes},
                         "scenario": int(p.own), "n": p.estimate.n, "mean": p.estimate.mean,
                         "ci_low": p.estimate.low, "ci_high": p.estimate.high,
                         "diff": d.mean if d else "", "diff_low": d.low if d else "",
                         "diff_high": d.high if d else "",
                         "significant": int(d.significant) if d else ""})
    return rows


# --- HTML --------------------------------------------------------------------------------------

def _e(text) -> str:
    return html.escape(str(text), quote=True)


def svg_line_chart(metric: SweepMetric, x_labels: list[str], color: str = PALETTE[0], *,
                   bounds: tuple[float, float] | None = None,
                   reference: tuple[str, float] | None = None,
                   note: str = "hollow dot: the scenario's own value; band: 95% CI") -> str:
    """The metric's mean at every grid point joined by a line, its CI as a band. ``bounds``:
    the y range (several charts on one scale); ``reference``: (label, value) drawn as a dashed
    horizontal line; ``note``: the line under the x axis."""
    w, h, left, right, top, bottom = 380, 230, 52, 14, 28, 44
    ests = [p.estimate for p in metric.points]
    values = [v for e in ests for v in (e.mean, e.low, e.high) if v is not None]
    lo, hi = bounds or ((min(values), max(values)) if values else (0.0, 1.0))
    ticks = round_ticks(lo, hi)
    lo, hi = min(ticks[0], lo), max(ticks[-1], hi)
    pw, ph = w - left - right, h - top - bottom
    n = max(len(ests), 1)

    def sx(i: int) -> float:
        return left + (i + 0.5) * pw / n

    def sy(v: float) -> float:
        return top + ph - (v - lo) / ((hi - lo) or 1) * ph

    parts = [f'<svg class="chart line" role="img" aria-label="{_e(metric.name)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">',
             f"<title>{_e(metric.name)}</title>",
             f'<text x="4" y="16" class="ct">{_e(metric.name)}</text>']
    for t in ticks:
        parts.append(f'<line x1="{left}" x2="{w - right}" y1="{sy(t):.1f}" y2="{sy(t):.1f}" '
                     f'class="grid"/><text x="{left - 5}" y="{sy(t) + 4:.1f}" class="ax" '
                     f'text-anchor="end">{_e(num(t))}</text>')
    if reference is not None:
        parts.append(f'<line class="reference" x1="{left}" x2="{w - right}" '
                     f'y1="{sy(reference[1]):.1f}" y2="{sy(reference[1]):.1f}" stroke="#555" '
                     f'stroke-dasharray="4 3"><title>{_e(reference[0])}</title></line>')
    band = [(i, e) for i, e in enumerate(ests) if e.low is not None]
    if band:
        pts = [f"{sx(i):.1f},{sy(e.high):.1f}" for i, e in band] + [
            f"{sx(i):.1f},{sy(e.low):.1f}" for i, e in reversed(band)]
        parts.append(f'<polygon class="band" points="{" ".join(pts)}" fill="{color}" '
                     'opacity="0.18"/>')
    line = [f"{sx(i):.1f},{sy(e.mean):.1f}" for i, e in enumerate(ests) if e.mean is not None]
    parts.append(f'<polyline points="{" ".join(line)}" fill="none" stroke="{color}" '
                 'stroke-width="2"/>')
    for i, (e, p) in enumerate(zip(ests, metric.points, strict=True)):
        if e.mean is None:
            continue
        parts.append(f'<circle cx="{sx(i):.1f}" cy="{sy(e.mean):.1f}" r="{5 if p.own else 3.5}" '
                     f'fill="{"#fff" if p.own else color}" stroke="{color}" stroke-width="2">'
                     f"<title>{_e(p.label)}: {_e(mean_pm(e))}</title></circle>")
        parts.append(f'<text x="{sx(i):.1f}" y="{top + ph + 16}" class="ax" '
                     f'text-anchor="middle">{_e(x_labels[i])}</text>')
    parts.append(f'<text x="{left + pw / 2:.1f}" y="{h - 6}" class="ax" text-anchor="middle">'
                 f"{_e(note)}</text></svg>")
    return "".join(parts)


def render_sweep_html(result: SweepResult) -> str:
    title = f"Sweep: {result.scenario.name or result.scenario.source}"
    shown, folded = sweep_metrics(result)
    single = len(result.axes) == 1
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{_e(title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{_e(title)}</h1>",
           f"<p>{len(result.points)} points × {result.games} paired games: game <i>i</i> of "
           f"every point uses seed {result.compare.first_seed} + <i>i</i>. Varied: "
           f"{_e(_axis_text(result))}. Generated by <code>peloponnes sweep</code>.</p>"]
    if result.compare.warnings:
        out.append('<ul class="note">' + "".join(f"<li>{_e(w)}</li>"
                                                 for w in result.compare.warnings) + "</ul>")
    lines = sweep_headlines(result)
    if lines:
        out.append("<h2>What changes</h2><p>Against the scenario's own value, significant after "
                   'Holm\'s correction:</p><ul id="headlines">'
                   + "".join(f"<li>{_e(line)}</li>" for line in lines) + "</ul>")
    if single:
        out.append('<h2>Charts</h2><div class="charts">')
        for m in shown:
            labels = [str(p.values[result.axes[0].key]) for p in m.points]
            out.append(svg_line_chart(m, labels))
        out.append("</div>")
    out.append("<h2>Tables</h2>")
    for m in shown:
        out.append(f'<h3>{_e(_title(result, m.name))}</h3><table class="sweep"><tr>'
                   + "".join(f"<th>{_e(a.key)}</th>" for a in result.axes)
                   + "<th>mean ± 95% CI</th><th>vs the scenario's own [95% CI]</th></tr>")
        for p in m.points:
            cls = ' class="sig"' if p.diff is not None and p.diff.significant else ""
            out.append("<tr>" + "".join(f"<td>{_e(p.values[a.key])}{'*' if p.own else ''}</td>"
                                        for a in result.axes)
                       + f"<td>{_e(mean_pm(p.estimate))}</td><td{cls}>"
                       + _e("(scenario's own)" if p.own else diff_text(p.diff)) + "</td></tr>")
        out.append("</table>")
    if folded:
        out.append(f"<p>Folded (the same at every point): {_e(', '.join(folded))}</p>")
    out.append(f"<script>{READY_SCRIPT}</script></body></html>")
    return "\n".join(out)
