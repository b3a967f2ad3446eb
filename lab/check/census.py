"""The decision census of ``peloponnes check``: every decision the rules ask, those the engine
takes without asking anyone included.

A decision with a single option is no choice, so the engine answers it itself and no agent or
observer ever sees it; the engine hands every decision, forced or asked, to the game's
``watch_decisions`` function where one is set, and the census is that function for the games
``check`` plays (a fork does not inherit it).

``CensusWatcher`` is a coverage ``Watcher`` watching every hook implementation (phases, rule
sections, plugin hooks: ``lab.coverage``) that also takes the census; ``Census`` is its count,
a ``Coverage`` with the decisions added. Censuses add up in any order, so the totals are the
same for any number of workers.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from peloponnes.core.decisions import Decision
from peloponnes.core.engine import Game
from peloponnes.core.plugins import Ruleset
from peloponnes.lab.coverage import Coverage, Watcher


@dataclass
class Census(Coverage):
    """Coverage counts plus the decisions the rules asked, per (kind, rule section)."""
    asked: Counter = field(default_factory=Counter)     # (kind, rule) -> decisions asked
    forced: Counter = field(default_factory=Counter)    # (kind, rule) -> with a single option
    offered: Counter = field(default_factory=Counter)   # (kind, option id) -> times offered
    most_options: dict = field(default_factory=dict)    # kind -> most options one decision had

    def add(self, other: Coverage) -> Census:
        super().add(other)
        if isinstance(other, Census):
            self.asked.update(other.asked)
            self.forced.update(other.forced)
            self.offered.update(other.offered)
            for kind, most in other.most_options.items():
                self.most_options[kind] = max(most, self.most_options.get(kind, 0))
        return self

    def note(self, decision: Decision) -> None:
        key = (decision.kind, decision.rule)
        self.asked[key] += 1
        options = decision.options
        if len(options) == 1:
            self.forced[key] += 1
        for option in options:
            self.offered[decision.kind, option.id] += 1
        if len(options) > self.most_options.get(decision.kind, 0):
            self.most_options[decision.kind] = len(options)


class CensusWatcher(Watcher):
    """A ``Watcher`` of every implementation whose games also take the decision census. Give
    the class itself to an executor as what it watches (``make_executor(watch=CensusWatcher)``):
    each process then builds one per loaded ruleset."""

    def __init__(self, ruleset: Ruleset):
        super().__init__(ruleset, every=True)

    def start(self, game: Game) -> None:
        super().start(game)
        self.current = Census()
        game.watch_decisions = self.current.note     # every decision, one-option ones too
