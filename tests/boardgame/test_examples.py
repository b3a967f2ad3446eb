"""The board-game rulebook's worked examples (boardgame.en.txt), each built from the situation the
example describes."""
from __future__ import annotations

from peloponnes.variants.boardgame.disasters import strike
from peloponnes.variants.boardgame.rules import bidding, reveal, round_income
from peloponnes.variants.common.auction import Slot

from .kit import building, drive, land, new_game, option_ids, seat_player

# --- A. Reveal Tiles ------------------------------------------------------------------------------

def test_example_three_players_three_tiles_and_two_in_the_conquest_row():
    """"in a 3-player game, 3 Tiles are drawn and placed in a row and 2 more are placed next to
    the Conquest Tile, totalling 5 Tiles.\""""
    game = new_game(3)
    drive(reveal(game))
    assert [s.conquest for s in game.state.slots] == [False, False, False, True, True]


# --- B. Bidding -----------------------------------------------------------------------------------

def test_example_conquest_tile_minimum_three_is_bought_for_six_and_cannot_be_outbid():
    """"The tile shows a minimum bid of 3 coins. The player places 6 coins on the tile together
    with his Colored Chit. He is now guaranteed this tile.\""""
    game = new_game(3)
    st = game.state
    for seat in range(3):
        seat_player(game, seat, coins=12)
    wanted = land(bid=3, income={"wood": 1})
    st.slots = [Slot(0, land(bid=1, income={"food": 1}), conquest=False),
                Slot(1, wanted, conquest=True)]
    st.order = [0, 1, 2]

    _, asked = drive(bidding(game), "tile:1", "pass", "pass")

    assert option_ids(asked[1]) == ["6"]                    # exactly 3 + 3: no more, no less
    assert "tile:1" not in option_ids(asked[2])             # seat 1 cannot outbid it
    assert st.slots[1].bid.seat == 0 and st.slots[1].bid.amount == 6
    assert st.players[0].coins == 6


# --- Luxury Goods ---------------------------------------------------------------------------------

def test_example_leonidas_8_wood_plus_4_makes_10_wood_and_2_luxury_goods():
    """"Leonidas has 8 Wood and produces an additional 4 Wood. He moves the Wood Marker on his Mat
    to the maximum number of 10, and then increases his Luxury Goods by 2.\""""
    game = new_game(2)
    leonidas = seat_player(game, 0, wood=8, lands=[land(income={"wood": 4})])
    seat_player(game, 1)

    drive(round_income(game))

    assert leonidas.goods["wood"] == 10
    assert leonidas.luxury == 2


# --- F. Earn Income For The Round -----------------------------------------------------------------

def test_example_ten_inhabitants_earn_four_coins():
    """"a player with 10 inhabitants earns 4 coins\""""
    game = new_game(2)
    player = seat_player(game, 0, population=10)
    seat_player(game, 1)
    assert game.hook.compute_income(game=game, seat=0, population=10) == (4, 0)

    drive(round_income(game))

    assert player.coins == 4


# --- Disasters: Earthquake ------------------------------------------------------------------------

def _three_buildings():
    return [building(prestige=p, cost={"wood": 1}) for p in (2, 3, 4)]


def test_example_earthquake_cannot_pay_two_stones_two_buildings_removed():
    """"if a player cannot pay 2 stones, 2 buildings must be removed from her civilization\"
    (3 buildings, enough wood, 1 stone: 2 stones are missing)."""
    game = new_game(2)
    player = seat_player(game, 0, wood=5, stone=1, buildings=_three_buildings())
    seat_player(game, 1)
    game.state.order = [0, 1]
    keep = player.buildings[2].id

    _, asked = drive(strike(game, "earthquake"), "1", player.buildings[0].id,
                     player.buildings[1].id)

    assert option_ids(asked[0]) == ["1", "0"]             # at most one building can be paid
    assert [p.id for p in player.buildings] == [keep]
    assert player.goods["wood"] == 4 and player.goods["stone"] == 0


def test_example_earthquake_cannot_pay_one_wood_and_one_stone_one_building_removed():
    """"If a player cannot pay 1 wood and 1 stone, only one building must be removed.\"
    (3 buildings, 2 wood and 2 stone: 1 wood and 1 stone are missing)."""
    game = new_game(2)
    player = seat_player(game, 0, wood=2, stone=2, buildings=_three_buildings())
    seat_player(game, 1)
    game.state.order = [0, 1]

    _, asked = drive(strike(game, "earthquake"), "2", player.buildings[0].id)

    assert option_ids(asked[0]) == ["2", "1", "0"]
    assert len(player.buildings) == 2
    assert player.goods == {"wood": 0, "stone": 0, "food": 0}


# --- Disasters: Tempest ---------------------------------------------------------------------------

def _three_lands():
    return [land(prestige=p, income={"food": 1}) for p in (1, 2, 3)]


def test_example_tempest_cannot_pay_two_food_two_land_tiles_removed():
    """"if a player cannot pay 2 food, she must remove 2 Land Tiles\" (3 land tiles, enough
    coins, 1 food)."""
    game = new_game(2)
    player = seat_player(game, 0, food=1, coins=5, lands=_three_lands())
    seat_player(game, 1)
    game.state.order = [0, 1]
    bank = game.state.bank

    _, asked = drive(strike(game, "tempest"), "1", player.lands[0].id, player.lands[1].id)

    assert option_ids(asked[0]) == ["1", "0"]
    assert len(player.lands) == 1
    assert player.goods["food"] == 0 and player.coins == 4
    assert game.state.bank == bank + 1                     # the coin goes to the bank


def test_example_tempest_cannot_pay_one_food_and_one_coin_one_land_tile_removed():
    """"If a player cannot pay 1 food and 1 coin, only one Land Tile must be removed.\"
    (3 land tiles, 2 food and 2 coins)."""
    game = new_game(2)
    player = seat_player(game, 0, food=2, coins=2, lands=_three_lands())
    seat_player(game, 1)
    game.state.order = [0, 1]

    drive(strike(game, "tempest"), "2", player.lands[0].id)

    assert len(player.lands) == 2
    assert player.goods["food"] == 0 and player.coins == 0


# --- Final Score And Winner -----------------------------------------------------------------------

def test_example_dimitrios_18_against_helena_22_helena_wins():
    """"Dimitrios has a total of 25 Prestige Points from his Building/Land Tiles and coins, but
    only has 6 inhabitants (=18 Population Points). His final score is 18 points. Helena has only
    22 Prestige Points ... but has 9 inhabitants (=27 Population Points). Her final score is 22.
    Helena wins!\""""
    game = new_game(2)
    seat_player(game, 0, coins=9, population=6,                         # 22 + 9 // 3 = 25
                buildings=[building(prestige=8), building(prestige=7)],
                lands=[land(prestige=4), land(prestige=3)])
    seat_player(game, 1, coins=7, population=9,                         # 20 + 7 // 3 = 22
                buildings=[building(prestige=8)], lands=[land(prestige=5), land(prestige=7)])

    dimitrios = game.hook.score_seat(game=game, seat=0)
    helena = game.hook.score_seat(game=game, seat=1)

    assert (dimitrios.details["prestige"], dimitrios.details["population"]) == (25, 18)
    assert (helena.details["prestige"], helena.details["population"]) == (22, 27)
    assert dimitrios.value == 18 and helena.value == 22
    assert helena.key > dimitrios.key
