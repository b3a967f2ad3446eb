"""House rule: the Conquest row costs the printed value +2 instead of +3.

Kind of change: a number (``conquest_surcharge`` is a first-result hook: this plugin's value wins
over the variant's default). Works with: cardgame, boardgame, heroes.
"""
from peloponnes import hookimpl


@hookimpl
def declare_plugin():
    return {"description": "Conquest row surcharge +2 instead of +3.",
            "requires_variant": ["cardgame", "boardgame", "heroes"],
            "conflicts_with": ["no_conquest"]}


@hookimpl
def conquest_surcharge(game, seat):
    return 2
