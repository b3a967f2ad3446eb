"""The plugin manager: finds rulesets, loads a scenario's plugins and checks them.

Where plugins come from:
- installed entry points of the ``peloponnes`` group (the built-in variants are registered there
  by ``pyproject.toml``, exactly like a third-party package would);
- a scenario's ``plugins`` list: a ``.py`` file path (relative to the scenario, then to the
  current folder), an entry-point name, or an importable module name.
"""
from __future__ import annotations

import difflib
import hashlib
import importlib
import importlib.util
import inspect
import sys
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pluggy

from . import hookspecs
from .components import DefaultComponents, check_file, reconstructed_paths
from .containment import HardExit, TimeLimit, no_hard_exit
from .errors import ConfigError, PluginError, UntrustedCode
from .hookrelay import RelayPluginManager, relay_enabled
from .results import install_checks
from .scenario import Scenario, is_plugin_path
from .schema import Field, Table, validate
from .standing import DefaultStanding
from .trust import PluginSource, classify, is_module_name, refusal
from .variant import Variant

ENTRY_POINT_GROUP = "peloponnes"
MAX_PATH = 4096


@dataclass
class LoadedPlugin:
    name: str
    source: str          # "variant cardgame", a file path or a module name
    kind: str            # "variant", "file", "module", "core"
    obj: Any
    declared: dict = field(default_factory=dict)

    def home(self) -> Path | None:
        """Where the plugin's code lives: its file, or its package's folder (None for the
        core's own default implementations)."""
        if self.kind == "core":
            return None
        module = self.obj if inspect.ismodule(self.obj) else inspect.getmodule(self.obj)
        filename = getattr(module, "__file__", None)
        if not filename:
            return None
        path = Path(filename).resolve()
        return path.parent if self.kind == "variant" or path.name == "__init__.py" else path

    def hooks(self, pm: pluggy.PluginManager) -> list[str]:
        return sorted({caller.name for caller in _impls_of(pm, self.obj)})


@dataclass
class Ruleset:
    """Everything a scenario loads once and every game of it shares: the variant, the plugin
    manager with its plugins registered in order, and the validated component data."""
    variant: Variant
    pm: pluggy.PluginManager
    components: dict
    components_path: str
    plugins: list[LoadedPlugin]
    parameters: dict[str, dict] = field(default_factory=dict)   # plugin -> checked values

    @property
    def hooks(self):
        """What games call hooks through: the plugin manager's relay (each hook's
        implementations resolved once, see ``core.hookrelay``), or pluggy's ``pm.hook`` when the
        relay is switched off (PELOPONNES_PLAIN_HOOKS=1) or the manager has none."""
        relay = getattr(self.pm, "relay", None)
        return relay if relay is not None and relay_enabled() else self.pm.hook

    @property
    def reconstructed(self) -> list[str]:
        return reconstructed_paths(self.components)

    def plugin_of_file(self, filename: str) -> LoadedPlugin | None:
        """The plugin whose code lives in ``filename``: a file plugin's own file, or any file of
        a variant's or installed module's package."""
        path = Path(filename).resolve()
        for plugin in reversed(self.plugins):
            home = plugin.home()
            if home is not None and (path == home or (home.is_dir() and home in path.parents)):
                return plugin
        return None

    def blame(self, exc: BaseException, phase=None, hook: str | None = None) -> PluginError:
        """Turn an exception raised while a game runs into a PluginError naming the plugin,
        the hook (or function) and the rule section being played. ``hook``: the hook being
        called, when no frame of a plugin names one. The error's ``culprit`` is the plugin."""
        frames = traceback.extract_tb(exc.__traceback__)
        hook_names = {n for n in dir(self.pm.hook) if not n.startswith("_")}
        culprit, line = None, None
        fallback, hook = hook, None
        for frame in frames:
            plugin = self.plugin_of_file(frame.filename)
            if plugin is None:
                continue
            if culprit is None or plugin is not culprit:
                culprit, hook, line = plugin, None, None
            if hook is None and frame.name in hook_names:
                hook = frame.name
            line = f"{Path(frame.filename).name}:{frame.lineno} in {frame.name}"
        hook = hook or fallback
        phase_code = getattr(getattr(phase, "run", None), "__code__", None)
        phase_plugin = self.plugin_of_file(phase_code.co_filename) if phase_code else None
        if culprit is None:         # no plugin frame: the phase's own plugin
            culprit = phase_plugin
        elif (isinstance(exc, TimeLimit) and culprit.kind == "variant" and phase_plugin
              and phase_plugin.kind != "variant"):
            # out of time inside the variant's code, while a house rule's phase runs: the
            # variant's code ends, the house rule's phase is the loop
            culprit, hook, line = phase_plugin, None, None
        rule = getattr(phase, "rule", "") or None
        message = describe_exception(exc)
        if line:
            message += f" (at {line})"
        error = PluginError(message, plugin=culprit.source if culprit else None,
                            hook=hook or (f"phase {phase.name}" if phase else None), rule=rule)
        error.culprit = culprit
        return error

    def guard(self, hook: str, phase=None) -> _Guard:
        """``with ruleset.guard(hook):`` runs plugin code: any failure (an exception,
        ``sys.exit``, ``os._exit``) becomes a PluginError naming the plugin and ``hook``."""
        return _Guard(self, hook, phase)

    def blamed(self, exc: BaseException, phase=None, hook: str | None = None) -> BaseException:
        """The error to raise for a failure in plugin code: a PluginError blaming the plugin
        (``blame``), except that a ConfigError from the core's or the variant's own code (bad
        data, e.g. component counts that do not fit the player count) stays a ConfigError."""
        error = self.blame(exc, phase, hook)
        if isinstance(exc, ConfigError) and getattr(error.culprit, "kind", None) in (
                "variant", "core", None):
            return exc
        return error

    def plugin_of_impl(self, impl) -> str:
        """The plugin (its source, as errors name it) of a pluggy hook implementation."""
        for plugin in self.plugins:
            if plugin.obj is impl.plugin:
                return plugin.source
        obj = impl.plugin         # registered by hand (tests, the CLI's own observers)
        return getattr(obj, "__name__", None) or type(obj).__qualname__

    def who_answered(self, hook_name: str, kwargs: dict) -> str | None:
        """The plugin whose implementation gives the first non-None answer to a first-result
        hook, asked again in call order (for blame, on an error path only)."""
        impls = getattr(self.pm.hook, hook_name).get_hookimpls()
        for impl in reversed([i for i in impls if not (i.wrapper or i.hookwrapper)]):
            try:
                answer = impl.function(*[kwargs[a] for a in impl.argnames])
            except Exception:   # noqa: BLE001 - asking again is best effort
                continue
            if answer is not None:
                return self.plugin_of_impl(impl)
        return None

    def hook_order(self, hook_name: str) -> list[str]:
        """Plugin names implementing ``hook_name``, in the order pluggy calls them."""
        caller = getattr(self.pm.hook, hook_name, None)
        if caller is None:
            return []
        names = {id(p.obj): p.name for p in self.plugins}
        impls = caller.get_hookimpls()
        wrappers = [i for i in impls if i.hookwrapper or i.wrapper]
        plain = [i for i in impls if not (i.hookwrapper or i.wrapper)]
        ordered = list(reversed(wrappers)) + list(reversed(plain))
        return [names.get(id(i.plugin), i.plugin_name) for i in ordered]


def describe_exception(exc: BaseException) -> str:
    """``Type: message`` for people; a ``sys.exit`` in plugin code says so."""
    if isinstance(exc, HardExit):
        return f"called os._exit({exc.code!r}) (a plugin must not end the program)"
    if isinstance(exc, SystemExit):
        return f"called sys.exit({exc.code!r}) (a plugin must not end the program)"
    if isinstance(exc, RecursionError):
        return "RecursionError: endless recursion"
    text = str(exc)
    if len(text) > 300:
        text = text[:300] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class _Guard:
    """``Ruleset.guard``: a class, not a generator, since it runs around every bot decision."""
    __slots__ = ("ruleset", "hook", "phase", "exits")

    def __init__(self, ruleset: Ruleset, hook: str, phase):
        self.ruleset, self.hook, self.phase = ruleset, hook, phase
        self.exits = no_hard_exit()

    def __enter__(self):
        self.exits.__enter__()
        return self

    def __exit__(self, kind, exc, tb) -> bool:
        self.exits.__exit__()
        if exc is None or isinstance(exc, PluginError) or not isinstance(
                exc, (Exception, SystemExit)):
            return False
        raise self.ruleset.blamed(exc, self.phase, self.hook) from exc


def new_plugin_manager() -> RelayPluginManager:
    pm = RelayPluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def _impls_of(pm: pluggy.PluginManager, plugin: Any):
    """The hook callers ``plugin`` implements (each has ``.name`` and ``.has_spec()``)."""
    return list(pm.get_hookcallers(plugin) or [])


@lru_cache(maxsize=1)
def _entry_point_modules() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _import(module_name: str, shown: str):
    try:
        with no_hard_exit():
            return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            raise PluginError(f"no module named '{module_name}'", plugin=shown) from None
        raise PluginError(f"failed to import: {exc}", plugin=shown) from exc
    except (Exception, SystemExit) as exc:
        raise PluginError(f"failed to import: {describe_exception(exc)}", plugin=shown) from exc


def discover_variants() -> dict[str, Variant]:
    """All variants offered by installed ``peloponnes`` entry points, by name. An entry point
    that fails to load is left out (see ``discovery_errors``) so one broken package does not
    take the others down."""
    return dict(_discover()[0])


def discovery_errors() -> list[PluginError]:
    """Entry points that failed to load during discovery."""
    return list(_discover()[1])


@lru_cache(maxsize=1)
def _discover() -> tuple[tuple[tuple[str, Variant], ...], tuple[PluginError, ...]]:
    found: dict[str, Variant] = {}
    errors: list[PluginError] = []
    for name, target in sorted(_entry_point_modules().items()):
        shown = f"{name} ({target})"
        try:
            variants = _registered_variants(_import(target, shown), shown)
        except PluginError as exc:
            errors.append(exc)
            continue
        for variant in variants:
            found[variant.name] = variant
    return tuple(sorted(found.items())), tuple(errors)


def _registered_variants(module, shown: str) -> list[Variant]:
    """The variants one entry-point module offers, asked through the ``register_variants`` hook
    of a plugin manager of its own (so one broken package cannot spoil another's answer)."""
    pm = new_plugin_manager()
    _register(pm, LoadedPlugin(shown, shown, "module", module))
    try:
        with no_hard_exit():
            results = pm.hook.register_variants()
    except (Exception, SystemExit) as exc:
        raise PluginError(f"register_variants failed: {describe_exception(exc)}",
                          plugin=shown, hook="register_variants") from exc
    variants = [v for result in results for v in (result or [])]
    for variant in variants:
        if not isinstance(variant, Variant):
            raise PluginError(f"register_variants returned {variant!r:.60}, not a Variant",
                              plugin=shown, hook="register_variants")
    return variants


def variant_chain(variant: Variant, variants: dict[str, Variant]) -> list[Variant]:
    """The variant and the variants it is stacked on, base first."""
    chain = [variant]
    while chain[0].base:
        base = variants.get(chain[0].base)
        if base is None:
            raise ConfigError(f"variant '{chain[0].name}' needs base variant '{chain[0].base}',"
                              " which is not installed")
        chain.insert(0, base)
    return chain


def load_file_plugin(path: Path, shown: str):
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:10]
    module_name = f"peloponnes_plugin_{path.stem}_{digest}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise PluginError("not a Python file", plugin=shown)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        with no_hard_exit():
            spec.loader.exec_module(module)
    except (Exception, SystemExit) as exc:
        del sys.modules[module_name]
        where = ""
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == str(path)]
        if frames:
            where = f" (line {frames[-1].lineno})"
        if isinstance(exc, SyntaxError):
            where = f" (line {exc.lineno})"
        raise PluginError(f"failed to import{where}: {describe_exception(exc)}",
                          plugin=shown) from exc
    return module


def plugin_source(entry: str, scenario: Scenario, index: int) -> PluginSource:
    """Where the scenario's ``plugins[index]`` comes from and whether it may be imported,
    decided without importing anything (see core/trust.py)."""
    resolved = None
    if is_plugin_path(entry):
        if "\0" in entry or len(entry) > MAX_PATH:
            raise ConfigError("not a usable file path", where=scenario.where,
                              path=f"plugins[{index}]")
        resolved = Path(scenario.resolve(entry))
        try:
            is_file = resolved.is_file()
        except (OSError, ValueError):
            is_file = False
        if not is_file:
            raise ConfigError(f"plugin file '{entry}' not found (looked next to the scenario "
                              "and in the current folder)", where=scenario.where,
                              path=f"plugins[{index}]")
        resolved = str(resolved)
    elif not is_module_name(entry):
        raise ConfigError(f"'{entry}' is neither a .py file nor a module name",
                          where=scenario.where, path=f"plugins[{index}]")
    return classify(entry, resolved, _entry_point_modules(), scenario.trusted)


def trusted_source(entry: str, scenario: Scenario, index: int) -> PluginSource:
    """``plugin_source``, or UntrustedCode when the user has not trusted that code."""
    source = plugin_source(entry, scenario, index)
    if not source.trusted:
        raise UntrustedCode(refusal(source), where=scenario.where, path=f"plugins[{index}]")
    return source


def granted(scenario: Scenario) -> Scenario:
    """``scenario`` marked trusted, once every plugin it names is trusted here (UntrustedCode
    otherwise): for games played elsewhere (another machine) with code the user trusted on this
    one, where the trust record and the file's path may differ."""
    for index, entry in enumerate(scenario.plugins):
        trusted_source(entry, scenario, index)
    return replace(scenario, trusted=True)


def _load_scenario_plugin(entry: str, scenario: Scenario, index: int) -> LoadedPlugin:
    source = trusted_source(entry, scenario, index)
    if source.kind in ("file", "shipped") and source.target.endswith(".py"):
        path = Path(source.target)
        module = load_file_plugin(path, str(path))
        return LoadedPlugin(path.stem, str(path), "file", module)
    module = _import(source.target, entry)
    return LoadedPlugin(entry, source.target, "module", module)


def _register(pm: pluggy.PluginManager, plugin: LoadedPlugin) -> None:
    try:
        pm.register(plugin.obj, name=f"{plugin.kind}:{plugin.source}")
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"invalid hook implementation: {exc}", plugin=plugin.source) from None
    except ValueError as exc:
        raise PluginError(f"cannot register twice: {exc}", plugin=plugin.source) from None


def _check_pending(pm: pluggy.PluginManager, plugins: list[LoadedPlugin]) -> None:
    known = {name for name in dir(pm.hook) if not name.startswith("_")}
    for plugin in plugins:
        for caller in _impls_of(pm, plugin.obj):
            if not caller.has_spec():
                close = sorted(n for n in known if getattr(pm.hook, n).has_spec()
                               and _similar(n, caller.name))
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise PluginError(f"unknown hook '{caller.name}'{hint}; see `peloponnes hooks`",
                                  plugin=plugin.source, hook=caller.name)


def _similar(a: str, b: str) -> bool:
    return difflib.SequenceMatcher(None, a, b).ratio() > 0.75


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


def _check_declarations(pm: pluggy.PluginManager, chain: list[Variant],
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


def validate_options(variant: Variant, options: dict, scenario: Scenario) -> dict:
    schema = Table({o.name: Field(o.type, default=o.default, choices=o.choices,
                                  min=o.min, max=o.max) for o in variant.options})
    return validate(options, schema, where=scenario.where, path="options")


def find_variant(scenario: Scenario) -> list[Variant]:
    """Discovery: the variant a scenario plays and the variants it is stacked on, base first,
    checked against the scenario's player count."""
    variants = discover_variants()
    variant = variants.get(scenario.variant)
    if variant is None:
        for error in discovery_errors():
            if error.plugin and error.plugin.startswith(f"{scenario.variant} ("):
                raise error
        known = ", ".join(sorted(variants)) or "none installed"
        raise ConfigError(f"unknown variant '{scenario.variant}' (known: {known})",
                          where=scenario.where, path="variant")
    n = len(scenario.players)
    if not variant.min_players <= n <= variant.max_players:
        raise ConfigError(f"{variant.name} is for {variant.min_players}-{variant.max_players}"
                          f" players, the scenario has {n}", where=scenario.where, path="players")
    return variant_chain(variant, variants)


def assemble_ruleset(chain: list[Variant], plugins: Sequence[LoadedPlugin] = (), *,
                     components_path: str | None = None,
                     components_where: str | None = None) -> Ruleset:
    """Assembly: a plugin manager with the hook specifications of ``chain`` (variants, base
    first), the core's default plugins, each variant's plugins and then ``plugins`` (a
    scenario's house rules) registered in that order and checked, and the component data loaded
    through ``load_components`` and validated. Tests assemble a Variant of their own with it."""
    variant = chain[-1]
    pm = new_plugin_manager()
    for v in chain:
        for spec in v.hookspecs:
            pm.add_hookspecs(spec)
    loaded: list[LoadedPlugin] = [LoadedPlugin("components", "peloponnes.core.components", "core",
                                               DefaultComponents()),
                                  LoadedPlugin("standing", "peloponnes.core.standing", "core",
                                               DefaultStanding())]
    for v in chain:
        for obj in v.plugins:
            source = (getattr(obj, "__name__", None)
                      or f"{type(obj).__module__}.{type(obj).__name__}")
            loaded.append(LoadedPlugin(v.name, source, "variant", obj))
    loaded += list(plugins)
    for plugin in loaded:
        _register(pm, plugin)
    _check_pending(pm, loaded)
    ruleset = Ruleset(variant, pm, {}, "", loaded)
    install_checks(pm, ruleset.plugin_of_impl)
    _check_declarations(pm, chain, loaded)

    path = components_path or str(variant.components)
    with ruleset.guard("load_components"):
        data = pm.hook.load_components(variant=variant, path=path)
    if not isinstance(data, dict):
        raise PluginError("load_components returned no component data", hook="load_components")
    where = components_where or path
    ruleset.components = (variant.check_components(data, where) if variant.check_components
                          else data)
    ruleset.components_path = path
    return ruleset


def load_ruleset(scenario: Scenario) -> tuple[Ruleset, Scenario]:
    """Load the variant, plugins and components a scenario names. Returns the ruleset and the
    scenario with its options completed by the variant's defaults."""
    chain = find_variant(scenario)
    merged = replace(chain[-1], options=tuple(o for v in chain for o in v.options))
    checked_options = validate_options(merged, dict(scenario.options), scenario)
    plugins = [_load_scenario_plugin(entry, scenario, i)
               for i, entry in enumerate(scenario.plugins)]
    if scenario.components:     # a file the scenario names: say which key when it is no good
        try:
            check_file(scenario.resolve(scenario.components))
        except ConfigError as exc:
            raise ConfigError(f"{exc}", where=scenario.where, path="components") from None
    ruleset = assemble_ruleset(
        chain, plugins,
        components_path=scenario.resolve(scenario.components) if scenario.components else None,
        components_where=(f"{scenario.resolve(scenario.components)} (scenario components)"
                          if scenario.components else None))
    ruleset.parameters = check_parameters(ruleset.plugins, scenario)
    return ruleset, replace(scenario, options=checked_options)
