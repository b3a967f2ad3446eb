"""One unit test (or a few) per rule of the board game, named after its rulebook section
(boardgame.en.txt): Setup, A.-G., Disasters, Supply Round, Luxury Goods, End of the Game, Final
Score And Winner, Solo Game."""
from __future__ import annotations

from collections import Counter

import pytest

from peloponnes.core import Decision
from peloponnes.variants.boardgame.disasters import reveal_chits, strike
from peloponnes.variants.boardgame.rules import (
    CoinPurse,
    add_tile,
    add_tiles,
    bidding,
    one_time_income,
    reveal,
    round_income,
    solo_purchase,
    turn_order,
)
from peloponnes.variants.boardgame.setup import choose_solo_civilization, start_civilization
from peloponnes.variants.boardgame.state import Placed
from peloponnes.variants.boardgame.supply import supply_round
from peloponnes.variants.common.auction import Bid, Slot

from .kit import (
    building,
    civilization,
    coin_and_mat_problems,
    drive,
    events,
    land,
    marked,
    new_game,
    option_ids,
    printed,
    seat_player,
)


def slots(game, *tiles, conquest_from: int | None = None):
    game.state.slots = [Slot(i, t, conquest=conquest_from is not None and i >= conquest_from)
                        for i, t in enumerate(tiles)]
    return game.state.slots


# --- Setup ----------------------------------------------------------------------------------------

def test_setup_civilizations_dealt_with_their_start_coins_goods_and_inhabitants():
    game = new_game(4, seed=3)
    st = game.state
    civs = [p.civilization for p in st.players]
    assert len({c["id"] for c in civs}) == 4
    for player in st.players:
        civ = player.civilization
        assert player.coins == civ["coins"]
        assert player.population == civ["inhabitants"]
        assert player.goods == {r: civ["goods"].get(r, 0) for r in ("wood", "stone", "food")}
        assert player.luxury == 0 and not player.tiles()
    bank = game.components["bank"]
    assert st.bank + sum(p.coins for p in st.players) == st.coins_total \
        == bank["silver"] * bank["silver_value"] + bank["gold"] * bank["gold_value"]


def test_setup_first_turn_order_by_civilization_number():
    game = new_game(5, seed=8)
    numbers = [game.state.players[s].civilization["number"] for s in game.state.order]
    assert numbers == sorted(numbers)


def test_setup_sixteen_disaster_chits_face_down_and_tiles_in_a_b_c_stacks():
    game = new_game(3)
    st = game.state
    assert Counter(st.chits) == Counter(plague=3, earthquake=3, tempest=3, drought=3,
                                        decline=3, blank=1)
    eras = [t["era"] for t in reversed(st.pile)]            # top of the pile first
    assert eras == ["A"] * 15 + ["B"] * 15 + ["C"] * 10


@pytest.mark.parametrize("players, expected", [(2, (2, 3)), (3, (3, 2)), (4, (4, 1)),
                                               (5, (5, 0))])
def test_setup_conquest_tile_only_with_fewer_than_five_players(players, expected):
    game = new_game(players)
    assert game.hook.count_revealed(game=game) == expected


def test_setup_start_goods_beyond_the_storehouse_become_luxury_goods():
    game = new_game(2)
    player = seat_player(game, 0)
    start_civilization(game, player, civilization(goods={"food": 16}, coins=2))
    assert player.goods["food"] == 13 and player.luxury == 3 and player.coins == 2


# --- A. Reveal Tiles ------------------------------------------------------------------------------

def test_a_reveal_tiles_round_one_draws_from_the_a_stack():
    game = new_game(4)
    drive(reveal(game))
    assert [s.card["era"] for s in game.state.slots] == ["A"] * 5
    assert [s.conquest for s in game.state.slots] == [False] * 4 + [True]


def test_a_reveal_tiles_slots_equal_the_classs_own():
    # reveal builds its slots without calling Slot (core.decisions.new_object): the same fields,
    # in the same order, as Slot(index, card, conquest) has
    game = new_game(4)
    drive(reveal(game))
    for slot in game.state.slots:
        assert type(slot) is Slot
        assert vars(slot) == vars(Slot(slot.index, slot.card, slot.conquest))
        assert list(vars(slot)) == ["index", "card", "conquest", "bid"]
        assert repr(slot) == repr(Slot(slot.index, slot.card, slot.conquest))


def test_a_reveal_tiles_five_players_have_no_conquest_row():
    game = new_game(5)
    drive(reveal(game))
    assert len(game.state.slots) == 5 and not any(s.conquest for s in game.state.slots)


def test_a_reveal_tiles_supply_tile_interrupts_for_a_supply_round_then_drawing_continues():
    game = new_game(3)
    st = game.state
    for seat in range(3):
        seat_player(game, seat, population=2, food=5)
    supply_tile = printed(game, "B05")
    others = [land(income={"wood": 1}) for _ in range(4)]
    st.pile = [others[3], others[2], others[1], supply_tile, others[0]]   # drawn from the end
    drive(reveal(game))
    kinds = [e.kind for e in game.events if e.kind in ("tile_revealed", "supply_round")]
    assert kinds == ["tile_revealed", "tile_revealed", "supply_round"] + ["tile_revealed"] * 3
    assert [s.card["id"] for s in st.slots] == [others[0]["id"], "B05", others[1]["id"],
                                                 others[2]["id"], others[3]["id"]]
    assert st.slots[1].conquest is False and st.slots[3].conquest is True
    assert all(p.goods["food"] == 3 for p in st.players)                  # everybody was fed
    assert st.supply_rounds == 1


# --- B. Bidding -----------------------------------------------------------------------------------

def _bidders(game, *coins):
    for seat, n in enumerate(coins):
        seat_player(game, seat, coins=n)
    game.state.order = list(range(len(coins)))


def test_b_bidding_conquest_row_tiles_cost_exactly_3_more_than_the_minimum_bid():
    """B. Bidding: "The Land/Building Tiles in the Conquest Row each cost exactly 3 coins more
    than the minimum bid shown on tile": one amount is offered, and a displaced bid moves onto
    an empty Conquest-row tile only when it is that tile's price."""
    game = new_game(3)
    _bidders(game, 9, 9, 9)
    slots(game, land(bid=1, income={"wood": 1}), land(bid=2, income={"wood": 1}),
          land(bid=3, income={"wood": 1}), conquest_from=1)
    _, asked = drive(bidding(game), "tile:1", "tile:0", "6", "tile:0", "7", "tile:2")
    assert option_ids(asked[1]) == ["5"]                          # 2 + 3, nothing more
    move = next(d for d in asked if d.kind == "move_bid")
    assert move.seat == 1 and option_ids(move) == ["withdraw", "tile:2"]   # 6 = 3 + 3 only
    st = game.state
    assert [(s.bid.seat, s.bid.amount) for s in st.slots] == [(2, 7), (0, 5), (1, 6)]


def test_b_bidding_option_conquest_price_at_least():
    """Option ``conquest_price = "at_least"``: the Conquest row's price is a minimum."""
    game = new_game(2, options={"conquest_price": "at_least"})
    _bidders(game, 9, 9)
    slots(game, land(bid=1, income={"wood": 1}), land(bid=2, income={"wood": 1}), conquest_from=1)
    _, asked = drive(bidding(game), "tile:1", "7", "pass")
    assert option_ids(asked[1]) == ["5", "6", "7", "8", "9"]
    assert game.state.slots[1].bid.amount == 7


def test_b_bidding_amounts_from_the_minimum_up_to_all_the_coins_however_many():
    """The amounts offered run from the minimum to the seat's funds (the shared "bid a" options
    grow when a seat holds more coins than any before)."""
    game = new_game(2)
    _bidders(game, 5, 300)
    slots(game, land(bid=2, income={"wood": 1}), land(bid=3, income={"wood": 1}))
    _, asked = drive(bidding(game), "tile:0", "4", "tile:1", "250")
    assert option_ids(asked[1]) == ["2", "3", "4", "5"]
    assert option_ids(asked[3]) == [str(a) for a in range(3, 301)]
    assert [s.bid.amount for s in game.state.slots] == [4, 250]


def test_b_bidding_outbid_player_moves_his_bid_unchanged_to_another_tile():
    game = new_game(3)
    _bidders(game, 5, 5, 5)
    cheap = land(bid=1, income={"wood": 1})
    slots(game, land(bid=1, income={"wood": 1}), land(bid=4, income={"wood": 1}), cheap)
    _, asked = drive(bidding(game), "tile:0", "2", "tile:0", "3", "tile:2", "pass")
    move = next(d for d in asked if d.kind == "move_bid")
    assert move.seat == 0 and option_ids(move) == ["withdraw", "tile:2"]   # 2 < tile 1's bid 4
    st = game.state
    assert st.slots[2].bid.seat == 0 and st.slots[2].bid.amount == 2
    assert st.slots[0].bid.seat == 1 and st.players[0].coins == 3


def test_b_bidding_the_state_holds_the_auction_while_it_runs_and_its_bids_after():
    """The bidding phase returns the shared auction's own steps (common.auction.bidding_steps):
    ``state.auction`` is the running auction at every decision (views and invariants read the
    bid being moved there), ``state.bids`` the auction's bids once it is over."""
    game = new_game(2)
    _bidders(game, 5, 5)
    slots(game, land(bid=1, income={"wood": 1}), land(bid=1, income={"wood": 1}))
    st = game.state
    steps = bidding(game)
    running = st.auction
    seen = []
    decision = next(steps)
    for answer in ("tile:0", "2", "tile:0", "3"):
        seen.append((decision.kind, st.auction is running, st.auction.moving))
        decision = steps.send(decision.option(answer))
    assert decision.kind == "move_bid" and st.auction is running
    assert st.auction.moving.seat == 0 and st.auction.moving.amount == 2
    with pytest.raises(StopIteration):
        steps.send(decision.option("tile:1"))
    assert seen == [("bid_card", True, None), ("bid_amount", True, None)] * 2
    assert st.auction is None and st.bids is running.bids
    assert {seat: bid.amount for seat, bid in st.bids.items()} == {0: 2, 1: 3}
    assert [s.bid.seat for s in st.slots] == [1, 0]


def test_b_bidding_withdraw_takes_back_the_bid_plus_one_coin():
    game = new_game(2)
    _bidders(game, 5, 5)
    slots(game, land(bid=1, income={"wood": 1}))
    drive(bidding(game), "tile:0", "2", "tile:0", "3")
    assert game.state.players[0].coins == 5 + 1                   # the only move is to withdraw
    assert events(game, "withdrew")[0]["seat"] == 0
    assert 0 not in game.state.bids and game.state.bids[1].amount == 3


def test_b_bidding_the_coin_purse_pays_at_once_and_through_the_purse_protocols_pay_alike():
    """The auction pays a coin bid through the purse's ``pay_at_once`` (nothing to ask); the
    Purse protocol's ``pay`` (a generator) pays the same way and asks nothing."""
    game = new_game(2)
    _bidders(game, 2, 2)
    game.state.players[0].luxury = game.state.players[1].luxury = 4
    purse = CoinPurse(game)
    assert purse.pay_at_once(0, 3) == 3
    assert drive(purse.pay(1, 3)) == (3, [])
    for player in game.state.players:
        assert (player.coins, player.luxury) == (0, 2)         # 1 coin short: 2 luxury traded
    assert len(events(game, "luxury_traded")) == 2


def test_b_bidding_pass_receives_three_coins():
    game = new_game(2)
    _bidders(game, 0, 4)
    slots(game, land(bid=1, income={"wood": 1}))
    drive(bidding(game), "pass")                       # seat 0 cannot bid: it passes anyway
    assert [p.coins for p in game.state.players] == [3, 7]


def test_b_bidding_market_and_agora_bids_count_half_a_coin_higher():
    game = new_game(3)
    _bidders(game, 5, 5, 5)
    game.state.players[2].buildings.append(marked(printed(game, "A13")))   # Market, even marked
    game.state.bank -= 1
    slots(game, land(bid=1, income={"wood": 1}))
    _, asked = drive(bidding(game), "tile:0", "3", "pass", "tile:0", "3")
    amounts = [d for d in asked if d.kind == "bid_amount" and d.seat == 2]
    assert option_ids(amounts[0])[0] == "3"                # 3 + 1/2 beats a plain 3
    assert game.state.slots[0].bid.seat == 2
    assert game.hook.bid_bonus_halves(game=game, seat=2) == 1
    # and a plain 3 does not beat the Market's 3
    game2 = new_game(2)
    _bidders(game2, 5, 5)
    game2.state.players[0].buildings.append(Placed(printed(game2, "A13")))
    slots(game2, land(bid=1, income={"wood": 1}))
    _, asked = drive(bidding(game2), "tile:0", "3", "tile:0", "4")
    amounts = [d for d in asked if d.kind == "bid_amount" and d.seat == 1]
    assert option_ids(amounts[0])[0] == "4"


def test_b_bidding_luxury_goods_traded_two_for_one_for_coins_only_when_short():
    game = new_game(2)
    _bidders(game, 2, 0)
    game.state.players[0].luxury = 5
    slots(game, land(bid=1, income={"wood": 1}), land(bid=1, income={"food": 1}))
    _, asked = drive(bidding(game), "tile:0", "4")          # seat 1 has nothing: it passes
    assert option_ids(asked[1]) == ["1", "2", "3", "4"]        # 2 coins + 5 luxury // 2
    assert game.state.players[0].coins == 0 and game.state.players[0].luxury == 1
    game = new_game(2)
    _bidders(game, 3, 0)
    game.state.players[0].luxury = 4
    slots(game, land(bid=1, income={"wood": 1}))
    drive(bidding(game), "tile:0", "2")                     # seat 1 has nothing: it passes
    assert game.state.players[0].luxury == 4                  # enough coins: no trade


# --- C. Adjust Player Turn Order ------------------------------------------------------------------

def test_c_turn_order_highest_bid_first_ties_keep_the_previous_order_passing_is_lowest():
    game = new_game(4)
    st = game.state
    st.order = [2, 1, 0, 3]
    st.bids = {0: Bid(0, 3, 3), 2: Bid(2, 3, 3), 3: Bid(3, 5, 5)}         # seat 1 passed
    turn_order(game)
    assert st.order == [3, 2, 0, 1]


def test_c_turn_order_ignores_the_market_half_coin():
    game = new_game(2)
    st = game.state
    st.players[1].buildings.append(marked(printed(game, "B02"), coins=0))   # Agora
    st.order = [0, 1]
    st.bids = {0: Bid(0, 3, 3), 1: Bid(1, 3, 3)}
    turn_order(game)
    assert st.order == [0, 1]


# --- D. Add Tiles To Civilizations ----------------------------------------------------------------

def test_d_add_tiles_building_paid_with_wood_and_stone():
    game = new_game(2)
    player = seat_player(game, 0, wood=3, stone=3, coins=2)
    t = building(cost={"wood": 2, "stone": 1})
    _, asked = drive(add_tile(game, player, t), "build")
    assert option_ids(asked[0]) == ["build", "mark"]
    assert player.goods == {"wood": 1, "stone": 2, "food": 0}
    assert [p.tile for p in player.buildings] == [t] and not player.buildings[0].marked


def test_d_add_tiles_placed_tiles_and_the_build_decision_equal_the_classes_own():
    # add_tile builds its Placed and add_building its Decision without calling the classes
    # (core.decisions.new_object): the same fields, in the same order, as the classes' own
    game = new_game(2)
    player = seat_player(game, 0, wood=3, stone=3, coins=2)
    b, t = building(cost={"wood": 2, "stone": 1}), land(income={"wood": 1})
    _, asked = drive(add_tile(game, player, b), "mark")
    drive(add_tile(game, player, t))
    (decision,) = asked
    assert type(decision) is Decision and decision == Decision(
        0, "build", decision.prompt, decision.options, decision.rule)
    assert decision.rule == "boardgame: D. Add Tiles To Civilizations: Placing The New Tiles"
    for placed, own in ((player.buildings[0], Placed(b, True, 1)), (player.lands[0], Placed(t))):
        assert type(placed) is Placed and vars(placed) == vars(own)
        assert list(vars(placed)) == ["tile", "marked", "coins"]


def test_d_add_tiles_a_buildings_options_are_shared_between_games_and_paying_leaves_them_alone():
    """Building, marking and completing options are made once per building name, cost and
    mark price (bounded caches) and shared: another game gets the same ones, and paying with
    one changes neither its value nor the tile's cost."""
    t = building(cost={"wood": 2, "stone": 1})
    asked_in = []
    for _ in range(2):
        game = new_game(2)
        player = seat_player(game, 0, wood=3, stone=3, coins=2)
        _, asked = drive(add_tile(game, player, t), "build")
        asked_in.append(asked[0])
        assert player.goods == {"wood": 1, "stone": 2, "food": 0}
    first, second = asked_in
    assert first.prompt == second.prompt == f"You won {t['name']}: build or mark?"
    assert all(a is b for a, b in zip(first.options, second.options, strict=True))
    assert first.options[0].value == t["cost"] == {"wood": 2, "stone": 1}
    assert first.options[0].value is not t["cost"]
    game = new_game(2)
    player = seat_player(game, 0, wood=3, stone=3, coins=2, buildings=[marked(t)])
    _, asked = drive(supply_round(game, final=False), "complete")
    (complete,) = [d for d in asked if d.kind == "complete"]
    assert option_ids(complete) == ["complete", "lose"]
    assert complete.options[0].label == f"Complete {t['name']} (cost 2 wood, 1 stone)"
    assert player.goods["wood"] == 1 and t["cost"] == {"wood": 2, "stone": 1}


def test_d_add_tiles_building_marked_with_a_coin_when_not_paid():
    game = new_game(2)
    player = seat_player(game, 0, coins=2)
    drive(add_tile(game, player, building(cost={"stone": 4})))     # only "mark" is offered
    assert player.buildings[0].marked and player.buildings[0].coins == 1 and player.coins == 1
    assert player.new_tile is player.buildings[0]


def test_d_add_tiles_building_lost_without_resources_or_a_coin():
    game = new_game(2)
    player = seat_player(game, 0)
    t = building(cost={"stone": 4})
    drive(add_tile(game, player, t))
    assert not player.buildings and t in game.state.boxed and player.new_tile is None


@pytest.mark.parametrize("goods, offered", [
    ({"wood": 3, "coins": 1}, ["build", "mark"]),
    ({"wood": 1, "luxury": 4}, ["build", "mark"]),      # 2 wood for 4 luxury, or 1 coin for 2
    ({"luxury": 2}, ["mark"]),                           # a coin traded 2:1 marks it
    ({"wood": 3}, ["build"]),
])
def test_d_add_tiles_a_building_is_removed_only_when_it_can_be_neither_built_nor_marked(
        goods, offered):
    """D. Placing The New Tiles: "If he does not have enough resources or a coin to mark the
    Building, the Tile is removed": giving it up is never among the options (the card game's
    defect, checked here for the board game)."""
    game = new_game(2)
    player = seat_player(game, 0, **goods)
    gen = add_tile(game, player, building(cost={"wood": 3}))
    if len(offered) == 1:
        drive(gen)
        assert player.buildings and player.buildings[0].marked == (offered == ["mark"])
    else:
        assert option_ids(next(gen)) == offered


def test_d_add_tiles_missing_resources_paid_with_two_luxury_goods_each():
    game = new_game(2)
    player = seat_player(game, 0, wood=1, luxury=4)
    drive(add_tile(game, player, building(cost={"wood": 3})), "build")
    assert player.goods["wood"] == 0 and player.luxury == 0 and not player.buildings[0].marked
    poorer = seat_player(game, 1, wood=1, luxury=3, coins=1)
    _, asked = drive(add_tile(game, poorer, building(cost={"wood": 3})))
    assert [d.kind for d in asked] == ["build"] and option_ids(asked[0]) == ["mark"]


def test_d_add_tiles_land_must_share_a_resource_with_its_neighbour():
    game = new_game(2)
    player = seat_player(game, 0, lands=[land(income={"stone": 3})])
    food_only = land(income={"food": 3})
    drive(add_tile(game, player, food_only))
    assert len(player.lands) == 1 and food_only in game.state.boxed
    wood_and_stone = land(income={"wood": 1, "stone": 1})
    drive(add_tile(game, player, wood_and_stone))
    assert player.lands[-1].tile is wood_and_stone
    drive(add_tile(game, player, land(income={"wood": 2})))           # matches the last one
    assert len(player.lands) == 3


def test_d_add_tiles_first_land_tile_may_be_any_type():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(income={"stone": 1}))
    drive(add_tile(game, player, land(income={"food": 3})))
    assert len(player.lands) == 1


def test_d_add_tiles_barracks_wildcard_places_any_land_tile():
    game = new_game(2)
    player = seat_player(game, 0, lands=[land(income={"stone": 3})],
                         buildings=[printed(game, "A11")])
    drive(add_tile(game, player, land(income={"food": 3})))
    assert len(player.lands) == 2


def test_d_add_tiles_coins_bid_go_to_the_bank_and_unclaimed_tiles_leave_the_game():
    game = new_game(2)
    st = game.state
    seat_player(game, 0)
    seat_player(game, 1)
    won, unclaimed = land(income={"wood": 1}), land(income={"food": 1})
    slots(game, won, unclaimed)
    st.slots[0].bid = Bid(1, 4, 4)
    st.bank -= 4                                       # the coins under the tile
    st.order = [1, 0]
    bank = st.bank
    drive(add_tiles(game))
    assert st.bank == bank + 4 and st.slots == []
    assert st.players[1].lands[0].tile is won and unclaimed in st.boxed
    assert coin_and_mat_problems(game) == []


# --- E. Increase Population And Earn One-time Income ----------------------------------------------

def test_e_one_time_income_new_inhabitants_coins_luxury_and_goods():
    game = new_game(2)
    st = game.state
    st.order = [0, 1]
    odeon = seat_player(game, 0, population=2, coins=1)
    drive(add_tile(game, odeon, printed(game, "B03")))      # Epidauros Odeon: +3L +3p (marked)
    land_owner = seat_player(game, 1, population=1, food=12)
    drive(add_tile(game, land_owner, land(one_time={"coins": 5, "inhabitants": 1, "food": 3},
                                          income={"food": 1})))
    one_time_income(game)
    assert (odeon.population, odeon.luxury) == (5, 3)
    assert (land_owner.population, land_owner.coins) == (2, 5)
    assert land_owner.goods["food"] == 13 and land_owner.luxury == 2   # storehouse overflow
    assert odeon.new_tile is None and land_owner.new_tile is None


def test_e_one_time_income_barracks_loses_two_inhabitants_never_below_zero():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, population=1, wood=1, stone=2)
    drive(add_tile(game, player, printed(game, "A11")))       # built: no coin to mark it
    one_time_income(game)
    assert player.population == 0 and player.coins == 4


def test_e_one_time_income_is_kept_when_the_building_is_lost_later():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, population=2, coins=1)
    drive(add_tile(game, player, building(cost={"stone": 9}, one_time={"inhabitants": 3})))
    one_time_income(game)
    seat_player(game, 1)
    drive(supply_round(game, final=False))         # no food, no stone: the building is lost
    assert not player.buildings and player.coins == 1           # the coin came back
    assert player.population == 0


# --- F. Earn Income For The Round -----------------------------------------------------------------

def test_f_income_from_every_tile_and_the_civilization_plus_coins_by_population():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, civ=civilization(income={"wood": 1, "food": 1}), population=6,
                         buildings=[marked(building(income={"stone": 2}))],   # usable at once
                         lands=[land(income={"food": 2, "wood": 1})])
    seat_player(game, 1)
    drive(round_income(game))
    assert player.goods == {"wood": 2, "stone": 2, "food": 3}
    assert player.coins == 3                                    # 6 inhabitants -> 3 coins


def test_f_income_choice_tile_gives_one_of_wood_stone_food_or_a_coin():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, buildings=[printed(game, "A15")])      # Port: choice
    seat_player(game, 1)
    _, asked = drive(round_income(game), "coins")
    assert option_ids(asked[0]) == ["wood", "stone", "food", "coins"]
    assert player.coins == 1 + 1                  # the choice + 1 coin for 0 inhabitants


def test_f_income_arkadia_gains_its_inhabitant_before_its_coin_income():
    game = new_game(2)
    game.state.order = [0, 1]
    arkadia = next(c for c in game.components["civilizations"] if c["name"] == "Arkadia")
    player = seat_player(game, 0, civ=arkadia, population=4)
    seat_player(game, 1)
    drive(round_income(game))
    assert player.population == 5 and player.coins == 3        # 5 -> 3 coins (4 would give 2)


@pytest.mark.parametrize("population, coins, luxury", [(13, 5, 0), (14, 5, 2), (17, 5, 4),
                                                        (25, 5, 6), (2, 1, 0), (3, 2, 0)])
def test_f_income_coins_by_population_and_luxury_goods_from_fourteen_inhabitants(
        population, coins, luxury):
    game = new_game(2)
    assert game.hook.compute_income(game=game, seat=0, population=population) == (coins, luxury)


# --- G. Reveal Disaster Chits ---------------------------------------------------------------------

def test_g_reveal_disaster_chits_two_each_round_the_blank_goes_back_in_the_box():
    game = new_game(2)
    st = game.state
    st.chits = ["plague", "drought", "blank"]
    drive(reveal_chits(game, final=False))
    assert st.chits == ["plague"] and st.boxed_chits == ["blank"]
    assert st.revealed == Counter(drought=1) and st.fired == []


def test_g_the_third_chit_of_a_kind_fires_its_disaster_at_once():
    game = new_game(2)
    st = game.state
    st.order = [0, 1]
    player = seat_player(game, 0, population=9)
    seat_player(game, 1)
    st.revealed = Counter(plague=2)
    st.chits = ["tempest", "plague"]
    drive(reveal_chits(game, final=False))
    kinds = [e.kind for e in game.events if e.kind in ("chit_revealed", "disaster")]
    assert kinds == ["chit_revealed", "disaster", "chit_revealed"]    # before the next chit
    assert st.fired == ["plague"] and player.population == 6


# --- Disasters ------------------------------------------------------------------------------------

def _one_seat(**mat):
    """A 2-player game in turn order 0, 1 where seat 0 holds ``mat`` and seat 1 nothing."""
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, **mat)
    seat_player(game, 1)
    return game, player


def test_disasters_drought_loses_a_third_of_the_food_rounded_up():
    game, player = _one_seat(food=7)
    drive(strike(game, "drought"))
    assert player.goods["food"] == 4


def test_disasters_plague_loses_a_third_of_the_inhabitants_rounded_up():
    game, player = _one_seat(population=10)
    drive(strike(game, "plague"))
    assert player.population == 6


@pytest.mark.parametrize("luxury, left", [(25, 15), (10, 0), (4, 0)])
def test_disasters_decline_loses_ten_luxury_goods_or_all_of_them(luxury, left):
    game, player = _one_seat(luxury=luxury)
    drive(strike(game, "decline"))
    assert player.luxury == left


@pytest.mark.parametrize("tile_id, disaster", [("B01", "plague"), ("B14", "plague"),
                                               ("C01", "earthquake"), ("C06", "tempest"),
                                               ("B15", "drought"), ("C09", "drought"),
                                               ("A15", "decline"), ("C07", "decline")])
@pytest.mark.parametrize("is_marked", [False, True])
def test_disasters_a_protecting_building_protects_built_or_marked(tile_id, disaster, is_marked):
    game = new_game(2)
    protector = printed(game, tile_id)
    game.state.order = [0, 1]
    player = seat_player(game, 0, population=9, food=9, luxury=20, coins=5,
                         buildings=[marked(protector) if is_marked else protector],
                         lands=[land(income={"food": 1})])
    seat_player(game, 1)
    before = (player.population, dict(player.goods), player.luxury, len(player.tiles()))
    drive(strike(game, disaster))
    assert (player.population, dict(player.goods), player.luxury, len(player.tiles())) == before
    assert events(game, "protected")[0]["seat"] == 0


def test_disasters_earthquake_counts_marked_buildings_and_returns_the_coin_of_a_lost_one():
    game, player = _one_seat(wood=1, stone=1, coins=0,
                           buildings=[building(prestige=5), marked(building(prestige=1))])
    big, cheap = player.buildings
    _, asked = drive(strike(game, "earthquake"), "1", cheap.id)
    assert option_ids(asked[1]) == [big.id, cheap.id]          # the marked one may be chosen
    assert player.buildings == [big] and player.coins == 1     # its coin came back
    assert game.state.lost_tiles[0] == 1


def test_disasters_a_player_may_choose_to_pay_for_fewer_tiles():
    game, player = _one_seat(food=5, coins=5, lands=[land(income={"food": 1})])
    drive(strike(game, "tempest"), "0")
    assert not player.lands and player.goods["food"] == 5 and player.coins == 5


# --- Supply Round ---------------------------------------------------------------------------------

def test_supply_round_feeds_one_food_per_inhabitant():
    game, player = _one_seat(population=6, food=9)
    drive(supply_round(game, final=False))
    assert player.goods["food"] == 3 and player.population == 6


def test_supply_round_population_drops_to_what_the_food_can_feed():
    game, player = _one_seat(population=8, food=5)
    _, asked = drive(supply_round(game, final=False))
    assert asked == []                                # no choice: all the food must be used
    assert player.population == 5 and player.goods["food"] == 0
    assert events(game, "fed")[0]["starved"] == 3


def test_supply_round_missing_food_may_be_traded_two_luxury_goods_each():
    game, player = _one_seat(population=8, food=5, luxury=7)
    _, asked = drive(supply_round(game, final=False), "3")
    assert option_ids(asked[0]) == ["3", "2", "1", "0"]
    assert (player.population, player.goods["food"], player.luxury) == (8, 0, 1)
    game, player = _one_seat(population=8, food=5, luxury=7)
    drive(supply_round(game, final=False), "1")
    assert (player.population, player.goods["food"], player.luxury) == (6, 0, 5)


def test_supply_round_marked_buildings_are_completed_or_lost_and_the_coin_returns():
    game, player = _one_seat(wood=2, stone=1, buildings=[marked(building(cost={"wood": 2})),
                                                       marked(building(cost={"stone": 3}))])
    kept, doomed = player.buildings
    _, asked = drive(supply_round(game, final=False), "complete")
    assert option_ids(asked[0]) == ["complete", "lose"] and option_ids(asked[1]) == ["lose"]
    assert player.buildings == [kept] and not kept.marked and kept.coins == 0
    assert player.coins == 2 and player.goods == {"wood": 0, "stone": 1, "food": 0}


def test_supply_round_completion_may_use_luxury_goods_for_missing_resources():
    game, player = _one_seat(stone=1, luxury=4, buildings=[marked(building(cost={"stone": 3}))])
    drive(supply_round(game, final=False), "complete")
    assert player.luxury == 0 and player.goods["stone"] == 0 and not player.buildings[0].marked


# --- Luxury Goods ---------------------------------------------------------------------------------

def test_luxury_goods_from_storehouse_overflow_10_wood_10_stone_13_food():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, wood=9, stone=10, food=12,
                         lands=[land(income={"wood": 2, "stone": 1, "food": 3})])
    seat_player(game, 1)
    drive(round_income(game))
    assert player.goods == {"wood": 10, "stone": 10, "food": 13}
    assert player.luxury == 1 + 1 + 2


def test_luxury_goods_are_not_traded_while_the_resource_is_there():
    game = new_game(2)
    player = seat_player(game, 0, wood=2, luxury=10)
    drive(add_tile(game, player, building(cost={"wood": 2})), "build")
    assert player.luxury == 10 and player.goods["wood"] == 0


def test_luxury_goods_past_twenty_are_just_a_number():
    game = new_game(2)
    game.state.order = [0, 1]
    player = seat_player(game, 0, luxury=19, lands=[land(income={"wood": 15})])
    seat_player(game, 1)
    drive(round_income(game))
    assert player.luxury == 19 + 5 and coin_and_mat_problems(game) == []


# --- End of the Game ------------------------------------------------------------------------------

def test_end_of_the_game_last_round_stops_after_one_time_income():
    game = new_game(3)
    game.round = game.state.rounds
    names = [p.name for p in game.hook.list_round_phases(game=game)]
    assert names == ["reveal", "bidding", "turn_order", "add_tiles", "one_time_income"]
    assert [p.name for p in game.hook.list_final_phases(game=game)] == ["final_chits",
                                                                        "final_supply"]
    game.round = game.state.rounds - 1
    assert [p.name for p in game.hook.list_round_phases(game=game)][-2:] == ["income",
                                                                            "disaster_chits"]


def test_end_of_the_game_option_final_round_income():
    game = new_game(3, options={"final_round_income": True})
    game.round = game.state.rounds
    assert [p.name for p in game.hook.list_round_phases(game=game)][-1] == "income"


def test_end_of_the_game_last_chits_then_final_feeding_and_completion():
    from peloponnes.lab.simulate import run_game
    game = new_game(3)
    played = run_game(game.ruleset, game.scenario, 4, agent="random")
    log = [e for e in played.events if e.round == played.state.rounds + 1]
    kinds = [e.kind for e in log]
    assert kinds[0] == "game_end_signalled"
    assert kinds.index("supply_round") > max(i for i, k in enumerate(kinds) if k == "chit_revealed")
    assert log[kinds.index("supply_round")].data["final"] is True
    st = played.state
    assert not st.chits and sum(st.revealed.values()) == 15 and st.boxed_chits == ["blank"]
    assert sorted(st.fired) == sorted(game.components["disasters"])   # each struck once
    assert not any(p.marked for pl in st.players for p in pl.buildings)


# --- Final Score And Winner -----------------------------------------------------------------------

def test_final_score_prestige_is_tiles_plus_one_per_three_coins_population_three_each():
    game = new_game(2)
    seat_player(game, 0, coins=8, population=5, lands=[land(prestige=4)],
                buildings=[building(prestige=3)])
    score = game.hook.score_seat(game=game, seat=0)
    assert score.details["prestige"] == 4 + 3 + 2 and score.details["population"] == 15
    assert score.value == 9


def test_final_score_ties_go_to_the_larger_total_then_to_luxury_goods():
    game = new_game(3)
    seat_player(game, 0, population=4, lands=[land(prestige=12)], luxury=1)      # 12 / 12
    seat_player(game, 1, population=6, lands=[land(prestige=12)], luxury=0)      # 12 / 18
    seat_player(game, 2, population=6, lands=[land(prestige=12)], luxury=3)      # 12 / 18
    keys = [game.hook.score_seat(game=game, seat=s).key for s in range(3)]
    assert keys[2] > keys[1] > keys[0]


# --- Solo Game ------------------------------------------------------------------------------------

def test_solo_game_five_tiles_without_the_conquest_tile():
    game = new_game(1)
    assert game.hook.count_revealed(game=game) == (5, 0)
    drive(reveal(game))
    assert len(game.state.slots) == 5 and not any(s.conquest for s in game.state.slots)


def test_solo_game_buys_one_tile_at_its_minimum_bid():
    game = new_game(1)
    st = game.state
    player = seat_player(game, 0, coins=4)
    slots(game, land(bid=5, income={"wood": 1}), land(bid=3, income={"food": 1}),
          land(bid=4, income={"stone": 1}))
    _, asked = drive(solo_purchase(game), "tile:2")
    assert option_ids(asked[0]) == ["pass", "tile:1", "tile:2"]     # 5 is out of reach
    assert player.coins == 0 and st.bids[0].amount == 4 and st.slots[2].bid.seat == 0
    bought = st.slots[2].card
    drive(add_tiles(game))
    assert [p.tile for p in player.lands] == [bought] and len(st.boxed) == 2


def test_solo_game_the_player_chooses_any_civilization():
    game = new_game(1)
    st = game.state
    _, asked = drive(choose_solo_civilization(game), "argos")
    assert len(asked[0].options) == len(game.components["civilizations"])
    player = st.players[0]
    assert player.civilization["name"] == "Argos" and player.coins == 5
    assert player.population == 2 and game.invariant_violations() == []


def test_solo_game_pass_takes_three_coins():
    game = new_game(1)
    player = seat_player(game, 0, coins=1)
    slots(game, land(bid=1, income={"wood": 1}))
    drive(bidding(game), "pass")
    assert player.coins == 4


def test_tile_label_kept_per_tile_dict_not_per_tile_id():
    """Labels are kept across games (component data never changes), keyed by the tile dict
    itself: another dict, even under the same id, gets its own label."""
    from peloponnes.variants.boardgame.state import tile_label
    cheap = land(bid=1, income={"food": 1}, id="T900")
    dear = land(bid=4, income={"wood": 2}, id="T900")
    assert tile_label(cheap) == tile_label(cheap)
    assert "bid 1" in tile_label(cheap) and "1 food" in tile_label(cheap)
    assert "bid 4" in tile_label(dear) and "2 wood" in tile_label(dear)


def test_tiles_sorted_into_eras_kept_per_tile_list():
    """Setup's stacks come from the tiles sorted into eras once per tile list (component data
    never changes), each game shuffling its own copy: another list gets its own eras, and a
    game's shuffle leaves the kept stacks as they were."""
    from peloponnes.variants.boardgame.setup import tiles_by_era
    first = [land(bid=1, era="A"), land(bid=2, era="B"), land(bid=3, era="A")]
    other = [land(bid=4, era="B")]
    assert tiles_by_era(first) == {"A": [first[0], first[2]], "B": [first[1]]}
    assert tiles_by_era(first) is tiles_by_era(first)
    assert tiles_by_era(other) == {"B": [other[0]]}
    game = new_game(4)
    eras = tiles_by_era(game.components["tiles"])
    kept = {era: list(tiles) for era, tiles in eras.items()}
    new_game(4, seed=2)
    assert tiles_by_era(game.components["tiles"]) == kept
    pile = game.state.pile          # the top is the list's end: A, then B, then C
    assert [t["era"] for t in reversed(pile)] == sorted(t["era"] for t in pile)
    assert sorted(t["id"] for t in pile) == sorted(t["id"] for t in game.components["tiles"])
