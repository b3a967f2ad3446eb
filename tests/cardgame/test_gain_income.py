"""One test (or a few) per rule of the card game's round, named after the rulebook section:
4. Turn order (and the setup's), 5. Gain Power Cards, 6. Income (the coin-card pile with it).
1.-3. are in test_round.py."""
from __future__ import annotations

from collections import Counter

import pytest

from peloponnes.variants.cardgame.catastrophes import protected
from peloponnes.variants.cardgame.rules import (
    add_power_card,
    gain,
    income,
    turn_order,
)
from peloponnes.variants.cardgame.setup import power_cards_by_era, unshuffled_coin_pile
from peloponnes.variants.cardgame.state import Placed, draw_to_hand
from peloponnes.variants.common.auction import Bid, Slot, order_by_bids

from .kit import building, civilization, drive, events, landscape, new_game, option_ids, seat_player

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


def test_setup_piles_stacked_by_era_and_shuffled():
    """Setup sorts the power cards into eras C, B, A (the pile's order from the bottom), each
    shuffled, and lists the coin cards of the component table, shuffled; the component data
    itself keeps its order."""
    cards = [landscape(era="A"), landscape(era="C"), landscape(era="B"), landscape(era="A")]
    assert power_cards_by_era(cards) == [[cards[1]], [cards[2]], [cards[0], cards[3]]]
    others = [landscape(era="B")]
    assert power_cards_by_era(others) == [[], [others[0]], []]
    table = {"wood": 2, "grain": 1, "provenance": "test"}
    assert unshuffled_coin_pile(table) == ["wood", "wood", "grain"]
    assert unshuffled_coin_pile({"stone": 1}) == ["stone"]
    game = new_game(4)
    printed = list(game.components["power_cards"])
    stacks = power_cards_by_era(game.components["power_cards"])
    pile = game.state.power_pile
    assert [c["era"] for c in pile] == [c["era"] for stack in stacks for c in stack]
    assert pile[:len(stacks[0])] != stacks[0]               # this game's shuffle
    game.hook.setup_game(game=game)                         # another deal, same components
    assert game.components["power_cards"] == printed        # the component data unshuffled
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


def test_gain_building_choice_names_the_card_its_cost_and_the_production():
    """5. Gain Power Cards: what adding a building asks (the prompt, its options) names the
    card, its cost and the seat's production of wood and stone: another game asks the same,
    another production or another cost is worded as such."""
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
    assert again.prompt == first.prompt and again.options == (build, mortgage)
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


def test_income_default_reads_the_games_income_table():
    """compute_income's default reads the row of the game's own income table: a game with
    another table gets that table's rows, and the first game's answers stay its own."""
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
