"""One test (or a few) per rule of the card game's round, named after the rulebook section:
1. Reveal Power Cards, 2. Catastrophes/Supply (the trigger), 3. Bidding, 4. Turn order,
5. Gain Power Cards, 6. Income."""
from __future__ import annotations

from collections import Counter

import pytest

from peloponnes.core import Decision, hookimpl
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import run_game
from peloponnes.variants.cardgame.catastrophes import protected
from peloponnes.variants.cardgame.payments import pay_coin_cards
from peloponnes.variants.cardgame.rules import (
    add_power_card,
    bidding,
    catastrophes_and_supply,
    gain,
    income,
    reveal,
    turn_order,
)
from peloponnes.variants.cardgame.setup import power_cards_by_era, unshuffled_coin_pile
from peloponnes.variants.cardgame.state import Placed, draw_to_hand
from peloponnes.variants.common.auction import Auction, Bid, Slot, order_by_bids

from .kit import building, civilization, drive, events, landscape, new_game, option_ids, seat_player


def stack_pile(game, cards):
    """Put ``cards`` on top of the power-card pile, ``cards[0]`` drawn first."""
    game.state.power_pile.extend(reversed(cards))


def seat_1_goes_for_card_0_after_seat_0_bid_2(game):
    """Seat 0 bids 2 on card 0 (paying with any coin cards); seat 1 picks card 0 too. Returns
    the bidding generator and seat 1's amount decision."""
    gen = bidding(game)
    d = gen.send(next(gen).option("card:0"))
    d = gen.send(d.option("2"))
    while d.seat == 0:                                               # which coin cards
        d = gen.send(d.options[0])
    return gen, gen.send(d.option("card:0"))


# --- 1. Reveal Power Cards ----------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_reveal_as_many_open_cards_as_players_the_rest_of_six_in_conquest_row(players):
    game = new_game(players)
    top_six = list(reversed(game.state.power_pile[-6:]))
    reveal(game)
    slots = game.state.slots
    assert [s.card for s in slots] == top_six                       # drawn from the top
    assert [s.conquest for s in slots] == [False] * players + [True] * (6 - players)
    assert {s.card["era"] for s in slots} == {"A"}                   # A cards on top
    assert len(game.state.power_pile) == 48 - 6


def test_reveal_power_pile_is_a_over_b_over_c():
    game = new_game(3)
    eras = [c["era"] for c in reversed(game.state.power_pile)]       # top first
    assert eras == sorted(eras)                                      # all A, then B, then C
    assert Counter(eras) == Counter({"A": 18, "B": 18, "C": 12})


def test_reveal_first_two_cards_advance_catastrophe_markers():
    game = new_game(2)
    stack_pile(game, [landscape(catastrophe="plague"), landscape(catastrophe="plague"),
                      *[landscape(catastrophe="earthquake") for _ in range(4)]])
    reveal(game)
    assert game.state.tracks["plague"] == 3                          # two symbols, two spaces
    assert game.state.tracks["earthquake"] == 1                      # cards 3-6 do not count
    assert [e["catastrophe"] for e in events(game, "catastrophe_advanced")] == ["plague"] * 2


def test_catastrophes_marker_on_last_space_strikes_and_never_fires_twice():
    game = new_game(2)
    st = game.state
    last = game.components["catastrophe_tracks"]["plague"]
    st.tracks["plague"] = last - 1
    seat_player(game, 0)                                             # no hand: loses its civ
    seat_player(game, 1, buildings=[building(protects=["plague"])])
    stack_pile(game, [landscape(catastrophe="plague"), *[landscape(catastrophe="decline")
                                                         for _ in range(5)]])
    reveal(game)
    assert st.tracks["plague"] == last and st.due == ["plague"]
    drive(catastrophes_and_supply(game))
    assert st.fired == ["plague"] and st.due == []
    assert st.players[0].civilization is None
    assert st.players[1].civilization is not None                    # Well-like protection

    # a later round shows plague symbols again: the marker stays, nothing happens
    st.slots = []
    stack_pile(game, [landscape(catastrophe="plague"), landscape(catastrophe="plague"),
                      *[landscape(catastrophe="decline") for _ in range(4)]])
    seen = len(game.events)
    reveal(game)
    assert st.tracks["plague"] == last and st.due == []
    assert events(game, "catastrophe_advanced", seen) == []
    drive(catastrophes_and_supply(game))
    assert events(game, "catastrophe", seen) == [] and st.fired == ["plague"]


def test_catastrophes_supply_landscape_triggers_supply_after_all_six_cards():
    game = new_game(2)
    seat_player(game, 0, civ=civilization(inhabitants=3, grain=1), hand={"grain": 2})
    seat_player(game, 1, civ=civilization(inhabitants=1, grain=1))
    supply_card = landscape(supply=True, catastrophe="drought")
    stack_pile(game, [landscape(catastrophe="decline") for _ in range(5)] + [supply_card])
    reveal(game)
    assert game.state.slots[5].card is supply_card and game.state.slots[5].conquest
    assert game.state.supply_due
    seen = len(game.events)
    _, asked = drive(catastrophes_and_supply(game), "grain", "grain")
    assert [d.kind for d in asked] == ["feed", "feed"] and asked[0].seat == 0
    kinds = [e.kind for e in game.events[seen:]]
    assert kinds[0] == "supply" and kinds.count("fed") == 2
    assert game.state.players[0].hand == Counter()
    assert not game.state.supply_due                                 # once, this round


def test_catastrophes_supply_landscape_in_a_tableau_has_no_further_effect():
    game = new_game(2)
    seat_player(game, 0, landscapes=[landscape(supply=True)])
    reveal(game)                                                     # the real A cards
    assert not game.state.supply_due
    _, asked = drive(catastrophes_and_supply(game))
    assert asked == [] and events(game, "supply") == []


# --- 3. Bidding ---------------------------------------------------------------------------------

def bidding_table(players=3, *, hands=None, values=(1, 1, 1), conquest=(), scenario=None):
    game = new_game(players, scenario=scenario)
    hands = hands or [{"wood": 4}, {"stone": 4}, {"grain": 4}][:players]
    for seat, hand in enumerate(hands):
        seat_player(game, seat, hand=hand)
    game.state.order = list(range(players))
    game.state.slots = [Slot(i, landscape(value=v), conquest=i in conquest)
                        for i, v in enumerate(values)]
    return game


def test_bidding_pass_draws_three_coin_cards():
    game = bidding_table(2)
    pile = len(game.state.coin_pile)
    drive(bidding(game), "pass", "pass")
    assert [p.hand_size() for p in game.state.players] == [4 + 3, 4 + 3]
    assert len(game.state.coin_pile) == pile - 6
    assert game.state.bids == {}
    assert [e["seat"] for e in events(game, "passed")] == [0, 1]


def test_bidding_minimum_bid_is_the_card_value_and_unaffordable_cards_are_not_offered():
    game = bidding_table(2, values=(2, 5, 3))
    gen = bidding(game)
    d = next(gen)
    assert option_ids(d) == ["pass", "card:0", "card:2"]             # value 5 > 4 coin cards
    d = gen.send(d.option("card:0"))
    assert [o.value for o in d.options] == [2, 3, 4]


def test_bid_option_texts_are_kept_per_card_slot_and_label_across_auctions():
    """The texts of bidding on a card in a slot are kept across auctions and games
    (auction._bid_texts): another auction over the same card in the same slot says the same;
    the same card in another slot, on the Conquest row, or labelled by a purse of another class
    gets its own."""
    card = landscape(value=2, name="Kept Field")

    class LabelPurse:
        def __init__(self, label):
            self.label = label

        def conquest_price_exact(self):
            return True

    def bid_option(purse, index, conquest=False):
        slot = Slot(index, card, conquest)
        return Auction([slot], purse, emit=None).new_bid_option(slot, 2, (index, 2))

    named = LabelPurse(lambda c: c["name"])
    first = bid_option(named, 0)
    assert (first.id, first.label, first.key) == ("card:0", "Kept Field [open; from 2]", "1")
    again = bid_option(LabelPurse(named.label), 0)      # another auction, the same label
    assert (again.id, again.label, again.key) == (first.id, first.label, first.key)
    moved = bid_option(named, 1)
    assert (moved.id, moved.label, moved.key) == ("card:1", "Kept Field [open; from 2]", "2")
    conquest = bid_option(named, 1, conquest=True)
    assert conquest.label == "Kept Field [Conquest row; exactly 2]"
    class ShoutingPurse(LabelPurse):        # another purse class: its own texts
        def __init__(self):
            super().__init__(lambda c: c["name"].upper())

    assert bid_option(ShoutingPurse(), 0).label == "KEPT FIELD [open; from 2]"


def bid_offers(game):
    """(seat, option, slot) of each card offered by the pending bid decision, if one is pending."""
    decision = game.pending
    if decision is None or decision.kind != "bid_card":
        return []
    return [(decision.seat, option, option.value) for option in decision.options[1:]]


def test_the_conquest_surcharge_is_asked_anew_each_auction_so_a_house_rule_may_change_it():
    """The card game's minimum bid keeps a seat's Conquest-row surcharge less its discount for
    one auction (conquest_extra): a house rule whose surcharge changes from round to round is
    followed, and each seat is asked at most once per auction."""
    asked = Counter()

    class DearerEachRound:
        @hookimpl
        def conquest_surcharge(self, game, seat):
            asked[game.round, seat] += 1
            return game.round % 4

    ruleset, scenario = load_ruleset(Scenario.quick("cardgame", 4))
    ruleset.pm.register(DearerEachRound())
    checked = set()

    def check_offers(game):
        for seat, option, slot in bid_offers(game):
            discount = game.state.players[seat].power_card_total("conquest_discount")
            if slot.conquest:
                value = slot.card["value"]
                price = max(value, value + game.round % 4 - discount)
                assert option.label.endswith(f"[Conquest row; exactly {price}]")
                checked.add(game.round)

    for seed in range(3):
        asked.clear()
        run_game(ruleset, scenario, seed, agent="random", after_decision=check_offers)
        assert asked and max(asked.values()) == 1
    assert len(checked) >= 6          # rounds whose offers were checked, each with its price


def test_bidding_asks_the_minimum_bid_anew_each_auction_so_a_house_rule_may_change_it():
    """The auction keeps each seat's minimum bid per card for one auction (no card changes hands
    while bidding runs): a house rule whose answer changes from round to round is followed."""
    class DearerEachRound:
        @hookimpl(wrapper=True)
        def minimum_bid(self, game, seat, card, conquest):
            least = yield
            return least + game.round - 1

    ruleset, scenario = load_ruleset(Scenario.quick("cardgame", 4))
    ruleset.pm.register(DearerEachRound())
    checked = set()

    def check_offers(game):
        for _seat, option, slot in bid_offers(game):
            if slot.bid is None and not slot.conquest:
                assert option.label.endswith(f"[open; from {slot.card['value'] + game.round - 1}]")
                checked.add(game.round)

    run_game(ruleset, scenario, 5, agent="random", after_decision=check_offers)
    assert len(checked) >= 4          # rounds whose offers were checked, each with its price


def test_bidding_outbidding_needs_a_higher_bid():
    game = bidding_table(2)
    gen, d = seat_1_goes_for_card_0_after_seat_0_bid_2(game)
    assert [o.value for o in d.options] == [3, 4]


def test_bidding_displacement_chain_moves_bids_unchanged():
    """Seat 2 outbids seat 1, who moves onto seat 0's card with a higher bid, and seat 0 moves
    on in turn: each outbid bid moves with its amount and its coin cards unchanged."""
    game = bidding_table(3)
    st = game.state
    answers = ["card:0", "2",            # seat 0: 2 wood on card 0
               "card:1", "3",            # seat 1: 3 stone on card 1
               "card:1",                 # seat 2: 4 grain (all it has) on card 1 -> displaces 1
               "card:0",                 # seat 1 moves its 3 onto card 0 -> displaces seat 0
               "card:2"]                 # seat 0 moves its 2 onto card 2
    _, asked = drive(bidding(game), *answers)
    moves = [d for d in asked if d.kind == "move_bid"]
    assert [d.seat for d in moves] == [1, 0]
    assert option_ids(moves[0]) == ["withdraw", "card:0", "card:2"]
    assert option_ids(moves[1]) == ["withdraw", "card:2"]            # 2 cannot beat 4 on card 1
    held = [(s.bid.seat, s.bid.amount, Counter(s.bid.payment)) for s in st.slots]
    assert held == [(1, 3, Counter(stone=3)), (2, 4, Counter(grain=4)), (0, 2, Counter(wood=2))]
    assert [p.hand_size() for p in st.players] == [2, 1, 0]
    assert [(e["seat"], e["displaced"]) for e in events(game, "bid")] == \
        [(0, None), (1, None), (2, 1), (1, 0), (0, None)]


def test_bidding_withdraw_returns_bid_plus_three_coin_cards():
    game = bidding_table(2)
    _, asked = drive(bidding(game), "card:0", "2", "card:0", "3", "withdraw")
    st = game.state
    assert asked[-1].kind == "move_bid" and asked[-1].seat == 0
    assert st.players[0].hand_size() == 4 + 3 and st.players[0].hand["wood"] == 4
    assert 0 not in st.bids and st.bids[1].amount == 3
    turn_order(game)
    assert st.order == [1, 0]                                        # withdrawing counts 0


def test_bidding_luxury_goods_traded_for_coin_cards_drawn_blind():
    game = bidding_table(2, hands=[{"wood": 1}, {"stone": 4}], values=(3, 1, 1))
    st = game.state
    st.players[0].luxury = 2
    gen = bidding(game)
    d = next(gen)
    assert "card:0" in option_ids(d)                                 # 1 coin card + 2 luxury
    d = gen.send(d.option("card:0"))
    assert [o.value for o in d.options] == [3]
    d = gen.send(d.option("3"))
    assert st.players[0].luxury == 0 and st.players[0].hand_size() == 0
    assert st.slots[0].bid.amount == 3 and len(st.slots[0].bid.payment) == 3
    assert len(events(game, "luxury_traded")) == 2


def test_bidding_coin_cards_chosen_one_by_one_from_what_is_left():
    """A bid of 3 from a hand of 4: each card is chosen among the symbols still held, counted
    down as they are chosen (the options of each step are looked up, payments.bid_steps); the
    cards leave the hand together once all are chosen."""
    game = new_game(2)
    player = seat_player(game, 0, hand={"wood": 2, "stone": 1, "grain": 1})
    paid, asked = drive(pay_coin_cards(game, player, 3, "rule"), "wood", "grain", "stone")
    assert [d.prompt for d in asked] == [f"Which coin card to bid ({i} of 3)?" for i in (1, 2, 3)]
    assert [[o.label for o in d.options] for d in asked] == [
        ["coin card showing grain (1 left)", "coin card showing stone (1 left)",
         "coin card showing wood (2 left)"],
        ["coin card showing grain (1 left)", "coin card showing stone (1 left)",
         "coin card showing wood (1 left)"],
        ["coin card showing stone (1 left)", "coin card showing wood (1 left)"]]
    # (built without calling the class: every field stored, equal to the class's own)
    assert asked == [Decision(0, "bid_coin_card", d.prompt, d.options, "rule") for d in asked]
    assert paid == ["wood", "grain", "stone"] and player.hand == Counter(wood=1)


@pytest.mark.parametrize("halves", [1, 2])
def test_bidding_market_agora_bonus_beats_equal_bid_but_not_for_turn_order(halves):
    """Special Buildings: Market + Agora. One of them: bids count 1/2 higher, so an equal bid
    outbids; the higher amount never counts for turn order."""
    game = bidding_table(2)
    seat_player(game, 1, hand={"stone": 4},
                buildings=[building(bid_bonus_halves=1) for _ in range(halves)])
    gen, d = seat_1_goes_for_card_0_after_seat_0_bid_2(game)
    assert min(o.value for o in d.options) == 2                      # an equal bid is enough
    d = gen.send(d.option("2"))
    while d.kind == "bid_coin_card":
        d = gen.send(d.options[0])
    assert d.kind == "move_bid" and d.seat == 0
    with pytest.raises(StopIteration):
        gen.send(d.option("card:1"))
    assert game.state.slots[0].bid.seat == 1
    turn_order(game)
    assert game.state.order == [0, 1]              # 2 and 2: the tie keeps the old order


def test_bidding_without_market_an_equal_bid_is_not_enough():
    game = bidding_table(2)
    gen, d = seat_1_goes_for_card_0_after_seat_0_bid_2(game)
    assert min(o.value for o in d.options) == 3


def test_bidding_unbid_cards_leave_the_game():
    game = new_game(2)
    seat_player(game, 0, hand={"wood": 3})
    seat_player(game, 1, hand={"wood": 3})
    game.state.order = [0, 1]
    cards = [landscape(value=1) for _ in range(6)]
    game.state.slots = [Slot(i, c, conquest=i >= 2) for i, c in enumerate(cards)]
    drive(bidding(game), "card:1", "1", "pass")
    turn_order(game)
    drive(gain(game))
    st = game.state
    assert st.slots == []
    assert st.boxed == [cards[0], *cards[2:]]
    assert [p.card for p in st.players[0].landscapes] == [cards[1]]
    assert [e["card"] for e in events(game, "card_unclaimed")] == \
        [c["id"] for c in cards if c is not cards[1]]


def test_bidding_conquest_row_price_is_exact_not_a_minimum():
    """3. Bidding: "If, for example, you want to bid on a value 2 card in the conquest row, then
    your bid must be 5" (German: "muss sein Gebot 5 betragen"): exactly 5, never more, so the
    Conquest row cannot buy the first seat of the turn order on top of a guaranteed card."""
    game = bidding_table(2, hands=[{"wood": 9}, {"stone": 9}], values=(1, 2), conquest=(1,))
    _, asked = drive(bidding(game), "card:1", "pass")
    amounts = next(d for d in asked if d.kind == "bid_amount")
    assert [o.value for o in amounts.options] == [5]
    assert game.state.slots[1].bid.amount == 5


def test_bidding_conquest_row_displaced_bid_moves_there_only_at_its_exact_price():
    """3. Bidding: an outbid bid moves unchanged; onto an empty Conquest-row card only when it
    is that card's price (card 1: value 1, price 4; card 2: value 2, price 5)."""
    game = bidding_table(2, hands=[{"wood": 9}, {"stone": 9}], values=(1, 1, 2),
                         conquest=(1, 2))
    _, asked = drive(bidding(game), "card:0", "5", "card:0", "6", "card:2")
    move = next(d for d in asked if d.kind == "move_bid")
    assert option_ids(move) == ["withdraw", "card:2"]
    assert game.state.slots[2].bid.seat == 0 and game.state.slots[2].bid.amount == 5


def test_bidding_conquest_row_exact_price_follows_a_house_rule_surcharge():
    """House rules still set the price (``conquest_surcharge``): with ``conquest_plus_two`` a
    value-2 card in the Conquest row costs exactly 4."""
    scenario = Scenario.quick("cardgame", 2, plugins=("conquest_plus_two",))
    game = bidding_table(2, hands=[{"wood": 9}, {"stone": 9}], values=(1, 2), conquest=(1,),
                         scenario=scenario)
    _, asked = drive(bidding(game), "card:1", "pass")
    assert [o.value for o in asked[1].options] == [4]


def test_bidding_option_conquest_price_at_least_offers_any_amount_from_the_price():
    """The variant option ``conquest_price = "at_least"`` (the former reading): from the price up,
    and a displaced bid moves onto any Conquest-row card it can pay."""
    scenario = Scenario.quick("cardgame", 2, options={"conquest_price": "at_least"})
    game = bidding_table(2, hands=[{"wood": 9}, {"stone": 9}], values=(1, 1, 2),
                         conquest=(1, 2), scenario=scenario)
    _, asked = drive(bidding(game), "card:2", "6", "pass")
    assert [o.value for o in asked[1].options] == [5, 6, 7, 8, 9]
    game = bidding_table(2, hands=[{"wood": 9}, {"stone": 9}], values=(1, 1, 2),
                         conquest=(1, 2), scenario=scenario)
    _, asked = drive(bidding(game), "card:0", "5", "card:0", "6", "card:1")
    move = next(d for d in asked if d.kind == "move_bid")
    assert option_ids(move) == ["withdraw", "card:1", "card:2"]


# --- 4. Turn order ------------------------------------------------------------------------------

def test_turn_order_highest_bid_first_pass_counts_zero():
    bids = {2: Bid(2, 5, None), 0: Bid(0, 1, None), 3: Bid(3, 3, None)}
    assert order_by_bids([0, 1, 2, 3], bids) == [2, 3, 0, 1]


def test_turn_order_ties_keep_relative_order():
    game = new_game(4)
    st = game.state
    st.order = [3, 1, 0, 2]
    st.bids = {1: Bid(1, 2, None), 0: Bid(0, 4, None), 2: Bid(2, 2, None)}   # 3 passed
    turn_order(game)
    assert st.order == [0, 1, 2, 3]                # 4; then 1 and 2 as before; then the pass
    st.order = [2, 1, 0, 3]
    st.bids = {1: Bid(1, 2, None), 0: Bid(0, 4, None), 2: Bid(2, 2, None)}
    turn_order(game)
    assert st.order == [0, 2, 1, 3]


def test_setup_turn_order_by_civilization_arrow_number():
    for seed in range(1, 6):
        game = new_game(5, seed=seed)
        arrows = [game.state.players[s].civilization.card["arrow"] for s in game.state.order]
        assert arrows == sorted(arrows)
        for p in game.state.players:
            assert p.hand_size() == p.civilization.card["coin_cards"]


def test_setup_piles_kept_per_component_table_and_shuffled_from_a_copy():
    """Setup sorts the power cards into eras C, B, A and lists the coin cards once per
    component table (kept: component data never changes); another table gets its own, and a
    game's shuffles leave the kept ones alone."""
    cards = [landscape(era="A"), landscape(era="C"), landscape(era="B"), landscape(era="A")]
    assert power_cards_by_era(cards) == ((cards[1],), (cards[2],), (cards[0], cards[3]))
    assert power_cards_by_era(cards) is power_cards_by_era(cards)
    others = [landscape(era="B")]
    assert power_cards_by_era(others) == ((), (others[0],), ())
    table = {"wood": 2, "grain": 1, "provenance": "test"}
    assert unshuffled_coin_pile(table) == ("wood", "wood", "grain")
    assert unshuffled_coin_pile({"stone": 1}) == ("stone",)
    game = new_game(4)
    stacks = power_cards_by_era(game.components["power_cards"])       # kept as tuples
    pile = game.state.power_pile
    assert [c["era"] for c in pile] == [c["era"] for stack in stacks for c in stack]
    assert pile[:len(stacks[0])] != list(stacks[0])       # this game's shuffle, of a copy
    assert sorted(game.state.coin_pile + [c for p in game.state.players for c in p.hand.elements()]
                  ) == sorted(unshuffled_coin_pile(game.components["coin_cards"]))


# --- 5. Gain Power Cards ------------------------------------------------------------------------

def test_gain_winning_coin_cards_go_to_the_discard_pile_in_new_turn_order():
    game = new_game(2)
    st = game.state
    seat_player(game, 0)                                             # hands went into the bids
    seat_player(game, 1)
    a, b = building(cost={"wood": 9}), building(cost={"wood": 9})
    st.slots = [Slot(0, a, False), Slot(1, b, False)]
    st.slots[0].bid = Bid(0, 2, ["wood", "wood"])
    st.slots[1].bid = Bid(1, 3, ["stone"] * 3)
    st.bids = {0: st.slots[0].bid, 1: st.slots[1].bid}
    st.order = [1, 0]
    discard = len(st.coin_discard)
    _, asked = drive(gain(game))                                     # nothing to pay with
    assert Counter(st.coin_discard[discard:]) == Counter(wood=2, stone=3)
    assert asked == [] and [e["seat"] for e in events(game, "card_lost")] == [1, 0]  # new order
    assert st.boxed == [b, a]                                        # both buildings lost


def test_gain_buildings_left_landscapes_right_of_the_civilization():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(wood=5))
    b1, b2 = building(cost={"wood": 1}), building(cost={"wood": 1})
    l1, l2 = landscape(), landscape()
    for card in (b1, l1, b2, l2):
        # b1 can only be built; its excess wood gives luxury goods, which could finance b2
        drive(add_power_card(game, player, card), *(["build"] if card is b2 else []))
    assert [p.card for p in player.tableau()] == [b2, b1, player.civilization.card, l1, l2]


def test_gain_under_construction_coin_card_beneath_building_fully_usable():
    """5. Gain Power Cards: a building with a coin card beneath it is under construction but
    fully usable: income, production, special function (here: plague protection and +1 coin)."""
    game = new_game(2)
    player = seat_player(game, 0, hand={"grain": 1, "inhabitant": 2})
    card = building(cost={"stone": 3}, grain=1, inhabitants=3, power=2, protects=["plague"],
                    income_coin_cards=1)
    _, asked = drive(add_power_card(game, player, card), "grain")
    assert option_ids(asked[0]) == ["mortgage"]                      # cannot pay 3 stone
    assert asked[1].kind == "mortgage_coin_card"
    placed = player.buildings[0]
    assert placed.under == "grain" and player.hand == Counter(inhabitant=2)
    assert player.production("grain") == 1 and player.population() == 3 and player.power() == 2
    assert protected(game, player, "plague")
    before = player.hand_size()
    income(game)
    # 3 inhabitants -> the summary card's row, +1 for the special function
    row = [r for r in game.components["income"] if r["population"] <= 3][-1]
    assert player.hand_size() - before == row["coin_cards"] + 1


def test_gain_under_construction_with_luxury_when_the_hand_is_empty():
    game = new_game(2)
    player = seat_player(game, 0, luxury=1)
    drive(add_power_card(game, player, building(cost={"stone": 3})))   # mortgage: the only way
    assert player.luxury == 0 and player.buildings[0].under in ("wood", "stone", "grain",
                                                                "inhabitant")


def test_gain_building_lost_without_resources_or_coin_card():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(stone=1))
    card = building(cost={"stone": 2})
    _, asked = drive(add_power_card(game, player, card))
    assert asked == []                                               # nothing to decide
    assert player.buildings == [] and game.state.boxed[-1] is card
    assert events(game, "card_lost")[-1]["card"] == card["id"]


def test_gain_new_building_own_production_does_not_pay_for_itself():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(wood=1))
    card = building(cost={"wood": 2}, wood=5)
    _, asked = drive(add_power_card(game, player, card))
    assert asked == [] and game.state.boxed[-1] is card              # 1 wood cannot pay 2


@pytest.mark.parametrize("civ, hand, luxury, offered", [
    (civilization(wood=3), {"grain": 2}, 0, ["build", "mortgage"]),   # the example
    (civilization(wood=1), {"grain": 2}, 0, ["mortgage"]),
    (civilization(wood=1), {"wood": 1}, 0, ["build", "mortgage"]),    # the hand pays 1 wood
    (civilization(wood=1), {}, 1, ["build", "mortgage"]),             # a luxury good pays it
    (civilization(), {}, 1, ["mortgage"]),                            # luxury for a coin card
])
def test_gain_building_is_lost_only_when_it_can_be_neither_built_nor_financed(civ, hand, luxury,
                                                                              offered):
    """5. Gain Power Cards: "If you don't have either the necessary resources or a spare coin
    card to use to finance the construction, then the building is lost" (German: "Kann er weder
    die Baustoffe bezahlen, noch eine Münzkarte ... schieben, ist das Gebäude verloren"): giving
    a building up is no choice while it can be built or put under construction."""
    game = new_game(2)
    player = seat_player(game, 0, civ=civ, hand=hand, luxury=luxury)
    gen = add_power_card(game, player, building(cost={"wood": 2}))
    first = next(gen)
    assert first.kind == "build" and option_ids(first) == offered


def test_gain_building_choice_worded_once_per_card_and_production_across_games():
    """5. Gain Power Cards: what adding a building asks (the prompt, its options) is worded once
    per card and kept across games (a card's name and cost are component data; Options are
    immutable): another game asks the same, another production of wood and stone gets its own
    build option, and another card with the same name but another cost its own wording."""
    card = building(cost={"wood": 2}, name="Test Hall")
    game = new_game(2)
    first = next(add_power_card(game, seat_player(game, 0, civ=civilization(wood=3),
                                                  hand={"grain": 2}), card))
    build, mortgage = first.options
    assert first.prompt == "You gained Test Hall: build it?"
    assert build.label == "Build Test Hall now (cost 2 wood; your production 3 wood)"
    assert mortgage.label.startswith("Put a coin card under Test Hall")
    other = new_game(2, seed=2)
    again = next(add_power_card(other, seat_player(other, 0, civ=civilization(wood=3),
                                                   hand={"wood": 1}), card))
    assert again.prompt == first.prompt and again.options[0] is build
    assert again.options[1] is mortgage
    richer = next(add_power_card(other, seat_player(other, 1, civ=civilization(wood=4, stone=1),
                                                    hand={"wood": 1}), card))
    assert richer.options[0].label == ("Build Test Hall now (cost 2 wood; your production"
                                       " 4 wood, 1 stone)")
    dearer = building(cost={"wood": 3}, name="Test Hall")
    asked = next(add_power_card(other, seat_player(other, 1, civ=civilization(wood=3),
                                                   hand={"wood": 1}), dearer))
    assert asked.options[0].label == "Build Test Hall now (cost 3 wood; your production 3 wood)"


# --- 6. Income ----------------------------------------------------------------------------------

def income_event(game, seat):
    return next(e for e in events(game, "income") if e["seat"] == seat)


def income_row(game, population):
    return [r for r in game.components["income"] if r["population"] <= population][-1]


@pytest.mark.parametrize("population", [0, 2, 3, 5, 8, 10, 11, 15, 20, 30])
def test_income_coin_cards_by_population_from_the_summary_card(population):
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(inhabitants=population))
    seat_player(game, 1)
    before = player.hand_size()
    income(game)
    row = income_row(game, population)
    assert player.hand_size() - before == row["coin_cards"]
    assert player.luxury == row["luxury"]
    assert income_event(game, 0)["population"] == population


def test_income_luxury_directly_from_eleven_inhabitants():
    """Luxury Goods 3.: luxury income starts at 11 inhabitants (printed)."""
    game = new_game(2)
    assert income_row(game, 10)["luxury"] == 0
    assert income_row(game, 11)["luxury"] >= 1
    ten = seat_player(game, 0, civ=civilization(inhabitants=10))
    eleven = seat_player(game, 1, civ=civilization(inhabitants=11))
    income(game)
    assert ten.luxury == 0 and eleven.luxury == income_row(game, 11)["luxury"]


def test_income_one_time_income_only_for_the_newly_gained_card():
    game = new_game(2)
    player = seat_player(game, 0)
    seat_player(game, 1)
    card = landscape(one_time={"coin_cards": 3, "luxury": 2})
    drive(add_power_card(game, player, card))
    base = income_row(game, 0)["coin_cards"]
    income(game)
    assert player.hand_size() == 3 + base and player.luxury == 2
    income(game)                                                     # next round: no repeat
    assert player.hand_size() == 3 + 2 * base and player.luxury == 2


def test_income_port_and_temple_of_apollo_one_coin_card_each_unless_covered():
    game = new_game(2)
    port = building(income_coin_cards=1, protects=["decline"], name="Port")
    temple = building(income_coin_cards=1, protects=["drought"], name="Temple of Apollo")
    player = seat_player(game, 0, buildings=[port, temple])
    seat_player(game, 1)
    base = income_row(game, 0)["coin_cards"]
    income(game)
    assert player.hand_size() == base + 2
    player.buildings[0].cover = ("wood", "earthquake")                # a covered Port is idle
    income(game)
    assert player.hand_size() == 2 * base + 2 + 1


def test_income_covered_cards_bring_no_inhabitants():
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(inhabitants=2),
                         landscapes=[Placed(landscape(inhabitants=9), cover=("wood", "tempest"))])
    seat_player(game, 1)
    income(game)
    assert income_event(game, 0)["population"] == 2
    assert player.hand_size() == income_row(game, 2)["coin_cards"]


def test_coin_pile_discard_reshuffled_when_the_pile_runs_out():
    game = new_game(2)
    st = game.state
    player = seat_player(game, 0)
    st.coin_discard = st.coin_pile[2:] + st.coin_discard
    st.coin_pile = st.coin_pile[:2]
    total = len(st.coin_pile) + len(st.coin_discard)
    assert draw_to_hand(game, player, 5) == 5
    assert len(events(game, "coin_pile_reshuffled")) == 1
    assert st.coin_discard == [] and len(st.coin_pile) == total - 5
    st.coin_discard, st.coin_pile = st.coin_pile, []
    assert draw_to_hand(game, player, 1) == 1 and len(events(game, "coin_pile_reshuffled")) == 2
    st.coin_pile, st.coin_discard = [], []
    assert draw_to_hand(game, player, 3) == 0                        # nothing left anywhere


def test_coin_cards_drawn_from_the_top_in_the_order_they_come_off():
    """Drawing takes coin cards off the top of the pile (the list's end) one by one: they are
    counted into the hand in that order (a new symbol enters the hand where its first card
    comes), and a pile that runs out is refilled from the discard pile (the test above)."""
    game = new_game(2)
    st = game.state
    player = seat_player(game, 0, hand={"inhabitant": 1})
    st.coin_pile, st.coin_discard = ["wood", "grain", "stone", "grain"], []
    assert draw_to_hand(game, player, 3) == 3 and st.coin_pile == ["wood"]
    assert list(player.hand.items()) == [("inhabitant", 1), ("grain", 2), ("stone", 1)]
    assert draw_to_hand(game, player, 5) == 1 and st.coin_pile == [] and player.hand["wood"] == 1


def test_a_draw_of_the_whole_pile_leaves_the_refill_to_the_next_draw():
    """A draw the pile holds in full takes it in one slice (the usual case): the whole pile
    leaves it empty without shuffling the discard pile in yet; nothing, or a negative count (a
    house rule's income), draws nothing."""
    game = new_game(2)
    st = game.state
    player = seat_player(game, 0, hand={})
    st.coin_pile, st.coin_discard = ["wood", "grain"], ["stone"]
    assert draw_to_hand(game, player, 0) == 0 and draw_to_hand(game, player, -2) == 0
    assert st.coin_pile == ["wood", "grain"] and not player.hand
    assert draw_to_hand(game, player, 2) == 2
    assert st.coin_pile == [] and st.coin_discard == ["stone"]
    assert list(player.hand.items()) == [("grain", 1), ("wood", 1)]
    assert not events(game, "coin_pile_reshuffled")
    assert draw_to_hand(game, player, 1) == 1 and len(events(game, "coin_pile_reshuffled")) == 1
    assert player.hand["stone"] == 1 and st.coin_pile == st.coin_discard == []


def test_population_and_power_card_total_is_both_in_one_pass():
    """Income reads a seat's population and its power cards' extra coin cards through
    CardPlayer.population_and_power_card_total: what population() and power_card_total() say
    (the civilization counts for population only; covered cards for neither)."""
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(inhabitants=3),
                         buildings=[building(inhabitants=2, income_coin_cards=1),
                                    Placed(building(inhabitants=5, income_coin_cards=2),
                                           cover=("wood", "earthquake"))],
                         landscapes=[landscape(inhabitants=1)])
    key = "income_coin_cards"
    assert player.population_and_power_card_total(key) == (
        player.population(), player.power_card_total(key)) == (6, 1)


def test_wood_and_stone_is_both_productions_in_one_pass():
    """Building and completing read a seat's production through CardPlayer.wood_and_stone:
    what production("wood") and production("stone") say (covered cards left out)."""
    game = new_game(2)
    player = seat_player(game, 0, civ=civilization(wood=1, stone=2),
                         buildings=[building(wood=2),
                                    Placed(building(stone=5), cover=("wood", "earthquake"))],
                         landscapes=[landscape(stone=1)])
    assert player.wood_and_stone() == (player.production("wood"),
                                       player.production("stone")) == (3, 3)


def test_income_default_is_kept_per_income_table():
    """compute_income's default keeps its answer per income table and population (asked for
    every seat every round): a game with another table gets that table's rows, and the first
    game's answers stay its own."""
    game = new_game(2)
    row = income_row(game, 3)
    assert game.hook.compute_income(game=game, seat=0, population=3) == (row["coin_cards"],
                                                                         row["luxury"])
    other = new_game(2)
    richer = [{**r, "coin_cards": r["coin_cards"] + 10} for r in other.components["income"]]
    other.components = {**other.components, "income": richer}
    assert other.hook.compute_income(game=other, seat=0, population=3) == (
        row["coin_cards"] + 10, row["luxury"])
    assert game.hook.compute_income(game=game, seat=0, population=3) == (row["coin_cards"],
                                                                         row["luxury"])
