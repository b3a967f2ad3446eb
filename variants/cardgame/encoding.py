"""The card game's view as numbers (the ``encode_view`` hook; ``peloponnes.rl`` observations).

Only the seat's view and its own pending decision are read: the seat's own hand, the hand *sizes*
of the others, everybody's tableau, the display and the catastrophe tracks. Layout, in order:
the game clock, every player from the encoding seat onwards, the seat's hand, the display, the
tracks and piles, then the pending decision. Raise ``VERSION`` whenever the layout changes.
"""
from __future__ import annotations

from peloponnes.core.features import Features
from peloponnes.variants.common.encoding import (
    add_bids,
    add_decision,
    add_turn_order,
    players_from_me,
)

from .state import CATASTROPHES, RESOURCES

VERSION = 1
MAX_OPTIONS = 32          # K: the most options a card-game decision offers (bench/max_options.py)
SLOTS = 8                 # display positions encoded (6 cards are revealed a round)
COINS = ("inhabitant", "wood", "stone", "grain")
KINDS = ("bid_card", "bid_amount", "bid_coin_card", "move_bid", "build", "mortgage_coin_card",
         "feed", "catastrophe", "cover_coin_card", "complete", "pay_luxury")
STEMS = ("pass", "withdraw", "card", "number", *COINS, "luxury", "remove", "cover", "build",
         "mortgage", "lose", "complete")


def encode(view: dict, decision) -> Features:
    features = Features().declare("cardgame", VERSION)
    features.add("round", view["round"], 20)
    features.add("rounds", view["rounds"], 20)
    for i, player in enumerate(players_from_me(view)):
        add_player(features, f"player[{i}]", player)
    add_turn_order(features, view)
    hand = view["me"]["hand"]
    features.add_many("me.hand", [hand.get(c, 0) for c in COINS], 40, labels=COINS)
    add_display(features, view)
    lengths = view["track_lengths"]
    features.add_many("track", [view["tracks"].get(c, 0) for c in CATASTROPHES], 10,
                      labels=CATASTROPHES)
    features.add_many("track_length", [lengths.get(c, 0) for c in CATASTROPHES], 10,
                      labels=CATASTROPHES)
    features.add_many("fired", [view["fired"].count(c) for c in CATASTROPHES], 10,
                      labels=CATASTROPHES)
    features.add("coin_pile", view["coin_pile"], 120)
    features.add("coin_discard", view["coin_discard"], 120)
    features.add("power_pile", view["power_pile"], 60)
    add_decision(features, decision, kinds=KINDS, stems=STEMS, max_options=MAX_OPTIONS)
    return features


def add_player(features: Features, name: str, player: dict) -> None:
    cards = [*player["buildings"], *player["landscapes"]]
    active = [p for p in cards if p["covered_by"] is None]
    features.add(f"{name}.luxury", player["luxury"], 40)
    features.add(f"{name}.luxury_cap", player["luxury_cap"], 40)
    features.add(f"{name}.luxury_card_intact", player["luxury_card"] == "intact", 1)
    features.add(f"{name}.hand_size", player["hand_size"], 40)
    features.add(f"{name}.population", player["population"], 60)
    features.add(f"{name}.power", player["power"], 60)
    features.add_many(f"{name}.production", [player["production"][r] for r in RESOURCES], 20,
                      labels=RESOURCES)
    features.add(f"{name}.buildings", len(player["buildings"]), 20)
    features.add(f"{name}.landscapes", len(player["landscapes"]), 20)
    features.add(f"{name}.under_construction", sum(p["under_construction"] for p in cards), 20)
    features.add(f"{name}.covered", len(cards) - len(active), 20)
    civ = player["civilization_card"]
    features.add(f"{name}.civilization_active", civ is not None and civ["covered_by"] is None, 1)
    # Exposure per catastrophe: active cards it strikes (civilization included), and protection.
    struck = {c: 0 for c in CATASTROPHES}
    protected = {c: 0 for c in CATASTROPHES}
    for placed in active:
        if placed["card"].get("catastrophe") in struck:
            struck[placed["card"]["catastrophe"]] += 1
        for c in placed["card"].get("protects", ()):
            if c in protected:
                protected[c] += 1
    if civ is not None and civ["covered_by"] is None:
        for c in civ["card"].get("catastrophes", ()):
            if c in struck:
                struck[c] += 1
    features.add_many(f"{name}.struck_by", struck.values(), 20, labels=CATASTROPHES)
    features.add_many(f"{name}.protected_from", protected.values(), 5, labels=CATASTROPHES)


def add_display(features: Features, view: dict) -> None:
    add_bids(features, view, SLOTS, 40)
    shown = {s["index"]: s["card"] for s in view["slots"]}
    for index in range(SLOTS):
        card = shown.get(index) or {}
        cost = card.get("cost", {})
        production = card.get("production", {})
        one_time = card.get("one_time", {})
        name = f"slot[{index}]"
        features.add(f"{name}.building", card.get("kind") == "building", 1)
        features.add(f"{name}.value", card.get("value", 0), 20)
        features.add(f"{name}.power", card.get("power", 0), 20)
        features.add(f"{name}.inhabitants", card.get("inhabitants", 0), 20)
        features.add_many(f"{name}.cost", [cost.get("wood", 0), cost.get("stone", 0)], 20,
                          labels=("wood", "stone"))
        features.add_many(f"{name}.production", [production.get(r, 0) for r in RESOURCES], 10,
                          labels=RESOURCES)
        features.add(f"{name}.coin_cards", one_time.get("coin_cards", 0), 20)
        features.add(f"{name}.luxury", one_time.get("luxury", 0), 20)
        features.one_hot(f"{name}.catastrophe", CATASTROPHES.index(card["catastrophe"])
                         if card.get("catastrophe") in CATASTROPHES else None,
                         len(CATASTROPHES), labels=CATASTROPHES)
