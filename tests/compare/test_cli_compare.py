"""`peloponnes compare` through click's CliRunner: the tables, --json/--csv/--html files, errors."""
import csv
import io
import json

from click.testing import CliRunner

from peloponnes.cli import main

from .helpers import PLUGINS, SCENARIOS, write_plugin

NO_CONQUEST_PLUGIN = str(PLUGINS / "no_conquest.py")

CONQUEST = str(SCENARIOS / "compare-cardgame-conquest.toml")
NO_CONQUEST = str(SCENARIOS / "compare-cardgame-no-conquest.toml")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def flat(text: str) -> str:
    """Output with rich's line wrapping undone (it keeps the space before a wrapped line's
    break, and folds long words such as paths without one)."""
    return " ".join(text.replace("\n", "").split())


def scenario_file(tmp_path, name, players=4, plugins=(), agent="random", seed=1):
    seats = "".join(f'[[players]]\nname = "P{i + 1}"\nagent = "{agent}"\n'
                    for i in range(players))
    plugin_line = f"plugins = {json.dumps(list(plugins))}\n" if plugins else ""
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\nvariant = "cardgame"\nseed = {seed}\n{plugin_line}{seats}')
    return path


def test_shipped_comparison_prints_diff_table_histograms_and_bot_note(tmp_path):
    out_json, out_csv, out_html = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "r.html"
    result = run("compare", CONQUEST, NO_CONQUEST, "--games", 6, "--workers", 2,
                 "--json", out_json, "--csv", out_csv, "--html", out_html)
    assert result.exit_code == 0, result.output
    text = flat(result.stdout)
    assert text.index("Rules diff") < text.index("Metrics per game")   # the diff comes first
    assert "+ plugin no_conquest" in text and "count_revealed" in text
    assert "bot-versus-bot" in text and "heuristic (Ada, Basil, Chloe, Dimitrios)" in text
    assert "winner_score" in text and "vs A [95% CI]" in text and "A: final scores" in text
    assert "seeds 1-6" in text

    data = json.loads(out_json.read_text())
    assert data["games"] == 6 and data["first_seed"] == 1
    assert [s["letter"] for s in data["scenarios"]] == ["A", "B"]
    row = next(m for m in data["metrics"] if m["name"] == "winner_score")
    assert {"mean", "ci_low", "ci_high", "n"} <= set(row["per_scenario"][0])
    assert row["diffs"][0]["vs"] == "A" and "significant" in row["diffs"][0]
    assert data["rules_diff"][0]["scenario"] == "B"

    rows = list(csv.DictReader(io.StringIO(out_csv.read_text())))
    assert {r["scenario"] for r in rows} == {"A", "B"}
    assert any(r["name"] == "winner_score" and r["vs"] == "A" and r["diff_mean"] for r in rows)

    page = out_html.read_text()
    assert page.startswith("<!DOCTYPE html>") and page.count('<svg class="chart') >= 3
    assert "bot-versus-bot" in page and "Rules diff" in page


def test_json_to_stdout_is_pure_json_and_same_for_any_workers(tmp_path):
    a, b = scenario_file(tmp_path, "a"), scenario_file(tmp_path, "b", plugins=[NO_CONQUEST_PLUGIN])
    one = run("compare", a, b, "-n", 8, "--workers", 1, "--json", "-")
    two = run("compare", a, b, "-n", 8, "--workers", 2, "--json", "-")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert json.loads(one.stdout) == json.loads(two.stdout)


def test_csv_games_writes_one_row_per_game_per_scenario(tmp_path):
    a, b = scenario_file(tmp_path, "a"), scenario_file(tmp_path, "b", agent="heuristic")
    result = run("compare", a, b, "-n", 3, "-w", 1, "--csv-games", "-")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["scenario"], r["seed"]) for r in rows] == [
        ("A", "1"), ("A", "2"), ("A", "3"), ("B", "1"), ("B", "2"), ("B", "3")]
    assert all(r["ok"] == "1" and r["winner_score"] for r in rows)


def test_metric_option_and_unknown_metric(tmp_path):
    a, b = scenario_file(tmp_path, "a"), scenario_file(tmp_path, "b", plugins=[NO_CONQUEST_PLUGIN])
    ok = run("compare", a, b, "-n", 2, "-w", 1, "--metric", "cards_lost", "--json", "-")
    assert [m["name"] for m in json.loads(ok.stdout)["metrics"]] == ["cards_lost"]
    bad = run("compare", a, b, "-n", 2, "-w", 1, "--metric", "cards_lots")
    assert bad.exit_code == 2
    assert "unknown metric 'cards_lots'" in flat(bad.stderr)
    assert "known: rounds" in flat(bad.stderr)
    assert "Traceback" not in bad.output


def test_different_player_counts_give_a_one_line_error(tmp_path):
    a, b = scenario_file(tmp_path, "a", players=3), scenario_file(tmp_path, "b", players=4)
    result = run("compare", a, b, "-n", 2)
    assert result.exit_code == 2
    assert "different player counts" in flat(result.stderr) and "Traceback" not in result.output


def test_failing_plugin_is_reported_with_seed_plugin_and_hook(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)      # the first failed game is saved under ./saves
    plugin = write_plugin(tmp_path, "flaky", '''@hookimpl
def on_event(game, event):
    if event.kind == "round_started" and game.round == 3 and game.seed == 2:
        raise RuntimeError("flaky plugin broke")
''')
    a, b = scenario_file(tmp_path, "a"), scenario_file(tmp_path, "b", plugins=["flaky.py"])
    result = run("compare", a, b, "-n", 4, "-w", 2, "--json", tmp_path / "r.json", "--trust")
    assert result.exit_code == 3, result.output
    assert "1 of 8 games failed (B: seed 2)" in flat(result.stderr)
    out = flat(result.stdout)
    assert "1 game(s) failed" in out
    assert "B: seed 2: plugin " in out and "flaky.py" in out
    assert "hook on_event" in out and "flaky plugin broke" in out
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["scenarios"][1]["games_finished"] == 3
    (failure,) = data["failures"]
    assert failure["seeds"] == [2] and failure["hook"] == "on_event"
    assert failure["plugin"] == plugin


def test_every_game_failing_exits_with_the_plugin_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_plugin(tmp_path, "broken", '''@hookimpl
def collect_metrics(game):
    raise RuntimeError("always")
''')
    a, b = scenario_file(tmp_path, "a"), scenario_file(tmp_path, "b", plugins=["broken.py"])
    result = run("compare", a, b, "-n", 2, "-w", 1, "--trust")
    assert result.exit_code == 3
    assert "2 of 4 games failed (B: seeds 1, 2)" in flat(result.stderr)


def test_compare_needs_two_scenarios_and_existing_files(tmp_path):
    a = scenario_file(tmp_path, "a")
    assert run("compare", a).exit_code == 2
    missing = run("compare", a, tmp_path / "nope.toml")
    assert missing.exit_code == 2 and "file not found" in flat(missing.stderr)
