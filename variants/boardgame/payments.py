"""Paying with resources, coins and luxury goods (boardgame: Luxury Goods).

"A player may, at any time, substitute Luxury Goods at a rate of 2:1 for any other resource
(Stone, Wood, or Food). This is only allowed, however, when he does not have enough of the
required resource for building or feeding." and "Luxury Goods may also be traded 2:1 for coins
from the bank in order to make a bid or to place a coin onto an incomplete Building Tile ... only
when a player does not have enough money". So a trade covers exactly what is missing: no choice is
left to the player, except how much to feed (see ``supply.feed``). The rate comes from the seat's
mat (``luxury_trade_rate``).
"""
from __future__ import annotations

from peloponnes.core import Option
from peloponnes.variants.common.words import amounts

from .state import LUXURY_RULE, BoardPlayer, pay_out


def can_pay_goods(player: BoardPlayer, cost: dict) -> bool:
    """Whether the storehouse pays ``cost`` (resource -> amount), luxury goods at the trade rate
    making up the units it lacks."""
    missing = sum(max(0, n - player.goods[resource]) for resource, n in cost.items())
    return missing * player.mat["luxury_trade_rate"] <= player.luxury


def pay_goods(game, player: BoardPlayer, cost: dict, rule: str) -> None:
    """Pay ``cost`` from the storehouse, the missing units with luxury goods at the trade rate.
    The caller has checked ``can_pay_goods``."""
    rate = player.mat["luxury_trade_rate"]
    for resource, n in cost.items():
        have = player.goods[resource]
        missing = max(0, n - have)
        if missing:
            player.luxury -= missing * rate
            game.emit("luxury_traded", LUXURY_RULE, seat=player.seat, luxury=missing * rate,
                      got=resource, amount=missing, why=rule)
        player.goods[resource] = have - (n - missing)
    assert player.luxury >= 0, player.luxury


def coin_funds(player: BoardPlayer) -> int:
    """Coins the player can spend on a bid or a mark: his reserve plus luxury goods traded."""
    return player.coins + player.luxury // player.mat["luxury_trade_rate"]


def raise_coins(game, player: BoardPlayer, amount: int, rule: str) -> None:
    """Before paying ``amount`` coins: trade luxury goods for the coins the reserve lacks."""
    missing = amount - player.coins
    if missing > 0:
        rate = player.mat["luxury_trade_rate"]
        assert missing * rate <= player.luxury, (amount, player.coins, player.luxury)
        player.luxury -= missing * rate
        game.emit("luxury_traded", LUXURY_RULE, seat=player.seat, luxury=missing * rate,
                  got="coins", amount=missing, why=rule)
        pay_out(game, player, missing, LUXURY_RULE, "luxury traded")


def cost_option(action: str, name: str, way: int, cost: dict) -> Option:
    """The option to ``action`` ("build", "complete") the building ``name`` paying ``cost``
    (resource -> n), the ``way``-th way to pay it (``list_building_costs``): id ``action`` or
    ``action:way``, its value a copy of the cost."""
    return Option(action if way == 0 else f"{action}:{way}",
                  f"{action.capitalize()} {name} (cost {amounts(cost)})", dict(cost))
