"""Where learned models live: one file per ruleset in the user's cache folder
(``$XDG_CACHE_HOME/peloponnes/models``, by default ``~/.cache/peloponnes/models``), named by the
ruleset's digest.

The digest (``ruleset_digest``) covers everything that changes the rules a model learned: the
variant, the number of seats, the options (defaults included), the plugins in their order with
the content of their code (a variant's folder, a plugin file or module), their parameters and
every component value. Change any of them and the digest changes, so a model is never used for
rules it was not trained on: it is looked up by digest, and a model file given by hand is checked
against the digest of the rules it is meant for (``check_fits``).
"""
from __future__ import annotations

import hashlib
import json
import os
from datetime import datetime
from pathlib import Path

from peloponnes.core.errors import ConfigError

from .model import FORMAT, OlderModel, ValueModel

SUFFIX = ".npz"
DIGEST_CHARS = 16       # of the digest in file names and listings: enough to tell rulesets apart


def cache_folder() -> Path:
    """The folder of cached models (created when a model is first stored)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "peloponnes" / "models"


# --- the digest of a ruleset --------------------------------------------------------------------
def _code_digest(home: Path | None) -> str | None:
    """sha256 of a plugin's code: its file, or every .py and .toml file of its folder."""
    if home is None:
        return None
    files = [home] if home.is_file() else sorted(
        p for p in home.rglob("*") if p.suffix in (".py", ".toml") and p.is_file())
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(home) if path != home else path.name).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def ruleset_digest(ruleset, scenario) -> str:
    """The digest of the rules ``scenario`` plays with ``ruleset`` (loaded together by
    ``load_ruleset``); computed once per loaded ruleset and number of seats (kept with it:
    ``Ruleset.derived``)."""
    seats = len(scenario.players)
    return ruleset.derived(f"learned.digest.{seats}", lambda: _digest(ruleset, scenario, seats))


def _digest(ruleset, scenario, seats: int) -> str:
    body = {
        "model_format": FORMAT,
        "variant": ruleset.variant.name,
        "seats": seats,
        "options": scenario.options,
        "plugins": [[p.kind, p.name, _code_digest(p.home())] for p in ruleset.plugins],
        "parameters": ruleset.parameters,
        "components": ruleset.components,
    }
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


def describe_rules(ruleset, scenario) -> dict:
    """What a model's header says about the rules it learned, for people to read."""
    return {"variant": ruleset.variant.name, "seats": len(scenario.players),
            "plugins": [p.name for p in ruleset.plugins if p.kind in ("file", "module")],
            "options": dict(scenario.options)}


def short(digest: str) -> str:
    return digest[:DIGEST_CHARS]


# --- the cache ----------------------------------------------------------------------------------
_loaded: dict[Path, ValueModel] = {}    # cache file -> its model, read once per process


def path_for(digest: str) -> Path:
    return cache_folder() / f"{short(digest)}{SUFFIX}"


def find(digest: str) -> ValueModel | None:
    """The cached model of the ruleset with ``digest``, or None."""
    path = path_for(digest)
    model = _loaded.get(path)
    if model is not None:
        return model
    if not path.is_file():
        return None
    model = ValueModel.load(path)
    if model.info.get("digest") != digest:      # a prefix shared by two rulesets: not this one
        return None
    _loaded[path] = model
    return model


def store(model: ValueModel) -> Path:
    """Cache ``model`` under its ruleset's digest (replacing an older one)."""
    path = model.save(path_for(model.digest))
    _loaded[path] = model
    return path


def cached() -> list[tuple[Path, ValueModel]]:
    """Every model in the cache, newest first (files that are no model are skipped)."""
    folder = cache_folder()
    out = []
    for path in sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []:
        try:
            out.append((path, ValueModel.load(path)))
        except ConfigError:
            continue
    return sorted(out, key=lambda item: item[1].info.get("created", ""), reverse=True)


def clear() -> int:
    """Delete every cached model (older versions' too); returns how many."""
    removed = 0
    folder = cache_folder()
    for path in sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []:
        try:
            ValueModel.load(path)
        except OlderModel:      # an older version's model: cleared too, it is of no use
            pass
        except ConfigError:     # not a model: not ours to delete
            continue
        path.unlink(missing_ok=True)
        removed += 1
    _loaded.clear()
    return removed


def find_by_prefix(prefix: str) -> tuple[Path, ValueModel] | None:
    """The cached model whose digest starts with ``prefix`` (as ``peloponnes models`` lists it);
    None when none does; a ConfigError when several do."""
    found = [(p, m) for p, m in cached() if m.digest.startswith(prefix.lower())]
    if len(found) > 1:
        raise ConfigError(f"{len(found)} cached models start with '{prefix}': give more of the"
                          " digest")
    return found[0] if found else None


def check_fits(model: ValueModel, digest: str, where: str) -> None:
    """Refuse ``model`` for the ruleset with ``digest``, saying what each was for."""
    if model.digest == digest:
        return
    trained = model.info
    raise ConfigError(
        f"{where}: this model was trained for other rules ({trained.get('variant', '?')},"
        f" {trained.get('seats', '?')} seats, plugins:"
        f" {', '.join(trained.get('plugins', [])) or 'none'}; ruleset {short(model.digest)}),"
        f" not for this scenario's (ruleset {short(digest)}); train one for it with"
        " `peloponnes train SCENARIO`")


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")
