"""Calling a hook that rules code asks very often without the keyword call, where that is
exactly the same call (a general tool of the hook relay; the shared auction uses it for its
minimum bids).

``game.hook.NAME(...)`` takes keywords only (pluggy's calling convention; the relay in
``core.hookrelay`` keeps it), and CPython 3.11 does not specialise keyword calls: a hook asked
for every seat and card of every auction (about 180 times a card game) spent about half of each
call on the keyword call into the relay's function. When the hook, as the relay resolved it,
runs one implementation, with no wrapper and no result contract, and that implementation takes
the spec's arguments in the spec's order, calling the implementation positionally IS the call the
relay makes, with the same answer. Anything else -- a second implementation (a house rule), a
wrapper, a checked result, pluggy's own loop (``PELOPONNES_PLAIN_HOOKS=1``, tracing) -- keeps
the keyword call.

A caller follows the plugin set by looking ``game.hook.NAME`` up at every call and taking the
implementation again when it is another function (see ``HookedPurse.minimum`` in
``variants/common/auction.py``): the relay compiles a new one whenever plugins are registered,
unregistered or blocked and whenever pluggy's call path changes, so a house rule registered
mid-game takes part from the next call on, as before.
"""
from __future__ import annotations

from collections.abc import Callable
from types import FunctionType
from typing import Any

from .results import relay_check

# What ``sole_implementation`` found for each function the relay compiled (and the argument names
# asked with): a compiled function calls the same implementations, with the same check, for as
# long as it lives, and the relay of a ruleset serves all its games, so each caller (an auction)
# finds the answer here instead of working it out again. Keyed by the function's identity; the
# entry holds the function, so its id cannot be reused while kept; bounded (a few rulesets'
# functions at a time; the relay compiles a new one whenever the plugins change).
_found: dict[int, tuple[FunctionType, tuple[str, ...], Callable | None]] = {}
_FOUND_MOST = 64


def sole_implementation(call: Any, argnames: tuple[str, ...]) -> Callable | None:
    """The implementation ``call`` (a hook as ``game.hook.NAME`` gives it) runs, to be called
    with ``argnames`` positionally, when that is exactly the call ``call`` makes and its answer
    is the hook's: a function the relay compiled (not pluggy's HookCaller) for a ``firstresult``
    hook whose spec has ``argnames`` in this order, with one implementation, no wrapper, no
    result contract on its path, taking ``argnames`` in this order. Otherwise None."""
    if type(call) is not FunctionType:          # pluggy's own HookCaller (or something else)
        return None
    found = _found.get(id(call))
    if found is not None and found[0] is call and found[1] == argnames:
        return found[2]
    function = _find_implementation(call, argnames)
    if len(_found) >= _FOUND_MOST:
        _found.clear()
    _found[id(call)] = (call, argnames, function)
    return function


def _find_implementation(call: FunctionType, argnames: tuple[str, ...]) -> Callable | None:
    get_hookimpls = getattr(call, "get_hookimpls", None)
    spec = getattr(call, "spec", None)
    if get_hookimpls is None or spec is None or tuple(spec.argnames) != argnames:
        return None
    if not spec.opts.get("firstresult", False):
        return None
    impls = get_hookimpls()
    if len(impls) != 1:
        return None
    impl = impls[0]
    if impl.wrapper or impl.hookwrapper or impl.kwargnames or tuple(impl.argnames) != argnames:
        return None
    if relay_check(get_hookimpls.__self__) is not None:    # a contract the relay checks
        return None
    return impl.function

