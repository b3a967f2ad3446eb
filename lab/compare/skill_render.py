"""``compare --skill-trace`` drawn and written: a table of the search seat's win share per budget
and ruleset (Wilson interval, paired difference against the first), a line chart per ruleset on
one scale with the fair share marked (terminal text, or SVG with CI bands in one self-contained
HTML page, both sweep's charts), the one-line reading, and JSON."""
from __future__ import annotations

import html
import json

from rich.table import Table
from rich.text import Text

from peloponnes.lab.compare.formatting import share_short, share_text
from peloponnes.lab.compare.render_html import CSS, READY_SCRIPT
from peloponnes.lab.compare.skill import SkillTrace
from peloponnes.lab.compare.stats import Estimate
from peloponnes.lab.compare.svg import PALETTE
from peloponnes.lab.compare.sweep_render import PointRow, SweepMetric, svg_line_chart, text_chart
from peloponnes.lab.compare.terminal_fit import FirstThatFits, compact_table


def diff_points(est: Estimate | None) -> str:
    """A paired difference of win shares in percentage points: ``+6.2 [+1.0, +11.4] *``."""
    if est is None or est.mean is None:
        return "n/a"
    if est.low is None:
        return f"{est.mean * 100:+.1f} (n={est.n})"
    mark = " *" if est.significant else ""
    return f"{est.mean * 100:+.1f} [{est.low * 100:+.1f}, {est.high * 100:+.1f}]{mark}"


def trace_series(trace: SkillTrace, scenario: int) -> SweepMetric:
    """One ruleset's win shares across the budgets, as the sweep charts draw a metric."""
    return SweepMetric(f"{trace.entries[scenario].letter}: {trace.entries[scenario].title}",
                       [PointRow(str(budget), {"iterations": budget}, share, None, False)
                        for budget, share in zip(trace.budgets, trace.shares[scenario],
                                                 strict=True)])


def chart_bounds(trace: SkillTrace) -> tuple[float, float]:
    """One y range for every ruleset's chart: the intervals and the fair share."""
    values = [v for row in trace.shares for e in row for v in (e.low, e.high, e.mean)
              if v is not None] + [trace.fair_share]
    lo, hi = min(values), max(values)
    return (lo, hi) if hi > lo else (lo, lo + 0.1)


def _intro(trace: SkillTrace) -> str:
    return (f"One seat played by the mcts search agent at {', '.join(map(str, trace.budgets))} "
            f"iterations per decision, the others by each scenario's own bots; "
            f"{trace.games} games per ruleset and budget, game i on seed {trace.first_seed} + i "
            f"with the search agent at seat (i mod {trace.seats}) + 1, so every seat searches "
            f"equally often. Fair share: {trace.fair_share:.1%}.")


def _shares_title(trace: SkillTrace) -> str:
    conf = f"{trace.confidence:.0%}"
    return (f"Search seat's win share [{conf} Wilson CI]; paired difference vs "
            f"{trace.entries[0].letter} in points [{conf} CI], * = excludes 0")


def _diff_cell(diff: Estimate | None) -> Text:
    return Text(diff_points(diff), style="bold magenta"
                if diff is not None and diff.significant else "")


def _shares_wide(trace: SkillTrace) -> Table:
    """A row per budget, a column per ruleset (and its difference against the first)."""
    table = Table(title=_shares_title(trace), title_justify="left")
    table.add_column("iterations", justify="right", no_wrap=True)
    for s, e in enumerate(trace.entries):
        table.add_column(e.letter, justify="right", no_wrap=True)
        if s:
            table.add_column(f"{e.letter} − {trace.entries[0].letter}", justify="right",
                             no_wrap=True)
    for b, budget in enumerate(trace.budgets):
        cells = []
        for s in range(len(trace.entries)):
            cells.append(share_short(trace.shares[s][b]))
            if s:
                cells.append(_diff_cell(trace.diffs[s][b]))
        table.add_row(str(budget), *cells)
    table.add_row("fair share", *([f"{trace.fair_share:.1%}"] + [""] * (
        2 * len(trace.entries) - 2)), style="dim")
    return table


def _shares_tall(trace: SkillTrace) -> Table:
    """A row per budget and ruleset, for a narrow terminal."""
    first = trace.entries[0].letter
    table = compact_table(_shares_title(trace))
    table.add_column("iterations", justify="right", no_wrap=True)
    table.add_column("")
    table.add_column("win share", justify="right", no_wrap=True)
    table.add_column(f"vs {first} (points)", justify="right", no_wrap=True)
    last = len(trace.entries) - 1
    for b, budget in enumerate(trace.budgets):
        for s, e in enumerate(trace.entries):
            table.add_row(str(budget) if s == 0 else "", e.letter,
                          share_short(trace.shares[s][b]),
                          _diff_cell(trace.diffs[s][b]) if s else "", end_section=s == last)
    table.add_row("fair share", "", f"{trace.fair_share:.1%}", "", style="dim")
    return table


def render_skill_terminal(trace: SkillTrace) -> list:
    out: list = [Text("Skill trace: the search agent's win share as its budget rises",
                      style="bold"), Text(_intro(trace))]
    for s, e in enumerate(trace.entries):
        out.append(Text(f"  {e.letter}: {e.title} ({e.path}); opponents: {trace.opponents(s)}"))
    out.append(FirstThatFits(_shares_wide(trace), _shares_tall(trace)))
    bounds = chart_bounds(trace)
    for s in range(len(trace.entries)):
        out.append(Text(f"{trace_series(trace, s).name} (x: iterations; fair share "
                        f"{trace.fair_share:.0%})", style="bold"))
        out.append(text_chart(trace_series(trace, s), height=7, bounds=bounds))
    failed = sum(map(sum, trace.failed))
    if failed:
        out.append(Text(f"{failed} game(s) failed and are left out of the numbers",
                        style="yellow"))
    if trace.reading():
        out.append(Text(trace.reading(), style="bold"))
    return out


def skill_json(trace: SkillTrace) -> str:
    return json.dumps({"skill_trace": trace.as_dict()}, indent=2, default=str)


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def render_skill_html(trace: SkillTrace) -> str:
    title = "Skill trace: " + " vs ".join(e.title for e in trace.entries)
    bounds = chart_bounds(trace)
    fair = (f"fair share {trace.fair_share:.0%}", trace.fair_share)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{_e(title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{_e(title)}</h1>", f"<p>{_e(_intro(trace))} Generated by "
           "<code>peloponnes compare --skill-trace</code>.</p>",
           '<p id="reading"><b>' + _e(trace.reading()) + "</b></p>",
           '<h2>Win share of the search seat</h2><div class="charts">']
    for s in range(len(trace.entries)):
        out.append(svg_line_chart(trace_series(trace, s), [str(b) for b in trace.budgets],
                                  PALETTE[s % len(PALETTE)], bounds=bounds, reference=fair,
                                  note="x: iterations; band: 95% CI; dashed: fair share"))
    out.append("</div><h2>Table</h2><table class=\"skill\"><tr><th>iterations</th>"
               + "".join(f'<th title="{_e(e.title)}">{_e(e.letter)}</th>'
                         + (f"<th>{_e(e.letter)} − {_e(trace.entries[0].letter)} (points)</th>"
                            if s else "") for s, e in enumerate(trace.entries)) + "</tr>")
    for b, budget in enumerate(trace.budgets):
        cells = []
        for s in range(len(trace.entries)):
            cells.append(f"<td>{_e(share_text(trace.shares[s][b]))}</td>")
            if s:
                diff = trace.diffs[s][b]
                cls = ' class="sig"' if diff is not None and diff.significant else ""
                cells.append(f"<td{cls}>{_e(diff_points(diff))}</td>")
        out.append(f"<tr><td>{budget}</td>{''.join(cells)}</tr>")
    out.append("</table>")
    out.append(f"<script>{READY_SCRIPT}</script></body></html>")
    return "\n".join(out)
