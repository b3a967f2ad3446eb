"""The expansion's table for the terminal: the board game's rendering (``board``, what the board
game's ``render_view`` returned) plus heroes, colonies, Strength, clover leaves, mercenaries and
the Persians."""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text


def render(view: dict, board):
    h = view["heroes"]
    persians = Text(f"Persian chits revealed: {h['persian_chits_revealed']} (values "
                    f"{h['persian_values'] or '-'}); next attack on chit "
                    f"{h['next_attack_on'] or '-'}; table Strength {h['table_strength']}",
                    style="bold")
    table = Table(title="Heroes & colonies (in turn order)", expand=True)
    for col in ("player", "hero", "colony", "Strength", "clovers", "mercenaries"):
        table.add_column(col)
    for seat in view["order"]:
        p = view["players"][seat]
        me = seat == view["seat"]
        table.add_row(f"{'> ' if me else ''}{p['name']}",
                      p["hero"] + (" (orange)" if p["flipped"] else ""), p["colony"],
                      str(p["strength"]), str(p["clovers"]), str(p["mercenaries"]),
                      style="bold" if me else None)
    return Group(*([board] if board is not None else []), persians, table)
