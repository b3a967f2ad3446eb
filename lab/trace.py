"""Hook tracing: what every hook implementation answered while a game was played.

``HookTrace(ruleset)`` instruments a loaded ruleset's plugin manager, for any hook and any
plugin, with no per-hook code: each implementation's function is wrapped so that its answer is
recorded (a wrapper's answer is what it returns after ``yield``, beside the value it received),
and pluggy's call monitoring groups the answers by hook call. ``explain`` compares two games'
traces; ``--coverage`` counts them (``lab.coverage``).

Tracing is opt-in and costs time; an untraced ruleset runs exactly as before. A trace answers
"which plugin made the difference", not "what would another plugin have answered": a
``firstresult`` call stops at the first answer, so the implementations behind it are not called
(``HookTrace(probe_shadowed=True)`` calls them afterwards, with the game's RNG restored, to learn
whether the answer changed anything; see ``lab.coverage``).
"""
from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from peloponnes.core.plugins import Ruleset

MAX_ITEMS = 8


def summarise(value: Any, depth: int = 3) -> str:
    """A short, stable text of a hook's answer, for people and for comparing two games: numbers,
    strings and containers as written, objects with a ``name`` by name, dataclasses by fields;
    never a memory address."""
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= 60 else repr(value[:57] + "...")
    if depth <= 0:
        return "…"
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):   # a named tuple (Option)
        return _by_fields(value, type(value)._fields, depth)
    if isinstance(value, (list, tuple, dict)):
        return _summarise_container(value, depth)
    if isinstance(value, (set, frozenset)):
        return summarise(sorted(value, key=repr), depth)
    name = getattr(value, "name", None)
    if isinstance(name, str):
        return f"{type(value).__name__} {name}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _by_fields(value, [f.name for f in dataclasses.fields(value)], depth)
    if callable(value):
        return f"function {getattr(value, '__name__', type(value).__name__)}"
    return type(value).__name__


def _by_fields(value: Any, names: Sequence[str], depth: int) -> str:
    """``Type(name=value, ...)``: a dataclass or a named tuple, by its (first few) fields."""
    fields = [f"{name}={summarise(getattr(value, name), depth - 1)}" for name in names[:MAX_ITEMS]]
    return f"{type(value).__name__}({', '.join(fields)})"


def _summarise_container(value: list | tuple | dict, depth: int) -> str:
    if isinstance(value, dict):
        items = list(value.items())
        inner = [f"{k}: {summarise(v, depth - 1)}" for k, v in items[:MAX_ITEMS]]
    else:
        inner = [summarise(v, depth - 1) for v in value[:MAX_ITEMS]]
    if len(value) > MAX_ITEMS:
        inner.append(f"… {len(value) - MAX_ITEMS} more")
    text = ", ".join(inner)
    if isinstance(value, dict):
        return "{" + text + "}"
    if isinstance(value, list):
        return f"[{text}]"
    return f"({text}{',' if len(value) == 1 else ''})"


@dataclass
class Answer:
    """One implementation's answer within a hook call. ``received`` is set for wrappers: the
    value they got from ``yield`` (so ``changed`` says whether they altered it)."""
    plugin: str
    value: Any
    wrapper: bool = False
    received: Any = None

    @property
    def changed(self) -> bool:
        return not self.wrapper or summarise(self.value) != summarise(self.received)


@dataclass
class HookCall:
    """A hook call: its name, every implementation's answer in the order they answered, the
    outcome, and where in the game it happened (round, phase, rule section)."""
    hook: str
    firstresult: bool
    answers: list[Answer] = field(default_factory=list)
    outcome: Any = None
    kwargs: dict = field(default_factory=dict)
    round: int = 0
    phase: str = ""
    rule: str = ""

    def deciding(self) -> list[Answer]:
        """The answers that made the outcome: for a ``firstresult`` hook the answer that won and
        every wrapper that changed it; for other hooks every answer that was not None."""
        if self.firstresult:
            plain = [a for a in self.answers if not a.wrapper and a.value is not None]
            return plain[:1] + [a for a in self.answers if a.wrapper and a.changed]
        return [a for a in self.answers if a.value is not None and a.changed]


AnswerSink = Callable[["HookTrace", str, object, Answer, tuple, dict], None]


class HookTrace:
    """Records hook answers of games played with ``ruleset`` (instrumented in place, so give it
    a ruleset of its own).

    - ``on_call(call)`` sees each hook call as it completes, with every instrumented
      implementation's answer (``monitor=True``, the default; pluggy's call monitoring groups
      the answers, which costs time on every hook call);
    - ``on_answer(trace, hook, impl, answer, args, kwargs)`` sees each answer as it is given;
    - ``only``: the names of the plugins to instrument (default: every plugin).

    ``game`` (set by the caller) gives calls their round, phase and rule section."""

    def __init__(self, ruleset: Ruleset, on_call: Callable[[HookCall], None] | None = None, *,
                 on_answer: AnswerSink | None = None, only: set[str] | None = None,
                 monitor: bool = True):
        self.ruleset = ruleset
        self.on_call = on_call
        self.on_answer = on_answer
        self.game = None
        self._stack: list[HookCall] = []
        self.originals: dict[object, Callable] = {}     # instrumented impl -> its own function
        pm = ruleset.pm
        # the name each plugin is registered under -> the plugin's name in the ruleset
        self._names = {pm.get_name(p.obj): p.name for p in ruleset.plugins}
        self.firstresult: dict[str, bool] = {}
        self.instrumented: list[tuple[str, object]] = []        # (hook, impl)
        for name in dir(pm.hook):
            caller = getattr(pm.hook, name)
            if name.startswith("_") or not hasattr(caller, "get_hookimpls"):
                continue
            spec = getattr(caller, "spec", None)
            self.firstresult[name] = bool(spec and spec.opts.get("firstresult"))
            for impl in caller.get_hookimpls():
                if only is None or self.plugin_name(impl) in only:
                    self._instrument(name, impl)
        self._undo = pm.add_hookcall_monitoring(self._before, self._after) if monitor else None

    def plugin_name(self, impl) -> str:
        return self._names.get(impl.plugin_name, impl.plugin_name)

    def close(self) -> None:
        """Stop grouping calls (the instrumented implementations stay, recording nothing)."""
        if self._undo is not None:
            self._undo()
            self._undo = None
        self.on_call = self.on_answer = None

    # --- pluggy monitoring ---------------------------------------------------------------------
    def _before(self, hook_name, hook_impls, kwargs) -> None:
        game = self.game
        phase = getattr(game, "phase", None) if game is not None else None
        rule = getattr(phase, "rule", "") or ""
        decision = kwargs.get("decision")
        if decision is not None and getattr(decision, "rule", ""):
            rule = decision.rule
        self._stack.append(HookCall(hook_name, self.firstresult.get(hook_name, False),
                                    kwargs=dict(kwargs), round=getattr(game, "round", 0),
                                    phase=getattr(phase, "name", "") or "", rule=rule))

    def _after(self, outcome, hook_name, hook_impls, kwargs) -> None:
        call = self._stack.pop()
        call.outcome = outcome.get_result() if outcome.exception is None else None
        if self.on_call is not None:
            self.on_call(call)

    # --- implementations -------------------------------------------------------------------------
    def _record(self, hook: str, impl, answer: Answer, args: tuple, kwargs: dict) -> None:
        if self._stack:
            self._stack[-1].answers.append(answer)
        if self.on_answer is not None:
            self.on_answer(self, hook, impl, answer, args, kwargs)

    def _instrument(self, hook: str, impl) -> None:
        original = impl.function
        plugin = self.plugin_name(impl)
        record = self._record
        if impl.hookwrapper:      # old-style wrappers pass through unrecorded
            return
        if impl.wrapper:
            @functools.wraps(original)
            def traced_wrapper(*args, **kwargs):
                gen = original(*args, **kwargs)
                first = next(gen)
                try:
                    received = yield first
                except BaseException as exc:     # an inner implementation raised
                    try:
                        gen.throw(exc)
                    except StopIteration as stop:
                        record(hook, impl, Answer(plugin, stop.value, True, None), args, kwargs)
                        return stop.value
                    raise RuntimeError(f"wrapper {plugin} has a second yield") from None
                try:
                    gen.send(received)
                except StopIteration as stop:
                    record(hook, impl, Answer(plugin, stop.value, True, received), args, kwargs)
                    return stop.value
                raise RuntimeError(f"wrapper {plugin} has a second yield")
            impl.function = traced_wrapper
        else:
            @functools.wraps(original)
            def traced(*args, **kwargs):
                value = original(*args, **kwargs)
                record(hook, impl, Answer(plugin, value), args, kwargs)
                return value
            impl.function = traced
        self.originals[impl] = original
        self.instrumented.append((hook, impl))
