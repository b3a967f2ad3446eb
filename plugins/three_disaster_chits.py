"""House rule: three disaster chits are revealed at the end of every round (and at the end of the
game) instead of two — the pace Heroes & Colonies uses, without its Persians. With 16 chits the
stack runs out after about five rounds, so disasters strike earlier.

Kind of change: a number (``count_disaster_chits`` is a first-result hook of the board game: this
plugin's value wins over the variant's default). Works with: boardgame (heroes already reveals
three).
"""
from peloponnes import hookimpl


@hookimpl
def declare_plugin():
    return {"description": "Three disaster chits a round instead of two.",
            "requires_variant": ["boardgame"]}


@hookimpl
def count_disaster_chits(game, final):
    return 3
