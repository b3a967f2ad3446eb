"""A final score taken apart: the ``explain_score`` hook's answer. A ruleset names the totals its
rulebook adds up (population, power, ...), the parts of each with how they were counted, and how
the totals make the score (added up, or the lowest of them counts), so a player sees why a seat
scored what it did. The core knows no total by name; ``table`` words and shows the parts."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

# How the totals make the score.
SUM, LOWEST = "sum", "lowest"


@dataclass(frozen=True)
class ScorePart:
    """One line of a score sheet: ``value`` points added to the total called ``total``;
    ``label`` says what they are for, ``note`` how they were counted ("14 coin cards, 1 per
    6"). The table leaves out a part worth 0 without a note."""
    total: str
    label: str
    value: float
    note: str = ""


@dataclass(frozen=True)
class ScoreExplanation:
    """A seat's score sheet: its ``parts`` in the rulebook's order; ``counts`` is ``"sum"``
    (the totals are added up) or ``"lowest"`` (the lowest total is the score); ``tiebreak``
    names each entry of the seat's ``Score.tiebreak`` in order ("the higher other total")."""
    parts: tuple[ScorePart, ...]
    counts: str = SUM
    tiebreak: tuple[str, ...] = ()

    def totals(self) -> dict[str, float]:
        """Each total's sum, in the order the parts first name them."""
        sums: dict[str, float] = {}
        for part in self.parts:
            sums[part.total] = sums.get(part.total, 0) + part.value
        return sums

    @property
    def value(self) -> float:
        """The score the parts make."""
        sums = list(self.totals().values())
        if not sums:
            return 0
        return min(sums) if self.counts == LOWEST else sum(sums)


def explanation(value: Any, kwargs: dict) -> str | None:
    """A check: a ScoreExplanation whose parts are ScoreParts with text and finite numbers."""
    if not isinstance(value, ScoreExplanation):
        return f"expected a ScoreExplanation, got {type(value).__name__}"
    if value.counts not in (SUM, LOWEST):
        return f"counts must be '{SUM}' or '{LOWEST}', got {value.counts!r:.40}"
    for part in value.parts:
        if not isinstance(part, ScorePart):
            return f"expected ScoreParts, got {type(part).__name__} {part!r:.40}"
        if not all(isinstance(text, str) for text in (part.total, part.label, part.note)):
            return f"a ScorePart's total, label and note must be text: {part!r:.60}"
        number = part.value
        if isinstance(number, bool) or not isinstance(number, (int, float)) \
                or not math.isfinite(number):
            return f"a ScorePart's value must be a finite number: {part!r:.60}"
    if not all(isinstance(name, str) for name in value.tiebreak):
        return "tiebreak must name each entry with text"
    return None
