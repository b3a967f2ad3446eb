"""Golden playthroughs stay exactly as recorded: the same scenario and bots give the same
answers and the same event log, and replaying the saved answers gives the same log and scores.
After an intended rules change, regenerate: `python3 -m tests.golden.games`."""
import json

import pytest

from peloponnes.core.engine import Game
from peloponnes.core.plugins import load_ruleset
from peloponnes.table.record import load_save, replay

from .games import GOLDEN, HERE, events_as_json, play_golden

REGENERATE = "an intended rules change? regenerate with `python3 -m tests.golden.games`"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_game_plays_as_recorded(name):
    expected = json.loads((HERE / f"{name}.events.json").read_text())
    game = play_golden(name)
    assert events_as_json(game) == expected, REGENERATE


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_save_replays_to_the_same_end(name):
    scenario, seed, answers = load_save(HERE / f"{name}.save.toml")
    ruleset, scenario = load_ruleset(scenario)
    game = replay(Game(ruleset, scenario, seed=seed), answers)
    assert game.finished
    assert events_as_json(game) == json.loads((HERE / f"{name}.events.json").read_text()), \
        REGENERATE
