"""``explain`` drawn: rich renderables for the terminal, and one self-contained HTML page with
the two games' timelines side by side (the steps they share folded, the first difference
marked)."""
from __future__ import annotations

import html

from rich.console import Group
from rich.table import Table
from rich.text import Text

from peloponnes.lab.compare.explain import Explanation, Step
from peloponnes.lab.compare.formatting import num
from peloponnes.lab.compare.render_html import CSS
from peloponnes.lab.compare.rules_diff import short_path

CONTEXT = 4            # shared steps shown before the first difference
STEP_CHARS = 240       # a step's text in the HTML timeline (the whole text in its tooltip)
AFTER = 60             # steps of each game the HTML timeline shows after the first difference


def _where(info: dict) -> str:
    parts = [f"round {info['round']}" if info.get("round") else "before round 1"]
    if info.get("rule"):
        parts.append(f"rule {info['rule']}")
    return ", ".join(parts)


def _headline(ex: Explanation) -> str:
    """``no_conquest's answer to count_revealed (B) made the difference, not cardgame's (A)``"""
    cause = ex.cause
    by = cause.get("by") or {}
    la, lb = (e.letter for e in ex.entries)
    only_a, only_b = by.get(la, []), by.get(lb, [])
    if not cause.get("hook") or not (only_a or only_b) or only_a == only_b:
        return ""
    if only_b and only_a:
        return (f"{' and '.join(only_b)}'s answer to {cause['hook']} ({lb}) made the difference,"
                f" not {' and '.join(only_a)}'s ({la})")
    names, letter = (only_b, lb) if only_b else (only_a, la)
    return f"{' and '.join(names)}'s answer to {cause['hook']} ({letter}) made the difference"


def _value(x) -> str:
    """A number as people read it: whole numbers without decimals."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return "n/a" if x is None else str(x)
    return str(int(x)) if float(x).is_integer() else num(x)


def _step_text(step: Step | None) -> str:
    return "(the game is over)" if step is None else f"{step.kind}: {step.shown}"


def outcome_table(ex: Explanation) -> Table:
    a, b = ex.entries
    table = Table(title="Outcomes", title_justify="left")
    table.add_column("")
    table.add_column(f"{a.letter}: {a.title}", justify="right")
    table.add_column(f"{b.letter}: {b.title}", justify="right")
    oa, ob = ex.outcome(0), ex.outcome(1)
    if "error" in oa or "error" in ob:
        table.add_row("error", oa.get("error", ""), ob.get("error", ""))
    players = ex.entries[0].scenario.players
    for seat, player in enumerate(players):
        table.add_row(f"score {player.name}", *(_value(o["scores"][seat]) if "scores" in o
                                                else "n/a" for o in (oa, ob)))
    table.add_row("winner(s)", *(", ".join(o.get("winners", [])) or "n/a" for o in (oa, ob)))
    names = list(dict.fromkeys([*oa.get("metrics", {}), *ob.get("metrics", {})]))
    for name in names:
        table.add_row(name, *(_value(o.get("metrics", {}).get(name)) for o in (oa, ob)))
    return table


def render_explain_terminal(ex: Explanation) -> list:
    a, b = ex.entries
    agents = ", ".join(f"{p.name} {p.agent}" for p in a.scenario.players)
    out: list = [Text(f"Seed {ex.seed}: {a.letter} = {a.title} ({short_path(a.path)}), "
                      f"{b.letter} = {b.title} ({short_path(b.path)}); both played by "
                      f"{a.letter}'s agents ({agents}).", style="bold")]
    out.append(Group(Text("Rules diff", style="bold underline"),
                     *(Text(f"  {line}") for line in ex.diff_lines)))
    if ex.cause is None:
        out.append(Text(f"The two games are identical on seed {ex.seed}: every hook answered "
                        "the same, every event and decision matched. Try another --seed.",
                        style="green"))
    else:
        out.append(Text(f"They part after {ex.common_steps} shared steps, {_where(ex.cause)}:",
                        style="bold"))
        headline = _headline(ex)
        if headline:
            out.append(Text(f"  {headline}", style="bold magenta"))
        out.append(Text(f"  {ex.cause['text']}"))
        if ex.seen is not None:
            first = next(s for s in ex.seen if s is not None)
            out.append(Text(f"First event or decision that differs (#{ex.seen_index + 1}, "
                            f"round {first.round}"
                            + (f", rule {first.rule}" if first.rule else "") + "):",
                            style="bold"))
            for entry, step in zip(ex.entries, ex.seen, strict=True):
                out.append(Text(f"  {entry.letter}: {_step_text(step)}"))
    out.append(outcome_table(ex))
    return out


# --- HTML --------------------------------------------------------------------------------------

EXTRA_CSS = """
table.timeline{width:100%;table-layout:fixed}table.timeline td{white-space:normal;
 text-align:left;vertical-align:top;font-size:12px}tr.part td{background:#fde7f3}
tr.cause td{background:#fff3c4}td.same{color:#777}.timeline .k{width:3em;color:#999}
"""


def _e(text) -> str:
    return html.escape(str(text), quote=True)


def _row(i: int, a: Step | None, b: Step | None, cls: str = "") -> str:
    same = a is not None and b is not None and a.key == b.key
    cells = []
    for step in (a, b):
        if step is None:
            cells.append("<td class=same>—</td>")
        else:
            rule = f"<br><small>{_e(step.rule)}</small>" if step.rule else ""
            shown = step.shown
            text = shown if len(shown) <= STEP_CHARS else shown[:STEP_CHARS] + " …"
            cells.append(f"<td{' class=same' if same else ''} title=\"{_e(shown[:2000])}\">"
                         f"<b>{_e(step.kind)}</b> r{step.round}: {_e(text)}{rule}</td>")
    attr = f' class="{cls}"' if cls else ""
    return f'<tr{attr} data-step="{i}"><td class=k>{i + 1}</td>{"".join(cells)}</tr>'


def render_explain_html(ex: Explanation) -> str:
    a, b = ex.entries
    title = f"Where {a.title} and {b.title} part (seed {ex.seed})"
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{_e(title)}</title><style>{CSS}{EXTRA_CSS}</style></head><body>",
           f"<h1>{_e(title)}</h1>",
           f"<p>{a.letter}: {_e(a.title)} ({_e(short_path(a.path))}); {b.letter}: "
           f"{_e(b.title)} ({_e(short_path(b.path))}). Both games use seed {ex.seed} and "
           f"{a.letter}'s agents. Generated by <code>peloponnes explain</code>.</p>",
           "<h2>Rules diff</h2>", f'<pre class="diff">{_e(chr(10).join(ex.diff_lines))}</pre>']
    if ex.cause is None:
        out.append('<p id="verdict">The two games are identical on this seed.</p>')
    else:
        headline = _headline(ex)
        out.append(f'<h2>Where they part</h2><p id="verdict">After {ex.common_steps} shared '
                   f"steps, {_e(_where(ex.cause))}: <b>{_e(headline or ex.cause['text'])}</b>"
                   + (f"<br>{_e(ex.cause['text'])}" if headline else "") + "</p>")
        if ex.seen is not None:
            out.append('<p id="seen">First event or decision that differs: '
                       + "; ".join(f"{_e(e.letter)}: {_e(_step_text(s))}"
                                   for e, s in zip(ex.entries, ex.seen, strict=True)) + "</p>")
    oa, ob = ex.outcome(0), ex.outcome(1)
    out.append(f"<h2>Outcomes</h2><table><tr><th></th><th>{_e(a.letter)}</th>"
               f"<th>{_e(b.letter)}</th></tr>")
    for seat, player in enumerate(a.scenario.players):
        out.append(f"<tr><td>{_e(player.name)}</td>" + "".join(
            f"<td>{_e(_value(o['scores'][seat]) if 'scores' in o else 'n/a')}</td>"
            for o in (oa, ob)) + "</tr>")
    out.append("<tr><td>winner(s)</td>" + "".join(
        f"<td>{_e(', '.join(o.get('winners', [])) or o.get('error', 'n/a'))}</td>"
        for o in (oa, ob)) + "</tr></table>")
    sa, sb = ex.games[0].steps, ex.games[1].steps
    start = ex.common_steps if ex.cause is not None else len(sa)
    out.append(f"<h2>Timeline</h2><p>Every hook call, event and decision of both games, in "
               f"order. The first {start} steps are the same in both"
               + (f" (the last {CONTEXT} shown, the others folded below)" if start > CONTEXT
                  else "") + f"; then up to {AFTER} steps of each game.</p>")
    if start > CONTEXT:
        out.append(f"<details><summary>{start - CONTEXT} shared steps</summary>"
                   '<table class="timeline">'
                   + "".join(_row(i, sa[i], sb[i]) for i in range(start - CONTEXT))
                   + "</table></details>")
    out.append(f'<table class="timeline" id="timeline"><tr><th class=k>#</th>'
               f"<th>{_e(a.letter)}: {_e(a.title)}</th><th>{_e(b.letter)}: {_e(b.title)}</th>"
               "</tr>")
    for i in range(max(0, start - CONTEXT), min(max(len(sa), len(sb)), start + AFTER)):
        cls = "cause" if i == start and ex.cause is not None else (
            "part" if i > start else "")
        out.append(_row(i, sa[i] if i < len(sa) else None, sb[i] if i < len(sb) else None, cls))
    out.append("</table></body></html>")
    return "\n".join(out)
