"""What the games' terminal tables share: rows whose cells are plain text (names from a
scenario or a component file are never read as rich markup)."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text


def add_plain_row(table: Table, *cells, style: str | None = None) -> None:
    table.add_row(*(Text(str(cell)) for cell in cells), style=style)
