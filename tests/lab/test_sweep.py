"""sweep: a grid of option, component and plugin-parameter values on paired seeds."""
import json
import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.core.errors import ConfigError
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.compare.explain import explain
from peloponnes.lab.compare.explain_render import render_explain_html
from peloponnes.lab.compare.sweep import parse_vary, sweep
from peloponnes.lab.compare.sweep_render import (
    render_sweep_html,
    sweep_csv_rows,
    sweep_dict,
    sweep_metrics,
)
from tests.compare.helpers import SCENARIOS, cardgame

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SURCHARGE = "components.rules.conquest_surcharge"


@pytest.fixture(scope="module")
def surcharge_sweep():
    return sweep(cardgame(), [f"{SURCHARGE}=1,3,5"], 6, workers=1,
                 metrics=["winner_score", "cards_lost", "rounds"])


def test_grid_points_pair_with_the_scenarios_own_value(surcharge_sweep):
    result = surcharge_sweep
    assert result.own_in_grid and [p[SURCHARGE] for p in result.points] == [3, 1, 5]
    assert result.grid_order() == [1, 0, 2]
    shown, folded = sweep_metrics(result)
    assert [m.name for m in shown] == ["winner_score", "cards_lost", "rounds"]
    winner = shown[0]
    assert [p.values[SURCHARGE] for p in winner.points] == [1, 3, 5]
    assert winner.points[1].own and winner.points[1].diff is None
    assert all(p.diff.n == 6 for p in winner.points if not p.own)


def test_a_component_value_reaches_the_rules():
    # with a surcharge of 0 a Conquest card costs its printed value: the same as no surcharge
    result = sweep(cardgame(), [f"{SURCHARGE}=0"], 3, workers=1, metrics=["winner_score"])
    assert result.compare.entries[1].ruleset.components["rules"]["conquest_surcharge"] == 0
    assert result.compare.entries[0].ruleset.components["rules"]["conquest_surcharge"] == 3


def test_plugin_parameters_are_declared_set_and_swept():
    sc = Scenario.from_file(SCENARIOS / "house-conquest_plus_two.toml")
    ruleset, _ = load_ruleset(sc)
    assert ruleset.parameters == {"conquest_plus_two": {"surcharge": 2}}
    result = sweep(sc, ["plugins.conquest_plus_two.surcharge=0,4"], 3, workers=1,
                   metrics=["winner_score"])
    assert [e.ruleset.parameters["conquest_plus_two"]["surcharge"]
            for e in result.compare.entries] == [2, 0, 4]
    assert not result.own_in_grid and result.grid_order() == [1, 0, 2]     # 0, (2), 4


def test_option_sweeps_and_workers_agree():
    sc = Scenario.from_file(SCENARIOS / "boardgame-4p.toml")
    options = load_ruleset(sc)[1].options
    name = next(k for k, v in options.items() if isinstance(v, bool))
    one = sweep(sc, [f"options.{name}={str(not options[name]).lower()}"], 3, workers=1,
                metrics=["winner_score"])
    two = sweep(sc, [f"options.{name}={str(not options[name]).lower()}"], 3, workers=2,
                metrics=["winner_score"])
    assert sweep_dict(one)["metrics"] == sweep_dict(two)["metrics"]


@pytest.mark.parametrize("vary, message", [
    ("rules.conquest_surcharge=1", "the key starts with one of"),
    (f"{SURCHARGE}", "write KEY=V1,V2"),
    ("components.rules.conquest_surchage=1", "no such key (known here:"),
    ("options.nope=1", "no such option"),
    ("plugins.no_conquest.x=1", "plugins with parameters"),
    (f"{SURCHARGE}=3", "only the scenario's own values"),
    (f"{SURCHARGE}=-1", "conquest_surcharge"),
])
def test_bad_keys_and_values_are_one_line_errors(vary, message):
    with pytest.raises(ConfigError, match=re.escape(message)):
        sweep(cardgame(), [vary], 2, workers=1)


def test_values_are_read_as_toml():
    assert parse_vary("options.x=1,2.5,true,abc") == ("options.x", (1, 2.5, True, "abc"))


def test_cli_sweep_terminal_json_csv_html(tmp_path):
    runner = CliRunner()
    page, table = tmp_path / "s.html", tmp_path / "s.csv"
    result = runner.invoke(main, ["sweep", str(SCENARIOS / "cardgame-4p.toml"), "--vary",
                                  f"{SURCHARGE}=2,4", "-n", "3", "-w", "1",
                                  "--metric", "winner_score", "--html", str(page),
                                  "--csv", str(table)])
    assert result.exit_code == 0, result.output
    assert "winner_score" in result.output and "●" in result.output
    assert table.read_text().startswith("metric,components.rules.conquest_surcharge,scenario")
    assert page.read_text().count('class="chart line"') == 1
    result = runner.invoke(main, ["sweep", str(SCENARIOS / "cardgame-4p.toml"), "--vary",
                                  f"{SURCHARGE}=2", "-n", "2", "-w", "1", "--json", "-"])
    data = json.loads(result.output)
    assert data["axes"][0] == {"key": SURCHARGE, "values": [2], "scenario_value": 3}
    result = runner.invoke(main, ["sweep", str(SCENARIOS / "cardgame-4p.toml"), "--vary",
                                  "options.nope=1"])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_csv_rows_have_a_row_per_metric_and_point(surcharge_sweep):
    rows = sweep_csv_rows(surcharge_sweep)
    assert len(rows) == 3 * 3 and {r["scenario"] for r in rows} == {0, 1}


def _dom(page, tmp_path) -> str:
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update",
               f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")
def test_sweep_and_explain_pages_render_in_headless_chromium(surcharge_sweep, tmp_path):
    page = tmp_path / "sweep.html"
    page.write_text(render_sweep_html(surcharge_sweep), encoding="utf-8")
    dom = _dom(page, tmp_path)
    body = re.search(r"<body([^>]*)>", dom).group(1)
    assert 'data-ready="1"' in body and "data-errors" not in body
    charts = int(re.search(r'data-charts="(\d+)"', body).group(1))
    assert charts == 3 and f'data-charts-drawn="{charts}"' in body
    assert dom.count("<polygon") == 3 and dom.count("<circle") == 9
    page = tmp_path / "explain.html"
    page.write_text(render_explain_html(explain(
        str(SCENARIOS / "compare-cardgame-conquest.toml"),
        str(SCENARIOS / "compare-cardgame-no-conquest.toml"))), encoding="utf-8")
    dom = _dom(page, tmp_path)
    assert 'class="cause"' in dom and "no_conquest's answer to count_revealed" in dom
    assert not re.search(r"""(src|href)\s*=""", page.read_text())


def test_sweep_headlines_name_the_point_the_metric_and_its_meaning():
    from peloponnes.lab.compare.sweep_render import sweep_headlines
    result = sweep(cardgame(), ["components.rules.cards_revealed=4"], 8, workers=1,
                   metrics=["decisions", "winner_score"])
    lines = sweep_headlines(result)
    assert lines and lines[0].startswith("cards_revealed=4: decisions rises")
    assert lines[0].endswith("decisions the players were asked (one-option ones not counted)")
    assert sweep_dict(result)["glossary"]["winner_score"]["unit"] == "points"


def test_plugins_command_lists_parameters_and_a_bad_parameter_is_refused(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["plugins", str(SCENARIOS / "house-conquest_plus_two.toml"),
                                  "--json", "-"])
    rows = {r["name"]: r for r in json.loads(result.output)["plugins"]}
    assert rows["conquest_plus_two"]["parameters"] == {"surcharge": 2}
    scenario = tmp_path / "s.toml"
    scenario.write_text((SCENARIOS / "house-conquest_plus_two.toml").read_text().replace(
        "../plugins/conquest_plus_two.py", str(SCENARIOS.parent / "plugins" /
                                              "conquest_plus_two.py"))
        + "\n[parameters.conquest_plus_two]\nsurcharge = 99\n")
    result = runner.invoke(main, ["simulate", str(scenario), "-n", "1"])
    assert result.exit_code == 2 and "parameters.conquest_plus_two.surcharge" in result.output
    assert "Traceback" not in result.output


def test_sweep_plays_on_the_executor_it_is_given():
    """``sweep`` runs on compare's executors (``--executor``): the one given plays the games, and
    it gives the same results as the default local one."""
    from peloponnes.lab.batch.executors import InProcessExecutor

    class Counting(InProcessExecutor):
        jobs = 0

        def run(self, scenarios, jobs, progress=None):
            for record in super().run(scenarios, jobs, progress):
                Counting.jobs += 1
                yield record

    vary = [f"{SURCHARGE}=1"]
    given = sweep(cardgame(), vary, 3, executor=Counting(), metrics=["winner_score"])
    local = sweep(cardgame(), vary, 3, workers=1, metrics=["winner_score"])
    assert Counting.jobs > 0
    assert sweep_dict(given)["metrics"] == sweep_dict(local)["metrics"]
