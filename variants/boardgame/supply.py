"""boardgame: Supply Round — feed the population, complete the buildings marked with a coin.

A supply round happens when a tile with the supply symbol is revealed (A. Reveal Tiles: B05, C04)
and once more at the end of the game (End of the Game). Seats act in turn order; then the
``after_supply_round`` hook runs (an expansion's internal conflict).
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from peloponnes.core import Decision, Option
from peloponnes.variants.common.auction import OPTION_CACHE_SIZE

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
        # (feeding and completing are generators only when they must ask: mostly they need not)
        steps = feed(game, player)
        if steps is not None:
            yield from steps
        steps = complete_buildings(game, player)
        if steps is not None:
            yield from steps
    for steps in game.positional.after_supply_round(game, final):
        if steps is not None:
            yield from steps


def feed(game, player: BoardPlayer) -> Iterator[Decision] | None:
    """Each inhabitant eats one food. A player may not starve his people while he has food: the
    storehouse feeds as many as it can. When it is short he may trade luxury goods 2:1 for the
    missing food (Luxury Goods: allowed only when short); our reading: that trade is his choice
    (how many), the storehouse food is not. The population drops to the number fed.
    Returns the steps of feeding when the food is short (``feed_short``), else None."""
    # (count_food_needed asked directly, here and in feed_short: no helper call between)
    need = game.positional.count_food_needed(game, player.seat, player.population)
    food = player.goods["food"]
    if food >= need:
        player.goods["food"] = food - need
        game.emit("fed", FEED_RULE, seat=player.seat, inhabitants=player.population, food=need)
        return None
    return feed_short(game, player, need, food)


def feed_short(game, player: BoardPlayer, need: int, food: int) -> Iterator[Decision]:
    """``feed`` when the storehouse's ``food`` is short of the ``need``."""
    rate = player.mat["luxury_trade_rate"]
    most = player.luxury // rate
    if need - food < most:      # (a comparison: cheaper than min() on Python 3.11)
        most = need - food
    traded = 0
    if most > 0:
        options = trade_options(most, rate)
        traded = (yield Decision(player.seat, "feed_luxury",
                                 f"{need - food} food short to feed {player.population}"
                                 " inhabitants: trade luxury goods?", options, FEED_RULE)).value
        player.luxury -= traded * rate
        if traded:
            game.emit("luxury_traded", LUXURY_RULE, seat=player.seat,
                      luxury=traded * rate, got="food", amount=traded, why=FEED_RULE)
    available = food + traded
    fed = player.population
    eaten = game.positional.count_food_needed(game, player.seat, fed)
    while fed > 0 and eaten > available:    # as many as the food feeds
        fed -= 1
        eaten = game.positional.count_food_needed(game, player.seat, fed)
    player.goods["food"] = available - eaten
    starved = player.population - fed
    player.population = fed
    game.emit("fed", FEED_RULE, seat=player.seat, inhabitants=fed, food=eaten, starved=starved)


@lru_cache(maxsize=OPTION_CACHE_SIZE)
def completing_choice(name: str) -> tuple[str, Option]:
    """The prompt of completing the marked building ``name`` and the option of giving it up:
    texts only, made once and shared between games (bounded)."""
    return f"Complete {name}?", Option("lose", f"Give up {name} (the coin comes back)")


@lru_cache(maxsize=OPTION_CACHE_SIZE)
def trade_options(most: int, rate: int) -> tuple[Option, ...]:
    """The options of trading luxury goods at ``rate`` for ``most`` food down to none (numbers
    only: made once and shared between games, bounded like the auction's option caches)."""
    return tuple([Option(str(k), f"Trade {k * rate} luxury goods for {k} food", k)
                  for k in range(most, -1, -1)])


def complete_buildings(game, player: BoardPlayer) -> Iterator[Decision] | None:
    """Each building marked with a coin is completed (its wood/stone paid, luxury goods 2:1 for
    what is missing) or lost ("cannot or does not wish to"); either way the coin returns to its
    owner's reserve. Returns the steps that ask, None when no building is marked."""
    for placed in player.buildings:     # (a plain loop first: mostly none is marked)
        if placed.marked:
            return _complete(game, player, [p for p in player.buildings if p.marked])
    return None


def _complete(game, player: BoardPlayer, marked: list) -> Iterator[Decision]:
    for placed in marked:
        costs = game.positional.list_building_costs(game, player.seat, placed.tile)
        name = tile_name(placed.tile)
        options = [cost_option("complete", name, i, tuple(cost.items()))
                   for i, cost in enumerate(costs) if can_pay_goods(player, cost)]
        prompt, give_up = completing_choice(name)
        options.append(give_up)
        answer = yield Decision(player.seat, "complete", prompt, tuple(options), COMPLETE_RULE)
        if answer.id == "lose":
            lose_tile(game, player, placed, COMPLETE_RULE)
            continue
        pay_goods(game, player, answer.value, COMPLETE_RULE)
        player.coins += placed.coins
        placed.coins = 0
        placed.marked = False
        game.emit("completed", COMPLETE_RULE, seat=player.seat, tile=placed.id)
