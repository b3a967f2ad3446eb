"""The board game's table drawn with rich for the terminal: player mats (storehouses, coins,
population, luxury, the score so far), tiles, the tiles on offer with their bids, and the
disaster chits. ``compact`` fits a 100x30 terminal with the menu below it; ``full`` lists every
tile; ``legend`` explains the abbreviations. Seats are numbered from 1, and the tiles on offer
carry the numbers the bidding menu uses."""
from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from peloponnes.variants.common.render import add_plain_row

from .state import tile_name

SHORT = {"wood": "W", "stone": "S", "food": "F", "coins": "c", "inhabitants": "p",
         "luxury": "L", "choice": "choice"}

LEGEND = [
    ("seat", "a player's seat number, the same all game; the players are listed in turn order"
             " (who bids first at the top)"),
    (">", "you"),
    ("#", "tiles on offer: the number you type to bid on that tile"),
    ("W/S/F 3/0/5", "wood, stone, food in the storehouses; the full table (f) adds each"
                    " storehouse's capacity: 3(10)"),
    ("pop / pts", "inhabitants / population points (inhabitants x points per inhabitant)"),
    ("PP", "prestige points: the tiles' prestige plus 1 per 3 coins"),
    ("score", "the lower of population points and prestige: what counts at the end"),
    ("2W 1S 3F 4c 2p 1L", "wood, stone, food, coins, inhabitants (p), luxury goods (L)"),
    ("-2p", "a cost in inhabitants; 1 choice: one resource of your choice"),
    ("bid 3 +1/2", "the tile's minimum bid; +1/2: your bids count half a coin higher"),
    ("Conq", "the Conquest row: costs more and cannot be outbid"),
    ("(marked)", "a building reserved with a coin, completed at the next supply round"),
]


def amounts(d: dict | None) -> str:
    return " ".join(f"{n}{SHORT.get(k, k)}" if k != "choice" else f"{n} choice"
                    for k, n in (d or {}).items() if n) or "-"


def placed(p: dict) -> str:
    return tile_name(p["tile"]) + (" (marked)" if p["marked"] else "")


def header(view: dict) -> Group:
    chits = ", ".join(f"{name} {n}" + (" (struck)" if name in view["fired"] else "")
                      for name, n in view["chits_revealed"].items() if n) or "none"
    return Group(Text(f"Round {view['round']} of {view['rounds']} · tiles left {view['pile']}"
                      f" · disaster chits left {view['chits_left']}", style="bold"),
                 Text(f"Disaster chits revealed: {chits}"))


WIDTHS = {"player": 10, "civ": 9, "hero": 12, "colony": 10}   # compact: longer names are cut


def players_table(view: dict, full: bool, extra=None) -> Table:
    """One row per player in turn order; ``extra(p)`` adds the columns an expansion needs
    (a list of (heading, text) pairs). Compact: goods without capacities, names cut to fit,
    tiles listed only while there is room (with ``extra``, counted)."""
    table = Table(box=box.SIMPLE_HEAD if full else None, pad_edge=False,
                  padding=(0, 1) if full else (0, 1, 0, 0),
                  title="Player mats in turn order", title_justify="left")
    first = view["players"][view["order"][0]]
    columns = ["seat", "player", "civ", "coins", "W/S/F", "pop", "pts", "lux", "PP", "score"]
    columns += [h for h, _ in (extra(first) if extra else [])] + ["tiles"]
    for col in columns:
        width = None if full else WIDTHS.get(col, 26 if col == "tiles" else None)
        table.add_column(col, no_wrap=not full or col != "tiles", overflow="ellipsis",
                         max_width=width)
    for seat in view["order"]:
        p = view["players"][seat]
        me = seat == view["seat"]
        if full:
            goods = " ".join(f"{p['goods'][r]}({p['storehouse'][r]})"
                             for r in ("wood", "stone", "food"))
        else:
            goods = "/".join(str(p["goods"][r]) for r in ("wood", "stone", "food"))
        score = p.get("score") or dict.fromkeys(("population", "power", "value"), "-")
        tiles = [placed(b) for b in p["buildings"]] + [placed(b) for b in p["lands"]]
        listed = ("\n" if full else ", ").join(tiles) or "-"
        if extra and not full:
            listed = str(len(tiles))
        add_plain_row(table, f"{'>' if me else ' '}{seat + 1}", p["name"], p["civilization"],
                      p["coins"], goods, p["population"], score["population"], p["luxury"],
                      score["power"], score["value"],
                      *[text for _, text in (extra(p) if extra else [])], listed,
                      style="bold" if me else None)
    return table


def offer_table(view: dict, full: bool) -> Table:
    table = Table(box=box.SIMPLE_HEAD if full else None, pad_edge=False,
                  title="Tiles on offer" if full else None)
    for col in ("#", "row", "tile", "bid", "PP", "cost", "once", "each round", "bid by"):
        table.add_column(col, no_wrap=not full, overflow="ellipsis")
    for slot in view["slots"]:
        t = slot["tile"]
        bid = slot["bid"]
        add_plain_row(table, str(slot["index"] + 1), "Conq" if slot["conquest"] else "open",
                      f"{tile_name(t)} ({t['kind']})",
                      f"{t['bid']}{' +1/2' if t.get('bid_bonus_halves') else ''}",
                      str(t["prestige"]), amounts(t.get("cost")), amounts(t.get("one_time")),
                      amounts(t.get("income")),
                      "-" if bid is None else f"{view['players'][bid['seat']]['name']}: "
                                              f"{bid['amount']}")
    return table


def legend(entries=LEGEND) -> Table:
    table = Table(box=None, show_header=False, title="Legend", pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key, text in entries:
        add_plain_row(table, key, text)
    return table


def footer() -> Text:
    return Text("v table · f full table · l legend · ? commands", style="dim")


def render(view: dict, layout: str = "compact"):
    if layout == "legend":
        return legend()
    full = layout == "full"
    parts = [header(view), players_table(view, full), Text(""), offer_table(view, full)]
    parts.append(legend() if full else footer())
    return Group(*parts)
