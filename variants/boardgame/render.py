"""The board game's table drawn with rich for the terminal: player mats (storehouses, coins,
population, luxury), tiles, the tiles on offer with their bids, and the disaster chits."""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

SHORT = {"wood": "W", "stone": "S", "food": "F", "coins": "c", "inhabitants": "p",
         "luxury": "L", "choice": "choice"}


def amounts(d: dict | None) -> str:
    return " ".join(f"{n}{SHORT.get(k, k)}" if k != "choice" else f"{n} choice"
                    for k, n in (d or {}).items() if n) or "-"


def tile_name(tile: dict) -> str:
    return tile.get("name") or f"land {tile['id']}"


def placed(p: dict) -> str:
    return tile_name(p["tile"]) + (" (coin-marked)" if p["marked"] else "")


def render(view: dict):
    header = Text(f"Round {view['round']} of {view['rounds']} · tiles left {view['pile']} · "
                  f"disaster chits left {view['chits_left']}", style="bold")
    chits = Text("Disaster chits revealed: " + (", ".join(
        f"{name} {n}" + (" (struck)" if name in view["fired"] else "")
        for name, n in view["chits_revealed"].items() if n) or "none"))
    players = Table(title="Player mats (in turn order)", expand=True)
    for col in ("player", "civilization", "coins", "wood/stone/food", "pop", "luxury",
                "prestige", "buildings", "lands"):
        players.add_column(col)
    for seat in view["order"]:
        p = view["players"][seat]
        me = seat == view["seat"]
        goods = "/".join(f"{p['goods'][r]}({p['storehouse'][r]})"
                         for r in ("wood", "stone", "food"))
        players.add_row(f"{'> ' if me else ''}{p['name']}", p["civilization"], str(p["coins"]),
                        goods, str(p["population"]), str(p["luxury"]), str(p["prestige"]),
                        "\n".join(placed(b) for b in p["buildings"]) or "-",
                        "\n".join(placed(b) for b in p["lands"]) or "-",
                        style="bold" if me else None)
    tiles = Table(title="Tiles on offer", expand=True)
    for col in ("#", "row", "tile", "bid", "prestige", "cost", "one-time", "per round", "bid by"):
        tiles.add_column(col)
    for slot in view["slots"]:
        t = slot["tile"]
        bid = slot["bid"]
        tiles.add_row(str(slot["index"]), "Conquest" if slot["conquest"] else "open",
                      f"{tile_name(t)} ({t['kind']})", str(t["bid"]), str(t["prestige"]),
                      amounts(t.get("cost")), amounts(t.get("one_time")),
                      amounts(t.get("income")),
                      "-" if bid is None else f"{view['players'][bid['seat']]['name']}: "
                                              f"{bid['amount']}")
    return Group(header, chits, players, tiles)
