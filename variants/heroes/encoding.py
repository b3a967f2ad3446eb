"""Heroes & Colonies extends the board game's encoding (an ``encode_view`` wrapper, exactly as a
house rule that adds state would): after the board game's numbers come each player's hero,
colony and Strength, the Persians, and the expansion's decision kinds. Raise ``VERSION``
whenever the layout changes."""
from __future__ import annotations

from peloponnes.core.features import Features
from peloponnes.variants.boardgame.encoding import MAX_OPTIONS, option_meaning
from peloponnes.variants.common.encoding import add_decision_kinds, players_from_me, row

from .schema import ABILITIES

VERSION = 1
KINDS = ("raise_strength", "use_shield", "hire_mercenaries", "lose_best_tile", "redraw_chit",
         "offer_colony", "offer_colony_coins", "accept_colony", "offer_hero",
         "offer_hero_coins", "accept_hero")
STEMS = ("raise", "skip", "keep", "shield", "put_under", "accept", "refuse", "none", "seat",
         "tile", "number")
COLONY_NUMBERS = ("coins_per_prestige", "points_per_inhabitant", "mark_coins",
                  "luxury_trade_rate", "inhabitants_per_food")


PLAYER_LABELS, PLAYER_HIGHS = row(
    *((f"hero_ability.{a}", 1) for a in ABILITIES), ("hero_flipped", 1), ("strength", 40),
    ("clovers", 10), ("mercenaries", 40), ("shield_used", 10),
    *((f"colony.{k}", 10) for k in COLONY_NUMBERS), ("colony_turn_first", 1),
    ("colony_turn_last", 1))
TABLE_LABELS, TABLE_HIGHS = row(
    *((f"persian_value.{i}", 10) for i in range(4)), ("persian_chits_revealed", 20),
    ("persian_chits_left", 20), ("next_attack_on", 20), ("attacks", 10), ("attacks_won", 10),
    ("table_strength", 100), ("negotiation", 1))


def extend(features: Features, view: dict, decision) -> Features:
    features.declare("heroes", VERSION)
    for i, player in enumerate(players_from_me(view)):
        add_player(features, f"player[{i}].heroes", player)
    h = view["heroes"]
    attacks = h["attacks"]
    features.add_many("heroes", [
        *[*h["persian_values"], 0, 0, 0, 0][:4], h["persian_chits_revealed"],
        h["persian_chits_left"], h["next_attack_on"] or 0, len(attacks),
        sum(1 for a in attacks if a["won"]), h["table_strength"], h["negotiation"]],
        TABLE_HIGHS, labels=TABLE_LABELS)
    add_decision_kinds(features, "heroes_decision", decision, kinds=KINDS, stems=STEMS,
                       max_options=MAX_OPTIONS, meaning=option_meaning)
    return features


def add_player(features: Features, name: str, player: dict) -> None:
    ability = player["hero_tile"]["ability"]["kind"]
    colony = player["colony_board"]
    features.add_many(name, [
        *(ability == a for a in ABILITIES), player["flipped"], player["strength"],
        player["clovers"], player["mercenaries"], player["shield_used"],
        *(colony.get(k) or 0 for k in COLONY_NUMBERS), colony.get("turn_order") == "first",
        colony.get("turn_order") == "last"], PLAYER_HIGHS, labels=PLAYER_LABELS)
