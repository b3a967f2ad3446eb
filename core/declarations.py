"""What plugins say about themselves: the ``declare_plugin`` answers (requirements, conflicts,
parameters), checked when a ruleset is assembled, and the plugin parameters a scenario sets
(``[parameters.PLUGIN]``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

from .containment import describe_exception, no_hard_exit
from .errors import ConfigError, PluginError
from .schema import Field, Table, validate

if TYPE_CHECKING:
    from .plugins import LoadedPlugin
    from .scenario import Scenario
    from .variant import Variant


NAME_LIST_KEYS = ("requires_variant", "requires_plugins", "conflicts_with")
DECLARATION_KEYS = ("description", *NAME_LIST_KEYS, "parameters")


def _checked_declaration(plugin: LoadedPlugin, declared) -> dict:
    """One ``declare_plugin`` answer, checked: a table of the known keys whose lists name
    variants or plugins (a single name given as a string is taken as a one-name list)."""
    def fail(message: str):
        raise PluginError(message, plugin=plugin.source, hook="declare_plugin")

    if not isinstance(declared, dict):
        fail(f"declare_plugin returned {declared!r:.60}, not a dict")
    unknown = [k for k in declared if k not in DECLARATION_KEYS]
    if unknown:
        fail(f"unknown key {unknown[0]!r:.40} (known: {', '.join(DECLARATION_KEYS)})")
    checked = dict(declared)
    if not isinstance(checked.get("description", ""), str):
        fail("'description' must be a string")
    parameters = checked.get("parameters") or {}
    if not isinstance(parameters, dict) or not all(isinstance(n, str) for n in parameters):
        fail("'parameters' must be a table of parameter names")
    for key in NAME_LIST_KEYS:
        names = checked.get(key) or []
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
            fail(f"'{key}' must be a list of names")
        checked[key] = list(names)
    return checked


def _declarations(pm: pluggy.PluginManager, plugin: LoadedPlugin,
                  plugins: list[LoadedPlugin]) -> dict:
    """What ``plugin`` says about itself, asked through the ``declare_plugin`` hook with every
    other plugin left out of the call."""
    others = [p.obj for p in plugins if p is not plugin]
    declared: dict = {}
    try:
        with no_hard_exit():
            parts = pm.subset_hook_caller("declare_plugin", remove_plugins=others)()
    except (Exception, SystemExit) as exc:
        raise PluginError(describe_exception(exc), plugin=plugin.source,
                          hook="declare_plugin") from exc
    for part in parts:
        declared.update(_checked_declaration(plugin, part))
    return declared


def check_declarations(pm: pluggy.PluginManager, chain: list[Variant],
                        plugins: list[LoadedPlugin]) -> None:
    variant_names = {v.name for v in chain}
    names = {p.name for p in plugins} | {p.source for p in plugins}
    for plugin in plugins:
        plugin.declared = _declarations(pm, plugin, plugins)
        required = plugin.declared.get("requires_variant") or []
        if required and not variant_names & set(required):
            raise PluginError(f"requires variant {' or '.join(required)}, but the scenario plays"
                              f" '{chain[-1].name}'", plugin=plugin.source)
        for other in plugin.declared.get("requires_plugins") or []:
            if other not in names:
                raise PluginError(f"requires plugin '{other}', which the scenario does not load",
                                  plugin=plugin.source)
        for other in plugin.declared.get("conflicts_with") or []:
            if other in names and other != plugin.name:
                raise PluginError(f"conflicts with plugin '{other}'", plugin=plugin.source)


PARAMETER_TYPES = {"int": int, "float": float, "bool": bool, "str": str}


def parameter_schema(plugin: LoadedPlugin) -> Table:
    """The parameters a plugin declares (``declare_plugin`` -> ``parameters``: name -> {type,
    default, min, max, choices, description}) as a schema for a scenario's
    ``[parameters.PLUGIN]`` table."""
    fields = {}
    for name, spec in (plugin.declared.get("parameters") or {}).items():
        kind = PARAMETER_TYPES.get(spec.get("type", "str")) if isinstance(spec, dict) else None
        if (kind is None or "default" not in spec
                or not isinstance(spec.get("choices") or (), (list, tuple))):
            raise PluginError(f"parameter '{name}': declare a dict with 'type' (one of "
                              f"{', '.join(PARAMETER_TYPES)}), 'default' and optionally a list "
                              "of 'choices'",
                              plugin=plugin.source, hook="declare_plugin")
        fields[name] = Field(kind, default=spec["default"], choices=tuple(spec["choices"])
                             if spec.get("choices") else None, min=spec.get("min"),
                             max=spec.get("max"), doc=spec.get("description", ""))
    return Table(fields)


def check_parameters(plugins: list[LoadedPlugin], scenario: Scenario) -> dict[str, dict]:
    """Every plugin's parameters: the scenario's ``[parameters.PLUGIN]`` values checked against
    the plugin's declaration, defaults filled in. A table for a plugin the scenario does not
    load, or an undeclared parameter, is an error naming the key."""
    by_name = {p.name: p for p in plugins if p.kind in ("file", "module")}
    for name in scenario.parameters:
        if name not in by_name:
            raise ConfigError(f"no loaded plugin '{name}' (loaded: "
                              f"{', '.join(by_name) or 'none'})", where=scenario.where,
                              path=f"parameters.{name}")
    out = {}
    for name, plugin in by_name.items():
        schema = parameter_schema(plugin)
        given = dict(scenario.parameters.get(name, {}))
        if schema.fields or given:
            out[name] = validate(given, schema, where=scenario.where, path=f"parameters.{name}")
    return out
