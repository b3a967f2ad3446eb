"""Hook results are checked where they enter the rules, and a bad one is blamed on the plugin
that returned it.

A hookspec states what its hook must return with ``@returns(...)`` (type, range, or a check of
its own); ``install_checks`` makes every call of such a hook check its final result (after any
wrapper), so a house rule's ``conquest_surcharge`` returning ``'3'`` or ``nan`` fails at
once naming that house rule and that hook, instead of a TypeError deep in the card game's code.

    @hookspec(firstresult=True)
    @returns(int, min=0, max=100)
    def conquest_surcharge(game, seat): ...
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import PluginError

CONTRACT_ATTR = "peloponnes_returns"


@dataclass(frozen=True)
class Returns:
    """What a hook's result must be (``None`` always passes: it means "no opinion")."""
    types: tuple[type, ...] = ()
    min: float | None = None
    max: float | None = None
    check: Callable[[Any, dict], str | None] | None = None   # (value, hook kwargs) -> problem
    each: bool = False     # a hook whose every plugin answers (the result is a list): check each

    def fast_ok(self, value: Any) -> bool:
        """True when ``value`` certainly passes (an exact type, in range, no check of its own):
        the cheap test made on every call. False means: ask ``problem``."""
        if value is None:
            return True
        if self.check is not None or type(value) not in self.types or type(value) is float:
            return False
        return ((self.min is None or value >= self.min)
                and (self.max is None or value <= self.max))

    def describe(self) -> str:
        """In words, for the hooks reference."""
        parts = [" or ".join(t.__name__ for t in self.types)] if self.types else []
        if self.min is not None and self.max is not None:
            parts.append(f"from {self.min:g} to {self.max:g}")
        elif self.min is not None:
            parts.append(f"at least {self.min:g}")
        if self.check is not None:
            parts.append((self.check.__doc__ or "").split(":", 1)[-1].strip().rstrip(".")
                         or self.check.__name__)
        where = "each answer" if self.each else "the result"
        return f"{where}: " + ", ".join(p for p in parts if p) + " (or None)"

    def problem(self, value: Any, kwargs: dict) -> str | None:
        if value is None:
            return None
        if self.types and (not isinstance(value, self.types)
                           or (isinstance(value, bool) and bool not in self.types)):
            wanted = " or ".join(t.__name__ for t in self.types)
            return f"expected {wanted}, got {type(value).__name__}"
        if isinstance(value, float) and not math.isfinite(value):
            return "not a finite number"
        if self.min is not None and value < self.min:
            return f"must be at least {self.min}"
        if self.max is not None and value > self.max:
            return f"must be at most {self.max}"
        return self.check(value, kwargs) if self.check else None


def returns(*types: type, min: float | None = None, max: float | None = None,
            check: Callable[[Any, dict], str | None] | None = None, each: bool = False):
    """Decorate a hookspec with the contract its results must meet (see module docstring)."""
    def mark(spec):
        setattr(spec, CONTRACT_ATTR, Returns(types, min, max, check, each))
        return spec
    return mark


def contract_of(caller) -> Returns | None:
    spec = getattr(caller, "spec", None)
    return getattr(spec.function, CONTRACT_ATTR, None) if spec is not None else None


def finite_numbers(value: Any, kwargs: dict) -> str | None:
    """A check: a list/tuple (or dict values) of finite numbers."""
    items = value.values() if isinstance(value, dict) else value
    for item in items:
        if isinstance(item, bool) or not isinstance(item, (int, float)):
            return f"expected numbers, got {type(item).__name__} {item!r:.40}"
        if not math.isfinite(item):
            return f"{item} is not a finite number"
    return None


# Sanity bounds for hook results (not rule numbers: far above any printed value, far below a
# number that would make a game run away).
MAX_ROUNDS = 1000
MAX_SMALL = 100          # a surcharge, a bonus, a number of chits or pairs
MAX_LARGE = 1000         # a bid, a number of hits, of food
MAX_STRENGTH = 10_000


def phases(value: Any, kwargs: dict) -> str | None:
    """A check: a list of phases (each with a ``name`` and a callable ``run``)."""
    for item in value:
        if not callable(getattr(item, "run", None)) or not isinstance(getattr(item, "name", None),
                                                                       str):
            return f"expected phases, got {type(item).__name__} {item!r:.40}"
    return None


def labels(value: Any, kwargs: dict) -> str | None:
    """A check: a dict of names to short values (text, numbers, or a list of texts)."""
    for key, item in value.items():
        if not isinstance(key, str):
            return f"label names must be strings, got {key!r:.40}"
        items = item if isinstance(item, (list, tuple)) else [item]
        for one in items:
            if one is not None and (not isinstance(one, (str, int, float)) or (
                    isinstance(one, float) and not math.isfinite(one))):
                return f"label '{key}' must be text or a finite number, got {item!r:.40}"
    return None


def metrics(value: Any, kwargs: dict) -> str | None:
    """A check: a dict of metric names to finite numbers (or None for "not measured")."""
    for key, item in value.items():
        if not isinstance(key, str):
            return f"metric names must be strings, got {key!r:.40}"
        if item is not None and (not isinstance(item, (int, float)) or (
                isinstance(item, float) and not math.isfinite(item))):
            return f"metric '{key}' must be a finite number, got {item!r:.40}"
    return None


def score(value: Any, kwargs: dict) -> str | None:
    """A check: a Score whose value and tiebreak are finite numbers."""
    number = getattr(value, "value", None)
    if isinstance(number, bool) or not isinstance(number, (int, float)):
        return f"expected a Score with a numeric value, got {value!r:.60}"
    if not math.isfinite(number):
        return f"score value {number} is not a finite number"
    tiebreak = getattr(value, "tiebreak", ())
    if not isinstance(tiebreak, tuple):
        return "Score.tiebreak must be a tuple"
    return finite_numbers(tiebreak, kwargs) if tiebreak else None


def texts(value: Any, kwargs: dict) -> str | None:
    """A check: a list of strings."""
    for item in value:
        if not isinstance(item, str):
            return f"expected strings, got {type(item).__name__} {item!r:.40}"
    return None


def pieces(value: Any, kwargs: dict) -> str | None:
    """A check: dicts with a text ``component`` and ``kind``, a ``round`` and ``price`` or None."""
    for item in value:
        if not isinstance(item, dict):
            return f"expected dicts, got {type(item).__name__} {item!r:.40}"
        for key in ("component", "kind"):
            if not isinstance(item.get(key), str) or not item.get(key):
                return f"each piece needs a '{key}' (text), got {item!r:.60}"
        for key in ("round", "price"):
            number = item.get(key)
            if number is not None and (isinstance(number, bool)
                                       or not isinstance(number, (int, float))
                                       or not math.isfinite(number)):
                return f"'{key}' must be a finite number or None, got {item!r:.60}"
    return None


def pair_of_counts(value: Any, kwargs: dict) -> str | None:
    """A check: two integers from 0 to 1000 (a count, an income), e.g. ``(coins, luxury)``."""
    if len(value) != 2 or any(isinstance(v, bool) or not isinstance(v, int)
                              or not 0 <= v <= MAX_LARGE for v in value):
        return f"expected two integers from 0 to {MAX_LARGE}"
    return None


def permutation_of(argument: str) -> Callable[[Any, dict], str | None]:
    """A check: a reordering of the hook's argument ``argument`` (e.g. a turn order)."""
    def check(value: Any, kwargs: dict) -> str | None:
        try:
            same = sorted(value) == sorted(kwargs[argument])
        except TypeError:
            same = False
        return None if same else f"expected a reordering of {argument} {kwargs[argument]!r:.40}"
    check.__doc__ = f"A check: a reordering of the argument ``{argument}``."
    return check


def culprit(caller, kwargs: dict, contract: Returns, value: Any) -> Any:
    """The hook implementation that returned a bad ``value``: asked again one by one in call
    order (only on this error path), the first whose own answer breaks the contract, or for a
    first-result hook, the first that answers at all; else the outermost wrapper (it changed
    a good answer into a bad one)."""
    impls = caller.get_hookimpls()
    wrappers = [i for i in impls if i.hookwrapper or i.wrapper]
    plain = [i for i in impls if not (i.hookwrapper or i.wrapper)]
    firstresult = caller.spec.opts.get("firstresult", False)
    for impl in reversed(plain):
        try:
            answer = impl.function(*[kwargs[a] for a in impl.argnames])
        except Exception:   # noqa: BLE001 - asking again is best effort
            continue
        if answer is None:
            continue
        if contract.problem(answer, kwargs) is not None:
            return impl
        if firstresult:
            break
    return wrappers[-1] if wrappers else None


@dataclass(frozen=True)
class ResultCheck:
    """One hook's result contract, held to its final result (after any wrapper):
    ``check(result, kwargs)`` gives back ``result`` when it meets the contract, else raises
    PluginError naming the plugin that returned the bad value (``plugin_name(impl)``)."""
    caller: Any                   # the hook's pluggy HookCaller
    contract: Returns
    plugin_name: Callable[[Any], str | None]

    def passes(self, result: Any) -> bool:
        """The cheap test made on every call: True when ``result`` certainly meets the
        contract (False: ``__call__`` looks into it)."""
        fast_ok = self.contract.fast_ok
        return all(map(fast_ok, result)) if self.contract.each else fast_ok(result)

    def __call__(self, result: Any, kwargs: dict) -> Any:
        if self.passes(result):
            return result
        contract, name = self.contract, self.caller.name
        for value in result if contract.each else [result]:
            problem = contract.problem(value, kwargs)
            if problem is not None:
                impl = culprit(self.caller, kwargs, contract, value)
                shown = repr(value)
                shown = shown if len(shown) <= 60 else shown[:57] + "..."
                raise PluginError(f"{name} returned {shown}: {problem}",
                                  plugin=self.plugin_name(impl) if impl else None, hook=name)
        return result


class ResultChecks:
    """The result checks of one plugin manager (``install_checks``): ``checks``, hook name ->
    ResultCheck, for every hook with a contract; ``own_code(impl)``, whether an implementation is
    the package's own rules (None: none is).

    On pluggy's call path they are a call monitor (``before``/``after``, given to pluggy's
    ``add_hookcall_monitoring``), which sees every hook call's final result. The hook relay
    (``core.hookrelay``) calls implementations itself and asks ``for_fast_path`` which check to
    put around a hook's call."""

    def __init__(self, checks: dict[str, ResultCheck], own_code: Callable[[Any], bool] | None):
        self.checks = checks
        self.own_code = own_code

    def before(self, hook_name: str, hook_impls, kwargs) -> None:
        """Nothing to do before a call (pluggy's monitoring asks for both functions)."""

    def after(self, outcome, hook_name: str, hook_impls, kwargs) -> None:
        """Check the result of a call that returned one (an exception is left as it is)."""
        check = self.checks.get(hook_name)
        if check is not None and outcome.exception is None:
            check(outcome.get_result(), kwargs)

    def for_fast_path(self, caller) -> ResultCheck | None:
        """The check to put around a call of ``caller``'s current implementations, or None: the
        hook has no contract, or every implementation is the package's own code (a bad answer
        could only be blamed on that same code, which the test suite holds to the contracts
        through pluggy's path; the check would only move the error earlier)."""
        check = self.checks.get(caller.name)
        own_code = self.own_code
        if check is None or (own_code is not None
                             and all(own_code(impl) for impl in caller.get_hookimpls())):
            return None
        return check


def install_checks(pm, plugin_name: Callable[[Any], str | None],
                   own_code: Callable[[Any], bool] | None = None) -> None:
    """Check the result of every hook of ``pm`` that has a contract, on every call: a result that
    passes costs a type and range test; only a bad one is looked into, and raises PluginError
    naming the plugin of the implementation that gave it (``plugin_name(impl)``).

    The checks are ``pm.result_checks`` (``ResultChecks``): on pluggy's path a call monitor
    (pluggy's public ``add_hookcall_monitoring``), on the hook relay's the check it puts around
    the call, where not every implementation is the package's own code (``own_code(impl)``).
    Installed again, the checks are replaced."""
    checks = {}
    for name in [n for n in dir(pm.hook) if not n.startswith("_")]:
        caller = getattr(pm.hook, name)
        contract = contract_of(caller)
        if contract is not None:
            checks[name] = ResultCheck(caller, contract, plugin_name)
    installed = getattr(pm, "result_checks", None)
    if installed is None:
        pm.result_checks = ResultChecks(checks, own_code)
        pm.add_hookcall_monitoring(pm.result_checks.before, pm.result_checks.after)
    else:
        installed.checks, installed.own_code = checks, own_code
        changed = getattr(pm, "hooks_changed", None)     # the relay resolves its hooks again
        if changed is not None:
            changed()


def checked_call(call: Callable, check: ResultCheck, argnames: tuple[str, ...]) -> Callable:
    """``call`` (a hook's implementations, taking the spec's arguments ``argnames``
    positionally) with its result held to ``check``."""
    passes = check.passes

    def checked(*args):
        result = call(*args)
        return result if passes(result) else check(result, dict(zip(argnames, args, strict=True)))
    return checked
