"""One unit test (or a few) per rule of the board game, named after its rulebook section
(boardgame.en.txt): Setup, A. Reveal Tiles, B. Bidding, C. Adjust Player Turn Order. The later
sections: test_rules_tiles.py (D.-G.) and test_rules_end.py (Disasters to the Solo Game)."""
from __future__ import annotations

from collections import Counter

import pytest

from peloponnes.variants.boardgame.rules import (
    CoinPurse,
    bidding,
    reveal,
    turn_order,
)
from peloponnes.variants.boardgame.setup import start_civilization
from peloponnes.variants.boardgame.state import Placed
from peloponnes.variants.common.auction import Bid, Slot

from .kit import (
    civilization,
    drive,
    events,
    land,
    marked,
    new_game,
    option_ids,
    printed,
    seat_player,
    slots,
)

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


def test_a_reveal_tiles_slots_are_numbered_in_order_and_hold_no_bid():
    game = new_game(4)
    drive(reveal(game))
    assert [s.index for s in game.state.slots] == [0, 1, 2, 3, 4]
    assert all(isinstance(s, Slot) and s.bid is None for s in game.state.slots)


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


def test_b_bidding_the_coin_purse_pays_coins_asking_nothing():
    """A coin bid is paid from the reserve, luxury goods traded for what it lacks; the purse
    asks nothing and returns the payment."""
    game = new_game(2)
    _bidders(game, 2, 2)
    game.state.players[0].luxury = game.state.players[1].luxury = 4
    purse = CoinPurse(game)
    assert drive(purse.pay(0, 3)) == (3, [])
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
    game.state.players[2].place(marked(printed(game, "A13")))   # Market, even marked
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
    game2.state.players[0].place(Placed(printed(game2, "A13")))
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
    st.players[1].place(marked(printed(game, "B02"), coins=0))   # Agora
    st.order = [0, 1]
    st.bids = {0: Bid(0, 3, 3), 1: Bid(1, 3, 3)}
    turn_order(game)
    assert st.order == [0, 1]



def test_tile_label_names_the_tiles_bid_and_income():
    from peloponnes.variants.boardgame.state import tile_label
    cheap = land(bid=1, income={"food": 1}, id="T900")
    dear = land(bid=4, income={"wood": 2}, id="T900")
    assert "bid 1" in tile_label(cheap) and "1 food" in tile_label(cheap)
    assert "bid 4" in tile_label(dear) and "2 wood" in tile_label(dear)


def test_setup_stacks_the_tiles_by_era_a_on_top():
    game = new_game(4)
    pile = game.state.pile          # the top is the list's end: A, then B, then C
    assert [t["era"] for t in reversed(pile)] == sorted(t["era"] for t in pile)
    assert sorted(t["id"] for t in pile) == sorted(t["id"] for t in game.components["tiles"])
