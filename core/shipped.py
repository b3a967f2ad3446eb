"""What ships inside the installed package besides code: the ready scenarios and the example
house-rule plugins. Both live beside ``core/`` in the ``peloponnes`` package (a repository
checkout and an installed copy have the same layout), so they can be named without a path:
``peloponnes simulate cardgame-4p`` and ``plugins = ["no_conquest"]``."""
from __future__ import annotations

import difflib
from pathlib import Path

from .errors import ConfigError

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
SCENARIO_DIR = PACKAGE_ROOT / "scenarios"
PLUGIN_DIR = PACKAGE_ROOT / "plugins"
PLUGIN_PACKAGE = "peloponnes.plugins"
# The packages whose hook implementations are the sandbox's own rules (the core's defaults and
# the shipped variants), as opposed to house rules and other people's plugins.
OWN_RULES_PACKAGES = ("peloponnes.core.", "peloponnes.variants.")


def shipped_scenarios() -> list[Path]:
    """The ready scenario files, sorted by name."""
    return sorted(SCENARIO_DIR.glob("*.toml")) if SCENARIO_DIR.is_dir() else []


def shipped_scenario(name: str) -> Path | None:
    """The shipped scenario called ``name`` (with or without ``.toml``), or None."""
    if "/" in name or "\\" in name or not name or "\0" in name:
        return None
    stem = name[:-5] if name.endswith(".toml") else name
    for path in shipped_scenarios():
        if path.stem == stem:
            return path
    return None


def find_scenario(name: str) -> Path:
    """A scenario named on the command line: an existing path, else a shipped scenario's name.
    A bare name (no folder) that is neither, but close to shipped names, is refused with those
    names; otherwise the path comes back unchanged (the loader then says it is missing)."""
    path = Path(name)
    try:
        if path.exists():
            return path
    except (OSError, ValueError):
        return path
    found = shipped_scenario(name)
    if found is not None:
        return found
    if path.name == name:
        stem = name[:-5] if name.endswith(".toml") else name
        close = difflib.get_close_matches(stem, [p.stem for p in shipped_scenarios()], n=3)
        if close:
            names = ", ".join(close[:-1]) + " or " + close[-1] if len(close) > 1 else close[0]
            raise ConfigError(f"no such file, nor a shipped scenario; did you mean {names}? "
                              "(`peloponnes scenarios` lists them)", where=name)
    return path


def shipped_plugins() -> dict[str, Path]:
    """The example house rules, by module name."""
    if not PLUGIN_DIR.is_dir():
        return {}
    return {p.stem: p for p in sorted(PLUGIN_DIR.glob("*.py")) if p.stem != "__init__"}


def is_shipped_file(path: str | Path) -> bool:
    """Whether ``path`` is one of the shipped plugin files (code that came with the package)."""
    try:
        resolved = Path(path).resolve()
    except (OSError, ValueError):
        return False
    return resolved in {p.resolve() for p in shipped_plugins().values()}
