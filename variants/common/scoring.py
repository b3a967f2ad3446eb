"""The family's scoring: the lower of two totals counts; ties go to the higher other total, then
to the most luxury goods (cardgame Scoring; boardgame Final Score And Winner)."""
from peloponnes.core import Score
from peloponnes.core.decisions import new_object


def lower_total_score(population: int, power: int, luxury: int,
                      details: dict | None = None) -> Score:
    """The Score of a seat with these totals and luxury goods; ``details`` (a dict, not
    keywords: every seat is scored every round for the standing, and a call with keyword
    arguments costs more) are shown after the three totals."""
    # a comparison rather than min() and max(), and Score's fields in their order (value,
    # tiebreak, details) rather than by keyword
    if population < power:
        low, high = population, power
    else:
        low, high = power, population
    shown = {"population": population, "power": power, "luxury": luxury}
    if details:
        shown.update(details)
    # Score(low, (high, luxury), shown), built without calling the class (its __init__ is a
    # Python call; ``core.decisions.new_object``): every seat every round, for the standing
    score = new_object(Score)
    score.value = low
    score.tiebreak = (high, luxury)
    score.details = shown
    return score


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
