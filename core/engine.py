"""Runs a game: rounds, phases, decisions, events and the seeded random number generator.

The whole game is one generator (`Game._play`): phases ``yield`` Decisions, the engine hands
the chosen Option back. Drive it with the step API (``pending`` / ``choose``) or ``play``.

``Game.fork`` copies a game at its pending decision. Generators cannot be copied, so a game that
may be forked (``enable_forking``) snapshots its table at every phase boundary; a fork loads the
snapshot and replays the answers given since (``core.snapshot``).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .containment import no_hard_exit, raised_by_plugin
from .decisions import MAX_OPTIONS, Decision, Event, Option
from .errors import IllegalAnswer, PluginError, SandboxError
from .forking import Checkpoint, Forking
from .metrics import generic_metrics
from .scores import Result
from .snapshot import SharedObjects
from .stash import Stash
from .views import LazyView

# Where a phase stands in the game: the game's setup phases, a round's phases or the final ones.
SETUP, ROUND, FINAL = "setup", "round", "final"

# A per-game guard: a rules bug or a plugin that loops (a displacement that never ends, a redraw
# that never stops, ``count_rounds`` returning 10**7) fails the game instead of hanging. Real
# games use a few hundred decisions and a few thousand events.
MAX_DECISIONS = 20_000
MAX_EVENTS = 200_000


class GameTooLong(SandboxError):
    """A game exceeded the per-game guard on decisions or events."""


@dataclass(frozen=True)
class Seat:
    index: int
    name: str
    agent: str


def _rule_given_as_keyword(rule: str, data: dict) -> str:
    """``Game.emit(kind, rule=...)``: the rule given as a keyword (as before ``kind`` and
    ``rule`` became positional-only), taken out of ``data``; ``kind`` as a field, or the rule
    given twice, is the TypeError it always was."""
    if "kind" in data:
        raise TypeError("emit() got multiple values for argument 'kind'")
    if rule:
        raise TypeError("emit() got multiple values for argument 'rule'")
    return data.pop("rule")


class Game(Forking):
    """One game of a loaded ruleset. ``state`` belongs to the variant; ``stash`` holds the state
    of plugins stacked on it, each under its own ``StashKey`` (``core.stash``); the engine keeps
    the round counter, the RNG, the log of events and the answers given."""

    # The engine's own fields (a fork sets them itself) and the fields of the table a fork copies
    # (``Forking._table``, with what plugins set on the game), in their order. Both are slots:
    # the engine's fields are fixed; what a plugin sets on the game goes to ``__dict__``.
    _ENGINE = ("ruleset", "scenario", "variant", "hook", "positional", "components", "options",
               "seed", "rng", "seats", "round", "phase", "events", "answers", "decisions",
               "pending", "finished", "result", "_gen", "_observed", "_measured", "_rounds",
               "_shared", "_checkpoint", "_snapshotting", "_resamples", "max_decisions",
               "max_events", "_phases_run", "watch_decisions")
    TABLE_SLOTS = ("parameters", "state", "stash", "initial_turn_order", "forced",
                   "options_offered", "options_max", "round_metrics")
    __slots__ = (*_ENGINE, *TABLE_SLOTS, "__dict__", "__weakref__")
    ENGINE_FIELDS = frozenset(_ENGINE)

    def __init__(self, ruleset, scenario, *, seed: int | None = None):
        self.ruleset = ruleset
        self.scenario = scenario
        self.variant = ruleset.variant
        self.hook = ruleset.hooks
        # the same hooks, called with the spec's arguments in order: for rules code that asks a
        # hook very often (``hookrelay.PositionalHooks``; a keyword call costs more)
        self.positional = ruleset.positional_hooks
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
        self._phases_run: list = []     # every Phase run, in order (``phase_runs`` counts them)
        self.forced = 0                 # decisions with one option, taken without asking
        self.options_offered = 0        # options of the decisions asked, summed
        self.options_max = 0            # the most options one decision offered
        self.round_metrics: list[dict] = []     # measure_round's answers, one dict per round
        self._gen: Iterator[Decision] | None = None
        # a function given every decision the rules ask, one-option ones included (a lab's
        # census of the decisions); never copied to a fork
        self.watch_decisions: Callable[[Decision], None] | None = None
        self._observed = True
        self._measured = True           # measure_round after each round (not in a fork)
        self.max_decisions = MAX_DECISIONS
        self.max_events = MAX_EVENTS
        self._rounds: int | None = None
        self._shared: SharedObjects | None = None       # set by enable_forking
        self._checkpoint: Checkpoint | None = None
        self._snapshotting = False
        self._resamples: list[tuple] = []   # (answers given before, seat, rng state) per resample

    @property
    def phase_runs(self) -> Counter[tuple[str, str]]:
        """How often each phase ran so far: (phase name, rule) -> runs (counted when read from the
        list of phases run)."""
        return Counter((phase.name, phase.rule) for phase in self._phases_run)

    @property
    def num_players(self) -> int:
        return len(self.seats)

    # --- events ---------------------------------------------------------------------------
    def emit(self, kind: str, rule: str = "", /, **data) -> Event:
        """Log what happened: ``game.emit(kind, rule, **data)``, the event's fields as keywords
        (``kind`` and ``rule`` are positional-only, so any other name is a field; ``rule`` given
        as a keyword is still taken as the rule, and a field named ``kind`` is refused)."""
        if "rule" in data or "kind" in data:
            rule = _rule_given_as_keyword(rule, data)
        events = self.events
        seq = len(events)
        if seq >= self.max_events:
            raise GameTooLong(f"more than {self.max_events} events in one game (an endless loop?)"
                              f"; last event: {kind}")
        event = Event(seq, self.round, kind, data, rule)
        events.append(event)
        if self._observed:
            self.hook.on_event(game=self, event=event)
        return event

    # --- driving --------------------------------------------------------------------------
    def start(self) -> Game:
        """Run until the first decision (or the end)."""
        if self._gen is None:
            # plugins registered up to now observe events; with none, skip the hook call
            self._observed = self._observed and bool(self.hook.on_event.get_hookimpls())
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
        self._advance(option)

    def give(self, option: Option) -> None:
        """Answer the pending decision with one of its own ``Option`` objects (what ``choose``
        does once it has found the option of an id; bots and search give options so)."""
        decision = self.pending
        if decision is None or not any(o is option for o in decision.options):
            raise IllegalAnswer(f"{option!r:.80} is not an option of the pending decision")
        self._advance(option)

    def _advance(self, answer: Option | None, pickers: Sequence | None = None) -> None:
        """Run the rules up to the next decision asked (or the end): with ``answer``, one of the
        pending decision's own options, that decision is answered first; None starts the game
        (or a fork).

        ``pickers`` (per seat: a function that picks one of a decision's own options, or None;
        by default None for every seat): a decision of a seat with a picker is answered with its
        pick at once, here, and the rules run on, until a seat without one must decide, or the
        end. ``play``'s bots that run no plugin code (``_answer_all``) answer this way."""
        gen, watch = self._gen, self.watch_decisions
        with no_hard_exit():        # os._exit raises while the rules run (``containment``)
            while True:
                if answer is not None:
                    self._record(answer)
                self.pending = None
                try:
                    decision = gen.send(answer)
                    while True:
                        if type(decision) is not Decision:
                            decision = _checked(decision)
                        if watch is not None:
                            watch(decision)
                        if len(decision.options) != 1:
                            break
                        # A decision with one option is no choice: take it without asking.
                        self.forced += 1
                        decision = gen.send(decision.options[0])
                except StopIteration:
                    self.finished = True
                    return
                except (PluginError, IllegalAnswer):
                    raise
                except (Exception, SystemExit, KeyboardInterrupt) as exc:
                    self._failed(exc)
                if (not 0 < len(decision.options) <= MAX_OPTIONS
                        or self.decisions >= self.max_decisions):
                    self._refuse(decision)
                self.pending = decision
                pick = pickers[decision.seat] if pickers is not None else None
                if pick is None:
                    return
                answer = pick(decision)     # (outside the rules' try: a picker's error is its own)

    def _record(self, answer: Option) -> None:
        """Note ``answer`` to the pending decision: the answers, and how many options were
        offered."""
        self.answers.append(answer.id)
        self.decisions += 1
        offered = len(self.pending.options)
        self.options_offered += offered
        self.options_max = max(self.options_max, offered)

    def _failed(self, exc: BaseException) -> None:
        """Raise the PluginError blaming a failure in the rules on its plugin; the user's Ctrl-C
        (a KeyboardInterrupt no plugin raised itself) goes on as it is."""
        if isinstance(exc, KeyboardInterrupt) and not raised_by_plugin(
                exc, self.ruleset.plugin_of_file):
            raise exc
        raise self.ruleset.blamed(exc, self.phase) from exc

    def _refuse(self, decision: Decision) -> None:
        """Fail the game: the rules asked ``decision`` without options or with more than
        ``MAX_OPTIONS``, or one decision more than the guard allows (``max_decisions``; the
        decision stays pending, to be seen)."""
        if not decision.options:
            raise self.ruleset.blamed(SandboxError(
                f"rules offered a decision without options: {decision.kind} ({decision.rule})"),
                self.phase)
        if len(decision.options) > MAX_OPTIONS:
            suspects = ", ".join(self.ruleset.house_rules()) or "none"
            raise self.ruleset.blamed(SandboxError(
                f"rules offered {len(decision.options)} options in one decision ({decision.kind}"
                f"), more than {MAX_OPTIONS}: a hook's answer out of all proportion? house rules"
                f" loaded: {suspects}"), self.phase)
        self.pending = decision
        raise self.ruleset.blamed(GameTooLong(
            f"more than {self.max_decisions} decisions in one game (an endless loop?); "
            f"last asked: {decision.kind}"), self.phase)

    def _play(self, resume: tuple | None = None) -> Iterator[Decision]:
        """The whole game; ``resume`` (a checkpoint's position) starts it at that phase. The
        phases' steps are delegated from here directly; ``_stages`` says which phases run when,
        one list of phases at a time."""
        for stage, number, phases, start, resumed in self._stages(resume):
            for index in range(start, len(phases)):
                phase = phases[index]
                self.phase = phase
                if not (resumed and index == start):  # a resuming fork keeps its checkpoint
                    self._checkpoint = (self._take_checkpoint((stage, number, phases, index))
                                        if self._snapshotting else None)
                self._phases_run.append(phase)
                steps = phase.run(self)
                if steps is not None:
                    yield from steps

    def _stages(self, resume: tuple | None) -> Iterator[tuple]:
        """The game's lists of phases in order, from ``resume`` on: setup, each round, the
        game end, each as ``(stage, number, phases, first index, resumed)``; what happens
        between two lists (turn order, round start, ``measure_round``, scoring) runs when
        ``_play`` asks for the next one."""
        hook = self.hook
        if resume is None:
            self.emit("game_started", seed=self.seed, variant=self.variant.name,
                      players=[s.name for s in self.seats])
            hook.setup_game(game=self)
            resume = (SETUP, 0, None, 0)
        stage, number, phases, index = resume
        resumed = phases is not None
        if stage == SETUP:
            if phases is None:
                phases = hook.list_setup_phases(game=self) or []
            yield SETUP, 0, phases, index, resumed
            resumed = False
            self.initial_turn_order = self._checked_turn_order(
                hook.initial_turn_order(game=self))
            self._rounds = hook.count_rounds(game=self)
            stage, number, phases, index = ROUND, 1, None, 0
        if stage == ROUND:
            while number <= self._rounds:
                if phases is None:
                    self.round = number
                    self.emit("round_started")
                    phases = hook.list_round_phases(game=self) or []
                yield ROUND, number, phases, index, resumed
                if self._measured:
                    self._measure_round()
                number, phases, index, resumed = number + 1, None, 0, False
            self.round = self._rounds + 1
            phases = None
        if phases is None:
            phases = hook.list_final_phases(game=self) or []
        yield FINAL, self.round, phases, index, resumed
        self.phase = None
        self.result = self._score()
        self.emit("game_over", scores=[s.value for s in self.result.scores],
                  winners=self.result.winners)

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
        score_seat = self.positional.score_seat
        scores = [score_seat(self, s.index) for s in self.seats]
        ranking = sorted(range(len(scores)), key=lambda i: scores[i].key, reverse=True)
        best = scores[ranking[0]].key
        winners = [i for i in ranking if scores[i].key == best]
        return Result(scores, ranking, winners)

    # --- information ----------------------------------------------------------------------
    # Plugin code called from outside the rules' generator is guarded the same way: a failure
    # is a PluginError naming the plugin and the hook.
    def view(self, seat: int) -> dict:
        with self.ruleset.guard("view_for_seat", self.phase):
            return self.hook.view_for_seat(game=self, seat=seat) or {}

    def view_part(self, seat: int, key: str):
        """``view(seat)[key]`` built alone, where the plugins offer it (the
        ``view_part_for_seat`` hook, see ``Ruleset.view_parts_offered``); None: build the
        whole view."""
        if not self.ruleset.view_parts_offered():
            return None
        with self.ruleset.guard("view_part_for_seat", self.phase):
            return self.hook.view_part_for_seat(game=self, seat=seat, key=key)

    def describe_seat(self, seat: int) -> dict:
        """The labels of what ``seat`` played with: every ``describe_seat`` result merged, the
        first registered (the base variant) first, so a later plugin's value wins."""
        merged: dict = {}
        with self.ruleset.guard("describe_seat", self.phase):
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
        with self.ruleset.guard("collect_metrics", self.phase):
            for part in self.hook.collect_metrics(game=self):
                if part:
                    merged.update(part)
        return merged

    def invariant_violations(self) -> list[str]:
        with self.ruleset.guard("check_invariants", self.phase):
            return [v for part in self.hook.check_invariants(game=self) for v in (part or [])]

    def ask(self, agent) -> str:
        """``agent``'s answer to the pending decision (an option id; a person's answer is not
        checked here: ``choose`` refuses one that is not offered). A failure inside a bot, or
        a bot answer that is not one of the offered options, is blamed on the plugin whose
        ``choose_heuristic`` gave it (``ask_bot``)."""
        if getattr(agent, "is_bot", False):
            return self.ask_bot(agent).id
        decision = self.pending
        return agent.choose(self.view(decision.seat) if agent.needs_view else None, decision)

    def ask_bot(self, agent) -> Option:
        """The option bot ``agent`` chooses at the pending decision (hand it to ``give``)."""
        decision = self.pending
        if getattr(agent, "picks_options", False):     # runs no plugin code (agents)
            return agent.pick(decision)
        # built when the bot first reads it: many answers need none (core.views)
        view = LazyView(self, decision.seat) if agent.needs_view else None
        with self.ruleset.guard("choose_heuristic", self.phase):
            answer = agent.choose(view, decision)
        option = decision.option(answer)
        if option is None:
            plugin = self.ruleset.who_answered("choose_heuristic",
                                               {"view": view, "decision": decision})
            raise PluginError(f"the bot answered {answer!r:.60}, which is not one of the "
                              f"offered options ({', '.join(o.id for o in decision.options)})",
                              plugin=plugin, hook="choose_heuristic", rule=decision.rule or None)
        return option


def _checked(decision: Any) -> Decision:
    if not isinstance(decision, Decision):
        raise TypeError(f"a phase yielded {decision!r:.60}, not a Decision")
    return decision
