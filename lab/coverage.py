"""Coverage: what a batch of games exercised, and the two house-rule mistakes it catches.

Per game (``Watcher``, one per loaded ruleset, in whatever process plays the game):
- each watched hook implementation: how often it was called, and how often its answer changed
  the result (``HookTrace`` answers: a wrapper that returned something other than it was given;
  a ``firstresult`` answer that differs from what the implementations behind it would have
  answered, found by calling those once more with the game's RNG restored; a collected answer
  that is not None). Hooks whose spec says "Return value ignored" are only counted. Watching
  only the scenario's own plugins, the question is whether an implementation ever changed the
  result (``plugin_warnings``): ``hook_changed`` counts the games in which it did (per game,
  so the counts are the same for any executor and any number of workers);
- each phase run (with its rule section), each rule section met (phases, decisions, events):
  only when watching every implementation (the coverage tables are all that show them);
- per seat and decision kind, the decisions a heuristic bot answered and those it answered at
  random (no opinion from ``choose_heuristic``), and which plugin's phase asked them;
- what the scenario's own plugins did (``compare``'s rule effects): every call of their hooks by
  seat and round, whether each answer changed the result (every answer is probed), by how much
  when both answers are numbers, and the options taken in the decisions their phases ask.

Which implementations are watched: always the scenario's own plugins (file or module: cheap,
so ``simulate`` and ``compare`` always warn), every implementation with ``--coverage``.
``Coverage`` objects add up (the tally merges them in seed order); ``warnings`` and
``coverage_rows`` turn a total into words.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from peloponnes.agents import OPINIONATED_KINDS
from peloponnes.core.engine import Game
from peloponnes.core.playing import AnswerObserver
from peloponnes.core.plugins import Ruleset
from peloponnes.lab.trace import Answer, HookTrace, summarise

# Hooks a batch of bot games never calls: they are asked at loading, in tests (invariants), at
# the table and in replays (views, narration, refusals, components), by the reports (metric
# glossary, rule effects) and by learning agents (observations). A plugin implementing them is
# not warned about as "called 0 times".
NOT_IN_BATCH = frozenset({"register_variants", "declare_plugin", "load_components",
                          "check_invariants", "render_view", "describe_event",
                          "describe_component", "explain_refusal", "describe_metrics",
                          "describe_effect", "encode_view", "explain_score"})
SETUP, END = 0, -1       # the "round" of a hook call during setup, during the final phases
PHASE_HOOKS = ("list_setup_phases", "list_round_phases", "list_final_phases")
SCENARIO_PLUGIN_KINDS = ("file", "module")


@dataclass
class Coverage:
    """Counts over one or many games (add them with ``add``)."""
    games: int = 0
    hook_calls: Counter = field(default_factory=Counter)       # (plugin, hook) -> calls
    # (plugin, hook) -> calls whose answer changed the result; watching only the scenario's
    # own plugins (which asks whether they ever changed it), the games in which one did
    hook_changed: Counter = field(default_factory=Counter)
    phases: Counter = field(default_factory=Counter)           # (phase, rule) -> runs
    rules: Counter = field(default_factory=Counter)            # rule section -> times met
    bot_decisions: Counter = field(default_factory=Counter)    # (seat, kind) -> answered
    bot_guesses: Counter = field(default_factory=Counter)      # (seat, kind) -> at random
    owners: dict = field(default_factory=dict)                 # decision kind -> plugin
    # what the scenario's own plugins did: (plugin, hook, seat or None, round) -> calls, and
    # those whose answer differed from the rules behind it; (plugin, hook) -> the sum of the
    # plugin's answer less the rules' where both are numbers; (plugin, kind, option) -> taken
    effect_calls: Counter = field(default_factory=Counter)
    effect_changed: Counter = field(default_factory=Counter)
    effect_delta: Counter = field(default_factory=Counter)
    options_taken: Counter = field(default_factory=Counter)

    def add(self, other: Coverage) -> Coverage:
        self.games += other.games
        for name in _COUNTS:
            getattr(self, name).update(getattr(other, name))
        for kind, owner in other.owners.items():
            self.owners.setdefault(kind, owner)
        return self


_COUNTS = ("hook_calls", "hook_changed", "phases", "rules", "bot_decisions", "bot_guesses",
           "effect_calls", "effect_changed", "effect_delta", "options_taken")


def scenario_plugins(ruleset: Ruleset) -> list[str]:
    return [p.name for p in ruleset.plugins if p.kind in SCENARIO_PLUGIN_KINDS]


def result_ignored(ruleset: Ruleset, hook: str) -> bool:
    spec = getattr(getattr(ruleset.pm.hook, hook, None), "spec", None)
    doc = (getattr(getattr(spec, "function", None), "__doc__", "") or "").lower()
    return "return value ignored" in doc


def watched_hooks(ruleset: Ruleset, *, every: bool) -> list[tuple[str, str]]:
    """(plugin, hook) of every implementation a watcher counts, in the plugins' order: the
    scenario's own plugins', or (``every``) all of them; load-time hooks left out."""
    watched = None if every else set(scenario_plugins(ruleset))
    out = []
    for plugin in ruleset.plugins:
        if plugin.kind == "core" or (watched is not None and plugin.name not in watched):
            continue
        out.extend((plugin.name, hook) for hook in plugin.hooks(ruleset.pm)
                   if hook not in NOT_IN_BATCH)
    return out


class Watcher:
    """Counts one game at a time of ``ruleset`` (which it instruments in place)."""

    def __init__(self, ruleset: Ruleset, *, every: bool = False):
        self.ruleset = ruleset
        self.every = every
        self._probe_plugins = set(scenario_plugins(ruleset))
        watched = None if every else set(self._probe_plugins)
        self._ignored = {h: result_ignored(ruleset, h) for h in dir(ruleset.pm.hook)
                         if not h.startswith("_")}
        self._owners: dict[str, str | None] = {}        # code file -> its plugin's name
        self._behind_cache: dict[tuple, list | None] = {}
        self._between_games = Coverage()
        self.current = self._between_games      # the game's counts, from ``start`` on
        self._rules_asked: list[str] = []      # the rule section of every decision answered
        # a scenario plugin that lists phases may ask decisions of its own: their options are
        # counted, so the game calls ``on_answer`` at every answer
        self._plugin_phases = any(hook in PHASE_HOOKS for plugin in ruleset.plugins
                                  if plugin.name in self._probe_plugins
                                  for hook in plugin.hooks(ruleset.pm))
        self.trace = HookTrace(ruleset, on_answer=self._answered, only=watched, monitor=False)

    # --- per game ---------------------------------------------------------------------------
    def start(self, game: Game) -> None:
        self.current = Coverage()
        self._rules_asked = []
        self.trace.game = game

    def answer_observer(self, scenario) -> AnswerObserver | None:
        """What a game of ``scenario`` should call at every answer (``playing.play``'s
        ``on_answer``): ``on_answer`` when watching every implementation (the rule sections
        asked), when a seat's bot has opinions to count or when a scenario plugin lists phases
        (the options taken in its decisions); else None, and the game makes no call per
        decision (scenario plugins that add no phase, random bots)."""
        if (self.every or self._plugin_phases
                or any(p.agent in OPINIONATED_KINDS for p in scenario.players)):
            return self.on_answer
        return None

    def on_answer(self, game: Game, decision, answer: str, agent) -> None:
        # the rule sections asked are noted here and counted when the game finishes, only when
        # watching every implementation (the only watch that reports them)
        if self.every and decision.rule:
            self._rules_asked.append(decision.rule)
        current = self.current
        if self._plugin_phases:
            owner = self._owner(game.phase)
            if owner in self._probe_plugins:
                current.options_taken[owner, decision.kind, answer] += 1
        if not hasattr(agent, "guessed"):         # only bots with opinions are counted
            return
        key = (decision.seat, decision.kind)
        current.bot_decisions[key] += 1
        if agent.guessed:
            current.bot_guesses[key] += 1
        if decision.kind not in current.owners:
            current.owners[decision.kind] = self._owner(game.phase)

    def finish(self, game: Game) -> Coverage:
        cov = self.current
        cov.games = 1
        if self.every:      # (phases and rule sections: only the coverage tables show them)
            for (name, rule), runs in game.phase_runs.items():
                cov.phases[name, rule] += runs
                if rule:
                    cov.rules[rule] += runs
            cov.rules.update(self._rules_asked)
            cov.rules.update(event.rule for event in game.events)
            cov.rules.pop("", None)                 # events without a rule section
            self._rules_asked = []
        if game.finished:   # the final phases run at the round after the last: "the end"
            for counts in (cov.effect_calls, cov.effect_changed):
                for key in [k for k in counts if k[3] == game.round]:
                    counts[(*key[:3], END)] += counts.pop(key)
        self.current = self._between_games      # (what is counted outside a game is dropped)
        self.trace.game = None
        return cov

    # --- answers ----------------------------------------------------------------------------
    def _owner(self, phase) -> str | None:
        run = getattr(phase, "run", None)
        code = getattr(run, "__code__", None) or getattr(getattr(run, "func", None), "__code__",
                                                         None)
        if code is None:
            return None
        filename = code.co_filename
        if filename not in self._owners:
            plugin = self.ruleset.plugin_of_file(filename)
            self._owners[filename] = plugin.name if plugin is not None else None
        return self._owners[filename]

    def _answered(self, trace: HookTrace, hook: str, impl, answer: Answer, args: tuple,
                  kwargs: dict) -> None:
        key = (answer.plugin, hook)
        current = self.current
        current.hook_calls[key] += 1
        own = answer.plugin in self._probe_plugins
        if own:
            given = dict(zip(impl.argnames, args, strict=False)) | kwargs
            where = (answer.plugin, hook, _seat_of(given), getattr(trace.game, "round", 0))
            current.effect_calls[where] += 1
        if self._ignored.get(hook, False):
            return
        behind = UNKNOWN        # what the rules behind the plugin answered, when known
        if answer.wrapper:
            changed, behind = answer.changed, answer.received
        elif answer.value is None:
            changed = False
        elif trace.firstresult.get(hook) and own:
            behind = self._shadowed(trace, hook, impl, given)
            changed = behind is UNKNOWN or summarise(behind) != summarise(answer.value)
        else:
            changed = True
        if changed and own and _is_number(behind) and _is_number(answer.value):
            current.effect_delta[key] += answer.value - behind
        if changed:
            if own:
                current.effect_changed[where] += 1
            if self.every or key not in current.hook_changed:
                current.hook_changed[key] += 1

    def _behind(self, hook: str, impl) -> list | None:
        """The plain implementations pluggy calls after ``impl`` (None: ``impl`` is not one of
        them), worked out once per hook and implementation (the ruleset's plugins are fixed)."""
        key = (hook, impl)
        if key not in self._behind_cache:
            caller = getattr(self.ruleset.pm.hook, hook)
            plain = [i for i in reversed(caller.get_hookimpls())
                     if not (i.wrapper or i.hookwrapper)]
            self._behind_cache[key] = plain[plain.index(impl) + 1:] if impl in plain else None
        return self._behind_cache[key]

    def _shadowed(self, trace: HookTrace, hook: str, impl, given: dict):
        """What the implementations behind ``impl`` would have answered with the same
        arguments, the game's RNG saved and restored; ``UNKNOWN`` when that cannot be told
        (nothing behind it answers: the plugin's answer is the only one)."""
        behind = self._behind(hook, impl)
        if behind is None:
            return UNKNOWN
        game = given.get("game")
        state = game.rng.getstate() if game is not None else None
        try:
            for other in behind:
                if not set(other.argnames) <= set(given):
                    return UNKNOWN
                function = trace.originals.get(other, other.function)
                shadowed = function(*(given[n] for n in other.argnames))
                if shadowed is not None:
                    return shadowed
            return UNKNOWN
        except Exception:
            return UNKNOWN
        finally:
            if state is not None:
                game.rng.setstate(state)


UNKNOWN = object()      # what the rules behind a plugin would have answered, when not known


def _seat_of(given: dict) -> int | None:
    """The seat a hook call is about: its ``seat`` argument, or its decision's seat."""
    seat = given.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        return seat
    return getattr(given.get("decision"), "seat", None)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# --- words ---------------------------------------------------------------------------------------

def _n(x: int) -> str:
    return f"{x:,}"


def plugin_warnings(ruleset: Ruleset, cov: Coverage) -> list[str]:
    """The scenario's own plugins that never had a hook called, or never answered differently
    from the ruleset they override, in ``cov.games`` games."""
    out = []
    games = cov.games
    for plugin, hook in watched_hooks(ruleset, every=False):
        calls = cov.hook_calls.get((plugin, hook), 0)
        if calls == 0:
            out.append(f"plugin {plugin}: hook {hook} called 0 times in {_n(games)} games")
        elif not result_ignored(ruleset, hook) and not cov.hook_changed.get((plugin, hook)):
            out.append(f"plugin {plugin}: hook {hook} called {_n(calls)} times in {_n(games)} "
                       "games and never answered differently from the ruleset it overrides")
    return out


def bot_rows(cov: Coverage, seat_names: Iterable[str]) -> list[dict]:
    """Per seat and decision kind answered by a heuristic bot: how many, how many at random."""
    names = list(seat_names)
    rows = []
    for (seat, kind), total in sorted(cov.bot_decisions.items()):
        guesses = cov.bot_guesses.get((seat, kind), 0)
        rows.append({"seat": seat + 1, "name": names[seat] if seat < len(names) else "",
                     "kind": kind, "decisions": total, "at_random": guesses,
                     "plugin": cov.owners.get(kind)})
    return rows


def bot_warnings(ruleset: Ruleset, cov: Coverage, seat_names: Iterable[str]) -> list[str]:
    """Decisions of the scenario's own plugins that a heuristic bot answered at random, one
    line per decision kind (the seats it happened to listed)."""
    plugins = set(scenario_plugins(ruleset))
    kinds: dict[str, list[dict]] = {}
    for row in bot_rows(cov, seat_names):
        if row["at_random"] and row["plugin"] in plugins:
            kinds.setdefault(row["kind"], []).append(row)
    out = []
    for kind, rows in kinds.items():
        guessed = sum(r["at_random"] for r in rows)
        total = sum(r["decisions"] for r in rows)
        seats = ", ".join(f"{r['seat']} ({r['name']})" for r in rows)
        out.append(f"{_n(guessed)} of {_n(total)} '{kind}' decisions of plugin "
                   f"{rows[0]['plugin']} answered at random by the heuristic bot (seat"
                   f"{'s' if len(rows) > 1 else ''} {seats}): it has no opinion on them; "
                   "teach it with choose_heuristic")
    return out


def listed_phases(ruleset: Ruleset, scenario) -> list[tuple[str, str]]:
    """(phase, rule) of every phase the ruleset lists for a fresh game (setup, round 1, game
    end), as ``peloponnes rules`` shows them: what a batch could run."""
    game = Game(ruleset, scenario)
    try:
        game.hook.setup_game(game=game)
        game.round = 1
        listed = [p for hook in (game.hook.list_setup_phases, game.hook.list_round_phases,
                                 game.hook.list_final_phases) for p in (hook(game=game) or [])]
    except Exception:     # a ruleset that cannot list its phases outside a game: none known
        return []
    return list(dict.fromkeys((p.name, p.rule) for p in listed))


def coverage_rows(ruleset: Ruleset, cov: Coverage, scenario=None) -> dict:
    """The ``--coverage`` tables: every implementation with its calls (per game) and how often
    it changed the result, every phase and rule section with its runs; those that never ran."""
    games = max(cov.games, 1)
    hooks = [{"plugin": p, "hook": h, "calls": cov.hook_calls.get((p, h), 0),
              "per_game": cov.hook_calls.get((p, h), 0) / games,
              "changed": (None if result_ignored(ruleset, h)
                          else cov.hook_changed.get((p, h), 0))}
             for p, h in watched_hooks(ruleset, every=True)]
    known = listed_phases(ruleset, scenario) if scenario is not None else []
    keys = list(dict.fromkeys([*known, *cov.phases]))
    phases = [{"phase": name, "rule": rule, "runs": cov.phases.get((name, rule), 0),
               "per_game": cov.phases.get((name, rule), 0) / games} for name, rule in keys]
    rule_names = list(dict.fromkeys([*(r for _, r in known if r), *sorted(cov.rules)]))
    rules = [{"rule": rule, "times": cov.rules.get(rule, 0),
              "per_game": cov.rules.get(rule, 0) / games} for rule in rule_names]
    return {"games": cov.games, "hooks": hooks, "phases": phases, "rules": rules,
            "never": {"hooks": [f"{r['plugin']}: {r['hook']}" for r in hooks if not r["calls"]],
                      "phases": [r["phase"] for r in phases if not r["runs"]],
                      "rules": [r["rule"] for r in rules if not r["times"]]}}
