"""What a comparison says in words and in the measures game designers know.

- ``glossary``: every metric's meaning and unit, as the plugins declare them
  (``describe_metrics``; ``score_seatN``/``win_seatN`` stand for every seat);
- ``headlines``: one sentence per change that stays significant after Holm's correction
  ("B: the winner's final score rises 25% (+2.67 points)");
- ``design_measures``: per ruleset, the measures of Ludii's evaluation suite (after Browne)
  brought to these games, all from the engine's own decisions and events: balance, first-player
  advantage, drawishness, duration, decision moves, branching factor, lead changes, drama,
  score difference.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from peloponnes.core.plugins import Ruleset
from peloponnes.lab.compare.formatting import num

UNDECLARED = {"meaning": "(not declared: the plugin that adds it should declare it in "
                         "describe_metrics)", "unit": ""}
PER_SEAT = re.compile(r"^(score|win)_seat(\d+)$")


def glossary(rulesets: Sequence[Ruleset], names: Sequence[str]) -> dict[str, dict]:
    """Meaning and unit of each of ``names``, from every ruleset's ``describe_metrics``."""
    declared: dict[str, dict] = {}
    for ruleset in rulesets:
        for part in reversed(ruleset.pm.hook.describe_metrics()):
            for name, info in (part or {}).items():
                if isinstance(info, dict):
                    declared.setdefault(str(name), {"meaning": str(info.get("meaning", "")),
                                                    "unit": str(info.get("unit", ""))})
    out = {}
    for name in names:
        seat = PER_SEAT.match(name)
        key = f"{seat.group(1)}_seatN" if seat else name
        info = declared.get(key, UNDECLARED)
        if seat:
            info = {"meaning": info["meaning"].replace("seat N", f"seat {seat.group(2)}"),
                    "unit": info["unit"]}
        out[name] = info
    return out


def glossary_rows(result) -> list[tuple[str, str, str]]:
    """(metric, meaning, unit) for each metric of a comparison, the per-seat metrics folded into
    one row each (``score_seatN``): what the terminal and HTML glossaries show."""
    rows, seen = [], set()
    for name in [r.name for r in result.metrics] + result.folded:
        seat = PER_SEAT.match(name)
        key = f"{seat.group(1)}_seatN" if seat else name
        if key in seen:
            continue
        seen.add(key)
        info = result.glossary.get(name, UNDECLARED)
        meaning = info["meaning"]
        if seat:
            meaning = meaning.replace(f"seat {seat.group(2)}", "seat N")
        rows.append((key, meaning, info["unit"]))
    return rows


def _amount(value: float, unit: str) -> str:
    if unit.startswith("share"):
        return f"{value * 100:+.1f} percentage points"
    digits = 2 if abs(value) < 10 else 1
    return f"{'+' if value > 0 else ''}{num(value, digits)}" + (f" {unit}" if unit else "")


def headline(letter: str, name: str, info: dict, base: float | None, diff: float) -> str:
    """``B: winner_score rises 25% (+2.67 points): the winner's final score``."""
    verb = "rises" if diff > 0 else "falls"
    pct = (f" {abs(diff) / abs(base):.0%}" if base and not info["unit"].startswith("share")
           else "")
    meaning = f": {info['meaning']}" if info is not UNDECLARED and info["meaning"] else ""
    return f"{letter}: {name} {verb}{pct} ({_amount(diff, info['unit'])}){meaning}"


@dataclass
class DesignMeasure:
    name: str
    meaning: str
    values: list[str]           # one per ruleset, formatted


def _mean(tally, name: str) -> float | None:
    stats = tally.metrics.get(name)
    return stats.mean if stats is not None and stats.n else None


def _sd(tally, name: str) -> float | None:
    stats = tally.metrics.get(name)
    return stats.sd if stats is not None else None


def design_measures(result) -> list[DesignMeasure]:
    """Per ruleset: the designers' measures (see the module doc), formatted for a table."""
    rows: dict[str, tuple[str, list[str]]] = {}

    def put(name: str, meaning: str, value: str) -> None:
        rows.setdefault(name, (meaning, []))[1].append(value)

    for i, entry in enumerate(result.entries):
        t = result.tally.scenarios[i]
        seats = len(entry.scenario.players)
        shares = [_mean(t, f"win_seat{s + 1}") for s in range(seats)]
        shares = [x for x in shares if x is not None]
        put("balance", "spread of the seats' win shares (max − min; 0 = every seat wins as "
            "often)", f"{max(shares) - min(shares):.1%}" if len(shares) > 1 else "n/a")
        first = _mean(t, "first_player_win")
        put("first-player advantage", "first player's win share minus a fair 1/n",
            "n/a" if first is None or seats < 2 else f"{first - 1 / seats:+.1%}")
        tie = _mean(t, "tie")
        put("drawishness", "share of games with a shared first place",
            "n/a" if tie is None else f"{tie:.1%}")
        for metric, label in (("rounds", "duration (rounds)"),
                              ("decisions", "duration (decisions)")):
            mean, sd = _mean(t, metric), _sd(t, metric)
            put(label, "mean per game ± standard deviation (the spread between games)",
                "n/a" if mean is None else f"{num(mean, 1)} ± {num(sd or 0.0, 1)}")
        moves = _mean(t, "decision_moves")
        put("decision moves", "share of decisions with more than one option",
            "n/a" if moves is None else f"{moves:.1%}")
        branching = _mean(t, "branching_mean")
        top = t.metrics.get("branching_max")
        put("branching factor", "options per decision: mean (most in any decision)",
            "n/a" if branching is None else f"{num(branching, 1)} ({num(top.max, 0)})")
        changes = _mean(t, "lead_changes")
        put("lead changes", "times the leader changed per game (per-round standings)",
            "n/a" if changes is None else num(changes))
        drama = _mean(t, "drama")
        put("drama", "how far behind the eventual winner was, mean over rounds (standing "
            "points)", "n/a" if drama is None else num(drama))
        margin = t.metrics.get("winning_margin")
        put("score difference", "winner's lead at the end: mean (largest)",
            "n/a" if margin is None or not margin.n
            else f"{num(margin.mean)} ({num(margin.max, 0)})")
    return [DesignMeasure(name, meaning, values) for name, (meaning, values) in rows.items()]


def holm_sentence(m: int) -> str:
    return (f"With {m} differences tested at once, about {m * 0.05:.1f} would look significant "
            "by chance alone at 95%; the Holm column keeps a difference only if it survives "
            "Holm's correction for that many tests.") if m > 1 else ""
