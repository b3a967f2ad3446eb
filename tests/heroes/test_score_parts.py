"""The final score taken apart (``explain_score``) as the Heroes & Colonies rulebook adds it up
(heroes-and-colonies.nl.txt "Winnaar"; the English digest's "Scoring"): prestige = building,
landscape and hero tiles (the hero's red side only) + 1 per 2, 3 or 4 coins (the colony);
population = inhabitants x 2, 3 or 4 (the colony) + 1 per mercenary; each clover leaf 2
prestige or 2 population, the player's choice; the lower counts. The rulebook gives no worked
example, so the sheet is checked on a table laid out by hand and on 200 played games."""
from __future__ import annotations

import pytest

from peloponnes.variants.heroes.conflict import internal_conflict
from peloponnes.variants.heroes.state import table
from tests.common.kit import final_sheets

from .kit import drive, land, new_game, plain_table, seat


def parts_of(game, s) -> dict:
    """label -> (total, value, note) of the seat's sheet."""
    sheet = game.hook.explain_score(game=game, seat=s)
    return {p.label: (p.total, p.value, p.note) for p in sheet.parts}


def test_prestige_population_mercenaries_and_clovers_line_by_line():
    """Byzantium: 4 points an inhabitant, 4 coins a prestige point; Helen's red side is worth
    its printed prestige; the 3 clover leaves all go to prestige, where they lift the lower
    total most (9 + 6 = 15 against 14 + 0)."""
    game = new_game(2)
    plain_table(game)
    seat(game, 0, colony="byzantium", hero="helen", population=3, coins=9, mercenaries=2,
         clovers=3, lands=[land(prestige=5)], luxury=4)
    helen = table(game).by_seat(0).hero["red"]["prestige"]
    parts = parts_of(game, 0)
    assert parts == {
        "prestige on the tiles": ("prestige", 5, "1 tile"),
        "the hero tile": ("prestige", helen, "Helen, red side"),
        "coins": ("prestige", 2, "9 coins in the reserve, 1 per 4"),
        "clover leaves for prestige": (
            "prestige", 6, "3 of 3 leaves x 2, each where it lifts the lower total"),
        "inhabitants": ("population", 12, "3 inhabitants x 4"),
        "mercenaries": ("population", 2, "2 mercenaries"),
        "clover leaves for population": ("population", 0, ""),
    }
    sheet = game.hook.explain_score(game=game, seat=0)
    assert sheet.value == game.hook.score_seat(game=game, seat=0).value == 14

    table(game).by_seat(0).flipped = True           # the orange side counts no prestige
    assert parts_of(game, 0)["the hero tile"] == ("prestige", 0,
                                                  "Helen, orange side: counts nothing")


def test_an_inhabitant_taken_in_the_final_internal_conflict_is_noted():
    """heroes: End of the game: the last supply round includes an internal conflict; the
    strongest takes an inhabitant (and a clover leaf) from the weakest."""
    game = new_game(2)
    strong, weak = plain_table(game, population=2)
    strong.strength, weak.clovers = 4, 1
    game.emit("game_end_signalled", "boardgame: End of the Game")
    drive(internal_conflict(game, final=True))
    assert parts_of(game, 1)["inhabitants"][2] == \
        "1 inhabitant x 3; the game end cost 1 inhabitant"
    assert parts_of(game, 0)["inhabitants"][2] == "3 inhabitants x 3"


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_for_200_seeds_the_parts_make_the_score_the_game_computed(players):
    # 4 player counts x 50 = 200 games
    for seed, s, score, sheet in final_sheets("heroes", players, 50):
        assert sheet.value == score.value, (seed, s)
        assert sheet.totals() == {"prestige": score.details["prestige"],
                                  "population": score.details["population"]}, (seed, s)
        clovers = sheet.parts[3].value + sheet.parts[6].value
        assert clovers == 2 * score.details["clovers"], (seed, s)
