"""cardgame: Catastrophes — Plague, Earthquake, Tempest, Drought, Decline; protection by a
building or by 3 symbols; protection gained later uncovers at game end."""
from __future__ import annotations

from collections import Counter

import pytest

from peloponnes.variants.cardgame.catastrophes import protected, strike, uncover_protected
from peloponnes.variants.cardgame.state import (
    CATASTROPHES,
    COVERED,
    INTACT,
    REMOVED,
    Placed,
    gain_luxury,
)

from .kit import building, civilization, drive, events, landscape, new_game, option_ids, seat_player


def game_with_bystander():
    """Two seats; seat 1 is protected from everything, so only seat 0 is asked."""
    game = new_game(2)
    seat_player(game, 1, buildings=[building(protects=list(CATASTROPHES))])
    game.state.order = [0, 1]
    return game


def hit(game, catastrophe, *answers):
    _, asked = drive(strike(game, catastrophe), *answers)
    assert all(d.seat == 0 for d in asked)
    return asked


# --- Plague -------------------------------------------------------------------------------------

def test_catastrophes_plague_covers_the_civilization_with_a_coin_card():
    game = game_with_bystander()
    player = seat_player(game, 0, civ=civilization(inhabitants=3, power=2, grain=2,
                                                  catastrophes=["plague"]), hand={"wood": 1})
    asked = hit(game, "plague", "cover:0")
    assert option_ids(asked[0]) == ["cover:0", "remove:0"]
    assert player.civilization.cover == ("wood", "plague") and player.hand == Counter()
    assert (player.population(), player.power(), player.production("grain")) == (0, 0, 0)
    assert game.state.fired == ["plague"]
    assert [(e["seat"], e["catastrophe"]) for e in events(game, "protected")] == [(1, "plague")]


def test_catastrophes_plague_without_a_coin_card_removes_the_civilization():
    game = game_with_bystander()
    player = seat_player(game, 0, civ=civilization(inhabitants=3))
    asked = hit(game, "plague")
    assert option_ids(asked[0]) == ["remove:0"]
    assert player.civilization is None and player.population() == 0
    assert game.state.boxed == []                   # a civilization card is no power card


def test_catastrophes_plague_player_may_choose_to_lose_the_civilization():
    game = game_with_bystander()
    player = seat_player(game, 0, hand={"grain": 2})
    hit(game, "plague", "remove:0")
    assert player.civilization is None and player.hand == Counter(grain=2)


# --- Earthquake ---------------------------------------------------------------------------------

@pytest.mark.parametrize("count, hits", [(1, 1), (2, 1), (3, 1), (4, 2), (6, 2), (7, 3)])
def test_catastrophes_earthquake_a_third_of_buildings_rounded_up(count, hits):
    game = game_with_bystander()
    player = seat_player(game, 0, buildings=[building(power=1) for _ in range(count)],
                         hand={"stone": 9}, landscapes=[landscape(), landscape()])
    asked = hit(game, "earthquake", *(["cover:0"] * hits))
    covered = [p for p in player.buildings if p.cover]
    assert len(covered) == hits and all(p.cover == ("stone", "earthquake") for p in covered)
    assert all(p.cover is None for p in player.landscapes)
    assert [d.kind for d in asked].count("catastrophe") == hits


def test_catastrophes_earthquake_may_hit_buildings_under_construction():
    game = game_with_bystander()
    mortgaged = Placed(building(power=5), under="wood")
    player = seat_player(game, 0, buildings=[building(power=1), mortgaged, building(power=1),
                                             building(power=1)], hand={"grain": 1})
    asked = hit(game, "earthquake", "remove:1", "cover:0")
    assert "cover:1" in option_ids(asked[0])                         # offered like the others
    assert mortgaged not in player.buildings
    discard = game.state.coin_discard
    assert discard[-1] == "wood"                    # its coin card went to the discard pile
    assert game.state.boxed[-1] is mortgaged.card
    assert sum(1 for p in player.buildings if p.cover) == 1 and len(player.buildings) == 3


# --- Tempest ------------------------------------------------------------------------------------

def test_catastrophes_tempest_a_third_of_landscapes_rounded_up():
    game = game_with_bystander()
    lands = [landscape(inhabitants=i) for i in range(1, 5)]
    player = seat_player(game, 0, landscapes=lands, buildings=[building()],
                         hand={"wood": 1})
    asked = hit(game, "tempest", "cover:3", "remove:0")             # 4 landscapes -> 2
    assert [p.card for p in player.landscapes] == lands[1:]
    assert player.landscapes[-1].cover == ("wood", "tempest")
    assert option_ids(asked[-1]) == ["remove:0", "remove:1", "remove:2"]  # no coin card left
    assert player.buildings[0].cover is None


# --- Drought ------------------------------------------------------------------------------------

def test_catastrophes_drought_hits_highest_grain_power_card_not_civilization():
    game = game_with_bystander()
    top = landscape(grain=3)
    player = seat_player(game, 0, civ=civilization(grain=9),
                         landscapes=[landscape(grain=2), top], buildings=[building(grain=1)],
                         hand={"inhabitant": 1})
    asked = hit(game, "drought", "cover:0")
    assert len(asked[0].options) == 2 and asked[0].options[0].value[1].card is top
    assert player.landscapes[1].cover == ("inhabitant", "drought")
    assert player.civilization.cover is None


def test_catastrophes_drought_ties_player_chooses():
    game = game_with_bystander()
    a, b = landscape(grain=3), building(grain=3)
    player = seat_player(game, 0, landscapes=[landscape(grain=1), a], buildings=[b])
    asked = hit(game, "drought", "remove:1")
    assert {o.value[1].card["id"] for o in asked[0].options} == {a["id"], b["id"]}
    assert game.state.boxed[-1] in (a, b) and len(player.power_cards()) == 2


def test_catastrophes_drought_without_grain_producing_power_card_does_nothing():
    """Our reading (catastrophes.drought): no power card produces grain -> nothing is hit,
    even if the civilization card produces grain."""
    game = game_with_bystander()
    player = seat_player(game, 0, civ=civilization(grain=4), landscapes=[landscape(wood=2)],
                         hand={"wood": 1})
    asked = hit(game, "drought")
    assert asked == [] and player.hand == Counter(wood=1)
    assert all(p.cover is None for p in player.tableau())


# --- Decline ------------------------------------------------------------------------------------

def test_catastrophes_decline_loses_all_luxury_and_covers_luxury_card_cap_3():
    game = game_with_bystander()
    player = seat_player(game, 0, luxury=9, hand={"grain": 1})
    asked = hit(game, "decline", "cover")
    assert option_ids(asked[0]) == ["cover", "remove"]
    assert player.luxury == 0 and player.luxury_card == COVERED
    assert player.luxury_card_cover == "grain"
    assert gain_luxury(game, player, 5, "test", "test") == 3 and player.luxury == 3
    score = game.hook.score_seat(game=game, seat=0)
    assert score.details["population"] == 0                          # no 2 + 2 of the card


def test_catastrophes_decline_removed_luxury_card_no_more_luxury():
    game = game_with_bystander()
    player = seat_player(game, 0, luxury=4, hand={"grain": 1})
    hit(game, "decline", "remove")
    assert player.luxury == 0 and player.luxury_card == REMOVED
    assert gain_luxury(game, player, 5, "test", "test") == 0 and player.luxury == 0
    assert player.hand == Counter(grain=1)


def test_catastrophes_decline_without_coin_card_removes_luxury_card():
    game = game_with_bystander()
    player = seat_player(game, 0, luxury=0)
    asked = hit(game, "decline")
    assert option_ids(asked[0]) == ["remove"] and player.luxury_card == REMOVED


def test_catastrophes_luxury_pays_a_coin_card_a_catastrophe_requires():
    """Luxury Goods: luxury can pay any coin card a catastrophe requires (drawn blind)."""
    game = game_with_bystander()
    player = seat_player(game, 0, civ=civilization(inhabitants=2), luxury=1)
    hit(game, "plague", "cover:0")
    assert player.luxury == 0 and player.civilization.cover[1] == "plague"


# --- Protection ---------------------------------------------------------------------------------

@pytest.mark.parametrize("catastrophe", CATASTROPHES)
def test_catastrophes_protection_by_building(catastrophe):
    game = new_game(2)
    player = seat_player(game, 0, buildings=[building(protects=[catastrophe])],
                         landscapes=[landscape(grain=2)], luxury=3, hand={"wood": 3})
    seat_player(game, 1, buildings=[building(protects=[catastrophe])])
    assert protected(game, player, catastrophe)
    _, asked = drive(strike(game, catastrophe))
    assert asked == [] and player.luxury == 3
    assert all(p.cover is None for p in player.tableau())
    assert {e["seat"] for e in events(game, "protected")} == {0, 1}


def test_catastrophes_protection_by_building_under_construction_but_not_covered():
    game = new_game(2)
    well = Placed(building(protects=["plague"]), under="stone")
    player = seat_player(game, 0, buildings=[well])
    assert protected(game, player, "plague")
    well.cover = ("wood", "earthquake")
    assert not protected(game, player, "plague")


def test_catastrophes_protection_by_three_matching_symbols():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(catastrophes=["tempest"]),
                         landscapes=[landscape(catastrophe="tempest"),
                                     landscape(catastrophe="earthquake")])
    assert not protected(game, player, "tempest")                          # 2 symbols
    player.buildings.append(Placed(building(catastrophe="tempest"),
                                   cover=("wood", "earthquake")))    # covered: symbol visible
    assert protected(game, player, "tempest")
    assert not protected(game, player, "earthquake")
    seat_player(game, 1, buildings=[building(protects=["tempest"])])
    _, asked = drive(strike(game, "tempest"))
    assert asked == []


# --- Protection gained later -------------------------------------------------------------------

def test_catastrophes_protection_gained_later_uncovers_at_game_end():
    game = game_with_bystander()
    player = seat_player(game, 0, civ=civilization(inhabitants=2, power=2), hand={"wood": 2},
                         luxury=2,
                         buildings=[building(power=4), building(power=4), building(power=4)])
    hit(game, "earthquake", "cover:0", "wood")           # wood, not a luxury good drawn blind
    hit(game, "decline", "cover")
    assert player.buildings[0].cover == ("wood", "earthquake")
    assert player.luxury_card == COVERED
    before = game.hook.score_seat(game=game, seat=0).details

    # later the player gains protection: a Cyclopean Masonry and a Stoa
    player.buildings += [Placed(building(protects=["earthquake"])),
                         Placed(building(protects=["decline"]))]
    discard = len(game.state.coin_discard)
    uncover_protected(game)
    assert player.buildings[0].cover is None
    assert player.luxury_card == INTACT and player.luxury_card_cover is None
    assert Counter(game.state.coin_discard[discard:]) == Counter(wood=2)
    after = game.hook.score_seat(game=game, seat=0).details
    assert after["power"] == before["power"] + 4 + 2                 # building + luxury card
    assert after["population"] == before["population"] + 2           # luxury card


def test_catastrophes_protection_gained_later_does_not_restore_removed_cards():
    game = game_with_bystander()
    player = seat_player(game, 0, civ=civilization(inhabitants=2))
    hit(game, "plague")                                              # no coin card: removed
    player.buildings.append(Placed(building(protects=["plague"])))
    uncover_protected(game)
    assert player.civilization is None


def test_catastrophes_without_protection_later_cards_stay_covered():
    game = game_with_bystander()
    player = seat_player(game, 0, civ=civilization(inhabitants=2), hand={"wood": 1})
    hit(game, "plague", "cover:0")
    player.buildings.append(Placed(building(protects=["earthquake"])))
    uncover_protected(game)
    assert player.civilization.cover == ("wood", "plague")


def test_catastrophes_decline_luxury_is_lost_before_the_cover_so_it_cannot_pay_for_it():
    """Our reading (catastrophes.decline): the luxury goods are lost first ("Additionally,
    cover ..."), so with an empty hand they cannot be traded for the covering coin card."""
    game = game_with_bystander()
    player = seat_player(game, 0, luxury=5)
    asked = hit(game, "decline")
    assert option_ids(asked[0]) == ["remove"]
    assert player.luxury == 0 and player.luxury_card == REMOVED


def test_catastrophes_earthquake_a_third_of_all_buildings_covered_ones_included():
    """Earthquake, our reading 5: "Ein Drittel aller Gebäude des Spielers (aufgerundet)" (a third
    of ALL the player's buildings): 4 buildings, 1 already covered by drought -> ceil(4/3) = 2,
    and the hits fall on the uncovered ones (a covered card cannot be covered again)."""
    game = game_with_bystander()
    dry = Placed(building(grain=2), cover=("grain", "drought"))
    player = seat_player(game, 0, buildings=[dry, building(), building(), building()],
                         hand={"wood": 3})
    asked = hit(game, "earthquake", "cover:0", "cover:0")
    assert [d.kind for d in asked].count("catastrophe") == 2
    assert len(asked[0].options) == 6                                # 3 buildings x cover/lose
    assert dry.cover == ("grain", "drought")
    assert sum(1 for p in player.buildings if p.cover and p.cover[1] == "earthquake") == 2


def test_catastrophes_tempest_a_third_of_all_landscapes_hits_at_most_the_uncovered_ones():
    """Tempest: "Ein Drittel aller Landschaften": 2 landscapes, 1 covered -> 1 hit, on the other."""
    game = game_with_bystander()
    dry = Placed(landscape(grain=2), cover=("grain", "drought"))
    player = seat_player(game, 0, landscapes=[dry, landscape()], hand={"wood": 1})
    hit(game, "tempest", "cover:0")
    assert player.landscapes[1].cover == ("wood", "tempest")
    game = game_with_bystander()
    player = seat_player(game, 0, landscapes=[dry], hand={"wood": 1})
    assert hit(game, "tempest") == [] and dry.cover == ("grain", "drought")
