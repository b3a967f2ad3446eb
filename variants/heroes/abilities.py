"""The heroes' and colonies' abilities that change a rule of the board game (heroes: Heroes,
heroes: Colonies), each answering the board game's hook for that rule: Sisyphus' bid, Daedalus'
buildings, Penelope's and Salamis' food, Leptis Magna's land tiles and reserved buildings,
Apollonia's and Taras' disasters. (Miletus and Apollonia in turn order: ``setup.colony_order``.)
"""
from __future__ import annotations

from .state import hero_player


def bid_credit(game, seat: int) -> int | None:
    """Sisyphus, our reading 17 (heroes: Heroes (Sisyphus)): "Zijn bod is altijd 1 Munt hoger
    dan de spelers eigenlijke bod" -- the only exception the text names is turn order, so his
    extra coin counts when bids are compared and towards a tile's minimum and the Conquest row's
    exact price too: he pays 1 coin less there (a bid is still at least 1 coin). His bids count
    the ability's ``amount`` half coins higher; every other seat's as the board game says."""
    hp = hero_player(game, seat)
    return hp.ability["amount"] if hp.has("bid_bonus") else None


def building_costs(game, seat: int, tile: dict) -> list[dict] | None:
    """Daedalus saves 2 stone or 2 wood (not 1 + 1) on every building he builds: one way to pay
    per resource the building costs. None: the building's own cost."""
    hp = hero_player(game, seat)
    if not hp.has("building_discount"):
        return None
    cost = tile["cost"]
    saving = hp.ability["amount"]
    ways = []
    for resource in hp.ability["resources"]:
        if cost.get(resource, 0) > 0:
            way = {**cost, resource: max(0, cost[resource] - saving)}
            if way not in ways:
                ways.append(way)
    return ways or None


def food_needed(game, seat: int, need: int) -> int:
    """Salamis: 1 food feeds 2 inhabitants (rounded up); Penelope pays 2 food less."""
    hp = hero_player(game, seat)
    need = -(-need // hp.colony["inhabitants_per_food"])
    if hp.has("food_discount"):
        need = max(0, need - hp.ability["amount"])
    return need


def free_land_placement(game, seat: int) -> bool | None:
    """Leptis Magna may ignore the land-tile placement rule (None: the rule applies)."""
    return True if hero_player(game, seat).colony["free_land_placement"] else None


def mark_coins(game, seat: int) -> int | None:
    """Leptis Magna: reserving a building costs 3 coins instead of 1 (None: the board game's)."""
    return hero_player(game, seat).colony["mark_coins"]


def disaster_effect(game, seat: int, disaster: str) -> dict | None:
    """Apollonia (Drought, Earthquake) and Taras (Decline, Tempest) suffer more (None: the
    disaster's own effect)."""
    return hero_player(game, seat).colony["disasters"].get(disaster)
