"""heroes: Internal conflict — at each of the three supply rounds, after feeding and completing
buildings; then Tantalus may hire mercenaries."""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision

from .state import CONFLICT_RULE, hero_rule, table
from .strength import halve_strength, hire_mercenaries


def default_pairs(game) -> int:
    """1 pair with 2-4 players, 2 with 5-8 (``[rules] conflict``)."""
    players = game.num_players
    pairs = None
    for row in game.components["expansion"]["rules"]["conflict"]:
        if row["from_players"] <= players:
            pairs = row["pairs"]
    if pairs is None:
        raise IndexError(f"no [rules] conflict row for {players} players")
    return pairs


def ranking(game) -> list[int]:
    """Seats from strongest to weakest. Ties are broken by the current turn order: of two equally
    strong players the one earlier in turn order counts as the stronger (so among the weakest the
    later one is the weakest)."""
    # sorted() is stable and the seats come in turn order: ties keep it
    players = table(game).players
    return sorted(game.state.order, key=lambda seat: -players[seat].strength)


def internal_conflict(game, final: bool) -> Iterator[Decision]:
    ht = table(game)
    ht.conflicts += 1
    pairs = game.hook.count_conflict_pairs(game=game) or 0
    ranked = ranking(game)
    # nobody is both strong and weak: the strongest ``pairs`` share no seat with the weakest
    while pairs > 0 and not set(ranked[:pairs]).isdisjoint(ranked[-pairs:]):
        pairs -= 1
    if pairs <= 0:
        # heroes: Heroes (Tantalus): he hires "tijdens elke Verzorgingsronde", conflict or not
        yield from tantalus_hires(game)
        return
    strongest = ranked[:pairs]
    weakest = ranked[::-1][:pairs]
    strength = [hp.strength for hp in ht.players]
    game.emit("internal_conflict", CONFLICT_RULE, strongest=strongest, weakest=weakest,
              strength=strength, final=final)
    for winner, loser in zip(strongest, weakest, strict=True):
        take(game, winner, loser)
    for seat in strongest:
        halve_strength(game, ht.players[seat], CONFLICT_RULE, "strongest in the internal conflict")
    yield from tantalus_hires(game)


def tantalus_hires(game) -> Iterator[Decision]:
    """Tantalus may hire mercenaries in every supply round, after the internal conflict."""
    for seat in list(game.state.order):
        hp = table(game).by_seat(seat)
        if hp.has("mercenaries_each_supply"):
            yield from hire_mercenaries(game, hp, hero_rule(hp.hero))


def take(game, winner: int, loser: int) -> None:
    """The strongest takes one clover leaf and one inhabitant from the weakest; nothing is taken
    that the weakest does not have."""
    st, ht = game.state, table(game)
    hw, hl = ht.by_seat(winner), ht.by_seat(loser)
    clover = 1 if hl.clovers > 0 else 0
    inhabitant = 1 if st.players[loser].population > 0 else 0
    hl.clovers -= clover
    hw.clovers += clover
    st.players[loser].population -= inhabitant
    st.players[winner].population += inhabitant
    game.emit("conflict_taken", CONFLICT_RULE, seat=winner, victim=loser, clovers=clover,
              inhabitants=inhabitant)
