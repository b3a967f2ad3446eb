"""Loading and validating a variant's component data (``components.toml``).

The core registers ``DefaultComponents`` as the last-resort ``load_components`` implementation;
a plugin may return other data (first result wins) or wrap it. Whatever comes back is validated
against the variant's schema, so a house-rule deck is held to the same rules as the shipped one.
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from .errors import ConfigError
from .hookspecs import hookimpl


def read_toml(path: Path) -> dict:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ConfigError("file not found", where=str(path)) from None
    except IsADirectoryError:
        raise ConfigError("is a directory, not a TOML file", where=str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"not valid TOML: {exc}", where=str(path)) from None
    except UnicodeDecodeError:
        raise ConfigError("not a UTF-8 text file", where=str(path)) from None


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
