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
    the disaster Odysseus covered with a coin (once a game), if any. ``ability``: the hero's
    ability (``hero["ability"]``), an attribute rather than a property because the expansion's
    hooks read it some 270 times a game: give a seat another hero with ``set_hero``, which keeps
    the two in step (``check_invariants`` checks they are)."""
    seat: int
    hero: dict
    colony: dict
    strength: int = 0
    clovers: int = 0
    mercenaries: int = 0
    flipped: bool = False
    shielded: str | None = None
    shield_uses: int = 0
    ability: dict = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.ability = self.hero["ability"]

    def set_hero(self, hero: dict) -> None:
        """The seat's hero is now ``hero`` (negotiation variant: heroes change hands)."""
        self.hero = hero
        self.ability = hero["ability"]

    def has(self, kind: str) -> bool:
        return self.ability["kind"] == kind


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
    """``table(game).by_seat(seat)`` in one call: the expansion's hooks ask for a seat's pieces
    several hundred times a game."""
    return game.stash[HEROES].players[seat]


def clover_split(prestige: int, population: int, clovers: int, points: int) -> int:
    """How many clover leaves go to prestige (the rest to population) so that the lower total is
    as high as possible (heroes: Scoring: each clover is worth 2 prestige or 2 population points,
    the player's choice). Ties go to the fewest clovers on prestige.

    Worked out rather than tried one by one (the standing scores every seat every round): with k
    clovers on prestige, prestige + k * points rises and population + (clovers - k) * points
    falls, so the lower total is highest at the last k where prestige is still the lower one, or
    at the k after it when population is then higher than that (``clover_split_by_trial``)."""
    if points <= 0:
        return clover_split_by_trial(prestige, population, clovers, points)
    step = points + points      # one clover moved to prestige narrows the gap by this much
    k = (population - prestige + clovers * points) // step  # the last k, prestige not higher
    if k < 0:
        return 0
    if k >= clovers:
        return clovers
    after = population + (clovers - k - 1) * points     # the lower total with k + 1 clovers
    return k + 1 if after > prestige + k * points else k


def clover_split_by_trial(prestige: int, population: int, clovers: int, points: int) -> int:
    """``clover_split`` trying every split (for clovers worth no points, and for tests)."""
    best, best_low = 0, None
    for k in range(clovers + 1):
        low = min(prestige + k * points, population + (clovers - k) * points)
        if best_low is None or low > best_low:
            best, best_low = k, low
    return best
