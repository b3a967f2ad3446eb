"""A comparison as data: the JSON document, the summary CSV (a row per metric per scenario) and
the per-game CSV (a row per game per scenario), which streams through temporary files so that
memory stays flat however many games are played."""
from __future__ import annotations

import csv
import io
import json
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from typing import TextIO

from peloponnes.lab.batch import GameRecord
from peloponnes.lab.compare.narrative import design_measures
from peloponnes.lab.compare.result import BOT_NOTE, CompareResult
from peloponnes.lab.compare.rule_effects_render import effects_dict
from peloponnes.lab.compare.rules_diff import describe_plugin
from peloponnes.lab.compare.scenarios import Entry
from peloponnes.lab.compare.until_decided_render import stopping_dict


def _score_key(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def result_dict(result: CompareResult) -> dict:
    """JSON-ready results (independent of the number of workers)."""
    entries = result.entries
    return {
        "note": BOT_NOTE,
        "agents": result.agents_note(),
        "games": result.games,
        "first_seed": result.first_seed,
        "seeds": [result.first_seed, result.first_seed + result.games - 1],
        "confidence": result.confidence,
        "scenarios": [{
            "letter": e.letter, "path": e.path, "name": e.title, "variant": e.scenario.variant,
            "players": [{"name": n, "agent": a} for n, a in e.agents],
            "plugins": [describe_plugin(e, p) for p in e.ruleset.plugins if p.kind != "core"],
            "options": dict(e.scenario.options), "notes": e.notes,
            "games_finished": result.ok_games(i),
            "games_failed": result.games - result.ok_games(i),
        } for i, e in enumerate(entries)],
        "rules_diff": result.diffs,
        "metrics": [{
            "name": row.name,
            "per_scenario": [dict(est.as_dict(), scenario=e.letter)
                             for est, e in zip(row.per_scenario, entries, strict=True)],
            "diffs": [dict(d.as_dict(), scenario=e.letter, vs=entries[0].letter,
                           significant=d.significant, p=row.p_values[i] if row.p_values else None,
                           p_holm=row.holm[i] if row.holm else None)
                      for i, (d, e) in enumerate(zip(row.diffs, entries, strict=True))
                      if d is not None],
        } for row in result.metrics],
        "folded": result.folded,
        "headlines": result.headlines,
        "rule_effects": effects_dict(result),
        "glossary": result.glossary,
        "design_measures": [{"name": m.name, "meaning": m.meaning,
                             "per_scenario": dict(zip([e.letter for e in entries], m.values,
                                                      strict=True))}
                            for m in design_measures(result)],
        "per_round": {name: [{"scenario": e.letter,
                              "means": [st.mean for st in t.trajectories.get(name, [])]}
                             for e, t in zip(entries, result.tally.scenarios, strict=True)]
                      for name in dict.fromkeys(n for t in result.tally.scenarios
                                                for n in t.trajectories)},
        "labels": [{
            "label": row.label, "value": row.value,
            "per_scenario": [{"scenario": e.letter, "seats": n, "win_share": est.mean,
                              "ci_low": est.low, "ci_high": est.high, "mean_score": ms}
                             for est, n, ms, e in zip(row.per_scenario, row.seats,
                                                      row.mean_score, entries, strict=True)],
        } for row in result.labels],
        "score_counts": [{_score_key(v): n for v, n in sorted(result.score_counts(i).items())}
                         for i in range(len(entries))],
        "failures": result.grouped_failures(),
        "warnings": result.warnings,
        **({"coverage": result.coverage} if result.coverage is not None else {}),
        **({"until_decided": stopping_dict(result)} if result.stopping is not None else {}),
    }


def to_json(result: CompareResult) -> str:
    return json.dumps(result_dict(result), indent=2, default=str)


def summary_rows(result: CompareResult) -> list[dict]:
    """One row per metric (and label win share) per scenario: the summary CSV."""
    rows = []
    base = result.entries[0].letter
    empty_diff = {"vs": "", "diff_n": "", "diff_mean": "", "diff_ci_low": "",
                  "diff_ci_high": "", "significant": ""}
    for row in result.metrics:
        for est, diff, e in zip(row.per_scenario, row.diffs, result.entries, strict=True):
            rows.append({
                "kind": "metric", "name": row.name, "scenario": e.letter, "file": e.path,
                "n": est.n, "mean": est.mean, "ci_low": est.low, "ci_high": est.high,
                **(empty_diff if diff is None else {
                    "vs": base, "diff_n": diff.n, "diff_mean": diff.mean,
                    "diff_ci_low": diff.low, "diff_ci_high": diff.high,
                    "significant": int(diff.significant)})})
    for row in result.labels:
        for est, e in zip(row.per_scenario, result.entries, strict=True):
            rows.append({
                "kind": "win_share", "name": f"{row.label}={row.value}", "scenario": e.letter,
                "file": e.path, "n": est.n, "mean": est.mean, "ci_low": est.low,
                "ci_high": est.high, **empty_diff})
    return rows


def write_csv(rows: Iterable[dict], stream: TextIO) -> None:
    """CSV with the first row's keys as header; nothing at all for no rows."""
    writer = None
    for row in rows:
        if writer is None:
            writer = csv.DictWriter(stream, fieldnames=list(row), lineterminator="\n")
            writer.writeheader()
        writer.writerow(row)


def to_csv(rows: Iterable[dict]) -> str:
    buf = io.StringIO()
    write_csv(rows, buf)
    return buf.getvalue()


class GameRows:
    """The per-game CSV (``--csv-games``): ``add`` takes each record as the batch plays it and
    appends it to a temporary file of its scenario; ``rows`` reads them back scenario by
    scenario, seed by seed, with a column per metric (known only once every game is played)."""

    def __init__(self, entries: Sequence[Entry]):
        self.letters = [e.letter for e in entries]
        self.files = [tempfile.TemporaryFile("w+", encoding="utf-8") for _ in entries]

    def add(self, record: GameRecord) -> None:
        row = {"scenario": self.letters[record.scenario], "seed": record.seed,
               "ok": int(record.ok), "winners": " ".join(str(w + 1) for w in record.winners),
               "error": record.failure.describe() if record.failure else "",
               "metrics": record.metrics}
        self.files[record.scenario].write(json.dumps(row) + "\n")

    def rows(self, metric_names: Sequence[str]) -> Iterator[dict]:
        for file in self.files:
            file.seek(0)
            for line in file:
                row = json.loads(line)
                metrics = row.pop("metrics")
                yield {**row, **{name: metrics.get(name, "") for name in metric_names}}

    def close(self) -> None:
        for file in self.files:
            file.close()

    def __enter__(self) -> GameRows:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
