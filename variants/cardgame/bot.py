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


def _slot_utility(view: dict, slot_index: int) -> float:
    slot = next(s for s in view["slots"] if s["index"] == slot_index)
    return card_worth(view, slot["card"]) - COST_WEIGHT * _price(view, slot)


def _most_common_symbol(view: dict, options) -> str:
    hand = view["me"]["hand"]
    return max(options, key=lambda o: hand.get(o.value, 0)).id


def _card_value(card: dict) -> float:
    return card["inhabitants"] + card["power"] + sum(card["production"].values())


def choose(view: dict, decision) -> str | None:
    kind, options = decision.kind, decision.options
    ids = {o.id: o for o in options}
    if kind in ("bid_card", "move_bid"):
        fallback = "pass" if kind == "bid_card" else "withdraw"
        best, best_utility = fallback, PASS_VALUE
        for o in options:
            if o.id.startswith("card:"):
                utility = _slot_utility(view, o.value.index)
                if utility > best_utility:
                    best, best_utility = o.id, utility
        return best
    if kind == "bid_amount":
        return min(options, key=lambda o: o.value).id
    if kind in ("bid_coin_card", "mortgage_coin_card", "cover_coin_card"):
        return _most_common_symbol(view, options)
    if kind == "build":
        for choice in ("build", "mortgage", "lose"):
            if choice in ids:
                return choice
    if kind in ("pay_luxury", "bid_luxury"):                 # keep luxury goods
        return min(options, key=lambda o: o.value).id
    if kind == "complete":
        return "complete" if "complete" in ids else "give_up"
    if kind == "give_up":
        return min(options, key=lambda o: _card_value(o.value.card)).id
    if kind == "catastrophe":
        if "cover" in ids:
            return "cover"
        covers = [o for o in options if o.id.startswith("cover:")]
        if covers:
            return max(covers, key=lambda o: _card_value(o.value[1].card)).id
        removes = [o for o in options if o.id.startswith("remove")]
        if removes and isinstance(removes[0].value, tuple):
            return min(removes, key=lambda o: _card_value(o.value[1].card)).id
        return removes[0].id if removes else None
    if kind == "feed":
        for choice in ("grain", "inhabitant", "luxury"):
            if choice in ids:
                return choice
        return min(options, key=lambda o: o.value.card["power"]
                   + 2 * o.value.card["production"]["grain"]).id
    return None
