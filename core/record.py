"""Saving, loading and replaying games. A saved game is its scenario plus the list of answers
(option ids), so it replays exactly; ``tomli_w`` writes it."""
from __future__ import annotations

from pathlib import Path

import tomli_w

from .components import read_toml
from .engine import Game
from .errors import ConfigError, IllegalAnswer
from .scenario import SCENARIO_SCHEMA, Scenario
from .schema import ArrayOf, Field, MapOf, Table, validate

SAVE_FORMAT = "peloponnes-save/1"

SAVE_SCHEMA = Table({
    "format": Field(str, choices=(SAVE_FORMAT,)),
    "seed": Field(int, min=0),
    "answers": Field(ArrayOf(str)),
    "scenario": Field(SCENARIO_SCHEMA),
    "note": Field(str, default=""),
    "final_scores": Field(ArrayOf(MapOf(float)), default=list),
})


def save_game(game: Game, path: str | Path, note: str = "") -> Path:
    path = Path(path)
    data = {"format": SAVE_FORMAT, "seed": game.seed, "answers": list(game.answers),
            "scenario": game.scenario.to_dict()}
    if note:
        data["note"] = note
    if game.result is not None:
        data["final_scores"] = [{"score": float(s.value)} for s in game.result.scores]
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        tomli_w.dump(data, fh)
    return path


def is_save_file(path: str | Path) -> bool:
    data = read_toml(Path(path))
    return data.get("format") == SAVE_FORMAT


def load_save(path: str | Path) -> tuple[Scenario, int, list[str]]:
    path = Path(path)
    data = validate(read_toml(path), SAVE_SCHEMA, where=str(path))
    scenario = Scenario.from_dict(data["scenario"], where=f"{path} [scenario]",
                                  base_dir=path.parent)
    return scenario, data["seed"], data["answers"]


def replay(game: Game, answers: list[str], *, where: str = "save") -> Game:
    """Feed recorded answers to a fresh game; stops early if the answers run out."""
    game.start()
    for i, answer in enumerate(answers):
        if game.pending is None:
            raise ConfigError(f"the game ended after {i} answers but the save has {len(answers)}"
                              " (were the rules or plugins changed?)", where=where, path="answers")
        try:
            game.choose(answer)
        except IllegalAnswer as exc:
            raise ConfigError(f"answer {i + 1} no longer fits the game: {exc} (were the rules or"
                              " plugins changed?)", where=where, path=f"answers[{i}]") from None
    return game
