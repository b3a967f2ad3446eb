"""Consent to run plugin code: which plugin a scenario names may be imported.

A scenario is a file people share, and a plugin file is code. What ships with the package or is
installed through the ``peloponnes`` entry-point group loads; code a scenario names by file path
or by an arbitrary module name is imported only once the user consents: ``--trust`` on the
command line (the scenario then carries ``trusted=True`` for that run), or the user's trust
record (``$XDG_CONFIG_HOME/peloponnes/trusted.toml``, by default
``~/.config/peloponnes/trusted.toml``), which ``peloponnes trust FILE`` writes
(``peloponnes.authoring.trust``).

A file is trusted by its content, as direnv's ``allow`` does: the record keeps the sha256 of
the file as it was trusted, and a file whose bytes differ now (edited since, or replaced) is not
trusted until the user trusts it again; nor is a file whose record holds no digest. Module
names are trusted by name.

Nothing here imports a plugin: deciding happens before any code runs.
"""
from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .errors import ConfigError
from .shipped import PLUGIN_PACKAGE, is_shipped_file, shipped_plugins

RECORD_NAME = "trusted.toml"
PROJECT_PACKAGE = "peloponnes"

def config_dir() -> Path:
    """The user's configuration folder for peloponnes (XDG base directory rules)."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "peloponnes"


def record_path() -> Path:
    return config_dir() / RECORD_NAME


def file_digest(path: str | Path) -> str:
    """``sha256:<hex>`` of a file's bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
    return f"sha256:{digest.hexdigest()}"


def read_record() -> dict:
    path = record_path()
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        return {"files": {}, "modules": {}}
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the trust record: {exc}", where=str(path)) from None
    files = data.get("files") if isinstance(data.get("files"), dict) else {}
    modules = data.get("modules") if isinstance(data.get("modules"), dict) else {}
    return {"files": files, "modules": modules}


def record_key(path: str | Path) -> str:
    return str(Path(path).resolve())


def is_module_name(entry: str) -> bool:
    return all(part.isidentifier() for part in entry.split("."))


@dataclass
class PluginSource:
    """What a scenario's ``plugins`` entry names, decided without importing anything.

    ``kind``: ``shipped`` (an example house rule of the package, by name or file), ``installed``
    (an entry point of the ``peloponnes`` group), ``file`` or ``module`` (foreign code)."""
    entry: str
    kind: str
    target: str               # a resolved file path, or the module name to import
    trusted: bool
    why: str                  # how it came to be trusted, or why not
    hooks: list[str] = field(default_factory=list)   # read from the source, for inspection
    recorded: bool = False    # the trust record names it (for content it may no longer have)
    sha256: str = ""          # trusted by the record for exactly this content ("": not bound)

    @property
    def trust_command(self) -> str:
        return f"peloponnes trust {self.target}"


def classify(entry: str, resolved_file: str | None, entry_points: dict[str, str],
             scenario_trusted: bool) -> PluginSource:
    """Decide where ``entry`` comes from and whether it may be imported.
    ``resolved_file`` is the file a path entry names (None for module names)."""
    if resolved_file is not None:
        if is_shipped_file(resolved_file):
            return PluginSource(entry, "shipped", resolved_file, True, "ships with peloponnes")
        return _foreign(entry, "file", resolved_file, scenario_trusted,
                        read_record()["files"].get(record_key(resolved_file)))
    if entry in entry_points:
        return PluginSource(entry, "installed", entry_points[entry], True,
                            "installed (peloponnes entry point)")
    if entry in shipped_plugins():
        return PluginSource(entry, "shipped", f"{PLUGIN_PACKAGE}.{entry}", True,
                            "ships with peloponnes")
    if entry == PROJECT_PACKAGE or entry.startswith(PROJECT_PACKAGE + "."):
        return PluginSource(entry, "shipped", entry, True, "part of peloponnes")
    return _foreign(entry, "module", entry, scenario_trusted,
                    read_record()["modules"].get(entry))


def _foreign(entry: str, kind: str, target: str, scenario_trusted: bool,
             recorded: dict | None) -> PluginSource:
    if scenario_trusted:
        return PluginSource(entry, kind, target, True, "trusted for this run (--trust)")
    if recorded is None:
        return PluginSource(entry, kind, target, False, "not trusted")
    digest = ""
    if kind == "file":
        changed = content_change(target, recorded)
        if changed:
            return PluginSource(entry, kind, target, False, changed, recorded=True)
        digest = recorded["sha256"]
    reason = recorded.get("reason") if isinstance(recorded, dict) else None
    return PluginSource(entry, kind, target, True, f"trust record ({reason or 'trusted by you'})",
                        sha256=digest)


def short_digest(digest: str) -> str:
    """``sha256 ab12cd34ef56…``: enough of a digest to tell two apart when reading."""
    return f"sha256 {digest.removeprefix('sha256:')[:12]}…"


def content_change(path: str, recorded: dict) -> str | None:
    """Why the trust record does not cover the file at ``path`` as it is now (its content
    differs from what was trusted, or the record kept no digest), or None when it does."""
    trusted = recorded.get("sha256") if isinstance(recorded, dict) else None
    if not isinstance(trusted, str) or not trusted:
        return ("is in your trust record without the digest of its content, so whether it "
                "changed since cannot be told")
    try:
        now = file_digest(path)
    except OSError as exc:
        return f"cannot be read to check that it holds what you trusted ({exc.strerror or exc})"
    if now != trusted:
        return (f"changed since you trusted it (was {short_digest(trusted)}, now "
                f"{short_digest(now)})")
    return None


def refusal(source: PluginSource) -> str:
    """The one-line message for a refused plugin: which code, why, and how to trust it."""
    what = "plugin file" if source.kind == "file" else "plugin module"
    if source.recorded:         # trusted once, but not with what the file holds now
        return (f"{what} {source.target} {source.why}; read it, then run "
                f"`{source.trust_command}` again to trust what it holds now (or pass --trust "
                "for one run)")
    return (f"{what} '{source.target}' is code that is neither shipped nor installed, and you "
            f"have not trusted it; read it, then run again with --trust, or trust it for good "
            f"with `{source.trust_command}`")
