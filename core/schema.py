"""A small declarative validator for TOML data: scenarios and component files.

A schema is a ``Table`` of named ``Field``s; a field's type is a Python type, a nested ``Table``,
an ``ArrayOf`` another type, or a ``MapOf`` values. Validation returns the data with defaults
filled in and raises ``ConfigError`` naming the file and the key path of the first problem.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import ConfigError

_REQUIRED = object()

_TYPE_NAMES = {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
               list: "an array", dict: "a table"}


@dataclass(frozen=True)
class Field:
    type: Any
    default: Any = _REQUIRED
    choices: tuple | None = None
    min: float | None = None
    max: float | None = None
    doc: str = ""

    @property
    def required(self) -> bool:
        return self.default is _REQUIRED


@dataclass(frozen=True)
class Table:
    fields: dict[str, Field]
    open: bool = False  # accept unknown keys (kept as they are)


@dataclass(frozen=True)
class ArrayOf:
    item: Any
    min_len: int = 0
    max_len: int | None = None


@dataclass(frozen=True)
class MapOf:
    value: Any
    keys: tuple | None = None  # allowed keys, None = any


def describe(value: Any) -> str:
    return repr(value) if not isinstance(value, (dict, list)) else type(value).__name__


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def validate(data: Any, schema: Any, *, where: str | None = None, path: str = "") -> Any:
    """Check ``data`` against ``schema``; return it with defaults applied."""
    def fail(message: str, at: str = path):
        raise ConfigError(message, where=where, path=at or None)

    if isinstance(schema, Table):
        if not isinstance(data, dict):
            fail(f"expected a table, got {describe(data)}")
        out: dict[str, Any] = {}
        unknown = [k for k in data if k not in schema.fields]
        if unknown and not schema.open:
            known = ", ".join(sorted(schema.fields))
            fail(f"unknown key '{unknown[0]}' (known: {known})", _join(path, unknown[0]))
        for name, spec in schema.fields.items():
            sub = _join(path, name)
            if name not in data:
                if spec.required:
                    fail("missing required key", sub)
                out[name] = spec.default() if callable(spec.default) else spec.default
                continue
            value = validate(data[name], spec.type, where=where, path=sub)
            if spec.choices is not None and value not in spec.choices:
                fail(f"unknown value {value!r} (known: {', '.join(map(str, spec.choices))})", sub)
            if spec.min is not None and value < spec.min:
                fail(f"must be at least {spec.min}, got {value!r}", sub)
            if spec.max is not None and value > spec.max:
                fail(f"must be at most {spec.max}, got {value!r}", sub)
            out[name] = value
        if schema.open:
            for k in unknown:
                out[k] = data[k]
        return out
    if isinstance(schema, ArrayOf):
        if not isinstance(data, list):
            fail(f"expected an array, got {describe(data)}")
        if len(data) < schema.min_len:
            fail(f"expected at least {schema.min_len} entries, got {len(data)}")
        if schema.max_len is not None and len(data) > schema.max_len:
            fail(f"expected at most {schema.max_len} entries, got {len(data)}")
        return [validate(item, schema.item, where=where, path=_join(path, i))
                for i, item in enumerate(data)]
    if isinstance(schema, MapOf):
        if not isinstance(data, dict):
            fail(f"expected a table, got {describe(data)}")
        if schema.keys is not None:
            for k in data:
                if k not in schema.keys:
                    fail(f"unknown key '{k}' (known: {', '.join(schema.keys)})", _join(path, k))
        return {k: validate(v, schema.value, where=where, path=_join(path, k))
                for k, v in data.items()}
    if schema is Any:
        return data
    # A scalar type: bool is not an int here, an int is accepted where a float is expected.
    if schema is float and isinstance(data, int) and not isinstance(data, bool):
        return float(data)
    if schema is int and isinstance(data, bool):
        fail(f"expected {_TYPE_NAMES[int]}, got {describe(data)}")
    if not isinstance(data, schema):
        fail(f"expected {_TYPE_NAMES.get(schema, schema.__name__)}, got {describe(data)}")
    return data


def list_default() -> list:
    return []


def dict_default() -> dict:
    return {}
