"""Every Python file of the project stays under 450 lines: a module that grows past that holds
more than one job and is split where its jobs part."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 450
SKIPPED = {"build", ".git", ".venv", "venv", ".pluggy-bounds", ".whl"}


def test_every_python_file_is_under_the_line_limit():
    too_long = []
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if SKIPPED.intersection(parts) or any(p.endswith(".egg-info") for p in parts):
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines >= LIMIT:
            too_long.append(f"{path.relative_to(ROOT)}: {lines} lines")
    assert not too_long, f"split these files (at most {LIMIT - 1} lines each): {too_long}"
