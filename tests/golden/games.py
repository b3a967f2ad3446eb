"""Golden playthroughs: short seeded games whose every event is kept in a file. A rules change
that alters one of them fails its test until the files are regenerated on purpose:

    python3 -m tests.golden.games        # rewrite the files, then review and commit the diff
"""
from __future__ import annotations

import json
from pathlib import Path

from peloponnes.agents import make_agents
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import PlayerSpec, Scenario
from peloponnes.table.record import save_game

HERE = Path(__file__).parent

GOLDEN = {
    "cardgame-3p": Scenario(variant="cardgame", seed=11, players=(
        PlayerSpec("Ada", "heuristic"), PlayerSpec("Basil", "random"),
        PlayerSpec("Chloe", "random"))),
    "boardgame-4p": Scenario(variant="boardgame", seed=12, players=(
        PlayerSpec("Ada", "heuristic"), PlayerSpec("Basil", "random"),
        PlayerSpec("Chloe", "heuristic"), PlayerSpec("Dimitrios", "random"))),
    "boardgame-solo": Scenario(variant="boardgame", seed=13, players=(
        PlayerSpec("Ada", "heuristic"),)),
    "heroes-4p": Scenario(variant="heroes", seed=14, players=(
        PlayerSpec("Ada", "heuristic"), PlayerSpec("Basil", "random"),
        PlayerSpec("Chloe", "heuristic"), PlayerSpec("Dimitrios", "random"))),
}


def events_as_json(game: Game) -> list:
    """The event log as plain JSON data (what the golden files hold)."""
    return json.loads(json.dumps([e.as_dict() for e in game.events], default=str))


def play_golden(name: str) -> Game:
    ruleset, scenario = load_ruleset(GOLDEN[name])
    game = Game(ruleset, scenario)
    return play(game, make_agents(game))


def regenerate() -> None:
    for name in GOLDEN:
        game = play_golden(name)
        save_game(game, HERE / f"{name}.save.toml", note="golden playthrough", overwrite=True)
        (HERE / f"{name}.events.json").write_text(
            json.dumps(events_as_json(game), indent=1, ensure_ascii=False) + "\n")
        print(f"{name}: {len(game.events)} events, scores "
              f"{[s.value for s in game.result.scores]}")


if __name__ == "__main__":
    regenerate()
