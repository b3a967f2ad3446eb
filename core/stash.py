"""A typed place for plugins' own state on a game, like pytest's ``Config.stash``.

``game.state`` belongs to the variant that set it up. A plugin stacked on it (an expansion, a
house rule that remembers something) keeps its own part in ``game.stash`` under a key it owns::

    PLAGUES_SEEN = StashKey[int]("plagues seen")       # module level, one per kind of state

    @hookimpl(wrapper=True)
    def setup_game(game):
        yield
        game.stash[PLAGUES_SEEN] = 0

    ... game.stash[PLAGUES_SEEN] += 1

Keys are objects, not strings, so two plugins cannot collide by choosing the same name, and a
type checker knows what each key holds.
"""
from __future__ import annotations

from typing import Any, Generic, TypeVar, cast

T = TypeVar("T")
D = TypeVar("D")


class StashKey(Generic[T]):
    """A key into a ``Stash``; ``name`` is only for messages. Create one per kind of state, at
    module level, and keep it: a new ``StashKey`` is a different key."""
    __slots__ = ("name",)

    def __init__(self, name: str = "") -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"StashKey({self.name!r})"


class Stash:
    """Plugin state by ``StashKey``: ``stash[key] = value``, ``stash[key]``, ``key in stash``,
    ``stash.get(key, default)``, ``stash.setdefault(key, default)``, ``del stash[key]``."""
    __slots__ = ("_items",)

    def __init__(self) -> None:
        self._items: dict[StashKey[Any], object] = {}

    def __setitem__(self, key: StashKey[T], value: T) -> None:
        if not isinstance(key, StashKey):
            raise TypeError(f"stash keys are StashKey objects, not {type(key).__name__}")
        self._items[key] = value

    def __getitem__(self, key: StashKey[T]) -> T:
        try:
            return self._items[key]  # type: ignore[return-value]  # (no cast(): a hot path)
        except KeyError:
            raise KeyError(f"nothing stashed under {key!r} (set up by its plugin?)") from None

    def get(self, key: StashKey[T], default: D) -> T | D:
        return cast(T, self._items[key]) if key in self._items else default

    def setdefault(self, key: StashKey[T], default: T) -> T:
        return cast(T, self._items.setdefault(key, default))

    def __delitem__(self, key: StashKey[T]) -> None:
        del self._items[key]

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)
