"""Helpers for rule tests: set a table, run a phase, answer by option id, read the events.

They drive the public step API of a game (phases yield Decisions, the test answers by option id),
so a rule test says what a player sees and does, and survives refactoring of the rules' code::

    from peloponnes.testing import new_table

    def test_my_rule():
        table = new_table("cardgame", players=3, seed=4, house_rules=[MyRule()])
        asked = table.run_phase("cardgame: Bidding", "card:2", "amount:3")
        assert [d.kind for d in asked][:1] == ["bid_card"]
        assert table.events("bid")[0]["seat"] == 0

``new_table`` sets the game up with the variant's own ``setup_game`` (components dealt and
shuffled) and stands at round 1; the setup phases that ask players (a hero, a colony) run with
``run_setup``. A test may then change ``table.state`` (the variant's documented state,
``peloponnes hooks --state``) to lay out the situation its rulebook example describes.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from peloponnes.agents import make_agents
from peloponnes.core.decisions import Decision, Option
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.core.scores import Result
from peloponnes.core.variant import Phase

__all__ = ["Table", "drive", "events", "new_table", "option_ids"]


def option_ids(decision: Decision) -> list[str]:
    """The ids of the options a decision offers, in order."""
    return [o.id for o in decision.options]


def events(game: Game, kind: str | None = None, since: int = 0) -> list[dict]:
    """The game's events from number ``since`` on, as dicts (``seq``, ``round``, ``kind``, the
    event's fields, ``rule``), only those of ``kind`` when it is given."""
    return [e.as_dict() for e in game.events[since:] if kind is None or e.kind == kind]


def drive(steps: Iterator[Decision] | None, *answers: str) -> tuple[Any, list[Decision]]:
    """Run ``steps`` (a phase's or a rule's generator) to its end, answering its decisions with
    ``answers`` (option ids) in order; a decision with one option is taken without an answer, as
    the engine does. Returns the generator's return value and the decisions it asked. An answer
    that is not offered, a decision left without an answer, or answers left over fail the test
    with a message that lists what was offered."""
    todo = list(answers)
    value, asked = _drive_some(steps, todo)
    assert not todo, f"answers left over: {todo}"
    return value, asked


def _drive_some(steps: Iterator[Decision] | None, todo: list[str]) -> tuple[Any, list[Decision]]:
    """``drive``, taking the answers it uses from the front of ``todo``."""
    asked: list[Decision] = []
    if steps is None:
        return None, asked
    try:
        decision = next(steps)
        while True:
            asked.append(decision)
            decision = steps.send(_answer(decision, todo))
    except StopIteration as stop:
        return stop.value, asked


def _answer(decision: Decision, todo: list[str]) -> Option:
    if len(decision.options) == 1:
        return decision.options[0]
    assert todo, f"no answer left for {decision.kind}: {option_ids(decision)}"
    answer = todo.pop(0)
    option = decision.option(answer)
    assert option is not None, \
        f"'{answer}' not offered for {decision.kind}: {option_ids(decision)}"
    return option


@dataclass
class Table:
    """A game set up for a test. ``asked`` collects every decision its phases asked;
    ``hook_calls`` counts, while ``play`` plays, the hook calls that reached each plugin's
    implementations, as pluggy's call monitor sees them (plugin name, as ``peloponnes
    plugins`` and errors show it -> hook name -> calls)."""
    game: Game
    asked: list[Decision] = field(default_factory=list)
    hook_calls: dict[str, Counter] = field(default_factory=dict)

    @property
    def state(self) -> Any:
        return self.game.state

    def phases(self) -> list[Phase]:
        """The round's phases in order, as the ruleset (house rules included) lists them."""
        return list(self.game.hook.list_round_phases(game=self.game))

    def phase(self, which: str) -> Phase:
        """A round phase by its name (``income``) or by its rulebook section, whole or in part
        (``boardgame: F. Income`` or ``F. Income``)."""
        phases = self.phases()
        for phase in phases:
            if which in (phase.name, phase.rule):
                return phase
        matches = [p for p in phases if which and which in p.rule]
        if len(matches) == 1:
            return matches[0]
        known = ", ".join(f"{p.name} ({p.rule})" for p in phases)
        raise LookupError(f"no single round phase '{which}' (phases: {known})")

    def run_setup(self, *answers: str) -> list[Decision]:
        """Run the setup phases (``list_setup_phases``), answering their decisions in order."""
        asked = []
        todo = list(answers)
        for phase in self.game.hook.list_setup_phases(game=self.game) or []:
            _, done = _drive_some(phase.run(self.game), todo)
            asked += done
        assert not todo, f"answers left over: {todo}"
        self.asked += asked
        return asked

    def run_phase(self, which: str, *answers: str) -> list[Decision]:
        """Run one round phase (see ``phase``), answering its decisions by option id; returns
        the decisions it asked."""
        _, asked = drive(self.phase(which).run(self.game), *answers)
        self.asked += asked
        return asked

    def run(self, steps: Iterator[Decision] | None, *answers: str) -> Any:
        """Run a rule's generator (any function of the rules that yields decisions) like a
        phase; returns what it returns."""
        value, asked = drive(steps, *answers)
        self.asked += asked
        return value

    def events(self, kind: str | None = None, since: int = 0) -> list[dict]:
        """The events so far (of ``kind``), as dicts: see ``events``."""
        return events(self.game, kind, since)

    def play(self, agent: str = "random") -> Result:
        """Play a new game of the same ruleset and seed to its end, every seat played by
        ``agent``, and return its result (for tests of whole games: scoring, end of game).
        The hook calls that reached each plugin are counted in ``hook_calls``."""
        ruleset = self.game.ruleset
        game = Game(ruleset, self.game.scenario)
        names = {id(p.obj): p.name for p in ruleset.plugins}

        def count(hook: str, implementations, kwargs) -> None:
            for implementation in implementations:
                name = names.get(id(implementation.plugin))
                if name is not None:
                    self.hook_calls.setdefault(name, Counter())[hook] += 1

        stop_counting = ruleset.pm.add_hookcall_monitoring(count, lambda *args: None)
        try:
            play(game, make_agents(game, override=agent))
        finally:
            stop_counting()
        self.game = game
        return game.result


def new_table(variant: str, players: int = 2, *, seed: int = 1, options: dict | None = None,
              plugins: Sequence[str] = (), house_rules: Iterable[object] = (),
              scenario: Scenario | None = None, round: int = 1) -> Table:
    """A table of ``variant`` set up by its own setup code, standing before round ``round``.
    ``plugins``: house-rule files or module names, as a scenario names them; ``house_rules``:
    objects (or modules) with ``@hookimpl`` functions, registered after the ruleset's own, so
    they are asked first. ``scenario`` replaces variant, players, seed, options and plugins."""
    scenario = scenario or Scenario.quick(variant, players, seed=seed, options=options,
                                          plugins=tuple(plugins))
    ruleset, scenario = load_ruleset(scenario)
    for rule in house_rules:
        ruleset.pm.register(rule)
    game = Game(ruleset, scenario)
    game.hook.setup_game(game=game)
    game.round = round
    return Table(game)
