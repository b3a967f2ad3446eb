"""heroes: Strength and Mercenaries — raising Strength for a new tile, halving it, hiring
mercenaries; and the heroes whose ability acts when a tile is added (Achilles, Andromeda, Helen).
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from peloponnes.core import Decision, Option
from peloponnes.core.decisions import new_object
from peloponnes.variants.boardgame.state import change_population, pay_in, pay_out, tile_name
from peloponnes.variants.common.auction import OPTION_CACHE_SIZE

from .state import HEROES, MERCENARIES_RULE, STRENGTH_RULE, HeroesPlayer, hero_rule


def rules_of(game) -> dict:
    return game.components["expansion"]["rules"]


def set_strength(game, hp: HeroesPlayer, value: int, rule: str, why: str) -> None:
    """Strength stays within 0..29 (heroes: Strength: "never exceeds 29")."""
    # (comparisons rather than max() and min(), the cap read without rules_of(): each a call)
    cap = game.components["expansion"]["rules"]["strength_cap"]
    if value > cap:
        value = cap
    if value < 0:
        value = 0
    if value != hp.strength:
        change = value - hp.strength
        hp.strength = value
        game.emit("strength", rule, seat=hp.seat, change=change, strength=value, why=why)


def halve_strength(game, hp: HeroesPlayer, rule: str, why: str) -> None:
    """Halve, rounding down (8 -> 4). Hector loses only 2 where the others halve; our reading
    of "only": he never loses more than halving would take (with 2 Strength he keeps 1)."""
    # (the rules and the ability read in place, no rules_of() or has() call: every seat a
    # repelled attack halves, the strongest at every supply round)
    halved = hp.strength // game.components["expansion"]["rules"]["halving_divisor"]
    ability = hp.ability
    if ability["kind"] == "strength_loss_instead_of_halving":
        halved = max(halved, hp.strength - ability["amount"])
        rule = f"{rule}; {hero_rule(hp.hero)}"
    set_strength(game, hp, halved, rule, why)


# --- a new tile ----------------------------------------------------------------------------------

def after_tile_added(game, seat: int, placed) -> Iterator[Decision] | None:
    """A tile entered ``seat``'s civilization (boardgame: D., in the new turn order): the hero
    abilities that come with a new tile, then the choice to raise Strength. Returns the steps of
    that choice (``raise_strength``), None when it is not offered: not a generator itself, so a
    tile that asks nothing builds none (asked for every tile added)."""
    hp = game.stash[HEROES].players[seat]      # (hero_player written out: every tile added)
    ability = hp.ability        # (a hero has one ability: its kind read once)
    kind = ability["kind"]
    if kind == "coins_for_coin_tiles":
        if placed.tile["one_time"].get("coins", 0) >= ability["threshold"]:
            pay_out(game, game.state.players[seat], ability["amount"], hero_rule(hp.hero),
                    "new tile with coins")
    elif kind == "inhabitants_per_land" and placed.kind == "land":
        player = game.state.players[seat]
        change_population(player, ability["amount"])
        game.emit("inhabitants", hero_rule(hp.hero), seat=seat, amount=ability["amount"],
                  population=player.population)
    return raise_strength(game, hp, placed)


def raise_strength(game, hp: HeroesPlayer, placed) -> Iterator[Decision] | None:
    """The steps of offering ``hp`` to raise Strength for ``placed`` (``offer_strength``), or
    None when he may not: no generator for a tile that asks nothing. Not for a building marked
    with a coin, nor at the cap; the gain is the tile's prestige points (Achilles always gets 2
    more), the cost the rules' table for a building or a landscape, paid from the storehouse
    (our reading: luxury goods substitute only for building and feeding, as in the base game)."""
    # asked for every tile added: the tile's kind read once (not through the property), the
    # cheap refusals first, the gain and the cost worked out here (no call each), the goods
    # checked in a plain loop, the cost copied only when it is offered
    tile = placed.tile
    building = tile["kind"] == "building"
    if building and placed.marked:
        return None
    gain = tile["prestige"]
    ability = hp.ability
    if ability["kind"] == "extra_strength":
        gain += ability["amount"]
    rules = game.components["expansion"]["rules"]      # (rules_of, written out)
    if gain <= 0 or hp.strength >= rules["strength_cap"]:
        return None
    cost = rules["strength_cost_building" if building else "strength_cost_land"]
    goods = game.state.players[hp.seat].goods
    for resource, n in cost.items():
        if goods[resource] < n:
            return None
    return offer_strength(game, hp, placed, dict(cost), gain)


def offer_strength(game, hp: HeroesPlayer, placed, cost: dict, gain: int) -> Iterator[Decision]:
    """Ask whether ``hp`` pays ``cost`` for ``gain`` Strength (heroes: Strength)."""
    what, options = strength_options(tuple(cost.items()), gain)
    rule = STRENGTH_RULE if hp.ability["kind"] != "extra_strength" else \
        f"{STRENGTH_RULE}; {hero_rule(hp.hero)}"
    # Decision(hp.seat, "raise_strength", prompt, options, rule) built without the class's
    # Python-level __init__ (core.decisions.new_object; about 14 a game), the tile's name and id
    # read without Placed's properties
    decision = new_object(Decision)
    decision.seat = hp.seat
    decision.kind = "raise_strength"
    decision.prompt = (f"{tile_name(placed.tile)}: raise your Strength ({hp.strength}) by {gain}"
                       f" for {what}?")
    decision.options = options
    decision.rule = rule
    answer = yield decision
    if answer.id != "raise":
        return
    player = game.state.players[hp.seat]
    for resource, n in cost.items():
        player.goods[resource] -= n
    game.emit("strength_bought", rule, seat=hp.seat, tile=placed.tile["id"], paid=cost)
    set_strength(game, hp, hp.strength + gain, rule, "new tile")


@lru_cache(maxsize=OPTION_CACHE_SIZE)
def strength_options(cost: tuple[tuple[str, int], ...], gain: int) -> tuple[str, tuple]:
    """What raising costs, in words, and the options to pay ``cost`` ((resource, n) pairs) for
    ``gain`` Strength or not: made once per cost and gain, and shared (the offer's value is
    read, never changed)."""
    what = " + ".join([f"{n} {r}" for r, n in cost])
    return what, (Option("raise", f"Pay {what} for {gain} Strength",
                         {"gain": gain, "cost": dict(cost)}),
                  SKIP_STRENGTH)


SKIP_STRENGTH = Option("skip", "Keep the goods")


# --- mercenaries ---------------------------------------------------------------------------------

@lru_cache(maxsize=OPTION_CACHE_SIZE)
def mercenary_options(most: int, price: int) -> tuple[Option, ...]:
    """Hire 0..``most`` mercenaries at ``price`` coins each: immutable options, so made once and
    shared (up to 30 of them, asked of every seat after every repelled attack)."""
    return tuple(Option(str(k), f"Hire {k} mercenaries for {k * price} coins" if k else
                        "Hire none", k) for k in range(most + 1))


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
    options = mercenary_options(most, price)
    hired = (yield Decision(hp.seat, "hire_mercenaries", f"Hire mercenaries (Strength"
                            f" {hp.strength}, {player.coins} coins)?", options, rule)).value
    if not hired:
        return
    pay_in(game, player, hired * price)
    hp.mercenaries += hired
    game.emit("mercenaries", rule, seat=hp.seat, hired=hired, coins=hired * price,
              total=hp.mercenaries)
    set_strength(game, hp, hp.strength + hired * rules["mercenary_strength"], rule, "mercenaries")
