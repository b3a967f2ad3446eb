"""The scenarios of a comparison, loaded: each gets a letter (A, B, ...), its ruleset, and the
notes people should read (human seats played by bots)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from peloponnes.core.errors import ConfigError
from peloponnes.core.plugins import Ruleset, load_ruleset, read_scenario
from peloponnes.core.scenario import BOT_FOR_HUMANS, Scenario


@dataclass
class Entry:
    """One scenario of a comparison, loaded."""
    letter: str
    path: str
    scenario: Scenario          # options completed, paths absolute, humans replaced by bots
    ruleset: Ruleset
    notes: list[str] = field(default_factory=list)

    @property
    def title(self) -> str:
        return self.scenario.name or Path(self.path).stem

    @property
    def agents(self) -> list[tuple[str, str]]:
        return [(p.name, p.agent) for p in self.scenario.players]


def letter(i: int) -> str:
    """A, B, ..., Z, AA, AB, ... for the scenario at position ``i``."""
    letters = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        letters = chr(65 + r) + letters
    return letters


def prepare(scenarios: Sequence[str | Path | Scenario], *, trust: bool = False) -> list[Entry]:
    """Load every scenario (a file path or a ``Scenario``). Refuses fewer than two scenarios and
    scenarios of different player counts. Human seats are played by the heuristic bot.
    ``trust``: the user consented to the plugin code the scenario files name (``--trust``)."""
    if len(scenarios) < 2:
        raise ConfigError("compare needs at least two scenarios")
    entries = []
    for i, item in enumerate(scenarios):
        if isinstance(item, Scenario):
            sc, path = item, item.source or f"scenario {i + 1}"
        else:
            sc, path = read_scenario(item, trusted=trust), str(item)
        sc, humans = sc.with_bots_for_humans()
        notes = ([f"human seat(s) {', '.join(humans)} played by the {BOT_FOR_HUMANS} bot"]
                 if humans else [])
        ruleset, sc = load_ruleset(sc.with_absolute_paths())
        entries.append(Entry(letter(i), path, sc, ruleset, notes))
    counts = [len(e.scenario.players) for e in entries]
    if len(set(counts)) > 1:
        listed = ", ".join(f"{e.path}: {n}" for e, n in zip(entries, counts, strict=True))
        raise ConfigError(f"scenarios have different player counts ({listed}); compare pairs "
                          "seats game by game, so every scenario needs the same number of players")
    return entries
