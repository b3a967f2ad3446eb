"""What a game ends with: each seat's ``Score`` and the ``Result`` ranking them (the variants'
``score_seat`` answers a Score; the engine ranks the seats when the last phase has run)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Score:
    """A seat's final result: ``value`` is what ranks players; ``tiebreak`` (a tuple, higher
    is better) settles ties; ``details`` are the totals shown to people. Read-only by
    convention."""
    value: float
    tiebreak: tuple = ()
    details: dict = field(default_factory=dict)

    @property
    def key(self) -> tuple:
        return (self.value, *self.tiebreak)


@dataclass
class Result:
    scores: list[Score]
    ranking: list[int]          # seats, best first
    winners: list[int]          # seats sharing first place (all of them when fully tied)

    @property
    def tie(self) -> bool:
        return len(self.winners) > 1
