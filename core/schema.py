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
    ctx = _Context(where, path)
    if isinstance(schema, Table):
        return _validate_table(data, schema, ctx)
    if isinstance(schema, ArrayOf):
        return _validate_array(data, schema, ctx)
    if isinstance(schema, MapOf):
        return _validate_map(data, schema, ctx)
    if schema is Any:
        return data
    return _validate_scalar(data, schema, ctx)


@dataclass(frozen=True)
class _Context:
    """Where a value being validated sits: the file and the key path."""
    where: str | None
    path: str

    def fail(self, message: str, at: str | None = None):
        at = self.path if at is None else at
        raise ConfigError(message, where=self.where, path=at or None)

    def sub(self, key: str | int) -> str:
        return _join(self.path, key)

    def check(self, value: Any, schema: Any, key: str | int) -> Any:
        return validate(value, schema, where=self.where, path=self.sub(key))


def _validate_table(data: Any, schema: Table, ctx: _Context) -> dict:
    if not isinstance(data, dict):
        ctx.fail(f"expected a table, got {describe(data)}")
    unknown = [k for k in data if k not in schema.fields]
    if unknown and not schema.open:
        known = ", ".join(sorted(schema.fields))
        ctx.fail(f"unknown key '{unknown[0]}' (known: {known})", ctx.sub(unknown[0]))
    out: dict[str, Any] = {}
    for name, spec in schema.fields.items():
        if name in data:
            out[name] = _validate_field(data[name], spec, name, ctx)
        elif spec.required:
            ctx.fail("missing required key", ctx.sub(name))
        else:
            out[name] = spec.default() if callable(spec.default) else spec.default
    if schema.open:
        out.update((k, data[k]) for k in unknown)
    return out


def _validate_field(raw: Any, spec: Field, name: str, ctx: _Context) -> Any:
    """One field of a table: its type, then its choices and range."""
    value = ctx.check(raw, spec.type, name)
    sub = ctx.sub(name)
    if spec.choices is not None and value not in spec.choices:
        ctx.fail(f"unknown value {value!r} (known: {', '.join(map(str, spec.choices))})", sub)
    # a field bounded both ways says its whole range, whichever end the value is past
    allowed = (f" (allowed: {spec.min} to {spec.max})"
               if spec.min is not None and spec.max is not None else "")
    if spec.min is not None and value < spec.min:
        ctx.fail(f"must be at least {spec.min}, got {value!r}{allowed}", sub)
    if spec.max is not None and value > spec.max:
        ctx.fail(f"must be at most {spec.max}, got {value!r}{allowed}", sub)
    return value


def _validate_array(data: Any, schema: ArrayOf, ctx: _Context) -> list:
    if not isinstance(data, list):
        ctx.fail(f"expected an array, got {describe(data)}")
    if len(data) < schema.min_len:
        ctx.fail(f"expected at least {schema.min_len} entries, got {len(data)}")
    if schema.max_len is not None and len(data) > schema.max_len:
        ctx.fail(f"expected at most {schema.max_len} entries, got {len(data)}")
    return [ctx.check(item, schema.item, i) for i, item in enumerate(data)]


def _validate_map(data: Any, schema: MapOf, ctx: _Context) -> dict:
    if not isinstance(data, dict):
        ctx.fail(f"expected a table, got {describe(data)}")
    if schema.keys is not None:
        for k in data:
            if k not in schema.keys:
                ctx.fail(f"unknown key '{k}' (known: {', '.join(schema.keys)})", ctx.sub(k))
    return {k: ctx.check(v, schema.value, k) for k, v in data.items()}


def _validate_scalar(data: Any, schema: type, ctx: _Context) -> Any:
    # A scalar type: bool is not an int here, an int is accepted where a float is expected.
    if schema is float and isinstance(data, int) and not isinstance(data, bool):
        return float(data)
    if schema is int and isinstance(data, bool):
        ctx.fail(f"expected {_TYPE_NAMES[int]}, got {describe(data)}")
    if not isinstance(data, schema):
        ctx.fail(f"expected {_TYPE_NAMES.get(schema, schema.__name__)}, got {describe(data)}")
    return data


def list_default() -> list:
    return []


def dict_default() -> dict:
    return {}
