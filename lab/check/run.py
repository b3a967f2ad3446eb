"""``peloponnes check``: where the rules break. A batch of games with every seat random, and
the same seeds with every seat heuristic, the invariants checked after every decision, each
game watched by the decision census (``census``); then what went wrong, each finding with the
shortest game that shows it (fewest decisions asked, then the lowest seed), saved for replay.

Findings (something is wrong or dead; ``check`` exits 1):
- a game that failed: a loop or a stall stopped by the per-game guards (decisions, events,
  time), a broken invariant, a decision with no option (or more than the engine allows), any
  other failure of the rules or a plugin;
- a decision kind (with its rule section) that was asked and always had a single option: the
  engine takes such a decision itself, so a rule asks but never offers a choice;
- a hook of the scenario's own plugins never called, or never answering differently from the
  rules it overrides (``coverage.plugin_warnings``);
- a phase the ruleset lists, or its rule section, never reached.

Information (reported, not a finding): ties the tiebreak leaves unresolved (several winners:
the rulebooks let them share the victory), every decision kind with how often it was forced and
the option ids it offered, the variant's declared decision kinds never asked (they may need
another player count or option), hook implementations never called.

The report is the same for any number of workers: the games' counts add up in any order, and
the shortest games are chosen by (decisions, seed).
"""
from __future__ import annotations

import importlib
import inspect
import re
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from peloponnes.core.errors import PluginError, SandboxError
from peloponnes.core.plugins import Ruleset, load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import GameFailure, PairedJobs, make_executor
from peloponnes.lab.batch.executors import Progress
from peloponnes.lab.check.census import Census, CensusWatcher
from peloponnes.lab.coverage import coverage_rows, plugin_warnings
from peloponnes.lab.simulate import run_game
from peloponnes.table.record import save_game

BOTS = ("random", "heuristic")      # every seat played by one, the same seeds for each

# Failed games of one kind played again (lowest seeds first) to find the shortest; a stall is
# played again once only (it runs until the game's time guard stops it).
REPLAYED_PER_FAILURE = 8

# What a failed game's message says -> the kind of finding (first match), and what it means.
FAILURE_KINDS = (
    ("invariant", "invariants broken", "an invariant broke"),
    ("loop", "decisions in one game", "a loop: the per-game guard on decisions stopped it"),
    ("loop", "events in one game", "a loop: the per-game guard on events stopped it"),
    ("stall", "ran longer than", "a stall: the time guard stopped it"),
    ("no_option", "decision without options", "a rule asked a decision with no option"),
    ("too_many_options", "options in one decision", "a rule offered more options than allowed"),
)
CRASH = ("crash", "", "the rules or a plugin failed")


@dataclass
class Finding:
    """Something ``check`` found (or notes, for a tie), with the shortest game that shows it:
    its seed, the bot every seat played, the decisions asked, and where it was saved."""
    kind: str
    message: str
    games: int = 0              # games that show it (0: it never happened, in any game)
    seed: int | None = None
    bot: str | None = None
    decisions: int | None = None
    save: str | None = None

    def replay_command(self, trust: bool = False) -> str | None:
        if self.save is None:
            return None
        return f"peloponnes replay {self.save}" + (" --trust" if trust else "")


@dataclass
class CheckReport:
    """What ``run_check`` found in ``games`` seeds played by each of ``BOTS``."""
    scenario: Scenario
    games: int
    finished: int
    findings: list[Finding]
    ties: Finding | None
    decisions: list[dict]           # per (kind, rule): asked, forced, options seen
    declared_never_asked: list[str]
    hooks_never_called: list[str]
    trust: bool = False
    failed: int = 0

    @property
    def clean(self) -> bool:
        return not self.findings

    def to_dict(self) -> dict:
        def finding(f: Finding) -> dict:
            return asdict(f) | {"replay": f.replay_command(self.trust)}

        sc = self.scenario
        return {"scenario": sc.source or sc.name, "variant": sc.variant,
                "first_seed": sc.seed, "games_per_bot": self.games, "bots": list(BOTS),
                "games_played": self.games * len(BOTS), "games_finished": self.finished,
                "games_failed": self.failed, "clean": self.clean,
                "findings": [finding(f) for f in self.findings],
                "information": {
                    "ties": finding(self.ties) if self.ties else None,
                    "decisions": self.decisions,
                    "declared_kinds_never_asked": self.declared_never_asked,
                    "hooks_never_called": self.hooks_never_called}}


@dataclass
class _Shortest:
    """The shortest game seen for each key: (decisions, seed, bot index), the least wins."""
    games: dict = field(default_factory=dict)
    counts: Counter = field(default_factory=Counter)

    def saw(self, key, game: tuple) -> None:
        self.counts[key] += 1
        if key not in self.games or game < self.games[key]:
            self.games[key] = game


def run_check(scenario: Scenario, games: int, *, workers: int = 1, folder: Path = Path("saves"),
              progress: Progress | None = None, trust: bool = False) -> CheckReport:
    """Play ``games`` seeds (the scenario's seed on) with every seat random, and the same seeds
    with every seat heuristic, and report what went wrong; the shortest game of each finding
    is saved in ``folder``."""
    scenario = scenario.with_absolute_paths()
    ruleset, completed = load_ruleset(scenario)
    batch = [scenario.with_agents(bot) for bot in BOTS]
    seeds = range(scenario.seed, scenario.seed + games)
    executor = make_executor(workers, watch=CensusWatcher, check="decision")
    total, failures, shortest = Census(), [], _Shortest()
    for record in executor.run(batch, PairedJobs(len(BOTS), seeds), progress):
        if not record.ok:
            failures.append(record.failure)
            continue
        game = (int(record.metrics.get("decisions") or 0), record.seed, record.scenario)
        total.add(record.coverage)
        shortest.saw("any game", game)
        for key in record.coverage.asked:
            shortest.saw(key, game)
        if len(record.winners) > 1:
            shortest.saw("tie", game)
    saver = _Saver(ruleset, completed, folder)
    findings = [*_failure_findings(failures, saver), *_forced_findings(total, shortest)]
    # what never ran: only when some game finished (a batch of failed games ran nothing)
    never = coverage_rows(ruleset, total, completed)["never"] if total.games else None
    if never is not None:
        findings += _absence_findings(ruleset, never, total, shortest)
    for f in findings:
        saver.save(f)
    ties = None
    if shortest.counts["tie"]:
        ties = _at(Finding("tie", f"{shortest.counts['tie']} of {total.games} finished games "
                                  "ended with several winners: the tiebreak left them tied",
                           shortest.counts["tie"]), shortest.games["tie"])
        saver.save(ties)
    asked_kinds = {kind for kind, _ in total.asked}
    return CheckReport(completed, games, total.games, findings, ties, decision_rows(total),
                       [k for k in declared_kinds(ruleset) if k not in asked_kinds]
                       if total.games else [],
                       never["hooks"] if never else [], trust, len(failures))


def _at(finding: Finding, game: tuple) -> Finding:
    finding.decisions, finding.seed, bot = game
    finding.bot = BOTS[bot]
    return finding


# --- findings --------------------------------------------------------------------------------

def failure_kind(message: str) -> tuple[str, str, str]:
    """(kind, pattern, meaning) of a failed game, from what its error says."""
    return next((k for k in FAILURE_KINDS if k[1] in message), CRASH)


def _failure_findings(failures: list[GameFailure], saver: _Saver) -> list[Finding]:
    """A finding per kind of failure and culprit (plugin and hook), shown by its shortest game,
    found by playing the lowest seeds again; its message is that game's."""
    groups: dict[tuple, list[GameFailure]] = {}
    for failure in failures:
        kind = failure_kind(failure.message)
        groups.setdefault((kind, failure.plugin, failure.hook), []).append(failure)
    out = []
    for (kind, plugin, hook), group in groups.items():
        group.sort(key=lambda f: (f.seed, f.scenario))
        finding = Finding(kind[0], "", len(group))
        shown = saver.shortest_failure(finding, group[:1 if kind[0] == "stall"
                                                    else REPLAYED_PER_FAILURE])
        where = ", ".join(f"{name} {value}" for name, value in
                          (("plugin", plugin), ("hook", hook), ("rule", shown.rule)) if value)
        finding.message = f"{kind[2]}{f' ({where})' if where else ''}: {shown.message}"
        out.append(finding)
    return out


def _forced_findings(total: Census, shortest: _Shortest) -> list[Finding]:
    out = []
    for key, asked in total.asked.items():
        if total.forced[key] == asked:
            kind, rule = key
            games = shortest.counts[key]
            out.append(_at(Finding("always_forced", f"'{kind}'{f' ({rule})' if rule else ''} "
                                   f"was asked {asked} times in {games} games, always with a "
                                   "single option: a rule asks but never offers a choice",
                                   games), shortest.games[key]))
    return sorted(out, key=lambda f: f.message)


def _absence_findings(ruleset: Ruleset, never: dict, total: Census,
                      shortest: _Shortest) -> list[Finding]:
    """What never happened in any finished game (``never``: what ``coverage_rows`` found never
    ran), shown by the shortest one."""
    found = [("plugin_hook", line) for line in plugin_warnings(ruleset, total)]
    found += [("phase_never_run", f"phase {phase} is listed but never ran in {total.games} "
                                  "games") for phase in never["phases"]]
    found += [("rule_never_met", f"rule section '{rule}' never met in {total.games} games")
              for rule in never["rules"]]
    return [_at(Finding(kind, message), shortest.games["any game"]) for kind, message in found]


class _Saver:
    """Plays a finding's game again and saves it (once per seed and bot), for replay."""

    def __init__(self, ruleset: Ruleset, scenario: Scenario, folder: Path):
        self.ruleset, self.scenario, self.folder = ruleset, scenario, folder
        self.saved: dict[tuple, str] = {}

    def _path(self, bot: str, seed: int) -> Path:
        sc = self.scenario
        name = Path(sc.source).stem if sc.source else sc.variant
        return self.folder / f"check-{name}-{bot}-seed{seed}.toml"

    def save(self, finding: Finding) -> None:
        if finding.save is not None or finding.seed is None:
            return
        key = (finding.bot, finding.seed)
        if key not in self.saved:
            try:
                game = run_game(self.ruleset, self.scenario, finding.seed, agent=finding.bot,
                                check="decision")
            except PluginError as exc:
                game = getattr(exc, "game", None)
            if game is None:
                return
            self.saved[key] = str(save_game(game, self._path(*key),
                                            note=f"peloponnes check: {finding.message}"))
        finding.save = self.saved[key]

    def shortest_failure(self, finding: Finding, failures: list[GameFailure]) -> GameFailure:
        """Play each of ``failures`` again and keep and save the game that failed after the
        fewest decisions (one that failed after its end, in the metrics, is saved finished);
        returns its failure."""
        best = None
        for failure in failures:
            note = f"{failure.message} (after the game ended)"
            try:
                game = run_game(self.ruleset, self.scenario, failure.seed,
                                agent=BOTS[failure.scenario], check="decision")
            except SandboxError as exc:
                game, note = getattr(exc, "game", None), str(exc)
            if game is not None and (best is None or game.decisions < best[0].decisions):
                best = (game, failure, note)
        if best is None:        # (an error that carries no game: the lowest seed, unsaved)
            shown = failures[0]
            finding.seed, finding.bot = shown.seed, BOTS[shown.scenario]
            return shown
        game, shown, note = best
        finding.seed, finding.decisions = game.seed, game.decisions
        finding.bot = BOTS[shown.scenario]
        finding.save = str(save_game(game, self._path(finding.bot, game.seed),
                                     note=f"peloponnes check: {note}"))
        self.saved[finding.bot, game.seed] = finding.save
        return shown


# --- information -----------------------------------------------------------------------------

def _natural(text: str) -> list:
    """Sort key: numbers in an option id compared as numbers ("card:2" before "card:10")."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text)]


def decision_rows(total: Census) -> list[dict]:
    """Per decision kind and rule section: decisions asked (per game), forced, the most
    options one offered and every option id offered (per kind)."""
    options: dict[str, list[str]] = {}
    for kind, option_id in total.offered:
        options.setdefault(kind, []).append(option_id)
    games = max(total.games, 1)
    return [{"kind": kind, "rule": rule, "asked": asked, "per_game": asked / games,
             "forced": total.forced[kind, rule], "most_options": total.most_options.get(kind, 0),
             "options_seen": sorted(options.get(kind, []), key=_natural)}
            for (kind, rule), asked in sorted(total.asked.items())]


def declared_kinds(ruleset: Ruleset) -> list[str]:
    """The decision kinds the ruleset's variants declare: ``KINDS`` of each variant package's
    ``encoding`` module (what learning agents encode), the base variant's first; none where a
    variant declares none."""
    out: list[str] = []
    for plugin in ruleset.plugins:
        if plugin.kind != "variant":
            continue
        obj = plugin.obj
        module = obj.__name__ if inspect.ismodule(obj) else type(obj).__module__
        package = module.rpartition(".")[0]
        try:
            kinds = getattr(importlib.import_module(f"{package}.encoding"), "KINDS", ())
        except ImportError:
            continue
        out.extend(k for k in kinds if isinstance(k, str) and k not in out)
    return out
