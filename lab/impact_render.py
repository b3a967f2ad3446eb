"""``peloponnes impact``'s reports: the top and bottom ten in the terminal (80 columns), every
component in JSON and CSV, and an HTML page with a chart of every estimated component's change in
win share and its interval."""
from __future__ import annotations

import html
import json

from rich.table import Table
from rich.text import Text

from peloponnes.lab.compare.formatting import SIGNIFICANT, num, signed
from peloponnes.lab.compare.render_html import CSS, READY_SCRIPT
from peloponnes.lab.compare.stats import Estimate
from peloponnes.lab.compare.svg import PALETTE, axis_ticks, label_width
from peloponnes.lab.compare.terminal_fit import FirstThatFits, compact_table
from peloponnes.lab.impact import MIN_SEATS, Effect, Impact
from peloponnes.variants.common.words import count

SHOWN = 10                  # the top and the bottom this many in the terminal
ALPHA = 0.05                # significant: the Holm-adjusted p-value below this
ESTIMATOR = ("least squares per component with fixed effects for seat and civilization, "
             "holding the round acquired and the price paid at their means; 95% intervals "
             "clustered by game")


def _significant(p: float | None) -> bool:
    return p is not None and p < ALPHA


def _signed(x: float, digits: int) -> str:
    """``x`` with its sign, none where it rounds to zero."""
    text = num(x, digits)
    return text if float(text) == 0 else signed(x, digits)


def change_text(est: Estimate | None, p: float | None, scale: float = 1.0,
                digits: int = 1) -> str:
    """A change with its interval, ``scale`` times (100: a share in percentage points), to
    ``digits`` decimals: ``+12.3 [+4.1, +20.5] *`` (* significant after Holm's correction)."""
    if est is None or est.mean is None:
        return "n/a"
    mark = f" {SIGNIFICANT}" if _significant(p) else ""
    if est.low is None:
        return f"{_signed(est.mean * scale, digits)}{mark}"
    return (f"{_signed(est.mean * scale, digits)} [{_signed(est.low * scale, digits)}, "
            f"{_signed(est.high * scale, digits)}]{mark}")


def _held_text(effect: Effect) -> str:
    return f"{effect.held / effect.seats:.0%}" if effect.seats else "n/a"


def title_of(result: Impact) -> str:
    sc = result.scenario
    seeds = f" (seeds {result.seeds[0]}-{result.seeds[1]})" if result.seeds else ""
    return (f"What wins in {sc.name or sc.source}: {count(result.counted, 'game')}{seeds}, "
            f"{count(result.seats, 'seat')}")


def shown_effects(result: Impact) -> tuple[list[Effect], list[Effect]]:
    """The top ten by change in win share and the bottom ten (fewer when fewer were estimated;
    no component in both)."""
    estimated = result.estimated
    top = estimated[:SHOWN]
    bottom = estimated[max(len(top), len(estimated) - SHOWN):]
    return top, bottom


def _table(title: str, effects: list[Effect], versus_kind: bool) -> Table:
    """The table of ``effects``; ``versus_kind``: with the column of the change against
    another piece of the same kind (wide terminals)."""
    table = compact_table(title)
    table.add_column("component", overflow="fold", max_width=22)
    table.add_column("kind", overflow="fold", max_width=12, style="dim")
    table.add_column("held", justify="right")
    table.add_column("win share, points", justify="right", no_wrap=True)
    table.add_column("final score", justify="right", no_wrap=True)
    if versus_kind:
        table.add_column("vs another of its kind", justify="right", no_wrap=True)
    for e in effects:
        cells = [e.component, e.kind, _held_text(e),
                 Text(change_text(e.win, e.win_p, 100, 0),
                      style="bold magenta" if _significant(e.win_p) else ""),
                 Text(change_text(e.score, e.score_p),
                      style="bold magenta" if _significant(e.score_p) else "")]
        if versus_kind:
            cells.append(change_text(e.win_vs_kind, None, 100, 0)
                         if e.win_vs_kind else "")
        table.add_row(*cells)
    return table


def _tables(title: str, effects: list[Effect]) -> FirstThatFits:
    return FirstThatFits(_table(title, effects, True), _table(title, effects, False))


def render_impact_terminal(result: Impact) -> list:
    """The top and bottom ten, with what the figures are and are not."""
    out: list = [Text(title_of(result), style="bold"),
                 Text("Holding a component at the end of the game, per piece held: the change "
                      "in win share (percentage points) and in final score [95% interval] "
                      "against not holding it (vs another of its kind: holding it instead of "
                      f"another piece of its kind); {SIGNIFICANT} = significant after Holm's "
                      "correction. An association, not a cause (docs/impact.md).")]
    top, bottom = shown_effects(result)
    if not top:
        out.append(Text(f"No component could be estimated: each must be held in at least "
                        f"{MIN_SEATS} seat-games and missing from as many. Play more games "
                        "(--games).", style="yellow"))
    else:
        out.append(_tables(f"Top {len(top)}: the most win share", top))
    if bottom:
        out.append(_tables(f"Bottom {len(bottom)}: the least win share", bottom))
    left = [e for e in result.effects if e.win is None]
    if left:
        out.append(Text(f"Not estimated ({len(left)}): "
                        + ", ".join(f"{e.component} ({e.reason})" for e in left[:6])
                        + (", ..." if len(left) > 6 else "")
                        + ". Every component is in the JSON, CSV and HTML reports.",
                        style="dim"))
    return out


# --- data --------------------------------------------------------------------------------------

def _estimate(est: Estimate | None) -> dict | None:
    return None if est is None else {"mean": est.mean, "ci_low": est.low, "ci_high": est.high,
                                     "se": est.sd}


def effect_dict(e: Effect) -> dict:
    return {"component": e.component, "kind": e.kind, "held": e.held, "seat_games": e.seats,
            "mean_round": e.mean_round, "mean_price": e.mean_price,
            "raw_win_share_difference": e.raw_win,
            "win_share": _estimate(e.win), "win_share_p_holm": e.win_p,
            "score": _estimate(e.score), "score_p_holm": e.score_p,
            "win_share_instead_of_another_of_its_kind": _estimate(e.win_vs_kind),
            "score_instead_of_another_of_its_kind": _estimate(e.score_vs_kind),
            "win_share_per_round_later": _estimate(e.per_round),
            "win_share_per_coin_more": _estimate(e.per_price),
            "not_estimated": e.reason or None}


def impact_dict(result: Impact) -> dict:
    sc = result.scenario
    return {"scenario": sc.source or sc.name, "variant": sc.variant, "games": result.games,
            "games_counted": result.counted,
            "first_seed": result.seeds[0] if result.seeds else sc.seed, "seats": result.seats,
            "estimator": ESTIMATOR, "confidence": 0.95,
            "components": [effect_dict(e) for e in result.effects],
            "failures": [f.as_dict() for f in result.failures]}


def impact_json(results: list[Impact]) -> str:
    """One result as an object; several (``compare --impact``) as a list."""
    data = [impact_dict(r) for r in results]
    return json.dumps(data[0] if len(data) == 1 else data, indent=2)


def impact_csv_rows(results: list[Impact]) -> list[dict]:
    """A row per component (per scenario)."""
    rows = []
    for r in results:
        for e in r.effects:
            row = {"scenario": r.scenario.source or r.scenario.name, "component": e.component,
                   "kind": e.kind, "held": e.held, "seat_games": e.seats,
                   "mean_round": e.mean_round, "mean_price": e.mean_price,
                   "raw_win_share_difference": e.raw_win}
            for name, est in (("win_share", e.win), ("score", e.score),
                              ("win_share_vs_kind", e.win_vs_kind),
                              ("score_vs_kind", e.score_vs_kind),
                              ("win_share_per_round_later", e.per_round),
                              ("win_share_per_coin_more", e.per_price)):
                row.update({name: est.mean if est else None,
                            f"{name}_low": est.low if est else None,
                            f"{name}_high": est.high if est else None})
            row.update({"win_share_p_holm": e.win_p, "score_p_holm": e.score_p,
                        "not_estimated": e.reason})
            rows.append(row)
    return rows


# --- HTML --------------------------------------------------------------------------------------

def _e(text) -> str:
    return html.escape(str(text), quote=True)


def svg_effects(title: str, effects: list[Effect]) -> str:
    """A forest plot: a row per component, its change in win share (points) as a dot on a
    line marking the interval, a vertical line at no change; the axis at round values."""
    names = [f"{e.component} ({e.kind})" for e in effects]
    left = min(260, max(map(label_width, names), default=60) + 12)
    right, row_h, top = 20, 18, 30
    w, plot_w = left + 420 + right, 420
    h = top + row_h * len(effects) + 30
    values = [v * 100 for e in effects for v in (e.win.mean, e.win.low, e.win.high)
              if v is not None]
    ticks = axis_ticks(min(values + [0.0]), max(values + [0.0]), plot_w, across=True)
    lo, hi = ticks[0][0], ticks[-1][0]

    def sx(v: float) -> float:
        return left + (v - lo) / ((hi - lo) or 1) * plot_w

    parts = [f'<svg class="chart impact" role="img" aria-label="{_e(title)}" '
             f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
             f'viewBox="0 0 {w} {h}"><title>{_e(title)}</title>'
             f'<text x="4" y="16" class="ct">{_e(title)}</text>']
    for value, label in ticks:
        parts.append(f'<line x1="{sx(value):.1f}" x2="{sx(value):.1f}" y1="{top - 4}" '
                     f'y2="{h - 22}" class="grid"/><text x="{sx(value):.1f}" y="{h - 8}" '
                     f'class="ax x-label" text-anchor="middle">{_e(label)}</text>')
    for j, (e, name) in enumerate(zip(effects, names, strict=True)):
        y = top + j * row_h + row_h / 2
        color = PALETTE[0] if e.win.mean >= 0 else PALETTE[5]
        parts.append(f'<text x="{left - 8}" y="{y + 4:.1f}" class="ax" text-anchor="end">'
                     f'{_e(name)}</text>')
        if e.win.low is not None:
            parts.append(f'<line x1="{sx(e.win.low * 100):.1f}" x2="{sx(e.win.high * 100):.1f}"'
                         f' y1="{y:.1f}" y2="{y:.1f}" class="ci"/>')
        parts.append(f'<circle cx="{sx(e.win.mean * 100):.1f}" cy="{y:.1f}" r="4" '
                     f'fill="{color}"><title>{_e(name)}: {_e(change_text(e.win, e.win_p, 100))}'
                     f' points of win share</title></circle>')
    zero = sx(0.0)
    parts.append(f'<line x1="{zero:.1f}" x2="{zero:.1f}" y1="{top - 4}" y2="{h - 22}" '
                 'class="axis"/></svg>')
    return "".join(parts)


def _html_table(result: Impact) -> str:
    rows = ["<table><tr><th>component</th><th class=l>kind</th><th>held</th>"
            "<th>win share, points [95%]</th><th>final score [95%]</th>"
            "<th>instead of another of its kind: win share, points [95%]</th><th>mean round</th>"
            "<th>mean price</th><th class=l>not estimated</th></tr>"]
    for e in result.effects:
        win_cls = ' class="sig"' if _significant(e.win_p) else ""
        score_cls = ' class="sig"' if _significant(e.score_p) else ""
        win = change_text(e.win, e.win_p, 100)
        score = change_text(e.score, e.score_p, 1, 2)
        rows.append(f"<tr><td>{_e(e.component)}</td><td class=l>{_e(e.kind)}</td>"
                    f"<td>{_e(_held_text(e))}</td><td{win_cls}>{_e(win)}</td>"
                    f"<td{score_cls}>{_e(score)}</td>"
                    f"<td>{_e(change_text(e.win_vs_kind, None, 100) if e.win_vs_kind else '')}</td>"
                    f"<td>{_e(num(e.mean_round, 1))}</td><td>{_e(num(e.mean_price, 1))}</td>"
                    f"<td class=l>{_e(e.reason)}</td></tr>")
    return "".join(rows) + "</table>"


def impact_section(result: Impact) -> str:
    """One scenario's chart and table (a page holds one per scenario)."""
    title = title_of(result)
    parts = [f"<h2>{_e(title)}</h2>"]
    if result.estimated:
        chart = svg_effects("Change in win share (percentage points)", result.estimated)
        parts.append(f'<div class="charts">{chart}</div>')
    parts.append(_html_table(result))
    return "".join(parts)


def render_impact_html(results: list[Impact]) -> str:
    title = "What wins: " + ", ".join(r.scenario.name or r.scenario.source for r in results)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{_e(title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{_e(title)}</h1>",
           f"<p>Per component, holding it at the end of a game (per piece held): the change in "
           f"win share and in final score. Estimator: {_e(ESTIMATOR)}. {SIGNIFICANT} and bold: "
           "significant after Holm's correction over the components. An association, not a "
           "controlled experiment: see docs/impact.md for the experiment with "
           "<code>peloponnes sweep</code>. Generated by <code>peloponnes impact</code>.</p>"]
    out.extend(impact_section(r) for r in results)
    out.append(f"<script>{READY_SCRIPT}</script></body></html>")
    return "\n".join(out)
