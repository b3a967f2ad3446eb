"""Comparing rulesets: the same seeds through every scenario, then statistics (``peloponnes
compare``). This module runs games and computes numbers; it prints nothing (``core.report`` and
``cli.py`` draw the results).

Design:
- **Paired seeds.** Game *i* of every scenario uses seed ``first_seed + i``, where
  ``first_seed`` is the FIRST scenario's seed (the other scenarios' seeds are ignored, and the rules
  diff says so). Each scenario keeps its own agents. When two rulesets deal the same way, game *i*
  starts from the same deal in both, so a difference comes from the rules, not from the luck of the
  draw, and per-seed differences have far less variance than two independent samples.
- **Metrics per game**: ``game.metrics()`` (the ``collect_metrics`` hook, so every plugin may add
  its own), plus what every game has: each seat's score (``score_seatN``), each seat's win share
  (``win_seatN``: 1 for a sole win, 1/k when k seats share first place), ``first_player_win`` (the
  win share of the seat first in the initial turn order, when the rules announce that order in a
  ``setup``/``turn_order`` event before round 1), ``tie``, ``winner_score``, ``winning_margin`` and
  ``mean_score``. Plugin values win over these generic ones when the names collide. Labels from
  ``describe_seat`` (civilization, hero, colony, ...) give win shares per label.
- **Statistics**: per scenario each metric's mean with a 95% confidence interval (Student's t,
  quantile computed here: no scipy); for each scenario against the first, the paired difference
  (mean of per-seed differences) with its 95% CI, *significant* when the CI excludes 0. Label win
  shares are proportions with a Wilson score interval.
- **Parallel and reproducible.** ``workers`` processes (``concurrent.futures``) each load every
  ruleset once and play chunks of seeds; chunks are merged in seed order, so the results are the
  same for any number of workers.
- **Failures.** A game that raises (a ``PluginError`` from the engine, naming plugin, hook and
  rule) is recorded with its seed, and left out of that scenario's numbers (and out of the paired
  differences for that seed); the other games still count.
"""
from __future__ import annotations

import math
import os
import signal
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from .engine import Game
from .errors import ConfigError, PluginError, SandboxError
from .plugins import LoadedPlugin, Ruleset, load_ruleset
from .scenario import PlayerSpec, Scenario
from .simulate import run_game

CONFIDENCE = 0.95
BOT_NOTE = ("These are bot-versus-bot results: they show how these bots fare under each ruleset,"
            " not how people would play.")


# --- statistics ----------------------------------------------------------------------------------

def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz's method)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _betacf(a, b, x) / a
    return 1.0 - math.exp(log_front) * _betacf(b, a, 1.0 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


@lru_cache(maxsize=4096)
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (p > 0.5), by bisection on
    the CDF: 1e-12 accurate, e.g. t_quantile(0.975, 4) = 2.7764451..."""
    if df < 1:
        raise ValueError("t quantile needs at least 1 degree of freedom")
    if not 0.5 <= p < 1.0:
        raise ValueError("p must be in [0.5, 1)")
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    return (lo + hi) / 2.0


def normal_quantile(p: float) -> float:
    """The ``p`` quantile of the standard normal (bisection on erf)."""
    lo, hi = -40.0, 40.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if 0.5 * (1.0 + math.erf(mid / math.sqrt(2.0))) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


@dataclass(frozen=True)
class Estimate:
    """A mean with its confidence interval. ``low``/``high`` are None when the interval is
    undefined (fewer than 2 values); ``n`` values went into it."""
    n: int
    mean: float | None
    low: float | None
    high: float | None
    sd: float | None = None

    @property
    def half_width(self) -> float | None:
        if self.low is None or self.high is None or self.mean is None:
            return None
        return (self.high - self.low) / 2.0

    @property
    def significant(self) -> bool:
        """The interval excludes 0 (meaningful for a difference)."""
        if self.low is None or self.high is None:
            return False
        return self.low > 0 or self.high < 0

    def as_dict(self) -> dict:
        return {"n": self.n, "mean": self.mean, "ci_low": self.low, "ci_high": self.high,
                "sd": self.sd}


def mean_ci(values: Sequence[float], confidence: float = CONFIDENCE) -> Estimate:
    """Mean and t-based confidence interval: mean +- t(1-(1-c)/2, n-1) * sd / sqrt(n), with the
    sample standard deviation (n - 1 in the denominator)."""
    n = len(values)
    if n == 0:
        return Estimate(0, None, None, None)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(1, mean, None, None)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(1 - (1 - confidence) / 2, n - 1) * sd / math.sqrt(n)
    return Estimate(n, mean, mean - half, mean + half, sd)


def paired_diff(a: Sequence[float | None], b: Sequence[float | None],
                confidence: float = CONFIDENCE) -> Estimate:
    """The paired difference b - a: mean of the per-pair differences with its t interval. Pairs
    where either value is missing (None) are left out."""
    diffs = [y - x for x, y in zip(a, b) if x is not None and y is not None]
    return mean_ci(diffs, confidence)


def proportion_ci(successes: float, n: float, confidence: float = CONFIDENCE) -> Estimate:
    """A proportion with its Wilson score interval (fractional successes allowed: shared wins
    count 1/k)."""
    if n <= 0:
        return Estimate(0, None, None, None)
    p = successes / n
    z = normal_quantile(1 - (1 - confidence) / 2)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / denom
    return Estimate(int(round(n)), p, max(0.0, centre - half), min(1.0, centre + half))


# --- per-game records ----------------------------------------------------------------------------

@dataclass
class GameFailure:
    scenario: int
    seed: int
    message: str
    plugin: str | None = None
    hook: str | None = None
    rule: str | None = None

    def as_dict(self) -> dict:
        return {"scenario": self.scenario, "seed": self.seed, "plugin": self.plugin,
                "hook": self.hook, "rule": self.rule, "message": self.message}

    def describe(self) -> str:
        parts = [f"seed {self.seed}"]
        if self.plugin:
            parts.append(f"plugin {self.plugin}")
        if self.hook:
            parts.append(f"hook {self.hook}")
        if self.rule:
            parts.append(f"rule {self.rule}")
        return ", ".join(parts) + f": {self.message}"


@dataclass
class GameRecord:
    """What compare keeps of one game (small and picklable: it crosses process boundaries)."""
    seed: int
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    first_player: int | None = None
    labels: list[dict] = field(default_factory=list)
    metrics: dict = field(default_factory=dict)
    failure: GameFailure | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


def initial_order(game: Game) -> list[int] | None:
    """The initial turn order, when the rules announce it in a ``setup`` or ``turn_order`` event
    before round 1 starts (the card game's ``setup`` event has ``order``); None otherwise."""
    for event in game.events:
        if event.kind == "round_started":
            return None
        if event.kind in ("setup", "turn_order") and isinstance(event.data.get("order"), list):
            return list(event.data["order"])
    return None


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, float)) and math.isfinite(value):
        return value
    return None


def generic_metrics(scores: Sequence[float], winners: Sequence[int],
                    first_player: int | None = None) -> dict:
    """The metrics every game has, from its final scores and winners: winner's score, margin,
    mean score, tie, each seat's score and win share (ties split), the first player's win
    share (when the initial turn order is known)."""
    ordered = sorted(scores, reverse=True)
    share = 1.0 / len(winners) if winners else 0.0
    metrics = {
        "winner_score": ordered[0],
        "winning_margin": ordered[0] - ordered[1] if len(ordered) > 1 else 0,
        "mean_score": math.fsum(scores) / len(scores),
        "tie": 1 if len(winners) > 1 else 0,
    }
    for seat, value in enumerate(scores):
        metrics[f"score_seat{seat + 1}"] = value
    for seat in range(len(scores)):
        metrics[f"win_seat{seat + 1}"] = share if seat in winners else 0.0
    if first_player is not None:
        metrics["first_player_win"] = share if first_player in winners else 0.0
    return metrics


def game_metrics(game: Game, first_player: int | None) -> dict:
    """The metrics of a finished game: the plugins' (``collect_metrics``), then the generic
    ones for names the plugins did not give."""
    result = game.result
    metrics = {k: _number(v) for k, v in game.metrics().items()}
    generic = generic_metrics([s.value for s in result.scores], list(result.winners),
                              first_player)
    for key, value in generic.items():
        metrics.setdefault(key, value)
    return metrics


def _labels(game: Game) -> list[dict]:
    out = []
    for seat in game.seats:
        labels = game.hook.describe_seat(game=game, seat=seat.index) or {}
        out.append({str(k): ([str(x) for x in v] if isinstance(v, (list, tuple)) else str(v))
                    for k, v in labels.items() if v is not None})
    return out


def play_one(ruleset: Ruleset, scenario: Scenario, seed: int, index: int) -> GameRecord:
    """Play one game of ``scenario`` with ``seed``; a failure is recorded, not raised."""
    game = None
    try:
        game = run_game(ruleset, scenario, seed)
        order = initial_order(game)
        first = order[0] if order else None
        return GameRecord(seed, [s.value for s in game.result.scores], list(game.result.winners),
                          first, _labels(game), game_metrics(game, first))
    except PluginError as exc:
        error = exc
    except SandboxError as exc:
        error = PluginError(str(exc))
    except Exception as exc:  # a hook called after the game ended (collect_metrics, ...)
        error = ruleset.blame(exc)
    detail = str(error).split(" | ")[0]
    return GameRecord(seed, failure=GameFailure(index, seed, detail, error.plugin, error.hook,
                                                error.rule))


def play_seeds(loaded: Sequence[tuple[Ruleset, Scenario]], seeds: Iterable[int]
               ) -> list[list[GameRecord]]:
    """For every seed, one record per scenario (in the scenarios' order)."""
    return [[play_one(ruleset, scenario, seed, i) for i, (ruleset, scenario) in enumerate(loaded)]
            for seed in seeds]


_WORKER: list[tuple[Ruleset, Scenario]] = []


def _init_worker(scenarios: Sequence[Scenario]) -> None:
    """Runs once in each worker process: load every ruleset (plugins, components) once. Ctrl-C
    is left to the parent, which cancels the chunks not yet started."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER[:] = [load_ruleset(sc) for sc in scenarios]


def _worker_chunk(start: int, stop: int) -> tuple[int, list[list[GameRecord]]]:
    return start, play_seeds(_WORKER, range(start, stop))


# --- preparing scenarios -------------------------------------------------------------------------

@dataclass
class Entry:
    """One scenario of a comparison, loaded."""
    letter: str
    path: str
    scenario: Scenario          # options completed, paths resolved, humans replaced by bots
    ruleset: Ruleset
    notes: list[str] = field(default_factory=list)

    @property
    def title(self) -> str:
        return self.scenario.name or Path(self.path).stem

    @property
    def agents(self) -> list[tuple[str, str]]:
        return [(p.name, p.agent) for p in self.scenario.players]


def _letter(i: int) -> str:
    letters = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        letters = chr(65 + r) + letters
    return letters


def _absolute(scenario: Scenario) -> Scenario:
    """A scenario whose file paths are absolute, so worker processes (any current folder)
    find the same plugin and component files."""
    source = str(Path(scenario.source).resolve()) if scenario.source else ""
    scenario = replace(scenario, source=source)
    plugins = tuple(scenario.resolve(p) if (p.endswith(".py") or "/" in p or "\\" in p) else p
                    for p in scenario.plugins)
    components = scenario.resolve(scenario.components) if scenario.components else ""
    return replace(scenario, plugins=plugins, components=components)


def prepare(scenarios: Sequence[str | Path | Scenario]) -> list[Entry]:
    """Load every scenario (a file path or a ``Scenario``). Refuses fewer than two scenarios and
    scenarios of different player counts. Human seats are played by the heuristic bot."""
    if len(scenarios) < 2:
        raise ConfigError("compare needs at least two scenarios")
    entries = []
    for i, item in enumerate(scenarios):
        if isinstance(item, Scenario):
            sc, path = item, item.source or f"scenario {i + 1}"
        else:
            sc, path = Scenario.from_file(item), str(item)
        notes = []
        if any(p.agent == "human" for p in sc.players):
            humans = [p.name for p in sc.players if p.agent == "human"]
            notes.append(f"human seat(s) {', '.join(humans)} played by the heuristic bot")
            sc = replace(sc, players=tuple(
                PlayerSpec(p.name, "heuristic" if p.agent == "human" else p.agent)
                for p in sc.players))
        sc = _absolute(sc)
        ruleset, sc = load_ruleset(sc)
        entries.append(Entry(_letter(i), path, sc, ruleset, notes))
    counts = [len(e.scenario.players) for e in entries]
    if len(set(counts)) > 1:
        listed = ", ".join(f"{e.path}: {n}" for e, n in zip(entries, counts))
        raise ConfigError(f"scenarios have different player counts ({listed}); compare pairs "
                          "seats game by game, so every scenario needs the same number of players")
    return entries


# --- rules diff ----------------------------------------------------------------------------------

def _fmt(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def diff_paths(a: Any, b: Any, path: str = "", out: list[str] | None = None) -> list[str]:
    """Every key path where ``a`` and ``b`` differ, as ``path: old -> new`` lines."""
    out = [] if out is None else out
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            sub = f"{path}.{key}" if path else str(key)
            if key not in b:
                out.append(f"{sub}: removed (was {_fmt(a[key])})")
            elif key not in a:
                out.append(f"{sub}: added ({_fmt(b[key])})")
            else:
                diff_paths(a[key], b[key], sub, out)
    elif isinstance(a, list) and isinstance(b, list):
        for i in range(min(len(a), len(b))):
            diff_paths(a[i], b[i], f"{path}[{i}]", out)
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} -> {len(b)} entries")
    elif a != b:
        out.append(f"{path or '(top level)'}: {_fmt(a)} -> {_fmt(b)}")
    return out


def _plugin_key(plugin: LoadedPlugin) -> tuple:
    return (plugin.kind, plugin.name, plugin.source)


def describe_plugin(entry: Entry, plugin: LoadedPlugin) -> dict:
    hooks = plugin.hooks(entry.ruleset.pm)
    orders = {}
    for hook in hooks:
        caller = getattr(entry.ruleset.pm.hook, hook, None)
        spec = getattr(caller, "spec", None)
        firstresult = bool(spec and spec.opts.get("firstresult"))
        wrapped = caller is not None and any(i.hookwrapper or i.wrapper
                                             for i in caller.get_hookimpls())
        order = entry.ruleset.hook_order(hook)
        if len(order) > 1 and (firstresult or wrapped):    # where the order decides the result
            orders[hook] = order
    where = plugin.source
    return {"name": plugin.name, "kind": plugin.kind, "source": where, "hooks": hooks,
            "hook_order": orders,
            "description": (plugin.declared or {}).get("description", "")}


def short_path(path: str) -> str:
    """A path relative to the current folder when it lies below it (for people to read)."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return path


def _plugin_line(sign: str, info: dict) -> str:
    kind = "variant plugin" if info["kind"] == "variant" else "plugin"
    source = short_path(info["source"]) if info["kind"] == "file" else info["source"]
    text = f"{sign} {kind} {info['name']} ({source})"
    if info["description"]:
        text += f": {info['description'].rstrip('.')}"
    text += f". Implements {', '.join(info['hooks']) or 'no hooks'}"
    orders = [f"{hook}: {' -> '.join(order)}" for hook, order in info["hook_order"].items()]
    if orders:
        text += f" (call order {'; '.join(orders)})"
    return text


COMPONENT_DIFF_CAP = 12


def rules_diff(base: Entry, other: Entry, *, first_seed: int) -> dict:
    """What differs between ``other`` and ``base``, in words (a list of lines per topic)."""
    lines: list[str] = []
    a, b = base.scenario, other.scenario
    va, vb = base.ruleset.variant, other.ruleset.variant
    if va.name == vb.name:
        lines.append(f"variant: same ({va.name})")
    else:
        stacked = f", stacked on {vb.base}" if vb.base else ""
        lines.append(f"variant: {va.name} -> {vb.name} ({vb.title}{stacked})")
    option_diff = diff_paths(dict(a.options), dict(b.options))
    lines.append("options: " + ("same" if not option_diff else "; ".join(option_diff)))
    pa = {_plugin_key(p): p for p in base.ruleset.plugins if p.kind != "core"}
    pb = {_plugin_key(p): p for p in other.ruleset.plugins if p.kind != "core"}
    plugin_lines = []
    for key, plugin in pb.items():
        if key not in pa:
            plugin_lines.append(_plugin_line("+", describe_plugin(other, plugin)))
    for key, plugin in pa.items():
        if key not in pb:
            plugin_lines.append(_plugin_line("-", describe_plugin(base, plugin)))
    if plugin_lines:
        lines.append("plugins:")
        lines.extend(f"  {line}" for line in plugin_lines)
    else:
        lines.append("plugins: same")
    changes = diff_paths(base.ruleset.components, other.ruleset.components)
    if not changes:
        lines.append("components: same" + ("" if base.ruleset.components_path ==
                                            other.ruleset.components_path
                                            else " data (different files)"))
    else:
        where = ("" if base.ruleset.components_path == other.ruleset.components_path
                 else f" ({base.ruleset.components_path} -> {other.ruleset.components_path})")
        lines.append(f"components: {len(changes)} difference{'s' if len(changes) != 1 else ''}"
                     f"{where}:")
        lines.extend(f"  {c}" for c in changes[:COMPONENT_DIFF_CAP])
        if len(changes) > COMPONENT_DIFF_CAP:
            lines.append(f"  ... and {len(changes) - COMPONENT_DIFF_CAP} more")
    agents = [f"{pa_.name} {pa_.agent} -> {pb_.agent}" for pa_, pb_ in zip(a.players, b.players)
              if pa_.agent != pb_.agent]
    lines.append("agents: " + ("same" if not agents else "; ".join(agents)
                               + " (differences may come from the bots, not the rules)"))
    if b.seed != first_seed:
        lines.append(f"seed: the file says {b.seed}; compare plays {other.letter} with "
                     f"{base.letter}'s seeds (from {first_seed}) so the games are paired")
    return {"scenario": other.letter, "vs": base.letter, "lines": lines,
            "component_changes": len(changes)}


# --- running -------------------------------------------------------------------------------------

Progress = Callable[[int, int], None]


def default_workers() -> int:
    return os.cpu_count() or 1


def run_games(entries: Sequence[Entry], games: int, first_seed: int, *, workers: int = 1,
              progress: Progress | None = None, skip_first: int = 0,
              chunk: int | None = None) -> list[list[GameRecord]]:
    """Play seeds ``first_seed + skip_first .. first_seed + games - 1`` in every scenario.
    Returns, per seed in order, one record per scenario. Identical for any ``workers``."""
    start, stop = first_seed + skip_first, first_seed + games
    total = stop - start
    if total <= 0:
        return []
    per_seed = len(entries)
    done = 0
    if workers <= 1 or total == 1:
        loaded = [(e.ruleset, e.scenario) for e in entries]
        out = []
        step = max(1, min(50, total // 100 or 1))
        for s in range(start, stop, step):
            out.extend(play_seeds(loaded, range(s, min(stop, s + step))))
            done += min(stop, s + step) - s
            if progress:
                progress(done * per_seed, total * per_seed)
        return out
    size = chunk or max(1, min(200, total // (workers * 4) or 1))
    bounds = [(s, min(stop, s + size)) for s in range(start, stop, size)]
    results: dict[int, list[list[GameRecord]]] = {}
    pool = ProcessPoolExecutor(max_workers=min(workers, len(bounds)), initializer=_init_worker,
                               initargs=([e.scenario for e in entries],))
    try:
        futures = [pool.submit(_worker_chunk, lo, hi) for lo, hi in bounds]
        for future in as_completed(futures):
            lo, records = future.result()
            results[lo] = records
            done += len(records)
            if progress:
                progress(done * per_seed, total * per_seed)
    except BrokenProcessPool as exc:
        pool.shutdown(wait=False, cancel_futures=True)
        raise SandboxError(f"a worker process died ({exc}); try --workers 1") from None
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return [rec for lo, _ in bounds for rec in results[lo]]


# --- results -------------------------------------------------------------------------------------

@dataclass
class MetricRow:
    name: str
    per_scenario: list[Estimate]
    diffs: list[Estimate | None]          # None for the first scenario


@dataclass
class LabelRow:
    label: str
    value: str
    per_scenario: list[Estimate]           # win share (proportion of seats dealt it that won)
    seats: list[int]
    mean_score: list[float | None]


@dataclass
class CompareResult:
    entries: list[Entry]
    games: int
    first_seed: int
    records: list[list[GameRecord]]        # per scenario, per game in seed order
    metric_names: list[str]
    metrics: list[MetricRow]
    labels: list[LabelRow]
    diffs: list[dict]                      # rules diff of each scenario vs the first
    selected: list[str] | None = None

    @property
    def failures(self) -> list[GameFailure]:
        return [r.failure for recs in self.records for r in recs if r.failure is not None]

    def grouped_failures(self) -> list[dict]:
        """Failures grouped by scenario, plugin, hook and message, with their seeds."""
        groups: dict[tuple, dict] = {}
        for f in self.failures:
            key = (f.scenario, f.plugin, f.hook, f.rule, f.message)
            group = groups.setdefault(key, {"scenario": self.entries[f.scenario].letter,
                                            "plugin": f.plugin, "hook": f.hook, "rule": f.rule,
                                            "message": f.message, "seeds": []})
            group["seeds"].append(f.seed)
        return list(groups.values())

    def ok_games(self, index: int) -> int:
        return sum(1 for r in self.records[index] if r.ok)

    def scores(self, index: int) -> list[float]:
        """Every final score of every seat of every finished game of a scenario."""
        return [s for r in self.records[index] if r.ok for s in r.scores]

    def agents_note(self) -> str:
        parts = []
        for e in self.entries:
            kinds: dict[str, list[str]] = {}
            for name, agent in e.agents:
                kinds.setdefault(agent, []).append(name)
            parts.append(f"{e.letter}: " + ", ".join(f"{k} ({', '.join(v)})"
                                                     for k, v in kinds.items()))
        return "Agents — " + "; ".join(parts) + "."

    def to_dict(self) -> dict:
        """JSON-ready results (independent of the number of workers)."""
        return {
            "note": BOT_NOTE,
            "agents": self.agents_note(),
            "games": self.games,
            "first_seed": self.first_seed,
            "seeds": [self.first_seed, self.first_seed + self.games - 1],
            "confidence": CONFIDENCE,
            "scenarios": [{
                "letter": e.letter, "path": e.path, "name": e.title, "variant": e.scenario.variant,
                "players": [{"name": n, "agent": a} for n, a in e.agents],
                "plugins": [describe_plugin(e, p) for p in e.ruleset.plugins if p.kind != "core"],
                "options": dict(e.scenario.options), "notes": e.notes,
                "games_finished": self.ok_games(i),
                "games_failed": self.games - self.ok_games(i),
            } for i, e in enumerate(self.entries)],
            "rules_diff": self.diffs,
            "metrics": [{
                "name": row.name,
                "per_scenario": [dict(est.as_dict(), scenario=e.letter)
                                 for est, e in zip(row.per_scenario, self.entries)],
                "diffs": [dict(d.as_dict(), scenario=e.letter, vs=self.entries[0].letter,
                               significant=d.significant)
                          for d, e in zip(row.diffs, self.entries) if d is not None],
            } for row in self.metrics],
            "labels": [{
                "label": row.label, "value": row.value,
                "per_scenario": [{"scenario": e.letter, "seats": n, "win_share": est.mean,
                                  "ci_low": est.low, "ci_high": est.high, "mean_score": ms}
                                 for est, n, ms, e in zip(row.per_scenario, row.seats,
                                                          row.mean_score, self.entries)],
            } for row in self.labels],
            "score_counts": [_counts(self.scores(i)) for i in range(len(self.entries))],
            "failures": self.grouped_failures(),
        }

    def summary_rows(self) -> list[dict]:
        """One row per metric (and label win share) per scenario: the CSV."""
        rows = []
        base = self.entries[0].letter
        for row in self.metrics:
            for est, diff, e in zip(row.per_scenario, row.diffs, self.entries):
                rows.append({
                    "kind": "metric", "name": row.name, "scenario": e.letter, "file": e.path,
                    "n": est.n, "mean": est.mean, "ci_low": est.low, "ci_high": est.high,
                    "vs": base if diff is not None else "",
                    "diff_n": diff.n if diff else "", "diff_mean": diff.mean if diff else "",
                    "diff_ci_low": diff.low if diff else "",
                    "diff_ci_high": diff.high if diff else "",
                    "significant": (int(diff.significant) if diff else "")})
        for row in self.labels:
            for est, e in zip(row.per_scenario, self.entries):
                rows.append({
                    "kind": "win_share", "name": f"{row.label}={row.value}", "scenario": e.letter,
                    "file": e.path, "n": est.n, "mean": est.mean, "ci_low": est.low,
                    "ci_high": est.high, "vs": "", "diff_n": "", "diff_mean": "",
                    "diff_ci_low": "", "diff_ci_high": "", "significant": ""})
        return rows

    def game_rows(self) -> list[dict]:
        """One row per game per scenario (seed, status, every metric)."""
        rows = []
        for e, recs in zip(self.entries, self.records):
            for r in recs:
                row = {"scenario": e.letter, "seed": r.seed, "ok": int(r.ok),
                       "winners": " ".join(str(w + 1) for w in r.winners),
                       "error": r.failure.describe() if r.failure else ""}
                for name in self.metric_names:
                    row[name] = r.metrics.get(name, "")
                rows.append(row)
        return rows


def _counts(values: Iterable[float]) -> dict:
    out: dict[str, int] = {}
    for v in sorted(values):
        key = str(int(v)) if float(v).is_integer() else str(v)
        out[key] = out.get(key, 0) + 1
    return out


def known_metrics(records: Iterable[GameRecord]) -> list[str]:
    names: dict[str, None] = {}
    for r in records:
        if r.ok:
            for k in r.metrics:
                names.setdefault(k, None)
    return list(names)


def check_metrics(selected: Sequence[str] | None, known: Sequence[str]) -> None:
    """Refuse metric names no scenario produced, listing the known ones."""
    if not selected or not known:
        return
    unknown = [m for m in selected if m not in known]
    if unknown:
        import difflib
        hints = [h for m in unknown for h in difflib.get_close_matches(m, known, 1)]
        hint = f" (did you mean {', '.join(hints)}?)" if hints else ""
        raise ConfigError(f"unknown metric{'s' if len(unknown) > 1 else ''} "
                          f"{', '.join(repr(m) for m in unknown)}{hint}; known: "
                          f"{', '.join(known)}")


def analyse(entries: Sequence[Entry], per_seed: Sequence[Sequence[GameRecord]], *, games: int,
            first_seed: int, metrics: Sequence[str] | None = None) -> CompareResult:
    """Statistics of the records (``per_seed[i][k]``: seed i, scenario k)."""
    records = [[row[k] for row in per_seed] for k in range(len(entries))]
    names = known_metrics(r for recs in records for r in recs)
    check_metrics(metrics, names)
    shown = list(metrics) if metrics else names
    rows = []
    for name in shown:
        columns = [[r.metrics.get(name) if r.ok else None for r in recs] for recs in records]
        per = [mean_ci([v for v in col if v is not None]) for col in columns]
        diffs: list[Estimate | None] = [None] + [paired_diff(columns[0], col)
                                                 for col in columns[1:]]
        rows.append(MetricRow(name, per, diffs))
    labels = _label_rows(records)
    diffs_text = [rules_diff(entries[0], e, first_seed=first_seed) for e in entries[1:]]
    return CompareResult(list(entries), games, first_seed, records, names, rows, labels,
                         diffs_text, list(metrics) if metrics else None)


def _label_rows(records: Sequence[Sequence[GameRecord]]) -> list[LabelRow]:
    tallies: dict[tuple[str, str], list[list[float]]] = {}   # key -> per scenario [seats, wins, score]
    for k, recs in enumerate(records):
        for r in recs:
            if not r.ok:
                continue
            share = 1.0 / len(r.winners) if r.winners else 0.0
            for seat, labels in enumerate(r.labels):
                for label, value in labels.items():
                    for v in (value if isinstance(value, list) else [value]):
                        t = tallies.setdefault((label, v), [[0, 0.0, 0.0] for _ in records])[k]
                        t[0] += 1
                        t[1] += share if seat in r.winners else 0.0
                        t[2] += r.scores[seat]
    rows = []
    for (label, value), per in sorted(tallies.items()):
        rows.append(LabelRow(label, value, [proportion_ci(w, n) for n, w, _ in per],
                             [int(n) for n, _, _ in per],
                             [s / n if n else None for n, _, s in per]))
    return rows


def compare(scenarios: Sequence[str | Path | Scenario], games: int, *,
            workers: int | None = None, metrics: Sequence[str] | None = None,
            first_seed: int | None = None, progress: Progress | None = None,
            entries: Sequence[Entry] | None = None) -> CompareResult:
    """Load, run and analyse: the whole of ``peloponnes compare`` but the drawing.

    The first game (seed ``first_seed``) is played in this process first, so a misspelled
    ``--metric`` is refused before the long run (metric names come from the plugins)."""
    if games < 1:
        raise ConfigError("compare needs at least one game")
    entries = list(entries) if entries is not None else prepare(scenarios)
    first = entries[0].scenario.seed if first_seed is None else first_seed
    workers = default_workers() if workers is None else max(1, workers)
    probe = play_seeds([(e.ruleset, e.scenario) for e in entries], [first])
    if progress:
        progress(len(entries), games * len(entries))
    if all(r.ok for r in probe[0]):     # else wait for the other games to know every name
        check_metrics(metrics, known_metrics(probe[0]))
    rest = run_games(entries, games, first, workers=workers, skip_first=1,
                     progress=(lambda done, total: progress(done + len(entries),
                                                            games * len(entries)))
                     if progress else None)
    return analyse(entries, probe + rest, games=games, first_seed=first, metrics=metrics)
