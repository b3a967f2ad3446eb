"""The family's income table (cardgame: the summary card; boardgame F.: the player mat): the
last row whose population the player reaches."""
from bisect import bisect_right
from operator import itemgetter

POPULATION = itemgetter("population")


def income_row(rows: list[dict], population: int) -> dict:
    """The last row of ``rows`` whose ``population`` is at most ``population``. The rows ascend
    by population (each variant's schema checks its tables: ``check_income_rows``), so the row
    is found by bisection."""
    reached = bisect_right(rows, population, key=POPULATION)
    if reached == 0:
        raise IndexError(f"no income row for population {population}")
    return rows[reached - 1]
