"""Building card-game situations for tests: a game set up by the real setup code, then tableaux,
hands and luxury laid out by hand with synthetic cards that pass the component schema.

- ``new_game(n)``: a ``Game`` whose ``state`` exists (setup ran), before round 1.
- ``power_card(...)`` / ``civilization(...)``: card dicts validated against
  ``variants.cardgame.schema.COMPONENT_SCHEMA`` (defaults filled in as on load).
- ``seat_player(game, seat, ...)``: replace a seat's tableau, hand and luxury.
- ``drive``, ``option_ids``, ``events``: ``peloponnes.testing``'s, for rule tests.
"""
from __future__ import annotations

import itertools
from collections import Counter

from peloponnes.core.engine import Game
from peloponnes.core.scenario import Scenario
from peloponnes.core.schema import validate
from peloponnes.testing import drive, events, new_table, option_ids  # noqa: F401
from peloponnes.variants.cardgame.schema import COMPONENT_SCHEMA
from peloponnes.variants.cardgame.state import CardPlayer, Placed

_POWER_CARD = COMPONENT_SCHEMA.fields["power_cards"].type.item
_CIVILIZATION = COMPONENT_SCHEMA.fields["civilizations"].type.item
_ids = itertools.count(1)


def power_card(kind: str = "landscape", *, value: int = 1, power: int = 0, inhabitants: int = 0,
               wood: int = 0, stone: int = 0, grain: int = 0, cost: dict | None = None,
               catastrophe: str = "plague", name: str | None = None, era: str = "A",
               **extra) -> dict:
    """A synthetic power card (production given as wood/stone/grain)."""
    number = next(_ids)
    data = {"id": f"T{number:03d}", "era": era, "kind": kind,
            "name": name or f"Test {kind} {number}", "value": value, "power": power,
            "inhabitants": inhabitants, "production": {"wood": wood, "stone": stone,
                                                       "grain": grain},
            "catastrophe": catastrophe, "provenance": "reconstructed", **extra}
    if cost is not None:
        data["cost"] = cost
    return validate(data, _POWER_CARD, where="test card")


def building(**kw) -> dict:
    return power_card("building", **kw)


def landscape(**kw) -> dict:
    return power_card("landscape", **kw)


def civilization(*, inhabitants: int = 0, power: int = 0, wood: int = 0, stone: int = 0,
                 grain: int = 0, catastrophes: tuple = (), arrow: int = 1,
                 coin_cards: int = 0, name: str = "Testopolis") -> dict:
    data = {"id": name.lower(), "name": name, "arrow": arrow, "coin_cards": coin_cards,
            "inhabitants": inhabitants, "power": power,
            "production": {"wood": wood, "stone": stone, "grain": grain},
            "catastrophes": list(catastrophes), "provenance": "reconstructed"}
    return validate(data, _CIVILIZATION, where="test civilization")


def new_game(players: int = 2, *, seed: int = 1, scenario: Scenario | None = None,
             house_rules=()) -> Game:
    """A game with its state set up (civilizations dealt, piles shuffled), round 1 not begun.
    ``house_rules``: objects with ``@hookimpl`` methods, registered after the card game (so they
    are asked first)."""
    return new_table("cardgame", players, seed=seed, scenario=scenario,
                     house_rules=house_rules).game


def seat_player(game: Game, seat: int, *, civ: dict | None = None, buildings=(),
                landscapes=(), hand: dict | None = None, luxury: int = 0) -> CardPlayer:
    """Replace seat ``seat`` with a player holding exactly what is given. ``buildings`` and
    ``landscapes`` are card dicts or ready ``Placed`` objects (e.g. under construction)."""
    def place(card):
        return card if isinstance(card, Placed) else Placed(card)

    player = CardPlayer(seat, Placed(civ or civilization(), is_civilization=True),
                        hand=Counter(hand or {}), buildings=[place(c) for c in buildings],
                        landscapes=[place(c) for c in landscapes], luxury=luxury)
    game.state.players[seat] = player
    return player
