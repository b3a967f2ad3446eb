"""`peloponnes compare` of the card game with and without each card-game house rule runs: one
scenario pair per plugin (scenarios/house-*.toml against compare-cardgame-conquest.toml)."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from peloponnes.cli import main

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
BASE = SCENARIOS / "compare-cardgame-conquest.toml"
PAIRS = sorted(SCENARIOS.glob("house-*.toml"))


def test_every_card_game_plugin_has_a_comparison_scenario():
    plugins = {p.stem for p in (SCENARIOS.parent / "plugins").glob("*.py")
               if p.name != "__init__.py"}
    paired = {p.stem.removeprefix("house-") for p in PAIRS}
    card_game_plugins = {p for p in plugins
                         if "cardgame" in (SCENARIOS.parent / "plugins" / f"{p}.py").read_text()
                         .split("Works with:")[1].splitlines()[0]}
    assert card_game_plugins - {"no_conquest"} <= paired   # no_conquest: compare-cardgame-*


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p.stem)
def test_compare_with_and_without_the_house_rule(pair):
    result = CliRunner().invoke(main, ["compare", str(BASE), str(pair), "--games", "6",
                                       "--workers", "1", "--json", "-"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 6
    assert "plugin" in json.dumps(report["rules_diff"])
