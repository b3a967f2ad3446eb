"""Loading and validating a variant's component data (``components.toml``).

The core registers ``DefaultComponents`` as the last-resort ``load_components`` implementation;
a plugin may return other data (first result wins) or wrap it. Whatever comes back is validated
against the variant's schema, so a house-rule deck is held to the same rules as the shipped one.
"""
from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from .errors import ConfigError
from .hookspecs import hookimpl

MAX_FILE_BYTES = 4 * 1024 * 1024     # scenarios, saves and component files are small text
MAX_DEPTH = 32                       # tables and arrays nested inside each other


def read_toml(path: Path) -> dict:
    """Read a TOML file of sane shape: a regular file (not a FIFO, a device or a folder) of at
    most ``MAX_FILE_BYTES``, nested at most ``MAX_DEPTH`` deep. Every problem is a ConfigError
    naming the file."""
    where = _shown(path)
    check_file(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"cannot read: {exc.strerror or exc}", where=where) from None
    if len(raw) > MAX_FILE_BYTES:
        raise ConfigError(f"too large (more than {MAX_FILE_BYTES} bytes)", where=where)
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError("not a UTF-8 text file", where=where) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"not valid TOML: {exc}", where=where) from None
    except RecursionError:
        raise ConfigError(f"nested too deeply (at most {MAX_DEPTH} levels)", where=where) from None
    check_depth(data, where)
    return data


def check_file(path) -> None:
    """Refuse what is no regular file of sane size (a FIFO, a device, a folder, a path with a
    NUL byte or too long), with a ConfigError naming the file, before anything reads it."""
    where = _shown(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise ConfigError("file not found", where=where) from None
    except ValueError:          # a NUL byte in the path
        raise ConfigError("not a usable file path (it contains a NUL byte)", where=where) from None
    except OSError as exc:      # a name too long, a loop of links, no permission
        raise ConfigError(f"cannot read: {exc.strerror or exc}", where=where) from None
    if stat.S_ISDIR(info.st_mode):
        raise ConfigError("is a directory, not a TOML file", where=where)
    if not stat.S_ISREG(info.st_mode):
        raise ConfigError("not a regular file (a device, pipe or socket is not read)",
                          where=where)
    if info.st_size > MAX_FILE_BYTES:
        raise ConfigError(f"too large ({info.st_size} bytes; at most {MAX_FILE_BYTES})",
                          where=where)


def _shown(path) -> str:
    text = str(path)
    return text if len(text) <= 200 else text[:100] + "..." + text[-60:]


def check_depth(data: Any, where: str, limit: int = MAX_DEPTH) -> None:
    """Refuse data nested deeper than ``limit`` (checked without recursion), naming the path."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, at, depth = stack.pop()
        if depth > limit:
            raise ConfigError(f"nested too deeply (at most {limit} levels)", where=where,
                              path=at or None)
        if isinstance(value, dict):
            stack.extend((v, f"{at}.{k}" if at else str(k), depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, f"{at}[{i}]", depth + 1) for i, v in enumerate(value))


def reconstructed_paths(data: Any, path: str = "") -> list[str]:
    """Key paths of every entry whose ``provenance`` is ``reconstructed``."""
    found: list[str] = []
    if isinstance(data, dict):
        if data.get("provenance") == "reconstructed":
            label = data.get("name") or data.get("id")
            found.append(f"{path} ({label})" if label and path else path or "(top level)")
        for key, value in data.items():
            found.extend(reconstructed_paths(value, f"{path}.{key}" if path else key))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            found.extend(reconstructed_paths(item, f"{path}[{i}]"))
    return found


class DefaultComponents:
    """Core plugin: reads the component file named by the scenario (or the variant's own)."""

    @hookimpl(trylast=True)
    def load_components(self, variant, path):
        return read_toml(Path(path))
