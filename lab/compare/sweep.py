"""``peloponnes sweep SCENARIO --vary KEY=V1,V2 ...``: play a grid of values with paired seeds.

A KEY is one of
- ``options.NAME``: a variant option (``[options]`` of the scenario);
- ``components.PATH``: a value of the component file, by key path (``rules.conquest_surcharge``,
  ``power_cards[3].value``); a grid point plays a copy of the scenario's component file (or the
  variant's) with its values changed, written to a temporary folder (one file per distinct set
  of component values, so at most one per grid point; the folder is removed on every exit);
- ``plugins.PLUGIN.NAME``: a parameter the plugin declares (``declare_plugin`` ->
  ``parameters``), as a scenario's ``[parameters.PLUGIN]`` table sets it.

Every grid point is a scenario; the points and the scenario's own values (the reference, first)
go through ``compare`` on the same seeds (game i of every point uses the scenario's seed + i),
so each point's paired difference against the scenario's own value comes with its interval.
No game is played before the whole grid is checked: its size first, before anything is written
(at most ``MAX_POINTS`` points unless the caller raises the limit: each point is a ruleset every
worker loads, and plays ``games`` games), then every value on its own, where it enters the rules
(options, component schema, parameter declarations), so a bad one is a one-line error naming
the key and the value, then every point as a whole.
"""
from __future__ import annotations

import itertools
import math
import re
import tempfile
import tomllib
from collections.abc import Callable, Sequence
from copy import deepcopy
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import tomli_w

from peloponnes.core.components import read_toml
from peloponnes.core.errors import ConfigError
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import first_failure, save_failed_game
from peloponnes.lab.batch.executors import Progress
from peloponnes.lab.compare.result import CompareResult
from peloponnes.lab.compare.run import compare

KINDS = ("options", "components", "plugins")
# The most grid points a sweep plays unless the caller raises it (``sweep --max-points``).
MAX_POINTS = 100
_PART = re.compile(r"^([^\[\]]+)((?:\[\d+\])*)$")


@dataclass(frozen=True)
class Axis:
    """One ``--vary``: the key, its values in the order given, and the scenario's own value."""
    key: str
    values: tuple
    own: Any

    @property
    def kind(self) -> str:
        return self.key.split(".", 1)[0]


def parse_value(text: str) -> Any:
    """A value as TOML reads it (``3``, ``0.5``, ``true``, ``"x"``), else the text itself."""
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def parse_vary(text: str) -> tuple[str, tuple]:
    """``KEY=V1,V2,...`` -> (key, values)."""
    key, sep, values = text.partition("=")
    key = key.strip()
    if not sep or not key or not values.strip():
        raise ConfigError(f"--vary '{text}': write KEY=V1,V2,... (e.g. "
                          "options.final_round_income=0,1)")
    if key.split(".", 1)[0] not in KINDS or "." not in key:
        raise ConfigError(f"--vary '{key}': the key starts with one of "
                          f"{', '.join(k + '.' for k in KINDS)}")
    parsed = tuple(parse_value(v.strip()) for v in values.split(",") if v.strip())
    if len(set(map(repr, parsed))) != len(parsed):
        raise ConfigError(f"--vary '{key}': a value is given twice")
    return key, parsed


def _steps(path: str) -> list[str | int]:
    """``power_cards[3].value`` -> ["power_cards", 3, "value"]."""
    steps: list[str | int] = []
    for part in path.split("."):
        match = _PART.match(part)
        if not match:
            raise ConfigError(f"'{path}': not a key path (e.g. rules.conquest_surcharge or "
                              "power_cards[3].value)")
        steps.append(match.group(1))
        steps.extend(int(i) for i in re.findall(r"\[(\d+)\]", match.group(2)))
    return steps


def _walk(data: Any, steps: list[str | int], path: str) -> tuple[Any, str | int]:
    """The container holding the last step, checking every step exists."""
    node = data
    for i, step in enumerate(steps):
        ok = (isinstance(node, dict) and step in node) if isinstance(step, str) else (
            isinstance(node, list) and step < len(node))
        if not ok:
            known = ", ".join(map(str, node)) if isinstance(node, dict) else ""
            raise ConfigError(f"components.{path}: no such key"
                              + (f" (known here: {known})" if known else ""))
        if i == len(steps) - 1:
            return node, step
        node = node[step]
    raise ConfigError(f"components.{path}: empty key path")


class GridBuilder:
    """Turns the scenario and its axes into one scenario per grid point."""

    def __init__(self, scenario: Scenario, folder: Path):
        self.scenario = scenario
        self.folder = folder
        self.files: dict[str, Path] = {}        # component values changed -> their file
        ruleset, self.completed = load_ruleset(scenario)
        self.parameters = ruleset.parameters
        self.components_path = Path(scenario.resolve(scenario.components) if scenario.components
                                    else str(ruleset.variant.components))
        self.raw_components = read_toml(self.components_path)

    def own_value(self, key: str) -> Any:
        kind, rest = key.split(".", 1)
        if kind == "options":
            if rest not in self.completed.options:
                raise ConfigError(f"{key}: no such option (known: "
                                  f"{', '.join(self.completed.options) or 'none'})")
            return self.completed.options[rest]
        if kind == "components":
            node, last = _walk(self.raw_components, _steps(rest), rest)
            return node[last]
        plugin, _, name = rest.partition(".")
        params = self.parameters.get(plugin)
        if params is None or not name:
            raise ConfigError(f"{key}: write plugins.PLUGIN.PARAMETER; plugins with parameters: "
                              f"{', '.join(self.parameters) or 'none'}")
        if name not in params:
            raise ConfigError(f"{key}: plugin {plugin} declares no parameter '{name}' (known: "
                              f"{', '.join(params)})")
        return params[name]

    def check_value(self, key: str, value: Any) -> None:
        """Load the scenario with ``key`` alone set to ``value``: a value the rules refuse is a
        one-line error naming the key and the value."""
        try:
            load_ruleset(self.point({key: value}, point_label({key: value})))
        except ConfigError as exc:
            # what the rules say of the value, without the temporary file it was written to
            said = ": ".join(part for part in (exc.path, exc.detail) if part)
            raise ConfigError(f"--vary {key}={value!r}: {said}") from None

    def point(self, values: dict[str, Any], name: str) -> Scenario:
        """The scenario with every key of ``values`` set (a component file written if needed)."""
        sc = self.scenario
        options, parameters = dict(sc.options), {k: dict(v) for k, v in sc.parameters.items()}
        changed = {k: v for k, v in values.items()     # (the file's own values need no copy)
                   if k.startswith("components.") and repr(v) != repr(self.own_value(k))}
        for key, value in values.items():
            kind, rest = key.split(".", 1)
            if kind == "options":
                options[rest] = value
            elif kind == "plugins":
                plugin, _, param = rest.partition(".")
                parameters.setdefault(plugin, {})[param] = value
        path = str(self._components_file(changed)) if changed else sc.components
        return replace(sc, name=name, options=options, parameters=parameters, components=path)

    def _components_file(self, changed: dict[str, Any]) -> Path:
        """The component file with the ``changed`` values (``components.PATH`` keys), written
        once however many points share these values."""
        key = repr(sorted(changed.items()))
        if key not in self.files:
            components = deepcopy(self.raw_components)
            for name, value in changed.items():
                rest = name.split(".", 1)[1]
                node, last = _walk(components, _steps(rest), rest)
                node[last] = value
            file = self.folder / f"point{len(self.files) + 1}-{self.components_path.name}"
            file.write_bytes(tomli_w.dumps(components).encode())
            self.files[key] = file
        return self.files[key]


def point_label(values: dict[str, Any]) -> str:
    return ", ".join(f"{key.rsplit('.', 1)[-1]}={value!r}" if isinstance(value, str)
                     else f"{key.rsplit('.', 1)[-1]}={value}" for key, value in values.items())


@dataclass
class SweepResult:
    """The grid's results: ``points[i]`` (its values) is ``compare.entries[i]``; point 0 is the
    scenario's own values (the reference of every paired difference). ``own_in_grid`` says
    whether the scenario's own values are also a grid point (else point 0 is extra)."""
    scenario: Scenario
    axes: list[Axis]
    points: list[dict]
    compare: CompareResult
    own_in_grid: bool
    saved: Path | None = None          # where the first failed game was saved, if one failed

    @property
    def games(self) -> int:
        return self.compare.games

    def labels(self) -> list[str]:
        return [point_label(p) + (" (scenario)" if i == 0 else "")
                for i, p in enumerate(self.points)]

    def grid_order(self) -> list[int]:
        """Point indices in the grid's order (the axes' values as given), the scenario's own
        values in their place when they are a grid point; else, for one numeric key, where the
        value falls among the others, or first."""
        index = {tuple(repr(p[a.key]) for a in self.axes): i for i, p in enumerate(self.points)}
        order = [index[tuple(repr(v) for v in combo)]
                 for combo in itertools.product(*(a.values for a in self.axes))]
        if self.own_in_grid:
            return order
        axis = self.axes[0]
        numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool)
                      for v in (*axis.values, axis.own))
        if len(self.axes) == 1 and numeric:      # the scenario's own value where it belongs
            place = sum(1 for v in axis.values if v < axis.own)
            return [*order[:place], 0, *order[place:]]
        return [0, *order]


def check_grid_size(parsed: Sequence[tuple[str, tuple]], max_points: int) -> None:
    """Refuse a grid of more than ``max_points`` points, saying how to raise the limit."""
    size = math.prod(len(values) for _, values in parsed)
    if size > max_points:
        shape = " × ".join(f"{len(values):,}" for _, values in parsed)
        raise ConfigError(f"the grid has {size:,} points ({shape} values), more than the "
                          f"{max_points:,} a sweep plays unless told: vary fewer values, or "
                          f"raise the limit with --max-points {size}")


def sweep(scenario: Scenario, vary: Sequence[str], games: int, *, workers: int | None = None,
          metrics: Sequence[str] | None = None, progress: Progress | None = None,
          folder: Path | None = None, executor=None, max_points: int = MAX_POINTS,
          saves: Path | None = None,
          prepare: Callable[[list[Scenario]], None] | None = None) -> SweepResult:
    """Play ``games`` paired games at every point of the grid the ``vary`` texts span
    (``KEY=V1,V2``), plus the scenario's own values when they are not a grid point.
    ``executor``: who plays the games (as for ``compare``; default: local processes).
    ``max_points``: the largest grid played (larger: a ConfigError before anything is written).
    ``folder``: where the temporary folder of component files goes (default: the system's).
    ``saves``: where the first failed game is saved for replay, if a game fails.
    ``prepare``: called with the grid points' scenarios before any game is played (while their
    component files exist), e.g. to train a learned agent's model for each point's rules once,
    rather than in every worker that plays it."""
    if not vary:
        raise ConfigError("sweep needs at least one --vary KEY=V1,V2,...")
    parsed = [parse_vary(v) for v in vary]
    keys = [k for k, _ in parsed]
    if len(set(keys)) != len(keys):
        raise ConfigError("each key may be varied once")
    check_grid_size(parsed, max_points)
    sc = scenario.with_bots_for_humans()[0].with_absolute_paths()
    with tempfile.TemporaryDirectory(prefix="peloponnes-sweep-", dir=folder) as tmp:
        builder = GridBuilder(sc, Path(tmp).resolve())
        axes = [Axis(k, values, builder.own_value(k)) for k, values in parsed]
        for axis in axes:
            for value in axis.values:
                builder.check_value(axis.key, value)
        own = {a.key: a.own for a in axes}
        grid = [dict(zip(keys, combo, strict=True))
                for combo in itertools.product(*(a.values for a in axes))]
        own_in_grid = any(all(repr(p[k]) == repr(own[k]) for k in keys) for p in grid)
        points = [own] + [p for p in grid if any(repr(p[k]) != repr(own[k]) for k in keys)]
        if len(points) < 2:
            raise ConfigError("the grid holds only the scenario's own values: vary something")
        scenarios = [builder.point(p, point_label(p)) for p in points]
        if prepare is not None:
            prepare(scenarios)
        result = compare(scenarios, games, workers=workers, metrics=metrics,
                         first_seed=sc.seed, progress=progress, executor=executor)
        swept = SweepResult(sc, axes, points, result, own_in_grid)
        if saves is not None:
            swept.saved = save_first_failure(swept, saves, builder.folder)
    return swept


def save_first_failure(swept: SweepResult, folder: Path, temporary: Path) -> Path | None:
    """Save the sweep's first failed game to ``folder`` for replay (None: nothing failed or it
    could not be saved). A grid point's component file lies in the ``temporary`` folder, so the
    save gets a lasting copy of it beside it."""
    failure = first_failure(swept.compare.failures)
    if failure is None:
        return None
    entry = swept.compare.entries[failure.scenario]
    scenario = entry.scenario
    components = Path(scenario.components) if scenario.components else None
    kept = None
    if components is not None and components.parent == temporary:
        folder.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=folder, suffix=".toml",
                                        prefix=f"failed-{scenario.variant}-seed{failure.seed}-"
                                               "components-")
        with open(handle, "wb") as out:
            out.write(components.read_bytes())
        kept = Path(name)
        scenario = replace(scenario, components=str(kept))
    saved = save_failed_game(failure, entry.ruleset, scenario, folder)
    if saved is None and kept is not None:
        kept.unlink()
    return saved
