"""heroes: Changes to the flow of a round and End of game, as phases: three disaster chits a
round (and the last three at the end), the orange heroes' losses after F. every round, and the
final income after the last round."""
from __future__ import annotations

from peloponnes.core import Phase, insert_phase_after
from peloponnes.variants.boardgame.rules import ROUND_PHASES as BOARD_ROUND_PHASES

from .persians import orange_losses
from .state import END_RULE

INCOME = next(p for p in BOARD_ROUND_PHASES if p.name == "income")
FINAL_INCOME = Phase(INCOME.name, INCOME.run, f"{END_RULE}: final income")
HERO_LOSSES = Phase("hero_losses", orange_losses, "heroes: Heroes (orange side)")


def disaster_chits(game, final: bool) -> int:
    """heroes: 3 chits at the end of each round, and the last 3 at the end."""
    rules = game.components["expansion"]["rules"]
    return rules["final_chits"] if final else rules["chits_per_round"]


def round_phases(phases: list | None, last: bool) -> list:
    """The round's phases with the expansion's: in the ``last`` round F. again if the phases
    given lack it (End of game: after round 8 the players receive their income once more), and
    the orange heroes' losses after F. A new list each time."""
    result = list(phases or ())
    if last and INCOME.name not in [p.name for p in result]:
        result = insert_phase_after(result, "one_time_income", FINAL_INCOME)
    return insert_phase_after(result, INCOME.name, HERO_LOSSES)
