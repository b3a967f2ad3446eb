"""Every batch command ends alike when games fail: exit code 3 and one summary on standard error
(how many failed, the seeds, plugin and hook, where the first was saved), with `--json -` too;
errors are one line at 80 columns, and a mistyped shipped scenario names the closest ones."""
import json

import pytest
from click.testing import CliRunner

from peloponnes.cli import main

# Fails in the even seeds' second round, in scenario B only.
FLAKY = ("from peloponnes import hookimpl\n\n\n@hookimpl\ndef on_event(game, event):\n"
         "    if event.kind == 'round_started' and game.round == 2 and game.seed % 2 == 0:\n"
         "        raise RuntimeError('flaky plugin broke')\n")

SURCHARGE = "components.rules.conquest_surcharge"


def write_scenarios(folder):
    (folder / "flaky.py").write_text(FLAKY)
    seats = '[[players]]\nagent = "random"\n[[players]]\nagent = "random"\n'
    (folder / "a.toml").write_text(f'variant = "cardgame"\nseed = 1\n{seats}')
    (folder / "b.toml").write_text(f'variant = "cardgame"\nseed = 1\nplugins = ["flaky.py"]\n'
                                   f'{seats}')


# Each batch command on games of b.toml (seeds 1 to 4, or seed 2 alone), and the headline
# it must give: the failed games of the even seeds, named by scenario where there are several.
COMMANDS = {
    "simulate": (["simulate", "b.toml", "-n", "4", "-w", "1"], "2 of 4 games failed (seeds 2, 4)"),
    "compare": (["compare", "a.toml", "b.toml", "-n", "4", "-w", "1"],
                "2 of 8 games failed (B: seeds 2, 4)"),
    "sweep": (["sweep", "b.toml", "--vary", f"{SURCHARGE}=1", "-n", "4", "-w", "1"],
              "4 of 8 games failed (conquest_surcharge=3 (scenario): seeds 2, 4; "
              "conquest_surcharge=1: seeds 2, 4)"),
    "explain": (["explain", "a.toml", "b.toml", "--seed", "2"], "1 of 2 games failed (B: seed 2)"),
    "skill trace": (["compare", "a.toml", "b.toml", "--skill-trace", "--skill-budgets", "1",
                     "-n", "2", "-w", "1"],
                    "1 of 4 games failed (B (mcts at 1 iteration in seat 2): seed 2)"),
}


@pytest.mark.parametrize("json_out", [False, True], ids=["table", "json"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_failed_games_end_every_batch_command_with_the_same_summary(tmp_path, monkeypatch,
                                                                     command, json_out):
    monkeypatch.chdir(tmp_path)
    write_scenarios(tmp_path)
    args, headline = COMMANDS[command]
    result = CliRunner().invoke(main, [*args, "--trust", *(["--json", "-"] if json_out else [])])
    assert result.exit_code == 3, result.output
    if json_out:
        json.loads(result.stdout)           # the data is whole, the summary on standard error
    error = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(error) == 1 and headline in error[0], result.stderr
    saved = error[0].split("peloponnes replay ")[1]
    assert saved.startswith("saves/failed-cardgame-seed2") and (tmp_path / saved).is_file()
    details = result.stderr.split(error[0], 1)[1].splitlines()[1:]
    assert details and all(line.startswith("  ") for line in details)
    assert all(f"plugin {tmp_path / 'flaky.py'}, hook on_event" in line
               and line.endswith("flaky plugin broke (at flaky.py:7 in on_event)")
               for line in details), details
    assert "Traceback" not in result.output


def test_a_batch_without_failures_exits_0_and_says_nothing_of_failures(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_scenarios(tmp_path)
    result = CliRunner().invoke(main, ["compare", "a.toml", "a.toml", "-n", "2", "-w", "1",
                                       "--json", "-"])
    assert result.exit_code == 0, result.output
    assert "error:" not in result.stderr and not (tmp_path / "saves").exists()


def test_a_mistyped_shipped_scenario_suggests_the_closest_names_on_one_line():
    result = CliRunner().invoke(main, ["simulate", "cardgame-4"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cardgame-4: ")
    assert "did you mean cardgame-4p" in result.stderr
    assert len(result.stderr) > 80 and result.stderr.count("\n") == 1   # longer, not wrapped


def test_a_name_close_to_no_shipped_scenario_is_simply_not_found():
    result = CliRunner().invoke(main, ["compare", "cardgame-4p", "zzzz-nothing-like-it"])
    assert result.exit_code == 2
    assert "zzzz-nothing-like-it: file not found" in result.stderr
    assert "did you mean" not in result.stderr
