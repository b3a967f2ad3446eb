"""What one seat sees of the expansion: everything is public (heroes, colonies, Strength, clover
leaves, mercenaries, the revealed Persian chits); hidden are only the face-down chits' values."""
from __future__ import annotations

from .state import table


def hero_view(game, hp) -> dict:
    return {
        "hero": hp.hero["name"],
        "hero_id": hp.hero["id"],
        "hero_tile": hp.hero,
        "flipped": hp.flipped,
        "colony": hp.colony["name"],
        "colony_id": hp.colony["id"],
        "colony_board": hp.colony,
        "strength": hp.strength,
        "clovers": hp.clovers,
        "mercenaries": hp.mercenaries,
        "shield_used": hp.shield_uses,
    }


def extend(game, seat: int, view: dict) -> dict:
    """The board game's view plus the expansion's pieces, in each player's entry and in "me"."""
    ht = table(game)
    exp = game.components["expansion"]
    view["variant"] = "heroes"
    view["final_round_income"] = True           # heroes: End of game (final income)
    for entry in view["players"]:
        entry.update(hero_view(game, ht.by_seat(entry["seat"])))
    view["me"].update(hero_view(game, ht.by_seat(seat)))
    disaster = exp["persians"]["disaster"]
    fire_on = game.components["disasters"][disaster]["fire_on"]
    revealed = game.state.revealed[disaster]
    upcoming = [n for n in fire_on if n > revealed]
    view["heroes"] = {
        "rules": dict(exp["rules"]),
        "persians": disaster,
        "persian_values": list(ht.persian_values),
        "persian_chits_revealed": revealed,
        "persian_chits_left": len(exp["persian_chits"]["values"]) - revealed,
        "persian_chit_values": sorted(exp["persian_chits"]["values"]),
        "next_attack_on": upcoming[0] if upcoming else None,
        "attacks": [dict(a) for a in ht.attacks],
        "table_strength": sum(hp.strength for hp in ht.players),
        "negotiation": bool(game.options.get("negotiation")),
    }
    return view
