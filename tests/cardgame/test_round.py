"""One test (or a few) per rule of the card game's round, named after the rulebook section:
1. Reveal Power Cards, 2. Catastrophes/Supply (the trigger), 3. Bidding. 4.-6. are in
test_gain_income.py."""
from __future__ import annotations

from collections import Counter

import pytest

from peloponnes.core import hookimpl
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import run_game
from peloponnes.variants.cardgame.payments import pay_coin_cards
from peloponnes.variants.cardgame.rules import (
    bidding,
    catastrophes_and_supply,
    gain,
    reveal,
    turn_order,
)
from peloponnes.variants.common.auction import Auction, Bid, Slot

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


def test_bid_option_texts_name_the_card_its_row_and_its_price():
    """The option of bidding on a card says the purse's label of the card, its row, the price
    ("from" on an open card, "exactly" on the Conquest row) and who holds it at what; its id
    and key name the slot."""
    card = landscape(value=2, name="Kept Field")

    class LabelPurse:
        def __init__(self, label):
            self.label = label

        def conquest_price_exact(self):
            return True

    def bid_option(purse, index, conquest=False, bid=None):
        slot = Slot(index, card, conquest, bid)
        return Auction([slot], purse, emit=None).bid_option(slot, 2)

    named = LabelPurse(lambda c: c["name"])
    first = bid_option(named, 0)
    assert (first.id, first.label, first.key) == ("card:0", "Kept Field [open; from 2]", "1")
    moved = bid_option(named, 1)
    assert (moved.id, moved.label, moved.key) == ("card:1", "Kept Field [open; from 2]", "2")
    conquest = bid_option(named, 1, conquest=True)
    assert conquest.label == "Kept Field [Conquest row; exactly 2]"
    held = bid_option(named, 0, bid=Bid(1, 1, None))
    assert held.label == "Kept Field [open; from 2, held by seat 2 at 1]"
    shouting = LabelPurse(lambda c: c["name"].upper())
    assert bid_option(shouting, 0).label == "KEPT FIELD [open; from 2]"


def bid_offers(game):
    """(seat, option, slot) of each card offered by the pending bid decision, if one is pending."""
    decision = game.pending
    if decision is None or decision.kind != "bid_card":
        return []
    return [(decision.seat, option, option.value) for option in decision.options[1:]]


def test_the_conquest_surcharge_is_asked_anew_each_auction_so_a_house_rule_may_change_it():
    """The card game's Conquest-row price is the surcharge less the seat's discount
    (conquest_extra), asked of the hook in every auction: a house rule whose surcharge changes
    from round to round is followed."""
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
        assert len({round_ for round_, _seat in asked}) >= 4     # asked anew round by round
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
    down as they are chosen; the cards leave the hand together once all are chosen."""
    game = new_game(2)
    player = seat_player(game, 0, hand={"wood": 2, "stone": 1, "grain": 1})
    steps = pay_coin_cards(game, player, 3, "rule")
    asked = [next(steps)]
    for answer in ("wood", "grain"):
        asked.append(steps.send(asked[-1].option(answer)))
        assert player.hand == Counter(wood=2, stone=1, grain=1)      # nothing taken yet
    with pytest.raises(StopIteration) as stop:
        steps.send(asked[-1].option("stone"))
    paid = stop.value.value
    assert [d.prompt for d in asked] == [f"Which coin card to bid ({i} of 3)?" for i in (1, 2, 3)]
    assert [[o.label for o in d.options] for d in asked] == [
        ["coin card showing grain (1 left)", "coin card showing stone (1 left)",
         "coin card showing wood (2 left)"],
        ["coin card showing grain (1 left)", "coin card showing stone (1 left)",
         "coin card showing wood (1 left)"],
        ["coin card showing stone (1 left)", "coin card showing wood (1 left)"]]
    assert {(d.seat, d.kind, d.rule) for d in asked} == {(0, "bid_coin_card", "rule")}
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
