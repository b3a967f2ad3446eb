"""How a ruleset describes itself to the engine: a Variant, its options and its phases."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .decisions import Decision

PhaseFn = Callable[[Any], Iterator[Decision] | None]


@dataclass(frozen=True)
class Phase:
    """A step of a round: ``run(game)`` changes state and yields a Decision wherever a player
    must choose (it may also be a plain function that yields nothing, or one that returns
    another generator's steps: the engine runs whatever iterator of Decisions it returns)."""
    name: str
    run: PhaseFn
    rule: str = ""


def insert_phase_after(phases: list[Phase], name: str, phase: Phase) -> list[Phase]:
    """A new list of ``phases`` with ``phase`` right after the first phase called ``name``, or
    at the end when there is none — what a ``list_round_phases`` wrapper that adds a phase
    needs::

        @hookimpl(wrapper=True)
        def list_round_phases(game):
            return insert_phase_after((yield), "income", Phase("market", market, RULE))
    """
    phases = list(phases or [])
    names = [p.name for p in phases]
    at = names.index(name) + 1 if name in names else len(phases)
    return [*phases[:at], phase, *phases[at:]]


@dataclass(frozen=True)
class VariantOption:
    """An option a variant accepts in a scenario's ``[options]`` table."""
    name: str
    type: type
    default: Any
    description: str
    choices: tuple | None = None
    min: float | None = None
    max: float | None = None


@dataclass(frozen=True)
class Variant:
    """A ruleset. ``plugins`` are registered, in order, for every game of this variant (after
    the plugins of ``base``, when the variant is stacked on another). ``hookspecs`` are modules
    of extra hook specifications the ruleset family defines (``core`` knows none of them).
    ``state_api`` lists the state classes and the helpers a plugin must use to change state
    legally (``gain_luxury`` rather than ``player.luxury += 1``): ``docs/state.md`` documents
    them (``peloponnes hooks --state``)."""
    name: str
    title: str
    description: str
    min_players: int
    max_players: int
    components: Path
    plugins: tuple = ()
    base: str | None = None
    options: tuple[VariantOption, ...] = ()
    hookspecs: tuple = ()
    rules_summary: str = ""
    check_components: Callable[[dict, str], dict] | None = None  # validate, return filled-in
    state_api: tuple = ()
    # The most options any decision of this ruleset offers (K): learning agents act in
    # ``Discrete(max_options)`` (``peloponnes.rl``). None: not declared.
    max_options: int | None = None
