"""The heuristic agent's judgement for the expansion's decisions; the board game's bot answers the
rest (bidding, building, feeding, disasters) from the same view, which carries the colony board as
the player mat.

Its plan: keep Strength near what the table needs against the next Persian attack and above the
weakest player's (the weakest loses a clover and an inhabitant), paying for it with goods it can
spare; hire mercenaries when its population side is the weaker one; spend Odysseus' coin and
Ariadne's redraw on a disaster that would hurt it; refuse negotiation offers below a colony's or
hero's worth. The weights are the bot's own (not rules), tuned against random agents.
"""
from __future__ import annotations

from peloponnes.variants.boardgame import bot as board_bot

from .state import clover_split

KEEP_COINS = 4            # coins the bot keeps for bidding before it hires mercenaries
FOOD_MARGIN = 1           # food kept beyond what the population eats at the next supply round
STRENGTH_GOAL = 1.2       # share of the Persians' expected strength the table should have
STRENGTH_POINT = 0.4      # a point of Strength while the table is short of the next attack
STRENGTH_SPARE = 0.1      # ... and otherwise (the internal conflicts)
# What the bot thinks a colony or hero is worth, in coins (its own judgement).
COLONY_WORTH = {"miletus": 3, "naxos": 3, "naukratis": 2, "leptis_magna": 2, "byzantium": 1}
HERO_WORTH = {"achilles": 2, "helen": 2, "andromeda": 2, "penelope": 1, "daedalus": 1}


def _expected_persians(view: dict) -> float:
    """The Persians' strength expected at the next attack, from the chits still to come."""
    h = view["heroes"]
    nxt = h["next_attack_on"]
    if nxt is None:
        return 0.0
    values = list(h["persian_chit_values"])
    for v in h["persian_values"]:
        values.remove(v)
    mean = sum(values) / len(values) if values else 0.0
    needed = nxt - h["persian_chits_revealed"]
    return len(view["players"]) * (sum(h["persian_values"]) + mean * needed)


def _weakest_margin(view: dict) -> int:
    """How far the bot's Strength is above the weakest other player's (negative: below)."""
    me = view["me"]
    others = [p["strength"] for p in view["players"] if p["seat"] != me["seat"]]
    return me["strength"] - min(others) if others else 0


def _food_ok(view: dict, cost: int) -> bool:
    """Whether paying ``cost`` food still leaves enough (with a round's food income and the
    luxury goods that may be traded for food) to feed the people at the next supply round."""
    me = view["me"]
    rate = me["mat"]["luxury_trade_rate"]
    income = me["income"]["food"] + me["income"]["choice"]
    have = me["goods"]["food"] - cost + income + me["luxury"] // rate
    return have >= me["population"] + FOOD_MARGIN


def want_strength(view: dict, gain: int) -> bool:
    h = view["heroes"]
    me = view["me"]
    short_table = h["table_strength"] < STRENGTH_GOAL * _expected_persians(view)
    weak = _weakest_margin(view) <= gain
    return gain >= 2 and (short_table or weak or me["strength"] < gain)


def _raise_strength(view: dict, decision) -> str:
    offer = next(o.value for o in decision.options if o.id == "raise")
    if offer["cost"].get("food", 0) and not _food_ok(view, offer["cost"]["food"]):
        return "skip"
    return "raise" if want_strength(view, offer["gain"]) else "skip"


def _use_shield(view: dict, decision) -> str:
    return "shield" if _would_hurt(view, decision.options[0].value) else "keep"


def _redraw_chit(view: dict, decision) -> str:
    about = decision.options[0].value
    return "put_under" if about["strikes"] and _would_hurt_chit(view, about) else "keep"


def _lose_best_tile(view: dict, decision) -> str:
    me = view["me"]
    mine = {p["id"]: p for p in me["buildings"] + me["lands"]}
    return min(decision.options, key=lambda o: board_bot._keep_value(view, mine[o.id])).id


def _pay_for_tile(view: dict, decision) -> str | None:
    """Build or complete paying with which resources (the board game's bot otherwise)."""
    kind = decision.kind
    if any(o.id.startswith(kind + ":") for o in decision.options):
        return _cheapest(view, decision.options, kind)
    return None


CHOOSERS = {
    "bid_card": lambda view, d: _bid(view, d.options),
    "move_bid": lambda view, d: _move(view, d.options),
    "raise_strength": _raise_strength,
    "hire_mercenaries": lambda view, d: _mercenaries(view, d.options),
    "use_shield": _use_shield,
    "redraw_chit": _redraw_chit,
    "lose_best_tile": _lose_best_tile,
    "build": _pay_for_tile, "complete": _pay_for_tile,
    "offer_colony": lambda view, d: _offer_target(view, d.options, d.kind),
    "offer_hero": lambda view, d: _offer_target(view, d.options, d.kind),
    "offer_colony_coins": lambda view, d: _offer_coins(view, d.options, d.kind),
    "offer_hero_coins": lambda view, d: _offer_coins(view, d.options, d.kind),
    "accept_colony": lambda view, d: _accept(view, d),
    "accept_hero": lambda view, d: _accept(view, d),
}


def choose(view: dict, decision) -> str | None:
    """The expansion's answer to ``decision`` by its kind; None leaves it to the board game's
    bot (asked next)."""
    chooser = CHOOSERS.get(decision.kind)
    if chooser is None or "heroes" not in view:
        return None
    return chooser(view, decision)


def tile_value(view: dict, tile: dict, base: float | None = None) -> float:
    """The board game bot's worth of ``tile``, plus the Strength it can buy, plus Leptis Magna's
    freedom to place any land tile (``base``: ``board_bot.base_score(view)``, when the caller
    weighs several tiles)."""
    me = view["me"]
    if tile["kind"] == "land" and me["colony_board"]["free_land_placement"] and \
            not board_bot.land_fits(me, tile):
        base = board_bot.base_score(view) if base is None else base
        worth = board_bot.outlook(view, me, tile).score - base
    else:
        worth = board_bot.tile_worth(view, tile, base)
    return worth + strength_value(view, tile)


def strength_value(view: dict, tile: dict) -> float:
    """What the Strength the bot could buy with ``tile`` is worth to it."""
    me = view["me"]
    rules = view["heroes"]["rules"]
    gain = tile["prestige"]
    ability = me["hero_tile"]["ability"]
    if ability["kind"] == "extra_strength":
        gain += ability["amount"]
    gain = min(gain, rules["strength_cap"] - me["strength"])
    if gain <= 0:
        return 0.0
    if tile["kind"] == "building":     # the building and the Strength paid together
        tile_cost, goods = tile["cost"], me["goods"]
        if any(goods[r] < tile_cost.get(r, 0) + n
               for r, n in rules["strength_cost_building"].items()):
            return 0.0
    elif not _food_ok(view, rules["strength_cost_land"].get("food", 0)):
        return 0.0
    h = view["heroes"]
    short = STRENGTH_GOAL * _expected_persians(view) - h["table_strength"]
    return gain * (STRENGTH_POINT if short > 0 else STRENGTH_SPARE)


def _bid(view: dict, options) -> str:
    coin = board_bot.coin_value(view)
    best, best_utility = "pass", coin * view["rules"]["pass_coins"]
    base = board_bot.base_score(view)
    for o in options:
        if o.id == "pass":
            continue
        slot = board_bot._slot(view, o.value.index)
        utility = tile_value(view, slot["tile"], base) - coin * board_bot._price(slot, view)
        if utility > best_utility:
            best, best_utility = o.id, utility
    return best


def _move(view: dict, options) -> str:
    coin = board_bot.coin_value(view)
    amount = view["moving"]["amount"] if view["moving"] else 0
    best, best_utility = "withdraw", coin * view["rules"]["withdraw_coins"]
    base = board_bot.base_score(view)
    for o in options:
        if o.id == "withdraw":
            continue
        utility = (tile_value(view, board_bot._slot(view, o.value.index)["tile"], base)
                   - coin * amount)
        if utility > best_utility:
            best, best_utility = o.id, utility
    return best


def _mercenaries(view: dict, options) -> str:
    me = view["me"]
    most = max(o.value for o in options)
    outlook = board_bot.outlook(view, me)
    late = view["round"] >= view["rounds"]
    keep = 0 if late else KEEP_COINS
    affordable = max(0, me["coins"] - keep)
    if outlook.population + me["mercenaries"] > outlook.prestige and not late:
        affordable = min(affordable, 1)
    return str(min(most, affordable))


def _attack_lost(view: dict, extra: int = 0) -> bool:
    """Whether the Persians win an attack now (``extra``: a chit value still to be counted)."""
    h = view["heroes"]
    return h["table_strength"] < len(view["players"]) * (sum(h["persian_values"]) + extra)


def _would_hurt(view: dict, disaster: str) -> bool:
    """Odysseus: shield against a Persian attack that is lost, or a disaster in the last rounds
    or when he has much to lose (the coin is worth little then)."""
    if disaster == view["heroes"]["persians"]:
        return _attack_lost(view) or view["round"] >= view["rounds"] - 1
    return view["round"] >= view["rounds"] - 2 or len(view["me"]["buildings"]) + \
        len(view["me"]["lands"]) >= 4


def _would_hurt_chit(view: dict, about: dict) -> bool:
    """Ariadne: put back a chit that sets off a lost Persian attack or a disaster she is not
    protected against."""
    chit = about["chit"]
    if chit == view["heroes"]["persians"]:
        return _attack_lost(view, about["value"] or 0)
    return not board_bot._protected(view["me"], chit)


def _cheapest(view: dict, options, kind: str):
    """Daedalus: the alternative that leaves the scarcer resource."""
    goods = view["me"]["goods"]
    paying = [o for o in options if o.id.startswith(kind)]
    return min(paying, key=lambda o: sum(n / (1 + goods.get(r, 0)) for r, n in
                                         o.value.items())).id


def _worth(kind: str, view: dict, seat: int) -> int:
    p = view["players"][seat]
    return COLONY_WORTH.get(p["colony_id"], 0) if "colony" in kind else \
        HERO_WORTH.get(p["hero_id"], 0)


def _offer_target(view: dict, options, kind: str) -> str:
    """Offer for the piece worth the most more than the bot's own (at least 2 coins more)."""
    me = view["me"]["seat"]
    best, gain = "none", 1
    for o in options:
        if o.value is None:
            continue
        g = _worth(kind, view, o.value) - _worth(kind, view, me)
        if g > gain:
            best, gain = o.id, g
    return best


def _offer_coins(view: dict, options, kind: str) -> str:
    """The difference in worth (what the other bot would accept), keeping coins to bid with."""
    most = max(o.value for o in options)
    offer = _gain_of_last_target(view, kind)
    # nothing below 0: an offer forced where no target is worth it (a seat told never to
    # refuse) offers nothing
    return str(max(0, min(offer, most, view["me"]["coins"] - KEEP_COINS)))


def _gain_of_last_target(view: dict, kind: str) -> int:
    """The best worth difference the bot saw (as ``_offer_target`` chose it)."""
    me = view["me"]["seat"]
    gains = [_worth(kind, view, p["seat"]) - _worth(kind, view, me)
             for p in view["players"] if p["seat"] != me]
    return max(gains, default=0)


def _accept(view: dict, decision) -> str:
    """Accept when the coins make up for what the swap loses in worth."""
    offer = decision.options[0].value
    loss = _worth(decision.kind, view, view["me"]["seat"]) - _worth(decision.kind, view,
                                                                     offer["from"])
    return "accept" if offer["coins"] >= loss else "refuse"


def projected_score(view: dict) -> float:
    """The board game's projected final score (``outlook``) plus the expansion's points (heroes:
    Scoring): the hero tile's prestige while red side up, the mercenaries, and the clover leaves
    on the lower side — a position's value for search agents (``evaluate_seats``)."""
    me = view["me"]
    rules = view["heroes"]["rules"]
    projected = board_bot.outlook(view, me)
    prestige = projected.prestige + (0 if me["flipped"] else me["hero_tile"]["red"]["prestige"])
    population = projected.population + me["mercenaries"] * rules["mercenary_points"]
    points = rules["clover_points"]
    to_prestige = clover_split(prestige, population, me["clovers"], points)
    return board_bot.lower_total_value(prestige + to_prestige * points,
                                       population + (me["clovers"] - to_prestige) * points)
