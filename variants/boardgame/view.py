"""What one seat sees. In the board game everything on the table is public (coins, storehouses,
tiles, face-up chits); hidden are only the order of the face-down tile pile and disaster chits,
of which a seat sees how many are left."""
from __future__ import annotations

from .state import RESOURCES, BoardPlayer, Placed


def placed_view(p: Placed) -> dict:
    return {"id": p.id, "name": p.name, "kind": p.kind, "tile": p.tile, "marked": p.marked}


def player_view(game, player: BoardPlayer, scored: bool = False) -> dict:
    civ = player.civilization
    out = {
        "seat": player.seat,
        "name": game.seats[player.seat].name,
        "civilization": civ["name"],
        "civilization_tile": civ,
        "coins": player.coins,
        "goods": dict(player.goods),
        "storehouse": dict(player.mat["storehouse"]),
        "mat": {k: v for k, v in player.mat.items() if k != "income"},
        "population": player.population,
        "luxury": player.luxury,
        "buildings": [placed_view(p) for p in player.buildings],
        "lands": [placed_view(p) for p in player.lands],
        "prestige": player.tile_prestige(),
        "income": round_income_of(player),
    }
    if scored:
        out["score"] = score_now(game, player.seat)
    return out


def score_now(game, seat: int) -> dict:
    """The seat's score were the game to end now (everything it counts is public): the
    population and power (prestige) totals and the lower of the two, which counts."""
    score = game.hook.score_seat(game=game, seat=seat)
    return {"population": score.details.get("population"), "power": score.details.get("power"),
            "value": score.value}


def round_income_of(player: BoardPlayer) -> dict:
    """The per-round income printed on the player's tiles and civilization (choices counted
    apart; coins by population not included)."""
    total = dict.fromkeys((*RESOURCES, "coins", "choice", "inhabitants"), 0)
    for source in [p.tile["income"] for p in player.tiles()] + [player.civilization["income"]]:
        for key, n in source.items():
            total[key] += n
    return total


def view(game, seat: int) -> dict:
    """``players[i]["score"]`` (the score so far) only where a person looks (a human seat):
    the bots do not read it."""
    st = game.state
    scored = game.seats[seat].agent == "human"
    rules = game.components["rules"]
    return {
        "variant": "boardgame",
        "seat": seat,
        "round": game.round,
        "rounds": st.rounds,
        "final_round_income": bool(game.options.get("final_round_income")),
        "order": list(st.order),
        "me": player_view(game, st.players[seat], scored),
        "players": [player_view(game, p, scored) for p in st.players],
        "slots": [{"index": s.index, "tile": s.card, "conquest": s.conquest,
                   "bid": None if s.bid is None else {"seat": s.bid.seat, "amount": s.bid.amount}}
                  for s in st.slots],
        "moving": (None if st.auction is None or st.auction.moving is None else
                   {"seat": st.auction.moving.seat, "amount": st.auction.moving.amount}),
        "chits_revealed": dict(st.revealed),
        "chits_left": len(st.chits),
        "disasters": {name: d["fire_on"] for name, d in game.components["disasters"].items()},
        "fired": list(st.fired),
        "pile": len(st.pile),
        "supply_tiles_left": sum(1 for t in st.pile if t["supply"]),
        "supply_rounds": st.supply_rounds,
        "rules": {k: rules[k] for k in ("conquest_surcharge", "pass_coins", "withdraw_coins",
                                        "mark_coins", "food_per_inhabitant")},
    }
