"""Hook calls with pluggy's semantics, each hook's implementations resolved once.

A pluggy hook call (``pm.hook.minimum_bid(game=..., ...)``) checks its arguments and runs
pluggy's general loop, which also serves old-style wrappers, call monitors and historic hooks; a
game makes hundreds of such calls. ``RelayPluginManager.relay`` offers the same calls
(``relay.NAME(**kwargs)``), and ``.positional`` the same with the spec's arguments positionally,
in the spec's order. The first call of a hook resolves it, from pluggy's public API
(``HookCaller.get_hookimpls()``, the spec's options and argument names), into plain functions
(``core.hookcalls``) that call the implementations registered at that moment in pluggy's order
(last registered first, ``tryfirst``/``trylast`` respected, new-style wrappers around them),
stop at the first non-None result of a ``firstresult`` hook, and otherwise return the list of
non-None results, exactly as pluggy would.

Whatever pluggy does that those functions do not goes to pluggy itself: a hook with an old-style
wrapper (``hookwrapper=True``), a historic hook, a hook without a spec or whose spec arguments
have defaults, a call that leaves out a spec argument (pluggy warns, or raises HookCallError),
and every hook while a call monitor is on (tracing, ``add_hookcall_monitoring``; the result
checks' own monitor aside). Registering, unregistering or blocking a plugin, adding specs or a
monitor, forgets every resolved hook (``hooks_changed``): a house rule registered mid-game (as
tests do) takes part from its next call on, as in pluggy.

A hook whose results have a contract (``core.results``: ``@returns(...)`` on the spec, checked
once ``install_checks`` ran) has its result checked on this path too, with the same PluginError
naming the same plugin as on pluggy's path.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, NamedTuple

import pluggy

from .hookcalls import (
    by_keywords,
    by_position,
    every_result,
    first_result,
    taking,
    without_spec,
    wrapped,
)
from .results import checked_call

# What code reads of a hook as ``game.hook.NAME`` gives it (``.get_hookimpls()``, ``.spec``):
# the relay's functions answer it as pluggy's HookCaller does.
HOOKCALLER_API = ("name", "spec", "get_hookimpls", "has_spec", "is_historic", "call_historic",
                  "call_extra")


def relay_enabled() -> bool:
    """False when the environment sets PELOPONNES_PLAIN_HOOKS=1: every hook call then goes
    through pluggy's own loop (to rule the relay out when chasing a bug, and for benchmarks)."""
    return os.environ.get("PELOPONNES_PLAIN_HOOKS", "") in ("", "0")


class Resolved(NamedTuple):
    """A hook's current implementations, called as pluggy calls them: with keywords (``pm.hook``'s
    convention) and with the spec's arguments positionally."""
    keyword: Callable
    positional: Callable


def resolve_hook(caller: pluggy.HookCaller, checks: Any = None) -> Resolved | None:
    """``caller``'s current implementations as plain functions, or None where only pluggy calls
    the hook exactly. ``checks``: the plugin manager's result checks (``results.ResultChecks``),
    if any."""
    spec = caller.spec
    if spec is None or caller.is_historic() or spec.kwargnames:
        return None
    impls = caller.get_hookimpls()[::-1]        # pluggy calls its list from the end
    if any(impl.hookwrapper for impl in impls):
        return None
    argnames = tuple(spec.argnames)
    plain = [taking(impl.function, impl.argnames, argnames) for impl in impls
             if not impl.wrapper]
    call = (first_result(plain) if spec.opts.get("firstresult", False) else every_result(plain))
    wrappers = [taking(impl.function, impl.argnames, argnames) for impl in impls if impl.wrapper]
    if wrappers:
        call = wrapped(wrappers, call)
    check = checks.for_fast_path(caller) if checks is not None else None
    if check is not None:
        call = checked_call(call, check, argnames)
    keyword = by_keywords(call, argnames, caller)
    keyword.__name__ = keyword.__qualname__ = caller.name
    keyword.__doc__ = (f"Hook {caller.name}: {len(wrappers)} wrapper(s) around {len(plain)} "
                       "implementation(s), resolved by the hook relay.")
    for attribute in HOOKCALLER_API:
        setattr(keyword, attribute, getattr(caller, attribute))
    return Resolved(keyword, call)


class HookNamespace:
    """Hooks by name (``hooks.NAME``): every hook the plugin manager knows, each resolved
    (``_call``) when the namespace is filled. The plugin manager fills its namespaces again at
    every change of its plugins (``RelayPluginManager.hooks_changed``), so a game holding one
    calls what is registered now. A plain object: a name it has not is no hook (pluggy's
    ``pm.hook`` has the names starting with an underscore, which are no hooks here)."""

    def __init__(self, pm: pluggy.PluginManager):
        self._pm = pm
        self._fill()

    def _fill(self) -> None:
        """Forget every hook, then resolve each one the plugin manager has now."""
        hooks = vars(self)
        for name in [name for name in hooks if not name.startswith("_")]:
            del hooks[name]
        for name, caller in vars(self._pm.hook).items():
            if isinstance(caller, pluggy.HookCaller) and not name.startswith("_"):
                setattr(self, name, self._call(caller))

    def _call(self, caller: pluggy.HookCaller) -> Callable:
        raise NotImplementedError


class HookRelay(HookNamespace):
    """``relay.NAME(**kwargs)`` calls hook NAME as ``pm.hook.NAME(**kwargs)`` does: through the
    relay's function for it, or pluggy's HookCaller itself where only pluggy calls it exactly."""

    def _call(self, caller: pluggy.HookCaller) -> Callable:
        resolved = self._pm.resolve(caller)
        return caller if resolved is None else resolved.keyword


class PositionalHooks(HookNamespace):
    """``positional.NAME(a, b, ...)`` calls hook NAME with the spec's arguments positionally, in
    the spec's order: the same implementations, in the same order, with the same answer as
    ``hooks.NAME(a=a, b=b, ...)``. A first-result hook with one plain implementation taking the
    spec's arguments, no wrapper and no result check is that implementation. Where only pluggy
    calls the hook exactly (and for
    every hook with ``plain=True``, PELOPONNES_PLAIN_HOOKS=1), a function giving pluggy's
    HookCaller the arguments as keywords; a hook without a spec cannot be called so. For rules
    code that asks a hook very often (``game.positional``); plugins call hooks with keywords."""
    def __init__(self, pm: pluggy.PluginManager, plain: bool = False):
        self._plain = plain
        super().__init__(pm)

    def _call(self, caller: pluggy.HookCaller) -> Callable:
        if caller.spec is None:
            return without_spec(caller.name)
        resolved = None if self._plain else self._pm.resolve(caller)
        if resolved is None:
            return by_position(caller, caller.spec.argnames)
        return resolved.positional


class RelayPluginManager(pluggy.PluginManager):
    """A pluggy PluginManager with a ``relay`` (hooks called with keywords), ``positional`` (the
    same called with the spec's arguments positionally) and ``plain_positional`` (pluggy's own
    calls, positionally), which forget what they resolved at every change of plugins, specs,
    blocking or call monitors (``hooks_changed``)."""

    def __init__(self, project_name: str):
        super().__init__(project_name)
        self.resolved: dict[str, Resolved | None] = {}
        self.monitors: set[object] = set()      # call monitors on, other than the result checks
        # (relay, positional, plain_positional): made at their first use, once the ruleset is
        # assembled, and filled again at every change after that
        self.namespaces: tuple[HookNamespace, ...] | None = None

    def _namespaces(self) -> tuple[HookNamespace, ...]:
        if self.namespaces is None:
            self.namespaces = (HookRelay(self), PositionalHooks(self),
                               PositionalHooks(self, plain=True))
        return self.namespaces

    @property
    def relay(self) -> HookRelay:
        return self._namespaces()[0]

    @property
    def positional(self) -> PositionalHooks:
        return self._namespaces()[1]

    @property
    def plain_positional(self) -> PositionalHooks:
        return self._namespaces()[2]

    def resolve(self, caller: pluggy.HookCaller) -> Resolved | None:
        """``caller``'s hook as the relay calls it (``resolve_hook``; None: pluggy calls it),
        worked out once until the hooks change."""
        name = caller.name
        if name not in self.resolved:
            self.resolved[name] = None if self.monitors else resolve_hook(
                caller, getattr(self, "result_checks", None))
        return self.resolved[name]

    def hooks_changed(self) -> None:
        """Forget every resolved hook, and fill the namespaces handed out again, so that games
        holding them call what is registered now."""
        self.resolved.clear()
        for namespace in self.namespaces or ():
            namespace._fill()

    def register(self, plugin, name=None):
        try:
            return super().register(plugin, name)
        finally:
            self.hooks_changed()

    def unregister(self, plugin=None, name=None):
        try:
            return super().unregister(plugin, name)
        finally:
            self.hooks_changed()

    def set_blocked(self, name: str) -> None:
        try:
            super().set_blocked(name)
        finally:
            self.hooks_changed()

    def add_hookspecs(self, module_or_class) -> None:
        try:
            super().add_hookspecs(module_or_class)
        finally:
            self.hooks_changed()

    def add_hookcall_monitoring(self, before, after) -> Callable[[], None]:
        """pluggy's, and, while the monitor is on, pluggy calls every hook (so that the monitor
        sees each call), unless it is the result checks' own (``results.install_checks``; the
        relay checks results itself)."""
        undo = super().add_hookcall_monitoring(before, after)
        checks = getattr(self, "result_checks", None)
        monitor = None if checks is not None and after == checks.after else object()
        if monitor is not None:
            self.monitors.add(monitor)
        self.hooks_changed()

        def undo_monitoring() -> None:
            undo()
            self.monitors.discard(monitor)
            self.hooks_changed()
        return undo_monitoring
