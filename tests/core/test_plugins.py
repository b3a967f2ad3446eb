"""Plugin loading: files and modules, clear errors naming the plugin and hook, requirements and
conflicts, and the call order."""
import pytest

import peloponnes.core.plugins as core_plugins
from peloponnes.core import PluginError
from peloponnes.core.engine import Game
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import run_game


def plugin(tmp_path, text, name="rule.py"):
    path = tmp_path / name
    path.write_text("from peloponnes.core import hookimpl\n" + text)
    return str(path)


def load(*plugins, variant="cardgame"):
    return load_ruleset(Scenario.quick(variant, 3, plugins=plugins))


def test_a_file_plugin_is_registered_after_the_variant(tmp_path):
    path = plugin(tmp_path, "@hookimpl\ndef conquest_surcharge(game, seat):\n    return 1\n")
    ruleset, sc = load(path)
    assert [p.kind for p in ruleset.plugins] == ["core", "core", "variant", "file"]
    assert ruleset.hook_order("conquest_surcharge") == ["rule", "cardgame"]
    game = Game(ruleset, sc).start()
    assert game.hook.conquest_surcharge(game=game, seat=0) == 1


def test_a_module_plugin_by_name():
    ruleset, _ = load("peloponnes.variants.common.hookspecs")   # importable; implements nothing
    assert ruleset.plugins[-1].kind == "module"


def test_an_unknown_module_is_a_clear_error():
    with pytest.raises(PluginError, match="no module named 'not_a_plugin'"):
        load("not_a_plugin")


def test_an_import_error_names_the_file_and_line(tmp_path):
    path = plugin(tmp_path, "x = 1\nraise RuntimeError('broken on purpose')\n")
    with pytest.raises(PluginError) as info:
        load(path)
    assert path in str(info.value) and "line 3" in str(info.value)
    assert "broken on purpose" in str(info.value)


def test_a_syntax_error_names_the_file(tmp_path):
    path = plugin(tmp_path, "def oops(:\n")
    with pytest.raises(PluginError, match="SyntaxError"):
        load(path)


def test_a_misspelled_hook_is_refused_with_a_suggestion(tmp_path):
    path = plugin(tmp_path, "@hookimpl\ndef conquest_surchage(game, seat):\n    return 1\n")
    with pytest.raises(PluginError) as info:
        load(path)
    message = str(info.value)
    assert "unknown hook 'conquest_surchage'" in message
    assert "did you mean 'conquest_surcharge'" in message and path in message


def test_wrong_arguments_are_refused(tmp_path):
    path = plugin(tmp_path, "@hookimpl\ndef conquest_surcharge(game, colour):\n    return 1\n")
    with pytest.raises(PluginError) as info:
        load(path)
    assert "colour" in str(info.value) and path in str(info.value)


def test_requirements_and_conflicts_are_checked_before_the_game(tmp_path):
    needs_board = plugin(tmp_path, "@hookimpl\ndef declare_plugin():\n"
                         "    return {'requires_variant': ['boardgame']}\n", "needs_board.py")
    with pytest.raises(PluginError, match="requires variant boardgame"):
        load(needs_board)
    needs_other = plugin(tmp_path, "@hookimpl\ndef declare_plugin():\n"
                         "    return {'requires_plugins': ['market_phase']}\n", "needs.py")
    with pytest.raises(PluginError, match="requires plugin 'market_phase'"):
        load(needs_other)
    with pytest.raises(PluginError, match="conflicts with plugin 'no_conquest'"):
        load("plugins/conquest_plus_two.py", "plugins/no_conquest.py")


def test_a_plugin_raising_during_a_game_is_named_with_hook_and_rule(tmp_path):
    path = plugin(tmp_path, "@hookimpl\ndef compute_income(game, seat, population):\n"
                  "    raise ValueError('bad table')\n", "bad_income.py")
    ruleset, sc = load(path)
    with pytest.raises(PluginError) as info:
        run_game(ruleset, sc, 1)
    err = info.value
    assert err.plugin == path and err.hook == "compute_income"
    assert err.rule == "cardgame: 6. Income"
    assert "bad_income.py:4" in str(err)


def test_an_installed_package_offers_a_plugin_through_the_entry_point_group(tmp_path,
                                                                            monkeypatch):
    (tmp_path / "my_house_rules.py").write_text(
        "from peloponnes.core import hookimpl\n\n@hookimpl\ndef conquest_surcharge(game, seat):\n"
        "    return 0\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    # what importlib.metadata reports for `[project.entry-points.peloponnes] house = ...`
    monkeypatch.setattr(core_plugins, "_entry_point_modules",
                        lambda: {"house": "my_house_rules"})
    ruleset, sc = load("house")
    assert (ruleset.plugins[-1].name, ruleset.plugins[-1].source) == ("house", "my_house_rules")
    game = Game(ruleset, sc).start()
    assert game.hook.conquest_surcharge(game=game, seat=0) == 0


def test_register_variants_is_called_through_pluggy_and_a_broken_one_is_reported(tmp_path,
                                                                                monkeypatch):
    (tmp_path / "my_variants.py").write_text(
        "from pathlib import Path\nfrom peloponnes.core import Variant, hookimpl\n\n"
        "@hookimpl\ndef register_variants():\n"
        "    return [Variant('mini', 'Mini', 'test', 1, 2, Path(__file__))]\n")
    (tmp_path / "broken_variants.py").write_text(
        "from peloponnes.core import hookimpl\n\n@hookimpl\ndef register_variants():\n"
        "    raise RuntimeError('no variants today')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(core_plugins, "_entry_point_modules",
                        lambda: {"mini": "my_variants", "broken": "broken_variants"})
    core_plugins._discover.cache_clear()
    try:
        assert list(core_plugins.discover_variants()) == ["mini"]
        (error,) = core_plugins.discovery_errors()
        assert error.hook == "register_variants" and "no variants today" in str(error)
    finally:
        core_plugins._discover.cache_clear()


def test_declare_plugin_is_asked_of_each_plugin_on_its_own(tmp_path):
    first = plugin(tmp_path, "@hookimpl\ndef declare_plugin():\n"
                   "    return {'description': 'first'}\n", "first.py")
    second = plugin(tmp_path, "@hookimpl\ndef declare_plugin():\n"
                    "    return {'description': 'second', 'requires_plugins': ['first']}\n",
                    "second.py")
    ruleset, _ = load(first, second)
    assert [p.declared.get("description") for p in ruleset.plugins] == [None, None, None, "first",
                                                                         "second"]
    bad = plugin(tmp_path, "@hookimpl\ndef declare_plugin():\n    return ['cardgame']\n", "bad.py")
    with pytest.raises(PluginError, match="declare_plugin returned"):
        load(bad)


def test_a_test_assembles_a_variant_directly_without_discovery():
    from .toy import TOY, toy_ruleset
    ruleset = toy_ruleset()
    assert ruleset.variant is TOY and ruleset.components == {}
    assert [p.kind for p in ruleset.plugins] == ["core", "core", "variant"]
    assert ruleset.hook_order("load_components") == ["toy", "components"]
