"""The expansion's part of the table: per player a hero, a colony, Strength, clover leaves and
mercenaries; the Persian chits' values; what happened to the Persians.

``game.state`` belongs to the board game (``variants.boardgame.state.BoardState``); the expansion
keeps its own part in ``game.stash[HEROES]`` (a ``HeroesState``; ``table(game)`` returns it), set
up before the board game's setup runs so that the colony boards are known when the board game
asks for the player mats.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from peloponnes.core import StashKey

RULE = "heroes"
STRENGTH_RULE = "heroes: Strength"
PERSIANS_RULE = "heroes: Persians"
MERCENARIES_RULE = "heroes: Mercenaries"
CONFLICT_RULE = "heroes: Internal conflict"
SETUP_RULE = "heroes: Setup changes"
FLOW_RULE = "heroes: Changes to the flow of a round"
END_RULE = "heroes: End of game"
SCORING_RULE = "heroes: Scoring"
NEGOTIATION_RULE = "heroes: Negotiation variant"


def hero_rule(hero: dict) -> str:
    return f"heroes: Heroes ({hero['name']})"


def colony_rule(colony: dict) -> str:
    return f"heroes: Colonies ({colony['name']})"


@dataclass(eq=False)
class HeroesPlayer:
    """A player's expansion pieces. ``flipped``: the hero shows its orange side. ``shielded``:
    the disaster Odysseus covered with a coin (once a game), if any."""
    seat: int
    hero: dict
    colony: dict
    strength: int = 0
    clovers: int = 0
    mercenaries: int = 0
    flipped: bool = False
    shielded: str | None = None
    shield_uses: int = 0

    @property
    def ability(self) -> dict:
        """The hero's ability (heroes: Heroes): it goes with the hero tile, whichever side is up."""
        return self.hero["ability"]

    def has(self, kind: str) -> bool:
        return self.hero["ability"]["kind"] == kind


@dataclass
class HeroesState:
    players: list[HeroesPlayer]
    # The value printed on each face-down chit, aligned with the board game's ``state.chits``
    # (None for chits other than the Persians); kept in step by ``redraw_disaster_chit``.
    pile_values: list = field(default_factory=list)
    persian_values: list[int] = field(default_factory=list)   # revealed Persian chits, in order
    # {"attack", "persians", "players", "won"} per attack
    attacks: list[dict] = field(default_factory=list)
    redraws: int = 0                                           # chits put under the second stack
    # seat -> the rounds a redraw ability was used in
    redraw_rounds: dict = field(default_factory=dict)
    # seat -> what the civilization still owes (negotiation variant)
    negotiation: dict = field(default_factory=dict)
    conflicts: int = 0

    def by_seat(self, seat: int) -> HeroesPlayer:
        return self.players[seat]


HEROES: StashKey[HeroesState] = StashKey("heroes")


def table(game) -> HeroesState:
    """The expansion's part of ``game``'s table."""
    return game.stash[HEROES]


def hero_player(game, seat: int) -> HeroesPlayer:
    """Seat ``seat``'s expansion pieces: ``table(game).by_seat(seat)``."""
    return game.stash[HEROES].players[seat]


def clover_split(prestige: int, population: int, clovers: int, points: int) -> int:
    """How many clover leaves go to prestige (the rest to population) so that the lower total is
    as high as possible (heroes: Scoring: each clover is worth 2 prestige or 2 population points,
    the player's choice). Ties go to the fewest clovers on prestige.

    With k clovers on prestige, prestige + k * points rises with k and population + (clovers -
    k) * points falls, so the lower total is highest at the last k where prestige is still the
    lower side, or at the next k (population the lower side) when that lower total is higher."""
    if points <= 0:                     # clovers worth nothing: every split is as good
        return 0
    # each clover moved to prestige narrows the gap by its points on both sides
    narrowing = points + points
    k = (population - prestige + clovers * points) // narrowing     # last k, prestige not higher
    if k < 0:
        return 0
    if k >= clovers:
        return clovers
    return k + 1 if population + (clovers - k - 1) * points > prestige + k * points else k
