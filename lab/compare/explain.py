"""``peloponnes explain A.toml B.toml --seed S``: where do two rulesets part on one seed, and why.

Both games are played on seed S with the same agents (A's seats) and every hook call traced
(``lab.trace``). Each game becomes a timeline of steps, in the order they happened: hook calls
(with every implementation's answer), events and decisions. The two timelines are the same step
for step until the rules part; the first step that differs is the **cause** (a hook whose answer
differs, with the plugins that gave it), the first event or decision that differs is what a
player **sees** (with its rule section). Then each game's outcome, side by side.

Nothing here knows a hook or a rule: the mechanism is the same for any plugin.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from peloponnes.agents import make_agents
from peloponnes.core import hookimpl
from peloponnes.core.decisions import Event
from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError, SandboxError
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import GameFailure, failure_of
from peloponnes.lab.compare.rules_diff import rules_diff
from peloponnes.lab.compare.scenarios import Entry, prepare
from peloponnes.lab.trace import HookCall, HookTrace, summarise
from peloponnes.table.narrate import describe

OBSERVER = "explain"
# Hooks that only observe (their answers are ignored): not causes, and on_event marks events.
OBSERVING_HOOKS = {"on_event", "check_invariants", "render_view"}


@dataclass
class Step:
    """One step of a game's timeline. ``key`` is what is compared between the two games;
    ``text`` the step as data (event fields, option ids), ``words`` as a player reads it (the
    variant's narration of an event, the labels of a decision; empty for a hook call)."""
    kind: str                       # "hook", "event" or "decision"
    key: tuple
    text: str
    round: int
    rule: str = ""
    call: HookCall | None = None
    words: str = ""
    event: Event | None = None

    @property
    def shown(self) -> str:
        """What people are shown of the step: its words, else its data."""
        return self.words or self.text

    def as_dict(self) -> dict:
        out = {"kind": self.kind, "round": self.round, "rule": self.rule, "text": self.text,
               "words": self.shown}
        if self.call is not None:
            out["answers"] = [{"plugin": a.plugin, "value": summarise(a.value),
                               "wrapper": a.wrapper} for a in self.call.deciding()]
        return out


@dataclass
class TracedGame:
    """One game played with tracing: its timeline, and its end (or the error that ended it)."""
    entry: Entry
    game: Game
    steps: list[Step] = field(default_factory=list)
    error: str | None = None
    failure: GameFailure | None = None      # the error's seed, plugin, hook and rule

    @property
    def visible(self) -> list[Step]:
        return [s for s in self.steps if s.kind != "hook"]


class _EventObserver:
    """Registered in each traced ruleset so that every event passes through ``on_event``."""

    @hookimpl
    def on_event(self, game, event):
        return None


def _hook_step(call: HookCall) -> Step:
    answers = ", ".join(f"{a.plugin} {summarise(a.value)}" for a in call.deciding())
    return Step("hook", ("hook", call.hook, summarise(call.outcome)),
                f"{call.hook} -> {summarise(call.outcome)}" + (f" ({answers})" if answers else ""),
                call.round, call.rule, call)


def play_traced(entry: Entry, seed: int, index: int = 0) -> TracedGame:
    """Play ``entry``'s scenario (number ``index`` of the two) on ``seed`` with its agents,
    every hook call traced."""
    ruleset = entry.ruleset
    ruleset.pm.register(_EventObserver(), name=OBSERVER)
    game = Game(ruleset, entry.scenario, seed=seed)
    traced = TracedGame(entry, game)

    def on_call(call: HookCall) -> None:
        if call.hook == "on_event":
            event = call.kwargs["event"]
            traced.steps.append(Step("event", ("event", event.kind, summarise(event.data)),
                                     f"{event.kind} {summarise(event.data)}", event.round,
                                     event.rule or call.rule, event=event))
        elif call.hook not in OBSERVING_HOOKS:
            traced.steps.append(_hook_step(call))

    trace = HookTrace(ruleset, on_call)
    trace.game = game
    agents = make_agents(game)
    try:
        game.start()
        while game.pending is not None:
            decision = game.pending
            agent = agents[decision.seat]
            answer = agent.choose(game.view(decision.seat) if agent.needs_view else None,
                                  decision)
            options = tuple(o.id for o in decision.options)
            player = game.seats[decision.seat].name
            traced.steps.append(Step(
                "decision", ("decision", decision.seat, decision.kind, options, answer),
                f"{player} ({decision.kind}): chose {answer} of {len(options)} "
                f"[{', '.join(options[:6])}{', …' if len(options) > 6 else ''}]",
                game.round, decision.rule, words=_decision_words(player, decision, answer)))
            game.choose(answer)
    except SandboxError as exc:
        traced.error = str(exc)
        traced.failure = failure_of(exc, index, seed)
    finally:
        trace.close()
    _word_events(traced)
    return traced


def _decision_words(player: str, decision, answer: str) -> str:
    """A decision as the player met it: the prompt and the label of the option chosen."""
    chosen = decision.option(answer)
    label = chosen.label if chosen is not None else answer
    return (f"{player}: {decision.prompt} Chose: {label} (one of"
            f" {len(decision.options)} options)")


def _word_events(traced: TracedGame) -> None:
    """Each event's words, as a spectator reads them (the variant's ``describe_event``), once
    the game is over, so that wording them is no step of the traced timeline. A plugin whose
    wording fails leaves the event as data."""
    for step in traced.steps:
        if step.event is not None:
            try:
                step.words = describe(traced.game, step.event, None)
            except Exception:        # noqa: BLE001 -- a broken narration must not end explain
                step.words = ""


def _first_difference(a: Sequence[Step], b: Sequence[Step]) -> int | None:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x.key != y.key:
            return i
    return None if len(a) == len(b) else min(len(a), len(b))


def _answers_text(call: HookCall, only: set[str] | None = None) -> str:
    deciding = call.deciding()
    if only and any(a.plugin in only for a in deciding):
        deciding = [a for a in deciding if a.plugin in only]
    if not deciding:
        return "no implementation answered"
    return ", ".join(f"{a.plugin} returned {summarise(a.value)}" for a in deciding)


def _cause(a: Step | None, b: Step | None, la: str, lb: str) -> dict:
    """The first step that differs, in words, with the plugins whose answers made the
    difference."""
    if (a is not None and b is not None and a.kind == b.kind == "hook"
            and a.call.hook == b.call.hook):
        in_a = {(x.plugin, summarise(x.value)) for x in a.call.deciding()}
        in_b = {(x.plugin, summarise(x.value)) for x in b.call.deciding()}
        only_a = sorted({p for p, _ in in_a - in_b})
        only_b = sorted({p for p, _ in in_b - in_a})
        plugins = sorted(set(only_a) | set(only_b))
        text = (f"{a.call.hook}: {lb}: {_answers_text(b.call, set(plugins))}; "
                f"{la}: {_answers_text(a.call, set(plugins))}")
        if only_a == only_b:
            text += (". The same plugin answered differently: what it was given differs (the "
                     "rules read different options or component values: see the rules diff)")
        return {"hook": a.call.hook, "plugins": plugins, "by": {la: only_a, lb: only_b},
                "round": b.round, "rule": b.rule or a.rule, "text": text}
    sides = []
    for letter, step in ((la, a), (lb, b)):
        if step is None:
            sides.append(f"{letter}: the game ended")
        elif step.kind == "hook":
            sides.append(f"{letter} calls {step.call.hook}: {_answers_text(step.call)}")
        else:
            sides.append(f"{letter}: {step.kind} {step.text}")
    hook_steps = [s for s in (a, b) if s is not None and s.kind == "hook"]
    plugins = sorted({x.plugin for s in hook_steps for x in s.call.deciding()})
    first = next(s for s in (b, a) if s is not None)
    text = "; ".join(sides)
    if not hook_steps:
        text += (". No hook answered differently before this step: the rules read different "
                 "data directly (options or component values: see the rules diff)")
    return {"hook": hook_steps[0].call.hook if hook_steps else None, "plugins": plugins,
            "by": {}, "round": first.round, "rule": first.rule, "text": text}


@dataclass
class Explanation:
    """Where two games on the same seed part, and how each ended."""
    entries: list[Entry]
    seed: int
    games: list[TracedGame]
    diff_lines: list[str]
    cause: dict | None                     # the first differing step (None: identical games)
    seen: tuple[Step | None, Step | None] | None     # the first differing event or decision
    seen_index: int | None
    common_steps: int                      # steps the games share before the cause

    @property
    def failures(self) -> list[GameFailure]:
        """The games that ended in an error (each with its scenario's index, 0 or 1)."""
        return [g.failure for g in self.games if g.failure is not None]

    def outcome(self, index: int) -> dict:
        traced = self.games[index]
        game = traced.game
        if traced.error or game.result is None:
            return {"error": traced.error or "unfinished"}
        metrics = game.metrics()
        return {"scores": [s.value for s in game.result.scores],
                "winners": [game.seats[w].name for w in game.result.winners],
                "rounds": metrics.get("rounds"), "decisions": metrics.get("decisions"),
                "metrics": {k: v for k, v in metrics.items()
                            if not k.startswith(("score_seat", "win_seat"))}}

    def to_dict(self) -> dict:
        return {
            "seed": self.seed,
            "scenarios": [{"letter": e.letter, "path": e.path, "name": e.title}
                          for e in self.entries],
            "agents": [{"name": p.name, "agent": p.agent}
                       for p in self.entries[0].scenario.players],
            "rules_diff": self.diff_lines,
            "identical": self.cause is None,
            "cause": self.cause,
            "first_visible_difference": None if self.seen is None else {
                "index": self.seen_index,
                **{e.letter: (s.as_dict() if s is not None else None)
                   for e, s in zip(self.entries, self.seen, strict=True)}},
            "outcomes": {e.letter: self.outcome(i) for i, e in enumerate(self.entries)},
        }


def explain(a: str | Path | Scenario, b: str | Path | Scenario, *,
            seed: int | None = None, trust: bool = False) -> Explanation:
    """Play ``seed`` (default: A's seed) under both scenarios with A's agents, and find where
    they part. ``trust``: the user consented to the plugin code the scenario files name
    (``--trust``)."""
    entries = prepare([a, b], trust=trust)
    base, other = entries
    if len(base.scenario.players) != len(other.scenario.players):
        raise ConfigError("explain needs two scenarios with the same number of players")
    seed = base.scenario.seed if seed is None else seed
    other = replace(other, scenario=replace(other.scenario, players=base.scenario.players))
    entries = [base, other]
    diff = rules_diff(base, entries[1], first_seed=seed)["lines"]
    diff = [line for line in diff if not line.startswith(("agents:", "seed:"))]
    games = [play_traced(e, seed, i) for i, e in enumerate(entries)]
    i = _first_difference(games[0].steps, games[1].steps)
    if i is None:
        return Explanation(entries, seed, games, diff, None, None, None, len(games[0].steps))
    at = [g.steps[i] if i < len(g.steps) else None for g in games]
    cause = _cause(at[0], at[1], base.letter, other.letter)
    va, vb = games[0].visible, games[1].visible
    k = _first_difference(va, vb)
    seen = None if k is None else (va[k] if k < len(va) else None, vb[k] if k < len(vb) else None)
    return Explanation(entries, seed, games, diff, cause, seen, k, i)
