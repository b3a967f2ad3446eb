"""What every finished game measures, whatever its rules: the generic metrics that ``simulate``
and ``compare`` report beside the ones plugins add through ``collect_metrics``."""
from __future__ import annotations

import math
from collections.abc import Sequence


def generic_metrics(scores: Sequence[float], winners: Sequence[int], *,
                    first_player: int | None = None, rounds: int | None = None,
                    decisions: int | None = None) -> dict:
    """The metrics every game has, from its final scores and winners: rounds played, decisions
    made, the winner's score, the margin to second place, the mean score, whether first place
    was shared (``tie``), each seat's score (``score_seatN``) and win share (``win_seatN``: 1
    for a sole win, 1/k when k seats share first place), and the win share of the seat first in
    the initial turn order (``first_player_win``, when that order is known)."""
    ordered = sorted(scores, reverse=True)
    share = 1.0 / len(winners) if winners else 0.0
    metrics: dict = {}
    if rounds is not None:
        metrics["rounds"] = rounds
    if decisions is not None:
        metrics["decisions"] = decisions
    metrics.update({
        "winner_score": ordered[0],
        "winning_margin": ordered[0] - ordered[1] if len(ordered) > 1 else 0,
        "mean_score": math.fsum(scores) / len(scores),
        "tie": 1 if len(winners) > 1 else 0,
    })
    for seat, value in enumerate(scores):
        metrics[f"score_seat{seat + 1}"] = value
    for seat in range(len(scores)):
        metrics[f"win_seat{seat + 1}"] = share if seat in winners else 0.0
    if first_player is not None:
        metrics["first_player_win"] = share if first_player in winners else 0.0
    return metrics
