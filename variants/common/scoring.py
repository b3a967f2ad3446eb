"""The family's scoring: the lower of two totals counts; ties go to the higher other total, then
to the most luxury goods (cardgame Scoring; boardgame Final Score And Winner)."""
from peloponnes.core import Score


def lower_total_score(population: int, power: int, luxury: int, **details) -> Score:
    """The Score of a seat with these totals and luxury goods; ``details`` (keywords) are shown
    after the three totals."""
    return lower_total_score_with(population, power, luxury, details)


def lower_total_score_with(population: int, power: int, luxury: int, details: dict) -> Score:
    """``lower_total_score`` with its details as a dict: cheaper where every seat is scored every
    round (the standing), as a call with keyword arguments costs more than one with a dict."""
    # a comparison rather than min() and max(), and Score's fields in their order (value,
    # tiebreak, details) rather than by keyword
    if population < power:
        low, high = population, power
    else:
        low, high = power, population
    return Score(low, (high, luxury),
                 {"population": population, "power": power, "luxury": luxury, **details})


def balance_gap(game) -> float:
    """The family's own metric: the mean gap between the two totals of ``lower_total_score``
    (population and power or prestige) at the end. The metrics every game has (rounds,
    decisions, winner's score and margin, tie, each seat's score and win share) come from the
    core (``core.metrics``), so the variants' ``collect_metrics`` add only their own."""
    scores = game.result.scores
    return sum(abs(s.details["population"] - s.details["power"]) for s in scores) / len(scores)


def scores_now(game) -> list[float]:
    """Each seat's score were the game to end now (``score_seat`` on the table as it stands,
    without the game end's own phases), the first tiebreak as a hundredth: the family's
    ``evaluate_seats``, a position's value for search agents that stop a simulated game early."""
    values = []
    for seat in range(game.num_players):
        score = game.hook.score_seat(game=game, seat=seat)
        values.append(score.value + (score.tiebreak[0] / 100 if score.tiebreak else 0))
    return values
