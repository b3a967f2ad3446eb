"""A seat's view built on first use (``LazyView``): what bots are handed. Many of a heuristic
bot's answers read no view at all (the smallest bid, the first option offered), and building a
view walks the whole table, so the engine (``Game.ask_bot``) and search rollouts hand bots this
read-only Mapping instead of the dict ``view_for_seat`` returns; the first read builds it,
through ``Game.view`` (guarded: a failure names ``view_for_seat``). Where the plugins offer the
view's entries one at a time (``view_part_for_seat``), reading one entry (``view["me"]``)
builds only that entry until the whole view is asked for. ``dict(view)`` (or ``view.copy()``)
gives a plain dict, e.g. for ``json.dumps``."""
from __future__ import annotations

from collections.abc import Mapping


class LazyView(Mapping):
    """``game``'s view for ``seat``, built on first use."""
    __slots__ = ("_game", "_seat", "_view", "_parts")

    def __init__(self, game, seat: int):
        self._game, self._seat, self._view, self._parts = game, seat, None, {}

    def _built(self) -> dict:
        if self._view is None:
            self._view = self._game.view(self._seat)
        return self._view

    def __getitem__(self, key):
        if self._view is not None:
            return self._view[key]
        part = self._parts.get(key)
        if part is None:
            part = self._game.view_part(self._seat, key)
            if part is None:                # not offered: the whole view
                return self._built()[key]
            self._parts[key] = part
        return part

    def __contains__(self, key) -> bool:
        return key in self._built()

    def get(self, key, default=None):
        return self._built().get(key, default)

    def __iter__(self):
        return iter(self._built())

    def __len__(self) -> int:
        return len(self._built())

    def copy(self) -> dict:
        """The view as a plain dict."""
        return dict(self._built())
