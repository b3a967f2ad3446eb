"""House rule: a variant deck — every building costs one stone less (never below 0).

Kind of change: replaces component data (wraps ``load_components``; the changed deck is validated
like the shipped one). Works with: cardgame.
"""
import copy

from peloponnes import hookimpl


@hookimpl
def declare_plugin():
    return {"description": "Variant deck: buildings cost one stone less.",
            "requires_variant": ["cardgame"]}


@hookimpl(wrapper=True)
def load_components(variant, path):
    data = copy.deepcopy((yield))
    for card in data["power_cards"]:
        cost = card.get("cost")
        if cost and cost.get("stone"):
            cost["stone"] -= 1
    return data
