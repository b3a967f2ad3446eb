"""Heroes & Colonies extends the board game's encoding (an ``encode_view`` wrapper, exactly as a
house rule that adds state would): after the board game's numbers come each player's hero,
colony and Strength, the Persians, and the expansion's decision kinds. Raise ``VERSION``
whenever the layout changes."""
from __future__ import annotations

from peloponnes.core.features import Features
from peloponnes.variants.boardgame.encoding import MAX_OPTIONS, option_meaning
from peloponnes.variants.common.encoding import add_decision_kinds, players_from_me

from .schema import ABILITIES

VERSION = 1
KINDS = ("raise_strength", "use_shield", "hire_mercenaries", "lose_best_tile", "redraw_chit",
         "offer_colony", "offer_colony_coins", "accept_colony", "offer_hero",
         "offer_hero_coins", "accept_hero")
STEMS = ("raise", "skip", "keep", "shield", "put_under", "accept", "refuse", "none", "seat",
         "tile", "number")
COLONY_NUMBERS = ("coins_per_prestige", "points_per_inhabitant", "mark_coins",
                  "luxury_trade_rate", "inhabitants_per_food")


def extend(features: Features, view: dict, decision) -> Features:
    features.declare("heroes", VERSION)
    for i, player in enumerate(players_from_me(view)):
        add_player(features, f"player[{i}]", player)
    h = view["heroes"]
    features.add_many("persian_values", [*h["persian_values"], 0, 0, 0, 0][:4], 10)
    features.add("persian_chits_revealed", h["persian_chits_revealed"], 20)
    features.add("persian_chits_left", h["persian_chits_left"], 20)
    features.add("next_attack_on", h["next_attack_on"] or 0, 20)
    features.add("attacks", len(h["attacks"]), 10)
    features.add("attacks_won", sum(1 for a in h["attacks"] if a["won"]), 10)
    features.add("table_strength", h["table_strength"], 100)
    features.add("negotiation", h["negotiation"], 1)
    add_decision_kinds(features, "heroes_decision", decision, kinds=KINDS, stems=STEMS,
                       max_options=MAX_OPTIONS, meaning=option_meaning)
    return features


def add_player(features: Features, name: str, player: dict) -> None:
    ability = player["hero_tile"]["ability"]["kind"]
    features.one_hot(f"{name}.hero_ability", ABILITIES.index(ability)
                     if ability in ABILITIES else None, len(ABILITIES), labels=ABILITIES)
    features.add(f"{name}.hero_flipped", player["flipped"], 1)
    features.add(f"{name}.strength", player["strength"], 40)
    features.add(f"{name}.clovers", player["clovers"], 5)
    features.add(f"{name}.mercenaries", player["mercenaries"], 40)
    features.add(f"{name}.shield_used", player["shield_used"], 10)
    colony = player["colony_board"]
    features.add_many(f"{name}.colony", [colony.get(k) or 0 for k in COLONY_NUMBERS], 10,
                      labels=COLONY_NUMBERS)
    features.add(f"{name}.colony_turn_first", colony.get("turn_order") == "first", 1)
    features.add(f"{name}.colony_turn_last", colony.get("turn_order") == "last", 1)
