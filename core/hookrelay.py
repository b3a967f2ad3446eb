"""Fast hook calls with pluggy's semantics: each hook's implementations resolved once.

A pluggy hook call (``pm.hook.minimum_bid(game=..., ...)``) copies the implementation list,
checks the arguments and runs the general loop that also serves wrappers, about 2 µs each time;
a game makes hundreds of such calls. ``RelayPluginManager.relay`` offers the same calls, but the
first call of a hook compiles a small function for the implementations registered at that moment:
it calls them in pluggy's order (last registered first, ``tryfirst``/``trylast`` respected), stops
at the first non-None result for a ``firstresult`` hook, and otherwise returns the list of
non-None results, exactly as pluggy would.

Whatever the compiled function cannot do exactly as pluggy does goes to pluggy itself: a hook
with a wrapper (``wrapper=True`` or ``hookwrapper=True``), a historic hook, a hook without a
spec, spec arguments with defaults, implementations taking optional arguments, tracing or call
monitoring switched on, and a call that leaves out a spec argument (pluggy warns, or raises
HookCallError). Registering, unregistering, blocking, adding specs or monitoring drops every
compiled function, so the next call resolves the hook again; a house rule registered mid-game
(as tests do) takes part from its next call on, as in pluggy.

A hook whose results have a contract (``core.results``: ``@returns(...)`` on the spec, put on the
hook's call path by ``install_checks``) is checked in the compiled function too, at each point it
returns: the usual good result costs an inline type and range test, and a bad one raises the same
PluginError, naming the same plugin, as on pluggy's path.
"""
from __future__ import annotations

import keyword
import os
from collections.abc import Callable
from functools import lru_cache
from types import CodeType
from typing import Any, NamedTuple

import pluggy

from .hookcalls import direct_call, spec_argnames
from .results import relay_check

_MISSING = object()   # an argument left out of a call: such a call goes to pluggy


def relay_enabled() -> bool:
    """False when the environment sets PELOPONNES_PLAIN_HOOKS=1: every hook call then goes
    through pluggy's own loop (to rule the relay out when chasing a bug, and for benchmarks)."""
    return os.environ.get("PELOPONNES_PLAIN_HOOKS", "") in ("", "0")


class ResolvedHooks:
    """A namespace of hooks: ``hooks.NAME`` for every hook the source knows, resolved
    (``_resolve``) all at once at the namespace's first use after it was made or cleared, and
    kept as instance attributes until ``clear``. Resolved, it is a plain object: CPython's
    attribute caches serve each lookup, which a class with ``__getattr__`` would defeat (about
    20 ns more per ``game.positional.NAME``, some 500 a game). Until then it is of its pending
    subclass (``_pending_of``), whose ``__getattr__`` resolves every hook and turns it back."""

    _pending: type      # the subclass a namespace is of until its first use (``_pending_of``)

    def __init__(self, source: Any):
        self._source = source
        self.__class__ = self._pending

    def _names(self) -> list[str]:
        """The names of the hooks the source knows (every one the plugin manager has)."""
        raise NotImplementedError

    def _resolve(self, name: str) -> Any:
        raise NotImplementedError

    def _resolve_all(self) -> None:
        own = type(self)
        for name in self._names():
            # a hook named as one of the namespace's own attributes (``clear``, ``_source``) is
            # not reached through it (pluggy calls it)
            if not (name.startswith("_") or hasattr(own, name)):
                self.__dict__[name] = self._resolve(name)

    def clear(self) -> None:
        """Forget every resolved hook (the plugin set or pluggy's call path changed)."""
        source = self._source
        self.__dict__.clear()
        self._source = source
        self.__class__ = self._pending


def _pending_of(cls: type) -> type:
    """``cls``'s pending twin: the first lookup of a hook resolves every hook (``ResolvedHooks``
    ``._resolve_all``), then the namespace is of ``cls`` again."""
    def __getattr__(self, name: str):   # noqa: N807 - the class's attribute hook
        if name.startswith("__"):
            raise AttributeError(name)
        self._resolve_all()
        self.__class__ = cls
        return getattr(self, name)      # an unknown hook: AttributeError, from ``cls``

    cls._pending = type(f"Pending{cls.__name__}", (cls,), {
        "__getattr__": __getattr__, "__doc__": f"A {cls.__name__} not yet resolved."})
    return cls


@_pending_of
class HookRelay(ResolvedHooks):
    """``relay.NAME(**kwargs)`` calls hook NAME like ``pm.hook.NAME(**kwargs)`` (``source``: the
    plugin manager), through the function ``resolve`` gives."""

    def _names(self) -> list[str]:
        return list(vars(self._source.hook))

    def _resolve(self, name: str):
        return resolve(getattr(self._source.hook, name), self._source)


@_pending_of
class PositionalHooks(ResolvedHooks):
    """``positional.NAME(a, b, ...)`` calls hook NAME with the spec's arguments positionally, in
    the spec's order: the same implementations, in the same order, with the same answer as
    ``hooks.NAME(a=a, b=b, ...)`` (``source``: the relay, or pluggy's ``pm.hook``). Each hook is
    resolved once (``hookcalls.direct_call``; where only pluggy can call the hook, a function
    passing the arguments on as keywords; a hook without a spec, a function saying so); the
    relay's manager clears it whenever it clears the relay (``RelayPluginManager``), so a plugin
    registered mid-game takes part from the next call on. For rules code that asks a hook very
    often (``game.positional``); plugins call hooks with keywords."""

    def _names(self) -> list[str]:
        source = self._source
        return source._names() if isinstance(source, ResolvedHooks) else list(vars(source))

    def _resolve(self, name: str) -> Callable:
        call = getattr(self._source, name)
        argnames = spec_argnames(call)
        if argnames is None:
            return _no_spec(name)
        return direct_call(call, argnames) or _keyword_call(call, argnames)


def _no_spec(name: str) -> Callable:
    """What ``positional.NAME`` is for a hook without a spec: it cannot be called by position."""
    def no_spec(*args):
        raise AttributeError(f"hook {name!r} has no spec: call it with keywords")
    no_spec.__name__ = f"{name}_without_spec"
    return no_spec


def _keyword_call(call: Any, argnames: tuple[str, ...]) -> Callable:
    """``call`` (pluggy's HookCaller, or a function of the relay) called with the positional
    arguments it is given as the spec's keywords."""
    def keyword_call(*args):
        return call(**dict(zip(argnames, args, strict=True)))
    keyword_call.__name__ = f"{getattr(call, 'name', 'hook')}_by_keyword"
    return keyword_call


class RelayPluginManager(pluggy.PluginManager):
    """A pluggy PluginManager with a ``relay`` (and ``positional``, its hooks called with
    positional arguments) that every change of plugins, specs, blocking or call monitoring
    resets."""

    def __init__(self, project_name: str):
        super().__init__(project_name)
        self.plain_hookexec = self._inner_hookexec     # pluggy's own loop, no tracing
        self.relay = HookRelay(self)
        # the relay's hooks called positionally (``PositionalHooks``)
        self.positional = PositionalHooks(self.relay)

    def _changed(self) -> None:
        for resolved in ("relay", "positional"):
            hooks = self.__dict__.get(resolved)
            if hooks is not None:
                hooks.clear()

    # pluggy's tracing and add_hookcall_monitoring replace this attribute (and put it back)
    @property
    def _inner_hookexec(self):
        return self.__dict__["_inner_hookexec_"]

    @_inner_hookexec.setter
    def _inner_hookexec(self, value) -> None:
        self.__dict__["_inner_hookexec_"] = value
        self._changed()

    def register(self, plugin, name=None):
        try:
            return super().register(plugin, name)
        finally:
            self._changed()

    def unregister(self, plugin=None, name=None):
        try:
            return super().unregister(plugin, name)
        finally:
            self._changed()

    def set_blocked(self, name: str) -> None:
        try:
            super().set_blocked(name)
        finally:
            self._changed()

    def unblock(self, name: str) -> bool:
        try:
            return super().unblock(name)
        finally:
            self._changed()

    def add_hookspecs(self, module_or_class) -> None:
        try:
            super().add_hookspecs(module_or_class)
        finally:
            self._changed()


def fast_path_possible(caller: pluggy.HookCaller, pm: pluggy.PluginManager) -> bool:
    """Whether a compiled function calls this hook exactly as pluggy would."""
    spec = caller.spec
    if spec is None or caller.is_historic() or getattr(spec, "kwargdefaults", None):
        return False
    if pm._inner_hookexec is not getattr(pm, "plain_hookexec", None):   # tracing, monitoring
        return False
    if not caller.name.isidentifier() or keyword.iskeyword(caller.name):
        return False        # no function can be defined by that name (pluggy calls it)
    if not all(name.isidentifier() and not keyword.iskeyword(name) and not name.startswith("_")
               for name in spec.argnames):
        return False
    return not any(impl.hookwrapper or impl.kwargnames for impl in caller.get_hookimpls())


def resolve(caller: pluggy.HookCaller, pm: pluggy.PluginManager):
    """A function calling ``caller``'s current implementations as pluggy does, or ``caller``
    itself where only pluggy can."""
    if not fast_path_possible(caller, pm):
        return caller
    spec = caller.spec
    firstresult = bool(spec.opts.get("firstresult", False))
    # pluggy keeps plain implementations before wrappers and calls the list from its end
    order = list(reversed(caller.get_hookimpls()))
    wrappers = [impl for impl in order if impl.wrapper]
    plain = [impl for impl in order if not impl.wrapper]
    return compile_call(caller.name, spec.argnames, wrappers, plain, firstresult, caller,
                        relay_check(caller))


def _define(name: str, lines: list[str], namespace: dict[str, Any]):
    exec(_compiled("\n".join(lines) + "\n", f"<hook relay: {name}>"), namespace)
    return namespace[name]


@lru_cache(maxsize=1024)
def _compiled(source: str, filename: str) -> CodeType:
    """The code of a relay function's source (the same source, from a hook of the same shape in
    another plugin manager or after a plugin was registered, is compiled once: resolving every
    hook of a manager then costs a few milliseconds, not fifteen)."""
    return compile(source, filename, "exec")


def compile_call(name: str, argnames: tuple[str, ...], wrappers: list, plain: list,
                 firstresult: bool, fallback, checked=None) -> Any:
    """``def NAME(*, a=_MISSING, b=_MISSING, **_extra)``: the new-style ``wrappers`` (outermost
    first) around the ``plain`` implementations (in call order), each given the arguments it
    declares; extra keywords are ignored and a call missing an argument goes to ``fallback``
    (pluggy), as pluggy's own checks would have it. ``checked``: the hook's result contract and
    its check (``results.relay_check``), applied to the final result.

    The function's attribute ``positional`` is ``def NAME_positional(a, b)``: the same calls,
    taking every spec argument positionally, in the spec's order (a keyword call with an empty
    ``**_extra`` costs about 550 machine instructions more; ``hookcalls.direct_call``)."""
    namespace: dict[str, Any] = {"_MISSING": _MISSING, "_pluggy_call": fallback,
                                 "_wrapper_failed": _wrapper_failed,
                                 "_unwind": _unwind_wrappers}

    def returning(var: str) -> str:
        """The return statement of the final result ``var`` (checked, if the hook has a
        contract: the inline test, else the full check with the call's arguments)."""
        if checked is None:
            return f"return {var}"
        contract, namespace["_check"] = checked
        kwargs = ", ".join(f"{a!r}: {a}" for a in argnames)
        return (f"return {var} if {contract.fast_source(var, namespace)} "
                f"else _check({var}, {{{kwargs}}})")

    keywords = "".join(f"{a}=_MISSING, " for a in argnames)
    # (a hook without arguments takes extra keywords only: ``def NAME(*, **_extra)`` is no
    # valid Python)
    lines = [f"def {name}({'*, ' if argnames else ''}{keywords}**_extra):"]
    if argnames:
        missing = " or ".join(f"{a} is _MISSING" for a in argnames)
        given = ", ".join(f"({a!r}, {a})" for a in argnames)
        lines += [f"    if {missing}:",
                  f"        return _pluggy_call(**{{k: v for k, v in ({given},) if v is not"
                  " _MISSING}, **_extra)"]
    if not wrappers:
        # the plain implementations: the first non-None result, or the non-None results
        lines += [] if firstresult else ["    _results = []"]
        for i, impl in enumerate(plain):
            namespace[f"_impl{i}"] = impl.function
            call = f"_impl{i}({', '.join(impl.argnames)})"
            if firstresult and checked is None and i == len(plain) - 1:
                # the last one's result is the answer, None or not (no test needed)
                lines.append(f"    return {call}")
                break
            keep = f"        {returning('_r')}" if firstresult else "        _results.append(_r)"
            lines += [f"    _r = {call}", "    if _r is not None:", keep]
        else:
            lines.append("    return None" if firstresult else f"    {returning('_results')}")
    else:
        lines += wrapper_lines(wrappers, plain_lines(plain, firstresult, namespace),
                               namespace, returning)
    call = _define(name, lines, namespace)
    call.__doc__ = (f"Hook {name}: {len(wrappers)} wrapper(s) around {len(plain)}"
                    " implementation(s), resolved by HookRelay.")
    # the same body, taking the spec's arguments positionally, in the spec's order (every
    # argument given, so no call of it goes to pluggy): ``hookcalls.direct_call``
    body = lines[3:] if argnames else lines[1:]
    call.positional = _define(f"{name}_positional",
                              [f"def {name}_positional({', '.join(argnames)}):", *body],
                              namespace)
    # what it calls, as compiled (``hookcalls.sole_implementation`` reads it)
    call.compiled = Compiled(tuple(wrappers), tuple(plain), firstresult, checked is not None)
    # what code reads of a HookCaller (``game.hook.on_event.get_hookimpls()``) still works
    for attribute in HOOKCALLER_API:
        setattr(call, attribute, getattr(fallback, attribute))
    return call


class Compiled(NamedTuple):
    """What a function of the relay calls, fixed when it was compiled: the new-style wrappers
    (outermost first), the plain implementations (in call order), whether the first non-None
    result wins, and whether the result contract is checked on its path."""
    wrappers: tuple
    plain: tuple
    firstresult: bool
    checked: bool


HOOKCALLER_API = ("name", "spec", "get_hookimpls", "has_spec", "is_historic", "call_historic",
                  "call_extra")


# --- new-style wrappers, step for step as pluggy's _multicall runs them ---------------------------

def plain_lines(plain: list, firstresult: bool, namespace: dict[str, Any]) -> list[str]:
    """Lines (indented for ``wrapper_lines``' try block) that set ``_result`` to what the
    ``plain`` implementations answer: the first non-None result (each next implementation
    called only while there is none), or the list of the non-None results."""
    if not firstresult:
        lines = ["        _result = []"]
        for i, impl in enumerate(plain):
            namespace[f"_impl{i}"] = impl.function
            lines += [f"        _r = _impl{i}({', '.join(impl.argnames)})",
                      "        if _r is not None:",
                      "            _result.append(_r)"]
        return lines
    lines, indent = ["        _result = None"], "        "
    for i, impl in enumerate(plain):
        namespace[f"_impl{i}"] = impl.function
        if i:
            lines.append(f"{indent}if _result is None:")
            indent += "    "
        lines.append(f"{indent}_result = _impl{i}({', '.join(impl.argnames)})")
    return lines


def wrapper_lines(wrappers: list, plain: list[str], namespace: dict[str, Any],
                  returning=lambda var: f"return {var}") -> list[str]:
    """Body lines running ``wrappers`` (outermost first) around the ``plain`` lines (which set
    ``_result``: ``plain_lines``): each wrapper up to its ``yield``, the plain implementations,
    then the wrappers resumed innermost first with the result. The usual path is written out;
    an exception, anywhere, goes to ``_unwind``, which throws it into the wrappers still
    waiting, exactly as pluggy does. ``returning(var)``: the statement returning the final
    result ``var``.

    Each wrapper runs under a driver (``_driver``) taken from a shared pool: resumed through the
    driver's ``yield from``, the wrapper's return value comes back as a plain value, where
    ``send`` on the wrapper itself would raise it inside a StopIteration (a third of the cost of
    a wrapped call). ``gi_suspended`` then tells a wrapper that did not yield, or yielded twice,
    from one that returned. A driver goes back to the pool only after a wrapper that ran
    cleanly; on any other path it is dropped (nested hook calls take other drivers)."""
    count = len(wrappers)
    entered = "[" + ", ".join(f"_g{i}" for i in range(count)) + "]"

    def unwound(upto: int, indent: str) -> list[str]:
        return [f"{indent}_result = _unwind({entered}[:{upto}], None, _exc)",
                f"{indent}{returning('_result')}"]

    namespace["_drivers"], namespace["_new_driver"] = _DRIVERS, _new_driver
    lines = ["    " + " = ".join(f"_g{i}" for i in range(count)) + " = None",
             "    _entered = 0",
             "    try:"]
    for i, impl in enumerate(wrappers):
        namespace[f"_wrapper{i}"] = impl.function
        lines += [f"        _g{i} = _wrapper{i}({', '.join(impl.argnames)})",
                  f"        _d{i} = _drivers.pop() if _drivers else _new_driver()",
                  f"        _d{i}.send(_g{i})",
                  f"        if not _g{i}.gi_suspended:",
                  f"            _wrapper_failed(_g{i}, 'did not yield')",
                  f"        _entered = {i + 1}"]
    lines += [*plain,
              "    except BaseException as _exc:",
              f"        _result = _unwind({entered}[:_entered], None, _exc)",
              f"        {returning('_result')}"]
    for i in reversed(range(count)):
        lines += ["    try:",
                  f"        _result = _d{i}.send(_result)",
                  "    except BaseException as _exc:",
                  *unwound(i, "        "),
                  f"    if _g{i}.gi_suspended:",      # a second yield: closed, then an error
                  "        try:",
                  f"            _g{i}.close()",
                  "        except BaseException as _exc:",
                  *unwound(i, "            "),
                  f"        _wrapper_failed(_g{i}, 'has second yield')",
                  f"    _drivers.append(_d{i})"]
    lines.append(f"    {returning('_result')}")
    return lines


def _driver():
    """Runs the wrapper generators it is sent, one after the other: passes a wrapper's yield
    out and the result in, and yields the wrapper's return value (``wrapper_lines``)."""
    wrapper = yield
    while True:
        wrapper = yield (yield from wrapper)


def _new_driver():
    driver = _driver()
    next(driver)
    return driver


# Drivers waiting for a wrapper to run (as many as wrappers ever nested). A few are made in
# advance: each wrapped call takes one and puts it back, and a list that keeps emptying and
# refilling reallocates its storage every time (about 450 instructions a wrapped call).
_DRIVERS: list = [_new_driver() for _ in range(8)]


def _wrapper_failed(gen, message: str):
    code = gen.gi_code
    raise RuntimeError(f"wrap_controller at {code.co_name!r} {code.co_filename}:"
                       f"{code.co_firstlineno} {message}")


def _unwind_wrappers(teardowns: list, result, exception):
    """Resume the wrappers innermost first with the result (or throw them the exception); each
    may replace the result or the exception. Returns the outcome or raises it."""
    for teardown in reversed(teardowns):
        try:
            if exception is not None:
                try:
                    teardown.throw(exception)
                except RuntimeError as error:
                    # a StopIteration thrown into a generator comes back as RuntimeError
                    if isinstance(exception, StopIteration) and error.__cause__ is exception:
                        teardown.close()
                        continue
                    raise
            else:
                teardown.send(result)
            teardown.close()
        except StopIteration as stop:
            result, exception = stop.value, None
            continue
        except BaseException as error:
            exception = error
            continue
        _wrapper_failed(teardown, "has second yield")
    if exception is not None:
        raise exception
    return result
