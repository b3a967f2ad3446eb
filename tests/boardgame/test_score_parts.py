"""The final score taken apart (``explain_score``) as boardgame.en.txt "Final Score And Winner"
adds it up: prestige = the tiles' prestige points + 1 per 3 coins in the reserve; population = 3
points per inhabitant; the lower counts; ties go to the larger total, then to the most luxury
goods. What a player reads under the final scores (``table.score_sheet``): the parts, what the
game end took (End of the Game: the last chits, the final feeding), the tiebreak that ranked
equal scores; and that the parts always make the score the game computed."""
from __future__ import annotations

from dataclasses import replace

import pytest

from peloponnes.core import Result
from peloponnes.table.score_sheet import sheet_lines
from peloponnes.variants.boardgame.supply import supply_round
from tests.common.kit import final_sheets

from .kit import building, drive, land, new_game, seat_player


def parts_of(game, seat) -> dict:
    """label -> (total, value, note) of the seat's sheet."""
    sheet = game.hook.explain_score(game=game, seat=seat)
    return {p.label: (p.total, p.value, p.note) for p in sheet.parts}


def name_seats(game, *names: str) -> None:
    game.seats = [replace(seat, name=name) for seat, name in zip(game.seats, names, strict=True)]


def finish(game) -> None:
    """Score the table as it stands, as the engine does once the game is over."""
    scores = [game.hook.score_seat(game=game, seat=s) for s in range(game.num_players)]
    ranking = sorted(range(len(scores)), key=lambda s: scores[s].key, reverse=True)
    best = scores[ranking[0]].key
    game.result = Result(scores, ranking, [s for s in ranking if scores[s].key == best])


def test_the_rulebook_example_dimitrios_18_helena_22():
    """"Dimitrios has a total of 25 Prestige Points from his Building/Land Tiles and coins, but
    only has 6 inhabitants (=18 Population Points). His final score is 18 points. Helena has only
    22 Prestige Points ... but has 9 inhabitants (=27 Population Points). Her final score is 22.
    Helena wins!" (the tiles of tests/boardgame/test_examples.py)"""
    game = new_game(2)
    seat_player(game, 0, coins=9, population=6,
                buildings=[building(prestige=8), building(prestige=7)],
                lands=[land(prestige=4), land(prestige=3)])
    seat_player(game, 1, coins=7, population=9,
                buildings=[building(prestige=8)], lands=[land(prestige=5), land(prestige=7)])
    assert parts_of(game, 0) == {
        "prestige on the tiles": ("prestige", 22, "4 tiles"),
        "coins": ("prestige", 3, "9 coins in the reserve, 1 per 3"),
        "inhabitants": ("population", 18, "6 inhabitants x 3")}
    finish(game)
    name_seats(game, "Dimitrios", "Helena")
    lines = sheet_lines(game)
    assert lines[1] == "Helena: 22, the lower of prestige and population (prestige 22, " \
                       "population 27)"
    assert "Dimitrios: 18, the lower of prestige and population (prestige 25, population 18)" \
        in lines
    assert "      18  inhabitants (6 inhabitants x 3)" in lines


def test_what_the_game_end_took_is_noted_but_not_what_earlier_rounds_took():
    """End of the Game: the final feeding may starve inhabitants, which the sheet names; a
    supply round before the end was signalled is part of the table the players already saw."""
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, population=8, food=5, lands=[land(prestige=4)])
    seat_player(game, 1, population=1, food=5)
    drive(supply_round(game, final=False))                     # 3 starve during the game
    assert player.population == 5
    game.emit("game_end_signalled", "boardgame: End of the Game")
    player.goods["food"] = 3
    drive(supply_round(game, final=True))                      # 2 more at the end
    assert parts_of(game, 0)["inhabitants"] == (
        "population", 9, "3 inhabitants x 3; the game end cost 2 inhabitants")
    assert parts_of(game, 1)["inhabitants"] == ("population", 3, "1 inhabitant x 3")


def test_the_tiebreak_that_ranked_equal_scores_is_named():
    """Ties go to the larger total, then to the most luxury goods; the rules leave a tie on
    both standing."""
    game = new_game(4)
    name_seats(game, "Ada", "Basil", "Chloe", "Dimitrios")
    seat_player(game, 0, population=4, lands=[land(prestige=12)], luxury=1)      # 12 / 12
    seat_player(game, 1, population=6, lands=[land(prestige=12)], luxury=0)      # 12 / 18
    seat_player(game, 2, population=6, lands=[land(prestige=12)], luxury=3)      # 12 / 18
    seat_player(game, 3, population=4, lands=[land(prestige=12)], luxury=1)      # as Ada
    finish(game)
    lines = sheet_lines(game)
    assert "Chloe and Basil both scored 12: the most luxury goods ranks Chloe first " \
           "(3 against 0)." in lines
    assert "Basil and Ada both scored 12: the higher other total ranks Basil first " \
           "(18 against 12)." in lines
    assert "Ada and Dimitrios both scored 12 and the higher other total and the most luxury " \
           "goods cannot separate them: they share the place." in lines


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_for_200_seeds_the_parts_make_the_score_the_game_computed(players):
    # 5 player counts x 40 = 200 games
    for seed, seat, score, sheet in final_sheets("boardgame", players, 40):
        assert sheet.value == score.value, (seed, seat)
        assert sheet.totals() == {"prestige": score.details["prestige"],
                                  "population": score.details["population"]}, (seed, seat)
