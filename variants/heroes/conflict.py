"""heroes: Internal conflict — at each of the three supply rounds, after feeding and completing
buildings; then Tantalus may hire mercenaries."""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision

from .state import CONFLICT_RULE, HEROES, hero_rule
from .strength import halve_strength, hire_mercenaries


def default_pairs(game) -> int:
    """1 pair with 2-4 players, 2 with 5-8 (``[rules] conflict``)."""
    players = game.num_players
    pairs = None
    for row in game.components["expansion"]["rules"]["conflict"]:     # (a plain loop)
        if row["from_players"] <= players:
            pairs = row["pairs"]
    if pairs is None:
        raise IndexError(f"no [rules] conflict row for {players} players")
    return pairs


def ranking(game) -> list[int]:
    """Seats from strongest to weakest. Ties are broken by the current turn order: of two equally
    strong players the one earlier in turn order counts as the stronger (so among the weakest the
    later one is the weakest)."""
    # sorted() is stable and the seats come in turn order: ties keep it. The key, each seat's
    # Strength negated, read from a list (a C method: no Python function called per seat)
    weakness = []
    for hp in game.stash[HEROES].players:       # (table()'s lookup written out)
        weakness.append(-hp.strength)
    return sorted(game.state.order, key=weakness.__getitem__)


def internal_conflict(game, final: bool) -> Iterator[Decision]:
    ht = game.stash[HEROES]                     # (table()'s lookup written out)
    ht.conflicts += 1
    pairs = game.positional.count_conflict_pairs(game) or 0
    ranked = ranking(game)
    # nobody is both strong and weak: the strongest ``pairs`` share no seat with the weakest
    # (one set, tested against the slice: asked at every supply round)
    while pairs > 0 and not set(ranked[:pairs]).isdisjoint(ranked[-pairs:]):
        pairs -= 1
    if pairs <= 0:
        # heroes: Heroes (Tantalus): he hires "tijdens elke Verzorgingsronde", conflict or not
        yield from tantalus_hires(game)
        return
    strongest = ranked[:pairs]
    weakest = ranked[::-1][:pairs]
    strength = []
    for hp in ht.players:       # (a plain loop: no list comprehension's frame)
        strength.append(hp.strength)
    game.emit("internal_conflict", CONFLICT_RULE, strongest=strongest, weakest=weakest,
              strength=strength, final=final)
    for winner, loser in zip(strongest, weakest, strict=True):
        take(game, winner, loser)
    for seat in strongest:
        halve_strength(game, ht.players[seat], CONFLICT_RULE, "strongest in the internal conflict")
    yield from tantalus_hires(game)


def tantalus_hires(game) -> Iterator[Decision]:
    """Tantalus may hire mercenaries in every supply round, after the internal conflict."""
    players = game.stash[HEROES].players        # (table()'s lookup written out)
    for seat in list(game.state.order):
        hp = players[seat]
        if hp.ability["kind"] == "mercenaries_each_supply":     # (no has() call per seat)
            yield from hire_mercenaries(game, hp, hero_rule(hp.hero))


def take(game, winner: int, loser: int) -> None:
    """The strongest takes one clover leaf and one inhabitant from the weakest; nothing is taken
    that the weakest does not have."""
    st, players = game.state, game.stash[HEROES].players     # (table()'s lookup written out)
    hw, hl = players[winner], players[loser]    # (by_seat's lookup written out)
    clover = 1 if hl.clovers > 0 else 0
    inhabitant = 1 if st.players[loser].population > 0 else 0
    hl.clovers -= clover
    hw.clovers += clover
    st.players[loser].population -= inhabitant
    st.players[winner].population += inhabitant
    game.emit("conflict_taken", CONFLICT_RULE, seat=winner, victim=loser, clovers=clover,
              inhabitants=inhabitant)
