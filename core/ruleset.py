"""A loaded ruleset: the variant, its plugin manager with the plugins registered in order, and
the component data; it names the plugin to blame when something raises (``Ruleset.blame``,
``Ruleset.guard``)."""
from __future__ import annotations

import inspect
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pluggy

from . import hookspecs
from .components import reconstructed_paths
from .containment import TimeLimit, describe_exception, no_hard_exit, raised_by_plugin
from .errors import ConfigError, PluginError
from .hookrelay import PositionalHooks, RelayPluginManager, relay_enabled
from .shipped import OWN_RULES_PACKAGES
from .variant import Variant


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
    derived_data: dict = field(default_factory=dict)    # name -> data derived once (``derived``)

    def derived(self, name: str, compute: Callable[[], Any]) -> Any:
        """``compute()``, worked out on first use and kept for every game of the ruleset: data
        derived from the loaded ruleset alone (a variant's labels and tables, an agent's
        encoder), under a ``name`` of the caller's own (``"boardgame.tile_labels"``)."""
        if name not in self.derived_data:
            self.derived_data[name] = compute()
        return self.derived_data[name]

    @property
    def hooks(self):
        """What games call hooks through: the plugin manager's relay (each hook's
        implementations resolved once, see ``core.hookrelay``), or pluggy's ``pm.hook`` when the
        relay is switched off (PELOPONNES_PLAIN_HOOKS=1) or the manager has none."""
        relay = getattr(self.pm, "relay", None)
        return relay if relay is not None and relay_enabled() else self.pm.hook

    @property
    def positional_hooks(self) -> PositionalHooks:
        """``hooks`` called with the spec's arguments positionally (``hookrelay.PositionalHooks``;
        games offer it as ``game.positional``): the relay's manager's own, which follow its
        plugins (``plain_positional``, over pluggy's own calls, when the relay is off)."""
        pm = self.pm
        if isinstance(pm, RelayPluginManager):
            return pm.positional if relay_enabled() else pm.plain_positional
        plain = self.__dict__.get("_plain_positional")
        if plain is None:
            plain = self.__dict__["_plain_positional"] = PositionalHooks(pm, plain=True)
        return plain

    def view_parts_offered(self) -> bool:
        """Whether a seat's view may be built one entry at a time (``view_part_for_seat``):
        only where every plugin that shapes the view (implements ``view_for_seat``) offers its
        parts too, so that a part is always what the whole view would hold. Asked anew each
        time: a plugin may be registered after loading."""
        hook = self.pm.hook
        offering = {impl.plugin for impl in hook.view_part_for_seat.get_hookimpls()}
        return bool(offering) and all(impl.plugin in offering
                                      for impl in hook.view_for_seat.get_hookimpls())

    @property
    def reconstructed(self) -> list[str]:
        return reconstructed_paths(self.components)

    def house_rules(self) -> list[str]:
        """The plugins loaded besides the variants (files and modules a scenario names): the
        suspects when a game breaks in a way no frame of theirs shows."""
        return [p.source for p in self.plugins if p.kind in ("file", "module")]

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
        ``sys.exit``, ``os._exit``, a KeyboardInterrupt the plugin raised itself) becomes a
        PluginError naming the plugin and ``hook``."""
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

    def is_own_code(self, impl) -> bool:
        """Whether a hook implementation is the sandbox's own rules: a core default or a
        shipped variant's (``shipped.OWN_RULES_PACKAGES``), not a house rule or another
        package's plugin."""
        module = getattr(impl.function, "__module__", None) or ""
        return module.startswith(OWN_RULES_PACKAGES) and any(
            plugin.obj is impl.plugin and plugin.kind in ("core", "variant")
            for plugin in self.plugins)

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


class _Guard(no_hard_exit):
    """``Ruleset.guard``: plugin code answering outside the rules' generator (a bot's decision,
    a view) runs with ``os._exit`` refused, and what it raises is blamed on its plugin."""
    __slots__ = ("ruleset", "hook", "phase")

    def __init__(self, ruleset: Ruleset, hook: str, phase):
        self.ruleset, self.hook, self.phase = ruleset, hook, phase

    def __exit__(self, kind, exc, tb) -> bool:
        super().__exit__()
        if exc is None or isinstance(exc, PluginError) or not (
                isinstance(exc, (Exception, SystemExit))
                or raised_by_plugin(exc, self.ruleset.plugin_of_file)):
            return False
        raise self.ruleset.blamed(exc, self.phase, self.hook) from exc


def new_plugin_manager() -> RelayPluginManager:
    pm = RelayPluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def _impls_of(pm: pluggy.PluginManager, plugin: Any):
    """The hook callers ``plugin`` implements (each has ``.name`` and ``.has_spec()``)."""
    return list(pm.get_hookcallers(plugin) or [])
