"""What one seat sees: its own hand, everybody's tableau and luxury, the hand *sizes* of the
others, the revealed cards with their bids, the catastrophe tracks and the piles' sizes."""
from __future__ import annotations

from .state import CardPlayer, Placed, luxury_cap


def placed_view(p: Placed) -> dict:
    card = p.card
    return {"id": card["id"], "name": card["name"], "kind": p.kind, "card": card,
            "under_construction": p.under is not None,
            "covered_by": p.cover[1] if p.cover else None}


def player_view(game, player: CardPlayer, own: bool) -> dict:
    civ = player.civilization
    production, population, power = player.tableau_totals()
    out = {
        "seat": player.seat,
        "name": game.seats[player.seat].name,
        "civilization": civ.card["name"] if civ else None,
        "buildings": [placed_view(p) for p in player.buildings],
        "landscapes": [placed_view(p) for p in player.landscapes],
        "civilization_card": placed_view(civ) if civ else None,
        "luxury": player.luxury,
        "luxury_cap": luxury_cap(game, player),
        "luxury_card": player.luxury_card,
        "hand_size": player.hand_size(),
        "population": population,
        "power": power,
        "production": production,
    }
    if own:
        out["hand"] = dict(player.hand)
    return out


def slots_view(game) -> list[dict]:
    return [{"index": s.index, "card": s.card, "conquest": s.conquest,
             "bid": None if s.bid is None else {"seat": s.bid.seat, "amount": s.bid.amount}}
            for s in game.state.slots]


def view_part(game, seat: int, key: str):
    """One entry of ``view(game, seat)``, built alone (the ``view_part_for_seat`` hook): those
    the heuristic bot reads (its own player, the cards on offer, the round); None for the
    others, which come with the whole view."""
    if key == "me":
        return player_view(game, game.state.players[seat], own=True)
    if key == "slots":
        return slots_view(game)
    if key == "round":
        return game.round
    if key == "rounds":
        return game.components["rules"]["rounds"]
    return None


def view(game, seat: int) -> dict:
    st = game.state
    players = [player_view(game, p, own=p.seat == seat) for p in st.players]
    return {
        "variant": "cardgame",
        "seat": seat,
        "round": game.round,
        "rounds": game.components["rules"]["rounds"],
        "order": list(st.order),
        "me": players[seat],
        "players": players,
        "slots": slots_view(game),
        "tracks": dict(st.tracks),
        "track_lengths": {k: v for k, v in game.components["catastrophe_tracks"].items()
                          if isinstance(v, int)},
        "fired": list(st.fired),
        "coin_pile": len(st.coin_pile),
        "coin_discard": len(st.coin_discard),
        "power_pile": len(st.power_pile),
    }
