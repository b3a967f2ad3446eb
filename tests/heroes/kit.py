"""Building Heroes & Colonies situations for tests: a game set up by the real setup code (the
board game's, then the expansion's), then heroes, colonies, Strength and mats laid out by hand.

- ``new_game(n)``: a heroes ``Game`` whose state exists (setup ran), round 1 begun.
- ``seat(game, s, hero=..., colony=..., strength=..., ...)``: replace seat ``s``'s board-game
  player (as ``tests.boardgame.kit.seat_player``) with its colony board as the mat, and set its
  hero, colony, Strength, clover leaves and mercenaries.
- ``hero(game, id)`` / ``colony(game, id)``: component entries by id.
- ``least_bids(game, seat, cards, conquest)``: the smallest bid the auction offers ``seat`` on
  each card.
- ``drive``, ``option_ids``, ``events``, ``building``, ``land``, ``printed``: the board-game kit's.
"""
from __future__ import annotations

from peloponnes.core.engine import Game
from peloponnes.core.scenario import Scenario
from peloponnes.variants.boardgame.rules import CoinPurse
from peloponnes.variants.common.auction import Auction, Slot
from peloponnes.variants.heroes.setup import mat_for
from peloponnes.variants.heroes.state import HeroesPlayer, table
from tests.boardgame.kit import (  # noqa: F401
    building,
    drive,
    events,
    land,
    marked,
    option_ids,
    printed,
    seat_player,
)
from tests.boardgame.kit import new_game as board_new_game


def new_game(players: int = 4, *, seed: int = 1, options: dict | None = None,
             house_rules=()) -> Game:
    return board_new_game(scenario=Scenario.quick("heroes", players, seed=seed, options=options),
                          house_rules=house_rules)


def least_bids(game: Game, seat: int, cards: list[dict], conquest: tuple = ()) -> list[int]:
    """The smallest bid the auction offers ``seat`` on each of ``cards`` (open, or on the
    Conquest row for those in ``conquest``), with coins to spare (boardgame B. Bidding)."""
    slots = [Slot(i, card, conquest=any(card is c for c in conquest))
             for i, card in enumerate(cards)]
    offers = Auction(slots, CoinPurse(game), game.emit).offers(seat, funds=99)
    return [offers[slot] for slot in slots]


def hero(game: Game, hero_id: str) -> dict:
    return next(h for h in game.components["expansion"]["heroes"] if h["id"] == hero_id)


def colony(game: Game, colony_id: str) -> dict:
    return next(c for c in game.components["expansion"]["colonies"] if c["id"] == colony_id)


def civilization(game: Game, civ_id: str) -> dict:
    return next(c for c in game.components["civilizations"] if c["id"] == civ_id)


# A colony and a hero without any trait or ability that would matter in a test.
PLAIN_COLONY = "massilia"
PLAIN_HERO = "sisyphus"


def seat(game: Game, s: int, *, hero: str | None = None, colony: str | None = None,
         strength: int = 0, clovers: int | None = None, mercenaries: int = 0,
         flipped: bool = False, civ: str | None = None, **board) -> HeroesPlayer:
    """Seat ``s`` with exactly what is given (board-game goods as ``seat_player``'s keywords)."""
    ht = table(game)
    old = ht.by_seat(s)
    hp = HeroesPlayer(s, _entry(game, "heroes", hero) if hero else old.hero,
                      _entry(game, "colonies", colony) if colony else old.colony,
                      strength=strength,
                      clovers=old.clovers if clovers is None else clovers,
                      mercenaries=mercenaries, flipped=flipped)
    ht.players[s] = hp
    player = seat_player(game, s, civ=civilization(game, civ) if civ else None, **board)
    player.mat = mat_for(game, s)
    return hp


def _entry(game: Game, key: str, entry_id: str) -> dict:
    return next(e for e in game.components["expansion"][key] if e["id"] == entry_id)


def plain_table(game: Game, **board) -> list[HeroesPlayer]:
    """Every seat with the plain hero and colony, nothing else; turn order by seat."""
    players = [seat(game, s, hero=PLAIN_HERO, colony=PLAIN_COLONY, **board)
               for s in range(game.num_players)]
    game.state.order = list(range(game.num_players))
    return players


def heroes_problems(game: Game) -> list[str]:
    """Invariants except tile conservation (synthetic test tiles are not part of the deck) and
    clover conservation where a test sets clover counts by hand."""
    return [v for v in game.invariant_violations()
            if not v.startswith("tiles not conserved") and not v.startswith("clover leaves not")]
