"""The user's trust record: ``peloponnes trust FILE`` and ``peloponnes untrust``, and
reading a plugin's hooks without importing it (``peloponnes plugins``).

Whether a plugin may load is decided by ``peloponnes.core.consent``, which reads the record this
module writes: a file is recorded with the digest of its content, and trusted only while it
still has that content. Files written by ``peloponnes new-plugin`` are recorded for their author
as written.
"""
from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import tomli_w

from peloponnes.core.consent import file_digest, read_record, record_key, record_path
from peloponnes.core.errors import ConfigError


def write_record(record: dict) -> Path:
    path = record_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(tomli_w.dumps(record).encode())
    tmp.replace(path)
    return path


def trust_file(path: str | Path, reason: str = "trusted by you") -> Path:
    """Remember that the user trusts the plugin file at ``path`` with the content it has now
    (its sha256: once the file changes, it is no longer trusted); returns the record's path."""
    record = read_record()
    record["files"][record_key(path)] = {"sha256": file_digest(path), "reason": reason}
    return write_record(record)


def trust_module(name: str) -> Path:
    """Remember that the user trusts the importable module ``name``."""
    record = read_record()
    record["modules"][name] = {"reason": "trusted by you"}
    return write_record(record)


def forget(target: str) -> bool:
    """Drop a file or module from the trust record; False when it was not there."""
    record = read_record()
    found = record["files"].pop(record_key(target), None) is not None
    found = record["modules"].pop(target, None) is not None or found
    if found:
        write_record(record)
    return found


def trusted_entries() -> dict:
    """The trust record: ``{"files": {path: {...}}, "modules": {name: {...}}}``."""
    return read_record()


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
