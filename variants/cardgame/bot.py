"""A rules-aware bot for the card game (the ``heuristic`` agent). It reads only its seat's view
and the options offered. Its plan: buy the card that best raises the lower of population and
power, for the least it can bid; build when it can; keep luxury goods; protect valuable cards."""
from __future__ import annotations

PASS_VALUE = 1.2          # what three fresh coin cards are worth, in the bot's units
COST_WEIGHT = 0.35


def _standing(me: dict) -> tuple[int, int]:
    bonus = 2 if me["luxury_card"] == "intact" else 0
    return me["population"] + bonus + me["hand"].get("inhabitant", 0), me["power"] + bonus


def card_worth(view: dict, card: dict) -> float:
    me = view["me"]
    population, power = _standing(me)
    gain = (min(population + card["inhabitants"], power + card["power"])
            - min(population, power))
    rounds_left = max(0, view["rounds"] - view["round"])
    production = sum(card["production"].values())
    worth = 2.0 * gain + 0.4 * (card["inhabitants"] + card["power"])
    worth += 0.25 * production * rounds_left
    worth += 0.4 * card.get("one_time", {}).get("coin_cards", 0)
    worth += 0.3 * card.get("one_time", {}).get("luxury", 0)
    # more mouths than grain is a liability at the next supply
    grain_short = me["population"] + card["inhabitants"] - me["production"]["grain"] \
        - card["production"]["grain"]
    if grain_short > 0:
        worth -= 0.3 * min(grain_short, card["inhabitants"])
    if card["kind"] == "building":
        cost = card.get("cost", {})
        short = sum(max(0, n - me["production"].get(r, 0) - me["hand"].get(r, 0))
                    for r, n in cost.items())
        worth -= 0.5 * short
    return worth


def _price(view: dict, slot: dict) -> int:
    card = slot["card"]
    if slot["conquest"]:
        return card["value"] + 3
    if slot["bid"] is not None:
        return max(card["value"], slot["bid"]["amount"] + 1)
    return card["value"]


def _slot_utility(view: dict, slot: dict) -> float:
    return card_worth(view, slot["card"]) - COST_WEIGHT * _price(view, slot)


def _most_common_symbol(view: dict, options) -> str:
    hand = view["me"]["hand"]
    return max(options, key=lambda o: hand.get(o.value, 0)).id


def _card_value(card: dict) -> float:
    return card["inhabitants"] + card["power"] + sum(card["production"].values())


def _first_offered(options, preferred) -> str | None:
    ids = {o.id for o in options}
    return next((choice for choice in preferred if choice in ids), None)


def _smallest(options) -> str:
    return min(options, key=lambda o: o.value).id


def _bid_where(view: dict, decision) -> str:
    best = "pass" if decision.kind == "bid_card" else "withdraw"
    best_utility = PASS_VALUE
    slots = {s["index"]: s for s in view["slots"]}
    for o in decision.options:
        if o.id.startswith("card:"):
            utility = _slot_utility(view, slots[o.value.index])
            if utility > best_utility:
                best, best_utility = o.id, utility
    return best


def _catastrophe(view: dict, decision) -> str | None:
    options = decision.options
    if any(o.id == "cover" for o in options):
        return "cover"
    covers = [o for o in options if o.id.startswith("cover:")]
    if covers:
        return max(covers, key=lambda o: _card_value(o.value[1].card)).id
    removes = [o for o in options if o.id.startswith("remove")]
    if removes and isinstance(removes[0].value, tuple):
        return min(removes, key=lambda o: _card_value(o.value[1].card)).id
    return removes[0].id if removes else None


def _feed(view: dict, decision) -> str:
    return _first_offered(decision.options, ("grain", "inhabitant", "luxury")) or min(
        decision.options,
        key=lambda o: o.value.card["power"] + 2 * o.value.card["production"]["grain"]).id


CHOICES = {
    "bid_card": _bid_where,
    "move_bid": _bid_where,
    "bid_amount": lambda view, d: _smallest(d.options),
    "bid_coin_card": lambda view, d: _most_common_symbol(view, d.options),
    "mortgage_coin_card": lambda view, d: _most_common_symbol(view, d.options),
    "cover_coin_card": lambda view, d: _most_common_symbol(view, d.options),
    "build": lambda view, d: _first_offered(d.options, ("build", "mortgage")),
    "pay_luxury": lambda view, d: _smallest(d.options),           # keep luxury goods
    "bid_luxury": lambda view, d: _smallest(d.options),
    "complete": lambda view, d: _first_offered(d.options, ("complete", "give_up")),
    "give_up": lambda view, d: min(d.options, key=lambda o: _card_value(o.value.card)).id,
    "catastrophe": _catastrophe,
    "feed": _feed,
}


def choose(view: dict, decision) -> str | None:
    how = CHOICES.get(decision.kind)
    return how(view, decision) if how else None
