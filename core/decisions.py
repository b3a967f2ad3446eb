"""What a player is asked (a Decision with a finite tuple of Options) and what happened (Events).

Rules code never calls an agent: a phase *yields* a Decision and receives the chosen Option back.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

# The most options one decision may offer (the engine fails a game whose rules ask more): real
# decisions offer a few dozen, so more means a hook's answer out of all proportion (an income
# of a million coins, every amount of which the rules list as a bid) rather than a choice.
MAX_OPTIONS = 10_000


class Option(NamedTuple):
    """One answer to a decision. ``id`` is stable (used by saved games and the step API),
    ``label`` is for people, ``value`` is the payload the rules code reads back. ``key`` is what
    a person types to choose it at the table (e.g. the number of the table row it refers to);
    empty: the option's position in the list, counted from 1. Immutable (a named tuple): rules
    share options between decisions and games."""
    id: str
    label: str
    value: Any = None
    key: str = ""


@dataclass(slots=True)
class Decision:
    """A choice one seat must make. ``rule`` names the rulebook section that asks for it.
    Read-only by convention."""
    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    rule: str = ""

    def option(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None


@dataclass(slots=True)
class Event:
    """Something that happened, for the log, renderers and metrics. Read-only by convention:
    observers must not change an event."""
    seq: int
    round: int
    kind: str
    data: dict = field(default_factory=dict)
    rule: str = ""

    def as_dict(self) -> dict:
        out = {"seq": self.seq, "round": self.round, "kind": self.kind, **self.data}
        if self.rule:
            out["rule"] = self.rule
        return out
