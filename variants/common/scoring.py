"""The family's scoring: the lower of two totals counts; ties go to the higher other total, then
to the most luxury goods (cardgame Scoring; boardgame Final Score And Winner)."""
from core import Score


def lower_total_score(population: int, power: int, luxury: int, **details) -> Score:
    return Score(value=min(population, power), tiebreak=(max(population, power), luxury),
                 details={"population": population, "power": power, "luxury": luxury, **details})
