"""House rule: Earthquake and Tempest hit only a quarter of the cards (rounded up) instead of a
third.

Kind of change: adjusts another hook's result with a wrapper — the card game's own answer comes
back from ``yield`` and this plugin lowers it. Works with: cardgame.
"""
import math

from peloponnes import hookimpl


@hookimpl
def declare_plugin():
    return {"description": "Catastrophes hit a quarter of the cards, rounded up.",
            "requires_variant": ["cardgame"]}


@hookimpl(wrapper=True)
def count_catastrophe_hits(game, seat, catastrophe, cards):
    hits = yield
    return min(hits, math.ceil(len(cards) / 4))
