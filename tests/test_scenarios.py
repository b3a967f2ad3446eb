"""Every shipped scenario loads, and a short simulation of each runs."""
from pathlib import Path

import pytest

from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import simulate

SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.toml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenario_loads_and_plays(path):
    ruleset, scenario = load_ruleset(Scenario.from_file(path))
    assert ruleset.variant.name == scenario.variant
    (summary,) = simulate(scenario, 1, agent="random")
    assert summary.ok, summary.failure
    assert len(summary.scores) == len(scenario.players)
