"""At 80 columns nothing a user reads or types is cut or wrapped: `peloponnes scenarios` keeps
every name whole (the titles wrap), and `compare` keeps every metric name, mean and paired
difference on one line (a row per ruleset where a column per ruleset would not fit)."""
import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.commands import common
from peloponnes.lab.compare.formatting import diff_text, mean_pm
from peloponnes.lab.compare.stats import Estimate

from .helpers import ROOT, SCENARIOS


def lines_of(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


def words(line: str) -> list[str]:
    """A line's words, table rules aside."""
    return line.replace("│", " ").replace("┃", " ").split()


def test_scenarios_at_80_columns_keeps_every_name_whole():
    env = {**os.environ, "COLUMNS": "80"}
    command = [sys.executable, "-m", "peloponnes.cli", "scenarios"]
    names = [row["name"] for row in json.loads(subprocess.run(
        [*command, "--json", "-"], capture_output=True, text=True, env=env, cwd=ROOT,
        timeout=120).stdout)]
    shown = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT,
                           timeout=120)
    assert shown.returncode == 0, shown.stderr
    lines = lines_of(shown.stdout)
    assert max(len(line) for line in lines) <= 80
    first_words = [words(line)[0] for line in lines if words(line)]
    assert "compare-cardgame-former-readings" in names
    for name in names:
        assert name in first_words, name                       # whole, at the start of a row


def compare_at(width: int, monkeypatch, tmp_path, *names: str) -> tuple[list[str], dict]:
    monkeypatch.setattr(common.console, "width", width)
    out = tmp_path / "r.json"
    result = CliRunner().invoke(main, ["compare", *(str(SCENARIOS / f"{n}.toml") for n in names),
                                       "--games", "4", "--workers", "1", "--json", str(out)])
    assert result.exit_code == 0, result.output
    return lines_of(result.stdout), json.loads(out.read_text())


def estimate(data: dict) -> Estimate:
    return Estimate(data["n"], data["mean"], data["ci_low"], data["ci_high"], data["sd"])


def assert_whole(lines: list[str], data: dict) -> None:
    """Every metric's name, each ruleset's mean ± CI and each paired difference stand whole on
    one line of the output."""
    text = "\n".join(lines)
    for metric in data["metrics"]:
        assert any(metric["name"] in words(line) for line in lines), metric["name"]
        for cell in [mean_pm(estimate(s)) for s in metric["per_scenario"]] + [
                diff_text(estimate(d)) for d in metric["diffs"]]:
            assert cell in text, (metric["name"], cell)


@pytest.mark.parametrize("names", [("compare-boardgame-4p", "compare-heroes-4p"),
                                   ("compare-cardgame-conquest",
                                    "compare-cardgame-former-readings",
                                    "compare-cardgame-no-conquest")])
def test_compare_at_80_columns_keeps_names_and_intervals_whole(names, monkeypatch, tmp_path):
    lines, data = compare_at(80, monkeypatch, tmp_path, *names)
    too_long = [line for line in lines if len(line) > 80]
    assert not too_long, too_long
    assert_whole(lines, data)
    assert any("vs A [95% CI]" in line for line in lines)        # a row per ruleset
    assert not any("…" in line for line in lines)                # nothing cut short
    for row in data["labels"]:
        assert any(row["value"] in line for line in lines), row["value"]
    for measure in data["design_measures"]:
        assert any(line.startswith(measure["name"]) for line in lines), measure["name"]


def test_compare_in_a_wide_terminal_puts_the_rulesets_side_by_side(monkeypatch, tmp_path):
    lines, data = compare_at(160, monkeypatch, tmp_path, "compare-cardgame-conquest",
                             "compare-cardgame-no-conquest")
    assert max(len(line) for line in lines) <= 160
    assert any("B − A" in line for line in lines)                # a column per ruleset
    assert_whole(lines, data)
    winner = next(m for m in data["metrics"] if m["name"] == "winner_score")
    row = next(line for line in lines if " winner_score " in line)
    for cell in [mean_pm(estimate(s)) for s in winner["per_scenario"]] + [
            diff_text(estimate(winner["diffs"][0]))]:
        assert cell in row                                       # one row holds them all
