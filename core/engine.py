"""Runs a game: rounds, phases, decisions, events and the seeded random number generator.

The whole game is one generator (`Game._play`): phases ``yield`` Decisions, the engine hands
the chosen Option back. Drive it with the step API (``pending`` / ``choose``) or ``play``.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .decisions import Decision, Event, Option
from .errors import IllegalAnswer, PluginError, SandboxError
from .metrics import generic_metrics
from .stash import Stash


@dataclass(frozen=True)
class Seat:
    index: int
    name: str
    agent: str


@dataclass(frozen=True)
class Score:
    """A seat's final result: ``value`` is what ranks players; ``tiebreak`` (a tuple, higher
    is better) settles ties; ``details`` are the totals shown to people."""
    value: float
    tiebreak: tuple = ()
    details: dict = field(default_factory=dict)

    @property
    def key(self) -> tuple:
        return (self.value, *self.tiebreak)


@dataclass
class Result:
    scores: list[Score]
    ranking: list[int]          # seats, best first
    winners: list[int]          # seats sharing first place (all of them when fully tied)

    @property
    def tie(self) -> bool:
        return len(self.winners) > 1


class Game:
    """One game of a loaded ruleset. ``state`` belongs to the variant; ``stash`` holds the state
    of plugins stacked on it, each under its own ``StashKey`` (``core.stash``); the engine keeps
    the round counter, the RNG, the log of events and the answers given."""

    def __init__(self, ruleset, scenario, *, seed: int | None = None):
        self.ruleset = ruleset
        self.scenario = scenario
        self.variant = ruleset.variant
        self.hook = ruleset.hooks
        self.components = ruleset.components
        self.options = dict(scenario.options)
        # plugin name -> {parameter: value}: what each plugin declared, as the scenario sets it
        self.parameters = ruleset.parameters
        self.seed = scenario.seed if seed is None else seed
        self.rng = random.Random(self.seed)
        self.seats = [Seat(i, p.name, p.agent) for i, p in enumerate(scenario.players)]
        self.state: Any = None
        self.stash = Stash()
        self.initial_turn_order: list[int] | None = None     # set before round 1
        self.round = 0
        self.phase = None
        self.events: list[Event] = []
        self.answers: list[str] = []
        self.decisions = 0
        self.pending: Decision | None = None
        self.finished = False
        self.result: Result | None = None
        self.phase_runs: Counter[tuple[str, str]] = Counter()   # (phase, rule) -> runs
        self.forced = 0                 # decisions with one option, taken without asking
        self.options_offered = 0        # options of the decisions asked, summed
        self.options_max = 0            # the most options one decision offered
        self.round_metrics: list[dict] = []     # measure_round's answers, one dict per round
        self._gen: Iterator[Decision] | None = None
        self._observed = True

    @property
    def num_players(self) -> int:
        return len(self.seats)

    # --- events ---------------------------------------------------------------------------
    def emit(self, kind: str, rule: str = "", **data) -> Event:
        event = Event(len(self.events), self.round, kind, data, rule)
        self.events.append(event)
        if self._observed:
            self.hook.on_event(game=self, event=event)
        return event

    # --- driving --------------------------------------------------------------------------
    def start(self) -> Game:
        """Run until the first decision (or the end)."""
        if self._gen is None:
            # plugins registered up to now observe events; with none, skip the hook call
            self._observed = bool(self.hook.on_event.get_hookimpls())
            self._gen = self._play()
            self._advance(None)
        return self

    def choose(self, option_id: str) -> None:
        """Answer the pending decision with one of its option ids."""
        decision = self.pending
        if decision is None:
            raise IllegalAnswer("no decision is pending: the game is over")
        option = decision.option(option_id)
        if option is None:
            offered = ", ".join(o.id for o in decision.options)
            where = f" ({decision.rule})" if decision.rule else ""
            raise IllegalAnswer(
                f"'{option_id}' is not an option of this decision{where}; offered: {offered}")
        self.answers.append(option_id)
        self.decisions += 1
        self.options_offered += len(decision.options)
        self.options_max = max(self.options_max, len(decision.options))
        self._advance(option)

    def _advance(self, answer: Option | None) -> None:
        self.pending = None
        gen = self._gen
        try:
            decision = gen.send(answer)
            # A decision with one option is no choice: take it without asking anybody.
            while len(decision.options) == 1:
                self.forced += 1
                decision = gen.send(decision.options[0])
        except StopIteration:
            self.finished = True
            return
        except SandboxError:
            raise
        except Exception as exc:
            raise self.ruleset.blame(exc, self.phase) from exc
        if not decision.options:
            raise SandboxError(f"rules offered a decision without options: {decision.kind}"
                               f" ({decision.rule})")
        self.pending = decision

    def _play(self) -> Iterator[Decision]:
        hook = self.hook
        self.emit("game_started", seed=self.seed, variant=self.variant.name,
                  players=[s.name for s in self.seats])
        hook.setup_game(game=self)
        yield from self._run_phases(hook.list_setup_phases(game=self) or [])
        self.initial_turn_order = self._checked_turn_order(hook.initial_turn_order(game=self))
        rounds = hook.count_rounds(game=self)
        for number in range(1, rounds + 1):
            self.round = number
            self.emit("round_started")
            yield from self._run_phases(hook.list_round_phases(game=self) or [])
            self._measure_round()
        self.round = rounds + 1
        yield from self._run_phases(hook.list_final_phases(game=self) or [])
        self.phase = None
        self.result = self._score()
        self.emit("game_over", scores=[s.value for s in self.result.scores],
                  winners=self.result.winners)

    def _run_phases(self, phases) -> Iterator[Decision]:
        for phase in phases:
            self.phase = phase
            self.phase_runs[phase.name, phase.rule] += 1
            steps = phase.run(self)
            if steps is not None:
                yield from steps

    def _measure_round(self) -> None:
        """Keep the ``measure_round`` answers of the round just played (the plugins registered
        last win where names collide, so a variant overrides the core's default standing)."""
        merged: dict = {}
        for part in reversed(self.hook.measure_round(game=self)):
            if part:
                merged.update(part)
        self.round_metrics.append(merged)

    def _checked_turn_order(self, order) -> list[int] | None:
        if order is None:
            return None
        seats = range(self.num_players)
        if (not isinstance(order, (list, tuple)) or not order
                or any(isinstance(s, bool) or s not in seats for s in order)
                or len(set(order)) != len(order)):
            raise PluginError(f"initial_turn_order returned {order!r}: expected a list of "
                              f"distinct seats 0-{self.num_players - 1}",
                              hook="initial_turn_order")
        return list(order)

    def _score(self) -> Result:
        scores = [self.hook.score_seat(game=self, seat=s.index) for s in self.seats]
        ranking = sorted(range(len(scores)), key=lambda i: scores[i].key, reverse=True)
        best = scores[ranking[0]].key
        winners = [i for i in ranking if scores[i].key == best]
        return Result(scores, ranking, winners)

    # --- information ----------------------------------------------------------------------
    def view(self, seat: int) -> dict:
        return self.hook.view_for_seat(game=self, seat=seat) or {}

    def describe_seat(self, seat: int) -> dict:
        """The labels of what ``seat`` played with: every ``describe_seat`` result merged, the
        first registered (the base variant) first, so a later plugin's value wins."""
        merged: dict = {}
        for part in reversed(self.hook.describe_seat(game=self, seat=seat)):
            if part:
                merged.update(part)
        return merged

    def metrics(self) -> dict:
        """The metrics of a finished game: the generic ones every game has (``core.metrics``),
        then the plugins' (``collect_metrics``, merged), which win where the names collide."""
        result = self.result
        first = self.initial_turn_order[0] if self.initial_turn_order else None
        merged = generic_metrics([s.value for s in result.scores], result.winners,
                                 first_player=first, rounds=self.round - 1,
                                 decisions=self.decisions, forced=self.forced,
                                 options_offered=self.options_offered,
                                 options_max=self.options_max,
                                 standings=[r.get("standing") for r in self.round_metrics])
        for part in self.hook.collect_metrics(game=self):
            if part:
                merged.update(part)
        return merged

    def invariant_violations(self) -> list[str]:
        return [v for part in self.hook.check_invariants(game=self) for v in (part or [])]


AnswerObserver = Callable[[Game, Decision, str, Any], None]


def play(game: Game, agents: list, *, after_decision: Callable[[Game], None] | None = None,
         on_answer: AnswerObserver | None = None) -> Game:
    """Play ``game`` to the end, asking ``agents[seat]`` for every pending decision.
    ``on_answer(game, decision, option_id, agent)`` sees every answer before it is given (e.g.
    to count the decisions a bot answered at random); ``after_decision(game)`` sees the game
    after each."""
    game.start()
    while game.pending is not None:
        decision = game.pending
        agent = agents[decision.seat]
        view = game.view(decision.seat) if agent.needs_view else None
        answer = agent.choose(view, decision)
        if on_answer is not None:
            on_answer(game, decision, answer, agent)
        game.choose(answer)
        if after_decision is not None:
            after_decision(game)
    return game
