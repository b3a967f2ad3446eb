"""The `peloponnes` command through click's CliRunner: every command, and bad input that must
give a one-line error with a meaningful exit code, never a traceback."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from peloponnes.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = str(ROOT / "scenarios" / "cardgame-4p.toml")


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def test_help_explains_every_command():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("variants", "rules", "play", "simulate", "replay", "new-scenario",
                    "plugins", "hooks", "new-plugin"):
        assert command in result.output


def test_variants_json():
    result = run("variants", "--json", "-")
    assert result.exit_code == 0
    assert "cardgame" in [v["name"] for v in json.loads(result.stdout)]


def test_rules_lists_phases_sections_and_reconstructed_values():
    result = run("rules", "cardgame")
    assert result.exit_code == 0
    assert "cardgame: 3. Bidding" in result.output
    assert "reconstructed" in result.output


def test_rules_of_an_unknown_variant():
    result = run("rules", "chess")
    assert result.exit_code == 2 and "unknown variant 'chess'" in result.output


def test_simulate_json_summary():
    result = run("simulate", SCENARIO, "--games", 6, "--json", "-")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 6 and len(report["seats"]) == 4
    assert abs(sum(s["win_share"] for s in report["seats"]) - 1) < 1e-9
    assert {row["label"] for row in report["labels"]} == {"civilization"}


def test_simulate_gives_the_same_summary_for_any_number_of_workers():
    one = run("simulate", SCENARIO, "-n", 12, "--json", "-", "--workers", 1)
    two = run("simulate", SCENARIO, "-n", 12, "--json", "-", "--workers", 2)
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert json.loads(one.stdout) == json.loads(two.stdout)


FLAKY = ("from peloponnes import hookimpl\n\n@hookimpl\ndef on_event(game, event):\n"
         "    if event.kind == 'round_started' and game.round == 2 and game.seed % 4 == 2:\n"
         "        raise RuntimeError('boom in round 2')\n")


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_with_a_failing_game_keeps_the_others(tmp_path, monkeypatch, workers):
    """Seeds 2 and 6 of 1..8 fail in a plugin: the summary counts the six others, lists the
    failed seeds with plugin and hook, saves the first failed game, and exits with 3."""
    (tmp_path / "flaky.py").write_text(FLAKY)
    path = tmp_path / "s.toml"
    path.write_text('variant = "cardgame"\nplugins = ["flaky.py"]\n'
                    '[[players]]\nagent = "random"\n[[players]]\nagent = "heuristic"\n')
    monkeypatch.chdir(tmp_path)
    result = run("simulate", path, "-n", 8, "--json", "-", "--workers", workers, "--trust")
    assert result.exit_code == 3, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 8 and report["games_finished"] == 6
    assert [(f["seed"], f["hook"]) for f in report["failures"]] == [(2, "on_event"),
                                                                     (6, "on_event")]
    assert report["failures"][0]["plugin"].endswith("flaky.py")
    assert abs(sum(s["win_share"] for s in report["seats"]) - 1) < 1e-9
    assert sum(row["seats"] for row in report["labels"]) == 6 * 2
    assert "2 of 8 games failed (seeds 2, 6)" in result.stderr
    assert "Traceback" not in result.output
    assert (tmp_path / "saves" / "failed-cardgame-seed2.toml").is_file()
    table = run("simulate", path, "-n", 8, "--trust")
    assert table.exit_code == 3 and "win share" in table.stdout and "hook on_event" in \
        " ".join(table.stderr.split())


def test_simulate_table_and_agent_override():
    result = run("simulate", SCENARIO, "-n", 3, "--agent", "random")
    assert result.exit_code == 0
    assert "win share" in result.output and "heuristic" not in result.output.split("agent")[-1]


@pytest.mark.parametrize("text, message", [
    ("variant = [", "not valid TOML"),
    ('variant = "cardgame"\n[[players]]\nagent = "grédy"\n', "players[0].agent"),
    ('variant = "nope"\n[[players]]\n[[players]]\n', "unknown variant 'nope'"),
    ('variant = "cardgame"\nplugins = ["gone.py"]\n[[players]]\n[[players]]\n', "gone.py"),
])
def test_bad_input_is_one_clear_line(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    for command in ("simulate", "play"):
        result = run(command, path)
        assert result.exit_code == 2
        assert message in result.output and "Traceback" not in result.output


def test_a_missing_scenario_file():
    result = run("simulate", "nowhere.toml")
    assert result.exit_code == 2 and "nowhere.toml: file not found" in result.output


def test_new_scenario_writes_a_loadable_file(tmp_path):
    out = tmp_path / "mine.toml"
    result = run("new-scenario", "cardgame", "-p", 3, "--agent", "random", "--agent", "random",
                 "--agent", "heuristic", "-o", out)
    assert result.exit_code == 0 and out.exists()
    assert run("simulate", out, "-n", 2).exit_code == 0
    assert run("new-scenario", "cardgame", "-o", out).exit_code == 2    # exists, no --force
    assert "2-5 players" in run("new-scenario", "cardgame", "-p", 7, "-o",
                                tmp_path / "x.toml").output


def test_plugins_lists_hooks_and_call_order():
    result = run("plugins", str(ROOT / "scenarios" / "compare-cardgame-no-conquest.toml"),
                 "--json", "-")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    names = [p["name"] for p in data["plugins"]]
    assert names[-1] == "no_conquest" and "cardgame" in names
    assert data["call_order"]["count_revealed"] == ["no_conquest", "cardgame"]


def test_hooks_reference_matches_docs_file():
    result = run("hooks", "--markdown")
    assert result.exit_code == 0
    assert result.output == (ROOT / "docs" / "hooks.md").read_text(), \
        "docs/hooks.md is stale: run `peloponnes hooks --markdown > docs/hooks.md`"


def test_state_reference_matches_docs_file():
    result = run("hooks", "--state")
    assert result.exit_code == 0
    assert result.output == (ROOT / "docs" / "state.md").read_text(), \
        "docs/state.md is stale: run `peloponnes hooks --state > docs/state.md`"
    for text in ("gain_luxury", "check_invariants", "luxury_gained", "`game.round`",
                 "`heroes`: dict"):
        assert text in result.output


def test_hooks_are_printed_literally_and_never_cropped(monkeypatch):
    import peloponnes.commands.common as cli
    monkeypatch.setattr(cli.console, "width", 40)
    result = run("hooks")
    assert result.exit_code == 0
    assert "peloponnes hooks --state" in result.output          # the state reference is linked
    assert "``[rules] conflict``" in result.output              # not eaten as rich markup
    assert "``[disasters.NAME]``" in result.output
    long_line = "            return min(hits, math.ceil(len(cards) / 4))"
    assert long_line.strip() in result.output                    # a whole line at 40 columns
    assert "…" not in result.output


def test_new_plugin_test_plays_whole_games_and_fails_for_a_rule_that_changes_nothing(tmp_path):
    import subprocess
    import sys
    assert run("new-plugin", "my_rule", "-d", tmp_path).exit_code == 0
    plugin = tmp_path / "my_rule.py"
    plugin.write_text(plugin.read_text().replace("return 4", "return 3"))   # the printed +3
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "test_my_rule.py"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 1, result.stdout
    assert "FAILED test_my_rule.py::test_the_plugin_changes_the_games" in result.stdout
    assert "2 passed" in result.stdout         # its hook is still called; games stay valid


def test_new_plugin_refuses_bad_names(tmp_path):
    assert run("new-plugin", "no good", "-d", tmp_path).exit_code == 2
    assert run("new-plugin", "ok", "--variant", "chess", "-d", tmp_path).exit_code == 2
