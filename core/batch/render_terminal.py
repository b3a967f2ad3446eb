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
