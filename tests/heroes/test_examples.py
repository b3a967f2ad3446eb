"""The Heroes & Colonies rulebook's worked examples, each built from the situation it describes."""
from __future__ import annotations

from peloponnes.variants.boardgame.rules import add_tiles
from peloponnes.variants.common.auction import Bid, Slot
from peloponnes.variants.heroes.conflict import internal_conflict
from peloponnes.variants.heroes.negotiation import hero_offers
from peloponnes.variants.heroes.persians import persian_attack
from peloponnes.variants.heroes.state import table

from .kit import drive, events, new_game, option_ids, plain_table, printed, seat


def test_example_the_bridge_3_wood_and_1_stone_for_4_strength():
    """Kracht: "De speler betaalt voor de bouw van de Bridge 3 hout en 1 steen (i.p.v. 2 hout).
    Daarvoor krijgt hij 4 Krachtpunten (Machtspunten op de tegel)." — the Bridge costs 2 wood;
    1 wood + 1 stone more buys Strength equal to its 4 prestige."""
    game = new_game(2)
    plain_table(game, coins=2)
    builder = game.state.players[0]
    builder.goods.update(wood=3, stone=1)
    bridge = printed(game, "A12")
    assert (bridge["cost"], bridge["prestige"]) == ({"wood": 2}, 4)
    game.state.slots = [Slot(0, bridge, conquest=False, bid=Bid(0, 1, 0))]

    _, asked = drive(add_tiles(game), "build", "raise")

    assert [d.kind for d in asked] == ["build", "raise_strength"]
    assert builder.goods["wood"] == 0 and builder.goods["stone"] == 0
    assert table(game).by_seat(0).strength == 4
    assert events(game, "strength_bought")[0]["paid"] == {"wood": 1, "stone": 1}


def test_example_four_players_times_5_is_20_persians_against_18_heroes_flip():
    """Perzen: "In een 4-spelerspel hebben de Perzen een Kracht van 20 (4x5). De gezamenlijke
    Kracht van de spelers is maar 18; ze moeten hun Helden naar de oranje zijde draaien.\""""
    game = new_game(4)
    players = plain_table(game)
    for hp, strength in zip(players, (6, 5, 4, 3), strict=True):
        hp.strength = strength                                   # 18 together
    st, ht = game.state, table(game)
    ht.persian_values[:] = [1, 2, 2]                             # chits summing to 5
    st.revealed["persians"] = 3

    drive(persian_attack(game))

    (attack,) = events(game, "persian_attack")
    assert (attack["attack"], attack["persians"], attack["players"], attack["repelled"]) == \
        (1, 20, 18, False)
    assert all(hp.flipped for hp in ht.players)
    assert [hp.strength for hp in ht.players] == [6, 5, 4, 3]    # a lost attack halves nothing


def test_example_three_mercenaries_for_3_coins_give_3_strength():
    """Huurlingen: "De speler stapelt 3 Munten op zijn kleurveld en ontvangt daarvoor 3
    Krachtpunten." — after a repelled attack (Strength halved first)."""
    game = new_game(2)
    a, b = plain_table(game, coins=5)
    a.strength, b.strength = 12, 12
    ht = table(game)
    ht.persian_values[:] = [1, 1, 1]
    game.state.revealed["persians"] = 3                           # 2 x 3 = 6 <= 24: repelled

    _, asked = drive(persian_attack(game), "3", "0")

    assert asked[0].kind == "hire_mercenaries"
    assert option_ids(asked[0]) == [str(k) for k in range(6)]    # up to Strength 6, coins 5
    assert a.mercenaries == 3 and a.strength == 6 + 3
    assert game.state.players[0].coins == 2
    assert b.strength == 6


def test_example_internal_conflict_yellow_8_takes_from_blue_and_halves_to_4():
    """Intern Conflict: "De sterkste speler (geel) ontvangt van de zwakste speler (blauw) een
    Inwoner en een Klaverblad. Geel moet daarna zijn Kracht halveren van 8 naar 4.\""""
    game = new_game(3)
    yellow, red, blue = plain_table(game, population=5)
    yellow.strength, red.strength, blue.strength = 8, 5, 2
    st = game.state

    drive(internal_conflict(game, final=False))

    assert (yellow.clovers, blue.clovers, red.clovers) == (4, 2, 3)
    assert (st.players[0].population, st.players[2].population, st.players[1].population) == \
        (6, 4, 5)
    assert yellow.strength == 4 and red.strength == 5 and blue.strength == 2


def test_example_negotiation_a_offers_2_coins_to_swap_ariadne_for_daedalus():
    """Onderhandelingsvariant: "Speler A biedt 2 Munten om zijn Ariadne te ruilen tegen Daidalos
    van speler B. Deze stemt in, ontvangt 2 Munten en ze ruilen hun Held.\""""
    game = new_game(2, options={"negotiation": True})
    a = seat(game, 0, hero="ariadne", coins=6)
    b = seat(game, 1, hero="daedalus", coins=5)
    game.state.order = [0, 1]

    _, asked = drive(hero_offers(game), "seat:1", "2", "accept", "none")

    assert [d.kind for d in asked] == ["offer_hero", "offer_hero_coins", "accept_hero",
                                       "offer_hero"]
    assert asked[2].seat == 1
    assert a.hero["id"] == "daedalus" and b.hero["id"] == "ariadne"
    assert game.state.players[0].coins == 4 and game.state.players[1].coins == 7
    assert events(game, "offer")[0]["accepted"] is True
