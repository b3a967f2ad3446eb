"""The board game's ``holdings``: the civilization, every tile in front of a player at the end
(buildings, marked or built, and lands) and the luxury goods."""
from __future__ import annotations

from peloponnes.variants.common.holdings import acquisitions, luxury_goods, piece

from .state import tile_name


def holdings(game, seat: int) -> list[dict]:
    player = game.state.players[seat]
    acquired = acquisitions(game, seat, "tile_added", "tile")
    pieces = [piece(player.civilization_name, "civilization", 0)]
    for placed in player.tiles():
        pieces.append(piece(tile_name(placed.tile), placed.kind,
                            *acquired.get(placed.tile["id"], (None, None))))
    return pieces + luxury_goods(player.luxury)
