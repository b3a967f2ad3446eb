"""The family's scoring: the lower of two totals counts; ties go to the higher other total, then
to the most luxury goods (cardgame Scoring; boardgame Final Score And Winner)."""
from peloponnes.core import Score


def lower_total_score(population: int, power: int, luxury: int, **details) -> Score:
    return Score(value=min(population, power), tiebreak=(max(population, power), luxury),
                 details={"population": population, "power": power, "luxury": luxury, **details})


def result_metrics(game) -> dict:
    """The metrics every game of the family reports from its result (``collect_metrics``):
    rounds played, decisions, the winner's score and margin, the mean gap between the two totals
    of ``lower_total_score``, whether first place was shared, and each seat's score. A variant
    adds its own (catastrophes, cards lost, luxury ...)."""
    scores = [s.value for s in game.result.scores]
    ordered = sorted(scores, reverse=True)
    metrics = {
        "rounds": game.round - 1,
        "decisions": game.decisions,
        "winner_score": ordered[0],
        "winning_margin": ordered[0] - ordered[1] if len(ordered) > 1 else 0,
        "balance_gap": sum(abs(s.details["population"] - s.details["power"])
                           for s in game.result.scores) / len(scores),
        "tie": 1 if game.result.tie else 0,
    }
    for seat, value in enumerate(scores):
        metrics[f"score_seat{seat + 1}"] = value
    return metrics
