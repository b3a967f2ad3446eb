"""The final score taken apart (``explain_score``) as cardgame.en.txt "Scoring" adds it up
(cardgame.de.txt "Wertung" settles doubts): population = the tableau's inhabitants + the
inhabitant coin cards in hand + the luxury card's 2; power = the tableau's power + 1 per 6
remaining coin cards and luxury goods + the luxury card's 2; the lower counts. What a player
reads under the final scores (``table.score_sheet``), and that the parts always make the score
the game computed."""
from __future__ import annotations

import pytest

from peloponnes.table.score_sheet import sheet_lines
from peloponnes.variants.cardgame.catastrophes import strike, uncover_protected
from peloponnes.variants.cardgame.state import CATASTROPHES, Placed
from tests.common.kit import final_sheets

from .kit import building, civilization, drive, new_game, seat_player
from .test_examples import scoring_example


def parts_of(game, seat) -> dict:
    """(total, label) -> (value, note) of the seat's sheet."""
    sheet = game.hook.explain_score(game=game, seat=seat)
    return {(p.total, p.label): (p.value, p.note) for p in sheet.parts}


def test_the_rulebook_example_taken_apart_line_by_line():
    game = scoring_example()
    dimitrios, helena = parts_of(game, 0), parts_of(game, 1)
    # Dimitrios: population 6 (tableau) + 2 (inhabitant coin cards) + 2 (luxury card) = 10;
    # power 13 (tableau) + 0 (no coin cards left) + 2 (luxury card) = 15
    assert {k: v for k, (v, _) in dimitrios.items()} == {
        ("population", "inhabitants on the tableau"): 6,
        ("population", "inhabitant coin cards in hand"): 2,
        ("population", "the luxury card"): 2,
        ("power", "power on the tableau"): 13,
        ("power", "coin cards and luxury goods"): 0,
        ("power", "the luxury card"): 2}
    # Helena: power 9 (tableau) + 1 (6 remaining grain coin cards) + 2 (luxury card) = 12
    assert helena[("power", "coin cards and luxury goods")] == (
        1, "added at the end: 6 coin cards + 0 luxury goods, 1 per 6")
    assert helena[("population", "inhabitants on the tableau")][0] == 13


def test_the_players_read_why_helena_wins():
    lines = sheet_lines(scoring_example())
    assert lines[0] == "How the scores were counted:"
    assert "Helena: 12, the lower of population and power (population 17, power 12)" in lines
    assert "Dimitrios: 10, the lower of population and power (population 10, power 15)" in lines
    assert lines.index("Helena: 12, the lower of population and power (population 17, "
                       "power 12)") < lines.index("Dimitrios: 10, the lower of population and "
                                                  "power (population 10, power 15)")
    assert "       2  inhabitant coin cards in hand (added at the end)" in lines
    assert "       2  the luxury card (added at the end)" in lines
    assert lines[-1] == "Ties go to the higher other total, then the most luxury goods."


def test_cards_uncovered_at_the_end_and_cards_still_laid_to_waste_are_named():
    """cardgame Game End: protection gained after a catastrophe uncovers its cards at the end;
    Catastrophes: a card laid to waste counts nothing, nor does a luxury card Decline covered."""
    game = new_game(2)
    seat_player(game, 1, buildings=[building(protects=list(CATASTROPHES))])
    game.state.order = [0, 1]
    player = seat_player(game, 0, civ=civilization(inhabitants=2, power=2), hand={"wood": 3},
                         buildings=[building(power=4, name="Palace"),
                                    building(power=3, name="Stoa")])
    drive(strike(game, "earthquake"), "cover:0")
    drive(strike(game, "earthquake"), "cover:0")
    drive(strike(game, "decline"), "cover")
    covered = {p.name for p in player.buildings if p.cover}
    assert covered == {"Palace", "Stoa"}
    assert parts_of(game, 0)[("power", "power on the tableau")] == (
        2, "1 card counted; 2 cards laid to waste count nothing")
    luxury_card = parts_of(game, 0)[("power", "the luxury card")]
    assert luxury_card == (0, "covered by Decline: counts nothing")

    player.buildings.append(Placed(building(protects=["earthquake"], name="Masonry")))
    uncover_protected(game)
    value, note = parts_of(game, 0)[("power", "power on the tableau")]
    assert value == 2 + 4 + 3
    assert note == "4 cards counted; uncovered at the end: Stoa, Palace"   # in tableau order
    assert parts_of(game, 0)[("power", "the luxury card")][0] == 0   # Decline: no protection


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_for_200_seeds_the_parts_make_the_score_the_game_computed(players):
    # 4 player counts x 50 = 200 games
    for seed, seat, score, sheet in final_sheets("cardgame", players, 50):
        assert sheet.value == score.value, (seed, seat)
        assert sheet.totals() == {"population": score.details["population"],
                                  "power": score.details["power"]}, (seed, seat)
