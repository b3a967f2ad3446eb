"""Values worked out from a piece of the ruleset's component data (a card, a tile, a table)
once, and kept across games: a card's label, a pile's eras, an income table's answers.

Component data is shared by every game of a ruleset and never changed by the rules, so such a
value cannot go stale. Each cache is keyed by the data's identity; the entry holds the data, so
its id cannot be reused while kept; bounded (``OPTION_CACHE_SIZE``), since new data comes with
each ruleset loaded.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from peloponnes.variants.common.auction import OPTION_CACHE_SIZE

T = TypeVar("T")


def kept_for(cache: dict[int, tuple[Any, Any]], data: Any, make: Callable[[Any], T]) -> T:
    """``make(data)``, kept in ``cache`` for this very ``data`` (made again for other data)."""
    kept = cache.get(id(data))
    if kept is not None and kept[0] is data:
        return kept[1]
    value = make(data)
    if len(cache) >= OPTION_CACHE_SIZE:
        cache.clear()
    cache[id(data)] = (data, value)
    return value
