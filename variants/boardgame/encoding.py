"""The board game's view as numbers (the ``encode_view`` hook; ``peloponnes.rl`` observations).

Everything on the board game's table is public; the encoding reads only the seat's view and its
own pending decision. Layout, in order: the game clock, every player from the encoding seat
onwards, the display, the disaster chits, then the pending decision. The disasters are those the
view lists (Heroes & Colonies adds the Persians there). Raise ``VERSION`` whenever the layout
changes.
"""
from __future__ import annotations

from peloponnes.core.decisions import Option
from peloponnes.core.features import Features
from peloponnes.variants.common.encoding import (
    add_bids,
    add_decision,
    add_turn_order,
    default_option_meaning,
    players_from_me,
)

from .state import RESOURCES, Placed

VERSION = 1
MAX_OPTIONS = 64          # K: the most options a board-game decision offers (bench/max_options.py)
SLOTS = 8                 # display positions encoded (at most 6 tiles are revealed a round)
INCOME = (*RESOURCES, "coins", "choice", "inhabitants")
ONE_TIME = ("coins", "inhabitants", "luxury", *RESOURCES)
KINDS = ("choose_civilization", "solo_buy", "bid_card", "bid_amount", "move_bid", "build",
         "complete", "disaster_pay", "disaster_lose", "feed_luxury", "income_choice")
STEMS = ("pass", "withdraw", "tile", "number", *RESOURCES, "coins", "build", "mark",
         "complete", "lose")


def option_meaning(option: Option) -> tuple[str, float]:
    """A tile to lose is ("tile", its prestige); the rest as the family reads them."""
    if isinstance(option.value, Placed):
        return "tile", option.value.tile["prestige"]
    return default_option_meaning(option)


def encode(view: dict, decision) -> Features:
    features = Features().declare("boardgame", VERSION)
    features.add("round", view["round"], 20)
    features.add("rounds", view["rounds"], 20)
    features.add("final_round_income", view["final_round_income"], 1)
    disasters = list(view["disasters"])
    for i, player in enumerate(players_from_me(view)):
        add_player(features, f"player[{i}]", player, disasters)
    add_turn_order(features, view)
    add_display(features, view)
    revealed = view["chits_revealed"]
    features.add_many("chits_revealed", [revealed.get(d, 0) for d in disasters], 20,
                      labels=disasters)
    features.add_many("fires_on", [min(view["disasters"][d], default=0) for d in disasters], 20,
                      labels=disasters)
    features.add_many("fired", [view["fired"].count(d) for d in disasters], 10, labels=disasters)
    features.add("chits_left", view["chits_left"], 40)
    features.add("pile", view["pile"], 60)
    features.add("supply_tiles_left", view["supply_tiles_left"], 20)
    features.add("supply_rounds", view["supply_rounds"], 20)
    add_decision(features, decision, kinds=KINDS, stems=STEMS, max_options=MAX_OPTIONS,
                 meaning=option_meaning)
    return features


def add_player(features: Features, name: str, player: dict, disasters: list[str]) -> None:
    tiles = [*player["buildings"], *player["lands"]]
    features.add(f"{name}.coins", player["coins"], 100)
    features.add_many(f"{name}.goods", [player["goods"].get(r, 0) for r in RESOURCES], 40,
                      labels=RESOURCES)
    features.add_many(f"{name}.storehouse", [player["storehouse"].get(r, 0) for r in RESOURCES],
                      40, labels=RESOURCES)
    features.add(f"{name}.population", player["population"], 40)
    features.add(f"{name}.luxury", player["luxury"], 40)
    features.add(f"{name}.prestige", player["prestige"], 100)
    features.add(f"{name}.buildings", len(player["buildings"]), 20)
    features.add(f"{name}.lands", len(player["lands"]), 20)
    features.add(f"{name}.marked", sum(p["marked"] for p in tiles), 20)
    features.add_many(f"{name}.income", [player["income"].get(k, 0) for k in INCOME], 30,
                      labels=INCOME)
    protects = [*player["civilization_tile"].get("protects", ())]
    for placed in tiles:
        protects.extend(placed["tile"].get("protects", ()))
    features.add_many(f"{name}.protected_from", [protects.count(d) for d in disasters], 5,
                      labels=disasters)


def add_display(features: Features, view: dict) -> None:
    add_bids(features, view, SLOTS, 100)
    shown = {s["index"]: s["tile"] for s in view["slots"]}
    for index in range(SLOTS):
        tile = shown.get(index) or {}
        cost = tile.get("cost", {})
        name = f"slot[{index}]"
        features.add(f"{name}.building", tile.get("kind") == "building", 1)
        features.add(f"{name}.bid", tile.get("bid", 0), 20)
        features.add(f"{name}.prestige", tile.get("prestige", 0), 20)
        features.add_many(f"{name}.cost", [cost.get("wood", 0), cost.get("stone", 0)], 20,
                          labels=("wood", "stone"))
        features.add_many(f"{name}.one_time", [tile.get("one_time", {}).get(k, 0)
                                               for k in ONE_TIME], 20, labels=ONE_TIME)
        features.add_many(f"{name}.income", [tile.get("income", {}).get(k, 0)
                                             for k in INCOME[:-1]], 10, labels=INCOME[:-1])
        features.add(f"{name}.supply", bool(tile.get("supply")), 1)
        features.add(f"{name}.protects", len(tile.get("protects", ())), 5)
