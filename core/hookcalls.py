"""How a resolved hook calls its implementations: plain loops that do what pluggy's own call
loop does, for the hooks ``core.hookrelay`` gives them (a spec, no old-style wrapper, no call
monitor).

Each function built here takes the hook's arguments positionally, in the spec's order, and calls
the implementations it was given in pluggy's call order (``HookCaller.get_hookimpls()``
reversed: the last registered first, ``tryfirst``/``trylast`` respected, every new-style wrapper
before the plain implementations). Each implementation gets the arguments it names, positionally,
as pluggy passes them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

import pluggy

# pluggy 1.6 lets a StopIteration raised inside a wrapped call pass on through a wrapper that does
# not catch it; before, the RuntimeError Python raises for it inside that wrapper took its place.
STOP_ITERATION_PASSES_WRAPPERS = tuple(
    int(part) for part in pluggy.__version__.split(".")[:2]) >= (1, 6)


def taking(function: Callable, argnames: Sequence[str], spec_argnames: Sequence[str]) -> Callable:
    """``function`` (an implementation taking ``argnames``, a part of the spec's arguments) to be
    called with all of the spec's arguments: itself where it takes them all, in the spec's order;
    else a function passing on the ones it names."""
    argnames, spec_argnames = tuple(argnames), tuple(spec_argnames)
    if argnames == spec_argnames:
        return function
    if not argnames:
        def taking_none(*args):
            return function()
        return taking_none
    pick = itemgetter(*[spec_argnames.index(name) for name in argnames])
    if len(argnames) == 1:
        def taking_one(*args):
            return function(pick(args))
        return taking_one

    def taking_some(*args):
        return function(*pick(args))
    return taking_some


def first_result(calls: Sequence[Callable]) -> Callable:
    """A first-result hook's call: the first non-None answer of ``calls`` (each next one asked
    only while there is none), or None. One implementation's call is that implementation."""
    if len(calls) == 1:
        return calls[0]
    calls = tuple(calls)

    def first_result(*args):
        for call in calls:
            result = call(*args)
            if result is not None:
                return result
        return None
    return first_result


def every_result(calls: Sequence[Callable]) -> Callable:
    """A hook's call that collects answers: the list of the non-None answers of ``calls``."""
    calls = tuple(calls)

    def every_result(*args):
        results = []
        for call in calls:
            result = call(*args)
            if result is not None:
                results.append(result)
        return results
    return every_result


def wrapped(wrappers: Sequence[Callable], inner: Callable) -> Callable:
    """``inner`` (the plain implementations' call) with new-style wrappers (``wrapper=True``,
    outermost first) around it, as pluggy runs them: each wrapper up to its ``yield``, then
    ``inner``; then the wrappers, innermost first, get the result (or the exception raised), and
    each may return another result or raise another exception (``unwind``)."""
    wrappers = tuple(wrappers)
    if len(wrappers) == 1:
        return wrapped_once(wrappers[0], inner)

    def wrapped(*args):
        teardowns = []
        try:
            for wrapper in wrappers:
                teardown = wrapper(*args)
                try:
                    next(teardown)
                except StopIteration:
                    wrapper_failed(teardown, "did not yield")
                teardowns.append(teardown)
            result = inner(*args)
        except BaseException as error:  # noqa: BLE001 - the wrappers see whatever was raised
            return unwind(teardowns, None, error)
        return unwind(teardowns, result, None)
    return wrapped


def wrapped_once(wrapper: Callable, inner: Callable) -> Callable:
    """``wrapped`` for one wrapper (a house rule or an expansion adjusting a variant's answer,
    the usual case), step for step the same: the wrapper runs up to its ``yield``, gets the
    inner result sent in and returns the answer; on any other path it is resumed as ``unwind``
    does."""
    def wrapped_once(*args):
        teardown = wrapper(*args)
        try:
            next(teardown)
        except StopIteration:
            wrapper_failed(teardown, "did not yield")
        try:
            result = inner(*args)
        except BaseException as error:  # noqa: BLE001 - the wrapper sees whatever was raised
            return unwind([teardown], None, error)
        try:
            teardown.send(result)
        except StopIteration as stop:
            return stop.value
        teardown.close()                    # it yielded again: end it, then report it
        wrapper_failed(teardown, "has second yield")
    return wrapped_once


def unwind(teardowns: list, result: Any, exception: BaseException | None) -> Any:
    """Resume the wrappers that reached their ``yield`` (``teardowns``), innermost first, with
    the result, or throw them the exception; each may replace either. Returns the final result,
    or raises the final exception."""
    for teardown in reversed(teardowns):
        try:
            if exception is None:
                teardown.send(result)
            else:
                try:
                    teardown.throw(exception)
                except RuntimeError as error:
                    if (STOP_ITERATION_PASSES_WRAPPERS and isinstance(exception, StopIteration)
                            and error.__cause__ is exception):
                        teardown.close()
                        continue
                    raise
            teardown.close()        # it yielded again: end it, then report it
        except StopIteration as stop:
            result, exception = stop.value, None
            continue
        except BaseException as error:  # noqa: BLE001 - the next wrapper out sees it
            exception = error
            continue
        wrapper_failed(teardown, "has second yield")
    if exception is not None:
        raise exception
    return result


def wrapper_failed(teardown, message: str):
    """A wrapper that did not yield, or yielded twice: pluggy's error for it."""
    code = teardown.gi_code
    raise RuntimeError(f"wrap_controller at {code.co_name!r} {code.co_filename}:"
                       f"{code.co_firstlineno} {message}")


def by_keywords(call: Callable, argnames: Sequence[str], fallback: Callable) -> Callable:
    """``call`` (taking the spec's arguments positionally) called with keywords, as
    ``pm.hook.NAME(**kwargs)`` is: keywords the spec does not name are ignored, and a call
    that leaves out one it names goes to ``fallback`` (pluggy's HookCaller, which warns, and
    raises HookCallError where an implementation needs the argument)."""
    argnames = tuple(argnames)
    if not argnames:
        def hook(**kwargs):
            return call()
    elif len(argnames) == 1:
        (name,) = argnames

        def hook(**kwargs):
            if name not in kwargs:
                return fallback(**kwargs)
            return call(kwargs[name])
    else:
        pick = itemgetter(*argnames)

        def hook(**kwargs):
            try:
                args = pick(kwargs)
            except KeyError:
                return fallback(**kwargs)
            return call(*args)
    return hook


def by_position(caller: Any, argnames: Sequence[str]) -> Callable:
    """``caller`` (a hook taking keywords: pluggy's HookCaller) called with the spec's arguments
    positionally, in the spec's order."""
    argnames = tuple(argnames)

    def by_position(*args):
        if len(args) != len(argnames):
            raise TypeError(f"hook {caller.name!r} takes {len(argnames)} arguments "
                            f"({', '.join(argnames)}), {len(args)} given")
        return caller(**dict(zip(argnames, args, strict=True)))
    by_position.__name__ = f"{caller.name}_by_keyword"
    return by_position


def without_spec(name: str) -> Callable:
    """What a hook without a spec is when called positionally: an error (it has no argument
    order)."""
    def without_spec(*args):
        raise AttributeError(f"hook {name!r} has no spec: call it with keywords")
    without_spec.__name__ = f"{name}_without_spec"
    return without_spec
