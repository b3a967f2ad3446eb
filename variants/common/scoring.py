"""The family's scoring: the lower of two totals counts; ties go to the higher other total, then
to the most luxury goods (cardgame Scoring; boardgame Final Score And Winner)."""
from peloponnes.core import Score


def lower_total_score(population: int, power: int, luxury: int,
                      details: dict | None = None) -> Score:
    """The Score of a seat with these totals and luxury goods: the lower total counts, then the
    higher one, then the luxury goods; ``details`` are shown after the three totals."""
    shown = {"population": population, "power": power, "luxury": luxury, **(details or {})}
    return Score(min(population, power), (max(population, power), luxury), shown)


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
