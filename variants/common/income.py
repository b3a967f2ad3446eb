"""The family's income table (cardgame: the summary card; boardgame F.: the player mat): the
last row whose population the player reaches."""


def income_row(rows: list[dict], population: int) -> dict:
    """The last row of ``rows`` whose ``population`` is at most ``population``."""
    reached = None
    for row in rows:
        if row["population"] <= population:
            reached = row
    if reached is None:
        raise IndexError(f"no income row for population {population}")
    return reached

