"""Shared helpers for the compare tests: small random-agent card-game scenarios built in code."""
from pathlib import Path

from peloponnes.core.scenario import Scenario

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "plugins"
SCENARIOS = ROOT / "scenarios"


def cardgame(*plugins: str, players: int = 4, seed: int = 1, agent: str = "random") -> Scenario:
    """A card-game scenario with ``players`` seats of one agent kind and the named plugins
    (file names in plugins/, or absolute paths)."""
    paths = tuple(p if Path(p).is_absolute() else str(PLUGINS / p) for p in plugins)
    return Scenario.quick("cardgame", players, agent=agent, seed=seed, plugins=paths)


def write_plugin(folder: Path, name: str, body: str) -> str:
    path = folder / f"{name}.py"
    path.write_text("from peloponnes.core import hookimpl\n\n\n" + body)
    return str(path)
