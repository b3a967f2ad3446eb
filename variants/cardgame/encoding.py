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
    row,
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


CLOCK_LABELS, CLOCK_HIGHS = row(("round", 20), ("rounds", 20))
PLAYER_LABELS, PLAYER_HIGHS = row(
    ("luxury", 40), ("luxury_cap", 40), ("luxury_card_intact", 1), ("hand_size", 40),
    ("population", 60), ("power", 60), *((f"production.{r}", 40) for r in RESOURCES),
    ("buildings", 20), ("landscapes", 20), ("under_construction", 20), ("covered", 20),
    ("civilization_active", 1), *((f"struck_by.{c}", 20) for c in CATASTROPHES),
    *((f"protected_from.{c}", 5) for c in CATASTROPHES))
CARD_LABELS, CARD_HIGHS = row(
    ("building", 1), ("value", 20), ("power", 20), ("inhabitants", 20), ("cost.wood", 20),
    ("cost.stone", 20), *((f"production.{r}", 10) for r in RESOURCES), ("coin_cards", 20),
    ("luxury", 20), *((f"catastrophe.{c}", 1) for c in CATASTROPHES))
TABLE_LABELS, TABLE_HIGHS = row(
    *((f"track.{c}", 10) for c in CATASTROPHES), *((f"track_length.{c}", 10) for c in CATASTROPHES),
    *((f"fired.{c}", 10) for c in CATASTROPHES), ("coin_pile", 120), ("coin_discard", 120),
    ("power_pile", 60))


def encode(view: dict, decision) -> Features:
    features = Features().declare("cardgame", VERSION)
    features.add_many("clock", [view["round"], view["rounds"]], CLOCK_HIGHS, labels=CLOCK_LABELS)
    for i, player in enumerate(players_from_me(view)):
        add_player(features, f"player[{i}]", player)
    add_turn_order(features, view)
    hand = view["me"]["hand"]
    features.add_many("me.hand", [hand.get(c, 0) for c in COINS], 40, labels=COINS)
    add_bids(features, view, SLOTS)
    add_cards(features, view)
    tracks, lengths, fired = view["tracks"], view["track_lengths"], view["fired"]
    features.add_many("table", [
        *(tracks.get(c, 0) for c in CATASTROPHES), *(lengths.get(c, 0) for c in CATASTROPHES),
        *(fired.count(c) for c in CATASTROPHES), view["coin_pile"], view["coin_discard"],
        view["power_pile"]], TABLE_HIGHS, labels=TABLE_LABELS)
    add_decision(features, decision, kinds=KINDS, stems=STEMS, max_options=MAX_OPTIONS)
    return features


def add_player(features: Features, name: str, player: dict) -> None:
    cards = [*player["buildings"], *player["landscapes"]]
    active = [p["card"] for p in cards if p["covered_by"] is None]
    civ = player["civilization_card"]
    civ_active = civ is not None and civ["covered_by"] is None
    # Exposure per catastrophe: active cards it strikes (civilization included), and protection.
    struck = [card["catastrophe"] for card in active]
    protected = [c for card in active for c in card["protects"]]
    if civ_active:
        struck.extend(civ["card"]["catastrophes"])
    production = player["production"]
    features.add_many(name, [
        player["luxury"], player["luxury_cap"], player["luxury_card"] == "intact",
        player["hand_size"], player["population"], player["power"],
        *(production[r] for r in RESOURCES), len(player["buildings"]),
        len(player["landscapes"]), sum(p["under_construction"] for p in cards),
        len(cards) - len(active), civ_active, *(struck.count(c) for c in CATASTROPHES),
        *(protected.count(c) for c in CATASTROPHES)], PLAYER_HIGHS, labels=PLAYER_LABELS)


def add_cards(features: Features, view: dict) -> None:
    """What each display position offers (zeros where no card lies)."""
    shown = {s["index"]: s["card"] for s in view["slots"]}
    empty = [0.0] * len(CARD_LABELS)
    for index in range(SLOTS):
        card = shown.get(index)
        if card is None:
            values = empty
        else:
            cost, production, one_time = card["cost"], card["production"], card["one_time"]
            values = [card["kind"] == "building", card["value"], card["power"],
                      card["inhabitants"], cost.get("wood", 0), cost.get("stone", 0),
                      *(production.get(r, 0) for r in RESOURCES), one_time.get("coin_cards", 0),
                      one_time.get("luxury", 0),
                      *(card["catastrophe"] == c for c in CATASTROPHES)]
        features.add_many(f"slot[{index}].card", values, CARD_HIGHS, labels=CARD_LABELS)
