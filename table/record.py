"""Saving, loading, verifying and replaying games. A saved game is its scenario plus the list of
answers (option ids), so it replays exactly; ``tomli_w`` writes it.

A save never overwrites another file: a new save claims a fresh name by creating it exclusively,
and rewriting a game's own save replaces it in one step (a reader never sees half a file). A
save stores its plugin and component paths relative to its own folder, the digest of every
plugin file, how a finished game ended (each seat's player and score, the winners), and a digest
of everything that decides the game: loading verifies the digest, and replaying verifies the
plugin files and the ending, with a message saying what differs.

The digest is a checksum, not a signature: it catches a save edited by hand or damaged on disk,
not someone who edits a save and computes its digest again. A save in the old format has no
digest: it loads with a warning that it is unverified, and its ending is still checked.
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

import tomli_w

from peloponnes.core.components import read_toml
from peloponnes.core.consent import file_digest
from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError, IllegalAnswer
from peloponnes.core.scenario import Scenario, scenario_schema
from peloponnes.core.schema import ArrayOf, Field, Table, validate

SAVE_FORMAT = "peloponnes-save/2"
LEGACY_FORMATS = ("peloponnes-save/1",)     # no digests: loaded with a warning, not verified

def save_schema() -> Table:
    """What a saved game holds: its scenario, seed and answers, and what verifies them."""
    return Table({
        "format": Field(str, choices=(SAVE_FORMAT, *LEGACY_FORMATS)),
        "seed": Field(int, min=0),
        "answers": Field(ArrayOf(str)),
        "scenario": Field(scenario_schema()),
        "note": Field(str, default=""),
        "final_scores": Field(ArrayOf(Table({"player": Field(str, default=""),
                                             "score": Field(float)})), default=list),
        "winners": Field(ArrayOf(str), default=list),
        "plugin_files": Field(ArrayOf(Table({"entry": Field(str), "sha256": Field(str)})),
                              default=list),
        "digest": Field(str, default=""),
    })


@dataclass(frozen=True)
class Ending:
    """How a finished game ended: each seat's score and player, and the winners' names. From a
    save, ``players`` holds "" and ``winners`` is empty where an older save did not record them."""
    scores: list[float]
    players: list[str]
    winners: list[str]

    @classmethod
    def of(cls, game: Game) -> Ending:
        names = [seat.name for seat in game.seats]
        return cls([float(s.value) for s in game.result.scores], names,
                   [names[i] for i in game.result.winners])

    def differences(self, replayed: Ending) -> list[str]:
        """What differs between this (recorded) ending and ``replayed``, in words."""
        if len(self.scores) != len(replayed.scores):
            return [f"the save records {len(self.scores)} final scores, the replayed game has "
                    f"{len(replayed.scores)} seats"]
        found = []
        for seat, (score, name, now_score, now_name) in enumerate(zip(
                self.scores, self.players, replayed.scores, replayed.players, strict=True)):
            name = name or now_name
            if (name, score) != (now_name, now_score):
                found.append(f"seat {seat + 1}: {name} scored {score:g} in the save, "
                             f"{now_name} scored {now_score:g} in the replay")
        if self.winners and self.winners != replayed.winners:
            found.append(f"winner: {', '.join(self.winners)} in the save, "
                         f"{', '.join(replayed.winners)} in the replay")
        return found


@dataclass
class SavedGame:
    """A loaded save, verified unless it is in an old format (``verified``)."""
    path: Path
    scenario: Scenario
    seed: int
    answers: list[str]
    ending: Ending | None           # None: the game was not finished when saved
    note: str = ""
    format: str = SAVE_FORMAT
    verified: bool = True

    def unverified_warning(self) -> str | None:
        """What a person replaying or resuming an unverified save is told, else None."""
        if self.verified:
            return None
        return (f"{self.path} is an old save ({self.format}) without a digest, so it is "
                "unverified: an edit to it would go unnoticed (a finished game's recorded "
                "scores are still checked against the replay)")


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
        ending = Ending.of(game)
        data["final_scores"] = [{"player": name, "score": score}
                                for name, score in zip(ending.players, ending.scores, strict=True)]
        data["winners"] = ending.winners
    data["digest"] = _digest(data)
    return data


def save_game(game: Game, path: str | Path, note: str = "", *, overwrite: bool = False) -> Path:
    """Write ``game`` to ``path``; when that file exists, to ``NAME-2.toml``, ``NAME-3.toml``,
    … The name is claimed by creating the file exclusively, so a save started at the same moment
    elsewhere takes another name. ``overwrite``: ``path`` is this game's own save, replaced
    whole. Returns the path written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = tomli_w.dumps(save_data(game, path.parent, note)).encode()
    if overwrite:
        _replace_atomically(path, text)
        return path
    path = _claim(path)
    try:
        _replace_atomically(path, text)
    except BaseException:
        path.unlink(missing_ok=True)        # the name claimed, nothing written: give it back
        raise
    return path


def _claim(path: Path) -> Path:
    """Create ``path`` (or ``NAME-2``, ``NAME-3``, … when taken), empty, as nobody else can."""
    candidate, n = path, 1
    while True:
        try:
            os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            return candidate
        except FileExistsError:
            n += 1
            candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")


def _replace_atomically(path: Path, data: bytes) -> None:
    """``path`` now holds ``data``: written to a temporary file in the same folder, then renamed
    over it, so the file is always either the old save or the new one. It keeps the file's
    permissions (a new file's, when there was none)."""
    path.touch(exist_ok=True)
    mode = stat.S_IMODE(path.stat().st_mode)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def is_save_file(path: str | Path) -> bool:
    data = read_toml(Path(path))
    return data.get("format") in (SAVE_FORMAT, *LEGACY_FORMATS)


def load_saved(path: str | Path) -> SavedGame:
    """Read and verify a save: its digest (nothing edited since it was written) and the digest
    of every plugin file it names (the code is the code the game was played with). A save in an
    old format has no digest: it loads unverified (``SavedGame.verified`` is False)."""
    path = Path(path)
    raw = read_toml(path)
    if raw.get("format") not in (SAVE_FORMAT, *LEGACY_FORMATS) and "variant" in raw:
        raise ConfigError("this is a scenario, not a saved game: `peloponnes play` plays it",
                          where=str(path))
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
    ending = None
    if data["final_scores"]:
        ending = Ending([s["score"] for s in data["final_scores"]],
                        [s["player"] for s in data["final_scores"]], data["winners"])
    return SavedGame(path, scenario, data["seed"], data["answers"], ending, data["note"],
                     data["format"], verified=data["format"] == SAVE_FORMAT)


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
           ending: Ending | None = None) -> Game:
    """Feed recorded answers to a fresh game; stops early if the answers run out.
    ``ending``: the game must end so (how the save says it ended), else a ConfigError names
    what differs. (Resuming a game with its bots asked again on the way is the table's
    ``_rebuild``.)"""
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
    if ending is not None:
        check_ending(game, ending, len(answers), where=where)
    return game


def check_ending(game: Game, ending: Ending, answers: int, *, where: str = "save") -> None:
    """A ConfigError naming what differs unless ``game``, replayed from a save's ``answers``
    answers, ended as the save says (``ending``)."""
    if not game.finished:
        raise ConfigError(f"the save records a finished game, but its {answers} answers leave "
                          f"the game waiting in round {game.round}", where=where, path="answers")
    differences = ending.differences(Ending.of(game))
    if differences:
        raise ConfigError("the replayed game does not end as the save says: "
                          + "; ".join(differences) + " (were the rules, the plugins or the save"
                          " changed?)", where=where, path="final_scores")
