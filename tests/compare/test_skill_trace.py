"""``compare --skill-trace``: budgets, paired seeds, seat rotation, the reduction, identical
results for any number of workers, the report (terminal, JSON, HTML) and the CLI's refusals.
Tiny budgets (1-2 iterations) and two-player games keep it fast."""
import json
import re

import pytest
from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.core.errors import ConfigError
from peloponnes.lab.batch import InProcessExecutor, LocalPoolExecutor
from peloponnes.lab.compare import prepare
from peloponnes.lab.compare.skill import (
    DEFAULT_BUDGETS,
    TraceLayout,
    parse_budgets,
    search_seat_scenario,
    skill_trace,
)
from peloponnes.lab.compare.skill_render import (
    diff_points,
    render_skill_html,
    render_skill_terminal,
    skill_json,
)
from peloponnes.lab.compare.stats import Estimate
from tests.lab.test_sweep import CHROMIUM, _dom

from .helpers import cardgame
from .test_cli_compare import flat, scenario_file


def entries():
    return prepare([cardgame(players=2, agent="heuristic"),
                    cardgame("no_conquest.py", players=2, agent="heuristic")])


class RecordingExecutor(InProcessExecutor):
    """Plays in this process and keeps what it was asked to play."""

    def run(self, scenarios, jobs, progress=None):
        self.scenarios, self.jobs = list(scenarios), list(jobs)
        return super().run(scenarios, jobs, progress)


def test_budgets_parse_sorted_and_bad_ones_are_refused():
    assert parse_budgets(None) == DEFAULT_BUDGETS
    assert parse_budgets("32, 8,128") == (8, 32, 128)
    for bad in ("0,4", "x", "4,4", ""):
        with pytest.raises(ConfigError, match="--skill-budgets"):
            parse_budgets(bad)


def test_search_seat_scenario_replaces_one_seat_and_keeps_its_mcts_settings():
    sc = cardgame(players=3, agent="heuristic")
    one = search_seat_scenario(sc, 1, 16)
    assert [p.agent for p in one.players] == ["heuristic", "mcts", "heuristic"]
    assert one.players[1].settings == {"iterations": 16}
    assert one.players[1].name == sc.players[1].name
    tuned = search_seat_scenario(sc.with_agents("mcts"), 0, 4)
    assert tuned.players[0].settings == {"iterations": 4}


def test_jobs_pair_seeds_and_rotate_the_search_seat():
    layout = TraceLayout(scenarios=2, budgets=3, seats=4)
    jobs = layout.jobs(first_seed=10, games=8)
    assert len(jobs) == 2 * 3 * 8
    for game in range(8):
        group = jobs[game * 6:(game + 1) * 6]
        assert {j.seed for j in group} == {10 + game}          # one seed for every point
        located = [layout.locate(j.scenario) for j in group]
        assert [(s, b) for s, b, _ in located] == [(s, b) for s in range(2) for b in range(3)]
        assert {seat for _, _, seat in located} == {game % 4}  # the same seat everywhere
    assert all(layout.locate(layout.index(s, b, seat)) == (s, b, seat)
               for s in range(2) for b in range(3) for seat in range(4))


def test_trace_plays_each_point_on_the_same_seeds_with_the_seat_rotating():
    executor = RecordingExecutor()
    trace = skill_trace(entries(), 4, budgets=(1, 2), executor=executor)
    layout = TraceLayout(2, 2, 2)
    for job in executor.jobs:
        s, b, seat = layout.locate(job.scenario)
        played = executor.scenarios[job.scenario]
        assert [p.agent for p in played.players] == [
            "mcts" if i == seat else "heuristic" for i in range(2)]
        assert played.players[seat].settings["iterations"] == (1, 2)[b]
        assert seat == (job.seed - 1) % 2
    assert trace.seats == 2 and trace.fair_share == 0.5
    for s in range(2):
        for b in range(2):
            share = trace.shares[s][b]
            assert share.n == 4 and 0.0 <= share.low <= share.mean <= share.high <= 1.0
    assert trace.diffs[0] == [None, None]
    assert all(d.n == 4 and -1.0 <= d.low <= d.high <= 1.0 for d in trace.diffs[1])


def test_json_is_identical_for_one_and_two_workers():
    one = skill_json(skill_trace(entries(), 4, budgets=(1, 2), executor=InProcessExecutor()))
    two = skill_json(skill_trace(entries(), 4, budgets=(1, 2),
                                 executor=LocalPoolExecutor(2, chunk=3)))
    assert one == two
    data = json.loads(one)["skill_trace"]
    assert data["budgets"] == [1, 2] and data["fair_share"] == 0.5
    assert [s["letter"] for s in data["scenarios"]] == ["A", "B"]
    point = data["scenarios"][1]["points"][1]
    assert point["budget"] == 2 and point["win_share"]["n"] == 4
    assert set(point["diff_vs_first"]) >= {"mean", "ci_low", "ci_high", "significant"}
    assert "at 2 iterations" in data["reading"]


def test_report_reads_the_top_budget_and_draws_charts_with_bands():
    trace = skill_trace(entries(), 2, budgets=(1, 2), executor=InProcessExecutor())
    b = trace.diffs[1][1]
    trace.diffs[1][1] = Estimate(b.n, 0.25, 0.1, 0.4)
    assert trace.reading().startswith("B rewards search more than A: +25.0 points [+10.0, "
                                      "+40.0]")
    trace.diffs[1][1] = Estimate(b.n, -0.25, -0.4, -0.1)
    assert trace.reading().startswith("A rewards search more than B: -25.0 points")
    trace.diffs[1][1] = Estimate(b.n, 0.05, -0.1, 0.2)
    assert trace.reading().startswith("no clear difference between B and A")
    page = render_skill_html(trace)
    assert page.count('<svg class="chart line"') == 2
    assert page.count('class="band"') == 2 and page.count('class="reference"') == 2
    assert 'id="reading"' in page and "no clear difference" in page
    text = " ".join(str(getattr(r, "plain", "")) for r in render_skill_terminal(trace))
    assert "fair share 50%" in text and "●" in text
    assert diff_points(Estimate(4, 0.1, -0.05, 0.25)) == "+10.0 [-5.0, +25.0]"


def test_cli_prints_table_chart_and_reading_and_refuses_other_outputs(tmp_path):
    a = scenario_file(tmp_path, "a", players=2, agent="heuristic")
    b = scenario_file(tmp_path, "b", players=2, agent="heuristic", plugins=["no_conquest"])
    runner = CliRunner()
    result = runner.invoke(main, ["compare", str(a), str(b), "--skill-trace", "--skill-budgets",
                                  "2,1", "--games", "2", "--workers", "1", "--check",
                                  "--html", str(tmp_path / "s.html")])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "Skill trace" in out and "fair share" in out and "at 2 iterations" in out
    assert "<svg" in (tmp_path / "s.html").read_text()
    data = runner.invoke(main, ["compare", str(a), str(b), "--skill-trace", "--skill-budgets",
                                "1", "--games", "1", "--workers", "1", "--json", "-"])
    assert json.loads(data.stdout)["skill_trace"]["budgets"] == [1]
    refused = runner.invoke(main, ["compare", str(a), str(b), "--skill-trace", "--csv", "x"])
    assert refused.exit_code == 2 and "--skill-trace does not take --csv" in refused.output
    lone = runner.invoke(main, ["compare", str(a), str(b), "--skill-budgets", "4"])
    assert lone.exit_code == 2 and "--skill-budgets needs --skill-trace" in lone.output


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")
def test_skill_page_renders_in_headless_chromium(tmp_path):
    trace = skill_trace(entries(), 2, budgets=(1, 2), executor=InProcessExecutor())
    page = tmp_path / "skill.html"
    page.write_text(render_skill_html(trace), encoding="utf-8")
    dom = _dom(page, tmp_path)
    body = re.search(r"<body([^>]*)>", dom).group(1)
    assert 'data-ready="1"' in body and "data-errors" not in body
    assert 'data-charts-drawn="2"' in body
    assert dom.count("<polygon") == 2 and dom.count("<circle") == 4
