"""`sweep --agent KIND` plays every seat of every grid point with that agent, as `simulate` and
`compare` do."""
from __future__ import annotations

import json

from click.testing import CliRunner

from peloponnes.cli import main

SWEEP = ["sweep", "cardgame-2p", "--vary", "components.rules.conquest_surcharge=2,3", "-n", "4",
         "--metric", "decisions", "--json", "-", "-w", "1"]


def decisions_per_point(*extra: str) -> list[float]:
    result = CliRunner().invoke(main, [*SWEEP, *extra])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    return [point["mean"] for point in data["metrics"][0]["points"]]


def test_sweep_plays_every_seat_with_the_agent_given():
    scenario_bots = decisions_per_point()
    random_bots = decisions_per_point("--agent", "random")
    assert random_bots == decisions_per_point("--agent", "random")      # seeded: the same games
    assert random_bots != scenario_bots
