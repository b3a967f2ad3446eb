"""Loading a scenario into a ruleset: the one pipeline every command, batch and test goes
through (``load_ruleset``), in this order:

1. read and validate the scenario (``open_scenario``, or ``Scenario.from_file`` / ``from_dict``:
   unknown keys, bad values and unknown agents are errors naming the key path);
2. find the variant and the variants it is stacked on (``find_variant``: installed entry points
   of the ``peloponnes`` group answer ``register_variants``) and validate the options;
3. resolve each plugin the scenario names (a ``.py`` path relative to the scenario, then to the
   current folder; an entry-point name; a module name) and decide, before importing anything,
   whether it may run (``core.consent``: shipped and installed code loads, other code only with
   the user's consent);
4. import the plugins (``load_file_plugin``, containing ``sys.exit`` and failures);
5. assemble one plugin manager (``assemble_ruleset``: hook specs, the core's defaults, the
   variants' plugins base first, then the house rules; unknown hooks fail naming the plugin) and
   check every plugin's declarations (``core.declarations``);
6. load and validate the components, then check the plugin parameters the scenario sets.
"""
from __future__ import annotations

import difflib
import hashlib
import importlib
import importlib.abc
import importlib.util
import sys
import traceback
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from importlib.metadata import entry_points
from pathlib import Path

import pluggy

from .components import DefaultComponents, check_file
from .consent import PluginSource, classify, is_module_name, refusal, short_digest
from .containment import (
    HOOK_WATCH,
    describe_exception,
    interrupt_from_code,
    no_hard_exit,
    raised_by_plugin,
)
from .declarations import check_declarations, check_parameters
from .errors import ConfigError, PluginError, UntrustedCode
from .results import install_checks
from .ruleset import LoadedPlugin, Ruleset, _impls_of, new_plugin_manager
from .scenario import Scenario, is_plugin_path
from .schema import Field, Table, validate
from .standing import DefaultStanding
from .variant import Variant

ENTRY_POINT_GROUP = "peloponnes"
MAX_PATH = 4096


@lru_cache(maxsize=1)      # the installed entry points, read once per process
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
    except KeyboardInterrupt as exc:    # no Ctrl-C: the module raised it (else it goes on)
        if not interrupt_from_code():
            raise
        raise PluginError(f"failed to import: {describe_exception(exc)}", plugin=shown) from exc


def discover_variants() -> dict[str, Variant]:
    """All variants offered by installed ``peloponnes`` entry points, by name. An entry point
    that fails to load is left out (see ``discovery_errors``) so one broken package does not
    take the others down."""
    return dict(_discover()[0])


def discovery_errors() -> list[PluginError]:
    """Entry points that failed to load during discovery."""
    return list(_discover()[1])


@lru_cache(maxsize=1)      # variants are discovered once per process
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


class _BytesLoader(importlib.abc.Loader):
    """Runs a plugin file's source as read once (and checked) by ``load_file_plugin``, with the
    file's path as its name in tracebacks."""

    def __init__(self, source: bytes, path: str):
        self.source = source
        self.path = path

    def create_module(self, spec):
        return None                     # the default module

    def exec_module(self, module) -> None:
        module.__file__ = self.path
        exec(compile(self.source, self.path, "exec"), module.__dict__)


def load_file_plugin(path: Path, shown: str, trusted_sha256: str = ""):
    """Import the plugin file ``path``: the bytes read here are the code that runs, and, where
    trust was granted for one content (``trusted_sha256``), they must be that content. The module
    is named by the file's path and content, so a file edited (and trusted again) while the
    process runs is imported anew, never served from the copy imported before."""
    try:
        source = path.read_bytes()
    except OSError as exc:
        raise PluginError(f"cannot be read: {exc.strerror or exc}", plugin=shown) from None
    content = f"sha256:{hashlib.sha256(source).hexdigest()}"
    if trusted_sha256 and content != trusted_sha256:
        raise UntrustedCode(f"plugin file {shown} changed while it was being loaded (trusted "
                            f"{short_digest(trusted_sha256)}, now {short_digest(content)}); "
                            "run again, or trust it again after reading it")
    digest = hashlib.sha1(str(path.resolve()).encode() + source).hexdigest()[:10]
    module_name = f"peloponnes_plugin_{path.stem}_{digest}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_loader(module_name, _BytesLoader(source, str(path)),
                                           origin=str(path))
    if spec is None or spec.loader is None:
        raise PluginError("not a Python file", plugin=shown)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        with no_hard_exit():
            spec.loader.exec_module(module)
    except (Exception, SystemExit, KeyboardInterrupt) as exc:
        del sys.modules[module_name]
        if isinstance(exc, KeyboardInterrupt) and not raised_by_plugin(
                exc, lambda filename: filename == str(path)):
            raise                   # the user's Ctrl-C
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
    decided without importing anything (see core/consent.py)."""
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


def granted(scenario: Scenario, shipped: dict[str, str] | None = None) -> Scenario:
    """``scenario`` marked trusted, once every plugin it names is trusted here (UntrustedCode
    otherwise): for games played elsewhere (another machine) with code the user trusted on this
    one, where the trust record and the file's path may differ. ``shipped``: the digests
    (``sha256:<hex>``) of the plugin files as they will be sent, by path; a file trusted for
    one content must be sent with that content."""
    for index, entry in enumerate(scenario.plugins):
        source = trusted_source(entry, scenario, index)
        if shipped is None or not source.sha256:
            continue
        sent = {str(Path(path).resolve()): digest for path, digest in shipped.items()}
        digest = sent.get(str(Path(source.target).resolve()))
        if digest is not None and digest != source.sha256:
            raise UntrustedCode(f"plugin file {source.target} changed after it was checked "
                                f"(trusted {short_digest(source.sha256)}, read "
                                f"{short_digest(digest)}); run again, or trust it again after "
                                "reading it", where=scenario.where, path=f"plugins[{index}]")
    return replace(scenario, trusted=True)


def _load_scenario_plugin(entry: str, scenario: Scenario, index: int) -> LoadedPlugin:
    source = trusted_source(entry, scenario, index)
    if source.kind in ("file", "shipped") and source.target.endswith(".py"):
        path = Path(source.target)
        module = load_file_plugin(path, str(path), source.sha256)
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
    scenario's house rules) registered in that order and checked (each hook implementation noted
    for the watchdog of hook calls, ``containment.HookWatch``), and the component data loaded
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
    HOOK_WATCH.watch({impl.function: name for name, caller in vars(pm.hook).items()
                      if isinstance(caller, pluggy.HookCaller)
                      for impl in caller.get_hookimpls()})
    ruleset = Ruleset(variant, pm, {}, "", loaded)
    install_checks(pm, ruleset.plugin_of_impl, ruleset.is_own_code)
    check_declarations(pm, chain, loaded)

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
    """Load the variant, plugins and components a scenario names (steps 2 to 6 of this
    module's pipeline). Returns the ruleset and the scenario with its options completed by the
    variant's defaults."""
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


def read_scenario(source: str | Path, *, trusted: bool = False) -> Scenario:
    """The pipeline's first step: read and validate a scenario file (or a shipped scenario by
    name, ``cardgame-4p``). ``trusted``: the user consented to the plugin code it names
    (``--trust``). A caller may change the scenario (its agents, its seed) before
    ``load_ruleset`` loads it."""
    return replace(Scenario.from_file(source), trusted=trusted)


def open_scenario(source: str | Path, *, trusted: bool = False) -> tuple[Ruleset, Scenario]:
    """The whole pipeline: ``read_scenario``, then ``load_ruleset``."""
    return load_ruleset(read_scenario(source, trusted=trusted))
