"""How each final score was counted, where a player sees a finished game: under the final scores
of ``play`` and ``replay``, in ``replay --json`` (``scores``) and at the end of the
``replay --html`` page; the tiebreak that ranked equal scores; a house rule that changes the
score without saying how, or whose ``explain_score`` fails, costs the sheet and nothing else."""
from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.core import Score, hookimpl
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import run_game
from peloponnes.table.prompt import result_lines
from peloponnes.table.score_sheet import sheet_lines
from tests.table_script import script_for, typed

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
TIE = "Chloe and Ada both scored 2: the higher other total ranks Chloe first (3 against 2)."


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input,
                              env={"COLUMNS": "100", "LINES": "30"})


def test_replay_shows_each_score_taken_apart_and_the_tiebreak_used():
    result = run("replay", GOLDEN / "cardgame-3p.save.toml")
    assert result.exit_code == 0, result.output[-2000:]
    lines = result.output.splitlines()
    sheet = lines[lines.index("How the scores were counted:"):]
    assert sheet[1] == "Basil: 5, the lower of population and power (population 5, power 5)"
    assert "       2  the luxury card (added at the end)" in sheet
    assert TIE in " ".join(" ".join(sheet).split())      # however the terminal wraps it
    assert sheet[-1] == "Basil wins!"                       # on its own line, after the sheet


def test_replay_json_carries_the_parts_of_every_score():
    result = run("replay", GOLDEN / "heroes-4p.save.toml", "--json", "-")
    assert result.exit_code == 0, result.output[-2000:]
    data = json.loads(result.stdout)
    (over,) = [e for e in data["events"] if e["kind"] == "game_over"]
    seats = data["scores"]["seats"]
    assert [s["rank"] for s in seats] == [1, 2, 3, 4]
    for entry in seats:
        assert entry["score"] == over["scores"][entry["seat"] - 1]
        assert entry["counts"] == "lowest"
        totals = {}
        for part in entry["parts"]:
            totals[part["total"]] = totals.get(part["total"], 0) + part["value"]
        assert totals == entry["totals"] and min(totals.values()) == entry["score"]
        assert {p["label"] for p in entry["parts"]} >= {"the hero tile", "mercenaries",
                                                        "clover leaves for prestige"}
    assert data["scores"]["problem"] is None


def test_the_replay_page_ends_with_the_scores_taken_apart(tmp_path):
    page = tmp_path / "game.html"
    result = run("replay", GOLDEN / "cardgame-3p.save.toml", "--html", page)
    assert result.exit_code == 0, result.output[-2000:]
    steps = json.loads(re.search(r'<script id="steps" type="application/json">(.*?)</script>',
                                 page.read_text(), re.S).group(1))
    last = steps[-1]["table"]
    assert "How the scores were counted:" in last and TIE in last
    assert "How the scores were counted:" not in steps[-2]["table"]


def test_play_ends_with_the_scores_taken_apart(tmp_path):
    script = script_for(ROOT / "scenarios" / "boardgame-solo.toml", tmp_path / "script", seat=1)
    result = run("play", "boardgame-solo", "--seat", 1, "--save-dir", tmp_path / "saves",
                 input=typed(script.lines))
    assert result.exit_code == 0, result.output[-2000:]
    score = script.game.result.scores[0]
    assert (f"Ada: {score.value:g}, the lower of prestige and population (prestige "
            f"{score.details['prestige']}, population {score.details['population']})"
            in result.output)
    assert "prestige on the tiles" in result.output
    assert "Ties go to" not in result.output                # alone at the table: no ties


class ExtraPoint:
    """A house rule that adds a point to every score and does not say so."""

    @hookimpl(wrapper=True)
    def score_seat(self, game, seat):
        score = yield
        return Score(score.value + 1, score.tiebreak, score.details)


class BrokenSheet:
    @hookimpl
    def explain_score(self, game, seat):
        raise ValueError("no sheet today")


def played_with(house_rule):
    ruleset, scenario = load_ruleset(Scenario.quick("cardgame", 2))
    ruleset.pm.register(house_rule, name="test:house-rule")
    return run_game(ruleset, scenario, 1, agent="random")


def test_a_score_changed_without_saying_how_is_pointed_out():
    game = played_with(ExtraPoint())
    score = game.result.scores[0]
    lines = sheet_lines(game)
    assert (f"  the parts make {score.value - 1:g}, but the rules in play scored "
            f"{score.value:g}: a rule changed the score without saying how") in lines


def test_a_failing_explain_score_costs_the_sheet_not_the_result():
    game = played_with(BrokenSheet())
    (line,) = sheet_lines(game)
    assert line.startswith("The scores cannot be taken apart:") and "no sheet today" in line
    assert "explain_score" in line
    assert len(result_lines(game)) == 3                     # the table, this line, the winner
