"""House rule: no Conquest row. Only as many cards (or tiles) as players are revealed each round;
nothing can be bought at the +3 surcharge.

Kind of change: removes a mechanism by replacing a number (``count_revealed``, first result wins).
Works with: cardgame, boardgame, heroes.
"""
from peloponnes import hookimpl


@hookimpl
def declare_plugin():
    return {"description": "No Conquest row: reveal only as many cards as players.",
            "requires_variant": ["cardgame", "boardgame", "heroes"]}


@hookimpl
def count_revealed(game):
    return game.num_players, 0
