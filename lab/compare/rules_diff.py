"""The rules diff: what differs between two scenarios of a comparison, in words: variant,
options, the plugins each adds or drops with the hooks they implement (and the call order where
it decides the result), the component values that differ, the bots, the seed."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from peloponnes.core.plugins import LoadedPlugin
from peloponnes.lab.compare.scenarios import Entry


def _fmt(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def diff_paths(a: Any, b: Any, path: str = "", out: list[str] | None = None) -> list[str]:
    """Every key path where ``a`` and ``b`` differ, as ``path: old -> new`` lines."""
    out = [] if out is None else out
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            sub = f"{path}.{key}" if path else str(key)
            if key not in b:
                out.append(f"{sub}: removed (was {_fmt(a[key])})")
            elif key not in a:
                out.append(f"{sub}: added ({_fmt(b[key])})")
            else:
                diff_paths(a[key], b[key], sub, out)
    elif isinstance(a, list) and isinstance(b, list):
        for i in range(min(len(a), len(b))):
            diff_paths(a[i], b[i], f"{path}[{i}]", out)
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} -> {len(b)} entries")
    elif a != b:
        out.append(f"{path or '(top level)'}: {_fmt(a)} -> {_fmt(b)}")
    return out


def _plugin_key(plugin: LoadedPlugin) -> tuple:
    return (plugin.kind, plugin.name, plugin.source)


def describe_plugin(entry: Entry, plugin: LoadedPlugin) -> dict:
    hooks = plugin.hooks(entry.ruleset.pm)
    orders = {}
    for hook in hooks:
        caller = getattr(entry.ruleset.pm.hook, hook, None)
        spec = getattr(caller, "spec", None)
        firstresult = bool(spec and spec.opts.get("firstresult"))
        wrapped = caller is not None and any(i.hookwrapper or i.wrapper
                                             for i in caller.get_hookimpls())
        order = entry.ruleset.hook_order(hook)
        if len(order) > 1 and (firstresult or wrapped):    # where the order decides the result
            orders[hook] = order
    where = plugin.source
    return {"name": plugin.name, "kind": plugin.kind, "source": where, "hooks": hooks,
            "hook_order": orders,
            "description": (plugin.declared or {}).get("description", "")}


def short_path(path: str) -> str:
    """A path relative to the current folder when it lies below it (for people to read)."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return path


def _plugin_line(sign: str, info: dict) -> str:
    kind = "variant plugin" if info["kind"] == "variant" else "plugin"
    source = short_path(info["source"]) if info["kind"] == "file" else info["source"]
    text = f"{sign} {kind} {info['name']} ({source})"
    if info["description"]:
        text += f": {info['description'].rstrip('.')}"
    text += f". Implements {', '.join(info['hooks']) or 'no hooks'}"
    orders = [f"{hook}: {' -> '.join(order)}" for hook, order in info["hook_order"].items()]
    if orders:
        text += f" (call order {'; '.join(orders)})"
    return text


COMPONENT_DIFF_CAP = 12


def rules_diff(base: Entry, other: Entry, *, first_seed: int) -> dict:
    """What differs between ``other`` and ``base``, in words (a list of lines per topic)."""
    lines: list[str] = []
    a, b = base.scenario, other.scenario
    va, vb = base.ruleset.variant, other.ruleset.variant
    if va.name == vb.name:
        lines.append(f"variant: same ({va.name})")
    else:
        stacked = f", stacked on {vb.base}" if vb.base else ""
        lines.append(f"variant: {va.name} -> {vb.name} ({vb.title}{stacked})")
    option_diff = diff_paths(dict(a.options), dict(b.options))
    lines.append("options: " + ("same" if not option_diff else "; ".join(option_diff)))
    pa = {_plugin_key(p): p for p in base.ruleset.plugins if p.kind != "core"}
    pb = {_plugin_key(p): p for p in other.ruleset.plugins if p.kind != "core"}
    plugin_lines = []
    for key, plugin in pb.items():
        if key not in pa:
            plugin_lines.append(_plugin_line("+", describe_plugin(other, plugin)))
    for key, plugin in pa.items():
        if key not in pb:
            plugin_lines.append(_plugin_line("-", describe_plugin(base, plugin)))
    if plugin_lines:
        lines.append("plugins:")
        lines.extend(f"  {line}" for line in plugin_lines)
    else:
        lines.append("plugins: same")
    changes = diff_paths(base.ruleset.components, other.ruleset.components)
    if not changes:
        lines.append("components: same" + ("" if base.ruleset.components_path ==
                                            other.ruleset.components_path
                                            else " data (different files)"))
    else:
        where = ("" if base.ruleset.components_path == other.ruleset.components_path
                 else f" ({base.ruleset.components_path} -> {other.ruleset.components_path})")
        lines.append(f"components: {len(changes)} difference{'s' if len(changes) != 1 else ''}"
                     f"{where}:")
        lines.extend(f"  {c}" for c in changes[:COMPONENT_DIFF_CAP])
        if len(changes) > COMPONENT_DIFF_CAP:
            lines.append(f"  ... and {len(changes) - COMPONENT_DIFF_CAP} more")
    agents = [f"{pa_.name} {pa_.agent} -> {pb_.agent}"
              for pa_, pb_ in zip(a.players, b.players, strict=True) if pa_.agent != pb_.agent]
    lines.append("agents: " + ("same" if not agents else "; ".join(agents)
                               + " (differences may come from the bots, not the rules)"))
    forbidden = [f"{pa_.name} {', '.join(pa_.forbid) or 'nothing'} -> "
                 f"{', '.join(pb_.forbid) or 'nothing'}"
                 for pa_, pb_ in zip(a.players, b.players, strict=True) if pa_.forbid != pb_.forbid]
    if forbidden:   # restricted play (agents.restricted): the seats' options, not the rules
        lines.append("forbidden options: " + "; ".join(forbidden))
    if b.seed != first_seed:
        lines.append(f"seed: the file says {b.seed}; compare plays {other.letter} with "
                     f"{base.letter}'s seeds (from {first_seed}) so the games are paired")
    return {"scenario": other.letter, "vs": base.letter, "lines": lines,
            "component_changes": len(changes)}
