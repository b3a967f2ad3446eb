"""heroes: Strength and Mercenaries — raising Strength for a new tile, halving it, hiring
mercenaries; and the heroes whose ability acts when a tile is added (Achilles, Andromeda, Helen).
"""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision, Option
from peloponnes.variants.boardgame.state import change_population, pay_in, pay_out

from .state import MERCENARIES_RULE, STRENGTH_RULE, HeroesPlayer, hero_player, hero_rule


def rules_of(game) -> dict:
    return game.components["expansion"]["rules"]


def set_strength(game, hp: HeroesPlayer, value: int, rule: str, why: str) -> None:
    """Strength stays within 0..29 (heroes: Strength: "never exceeds 29")."""
    value = max(0, min(value, rules_of(game)["strength_cap"]))
    if value != hp.strength:
        change = value - hp.strength
        hp.strength = value
        game.emit("strength", rule, seat=hp.seat, change=change, strength=value, why=why)


def halve_strength(game, hp: HeroesPlayer, rule: str, why: str) -> None:
    """Halve, rounding down (8 -> 4). Hector loses only 2 where the others halve; our reading
    of "only": he never loses more than halving would take (with 2 Strength he keeps 1)."""
    halved = hp.strength // rules_of(game)["halving_divisor"]
    if hp.has("strength_loss_instead_of_halving"):
        halved = max(halved, hp.strength - hp.ability["amount"])
        rule = f"{rule}; {hero_rule(hp.hero)}"
    set_strength(game, hp, halved, rule, why)


# --- a new tile ----------------------------------------------------------------------------------

def after_tile_added(game, seat: int, placed) -> Iterator[Decision] | None:
    """A tile entered ``seat``'s civilization (boardgame: D., in the new turn order): the hero
    abilities that come with a new tile, then the choice to raise Strength. Returns the steps of
    that choice (``raise_strength``), None when it is not offered."""
    hp = hero_player(game, seat)
    ability = hp.ability
    if hp.has("coins_for_coin_tiles"):
        if placed.tile["one_time"].get("coins", 0) >= ability["threshold"]:
            pay_out(game, game.state.players[seat], ability["amount"], hero_rule(hp.hero),
                    "new tile with coins")
    elif hp.has("inhabitants_per_land") and placed.kind == "land":
        player = game.state.players[seat]
        change_population(player, ability["amount"])
        game.emit("inhabitants", hero_rule(hp.hero), seat=seat, amount=ability["amount"],
                  population=player.population)
    return raise_strength(game, hp, placed)


def raise_strength(game, hp: HeroesPlayer, placed) -> Iterator[Decision] | None:
    """The steps of offering ``hp`` to raise Strength for ``placed`` (``offer_strength``), or
    None when he may not. Not for a building marked with a coin, nor at the cap; the gain is the
    tile's prestige points (Achilles always gets 2 more), the cost the rules' table for a
    building or a landscape, paid from the storehouse (our reading: luxury goods substitute only
    for building and feeding, as in the base game)."""
    building = placed.kind == "building"
    if building and placed.marked:
        return None
    gain = placed.tile["prestige"]
    if hp.has("extra_strength"):
        gain += hp.ability["amount"]
    rules = rules_of(game)
    if gain <= 0 or hp.strength >= rules["strength_cap"]:
        return None
    cost = rules["strength_cost_building" if building else "strength_cost_land"]
    goods = game.state.players[hp.seat].goods
    if any(goods[resource] < n for resource, n in cost.items()):
        return None
    return offer_strength(game, hp, placed, dict(cost), gain)


def offer_strength(game, hp: HeroesPlayer, placed, cost: dict, gain: int) -> Iterator[Decision]:
    """Ask whether ``hp`` pays ``cost`` for ``gain`` Strength (heroes: Strength)."""
    what = " + ".join([f"{n} {r}" for r, n in cost.items()])
    options = (Option("raise", f"Pay {what} for {gain} Strength",
                      {"gain": gain, "cost": dict(cost)}),
               Option("skip", "Keep the goods"))
    rule = STRENGTH_RULE if not hp.has("extra_strength") else \
        f"{STRENGTH_RULE}; {hero_rule(hp.hero)}"
    answer = yield Decision(hp.seat, "raise_strength",
                            f"{placed.name}: raise your Strength ({hp.strength}) by {gain}"
                            f" for {what}?", options, rule)
    if answer.id != "raise":
        return
    player = game.state.players[hp.seat]
    for resource, n in cost.items():
        player.goods[resource] -= n
    game.emit("strength_bought", rule, seat=hp.seat, tile=placed.id, paid=cost)
    set_strength(game, hp, hp.strength + gain, rule, "new tile")


# --- mercenaries ---------------------------------------------------------------------------------

def hire_mercenaries(game, hp: HeroesPlayer, rule: str = MERCENARIES_RULE) -> Iterator[Decision]:
    """Up to as many mercenaries as the player has Strength, 1 coin each (from the reserve); each
    adds 1 Strength (within the cap) and counts 1 population point at the end. The coins are
    stacked on the overview board: out of play, so (our bookkeeping) they go to the bank."""
    rules = rules_of(game)
    player = game.state.players[hp.seat]
    price = rules["mercenary_coins"]
    most = hp.strength if not price else min(hp.strength, player.coins // price)
    if most <= 0:
        return
    options = tuple(Option(str(k), f"Hire {k} mercenaries for {k * price} coins" if k else
                           "Hire none", k) for k in range(most + 1))
    hired = (yield Decision(hp.seat, "hire_mercenaries", f"Hire mercenaries (Strength"
                            f" {hp.strength}, {player.coins} coins)?", options, rule)).value
    if not hired:
        return
    pay_in(game, player, hired * price)
    hp.mercenaries += hired
    game.emit("mercenaries", rule, seat=hp.seat, hired=hired, coins=hired * price,
              total=hp.mercenaries)
    set_strength(game, hp, hp.strength + hired * rules["mercenary_strength"], rule, "mercenaries")
