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


def direct_call(call: Any, argnames: tuple[str, ...]) -> Callable | None:
    """The function to call with ``argnames`` positionally instead of calling ``call`` (a hook
    as ``game.hook.NAME`` gives it) with them as keywords, with the same implementations called
    in the same order and the same answer: ``call``'s sole implementation where calling it is
    the whole call (``sole_implementation``), else the positional twin of a function the relay
    compiled, for a hook whose spec has ``argnames`` in this order. Otherwise None. (Worked
    out once per hook name until the relay compiles anew: ``hookrelay.PositionalHooks``.)"""
    if type(call) is not FunctionType or spec_argnames(call) != argnames:
        return None             # pluggy's own HookCaller, or not the spec's arguments
    return sole_implementation(call, argnames) or getattr(call, "positional", None)


def sole_implementation(call: Any, argnames: tuple[str, ...]) -> Callable | None:
    """The implementation ``call`` (a hook as ``game.hook.NAME`` gives it) runs, to be called
    with ``argnames`` positionally, when that is exactly the call ``call`` makes and its answer
    is the hook's: a function the relay compiled (not pluggy's HookCaller) for a ``firstresult``
    hook whose spec has ``argnames`` in this order, with one implementation, no wrapper, no
    result contract on its path, taking ``argnames`` in this order. Otherwise None. Read from
    what the function was compiled with (``hookrelay.Compiled``), so a function compiled before
    a plugin was registered still answers for itself."""
    compiled = getattr(call, "compiled", None) if type(call) is FunctionType else None
    if compiled is None or spec_argnames(call) != argnames:
        return None             # pluggy's own HookCaller, or not the spec's arguments
    if compiled.wrappers or compiled.checked or not compiled.firstresult:
        return None
    if len(compiled.plain) != 1:
        return None
    impl = compiled.plain[0]
    if impl.kwargnames or tuple(impl.argnames) != argnames:
        return None
    return impl.function


def spec_argnames(call: Any) -> tuple[str, ...] | None:
    """The argument names of the spec of ``call`` (a hook), in order; None without a spec."""
    spec = getattr(call, "spec", None)
    return None if spec is None else tuple(spec.argnames)
