"""Building board-game situations for tests: a game set up by the real setup code, then mats,
coins and civilizations laid out by hand with tiles that pass the component schema.

- ``new_game(n)``: a ``Game`` whose ``state`` exists (setup ran), round 1 begun.
- ``tile(...)`` / ``printed(id)``: a synthetic tile validated against the schema, or a printed one.
- ``seat_player(game, seat, ...)``: replace a seat's civilization and mat; the bank keeps the
  coin count conserved.
- ``slots(game, *tiles)``: tiles laid out face up for an auction.
- ``drive``, ``option_ids``, ``events``: ``peloponnes.testing``'s, for rule tests.
"""
from __future__ import annotations

import itertools

from peloponnes.core.engine import Game
from peloponnes.core.scenario import Scenario
from peloponnes.core.schema import validate
from peloponnes.testing import drive, events, new_table, option_ids  # noqa: F401
from peloponnes.variants.boardgame.schema import COMPONENT_SCHEMA
from peloponnes.variants.boardgame.setup import default_mat
from peloponnes.variants.boardgame.state import BoardPlayer, Placed
from peloponnes.variants.common.auction import Slot

_TILE = COMPONENT_SCHEMA.fields["tiles"].type.item
_CIVILIZATION = COMPONENT_SCHEMA.fields["civilizations"].type.item
_ids = itertools.count(1)


def tile(kind: str = "land", *, bid: int = 1, prestige: int = 0, name: str = "",
         cost: dict | None = None, one_time: dict | None = None, income: dict | None = None,
         **extra) -> dict:
    """A synthetic tile (a building gets a name if none is given)."""
    number = next(_ids)
    if kind == "building" and not name:
        name = f"Test building {number}"
    data = {"id": f"T{number:03d}", "era": "A", "kind": kind, "name": name, "bid": bid,
            "prestige": prestige, "cost": cost or {}, "one_time": one_time or {},
            "income": income or {}, "provenance": "reconstructed", **extra}
    return validate(data, _TILE, where="test tile")


def building(**kw) -> dict:
    return tile("building", **kw)


def land(**kw) -> dict:
    return tile("land", **kw)


def civilization(*, number: int = 1, coins: int = 0, inhabitants: int = 0,
                 goods: dict | None = None, income: dict | None = None,
                 protects: tuple = (), name: str = "Testopolis") -> dict:
    data = {"id": name.lower(), "number": number, "name": name, "coins": coins,
            "inhabitants": inhabitants, "goods": goods or {}, "income": income or {},
            "protects": list(protects), "provenance": "reconstructed"}
    return validate(data, _CIVILIZATION, where="test civilization")


def printed(game: Game, tile_id: str) -> dict:
    """A printed tile of the game's components, by id."""
    return next(t for t in game.components["tiles"] if t["id"] == tile_id)


def new_game(players: int = 3, *, seed: int = 1, options: dict | None = None,
             scenario: Scenario | None = None, house_rules=()) -> Game:
    """A game with its state set up (civilizations dealt, tiles and chits shuffled), round 1.
    ``house_rules``: objects with ``@hookimpl`` methods, registered before setup (so they are
    asked before the board game's defaults)."""
    return new_table("boardgame", players, seed=seed, options=options, scenario=scenario,
                     house_rules=house_rules).game


def seat_player(game: Game, seat: int, *, civ: dict | None = None, coins: int = 0,
                wood: int = 0, stone: int = 0, food: int = 0, population: int = 0,
                luxury: int = 0, buildings=(), lands=()) -> BoardPlayer:
    """Replace seat ``seat`` with a player holding exactly what is given. ``buildings`` and
    ``lands`` are tile dicts or ready ``Placed`` objects (e.g. marked with a coin). The coins
    come from (or go back to) the bank, so coins stay conserved."""
    def place(t):
        return t if isinstance(t, Placed) else Placed(t)

    st = game.state
    old = st.players[seat]
    st.bank += old.coins + sum(p.coins for p in old.buildings)
    player = BoardPlayer(seat, civ or civilization(), default_mat(game), coins=coins,
                         goods={"wood": wood, "stone": stone, "food": food},
                         population=population, luxury=luxury,
                         buildings=[place(t) for t in buildings], lands=[place(t) for t in lands])
    st.bank -= coins + sum(p.coins for p in player.buildings)
    if st.bank < 0:                          # a big test situation: the bank is never short
        st.coins_total -= st.bank
        st.bank = 0
    st.players[seat] = player
    return player


def slots(game: Game, *tiles: dict, conquest_from: int | None = None) -> list[Slot]:
    """Lay ``tiles`` out face up (from ``conquest_from`` on, in the Conquest row)."""
    game.state.slots = [Slot(i, t, conquest=conquest_from is not None and i >= conquest_from)
                        for i, t in enumerate(tiles)]
    return game.state.slots


def marked(t: dict, coins: int = 1) -> Placed:
    """A building marked with ``coins`` (not yet paid for)."""
    return Placed(t, marked=True, coins=coins)


def coin_and_mat_problems(game: Game) -> list[str]:
    """The variant's invariants except tile conservation (synthetic test tiles are not part of
    the printed deck)."""
    return [v for v in game.invariant_violations() if not v.startswith("tiles not conserved")]
