"""boardgame: Final Score And Winner, line by line. Prestige: the tiles' prestige points and 1 per
3 coins in the reserve; population: 3 points per inhabitant; the lower total is the score
(the tests check it against ``score_seat``). The notes say what the game end took (End of the
Game: the last disaster chits, the final feeding, incomplete buildings paid for or removed), so
a player sees why the final score differs from the table after the last round. Heroes &
Colonies adds its parts to the same lines (``variants.heroes.scoring``)."""
from __future__ import annotations

from dataclasses import dataclass

from peloponnes.core import ScoreExplanation, ScorePart
from peloponnes.variants.common.score_sheet import lower_total_sheet
from peloponnes.variants.common.words import count

POPULATION, PRESTIGE = "population", "prestige"


@dataclass(frozen=True)
class GameEndLosses:
    """What a seat lost after the end was signalled."""
    inhabitants: int = 0
    tiles: int = 0


def game_end_losses(game, seat: int) -> GameEndLosses:
    """The inhabitants (disasters, starving, an internal conflict) and tiles (disasters,
    incomplete buildings) seat ``seat`` lost after the game end was signalled."""
    inhabitants = tiles = 0
    signalled = False
    for event in game.events:
        if event.kind == "game_end_signalled":
            signalled = True
        data = event.data
        if not signalled:
            continue
        if event.kind == "conflict_taken" and data.get("victim") == seat:
            inhabitants += data.get("inhabitants", 0)
        if data.get("seat") != seat:
            continue
        if event.kind == "tile_lost":
            tiles += 1
        elif event.kind == "fed":
            inhabitants += data.get("starved", 0)
        elif event.kind == "disaster_loss" and data.get("track") == "population":
            inhabitants += data.get("amount", 0)
    return GameEndLosses(inhabitants, tiles)


def tiles_note(player, losses: GameEndLosses) -> str:
    note = count(player.tile_count(), "tile")
    if losses.tiles:
        note += f"; {count(losses.tiles, 'tile')} lost at the game end"
    return note


def inhabitants_note(player, multiplier: int, losses: GameEndLosses) -> str:
    note = f"{count(player.population, 'inhabitant')} x {multiplier}"
    if losses.inhabitants:
        note += f"; the game end cost {count(losses.inhabitants, 'inhabitant')}"
    return note


def coins_note(player) -> str:
    per_point = player.mat["coins_per_prestige"]
    return f"{count(player.coins, 'coin')} in the reserve, 1 per {per_point}"


def base_parts(game, seat: int) -> dict[str, ScorePart]:
    """The board game's three lines, by name (``tiles``, ``coins``, ``inhabitants``)."""
    player = game.state.players[seat]
    mat = player.mat
    losses = game_end_losses(game, seat)
    multiplier = mat["points_per_inhabitant"]
    return {
        "tiles": ScorePart(PRESTIGE, "prestige on the tiles", player.tile_prestige(),
                           tiles_note(player, losses)),
        "coins": ScorePart(PRESTIGE, "coins", player.coins // mat["coins_per_prestige"],
                           coins_note(player)),
        "inhabitants": ScorePart(POPULATION, "inhabitants", player.population * multiplier,
                                 inhabitants_note(player, multiplier, losses)),
    }


def explain(game, seat: int) -> ScoreExplanation:
    """Seat ``seat``'s score sheet as the rulebook adds it up (the Solo Game scores the same)."""
    parts = base_parts(game, seat)
    return lower_total_sheet([parts["tiles"], parts["coins"], parts["inhabitants"]])
