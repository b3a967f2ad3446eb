"""What every finished game measures, whatever its rules: the generic metrics that ``simulate``
and ``compare`` report beside the ones plugins add through ``collect_metrics``."""
from __future__ import annotations

import math
from collections.abc import Sequence


def _m(meaning: str, unit: str) -> dict:
    return {"meaning": meaning, "unit": unit}


# What every game's generic metrics mean (``describe_metrics`` of the core). ``seatN`` stands for
# every seat number.
GENERIC_METRICS = {
    "rounds": _m("rounds played", "rounds"),
    "decisions": _m("decisions the players were asked (one-option ones not counted)",
                    "decisions"),
    "winner_score": _m("the winner's final score", "points"),
    "winning_margin": _m("the winner's lead over second place at the end", "points"),
    "mean_score": _m("the mean final score of all seats", "points"),
    "tie": _m("share of games whose first place was shared (drawishness)", "share of games"),
    "score_seatN": _m("final score of seat N", "points"),
    "win_seatN": _m("win share of seat N (a win shared by k seats counts 1/k)", "share of games"),
    "first_player_win": _m("win share of the seat first in the initial turn order",
                           "share of games"),
    "decision_moves": _m("share of decisions that offered more than one option",
                         "share of decisions"),
    "branching_mean": _m("mean number of options per decision asked", "options"),
    "branching_max": _m("the most options one decision offered", "options"),
    "lead_changes": _m("times the sole leader (by per-round standing) changed", "changes"),
    "drama": _m("how far behind the leader the eventual winner was, mean over rounds",
                "standing points"),
    "standing": _m("per round: a seat's standing (its score if the game ended then), mean over "
                   "seats", "points"),
}


def lead_changes(standings: Sequence[Sequence[float] | None]) -> int:
    """How often the sole leader changed from one round to the next (a round where first place
    is shared has no leader and changes nothing)."""
    changes, leader = 0, None
    for standing in standings:
        if not standing:
            continue
        leaders = [seat for seat, value in enumerate(standing) if value == max(standing)]
        if len(leaders) == 1:
            if leader is not None and leaders[0] != leader:
                changes += 1
            leader = leaders[0]
    return changes


def drama(standings: Sequence[Sequence[float] | None], winners: Sequence[int]) -> float | None:
    """How far behind the eventual winner was, on average over the rounds: the leader's
    standing minus the winner's (0 in rounds the winner led). With shared first place, the
    winner who was least behind."""
    if not winners:
        return None
    behind = []
    for standing in standings:
        if not standing:
            continue
        own = [standing[w] for w in winners if w < len(standing)]
        if not own:
            raise ValueError(f"a round's standing {standing!r} has no value for any winner "
                             f"{list(winners)!r} (measure_round gave fewer seats)")
        behind.append(max(standing) - max(own))
    if not behind:
        return None
    return math.fsum(behind) / len(behind)


def generic_metrics(scores: Sequence[float], winners: Sequence[int], *,
                    first_player: int | None = None, rounds: int | None = None,
                    decisions: int | None = None, forced: int | None = None,
                    options_offered: int | None = None, options_max: int | None = None,
                    standings: Sequence[Sequence[float] | None] | None = None) -> dict:
    """The metrics every game has, from its final scores and winners: rounds played, decisions
    made, the winner's score, the margin to second place, the mean score, whether first place
    was shared (``tie``), each seat's score (``score_seatN``) and win share (``win_seatN``: 1
    for a sole win, 1/k when k seats share first place), and the win share of the seat first in
    the initial turn order (``first_player_win``, when that order is known).

    From the engine's own decisions (when given): ``decision_moves`` (the share of decisions
    that offered more than one option; one-option decisions are taken without asking),
    ``branching_mean`` and ``branching_max`` (options per decision asked). From the per-round
    standings (``measure_round``): ``lead_changes`` and ``drama`` (see those functions)."""
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
    if decisions is not None and forced is not None and decisions + forced:
        metrics["decision_moves"] = decisions / (decisions + forced)
    if decisions and options_offered is not None:
        metrics["branching_mean"] = options_offered / decisions
        metrics["branching_max"] = options_max
    if standings:
        metrics["lead_changes"] = lead_changes(standings)
        metrics["drama"] = drama(standings, winners)
    return metrics
