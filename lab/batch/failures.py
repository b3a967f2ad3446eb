"""The failed games of a batch, as every batch command reports them (simulate, compare, sweep,
explain, the skill trace): grouped by where they failed (the scenario, plugin, hook, rule and
message) with their seeds, and the first one played again and saved, so it can be replayed.

A failed game is never lost from the count: the commands list every group and exit with the
plugin code, whatever else they write (``--json -`` included)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from peloponnes.core.errors import PluginError
from peloponnes.core.plugins import Ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch.executors import WORKER_DIED
from peloponnes.lab.batch.game_record import GameFailure
from peloponnes.lab.simulate import run_game
from peloponnes.table.record import save_game


def group_failures(failures: Iterable[GameFailure], names: Sequence[str]) -> list[dict]:
    """Failures grouped by scenario (``names[failure.scenario]``: a letter, a grid point's
    values, or "" for a batch of one scenario), plugin, hook, rule and message, each group with
    its seeds, in the order the groups first appear."""
    groups: dict[tuple, dict] = {}
    for f in failures:
        key = (f.scenario, f.plugin, f.hook, f.rule, f.message)
        group = groups.setdefault(key, {"scenario": names[f.scenario], "plugin": f.plugin,
                                        "hook": f.hook, "rule": f.rule, "message": f.message,
                                        "seeds": []})
        group["seeds"].append(f.seed)
    return list(groups.values())


def first_failure(failures: Iterable[GameFailure]) -> GameFailure | None:
    """The failure of the lowest seed (of the first scenario among those of that seed)."""
    return min(failures, key=lambda f: (f.seed, f.scenario), default=None)


def save_failed_game(failure: GameFailure, ruleset: Ruleset, scenario: Scenario,
                     folder: Path) -> Path | None:
    """Play the failed game again in this process (same seed, same answers: it fails the same
    way) and save it up to the failure, so it can be replayed; None when the failure came after
    the game ended, or its worker process died with it (not played again here: what killed the
    worker would end this process too)."""
    if failure.hook == WORKER_DIED:
        return None
    try:
        run_game(ruleset, scenario, failure.seed, check="decision")
    except PluginError as exc:
        game = getattr(exc, "game", None)
        if game is not None:
            return save_game(game, folder / f"failed-{game.variant.name}-seed{failure.seed}.toml",
                             note=str(exc))
    return None
