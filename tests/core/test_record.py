"""Saves: never overwritten, verified by digest, plugin files stored relative to the save with
their digest, final scores checked on replay."""
import shutil
import stat
import tomllib
from dataclasses import replace

import pytest
import tomli_w

from peloponnes.agents import make_agents
from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.core.shipped import PLUGIN_DIR
from peloponnes.table.record import load_save, load_saved, replay, save_game


def finished_game(**kwargs):
    ruleset, sc = load_ruleset(Scenario.quick("cardgame", 3, seed=4, **kwargs))
    game = Game(ruleset, sc)
    return play(game, make_agents(game))


def edit(path, change):
    data = tomllib.loads(path.read_text())
    change(data)
    path.write_bytes(tomli_w.dumps(data).encode())


def test_a_save_never_overwrites_another(tmp_path):
    game = finished_game()
    first = save_game(game, tmp_path / "g.toml")
    second = save_game(game, tmp_path / "g.toml")
    third = save_game(game, tmp_path / "g.toml")
    assert [p.name for p in (first, second, third)] == ["g.toml", "g-2.toml", "g-3.toml"]


def test_rewriting_a_save_replaces_that_file_whole(tmp_path):
    game = finished_game()
    path = save_game(game, tmp_path / "g.toml")
    path.chmod(0o640)
    assert save_game(game, path, note="again", overwrite=True) == path
    assert load_saved(path).note == "again"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640           # its permissions kept
    assert list(tmp_path.iterdir()) == [path]                   # no temporary file left


@pytest.mark.parametrize("tamper", [
    lambda d: d["scenario"]["players"].reverse(),
    lambda d: d["answers"].pop(),
    lambda d: d["final_scores"][0].update(score=99.0),
    lambda d: d.update(seed=d["seed"] + 1),
], ids=["reordered players", "truncated answers", "forged scores", "other seed"])
def test_a_tampered_save_is_refused(tmp_path, tamper):
    path = save_game(finished_game(), tmp_path / "g.toml")
    load_save(path)
    edit(path, tamper)
    with pytest.raises(ConfigError, match="changed after it was written"):
        load_save(path)


def test_replay_checks_the_final_scores(tmp_path):
    game = finished_game()
    saved = load_saved(save_game(game, tmp_path / "g.toml"))
    ruleset, sc = load_ruleset(saved.scenario)
    replay(Game(ruleset, sc, seed=saved.seed), saved.answers, ending=saved.ending)
    ruleset, sc = load_ruleset(saved.scenario)
    forged = replace(saved.ending, scores=[s + 1 for s in saved.ending.scores])
    with pytest.raises(ConfigError, match="seat 1: Player 1 scored .* in the save"):
        replay(Game(ruleset, sc, seed=saved.seed), saved.answers, ending=forged)


def test_plugin_files_are_stored_relative_with_their_digest(tmp_path):
    plugin = tmp_path / "rules" / "conquest_plus_two.py"
    plugin.parent.mkdir()
    shutil.copy(PLUGIN_DIR / "conquest_plus_two.py", plugin)
    game = finished_game(plugins=(str(plugin),))
    path = save_game(game, tmp_path / "saves" / "g.toml")
    data = tomllib.loads(path.read_text())
    assert data["scenario"]["plugins"] == ["../rules/conquest_plus_two.py"]
    assert data["plugin_files"][0]["sha256"].startswith("sha256:")
    saved = load_saved(path)
    assert saved.scenario.resolve(saved.scenario.plugins[0]) == str(plugin.resolve())
    plugin.write_text(plugin.read_text() + "\n# changed after the game\n")
    with pytest.raises(ConfigError, match="conquest_plus_two.py changed since the game was"):
        load_saved(path)
