"""The family's income table (cardgame: the summary card; boardgame F.: the player mat): the
last row whose population the player reaches."""
from peloponnes.variants.common.kept import kept_for


def income_row(rows: list[dict], population: int) -> dict:
    """The last row of ``rows`` whose ``population`` is at most ``population``."""
    reached = [row for row in rows if row["population"] <= population]
    if not reached:
        raise IndexError(f"no income row for population {population}")
    return reached[-1]


def income_for(rows: list[dict], population: int, coins: str) -> tuple[int, int]:
    """(the ``coins`` field, the luxury goods) of the income row ``population`` reaches."""
    row = income_row(rows, population)
    return row[coins], row["luxury"]


# The income per population, kept per income table (``common.kept``): ``compute_income`` is asked
# for every seat every round, and its default answer depends only on the population and the
# table, which the rules read and never change (the card game's summary card, the printed mat's
# and the colony boards' tables; a mat given another table gets a new list). One cache per
# field the coins are read from; per table, the answers by population. A house rule's
# ``compute_income`` is asked as before.
_kept: dict[str, dict] = {}


def kept_income(rows: list[dict], population: int, coins: str) -> tuple[int, int]:
    """(the row's ``coins`` field, its luxury goods) of the last row of ``rows`` that
    ``population`` reaches (``income_row``), kept per table and population."""
    tables = _kept.get(coins)
    if tables is None:
        tables = _kept[coins] = {}
    answers = kept_for(tables, rows, _no_answers)
    income = answers.get(population)
    if income is None:
        row = income_row(rows, population)
        income = answers[population] = (row[coins], row["luxury"])
    return income


def _no_answers(rows: list[dict]) -> dict[int, tuple[int, int]]:
    return {}
