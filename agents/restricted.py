"""Restricted play: a seat whose agent never takes certain options (a seat's ``forbid`` in a
scenario, ``--forbid`` on simulate and compare). Played against the same seat unrestricted on
the same seeds, it measures what a mechanism (the Conquest row, mortgaging, luxury trades,
Strength) is worth to the player who uses it (docs/mechanisms.md).

A forbid entry is ``KIND`` (every option of decisions of that kind) or ``KIND:OPTION``, OPTION an
option id or a shell-style pattern of ids: ``build:mortgage``, ``bid_card:card:*``,
``feed_luxury:[!0]*`` (``core.scenario.parse_forbid``).

The agent is shown the decision with the forbidden options removed and answers as it would,
drawing from its own seeded random numbers (a restricted game is as reproducible as any); a
decision with nothing forbidden in it is shown unchanged. Where every option is forbidden the
rules leave the seat no way out: the agent then chooses among all of them, and the seat counts
it (``forced``).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fnmatch import fnmatchcase

from peloponnes.core.decisions import Decision
from peloponnes.core.scenario import parse_forbid


class Restriction:
    """What a seat may not take, by decision kind, and how often that changed its decisions:
    ``narrowed[kind]`` decisions had options removed, ``forced[kind]`` had all of them
    forbidden (the seat chose among all), ``overruled[kind]`` got a forbidden answer from a bot
    all the same (replaced by the first allowed option)."""

    def __init__(self, entries):
        self.patterns: dict[str, list[str]] = {}
        for entry in entries:
            kind, pattern = parse_forbid(entry)
            self.patterns.setdefault(kind, []).append(pattern)
        self.narrowed: Counter = Counter()
        self.forced: Counter = Counter()
        self.overruled: Counter = Counter()     # a bot's forbidden answers replaced

    def allowed(self, decision: Decision) -> Decision:
        """``decision`` with the forbidden options removed; itself where none is forbidden, or
        where all are (counted in ``forced``)."""
        patterns = self.patterns.get(decision.kind)
        if patterns is None:
            return decision
        kept = tuple(o for o in decision.options
                     if not any(fnmatchcase(o.id, p) for p in patterns))
        if len(kept) == len(decision.options):
            return decision
        if not kept:
            self.forced[decision.kind] += 1
            return decision
        self.narrowed[decision.kind] += 1
        return replace(decision, options=kept)


class RestrictedAgent:
    """Any agent (``agent``), shown only the options ``restriction`` allows. It reads the view
    and runs plugin code exactly where its agent does."""

    def __init__(self, agent, restriction: Restriction):
        self.agent = agent
        self.restriction = restriction
        self.needs_view = agent.needs_view
        self.is_bot = getattr(agent, "is_bot", False)
        self.picks_options = getattr(agent, "picks_options", False)
        self.stateless = getattr(agent, "stateless", False)

    @property
    def guessed(self) -> bool:
        """Whether the last answer was a guess, for agents that say so (an AttributeError for
        the others, as they have no ``guessed``: coverage counts only agents that have one)."""
        return self.agent.guessed

    def pick(self, decision: Decision):
        allowed = self.restriction.allowed(decision)
        if allowed is not decision and len(allowed.options) == 1:
            return allowed.options[0]
        return self.agent.pick(allowed)

    def choose(self, view, decision: Decision) -> str:
        allowed = self.restriction.allowed(decision)
        if allowed is not decision and len(allowed.options) == 1:
            # nothing left to choose (a bot need not be asked about a choice the rules
            # themselves never leave it with one option)
            return allowed.options[0].id
        answer = self.agent.choose(view, allowed)
        if allowed is not decision and allowed.option(answer) is None \
                and decision.option(answer) is not None:
            # a rules-aware bot that answered from the view, not from the options it was
            # shown, took a forbidden one: the first allowed option keeps the seat within its
            # restriction (an answer not offered at all goes on, for the engine to refuse)
            self.restriction.overruled[decision.kind] += 1
            return allowed.options[0].id
        return answer


def answers_pending(pending: Decision | None, decision: Decision) -> bool:
    """Whether ``decision`` is ``pending`` (a game's pending decision), or that decision with
    some of its options held back by a restricted seat: what a searching agent, which plays
    the game itself rather than the decision it is shown, may be asked to answer."""
    if decision is pending:
        return True
    if pending is None or (decision.seat, decision.kind) != (pending.seat, pending.kind):
        return False
    offered = {o.id for o in pending.options}
    return all(o.id in offered for o in decision.options)
