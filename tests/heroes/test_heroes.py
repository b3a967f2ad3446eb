"""One test per hero (heroes: Heroes): the red side's ability and, where there is one, the orange
side's loss every round after a lost first Persian attack."""
from __future__ import annotations

from peloponnes.variants.boardgame.disasters import reveal_chits, strike
from peloponnes.variants.boardgame.rules import add_tiles, bidding, turn_order
from peloponnes.variants.boardgame.supply import supply_round
from peloponnes.variants.common.auction import Bid, Slot
from peloponnes.variants.heroes.conflict import internal_conflict
from peloponnes.variants.heroes.persians import orange_losses, persian_attack
from peloponnes.variants.heroes.state import table

from .kit import (
    building,
    drive,
    events,
    land,
    least_bids,
    marked,
    new_game,
    option_ids,
    plain_table,
    seat,
)


def won(game, seat_, tile, paid=0):
    game.state.slots.append(Slot(len(game.state.slots), tile, conquest=False,
                                 bid=Bid(seat_, paid, paid)))


def test_achilles_raises_strength_by_2_more_and_orange_loses_a_stone_each_round():
    game = new_game(2)
    plain_table(game)
    achilles = seat(game, 0, hero="achilles", colony="massilia", wood=2, stone=3)
    won(game, 0, building(prestige=3, cost={"wood": 1}))
    _, asked = drive(add_tiles(game), "raise")
    assert "Achilles" in asked[-1].rule and option_ids(asked[-1]) == ["raise", "skip"]
    assert achilles.strength == 3 + 2
    achilles.flipped = True
    orange_losses(game)
    assert game.state.players[0].goods["stone"] == 1                  # 3 - 1 (Strength) - 1
    assert events(game, "hero_loss")[0]["lost"] == {"stone": 1}
    game.state.players[0].goods["stone"] = 0
    orange_losses(game)                                               # nothing to lose
    assert len(events(game, "hero_loss")) == 1


def test_andromeda_gets_3_coins_for_a_tile_showing_coins_and_orange_loses_a_wood():
    game = new_game(2)
    plain_table(game)
    andromeda = seat(game, 0, hero="andromeda", colony="massilia", wood=2)
    player = game.state.players[0]
    won(game, 0, land(one_time={"coins": 2}, income={"wood": 1}))
    drive(add_tiles(game))
    assert player.coins == 3                                          # before E.'s own 2 coins
    won(game, 0, land(one_time={"inhabitants": 1}, income={"wood": 1}))
    drive(add_tiles(game))
    assert player.coins == 3                                          # no coin shown: nothing
    andromeda.flipped = True
    orange_losses(game)
    assert player.goods["wood"] == 1


def test_ariadne_puts_one_revealed_chit_a_round_under_the_second_stack():
    game = new_game(2)
    plain_table(game)
    seat(game, 1, hero="ariadne", colony="massilia")
    st, ht = game.state, table(game)
    st.chits[:] = ["plague", "decline", "drought", "tempest", "earthquake"]
    ht.pile_values[:] = [None] * 5
    st.revealed.clear()

    _, asked = drive(reveal_chits(game, final=False), "put_under")

    assert [d.kind for d in asked] == ["redraw_chit"]                  # once a round
    assert asked[0].seat == 1 and "Ariadne" in asked[0].rule
    assert st.chits == ["earthquake", "plague"]                       # under the second stack
    assert st.revealed == {"tempest": 1, "drought": 1, "decline": 1}
    assert events(game, "chit_put_under")[0]["seat"] == 1
    _, asked = drive(reveal_chits(game, final=False))                 # used this round
    assert asked == []
    game.round += 1
    st.chits[:] = ["plague", "decline"]
    ht.pile_values[:] = [None, None]
    _, asked = drive(reveal_chits(game, final=False), "keep")         # a new round: asked again
    assert asked[0].kind == "redraw_chit"


def test_daedalus_saves_2_stone_or_2_wood_not_1_of_each():
    game = new_game(2)
    plain_table(game)
    daedalus = seat(game, 0, hero="daedalus", colony="massilia", wood=3, stone=1, coins=1)
    player = game.state.players[0]
    temple = building(prestige=5, cost={"wood": 3, "stone": 3})
    won(game, 0, temple)
    _, asked = drive(add_tiles(game), "build")
    build = asked[0]
    costs = {o.id: o.value for o in build.options if o.id != "mark"}
    assert costs == {"build": {"wood": 3, "stone": 1}}     # 2 stone saved; 2 wood not enough
    assert player.goods == {"wood": 0, "stone": 0, "food": 0}
    # completing a coin-marked building is building it too
    seat(game, 0, hero="daedalus", colony="massilia", wood=2, stone=4,
         buildings=[marked(building(prestige=5, cost={"wood": 3, "stone": 3}))])
    _, asked = drive(supply_round(game, final=False), "complete:1")
    assert option_ids(asked[0]) == ["complete:1", "lose"]               # 2 wood saved only
    assert game.state.players[0].goods["wood"] == 1 and game.state.players[0].goods["stone"] == 1
    assert daedalus.hero["id"] == "daedalus"


def test_hector_loses_only_2_strength_where_the_others_halve():
    game = new_game(3)
    plain_table(game, population=3)
    hector = seat(game, 0, hero="hector", colony="massilia", population=3, strength=10)
    other = table(game).by_seat(1)
    other.strength = 10
    game.state.order = [0, 1, 2]
    ht = table(game)
    ht.persian_values[:] = [0, 0, 0]
    game.state.revealed["persians"] = 3
    drive(persian_attack(game))                                       # repelled: all halve
    assert (hector.strength, other.strength) == (8, 5)
    drive(internal_conflict(game, final=False))                       # Hector is the strongest
    assert hector.strength == 6
    hector.strength = 2                                               # halving would take 1 only
    assert "Hector" in [e for e in events(game, "strength") if e["seat"] == 0][0]["rule"]
    from peloponnes.variants.heroes.strength import halve_strength
    halve_strength(game, hector, "test", "test")
    assert hector.strength == 1


def test_helen_gains_an_inhabitant_per_new_landscape_and_orange_loses_a_food():
    game = new_game(2)
    plain_table(game)
    helen = seat(game, 0, hero="helen", colony="massilia", food=3)
    player = game.state.players[0]
    won(game, 0, land(income={"food": 1}))
    drive(add_tiles(game))
    assert player.population == 1
    won(game, 0, building(cost={"wood": 0}))
    drive(add_tiles(game))
    assert player.population == 1                                     # a building: nothing
    helen.flipped = True
    orange_losses(game)
    assert player.goods["food"] == 2


def test_odysseus_covers_one_disaster_with_a_coin_once_a_game_persians_included():
    game = new_game(2)
    plain_table(game, food=9)
    odysseus = seat(game, 0, hero="odysseus", colony="massilia", food=9, coins=2)
    st = game.state
    _, asked = drive(strike(game, "drought"), "shield")
    assert asked[0].kind == "use_shield" and asked[0].seat == 0
    assert st.players[0].goods["food"] == 9 and st.players[1].goods["food"] == 6
    assert st.players[0].coins == 1 and odysseus.shield_uses == 1
    assert events(game, "protected")[0]["seat"] == 0
    _, asked = drive(strike(game, "drought"))                          # used: not asked again
    assert asked == [] and st.players[0].goods["food"] == 6
    # a fresh Odysseus spared a lost Persian attack: he alone keeps his red side
    game = new_game(2)
    plain_table(game)
    odysseus = seat(game, 0, hero="odysseus", colony="massilia", coins=1)
    table(game).persian_values[:] = [3, 3, 3]
    game.state.revealed["persians"] = 3
    _, asked = drive(strike(game, "persians"), "shield")
    assert not odysseus.flipped and table(game).by_seat(1).flipped


def test_penelope_pays_2_food_less_to_feed_her_people():
    game = new_game(2)
    plain_table(game)
    seat(game, 0, hero="penelope", colony="massilia", population=5, food=3)
    seat(game, 1, hero="sisyphus", colony="massilia", population=5, food=3)
    drive(supply_round(game, final=False))
    fed = {e["seat"]: e for e in events(game, "fed")}
    assert (fed[0]["inhabitants"], fed[0]["food"]) == (5, 3)
    assert (fed[1]["inhabitants"], fed[1]["starved"]) == (3, 2)
    assert game.hook.count_food_needed(game=game, seat=0, inhabitants=1) == 0


def test_sisyphus_bid_counts_1_coin_higher_but_not_for_turn_order():
    game = new_game(2)
    plain_table(game, coins=6)
    seat(game, 0, hero="penelope", colony="massilia", coins=6)
    seat(game, 1, hero="sisyphus", colony="massilia", coins=6)
    st = game.state
    st.order = [0, 1]
    wanted = land(bid=1, income={"wood": 1})
    st.slots = [Slot(0, wanted, conquest=False), Slot(1, land(bid=1), conquest=False)]
    assert game.hook.bid_credit_halves(game=game, seat=1) == 2
    # seat 0 bids 3; Sisyphus's 3 counts as 4: he takes the tile with an equal payment
    _, asked = drive(bidding(game), "tile:0", "3", "tile:0", "3", "withdraw")
    assert st.slots[0].bid.seat == 1 and st.slots[0].bid.amount == 3
    st.bids = {1: st.slots[0].bid, 0: Bid(0, 3, 3)}
    turn_order(game)
    assert st.order == [0, 1]                                        # equal 3 and 3: unchanged


def test_sisyphus_extra_coin_counts_towards_the_minimum_bid_and_the_conquest_price():
    """heroes: Heroes (Sisyphus), our reading 17: "Zijn bod is altijd 1 Munt hoger dan de spelers
    eigenlijke bod. Let op: De extra Munt telt niet mee bij het bepalen van de speelvolgorde!"
    The only exception named is turn order, so his bid reaches a tile's minimum, and the Conquest
    row's exact price, with 1 coin less (but a bid is at least 1 coin)."""
    game = new_game(2)
    plain_table(game, coins=9)
    seat(game, 0, hero="sisyphus", colony="massilia", coins=9)
    seat(game, 1, hero="penelope", colony="massilia", coins=9)
    st = game.state
    st.order = [0, 1]
    cheap, dear, far = land(bid=1), land(bid=3, income={"wood": 1}), land(bid=2)
    st.slots = [Slot(0, cheap, conquest=False), Slot(1, dear, conquest=False),
                Slot(2, far, conquest=True)]
    assert least_bids(game, 0, [cheap, dear, far], conquest=(far,)) == [1, 2, 4]
    assert least_bids(game, 1, [cheap, dear, far], conquest=(far,)) == [1, 3, 5]
    _, asked = drive(bidding(game), "tile:2", "tile:1", "3")
    assert option_ids(asked[1]) == ["4"]                       # 4 paid + 1 = the price 2 + 3
    assert st.slots[2].bid.seat == 0 and st.slots[2].bid.amount == 4
    assert st.players[0].coins == 5


def tantalus_against_sisyphus(game):
    """Seat 0: Tantalus, Strength 6, 4 coins; seat 1: Sisyphus, Strength 1; both fed."""
    plain_table(game)
    tantalus = seat(game, 0, hero="tantalus", colony="massilia", coins=4, strength=6,
                    population=2, food=5)
    seat(game, 1, hero="sisyphus", colony="massilia", coins=4, strength=1, population=2,
         food=5)
    game.state.order = [0, 1]
    return tantalus


def test_tantalus_may_hire_mercenaries_after_every_internal_conflict():
    game = new_game(2)
    tantalus = tantalus_against_sisyphus(game)
    _, asked = drive(supply_round(game, final=False), "2")
    assert [d.kind for d in asked] == ["hire_mercenaries"] and "Tantalus" in asked[0].rule
    assert tantalus.strength == 3 + 2 and tantalus.mercenaries == 2   # halved first, then hired
    assert game.state.players[0].coins == 2
    assert table(game).by_seat(1).mercenaries == 0


def test_tantalus_hires_mercenaries_in_every_supply_round_even_without_an_internal_conflict():
    """Tantalus "mag Huurlingen in dienst nemen ... tijdens elke Verzorgingsronde (nadat het
    interne conflict is afgehandeld)": a house rule that does away with the conflict
    (``count_conflict_pairs`` = 0) leaves his ability in every supply round."""
    from peloponnes.core import hookimpl

    class Peace:
        @hookimpl
        def count_conflict_pairs(self, game):
            return 0

    game = new_game(2, house_rules=[Peace()])
    tantalus = tantalus_against_sisyphus(game)
    _, asked = drive(supply_round(game, final=False), "2")
    assert events(game, "internal_conflict") == []
    assert [d.kind for d in asked] == ["hire_mercenaries"] and "Tantalus" in asked[0].rule
    assert tantalus.strength == 6 + 2 and tantalus.mercenaries == 2
