"""The card game's ``holdings``: the civilization a player was dealt (even when a catastrophe
removed its card: it shaped the whole game), what lies in front of the player at the end (every
power card, laid to waste or not, and the luxury card while it stands) and the luxury goods."""
from __future__ import annotations

from peloponnes.variants.common.holdings import acquisitions, luxury_goods, piece

from .state import REMOVED


def holdings(game, seat: int) -> list[dict]:
    player = game.state.players[seat]
    acquired = acquisitions(game, seat, "gained", "card")
    pieces = [piece(player.civilization_name, "civilization", 0)]
    for placed in player.power_cards():
        pieces.append(piece(placed.name, placed.kind, *acquired.get(placed.id, (None, None))))
    if player.luxury_card != REMOVED:
        pieces.append(piece("luxury card", "luxury card", 0))
    return pieces + luxury_goods(player.luxury)
