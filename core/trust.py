"""Which plugin code may be imported: shipped with the package, installed through the
``peloponnes`` entry-point group, or trusted by the user.

A scenario is a file people share, and a plugin file is code. The code a scenario names by file
path or by an arbitrary module name is imported only once the user consents: ``--trust`` on the
command line (the scenario then carries ``trusted=True`` for that run), or a trust record the user
made with ``peloponnes trust FILE`` (kept per path, with the file's digest at the time, in
``$XDG_CONFIG_HOME/peloponnes/trusted.toml``, by default ``~/.config/peloponnes/trusted.toml``).
Files written by ``peloponnes new-plugin`` are recorded for their author.

Nothing here imports a plugin: deciding and inspecting happen before any code runs.
"""
from __future__ import annotations

import ast
import hashlib
import importlib.util
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import tomli_w

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


def _read_record() -> dict:
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


def _write_record(record: dict) -> Path:
    path = record_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(tomli_w.dumps(record).encode())
    tmp.replace(path)
    return path


def _key(path: str | Path) -> str:
    return str(Path(path).resolve())


def trust_file(path: str | Path, reason: str = "trusted by you") -> Path:
    """Remember that the user trusts the plugin file at ``path``; returns the record's path."""
    record = _read_record()
    record["files"][_key(path)] = {"sha256": file_digest(path), "reason": reason}
    return _write_record(record)


def trust_module(name: str) -> Path:
    """Remember that the user trusts the importable module ``name``."""
    record = _read_record()
    record["modules"][name] = {"reason": "trusted by you"}
    return _write_record(record)


def forget(target: str) -> bool:
    """Drop a file or module from the trust record; False when it was not there."""
    record = _read_record()
    found = record["files"].pop(_key(target), None) is not None
    found = record["modules"].pop(target, None) is not None or found
    if found:
        _write_record(record)
    return found


def trusted_entries() -> dict:
    """The trust record: ``{"files": {path: {...}}, "modules": {name: {...}}}``."""
    return _read_record()


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
                        _read_record()["files"].get(_key(resolved_file)))
    if entry in entry_points:
        return PluginSource(entry, "installed", entry_points[entry], True,
                            "installed (peloponnes entry point)")
    if entry in shipped_plugins():
        return PluginSource(entry, "shipped", f"{PLUGIN_PACKAGE}.{entry}", True,
                            "ships with peloponnes")
    if entry == PROJECT_PACKAGE or entry.startswith(PROJECT_PACKAGE + "."):
        return PluginSource(entry, "shipped", entry, True, "part of peloponnes")
    return _foreign(entry, "module", entry, scenario_trusted,
                    _read_record()["modules"].get(entry))


def _foreign(entry: str, kind: str, target: str, scenario_trusted: bool,
             recorded: dict | None) -> PluginSource:
    if scenario_trusted:
        return PluginSource(entry, kind, target, True, "trusted for this run (--trust)")
    if recorded is not None:
        return PluginSource(entry, kind, target, True,
                            f"trust record ({recorded.get('reason', 'trusted by you')})")
    return PluginSource(entry, kind, target, False, "not trusted")


def refusal(source: PluginSource) -> str:
    """The one-line message for a refused plugin: which code, and how to trust it."""
    what = "plugin file" if source.kind == "file" else "plugin module"
    return (f"{what} '{source.target}' is code that is neither shipped nor installed, and you "
            f"have not trusted it; read it, then run again with --trust, or trust it for good "
            f"with `{source.trust_command}`")


# --- inspection without importing --------------------------------------------------------------

def _decorator_name(node: ast.expr) -> str:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return ""


def hooks_in_source(path: str | Path) -> list[str]:
    """Names of the functions and methods decorated with ``hookimpl`` in a Python file, read with
    ``ast`` (the file is never imported). Raises ConfigError when the file cannot be read."""
    try:
        text = Path(path).read_bytes()
        tree = ast.parse(text, filename=str(path))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"cannot read: {exc}", where=str(path)) from None
    except SyntaxError as exc:
        raise ConfigError(f"not valid Python (line {exc.lineno}): {exc.msg}",
                          where=str(path)) from None
    except RecursionError:
        raise ConfigError("nested too deeply to read", where=str(path)) from None
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                _decorator_name(d) in ("hookimpl", "impl") for d in node.decorator_list):
            found.append(node.name)
    return sorted(set(found))


def module_file(name: str) -> str | None:
    """The source file of a top-level module, located without importing it (dotted names would
    import their parent package, so they are not located)."""
    if "." in name or not name.isidentifier():
        return None
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    origin = getattr(spec, "origin", None) if spec else None
    return origin if origin and origin.endswith(".py") else None
