"""compare as one self-contained HTML page: the same tables as the terminal and inline SVG
charts (``svg``); no script, font or style is fetched from anywhere. One function per section."""
from __future__ import annotations

import html
from datetime import UTC, datetime

from peloponnes.lab.compare.formatting import (
    SIGNIFICANT,
    bin_counts,
    diff_text,
    mean_pm,
    p_text,
    score_bins,
    share_text,
)
from peloponnes.lab.compare.narrative import design_measures, glossary_rows, holm_sentence
from peloponnes.lab.compare.result import BOT_NOTE, CompareResult, LabelRow
from peloponnes.lab.compare.rule_effects_render import effects_html
from peloponnes.lab.compare.rules_diff import short_path
from peloponnes.lab.compare.svg import (
    PALETTE,
    svg_grouped_bars,
    svg_histogram,
    svg_lines,
    svg_metric,
)
from peloponnes.lab.compare.until_decided_render import stopping_html

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;
 max-width:1200px;padding:0 16px;color:#222}
h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0}th,td{padding:3px 9px;border-bottom:1px solid #eee;
 text-align:right;white-space:nowrap}th:first-child,td:first-child,td.l,th.l{text-align:left}
td.sig{font-weight:bold;color:#8a1c7c}.note{background:#fff8e1;border-left:4px solid #e6a700;
 padding:6px 10px}.fail{color:#b00020}pre.diff{background:#f6f8fa;padding:8px 12px;
 white-space:pre-wrap}.charts{display:flex;flex-wrap:wrap;gap:12px}
svg.chart{max-width:100%;height:auto}
svg .ct{font-size:13px;font-weight:600}svg .ax{font-size:11px;fill:#444}
svg .grid{stroke:#e5e5e5}svg .ci{stroke:#222;stroke-width:1.5}svg .axis{stroke:#888}
"""

# The report's tables scroll sideways on a narrow screen rather than widen the page.
TABLES_CSS = "table{display:block;max-width:100%;overflow-x:auto}"

READY_SCRIPT = """
window.addEventListener("error", function (e) {
  document.body.dataset.errors = (document.body.dataset.errors || "") + e.message + ";";
});
window.addEventListener("load", function () {
  var charts = document.querySelectorAll("svg.chart"), drawn = 0;
  charts.forEach(function (svg) {
    var b = svg.getBBox(); if (b.width > 0 && b.height > 0) drawn++;
  });
  document.body.dataset.charts = String(charts.length);
  document.body.dataset.chartsDrawn = String(drawn);
  document.body.dataset.labelOverlaps = String(overlappingLabels(charts));
  document.body.dataset.ready = "1";
});
// Pairs of chart labels whose drawn boxes intersect (rotated labels left out): 0 on a report
// that reads cleanly.
function overlappingLabels(charts) {
  var count = 0;
  charts.forEach(function (svg) {
    var boxes = [];
    svg.querySelectorAll("text").forEach(function (t) {
      if (!t.hasAttribute("transform")) boxes.push(t.getBBox());
    });
    for (var i = 0; i < boxes.length; i++) for (var j = i + 1; j < boxes.length; j++) {
      var a = boxes[i], b = boxes[j];
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height
          && b.y < a.y + a.height) count++;
    }
  });
  return count;
}
"""


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def _head(result: CompareResult, title: str) -> list[str]:
    return ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{_e(title)}</title><style>{CSS}{TABLES_CSS}</style></head><body>",
            f"<h1>{_e(title)}</h1>",
            f"<p>{result.games} paired games per ruleset: game <i>i</i> of every ruleset uses "
            f"seed {result.first_seed} + <i>i</i> (the first scenario's seed), with each "
            f"scenario's own agents. Generated {datetime.now(UTC):%Y-%m-%d %H:%M} UTC by "
            f"<code>peloponnes compare</code>.</p>",
            f'<p class="note">{_e(BOT_NOTE)}<br>{_e(result.agents_note())}</p>']


def _rulesets(result: CompareResult) -> list[str]:
    out = ["<h2>Rulesets</h2><table><tr><th>key</th><th class=l>scenario</th><th class=l>file"
           "</th><th class=l>variant</th><th>games finished</th></tr>"]
    for i, e in enumerate(result.entries):
        out.append(f"<tr><td class=l>{e.letter}</td><td class=l>{_e(e.title)}</td><td class=l>"
                   f"{_e(short_path(e.path))}</td><td class=l>{_e(e.scenario.variant)}</td>"
                   f"<td>{result.ok_games(i)} / {result.games}</td></tr>")
    out.append("</table>")
    out.append("<h2>Rules diff</h2>")
    for diff in result.diffs:
        out.append(f"<h3>{_e(diff['scenario'])} vs {_e(diff['vs'])}</h3>"
                   f'<pre class="diff">{_e(chr(10).join(diff["lines"]))}</pre>')
    return out


def _metrics_table(result: CompareResult) -> list[str]:
    conf, first = f"{result.confidence:.0%}", result.entries[0].letter
    out = [f"<h2>Metrics</h2><p>Mean per game ± {conf} confidence interval (Student's t); "
           f"paired difference against {first} (mean of per-seed differences) with its {conf} "
           f"interval; {SIGNIFICANT} and bold: the interval excludes 0.</p>"
           "<table><tr><th>metric</th>"]
    for i, e in enumerate(result.entries):
        out.append(f"<th>{e.letter}</th>" + (f"<th>{e.letter} − {first}</th><th>Holm</th>"
                                             if i else ""))
    out.append("</tr>")
    for row in result.metrics:
        meaning = result.glossary.get(row.name, {}).get("meaning", "")
        out.append(f'<tr><td title="{_e(meaning)}">{_e(row.name)}</td>')
        for i, (est, diff) in enumerate(zip(row.per_scenario, row.diffs, strict=True)):
            out.append(f"<td>{_e(mean_pm(est))}</td>")
            if i:
                cls = ' class="sig"' if diff is not None and diff.significant else ""
                out.append(f"<td{cls}>{_e(diff_text(diff))}</td>")
                p = row.holm[i] if row.holm else None
                out.append("<td></td>" if p is None else
                           f'<td class="holm{" sig" if p < 0.05 else ""}">{p_text(p)}'
                           f'{" ✓" if p < 0.05 else ""}</td>')
        out.append("</tr>")
    out.append("</table>")
    if len(result.metrics) > 1 and len(result.entries) > 1:
        out.append(f'<p class="holm-why">{_e(holm_sentence(len(result.metrics)))} '
                   "✓ = survives.</p>")
    if result.folded:
        out.append(f'<p id="folded">Folded (the same in every game of every ruleset): '
                   f"{_e(', '.join(result.folded))}</p>")
    return out


def _headlines(result: CompareResult) -> list[str]:
    if not result.headlines or result.stopping is not None:     # (then: stopping_html's)
        return []
    return (['<h2>What changes</h2><p>Differences that stay significant after Holm\'s '
             'correction:</p><ul id="headlines">']
            + [f"<li>{_e(line)}</li>" for line in result.headlines] + ["</ul>"])


def _design(result: CompareResult) -> list[str]:
    if result.selected:
        return []
    out = ['<h2>Game-design measures</h2><p>After Ludii\'s evaluation suite (Browne\'s '
           "measures), from the engine's own decisions and events; bots, not people.</p>"
           '<table id="design"><tr><th class=l>measure</th>'
           + "".join(f"<th>{_e(e.letter)}</th>" for e in result.entries)
           + "<th class=l>meaning</th></tr>"]
    for m in design_measures(result):
        out.append(f"<tr><td class=l>{_e(m.name)}</td>"
                   + "".join(f"<td>{_e(v)}</td>" for v in m.values)
                   + f"<td class=l>{_e(m.meaning)}</td></tr>")
    out.append("</table>")
    return out


def _trajectories(result: CompareResult) -> list[str]:
    scenarios = result.tally.scenarios
    names = list(dict.fromkeys(n for t in scenarios for n in t.trajectories))
    if not names:
        return []
    out = ['<h2>Round by round</h2><p>Each per-round metric (<code>measure_round</code>): its '
           'mean over games (and seats) after every round, per ruleset.</p>'
           '<div class="charts">']
    for name in names:
        rounds = max(len(t.trajectories.get(name, [])) for t in scenarios)
        series = [(e.letter, [t.trajectories[name][r].mean
                              if r < len(t.trajectories.get(name, [])) else None
                              for r in range(rounds)])
                  for e, t in zip(result.entries, scenarios, strict=True)]
        out.append(svg_lines(f"{name} by round", [str(r + 1) for r in range(rounds)], series,
                             x_title="round", css="lines trajectory"))
    out.append("</div>")
    return out


def _glossary(result: CompareResult) -> list[str]:
    out = ['<h2>Glossary</h2><table id="glossary"><tr><th class=l>metric</th>'
           "<th class=l>meaning</th><th class=l>unit</th></tr>"]
    for key, meaning, unit in glossary_rows(result):
        out.append(f"<tr><td class=l>{_e(key)}</td><td class=l>{_e(meaning)}</td>"
                   f"<td class=l>{_e(unit)}</td></tr>")
    out.append("</table>")
    return out


def _score_histograms(result: CompareResult) -> list[str]:
    counts_per = [result.score_counts(i) for i in range(len(result.entries))]
    bins = score_bins(counts_per)
    counts = [bin_counts(c, bins) for c in counts_per]
    top = max((max(c) for c in counts if c), default=1)
    out = ['<h2>Final scores</h2><p>Every seat\'s final score: the rulesets overlaid (share of '
           "seats per score), then each ruleset's own histogram.</p><div class=\"charts\">"]
    totals = [sum(c) or 1 for c in counts]
    out.append(svg_lines("Final scores, overlaid (share of seats)", [b[2] for b in bins],
                         [(e.letter, [n / totals[i] for n in counts[i]])
                          for i, e in enumerate(result.entries)],
                         x_title="final score", percent=True, css="lines overlaid"))
    for i, e in enumerate(result.entries):
        out.append(svg_histogram(f"{e.letter}: final scores", bins, counts[i], top,
                                 PALETTE[i % len(PALETTE)]))
    out.append("</div>")
    return out


def _seat_shares(result: CompareResult) -> list[str]:
    seat_rows = [r for r in result.metrics if r.name.startswith("win_seat")]
    if not seat_rows:
        return []
    names = [f"seat {r.name.removeprefix('win_seat')}" for r in seat_rows]
    return ['<h2>Win share per seat</h2><div class="charts">',
            svg_grouped_bars("Win share per seat (ties split)", names,
                             [(e.letter, [r.per_scenario[i] for r in seat_rows])
                              for i, e in enumerate(result.entries)], percent=True),
            "</div>"]


def _label_shares(result: CompareResult) -> list[str]:
    if not result.labels:
        return []
    kinds: dict[str, list[LabelRow]] = {}
    for row in result.labels:
        kinds.setdefault(row.label, []).append(row)
    out = ["<h2>Win share per label</h2>", '<div class="charts">']
    for kind, rows in kinds.items():
        out.append(svg_grouped_bars(f"Win share per {kind}", [r.value for r in rows],
                                    [(e.letter, [r.per_scenario[i] for r in rows])
                                     for i, e in enumerate(result.entries)], percent=True))
    out.append("</div><table><tr><th>label</th><th class=l>value</th>")
    out.append("".join(f"<th>{e.letter}</th>" for e in result.entries) + "</tr>")
    for row in result.labels:
        out.append(f"<tr><td>{_e(row.label)}</td><td class=l>{_e(row.value)}</td>"
                   + "".join(f"<td>{_e(share_text(est))} <small>n={n}</small></td>"
                             for est, n in zip(row.per_scenario, row.seats, strict=True))
                   + "</tr>")
    out.append("</table>")
    return out


def _metric_charts(result: CompareResult) -> list[str]:
    letters = [e.letter for e in result.entries]
    return (['<h2>Every metric at a glance</h2><div class="charts">']
            + [svg_metric(row.name, row.per_scenario, letters) for row in result.metrics
               if not row.name.startswith(("win_seat", "score_seat"))]
            + ["</div>"])


def _failures(result: CompareResult) -> list[str]:
    groups = result.grouped_failures()
    if not groups:
        return []
    out = [f'<h2 class="fail">Failed games ({len(result.failures)})</h2><p>Left out of '
           "the numbers; the other games count.</p><table><tr><th class=l>scenario</th>"
           "<th class=l>seeds</th><th class=l>plugin</th><th class=l>hook</th>"
           "<th class=l>rule</th><th class=l>error</th></tr>"]
    for g in groups:
        seeds = ", ".join(map(str, g["seeds"][:20])) + (" …" if len(g["seeds"]) > 20 else "")
        out.append("<tr>" + "".join(f"<td class=l>{_e(v or '')}</td>" for v in (
            g["scenario"], seeds, g["plugin"], g["hook"], g["rule"], g["message"])) + "</tr>")
    out.append("</table>")
    return out


def _warnings(result: CompareResult) -> list[str]:
    if not result.warnings:
        return []
    return (['<h2 id="warnings">Warnings</h2><ul class="note">']
            + [f"<li>{_e(w)}</li>" for w in result.warnings] + ["</ul>"])


def _coverage(result: CompareResult) -> list[str]:
    out = []
    for rows in result.coverage or []:
        out.append(f'<h2 class="coverage">Coverage of {_e(rows["scenario"])} ({rows["games"]} '
                   "games)</h2><table><tr><th class=l>plugin</th><th class=l>hook</th>"
                   "<th>calls per game</th><th>changed the result</th></tr>")
        for r in rows["hooks"]:
            changed = "n/a" if r["changed"] is None else f"{r['changed']:,}"
            cls = ' class="fail"' if not r["calls"] else ""
            out.append(f"<tr{cls}><td class=l>{_e(r['plugin'])}</td><td class=l>{_e(r['hook'])}"
                       f"</td><td>{r['per_game']:.2f}</td><td>{changed}</td></tr>")
        out.append("</table><table><tr><th class=l>phase</th><th class=l>rule section</th>"
                   "<th>runs per game</th></tr>")
        for r in rows["phases"]:
            cls = ' class="fail"' if not r["runs"] else ""
            out.append(f"<tr{cls}><td class=l>{_e(r['phase'])}</td><td class=l>"
                       f"{_e(r['rule'])}</td><td>{r['per_game']:.2f}</td></tr>")
        out.append("</table>")
        never = [f"{what}: {', '.join(items)}" for what, items in rows["never"].items() if items]
        out.append("<p>" + (_e("Never ran — " + "; ".join(never)) if never else
                            "Every hook implementation, phase and rule section ran.") + "</p>")
    return out


SECTIONS = (_rulesets, _warnings, effects_html, _headlines, stopping_html, _metrics_table,
            _design,
            _score_histograms, _trajectories, _seat_shares, _label_shares, _metric_charts,
            _glossary, _failures, _coverage)


def render_html(result: CompareResult, *, title: str | None = None) -> str:
    """The whole report as one HTML document: no external resource of any kind."""
    title = title or "Peloponnes rules comparison: " + " vs ".join(e.title
                                                                    for e in result.entries)
    out = _head(result, title)
    for section in SECTIONS:
        out.extend(section(result))
    out.append(f"<script>{READY_SCRIPT}</script></body></html>")
    return "\n".join(out)
