"""``simulate`` in the terminal: rich tables of a simulation's summary (per seat, per label)."""
from __future__ import annotations

from rich.markup import escape
from rich.table import Table
from rich.text import Text


def render_simulation(report: dict, title: str) -> list:
    """What ``peloponnes simulate`` prints for a summary (``Simulation.to_dict()``), in order."""
    table = Table(title=title)
    for col in ("seat", "player", "agent", "mean score", "min", "max", "win share"):
        table.add_column(col)
    finished = report["games_finished"] > 0
    for s in report["seats"]:
        table.add_row(str(s["seat"]), escape(s["name"]), s["agent"],
                      *((f"{s['mean']:.2f}", str(s["min"]), str(s["max"]),
                         f"{s['win_share']:.1%}") if finished else ("n/a",) * 4))
    out: list = [table]
    if report["labels"]:
        labels = Table(title="Per label (seats dealt it, mean score, win share)")
        for col in ("label", "value", "seats", "mean score", "win share"):
            labels.add_column(col)
        for row in report["labels"]:
            labels.add_row(escape(row["label"]), escape(str(row["value"])), str(row["seats"]),
                           f"{row['mean']:.2f}", f"{row['win_share']:.1%}")
        out.append(labels)
    if report["mean_decisions"] is not None:
        out.append(Text(f"mean decisions per game: {report['mean_decisions']:.0f}"))
    return out


def render_warnings(warnings: list[str]) -> Text | None:
    """The coverage warnings (``lab.coverage``): plugins that did nothing, bots guessing."""
    if not warnings:
        return None
    text = Text()
    for line in warnings:
        text.append(f"warning: {line}\n", style="yellow")
    text.rstrip()
    return text


def render_coverage(rows: dict, title: str) -> list:
    """``--coverage``: hook implementations, phases and rule sections with their counts, and
    those that never ran (``lab.coverage.coverage_rows``)."""
    hooks = Table(title=f"{title}: hook implementations ({rows['games']} games)",
                  title_justify="left")
    for col, justify in (("plugin", "left"), ("hook", "left"), ("calls", "right"),
                         ("per game", "right"), ("changed the result", "right")):
        hooks.add_column(col, justify=justify)
    for r in rows["hooks"]:
        style = "red" if not r["calls"] else ""
        hooks.add_row(escape(r["plugin"]), r["hook"], f"{r['calls']:,}", f"{r['per_game']:.2f}",
                      "n/a (result ignored)" if r["changed"] is None else f"{r['changed']:,}",
                      style=style)
    phases = Table(title=f"{title}: phases and rule sections", title_justify="left")
    for col, justify in (("phase", "left"), ("rule section", "left"), ("runs per game", "right")):
        phases.add_column(col, justify=justify)
    for r in rows["phases"]:
        phases.add_row(r["phase"], escape(r["rule"]), f"{r['per_game']:.2f}",
                       style="red" if not r["runs"] else "")
    out: list = [hooks, phases]
    rules = Table(title=f"{title}: rule sections met (phases run, decisions, events)",
                  title_justify="left")
    rules.add_column("rule section")
    rules.add_column("per game", justify="right")
    for r in rows["rules"]:
        rules.add_row(escape(r["rule"]), f"{r['per_game']:.2f}",
                      style="red" if not r["times"] else "")
    out.append(rules)
    never = rows["never"]
    lines = [f"never ran: {what}: {', '.join(items)}" for what, items in
             (("hook implementations", never["hooks"]), ("phases", never["phases"]),
              ("rule sections", never["rules"])) if items]
    out.append(Text("\n".join(lines) if lines else "every hook implementation, phase and rule "
                    "section ran at least once", style="yellow" if lines else "green"))
    return out
