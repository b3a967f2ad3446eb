"""Snapshots of a game's table, for ``Game.fork``.

A snapshot is the pickled table (``game.state`` and every attribute a plugin set on the game)
taken at a phase boundary. Objects every game of a ruleset shares are not copied but referred
to: the component data (a card dict in a tableau stays *the* card dict of ``game.components``),
the ruleset, its hook relay, the plugins' ``StashKey`` objects (a key is its identity) and the
game itself (restored as the game the snapshot is loaded into). The table is pickled once per
phase and unpickled once per fork: a deep copy that keeps the shared objects shared.
"""
from __future__ import annotations

import io
import pickle
from typing import Any

from .stash import StashKey


class SharedObjects:
    """What snapshots refer to instead of copying: every container inside the component data,
    numbered once per game (forks of the game reuse the numbering). Known by identity (``id``):
    the component data is dicts and lists, which cannot be dict keys; ``objects`` keeps each
    one alive, so its ``id`` stays its own."""

    def __init__(self, components: Any, *extra: Any):
        self.objects: list = [None]            # 0 = the game a snapshot is loaded into
        self.ids: dict[int, int] = {}          # id(object) -> its number
        for obj in extra:
            self._add(obj)
        self._walk(components)

    def _add(self, obj: Any) -> int:
        if id(obj) not in self.ids:
            self.ids[id(obj)] = len(self.objects)
            self.objects.append(obj)
        return self.ids[id(obj)]

    def _walk(self, obj: Any) -> None:
        if isinstance(obj, dict):
            self._add(obj)
            for value in obj.values():
                self._walk(value)
        elif isinstance(obj, (list, tuple)):
            self._add(obj)
            for value in obj:
                self._walk(value)


class _Pickler(pickle.Pickler):
    def __init__(self, file, shared: SharedObjects, game: Any):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared = shared
        self.game = game

    def persistent_id(self, obj):
        if obj is self.game:
            return 0
        if isinstance(obj, StashKey):       # module-level keys, shared by every game
            return self.shared._add(obj)
        return self.shared.ids.get(id(obj))


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, shared: SharedObjects, game: Any):
        super().__init__(file)
        self.objects = shared.objects
        self.game = game

    def persistent_load(self, pid):
        return self.game if pid == 0 else self.objects[pid]


def dump_table(table: dict, shared: SharedObjects, game: Any) -> bytes:
    """Pickle ``table`` (attribute name -> value) of ``game``. Raises ``TypeError`` naming the
    attribute whose value cannot be pickled (a generator, a lambda, an open file)."""
    buffer = io.BytesIO()
    pickler = _Pickler(buffer, shared, game)
    try:
        pickler.dump(table)
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        for name, value in table.items():
            try:
                _Pickler(io.BytesIO(), shared, game).dump(value)
            except (pickle.PicklingError, TypeError, AttributeError):
                raise TypeError(f"game.{name} cannot be forked (not picklable): {exc}") from exc
        raise
    return buffer.getvalue()


def load_table(data: bytes, shared: SharedObjects, game: Any) -> dict:
    """A fresh copy of a dumped table, its references to the game pointing at ``game``."""
    return _Unpickler(io.BytesIO(data), shared, game).load()
