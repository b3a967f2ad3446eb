"""A rules-aware bot for the board game (the ``heuristic`` agent). It reads only its seat's view
and the options offered.

Its plan: project its end-of-game score — prestige (tiles + coins / 3) against population points,
where only the inhabitants that the food still to come can feed through every remaining supply
round count — and buy the tile that raises that projection most for the least it can bid; build
when it can, else mark; take food from "choice" tiles while its people would go hungry; feed all
it can; pay for its tiles in disasters and lose the least valuable ones.

The weights are the bot's own judgement (tuned against random agents), not rules, so they are not
component data."""
from __future__ import annotations

from dataclasses import dataclass

from .rules import land_matches

COIN = 0.3                # what a coin is worth now, against points (prestige + buying power)
RICH = 6                  # from this many coins on, a further coin is worth less
PROGRESS = 0.3            # weight of raw progress on both sides (later tiles rebalance them)
PROTECTION = 1.0          # a protection against a disaster that has not struck yet
COIN_SPENT = 0.5          # share of future coin income that will be spent on tiles
RISK = 1.0                # share of a projected disaster loss the bot expects to suffer


@dataclass
class Outlook:
    prestige: float
    population: float      # population points that can be fed at the end

    @property
    def score(self) -> float:
        return min(self.prestige, self.population) + PROGRESS * (self.prestige + self.population)


def income_rounds(view: dict) -> int:
    """F. phases still to come, this round's included (the last round has none)."""
    return max(0, view["rounds"] - view["round"] + (1 if view["final_round_income"] else 0))


def _protected(me: dict, disaster: str, tile: dict | None = None) -> bool:
    tiles = [b["tile"] for b in me["buildings"]] + ([tile] if tile else [])
    return disaster in me["civilization_tile"]["protects"] or any(
        disaster in t["protects"] for t in tiles if t["kind"] == "building")


@dataclass
class _Holdings:
    """The running totals of a projection: what ``me`` has, and with ``tile`` added."""
    income: dict
    population: int
    goods: dict
    luxury: float
    coins: float
    buildings: list[int]                     # prestige of each building
    lands: list[int]                         # prestige of each land tile
    due: dict                                # wood and stone marked buildings still need


def _holdings(me: dict, tile: dict | None) -> _Holdings:
    due = {"wood": 0, "stone": 0}
    for b in me["buildings"]:
        if b["marked"]:
            for r, n in b["tile"]["cost"].items():
                due[r] += n
    h = _Holdings(dict(me["income"]), me["population"], dict(me["goods"]), me["luxury"],
                  me["coins"], [b["tile"]["prestige"] for b in me["buildings"]],
                  [t["tile"]["prestige"] for t in me["lands"]], due)
    if tile is not None:
        _add_tile(h, tile, me["storehouse"])
    return h


def _add_tile(h: _Holdings, tile: dict, limits: dict) -> None:
    one = tile["one_time"]
    h.population = max(0, h.population + one.get("inhabitants", 0))
    for r in h.goods:
        h.goods[r] = min(limits[r], h.goods[r] + one.get(r, 0))
    h.luxury += one.get("luxury", 0)
    h.coins += one.get("coins", 0)
    if tile["kind"] in ("building", "land"):
        (h.buildings if tile["kind"] == "building" else h.lands).append(tile["prestige"])
    for r, n in tile.get("cost", {}).items():
        h.due[r] += n
    for key, n in tile["income"].items():
        h.income[key] = h.income.get(key, 0) + n


def _grow(h: _Holdings, limits: dict, k: int) -> dict:
    """Stocks at the end: income for ``k`` rounds within the storehouses (the overflow becomes
    luxury), choice income as food, less what marked buildings still need."""
    h.population += h.income["inhabitants"] * k
    end = {r: h.goods[r] + h.income[r] * k for r in h.goods}
    short = {r: max(0, end[r] - limits[r]) for r in h.goods}      # overflow becomes luxury
    h.luxury += sum(short.values())
    end = {r: min(limits[r], end[r]) for r in h.goods}
    end["food"] += h.income["choice"] * k                          # choice income: food if short
    for r in h.due:
        end[r] -= h.due[r]
    return end


def _after_disasters(h: _Holdings, end: dict, pending: list[str], rate: int) -> float:
    """The prestige left once the disasters still pending took their share (``end`` and the
    holdings are changed by what they take)."""
    prestige = sum(h.buildings) + sum(h.lands)
    if "earthquake" in pending and h.buildings:
        kept = max(0, min(len(h.buildings), end["wood"], end["stone"]))
        prestige -= RISK * sum(sorted(h.buildings)[:len(h.buildings) - kept])
        end["wood"] -= kept
        end["stone"] -= kept
    if "tempest" in pending and h.lands:
        kept = max(0, min(len(h.lands), end["food"], h.coins))
        prestige -= RISK * sum(sorted(h.lands)[:len(h.lands) - kept])
        end["food"] -= kept
        h.coins -= kept
    if "decline" in pending:
        h.luxury = max(0, h.luxury - 10)
    for r in ("wood", "stone"):                 # what building cannot pay comes from luxury
        if end[r] < 0:
            h.luxury += end[r] * rate
    if "drought" in pending:
        end["food"] -= max(0, end["food"]) / 3
    return prestige


def outlook(view: dict, me: dict, tile: dict | None = None) -> Outlook:
    """Projected end of game for ``me`` with ``tile`` added: stocks grow by the income still to
    come (within the storehouses), buildings are paid for, disasters that have not struck take
    their share, and only the inhabitants the food can feed through every supply round count."""
    mat = me["mat"]
    limits = me["storehouse"]
    rate = mat["luxury_trade_rate"]
    k = income_rounds(view)
    h = _holdings(me, tile)
    end = _grow(h, limits, k)
    fired = view["fired"]
    pending = [d for d in view["disasters"] if d not in fired and not _protected(me, d, tile)]
    prestige = _after_disasters(h, end, pending, rate)
    food = max(0, end["food"]) + max(0, h.luxury) / rate
    supplies = view["supply_tiles_left"] + 1
    fed = min(h.population, food / supplies, limits["food"] + max(0, h.luxury) / rate)
    if "plague" in pending:
        fed -= fed / 3
    coins_end = h.coins + (h.income["coins"] + view["rules"]["pass_coins"]) * k * (1 - COIN_SPENT)
    return Outlook(prestige + coins_end / mat["coins_per_prestige"],
                   max(0.0, fed) * mat["points_per_inhabitant"])


def _short(me: dict, cost: dict) -> int:
    return sum(max(0, n - me["goods"][r]) for r, n in cost.items())


def land_fits(me: dict, tile: dict) -> bool:
    if tile["kind"] != "land":
        return True
    last = me["lands"][-1]["tile"] if me["lands"] else None
    return land_matches(last, tile, any(b["tile"]["placement_wildcard"] for b in me["buildings"]))


def base_score(view: dict) -> float:
    """The bot's outlook without another tile: what ``tile_worth`` measures a tile against
    (worked out once by a caller weighing several tiles on the same view)."""
    return outlook(view, view["me"]).score


def tile_worth(view: dict, tile: dict, base: float | None = None) -> float:
    """How much adding ``tile`` improves the bot's outlook, in points (``base``: the outlook's
    score without it, ``base_score(view)``, when the caller has it)."""
    me = view["me"]
    if not land_fits(me, tile):
        return -100.0
    k = income_rounds(view)
    worth = outlook(view, me, tile).score - (base_score(view) if base is None else base)
    if tile["kind"] == "building":
        short = _short(me, tile["cost"])
        if short * me["mat"]["luxury_trade_rate"] > me["luxury"] and \
                view["supply_tiles_left"] == 0 and k < 1:
            worth -= 2.0           # marked with no income left to complete it
    for disaster in tile["protects"]:
        if disaster not in view["fired"]:
            exposed = {"earthquake": len(me["buildings"]), "tempest": len(me["lands"]),
                       "decline": me["luxury"] / 4, "plague": me["population"] / 3,
                       "drought": me["goods"]["food"] / 3}.get(disaster, 1)
            worth += PROTECTION * min(1.0, 0.3 + exposed / 4)
    if tile["bid_bonus_halves"]:
        worth += 0.3
    return worth


def coin_value(view: dict) -> float:
    """A coin's worth to the bot: less the more it has, never below its prestige at the end."""
    me = view["me"]
    floor = 0.5 / me["mat"]["coins_per_prestige"]
    return max(floor, COIN * min(1.0, RICH / max(1, me["coins"])))


def _price(slot: dict, view: dict) -> int:
    tile = slot["tile"]
    if slot["conquest"]:
        return tile["bid"] + view["rules"]["conquest_surcharge"]
    if slot["bid"] is not None:
        return max(tile["bid"], slot["bid"]["amount"] + 1)
    return tile["bid"]


def _slot(view: dict, index: int) -> dict:
    return next(s for s in view["slots"] if s["index"] == index)


def _keep_value(view: dict, placed: dict) -> float:
    """What the bot loses with a tile of its own (a disaster takes one)."""
    tile = placed["tile"]
    k = income_rounds(view)
    protects = sum(PROTECTION for d in tile["protects"] if d not in view["fired"])
    return tile["prestige"] + 0.5 * k * sum(tile["income"].values()) + protects


def _best(options, fallback: str, fallback_utility: float, utility) -> str:
    """The option with the highest ``utility(option)``, if above the fallback's."""
    best, best_utility = fallback, fallback_utility
    for o in options:
        if o.id == fallback:
            continue
        value = utility(o)
        if value > best_utility:
            best, best_utility = o.id, value
    return best


def _bid_card(view: dict, decision) -> str:
    coin = coin_value(view)
    base = base_score(view)

    def utility(o) -> float:
        slot = _slot(view, o.value.index)
        return tile_worth(view, slot["tile"], base) - coin * _price(slot, view)

    return _best(decision.options, "pass", coin * view["rules"]["pass_coins"], utility)


def _move_bid(view: dict, decision) -> str:
    coin = coin_value(view)
    amount = view["moving"]["amount"] if view["moving"] else 0
    base = base_score(view)
    return _best(decision.options, "withdraw", coin * view["rules"]["withdraw_coins"],
                 lambda o: tile_worth(view, _slot(view, o.value.index)["tile"], base)
                 - coin * amount)


def _solo_buy(view: dict, decision) -> str:
    coin = coin_value(view)
    base = base_score(view)
    return _best(decision.options, "pass", coin * view["rules"]["pass_coins"],
                 lambda o: tile_worth(view, o.value[0].card, base) - coin * o.value[1])


def _preferred(first: str, otherwise: str):
    def choose_first(view: dict, decision) -> str:
        return first if any(o.id == first for o in decision.options) else otherwise
    return choose_first


def _lowest(view: dict, decision) -> str:
    return min(decision.options, key=lambda o: o.value).id


def _highest(view: dict, decision) -> str:
    return max(decision.options, key=lambda o: o.value).id


def _disaster_lose(view: dict, decision) -> str:
    mine = {p["id"]: p for p in view["me"]["buildings"] + view["me"]["lands"]}
    return min(decision.options, key=lambda o: _keep_value(view, mine[o.id])).id


def _choose_civilization(view: dict, decision) -> str:
    return max(decision.options, key=lambda o: o.value["coins"] + 1.5 * o.value["inhabitants"]
               + 2 * sum(o.value["income"].values())).id


def _income(view: dict, decision) -> str:
    return _income_choice(view, decision.options)


CHOOSERS = {
    "bid_card": _bid_card, "move_bid": _move_bid, "solo_buy": _solo_buy,
    "bid_amount": _lowest,
    "build": _preferred("build", "mark"), "complete": _preferred("complete", "lose"),
    "income_choice": _income,
    "feed_luxury": _highest, "disaster_pay": _highest,
    "disaster_lose": _disaster_lose, "choose_civilization": _choose_civilization,
}


def choose(view: dict, decision) -> str | None:
    """The heuristic's answer to ``decision``, by its kind (None: a random option)."""
    chooser = CHOOSERS.get(decision.kind)
    return chooser(view, decision) if chooser is not None else None


def _income_choice(view: dict, options) -> str:
    """The income that improves the outlook most (one unit now)."""
    me = view["me"]

    def gain(option) -> float:
        key = option.value
        one = {"coins": 1} if key == "coins" else {key: 1}
        return outlook(view, me, {**_NOTHING, "one_time": one}).score

    return max(options, key=gain).id


_NOTHING = {"kind": "none", "prestige": 0, "one_time": {}, "income": {}, "protects": []}


def projected_score(view: dict) -> float:
    """The seat's final score as its ``outlook`` projects it — a position's value for search
    agents (``evaluate_seats``)."""
    projected = outlook(view, view["me"])
    return lower_total_value(projected.prestige, projected.population)


def lower_total_value(prestige: float, population: float) -> float:
    """The lower total counts, the higher one as a hundredth (the first tiebreak)."""
    low, high = sorted((prestige, population))
    return low + high / 100
