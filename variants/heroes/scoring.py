"""heroes: Scoring — prestige (tiles, the red hero, coins per the colony's ratio) against
population (inhabitants x the colony's multiplier, mercenaries), each clover leaf on the side
that makes the lower total as high as it can be."""
from __future__ import annotations

from peloponnes.core import Score
from peloponnes.variants.common.scoring import lower_total_score

from .state import clover_split, hero_player


def score_seat(game, seat: int) -> Score:
    """Prestige: tiles, the hero tile (red side only) and 1 per 2/3/4 coins (colony);
    population: inhabitants x 2/3/4 (colony) + 1 per mercenary; each clover leaf 2 prestige or
    2 population, assigned so the lower total is as high as it can be. Ties: the higher other
    total, then the most luxury goods."""
    player = game.state.players[seat]
    hp = hero_player(game, seat)
    rules = game.components["expansion"]["rules"]
    mat = player.mat
    hero = 0 if hp.flipped else hp.hero["red"]["prestige"]
    prestige = player.tile_prestige() + hero + player.coins // mat["coins_per_prestige"]
    population = (player.population * mat["points_per_inhabitant"]
                  + hp.mercenaries * rules["mercenary_points"])
    points = rules["clover_points"]
    to_prestige = clover_split(prestige, population, hp.clovers, points)
    power = prestige + to_prestige * points
    return lower_total_score(
        population + (hp.clovers - to_prestige) * points, power, player.luxury,
        {"prestige": power, "inhabitants": player.population, "coins": player.coins,
         "tiles": player.tile_count(), "hero": hero, "mercenaries": hp.mercenaries,
         "clovers": hp.clovers, "clovers_to_prestige": to_prestige, "strength": hp.strength})
