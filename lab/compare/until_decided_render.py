"""The report of a run until decided, in the terminal, HTML and JSON: why the run ended and
after how many games, then per headline metric and ruleset its verdict (decided, equivalent,
the same in every game, undecided at the cap), after how many games, and the anytime-valid
interval it rests on. Nothing here for a run of a fixed number of games."""
from __future__ import annotations

import html

from rich.console import Group
from rich.table import Table
from rich.text import Text

from peloponnes.lab.compare.formatting import diff_text
from peloponnes.lab.compare.result import CompareResult
from peloponnes.lab.compare.sequential import CAP, CONSTANT, DECIDED, EQUIVALENT, Verdict
from peloponnes.lab.compare.terminal_fit import FirstThatFits, compact_table

TOO_NARROW = ("The metric table's intervals are fixed-size ones (Student's t over all the "
              "games played): after a run that stopped when it looked decided they are too "
              "narrow. The intervals here hold at every look.")


def verdict_text(verdict: Verdict) -> str:
    """``decided: falls``, ``equivalent: within ±0.5``, ``the same in every game``,
    ``undecided at the cap``."""
    if verdict.reason == DECIDED:
        return f"decided: {verdict.direction}"
    if verdict.reason == EQUIVALENT:
        return f"equivalent: within ±{verdict.margin:g}"
    if verdict.reason == CONSTANT:
        return "the same in every game"
    if verdict.reason == CAP:
        return "undecided at the cap"
    return "open"


def summary(result: CompareResult, timed: bool = True) -> str:
    """``Until decided (at most 10000 games): stopped after 157 paired games in 3 s, every
    headline metric decided (looked after 20, 40, ...).`` (``timed``: with the seconds)."""
    stopping = result.stopping
    looks = ", ".join(map(str, stopping.looks))
    most = stopping.max_games
    caps = f"at most {most} game{'s' if most != 1 else ''}" + (
        f" and {duration(stopping.rule.max_time)}" if stopping.rule.max_time else "")
    took = f" in {duration(stopping.seconds)}" if timed else ""
    return (f"Until decided ({caps}): stopped after {stopping.looks[-1]} paired games{took}, "
            f"{stopping.ended} (looked after {looks}).")


def duration(seconds: float) -> str:
    """``0.4 s``, ``42 s``, ``12.5 min``, ``2.1 h``."""
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 600:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.1f} min" if seconds < 7200 else f"{seconds / 3600:.1f} h"


def _method(result: CompareResult) -> str:
    stopping = result.stopping
    count = len(stopping.verdicts)
    split = (f"; the {1 - result.confidence:.0%} error split over {count} verdicts, "
             f"{stopping.alpha:.2%} each" if count > 1 and stopping.alpha else "")
    together = " together" if count > 1 else ""
    return f"{result.confidence:.0%}{together}; {stopping.method}{split}"


def _rows(result: CompareResult) -> list[tuple[str, str, str, str, str]]:
    letters = [e.letter for e in result.entries]
    return [(v.metric, f"{letters[v.scenario]} − {letters[0]}", verdict_text(v), str(v.games),
             diff_text(v.interval)) for v in result.stopping.verdicts]


def stopping_terminal(result: CompareResult) -> list:
    """The renderables of the run's report (none for a run of a fixed number of games)."""
    if result.stopping is None:
        return []
    out: list = [Text(summary(result), style="bold")]
    if result.headlines:
        out.append(Group(Text("What changes (decided: anytime-valid intervals that exclude 0):",
                              style="bold"), *(Text(f"  {line}") for line in result.headlines)))
    title = f"Verdicts (anytime-valid {result.confidence:.0%} intervals)"
    wide, narrow = Table(title=title, title_justify="left"), compact_table(title)
    for table in (wide, narrow):
        for name in ("metric", "vs", "verdict"):
            table.add_column(name, no_wrap=True)
        table.add_column("games", justify="right", no_wrap=True)     # when it was reached
        table.add_column(Text("difference [interval]"), justify="right", no_wrap=True)
    for metric, versus, verdict, games, interval in _rows(result):
        style = "bold magenta" if verdict.startswith("decided") else ""
        for table in (wide, narrow):
            table.add_row(Text(metric), versus, Text(verdict, style=style), games, interval)
    lines = Group(Text(title, style="bold"),
                  *(Text(f"  {metric} ({versus}): {verdict} after {games} games: {interval}")
                    for metric, versus, verdict, games, interval in _rows(result)))
    out.append(FirstThatFits(wide, narrow, lines))
    out.append(Text(f"Intervals: {_method(result)}. {TOO_NARROW}", style="dim"))
    return out


def stopping_html(result: CompareResult) -> list[str]:
    """The report's HTML section (none for a run of a fixed number of games)."""
    if result.stopping is None:
        return []
    e = html.escape
    out = ['<h2 id="until-decided">Until decided</h2>', f"<p>{e(summary(result))}</p>"]
    if result.headlines:
        out.append("<p>What changes (decided: anytime-valid intervals that exclude 0):</p>"
                   '<ul id="decided">' + "".join(f"<li>{e(line)}</li>"
                                                 for line in result.headlines) + "</ul>")
    out.append(f"<p>Verdicts: anytime-valid intervals ({e(_method(result))}).</p>"
               '<table id="verdicts"><tr><th class=l>metric</th><th class=l>vs</th>'
               "<th class=l>verdict</th><th>after games</th>"
               "<th>difference [interval]</th></tr>")
    for metric, versus, verdict, games, interval in _rows(result):
        sig = verdict.startswith("decided")
        out.append(f"<tr><td class=l>{e(metric)}</td><td class=l>{e(versus)}</td>"
                   f'<td class="l{" sig" if sig else ""}">{e(verdict)}</td><td>{games}</td>'
                   f'<td{" class=sig" if sig else ""}>{e(interval)}</td></tr>')
    out.append(f"</table><p>{e(TOO_NARROW)}</p>")
    return out


def stopping_dict(result: CompareResult) -> dict | None:
    """The run's report as JSON data (the same for any number of workers: no clock in it)."""
    stopping = result.stopping
    if stopping is None:
        return None
    letters = [e.letter for e in result.entries]
    return {
        "method": stopping.method, "confidence": result.confidence,
        "alpha_per_verdict": stopping.alpha, "margins": dict(stopping.rule.margins),
        "max_games": stopping.max_games, "max_time": stopping.rule.max_time,
        "looks": stopping.looks, "games": stopping.looks[-1], "ended": stopping.ended,
        "verdicts": [{"metric": v.metric, "scenario": letters[v.scenario], "vs": letters[0],
                      "reason": v.reason, "verdict": verdict_text(v),
                      "direction": v.direction, "games": v.games, "margin": v.margin,
                      **(v.interval.as_dict() if v.interval else {})}
                     for v in stopping.verdicts],
    }
