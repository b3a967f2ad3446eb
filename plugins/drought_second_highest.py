"""House rule: Drought hits the power card with the second-highest grain production instead of
the highest (the player chooses among ties; a tableau with fewer than two grain values loses
nothing to Drought).

Kind of change: changes which cards a catastrophe hits (wraps the card game's
``list_catastrophe_targets``; the other catastrophes keep the card game's targets).
Works with: cardgame.
"""
from peloponnes import hookimpl


@hookimpl
def declare_plugin():
    return {"description": "Drought hits the second-highest grain card.",
            "requires_variant": ["cardgame"]}


@hookimpl(wrapper=True)
def list_catastrophe_targets(game, seat, catastrophe):
    targets = yield
    if catastrophe != "drought":
        return targets
    cards = [p for p in game.state.players[seat].power_cards() if p.active]
    grain = sorted({p.card["production"]["grain"] for p in cards if p.card["production"]["grain"]},
                   reverse=True)
    if len(grain) < 2:
        return []
    return [p for p in cards if p.card["production"]["grain"] == grain[1]]
