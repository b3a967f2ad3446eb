"""Reading the process table (Linux ``/proc``) in tests that check no worker outlives its
command."""
from __future__ import annotations

from pathlib import Path


def children_of(pid: int) -> set[int]:
    """The process ids of ``pid``'s children."""
    found = set()
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        found.update(int(c) for c in task.read_text().split())
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, ended but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"
