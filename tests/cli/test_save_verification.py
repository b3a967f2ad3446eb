"""`peloponnes replay` and `play SAVE` check a save: an old save without a digest replays with an
"unverified" warning on standard error, never silently, and a finished save's recorded ending
(each seat's player and score, the winners) must be what the replay gives, else exit 2 naming
what differs."""
import json
import tomllib

import pytest
import tomli_w
from click.testing import CliRunner

from peloponnes.agents import make_agents
from peloponnes.cli import main
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.table.record import save_game


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args], env={"COLUMNS": "1000"})


@pytest.fixture
def finished_save(tmp_path):
    """A finished three-player game whose winner (Player 1) sits at the first seat."""
    ruleset, sc = load_ruleset(Scenario.quick("cardgame", 3, seed=2))
    game = Game(ruleset, sc)
    play(game, make_agents(game))
    assert [game.seats[i].name for i in game.result.winners] == ["Player 1"]
    return save_game(game, tmp_path / "game.toml")


def as_legacy(path, change=lambda data: None):
    """The save rewritten in the old format, without its digest, after ``change``."""
    data = tomllib.loads(path.read_text())
    data["format"] = "peloponnes-save/1"
    data.pop("digest", None)
    change(data)
    path.write_bytes(tomli_w.dumps(data).encode())
    return path


def test_a_verified_save_replays_without_a_warning(finished_save):
    result = run("replay", finished_save)
    assert result.exit_code == 0 and "Player 1 wins" in result.stdout
    assert result.stderr == ""


def test_an_old_save_replays_with_an_unverified_warning(finished_save):
    result = run("replay", as_legacy(finished_save))
    assert result.exit_code == 0 and "Player 1 wins" in result.stdout
    assert "warning:" in result.stderr and "unverified" in result.stderr
    assert str(finished_save) in result.stderr
    result = run("replay", finished_save, "--json", "-")
    assert result.exit_code == 0 and "unverified" in result.stderr
    assert json.loads(result.stdout)["events"]              # the data stays parseable


def test_an_old_save_with_its_players_reordered_is_refused(finished_save):
    # the bypass: legacy format, no digest, players reordered
    save = as_legacy(finished_save, lambda d: d["scenario"]["players"].reverse())
    result = run("replay", save)
    assert result.exit_code == 2
    assert "unverified" in result.stderr
    assert "does not end as the save says" in result.stderr
    assert "seat 1: Player 1 scored" in result.stderr and "Player 3 scored" in result.stderr
    assert "winner: Player 1 in the save, Player 3 in the replay" in result.stderr
    assert "wins" not in result.stdout


def test_forged_scores_in_an_old_save_are_named(finished_save):
    def forge(data):
        data["final_scores"][1]["score"] = 99.0
        data["winners"] = ["Player 2"]
    result = run("replay", as_legacy(finished_save, forge))
    assert result.exit_code == 2
    assert "seat 2: Player 2 scored 99 in the save, Player 2 scored" in result.stderr
    assert "winner: Player 2 in the save, Player 1 in the replay" in result.stderr


def test_an_old_finished_save_cut_short_is_refused(finished_save):
    save = as_legacy(finished_save, lambda d: d.update(answers=d["answers"][:10]))
    result = run("replay", save)
    assert result.exit_code == 2
    assert "records a finished game, but its 10 answers leave the game waiting" in result.stderr


def test_an_old_save_recording_only_scores_is_still_checked(finished_save):
    # a save written before names were recorded: the scores alone are checked
    def scores_only(data):
        data["final_scores"] = [{"score": s["score"]} for s in data["final_scores"]]
        data.pop("winners", None)
    assert run("replay", as_legacy(finished_save, scores_only)).exit_code == 0

    def reordered(data):
        scores_only(data)
        data["final_scores"].reverse()
    result = run("replay", as_legacy(finished_save, reordered))
    assert result.exit_code == 2 and "seat 1: Player 1 scored" in result.stderr


def test_no_replay_page_is_written_for_a_save_that_does_not_replay_as_recorded(finished_save,
                                                                                tmp_path):
    save = as_legacy(finished_save, lambda d: d["scenario"]["players"].reverse())
    page = tmp_path / "replay.html"
    assert run("replay", save, "--html", page).exit_code == 2
    assert not page.exists()


def test_resuming_a_tampered_old_save_is_refused(finished_save):
    save = as_legacy(finished_save, lambda d: d["scenario"]["players"].reverse())
    before = save.read_bytes()
    result = run("play", save, "--seat", 1)
    assert result.exit_code == 2 and "does not end as the save says" in result.stderr
    assert save.read_bytes() == before          # not rewritten as a verified save
