"""heroes: Scoring — prestige (tiles, the red hero, coins per the colony's ratio) against
population (inhabitants x the colony's multiplier, mercenaries), each clover leaf on the side
that makes the lower total as high as it can be. ``explain`` is the sheet ``explain_score``
shows: the board game's lines with the expansion's added."""
from __future__ import annotations

from peloponnes.core import Score, ScoreExplanation, ScorePart
from peloponnes.variants.boardgame.score_parts import POPULATION, PRESTIGE, base_parts
from peloponnes.variants.common.score_sheet import lower_total_sheet
from peloponnes.variants.common.scoring import lower_total_score
from peloponnes.variants.common.words import count

from .state import clover_split, hero_player

HERO = "the hero tile"
CLOVERS_TO_PRESTIGE = "clover leaves for prestige"
CLOVERS_TO_POPULATION = "clover leaves for population"


def hero_note(hp) -> str:
    name = hp.hero.get("name", hp.hero["id"])
    return f"{name}, orange side: counts nothing" if hp.flipped else f"{name}, red side"


def clover_note(leaves: int, clovers: int, points: int) -> str:
    if not leaves:
        return ""
    return (f"{leaves} of {count(clovers, 'leaf')} x {points}, each where it lifts "
            "the lower total")


def explain(game, seat: int) -> ScoreExplanation:
    """Prestige: tiles, the hero tile (red side only) and 1 per 2/3/4 coins (colony);
    population: inhabitants x 2/3/4 (colony) + 1 per mercenary; each clover leaf 2 prestige or
    2 population, assigned so the lower total is as high as it can be."""
    hp = hero_player(game, seat)
    rules = game.components["expansion"]["rules"]
    base = base_parts(game, seat)
    hero = ScorePart(PRESTIGE, HERO, 0 if hp.flipped else hp.hero["red"]["prestige"],
                     hero_note(hp))
    mercenaries = ScorePart(POPULATION, "mercenaries", hp.mercenaries * rules["mercenary_points"],
                            count(hp.mercenaries, "mercenary") if hp.mercenaries else "")
    prestige = base["tiles"].value + hero.value + base["coins"].value
    population = base["inhabitants"].value + mercenaries.value
    points = rules["clover_points"]
    to_prestige = clover_split(prestige, population, hp.clovers, points)
    to_population = hp.clovers - to_prestige
    return lower_total_sheet([
        base["tiles"], hero, base["coins"],
        ScorePart(PRESTIGE, CLOVERS_TO_PRESTIGE, to_prestige * points,
                  clover_note(to_prestige, hp.clovers, points)),
        base["inhabitants"], mercenaries,
        ScorePart(POPULATION, CLOVERS_TO_POPULATION, to_population * points,
                  clover_note(to_population, hp.clovers, points)),
    ])


def score_seat(game, seat: int) -> Score:
    """Prestige: tiles, the hero tile (red side only) and 1 per 2/3/4 coins (colony);
    population: inhabitants x 2/3/4 (colony) + 1 per mercenary; each clover leaf 2 prestige or
    2 population, assigned so the lower total is as high as it can be. Ties: the higher other
    total, then the most luxury goods. ``explain`` shows the same count part by part."""
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
