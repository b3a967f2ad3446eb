"""Every plugin of the hostile corpus (tests/hostile_plugins.py) ends `simulate` with a one-line
error naming its file and the hook, exit code 3 (or 2), never a traceback, a silent exit or a
hang; a plugin that prints does not corrupt `simulate --json`."""
import json
import re

import pytest
from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.core import engine, playing

from .hostile_plugins import CORPUS, Hostile

PLAYERS = {"cardgame": 2, "boardgame": 2, "heroes": 2}


def squeeze(text: str) -> str:
    """Text without any whitespace: rich wraps long lines (and long paths) anywhere."""
    return "".join(text.split())


def run_hostile(hostile: Hostile, folder, *extra):
    plugin = hostile.write(folder)
    seats = "".join(f'[[players]]\nname = "P{i}"\nagent = "{"heuristic" if i == 0 else "random"}"'
                    "\n" for i in range(PLAYERS[hostile.variant]))
    scenario = folder / "scenario.toml"
    scenario.write_text(f'variant = "{hostile.variant}"\nseed = 3\nplugins = ["{plugin.name}"]\n'
                        + seats)
    result = CliRunner().invoke(main, ["simulate", str(scenario), "-n", "2", "--trust", *extra])
    return plugin, result


def check_one_line_error(hostile: Hostile, plugin, result) -> None:
    assert result.exit_code == hostile.expect, (hostile.name, result.output)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception,
                                                                     SystemExit), hostile.name
    assert "Traceback" not in result.output
    err = squeeze(result.stderr)
    assert err.count("error:") == 1, (hostile.name, result.stderr)
    assert squeeze(str(plugin)) in err, (hostile.name, result.stderr)
    if hostile.hook:
        assert any(f"{form}{hostile.hook}" in err for form in ("hook:", "hook", "'")), \
            (hostile.name, result.stderr)


@pytest.mark.parametrize("hostile", [h for h in CORPUS if h.output == "error"],
                         ids=lambda h: h.name)
def test_a_hostile_plugin_ends_in_a_one_line_error_naming_it(hostile, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)      # failed games are saved under ./saves
    monkeypatch.setattr(playing, "MAX_SECONDS", 1)    # the looping games end sooner
    monkeypatch.setattr(engine, "MAX_EVENTS", 20_000)
    monkeypatch.setattr(engine, "MAX_DECISIONS", 2_000)
    plugin, result = run_hostile(hostile, tmp_path)
    check_one_line_error(hostile, plugin, result)


def test_a_string_requires_variant_is_one_name_not_letters(tmp_path):
    (hostile,) = [h for h in CORPUS if h.name == "requires_variant_string"]
    _, result = run_hostile(hostile, tmp_path)
    assert "requires variant boardgame," in " ".join(result.stderr.split())


@pytest.mark.parametrize("hostile", [h for h in CORPUS if h.output == "json"],
                         ids=lambda h: h.name)
def test_a_printing_plugin_does_not_corrupt_simulate_json(hostile, tmp_path):
    _, result = run_hostile(hostile, tmp_path, "--json", "-")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 2


def decision_of(stderr: str) -> int:
    return int(re.search(r"invariants broken after decision (\d+)", " ".join(stderr.split()))[1])


def test_check_catches_a_broken_invariant_at_the_first_decision_after_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (hostile,) = [h for h in CORPUS if h.name == "mints_coin_cards"]
    _, at_end = run_hostile(hostile, tmp_path)
    _, checked = run_hostile(hostile, tmp_path, "--check")
    assert at_end.exit_code == checked.exit_code == 3
    assert decision_of(checked.stderr) < decision_of(at_end.stderr)
    assert "coin cards not conserved" in checked.stderr


def test_play_check_saves_the_game_broken_by_a_plugin(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (hostile,) = [h for h in CORPUS if h.name == "mints_coin_cards"]
    hostile.write(tmp_path)
    scenario = tmp_path / "bots.toml"
    scenario.write_text('variant = "cardgame"\nplugins = ["mints_coin_cards.py"]\n'
                        '[[players]]\nagent = "heuristic"\n[[players]]\nagent = "human"\n')
    result = CliRunner().invoke(main, ["play", str(scenario), "--check", "--trust"],
                                input="0\n" * 200)
    assert result.exit_code == 3, result.output[-2000:]
    text = " ".join(result.output[result.output.index("error:"):].split())
    assert "invariants broken after decision" in text and "saved to" in text
    assert list((tmp_path / "saves").glob("*.toml"))
