"""A fixed-length numeric encoding of what one seat sees, built feature by feature.

The ``encode_view`` hook returns a ``Features``: learning agents (``peloponnes.rl``) read its
``values`` as the observation vector; ``names()`` says what each position means and ``lows()`` /
``highs()`` bound it. A value outside its bounds is clipped to them where the vector is used (a
feature saturates), so an observation always lies in the declared box. Whoever adds features
declares an encoding version (``declare``), so a trained policy can tell which encoding it was
trained on.

The core knows no rule: it only collects numbers. Plain Python (no numpy) keeps the engine free
of optional dependencies.
"""
from __future__ import annotations

from collections.abc import Sequence


class Features:
    """Numbers in order, each with a name and bounds. Names and bounds are stored per block (one
    ``add``, ``add_many`` or ``one_hot`` call) and expanded only when asked for, so encoding a
    view costs little more than appending its numbers."""

    __slots__ = ("values", "_blocks", "versions")

    def __init__(self) -> None:
        self.values: list[float] = []
        # (name, size, low, high, labels): a bound is one number or one per value
        self._blocks: list[tuple] = []
        self.versions: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self.values)

    def declare(self, contributor: str, version: int) -> Features:
        """Record that ``contributor`` (a variant or plugin name) added features in the layout
        numbered ``version``; raise the number whenever what you add changes."""
        self.versions[contributor] = version
        return self

    def add(self, name: str, value: float, high: float, low: float = 0.0) -> Features:
        """One number, meant to lie in ``[low, high]`` (it is clipped to them when used)."""
        self.values.append(value)
        self._blocks.append((name, 1, low, high, None))
        return self

    def add_many(self, name: str, values, high, low=0.0,
                 labels: Sequence[str] | None = None) -> Features:
        """Several numbers, named ``name[label]`` (or ``name[i]``). ``high`` and ``low`` are
        one bound for all, or a sequence with one bound per value."""
        before = len(self.values)
        self.values.extend(values)
        self._blocks.append((name, len(self.values) - before, low, high, labels))
        return self

    def one_hot(self, name: str, index: int | None, size: int,
                labels: Sequence[str] | None = None) -> Features:
        """``size`` numbers, 1 at ``index`` and 0 elsewhere (all 0 when ``index`` is None or
        out of range)."""
        values = [0.0] * size
        if index is not None and 0 <= index < size:
            values[index] = 1.0
        self.values.extend(values)
        self._blocks.append((name, size, 0.0, 1.0, labels))
        return self

    def names(self) -> list[str]:
        """One name per value, e.g. ``me.coins`` or ``slot[2].bid``."""
        out: list[str] = []
        for name, size, _, _, labels in self._blocks:
            if size == 1 and labels is None:
                out.append(name)
            else:
                out.extend(f"{name}[{label}]" for label in (labels or range(size)))
        return out

    def lows(self) -> list[float]:
        """The lower bound of every value."""
        return self._bounds(2)

    def highs(self) -> list[float]:
        """The upper bound of every value."""
        return self._bounds(3)

    def _bounds(self, which: int) -> list[float]:
        out: list[float] = []
        for block in self._blocks:
            size, bound = block[1], block[which]
            if isinstance(bound, int | float):
                out.extend([float(bound)] * size)
            else:
                if len(bound) != size:
                    raise ValueError(f"{block[0]}: {len(bound)} bounds for {size} values")
                out.extend(float(b) for b in bound)
        return out
