"""The family's score sheet: population against power (card game) or prestige (board game,
Heroes), each added up from its parts, the lower counting; ties go to the higher other total,
then to the most luxury goods (cardgame Scoring; boardgame Final Score And Winner). The
variants' tests check that every sheet adds up to the score ``score_seat`` gives."""
from __future__ import annotations

from peloponnes.core import ScoreExplanation, ScorePart
from peloponnes.core.score_parts import LOWEST

TIEBREAK = ("the higher other total", "the most luxury goods")


def lower_total_sheet(parts: list[ScorePart]) -> ScoreExplanation:
    """The sheet of a seat whose lower total counts."""
    return ScoreExplanation(tuple(parts), LOWEST, TIEBREAK)
