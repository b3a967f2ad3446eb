"""boardgame: Supply Round — feed the population, complete the buildings marked with a coin.

A supply round happens when a tile with the supply symbol is revealed (A. Reveal Tiles: B05, C04)
and once more at the end of the game (End of the Game). Seats act in turn order; then the
``after_supply_round`` hook runs (an expansion's internal conflict).
"""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision, Option

from .payments import can_pay_goods, cost_option, pay_goods
from .state import LUXURY_RULE, BoardPlayer, lose_tile, tile_name

RULE = "boardgame: Supply Round"
FEED_RULE = f"{RULE} (feeding)"
COMPLETE_RULE = f"{RULE} (completing buildings)"


def supply_round(game, *, final: bool) -> Iterator[Decision]:
    st = game.state
    st.supply_rounds += 1
    game.emit("supply_round", RULE, final=final)
    for seat in list(st.order):
        player = st.players[seat]
        yield from feed(game, player)
        yield from complete_buildings(game, player)
    for steps in game.hook.after_supply_round(game=game, final=final):
        if steps is not None:
            yield from steps


def feed(game, player: BoardPlayer) -> Iterator[Decision]:
    """Each inhabitant eats one food. A player may not starve his people while he has food: the
    storehouse feeds as many as it can. When it is short he may trade luxury goods 2:1 for the
    missing food (Luxury Goods: allowed only when short); our reading: that trade is his choice
    (how many), the storehouse food is not. The population drops to the number fed."""
    need = food_needed(game, player, player.population)
    food = player.goods["food"]
    if food >= need:
        player.goods["food"] = food - need
        game.emit("fed", FEED_RULE, seat=player.seat, inhabitants=player.population, food=need)
    else:
        yield from feed_short(game, player, need, food)


def food_needed(game, player: BoardPlayer, inhabitants: int) -> int:
    # asked for every seat at every supply round, and again per inhabitant a shortage starves
    return game.positional.count_food_needed(game, player.seat, inhabitants)


def feed_short(game, player: BoardPlayer, need: int, food: int) -> Iterator[Decision]:
    """``feed`` when the storehouse's ``food`` is short of the ``need``."""
    rate = player.mat["luxury_trade_rate"]
    most = min(need - food, player.luxury // rate)
    traded = 0
    if most > 0:
        options = tuple(Option(str(k), f"Trade {k * rate} luxury goods for {k} food", k)
                        for k in range(most, -1, -1))
        traded = (yield Decision(player.seat, "feed_luxury",
                                 f"{need - food} food short to feed {player.population}"
                                 " inhabitants: trade luxury goods?", options, FEED_RULE)).value
        player.luxury -= traded * rate
        if traded:
            game.emit("luxury_traded", LUXURY_RULE, seat=player.seat,
                      luxury=traded * rate, got="food", amount=traded, why=FEED_RULE)
    available = food + traded
    fed = player.population
    eaten = food_needed(game, player, fed)
    while fed > 0 and eaten > available:    # as many as the food feeds
        fed -= 1
        eaten = food_needed(game, player, fed)
    player.goods["food"] = available - eaten
    starved = player.population - fed
    player.population = fed
    game.emit("fed", FEED_RULE, seat=player.seat, inhabitants=fed, food=eaten, starved=starved)


def complete_buildings(game, player: BoardPlayer) -> Iterator[Decision]:
    """Each building marked with a coin is completed (its wood/stone paid, luxury goods 2:1 for
    what is missing) or lost ("cannot or does not wish to"); either way the coin returns to its
    owner's reserve."""
    for placed in [p for p in player.buildings if p.marked]:
        costs = game.positional.list_building_costs(game, player.seat, placed.tile)
        name = tile_name(placed.tile)
        options = [cost_option("complete", name, i, cost)
                   for i, cost in enumerate(costs) if can_pay_goods(player, cost)]
        options.append(Option("lose", f"Give up {name} (the coin comes back)"))
        answer = yield Decision(player.seat, "complete", f"Complete {name}?", tuple(options),
                                COMPLETE_RULE)
        if answer.id == "lose":
            lose_tile(game, player, placed, COMPLETE_RULE)
            continue
        pay_goods(game, player, answer.value, COMPLETE_RULE)
        player.coins += placed.coins
        placed.coins = 0
        placed.marked = False
        game.emit("completed", COMPLETE_RULE, seat=player.seat, tile=placed.id)
