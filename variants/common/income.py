"""The family's income table (cardgame: the summary card; boardgame F.: the player mat): the
last row whose population the player reaches."""
from peloponnes.variants.common.auction import OPTION_CACHE_SIZE


def income_row(rows: list[dict], population: int) -> dict:
    """The last row of ``rows`` whose ``population`` is at most ``population`` (a plain loop:
    asked for every seat every round)."""
    reached = None
    for row in rows:
        if row["population"] <= population:
            reached = row
    if reached is None:
        raise IndexError(f"no income row for population {population}")
    return reached


# The income per population, kept per income table: ``compute_income`` is asked for every seat
# every round, and its default answer depends only on the population and the table, which the
# rules read and never change (the card game's summary card, the printed mat's and the colony
# boards' tables: the ruleset's component data, shared by its games; a mat given another table
# gets a new list). Keyed by the table's identity and the coins' field; the entry holds the
# table, so its id cannot be reused while kept; bounded, as a table comes with each ruleset
# loaded. A house rule's ``compute_income`` is asked as before.
_kept: dict[tuple[int, str], tuple[list, dict[int, tuple[int, int]]]] = {}


def kept_income(rows: list[dict], population: int, coins: str) -> tuple[int, int]:
    """(the row's ``coins`` field, its luxury goods) of the last row of ``rows`` that
    ``population`` reaches (``income_row``), kept per table and population."""
    key = (id(rows), coins)
    kept = _kept.get(key)
    if kept is None or kept[0] is not rows:
        if len(_kept) >= OPTION_CACHE_SIZE:
            _kept.clear()
        kept = _kept[key] = (rows, {})
    income = kept[1].get(population)
    if income is None:
        row = income_row(rows, population)
        income = kept[1][population] = (row[coins], row["luxury"])
    return income
