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

from typing import Generic, TypeVar

T = TypeVar("T")


class StashKey(Generic[T]):
    """A key into a ``Stash``; ``name`` is only for messages. Create one per kind of state, at
    module level, and keep it: a new ``StashKey`` is a different key."""
    __slots__ = ("name",)

    def __init__(self, name: str = "") -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"StashKey({self.name!r})"


class Stash(dict):
    """Plugin state by ``StashKey``: ``stash[key] = value``, ``stash[key]``, ``key in stash``,
    ``stash.get(key, default)``, ``stash.setdefault(key, default)``, ``del stash[key]``.

    A dict underneath: reading is a dict's own read; setting checks that the key is a
    ``StashKey``, and a missing key says which."""
    __slots__ = ()

    def __setitem__(self, key: StashKey[T], value: T) -> None:
        if not isinstance(key, StashKey):
            raise TypeError(f"stash keys are StashKey objects, not {type(key).__name__}")
        super().__setitem__(key, value)

    def __missing__(self, key: StashKey[T]) -> T:
        raise KeyError(f"nothing stashed under {key!r} (set up by its plugin?)")
