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
    row,
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


PLAYER_LABELS, PLAYER_HIGHS = row(
    ("coins", 100), *((f"goods.{r}", 40) for r in RESOURCES),
    *((f"storehouse.{r}", 40) for r in RESOURCES), ("population", 40), ("luxury", 100),
    ("prestige", 100), ("buildings", 20), ("lands", 20), ("marked", 20),
    *((f"income.{k}", 30) for k in INCOME))
PLAYER_LOWS = tuple(-10.0 if label.startswith("income.") else 0.0 for label in PLAYER_LABELS)
TILE_LABELS, TILE_HIGHS = row(
    ("building", 1), ("bid", 20), ("prestige", 20), ("cost.wood", 20), ("cost.stone", 20),
    *((f"one_time.{k}", 20) for k in ONE_TIME), *((f"income.{k}", 10) for k in INCOME[:-1]),
    ("supply", 1), ("protects", 5))
TILE_LOWS = tuple(-10.0 if label.startswith(("one_time.", "income.")) else 0.0
                  for label in TILE_LABELS)


def encode(view: dict, decision) -> Features:
    features = Features().declare("boardgame", VERSION)
    features.add_many("clock", [view["round"], view["rounds"], view["final_round_income"]],
                      CLOCK_HIGHS, labels=CLOCK_LABELS)
    disasters = tuple(view["disasters"])
    for i, player in enumerate(players_from_me(view)):
        add_player(features, f"player[{i}]", player, disasters)
    add_turn_order(features, view)
    add_bids(features, view, SLOTS)
    add_tiles(features, view)
    revealed = view["chits_revealed"]
    features.add_many("chits_revealed", [revealed.get(d, 0) for d in disasters], 20,
                      labels=disasters)
    features.add_many("fires_on", [min(view["disasters"][d], default=0) for d in disasters], 20,
                      labels=disasters)
    features.add_many("fired", [view["fired"].count(d) for d in disasters], 10, labels=disasters)
    features.add_many("piles", [view["chits_left"], view["pile"], view["supply_tiles_left"],
                                view["supply_rounds"]], PILE_HIGHS, labels=PILE_LABELS)
    add_decision(features, decision, kinds=KINDS, stems=STEMS, max_options=MAX_OPTIONS,
                 meaning=option_meaning)
    return features


CLOCK_LABELS, CLOCK_HIGHS = row(("round", 20), ("rounds", 20), ("final_round_income", 1))
PILE_LABELS, PILE_HIGHS = row(("chits_left", 40), ("tiles_left", 60), ("supply_tiles_left", 20),
                              ("supply_rounds", 20))


def add_player(features: Features, name: str, player: dict, disasters: tuple[str, ...]) -> None:
    goods, storehouse, income = player["goods"], player["storehouse"], player["income"]
    buildings, lands = player["buildings"], player["lands"]
    features.add_many(name, [
        player["coins"], *(goods.get(r, 0) for r in RESOURCES),
        *(storehouse.get(r, 0) for r in RESOURCES), player["population"], player["luxury"],
        player["prestige"], len(buildings), len(lands), sum(p["marked"] for p in buildings),
        *(income.get(k, 0) for k in INCOME)], PLAYER_HIGHS, PLAYER_LOWS, labels=PLAYER_LABELS)
    protects = [*player["civilization_tile"].get("protects", ())]
    for placed in (*buildings, *lands):
        protects.extend(placed["tile"]["protects"])
    features.add_many(f"{name}.protected_from", [protects.count(d) for d in disasters], 5,
                      labels=disasters)


def add_tiles(features: Features, view: dict) -> None:
    """What each display position offers (zeros where no tile lies)."""
    shown = {s["index"]: s["tile"] for s in view["slots"]}
    empty = [0.0] * len(TILE_LABELS)
    for index in range(SLOTS):
        tile = shown.get(index)
        if tile is None:
            values = empty
        else:
            cost, one_time, income = tile["cost"], tile["one_time"], tile["income"]
            values = [tile["kind"] == "building", tile["bid"], tile["prestige"],
                      cost.get("wood", 0), cost.get("stone", 0),
                      *(one_time.get(k, 0) for k in ONE_TIME),
                      *(income.get(k, 0) for k in INCOME[:-1]),
                      bool(tile["supply"]), len(tile["protects"])]
        features.add_many(f"slot[{index}].tile", values, TILE_HIGHS, TILE_LOWS, labels=TILE_LABELS)
