"""Calling a hook that rules code asks very often without the keyword call, where that is
exactly the same call (a general tool of the hook relay; the shared auction uses it for its
minimum bids).

``game.hook.NAME(...)`` takes keywords only (pluggy's calling convention; the relay in
``core.hookrelay`` keeps it), and CPython 3.11 does not specialise keyword calls: a hook asked
for every seat and card of every auction (about 180 times a card game) spent about half of each
call on the keyword call into the relay's function. ``direct_call(hook, argnames)`` gives the
function to call positionally instead, and only where that is exactly the call the relay makes:

- when the hook, as the relay resolved it, runs one implementation, with no wrapper and no result
  contract, and that implementation takes the spec's arguments in the spec's order, it is that
  implementation (``sole_implementation``): the relay's call of it, with the same answer;
- otherwise, for any function the relay compiled (wrappers, several implementations, a checked
  result), it is that function's ``positional`` twin: the same body, compiled from the same lines,
  taking the spec's arguments positionally (``hookrelay.compile_call``);
- pluggy's own HookCaller (``PELOPONNES_PLAIN_HOOKS=1``, tracing, a hook only pluggy can call) and
  argument names other than the spec's, in its order: None, and the caller keeps the keyword call.

Rules code reaches these through ``game.positional.NAME(...)`` (``hookrelay.PositionalHooks``),
which keeps what ``direct_call`` gave per hook name and forgets it whenever the relay compiles
anew (plugins registered, unregistered or blocked, pluggy's call path changed), so a house rule
registered mid-game takes part from the next call on, as before.
"""
from __future__ import annotations

from collections.abc import Callable
from types import FunctionType
from typing import Any

from .results import relay_check

# What ``direct_call`` and ``sole_implementation`` found for each function the relay compiled
# (and the argument names asked with): a compiled function calls the same implementations, with
# the same check, for as long as it lives, and the relay of a ruleset serves all its games, so
# each caller (an auction) finds the answer here instead of working it out again. Keyed by the
# function's identity (and which of the two was asked); the entry holds the function, so its id
# cannot be reused while kept; bounded (a few rulesets' functions at a time; the relay compiles a
# new one whenever the plugins change).
_found: dict[tuple[int, bool], tuple[FunctionType, tuple[str, ...], Callable | None]] = {}
_FOUND_MOST = 64


def direct_call(call: Any, argnames: tuple[str, ...]) -> Callable | None:
    """The function to call with ``argnames`` positionally instead of calling ``call`` (a hook
    as ``game.hook.NAME`` gives it) with them as keywords, with the same implementations called
    in the same order and the same answer: ``call``'s sole implementation where calling it is
    the whole call (``sole_implementation``), else the positional twin of a function the relay
    compiled, for a hook whose spec has ``argnames`` in this order. Otherwise None."""
    return _found_for(call, argnames, True)


def sole_implementation(call: Any, argnames: tuple[str, ...]) -> Callable | None:
    """The implementation ``call`` (a hook as ``game.hook.NAME`` gives it) runs, to be called
    with ``argnames`` positionally, when that is exactly the call ``call`` makes and its answer
    is the hook's: a function the relay compiled (not pluggy's HookCaller) for a ``firstresult``
    hook whose spec has ``argnames`` in this order, with one implementation, no wrapper, no
    result contract on its path, taking ``argnames`` in this order. Otherwise None."""
    return _found_for(call, argnames, False)


def _found_for(call: Any, argnames: tuple[str, ...], twin: bool) -> Callable | None:
    """What ``direct_call`` (``twin``) or ``sole_implementation`` answers, worked out once per
    compiled function."""
    if type(call) is not FunctionType:          # pluggy's own HookCaller (or something else)
        return None
    key = (id(call), twin)
    found = _found.get(key)
    if found is not None and found[0] is call and found[1] == argnames:
        return found[2]
    function = _find_implementation(call, argnames)
    if function is None and twin and spec_argnames(call) == argnames:
        function = getattr(call, "positional", None)
    if len(_found) >= _FOUND_MOST:
        _found.clear()
    _found[key] = (call, argnames, function)
    return function


def spec_argnames(call: Any) -> tuple[str, ...] | None:
    """The argument names of the spec of ``call`` (a hook), in order; None without a spec."""
    spec = getattr(call, "spec", None)
    return None if spec is None else tuple(spec.argnames)


def _find_implementation(call: FunctionType, argnames: tuple[str, ...]) -> Callable | None:
    get_hookimpls = getattr(call, "get_hookimpls", None)
    spec = getattr(call, "spec", None)
    if get_hookimpls is None or spec_argnames(call) != argnames:
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


