"""The expansion's part of ``holdings``: each player's hero and colony, dealt at setup (the
board game's part names the civilization, the tiles and the luxury goods)."""
from __future__ import annotations

from peloponnes.variants.common.holdings import piece

from .state import hero_player


def holdings(game, seat: int) -> list[dict]:
    hp = hero_player(game, seat)
    return [piece(hp.hero["name"], "hero", 0), piece(hp.colony["name"], "colony", 0)]
