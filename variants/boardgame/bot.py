"""A rules-aware bot for the board game (the ``heuristic`` agent). It reads only its seat's view
and the options offered. Its plan: buy the tile that best raises the lower of prestige and
population (with the income and protection it brings) for the least it can bid; build when it
can, else mark; keep its people fed (food income, luxury goods at supply rounds); pay for its
tiles in disasters and lose the least valuable ones.

The weights are the bot's own judgement (tuned against random agents), not rules: they are not
component data."""
from __future__ import annotations

import math

COIN = 0.45               # what a coin is worth now (prestige at the end + buying power)
FOOD_ROUND = 0.45         # a unit of food income per remaining round
GOODS_ROUND = 0.3         # a unit of wood / stone income per remaining round
COIN_ROUND = 0.35         # a coin of income per remaining round
PROTECTION = 2.5          # a protection against a disaster that has not struck yet


def income_rounds(view: dict) -> int:
    """F. phases still to come, this round's included (the last round has none)."""
    return max(0, view["rounds"] - view["round"])


def _sides(me: dict) -> tuple[float, float]:
    mat = me["mat"]
    prestige = me["prestige"] + me["coins"] / mat["coins_per_prestige"]
    fed = min(me["population"], me["goods"]["food"] + me["luxury"] / mat["luxury_trade_rate"]
              + me["income"]["food"] * 2)
    return prestige, fed * mat["points_per_inhabitant"]


def _weights(me: dict) -> tuple[float, float]:
    """How much a prestige point and a population point are worth: the lower side counts."""
    prestige, population = _sides(me)
    w_pop = 0.5 + 0.5 * math.tanh((prestige - population) / 6)
    return 1.0 - w_pop + 0.15, w_pop + 0.15


def _short(me: dict, cost: dict) -> int:
    return sum(max(0, n - me["goods"][r]) for r, n in cost.items())


def land_fits(me: dict, tile: dict) -> bool:
    if tile["kind"] != "land" or not me["lands"]:
        return True
    if any(b["tile"]["placement_wildcard"] for b in me["buildings"]):
        return True
    last = me["lands"][-1]["tile"]["income"]
    return any(tile["income"].get(r, 0) > 0 and last.get(r, 0) > 0
               for r in ("wood", "stone", "food"))


def tile_worth(view: dict, tile: dict) -> float:
    me = view["me"]
    if not land_fits(me, tile):
        return -100.0
    k = income_rounds(view)
    w_pre, w_pop = _weights(me)
    mat = me["mat"]
    one = tile["one_time"]
    inhabitants = one.get("inhabitants", 0)
    worth = 2.0 * (w_pre * tile["prestige"] + w_pop * inhabitants * mat["points_per_inhabitant"]
                   / 3)
    income = tile["income"]
    worth += k * (FOOD_ROUND * income.get("food", 0) + COIN_ROUND * income.get("coins", 0)
                  + GOODS_ROUND * (income.get("wood", 0) + income.get("stone", 0))
                  + FOOD_ROUND * income.get("choice", 0))
    worth += COIN * one.get("coins", 0) + 0.2 * one.get("luxury", 0)
    worth += 0.25 * sum(one.get(r, 0) for r in ("wood", "stone", "food"))
    # mouths to feed: a new inhabitant without food to spare is worth less
    spare = me["goods"]["food"] + me["income"]["food"] * max(1, k) - me["population"]
    if inhabitants > 0 and spare < inhabitants:
        worth -= 0.4 * min(inhabitants, inhabitants - spare)
    if tile["kind"] == "building":
        short = _short(me, tile["cost"])
        worth -= 0.15 * sum(tile["cost"].values())
        if short:
            worth -= 0.35 * short + (2.0 if view["supply_tiles_left"] == 0 else 0.5)
    for disaster in tile["protects"]:
        if disaster not in view["fired"]:
            exposed = me["buildings"] if disaster == "earthquake" else me["lands"]
            worth += PROTECTION + (0.3 * len(exposed) if disaster in ("earthquake", "tempest")
                                   else 0.0)
    if tile["bid_bonus_halves"]:
        worth += 0.3
    return worth


def _price(slot: dict, view: dict) -> int:
    tile = slot["tile"]
    if slot["conquest"]:
        return tile["bid"] + view["rules"]["conquest_surcharge"]
    if slot["bid"] is not None:
        return max(tile["bid"], slot["bid"]["amount"] + 1)
    return tile["bid"]


def _slot(view: dict, index: int) -> dict:
    return next(s for s in view["slots"] if s["index"] == index)


def _tile_value(tile: dict) -> float:
    return tile["prestige"] + tile["one_time"].get("inhabitants", 0) + sum(tile["income"].values())


def choose(view: dict, decision) -> str | None:
    kind, options = decision.kind, decision.options
    ids = {o.id for o in options}
    if kind == "bid_card":
        best, best_utility = "pass", COIN * view["rules"]["pass_coins"]
        for o in options:
            if o.id == "pass":
                continue
            slot = _slot(view, o.value.index)
            utility = tile_worth(view, slot["tile"]) - COIN * _price(slot, view)
            if utility > best_utility:
                best, best_utility = o.id, utility
        return best
    if kind == "move_bid":
        amount = view["moving"]["amount"] if view["moving"] else 0
        best, best_utility = "withdraw", COIN * view["rules"]["withdraw_coins"]
        for o in options:
            if o.id == "withdraw":
                continue
            utility = tile_worth(view, _slot(view, o.value.index)["tile"]) - COIN * amount
            if utility > best_utility:
                best, best_utility = o.id, utility
        return best
    if kind == "bid_amount":
        return min(options, key=lambda o: o.value).id
    if kind == "solo_buy":
        best, best_utility = "pass", COIN * view["rules"]["pass_coins"]
        for o in options:
            if o.id == "pass":
                continue
            slot, price = o.value
            utility = tile_worth(view, slot.card) - COIN * price
            if utility > best_utility:
                best, best_utility = o.id, utility
        return best
    if kind == "build":
        return "build" if "build" in ids else "mark"
    if kind == "complete":
        return "complete" if "complete" in ids else "lose"
    if kind == "income_choice":
        return _income_choice(view)
    if kind in ("feed_luxury", "disaster_pay"):
        return max(options, key=lambda o: o.value).id
    if kind == "disaster_lose":
        return min(options, key=lambda o: _tile_value(o.value.tile)).id
    if kind == "choose_civilization":
        return max(options, key=lambda o: o.value["coins"] + 1.5 * o.value["inhabitants"]
                   + 2 * sum(o.value["income"].values())).id
    return None


def _income_choice(view: dict) -> str:
    me = view["me"]
    goods, limits = me["goods"], me["storehouse"]
    k = income_rounds(view)
    food_need = me["population"] - goods["food"] - me["income"]["food"] * k
    if food_need > 0 and goods["food"] < limits["food"]:
        return "food"
    for resource in ("stone", "wood"):
        if goods[resource] < min(4, limits[resource]):
            return resource
    return "coins"
