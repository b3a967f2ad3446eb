"""Scenario validation: every error names the file and the key path."""
import re
from dataclasses import replace

import pytest

from peloponnes.core import ConfigError
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import PlayerSpec, Scenario, is_plugin_path

GOOD = '''variant = "cardgame"
seed = 5
[[players]]
name = "A"
agent = "random"
[[players]]
name = "B"
'''


def write(tmp_path, text, name="s.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def error_of(tmp_path, text) -> str:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_ruleset(Scenario.from_file(path))
    return str(info.value)


def test_a_good_scenario_loads_with_defaults(tmp_path):
    sc = Scenario.from_file(write(tmp_path, GOOD))
    assert sc.seed == 5 and sc.players[1].agent == "random" and sc.plugins == ()
    ruleset, sc = load_ruleset(sc)
    assert ruleset.variant.name == "cardgame"


@pytest.mark.parametrize("text, expected", [
    ("variant = [", "not valid TOML"),
    ("colour = 'red'\n" + GOOD, ": colour: unknown key 'colour'"),
    (GOOD.replace('seed = 5', 'seed = "five"'), "seed: expected an integer, got 'five'"),
    (GOOD.replace('agent = "random"', 'agent = "grédy"'),
     "players[0].agent: unknown value 'grédy' (known: heuristic, human, learned, mcts, random)"),
    (GOOD.replace('"cardgame"', '"chess"'), "variant: unknown variant 'chess'"),
    (GOOD + "[options]\nturbo = true\n", "options.turbo: unknown key 'turbo'"),
    ('variant = "cardgame"\nplayers = []\n', "players: expected at least 1 entries"),
    (GOOD.replace('name = "B"', 'name = "A"'), "players[1].name: duplicate player name 'A'"),
    ('variant = "cardgame"\n[[players]]\n', "2-5 players, the scenario has 1"),
    ('plugins = ["nowhere.py"]\n' + GOOD, "plugins[0]: plugin file 'nowhere.py' not found"),
    ('components = "missing.toml"\n' + GOOD, "missing.toml: file not found"),
])
def test_bad_scenarios_name_the_key_path(tmp_path, text, expected):
    message = error_of(tmp_path, text)
    assert expected in message
    assert "s.toml" in message or "missing.toml" in message


def test_a_broken_component_file_names_its_key_path(tmp_path):
    comp = tmp_path / "mine.toml"
    original = (Scenario.quick("cardgame", 2))
    ruleset, _ = load_ruleset(original)
    text = re.sub(r"^value = \d+", 'value = "x"', open(ruleset.components_path).read(),
                  count=1, flags=re.M)
    comp.write_text(text)
    message = error_of(tmp_path, 'components = "mine.toml"\n' + GOOD)
    assert "mine.toml" in message and "power_cards[0].value: expected an integer" in message


def test_to_dict_round_trips(tmp_path):
    sc = Scenario.from_file(write(tmp_path, GOOD))
    again = Scenario.from_dict(sc.to_dict())
    assert again.players == sc.players and again.seed == sc.seed and again.variant == sc.variant


@pytest.mark.parametrize("entry, is_path", [
    ("my_rule.py", True), ("rules/my_rule", True), ("rules\\my_rule", True),
    ("no_conquest", False), ("my_package.my_rule", False)])
def test_is_plugin_path_decides_file_or_module_once(entry, is_path):
    assert is_plugin_path(entry) is is_path


def test_a_plugin_path_is_loaded_saved_and_sent_as_a_file(tmp_path):
    """One answer to "is this plugin entry a file?" for loading, saving and batch jobs."""
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "plus_two.py").write_text("from peloponnes import hookimpl\n\n@hookimpl\n"
                                     "def conquest_surcharge(game, seat):\n    return 2\n")
    (tmp_path / "s.toml").write_text('variant = "cardgame"\nplugins = ["rules/plus_two.py"]\n'
                                     '[[players]]\n[[players]]\n')
    sc = Scenario.from_file(tmp_path / "s.toml")
    ruleset, _ = load_ruleset(replace(sc, trusted=True))     # as `--trust` does
    assert [p.kind for p in ruleset.plugins][-1] == "file"
    absolute = str((folder / "plus_two.py").resolve())
    assert sc.to_dict()["plugins"] == [absolute]
    assert sc.with_absolute_paths().plugins == (absolute,)


def test_human_seats_are_played_by_the_heuristic_bot_in_batches():
    sc = Scenario.quick("cardgame", 3, agent="random")
    sc = Scenario(variant="cardgame", players=(PlayerSpec("Ann", "human"),) + sc.players[1:])
    bots, replaced = sc.with_bots_for_humans()
    assert replaced == ["Ann"] and [p.agent for p in bots.players] == ["heuristic", "random",
                                                                       "random"]
    assert Scenario.quick("cardgame", 2).with_bots_for_humans()[1] == []
