"""The expansion's hooks for the Persian attack, exercised by the house rule an expansion author
would write: "before a Persian attack, each player may pay 2 coins for +3 Strength in this
attack" — a plugin of two hooks keeping what was bought in ``game.stash``."""
from __future__ import annotations

import pytest

from peloponnes.core import Decision, Option, PluginError, StashKey, hookimpl
from peloponnes.variants.boardgame.state import pay_in
from peloponnes.variants.heroes.persians import persian_attack
from peloponnes.variants.heroes.state import table

from .kit import drive, events, new_game, option_ids, plain_table

RULE = "house rule: war chest"
BOUGHT = StashKey[list]("seats that paid for this attack")


def offer_war_chest(game):
    game.stash[BOUGHT] = []                                   # a new attack: nothing bought yet
    for seat in game.state.order:
        player = game.state.players[seat]
        if player.coins < 2:
            continue
        answer = yield Decision(seat, "war_chest", "Pay 2 coins for +3 Strength in this attack?",
                                (Option("no", "Keep your coins"), Option("pay", "Pay 2 coins")),
                                RULE)
        if answer.id == "pay":
            pay_in(game, player, 2)
            game.stash[BOUGHT].append(seat)


class WarChest:
    @hookimpl
    def prepare_persian_attack(self, game, attack):
        return offer_war_chest(game)

    @hookimpl(wrapper=True)
    def count_attack_strength(self, game, seat, attack):
        strength = yield
        return strength + 3 * game.stash.get(BOUGHT, []).count(seat)


def _attack_on(game, strengths, values):
    players = plain_table(game, coins=3)
    for hp, strength in zip(players, strengths, strict=True):
        hp.strength = strength
    table(game).persian_values[:] = values
    game.state.revealed["persians"] = len(values)
    return players


def test_prepare_persian_attack_and_count_attack_strength_two_payments_repel_the_attack():
    game = new_game(4, house_rules=[WarChest()])
    players = _attack_on(game, (6, 5, 4, 3), [1, 2, 2])       # 18 against 4 x 5 = 20
    bank = game.state.bank
    _, asked = drive(persian_attack(game), "pay", "pay", "no", "no", "0", "0", "0", "0")
    assert [d.kind for d in asked[:4]] == ["war_chest"] * 4
    assert option_ids(asked[0]) == ["no", "pay"]
    (attack,) = events(game, "persian_attack")
    assert (attack["persians"], attack["players"], attack["repelled"]) == (20, 24, True)
    assert [p.coins for p in game.state.players] == [1, 1, 3, 3]
    assert game.state.bank == bank + 4
    assert not any(hp.flipped for hp in players)
    assert [hp.strength for hp in players] == [3, 2, 2, 1]     # repelled: halved, no bonus kept


def test_count_attack_strength_without_payments_the_attack_is_lost_as_in_the_rulebook():
    game = new_game(4, house_rules=[WarChest()])
    players = _attack_on(game, (6, 5, 4, 3), [1, 2, 2])
    drive(persian_attack(game), "no", "no", "no", "no")
    (attack,) = events(game, "persian_attack")
    assert (attack["persians"], attack["players"], attack["repelled"]) == (20, 18, False)
    assert all(hp.flipped for hp in players)


def test_count_attack_strength_an_answer_that_is_no_strength_is_refused():
    class Fractional:
        @hookimpl
        def count_attack_strength(self, game, seat, attack):
            return 2.5

    game = new_game(4, house_rules=[Fractional()])
    _attack_on(game, (6, 5, 4, 3), [1, 2, 2])
    with pytest.raises(PluginError, match="count_attack_strength returned 2.5 for seat 0"):
        drive(persian_attack(game))
