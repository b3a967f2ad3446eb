"""What the expansion reports on a game: its invariants (checked after every decision in the
conformance runs) and its metrics."""
from __future__ import annotations

from .persians import persian_disaster
from .state import HEROES, table


def invariants(game) -> list[str]:
    """The expansion's invariants (``HeroesPlugin.check_invariants`` names them), each broken
    one described."""
    if HEROES not in game.stash or game.state is None:
        return []
    st, ht = game.state, table(game)
    rules = game.components["expansion"]["rules"]
    problems = []
    cap = rules["strength_cap"]
    for hp in ht.players:
        if not 0 <= hp.strength <= cap:
            problems.append(f"seat {hp.seat}: Strength {hp.strength} outside 0..{cap}")
        if hp.clovers < 0:
            problems.append(f"seat {hp.seat}: {hp.clovers} clover leaves")
        if hp.mercenaries < 0:
            problems.append(f"seat {hp.seat}: {hp.mercenaries} mercenaries")
    clovers = sum(hp.clovers for hp in ht.players)
    if clovers != rules["clovers"] * game.num_players:
        problems.append(f"clover leaves not conserved: {clovers}")
    persians = persian_disaster(game)
    if len(ht.pile_values) != len(st.chits) or any(
            (v is not None) != (c == persians)
            for v, c in zip(ht.pile_values, st.chits, strict=True)):
        problems.append("Persian chit values out of step with the chit pile")
    if len(ht.persian_values) != st.revealed[persians]:
        problems.append(f"{len(ht.persian_values)} Persian values for {st.revealed[persians]}"
                        " revealed Persian chits")
    values = ht.persian_values + [v for v in ht.pile_values if v is not None]
    if sorted(values) != sorted(game.components["expansion"]["persian_chits"]["values"]):
        problems.append("Persian chit values not conserved")
    return problems


def metrics(game) -> dict:
    ht = table(game)
    n = game.num_players
    return {
        "persian_attacks_won": sum(1 for a in ht.attacks if a["won"]),
        "persian_attacks_lost": sum(1 for a in ht.attacks if not a["won"]),
        "mercenaries": sum(hp.mercenaries for hp in ht.players) / n,
        "strength": sum(hp.strength for hp in ht.players) / n,
        "heroes_flipped": sum(1 for hp in ht.players if hp.flipped) / n,
        "chits_put_under": ht.redraws,
    }


def describe_metrics() -> dict:
    return {
        "persian_attacks_won": {"meaning": "Persian attacks the seats repelled in a game",
                                "unit": "attacks"},
        "persian_attacks_lost": {"meaning": "Persian attacks that got through in a game",
                                 "unit": "attacks"},
        "mercenaries": {"meaning": "mercenaries a seat holds at the end, mean over seats",
                        "unit": "mercenaries"},
        "strength": {"meaning": "a seat's Strength at the end, mean over seats",
                     "unit": "strength"},
        "heroes_flipped": {"meaning": "share of seats whose hero was flipped",
                           "unit": "share of seats"},
        "chits_put_under": {"meaning": "disaster chits put back under the stack",
                            "unit": "chits"},
    }
