"""House rule: the Conquest row costs the printed value +2 instead of +3.

Kind of change: a number (``conquest_surcharge`` is a first-result hook: this plugin's value wins
over the variant's default), given as a plugin parameter: a scenario may set another with
``[parameters.conquest_plus_two] surcharge = 1`` (and ``peloponnes sweep`` may vary it:
``--vary plugins.conquest_plus_two.surcharge=0,1,2``). Works with: cardgame, boardgame, heroes.
"""
from peloponnes import hookimpl


@hookimpl
def declare_plugin():
    return {"description": "Conquest row surcharge +2 instead of +3.",
            "requires_variant": ["cardgame", "boardgame", "heroes"],
            "conflicts_with": ["no_conquest"],
            "parameters": {"surcharge": {"type": "int", "default": 2, "min": 0, "max": 10,
                                         "description": "coins added to a Conquest card"}}}


@hookimpl
def conquest_surcharge(game, seat):
    return game.parameters["conquest_plus_two"]["surcharge"]
