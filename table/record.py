"""Saving, loading, verifying and replaying games. A saved game is its scenario plus the list of
answers (option ids), so it replays exactly; ``tomli_w`` writes it.

A save never overwrites another file. It stores its plugin and component paths relative to the
save's own folder, the digest of every plugin file, and a digest of everything that decides the
game (seed, answers, scenario, plugin digests, final scores): loading verifies the digest, and
replaying verifies the plugin files and the final scores, with a message saying what differs.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from peloponnes.core.components import read_toml
from peloponnes.core.consent import file_digest
from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError, IllegalAnswer
from peloponnes.core.scenario import Scenario, scenario_schema
from peloponnes.core.schema import ArrayOf, Field, MapOf, Table, validate

SAVE_FORMAT = "peloponnes-save/2"
LEGACY_FORMATS = ("peloponnes-save/1",)     # no digests: loaded, not verified

def save_schema() -> Table:
    """What a saved game holds: its scenario, seed and answers, and what verifies them."""
    return Table({
        "format": Field(str, choices=(SAVE_FORMAT, *LEGACY_FORMATS)),
        "seed": Field(int, min=0),
        "answers": Field(ArrayOf(str)),
        "scenario": Field(scenario_schema()),
        "note": Field(str, default=""),
        "final_scores": Field(ArrayOf(MapOf(float)), default=list),
        "plugin_files": Field(ArrayOf(Table({"entry": Field(str), "sha256": Field(str)})),
                              default=list),
        "digest": Field(str, default=""),
    })


@dataclass
class SavedGame:
    """A loaded, verified save."""
    path: Path
    scenario: Scenario
    seed: int
    answers: list[str]
    final_scores: list[float] | None
    note: str = ""


def _is_path(entry: str) -> bool:
    return entry.endswith(".py") or "/" in entry or "\\" in entry


def _relative(path: str, folder: Path) -> str:
    try:
        return os.path.relpath(path, folder)
    except ValueError:          # another drive (Windows)
        return path


def _digest(data: dict) -> str:
    """sha256 of the canonical JSON of everything in a save except its note and digest."""
    body = {k: v for k, v in data.items() if k not in ("digest", "note", "format")}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def save_data(game: Game, folder: Path, note: str = "") -> dict:
    """The save of ``game`` as TOML-ready data, with paths relative to ``folder``."""
    folder = folder.resolve()
    scenario = game.scenario.to_dict(resolve_paths=True)
    plugin_files = []
    for i, entry in enumerate(scenario.get("plugins", [])):
        if _is_path(entry) and Path(entry).is_file():
            plugin_files.append({"entry": game.scenario.plugins[i],
                                 "sha256": file_digest(entry)})
            scenario["plugins"][i] = _relative(entry, folder)
    if scenario.get("components") and Path(scenario["components"]).is_file():
        scenario["components"] = _relative(scenario["components"], folder)
    data = {"format": SAVE_FORMAT, "seed": game.seed, "answers": list(game.answers),
            "scenario": scenario}
    if plugin_files:
        data["plugin_files"] = plugin_files
    if note:
        data["note"] = note
    if game.result is not None:
        data["final_scores"] = [{"score": float(s.value)} for s in game.result.scores]
    data["digest"] = _digest(data)
    return data


def save_game(game: Game, path: str | Path, note: str = "", *, overwrite: bool = False) -> Path:
    """Write ``game`` to ``path``; when that file exists, to ``NAME-2.toml``, ``NAME-3.toml``,
    … (a save never overwrites another file unless ``overwrite``). Returns the path written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = tomli_w.dumps(save_data(game, path.parent, note)).encode()
    if overwrite:
        path.write_bytes(text)
        return path
    candidate, n = path, 1
    while True:
        try:
            with open(candidate, "xb") as fh:
                fh.write(text)
            return candidate
        except FileExistsError:
            n += 1
            candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")


def is_save_file(path: str | Path) -> bool:
    data = read_toml(Path(path))
    return data.get("format") in (SAVE_FORMAT, *LEGACY_FORMATS)


def load_saved(path: str | Path) -> SavedGame:
    """Read and verify a save: its digest (nothing edited since it was written) and the digest
    of every plugin file it names (the code is the code the game was played with)."""
    path = Path(path)
    raw = read_toml(path)
    data = validate(raw, save_schema(), where=str(path))
    if data["format"] == SAVE_FORMAT:
        body = {k: v for k, v in raw.items()}
        if not data["digest"]:
            raise ConfigError("the save has no digest, so it cannot be verified", where=str(path),
                              path="digest")
        if _digest(body) != data["digest"]:
            raise ConfigError("the save was changed after it was written (its digest does not "
                              "match its scenario, answers and scores)", where=str(path),
                              path="digest")
    scenario = Scenario.from_dict(data["scenario"], where=f"{path} [scenario]",
                                  base_dir=path.parent)
    _verify_plugin_files(path, scenario, data["plugin_files"])
    scores = [s.get("score") for s in data["final_scores"]] or None
    return SavedGame(path, scenario, data["seed"], data["answers"], scores, data["note"])


def _verify_plugin_files(path: Path, scenario: Scenario, recorded: list[dict]) -> None:
    files = [p for p in scenario.plugins if _is_path(p)]
    if len(files) != len(recorded):
        raise ConfigError(f"the save names {len(files)} plugin file(s) but records the digest "
                          f"of {len(recorded)}", where=str(path), path="plugin_files")
    for entry, record in zip(files, recorded, strict=True):
        resolved = scenario.resolve(entry)
        index = scenario.plugins.index(entry)
        try:
            digest = file_digest(resolved)
        except (OSError, ValueError):
            raise ConfigError(f"plugin file '{entry}' is missing (the game was played with it)",
                              where=str(path), path=f"scenario.plugins[{index}]") from None
        if digest != record["sha256"]:
            raise ConfigError(f"plugin file {resolved} changed since the game was saved (its "
                              "digest differs), so the game would not replay as played",
                              where=str(path), path=f"scenario.plugins[{index}]")


def load_save(path: str | Path) -> tuple[Scenario, int, list[str]]:
    """A verified save's scenario, seed and answers (see ``load_saved``)."""
    saved = load_saved(path)
    return saved.scenario, saved.seed, saved.answers


def replay(game: Game, answers: list[str], *, where: str = "save",
           final_scores: list[float] | None = None) -> Game:
    """Feed recorded answers to a fresh game; stops early if the answers run out.
    ``final_scores``: when the game ends, its scores must be these (those the save recorded).
    (Resuming a game with its bots asked again on the way is the table's ``_rebuild``.)"""
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
    if final_scores is not None and game.finished:
        replayed = [float(s.value) for s in game.result.scores]
        if replayed != [float(s) for s in final_scores]:
            raise ConfigError(f"the replayed game ends with scores {replayed}, the save says "
                              f"{list(final_scores)} (were the rules or plugins changed?)",
                              where=where, path="final_scores")
    return game
