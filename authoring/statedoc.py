"""The state reference for plugin authors, generated from the variants themselves
(``peloponnes hooks --state``; ``docs/state.md`` is its output, a test keeps it current).

For each installed variant: the state classes and their fields, the helpers a plugin must use to
change state legally (``Variant.state_api``), the invariants (the docstring of the variant's
``check_invariants``), the events its code emits with their fields (read from the source:
every ``emit("kind", rule, field=...)``), and the keys of the view a seat gets (read from a
started game). The core part states the phase contract and the engine's own events.
"""
from __future__ import annotations

import ast
import dataclasses
import inspect
import sys
from pathlib import Path

from peloponnes.core.engine import Game
from peloponnes.core.plugins import discover_variants, load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.core.variant import Variant

ENGINE_FILE = Path(inspect.getfile(Game))   # the engine emits events of its own

PHASE_CONTRACT = """\
A round is a list of `Phase(name, run, rule)` (from `list_round_phases`; setup phases from
`list_setup_phases`, the game end's from `list_final_phases`). `run(game)` is called once per
phase and either returns None (a plain function: it only changes state) or is a generator that
changes state and `yield`s a `Decision` wherever a player must choose; the engine sends back the
chosen `Option` (`answer = yield Decision(...)`). A generator may ask nothing (a `return` before
any `yield`, or a function that never reaches its `yield`). A plain function may also return
another generator's steps (an iterator of Decisions, e.g. `return auction.run(order)`): the
engine runs them as the phase's own, one level of `yield from` less at every decision. A
decision with one option is taken without asking anybody. Phases never call agents, prompts or
`print`, and draw randomness only from `game.rng`.

`game.round` is 0 during `setup_game` and the setup phases, 1..N during round N (set before
`list_round_phases` is asked for that round and before the `round_started` event), and N + 1
during the final phases and scoring (N = `count_rounds`). `game.phase` is the phase running.

State belongs to the variant (`game.state`); a plugin stacked on it keeps its own part in
`game.stash` under a `StashKey` it owns (`peloponnes.core.StashKey`). Change a variant's state
through the helpers listed below: they keep the invariants (caps, conservation) and emit the
events observers count. `on_event` observers may not change state. (An attribute a plugin sets on
the game itself is kept too, and a fork copies it, as it copies `state` and `stash`.)

Rules ask other rules through the hooks: `game.hook.NAME(game=game, seat=seat, ...)`, with
keywords; code that asks a hook for every seat, tile or round may call
`game.positional.NAME(game, seat, ...)`, every argument in the signature's order (the same call,
cheaper; docs/hooks.md)."""


def emitted_events(paths: list[Path]) -> dict[str, dict]:
    """Every ``*.emit("kind", ..., field=...)`` in ``paths``: kind -> {"fields", "modules"}."""
    found: dict[str, dict] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "emit" and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                continue
            entry = found.setdefault(node.args[0].value, {"fields": set(), "modules": set()})
            entry["fields"].update(k.arg for k in node.keywords if k.arg)
            entry["modules"].add(path.stem)
    return dict(sorted(found.items()))


def _package_files(variant: Variant) -> list[Path]:
    """The source files of the package holding the variant's plugins, and the shared family
    modules (``variants.common``) it imports."""
    folders = {Path(inspect.getfile(type(obj) if not inspect.ismodule(obj) else obj)).parent
               for obj in variant.plugins}
    files = sorted(f for folder in folders for f in folder.glob("*.py"))
    shared: set[Path] = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and ".common." in node.module:
                module = sys.modules.get(node.module)
                if module is not None and getattr(module, "__file__", None):
                    shared.add(Path(module.__file__))
    return files + sorted(shared - set(files))


def _type_name(annotation) -> str:
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__",
                                                                  str(annotation))


def _first_paragraph(obj) -> str:
    doc = inspect.getdoc(obj) or ""
    if inspect.isclass(obj) and doc.startswith(f"{obj.__name__}("):
        return ""                               # the signature dataclasses make up
    return " ".join(doc.split("\n\n")[0].split())


def _api_lines(obj) -> list[str]:
    if dataclasses.is_dataclass(obj):
        lines = [f"- class `{obj.__name__}`: {_first_paragraph(obj)}".rstrip(": ")]
        for f in dataclasses.fields(obj):
            lines.append(f"  - `{f.name}: {_type_name(f.type)}`")
        props = [name for name, value in vars(obj).items()
                 if not name.startswith("_") and (isinstance(value, property)
                                                  or inspect.isfunction(value))]
        if props:
            lines.append("  - methods and properties: " + ", ".join(f"`{p}`" for p in props))
        return lines
    signature = f"{obj.__name__}{inspect.signature(obj)}"
    module = obj.__module__.removeprefix("peloponnes.")
    return [f"- `{signature}` ({module}): {_first_paragraph(obj)}".rstrip(": ")]


def _value_shape(value) -> str:
    if isinstance(value, dict):
        return "dict: " + ", ".join(f"`{k}`" for k in value) if value else "dict"
    if isinstance(value, list | tuple):
        items = [v for v in value if v is not None]
        if items and isinstance(items[0], dict):
            return "list of dicts: " + ", ".join(f"`{k}`" for k in items[0])
        return f"list of {type(items[0]).__name__}" if items else "list"
    return "None at that point" if value is None else type(value).__name__


def view_keys(variant: Variant) -> dict[str, str]:
    """The keys of the view a seat gets at the first decision of a seeded game, with the shape
    of each value (the keys of a dict, or of a list's dicts)."""
    players = min(max(variant.min_players, 2), variant.max_players)
    ruleset, scenario = load_ruleset(Scenario.quick(variant.name, players))
    game = Game(ruleset, scenario).start()
    seat = game.pending.seat if game.pending is not None else 0
    return {key: _value_shape(value) for key, value in game.view(seat).items()}


def _invariants(variant: Variant) -> str:
    docs = []
    for obj in variant.plugins:
        method = getattr(obj, "check_invariants", None)
        if method is not None and inspect.getdoc(method):
            docs.append(" ".join(inspect.getdoc(method).split()))
    return "\n\n".join(docs) or "(none declared)"


def variant_section(variant: Variant) -> list[str]:
    lines = [f"## `{variant.name}`: {variant.title}", ""]
    if variant.base:
        lines += [f"Stacked on `{variant.base}`: everything of that section holds; what follows "
                  "is added.", ""]
    lines += ["### State and the helpers that change it", ""]
    lines += [line for obj in variant.state_api for line in _api_lines(obj)] or ["(none)"]
    lines += ["", "### Invariants (`check_invariants`)", "", _invariants(variant), "",
              "### Events", ""]
    files = _package_files(variant)
    if variant.base:            # shared modules the base already lists are not repeated
        files = [f for f in files if f not in _package_files(discover_variants()[variant.base])]
    for kind, entry in emitted_events(files).items():
        fields = ", ".join(f"`{f}`" for f in sorted(entry["fields"])) or "no fields"
        lines.append(f"- `{kind}`: {fields} ({', '.join(sorted(entry['modules']))})")
    lines += ["", "### View (`view_for_seat`: keys at a seat's first decision)", ""]
    keys = view_keys(variant)
    if variant.base:
        base = view_keys(discover_variants()[variant.base])
        keys = {k: shape for k, shape in keys.items() if base.get(k) != shape}
        lines += [f"The `{variant.base}` view's keys, and these (new, or with more keys):", ""]
    lines += [f"- `{key}`: {shape}" for key, shape in keys.items()]
    return lines + [""]


def markdown(variants: dict[str, Variant]) -> str:
    lines = ["# State reference", "",
             "Generated by `peloponnes hooks --state` from the variants' code; a test keeps this "
             "file in step. The hooks are in `docs/hooks.md` (`peloponnes hooks`).", "",
             "## The phase contract (every variant)", "", PHASE_CONTRACT, "",
             "### Events of the engine", ""]
    for kind, entry in emitted_events([ENGINE_FILE]).items():
        fields = ", ".join(f"`{f}`" for f in sorted(entry["fields"])) or "no fields"
        lines.append(f"- `{kind}`: {fields}")
    lines += ["", "Every event is a `core.Event`: `seq` (its number in the game), "
              "`round`, `kind`, `data` (the fields listed) and `rule`. Rules and plugins log "
              "one with `game.emit(kind, rule, field=value, ...)`: the kind and the rulebook "
              "section first, by position, then the fields as keywords (a field may not be "
              "named `kind` or `rule`).", ""]
    for variant in variants.values():
        lines += variant_section(variant)
    return "\n".join(lines).rstrip() + "\n"
