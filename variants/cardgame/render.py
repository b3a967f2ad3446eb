"""The card game's table drawn with rich for the terminal (a seat's view only: its own hand,
the others' hand sizes). ``compact`` fits a 100x30 terminal with the menu below it; ``full``
lists every card; ``legend`` explains the abbreviations. Seats are numbered from 1, and the
cards on offer carry the numbers the bidding menu uses."""
from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from peloponnes.variants.common.render import add_plain_row
from peloponnes.variants.common.words import count

LEGEND = [
    ("seat", "a player's seat number, the same all game; the players are listed in turn order"
             " (who bids first at the top)"),
    (">", "you"),
    ("#", "cards on offer: the number you type to bid on that card"),
    ("pop / pow", "population and power of the cards on the table (civilization included)"),
    ("score", "the lower of pop and pow: what counts at the end (the luxury card, leftover"
              " coin cards and luxury goods are added then)"),
    ("lux 3/17", "luxury goods / the most the luxury card holds; (covered) after a Decline"
                 " covered it, (removed) when it is gone"),
    ("1W 2S 3G", "wood, stone, grain produced each round (prod) or needed to build (cost)"),
    ("hand", "your coin cards by the symbol on their back (I = inhabitant); for the others,"
             " how many they hold. Menus number the symbols the same all game: 1 grain,"
             " 2 inhabitant, 3 stone, 4 wood (`i coin` explains coin cards)"),
    ("(B) (L)", "a building or a landscape"),
    ("Conq", "the Conquest row: costs the card's value +3 and cannot be outbid"),
    ("plague 2/5", "catastrophe track: marker space / the space where it strikes; (struck)"
                   " once it has"),
]


# Above the players: the rows are in turn order, not by seat number.
TURN_ORDER_TITLE = "Players in turn order"


def _short(prod: dict) -> str:
    return " ".join(f"{n}{r[0].upper()}" for r, n in prod.items() if n) or "-"


def _card(p: dict) -> str:
    bits = [p["card"]["name"]]
    if p["under_construction"]:
        bits.append("(under construction)")
    if p["covered_by"]:
        bits.append("(covered)")
    return " ".join(bits)


def _luxury(p: dict) -> str:
    state = "" if p["luxury_card"] == "intact" else f" ({p['luxury_card']})"
    return f"{p['luxury']}/{p['luxury_cap']}{state}"


def _hand(p: dict, me: bool) -> str:
    if not me:
        return count(p["hand_size"], "card")
    return " ".join(f"{n}{s[0].upper()}" for s, n in sorted(p["hand"].items()) if n) or "empty"


def _header(view: dict) -> Group:
    tracks = ", ".join(f"{cat} {space}/{view['track_lengths'][cat]}"
                       + (" (struck)" if cat in view["fired"] else "")
                       for cat, space in view["tracks"].items())
    return Group(Text(f"Round {view['round']} of {view['rounds']} · coin pile"
                      f" {view['coin_pile']} (discard {view['coin_discard']}) · power cards"
                      f" left {view['power_pile']}", style="bold"),
                 Text(f"Catastrophes: {tracks}"))


def _players(view: dict, full: bool) -> Table:
    columns = ("seat", "player", "civ", "pop", "pow", "score", "lux", "prod", "hand", "cards")
    rows = []
    for seat in view["order"]:
        p = view["players"][seat]
        me = seat == view["seat"]
        cards = [_card(b) for b in p["buildings"]] + [_card(b) for b in p["landscapes"]]
        rows.append(([f"{'>' if me else ' '}{seat + 1}", p["name"], p["civilization"] or "-",
                      str(p["population"]), str(p["power"]),
                      str(min(p["population"], p["power"])), _luxury(p),
                      _short(p["production"]), _hand(p, me),
                      ("\n" if full else ", ").join(cards) or "-"], me))
    table = Table(box=box.SIMPLE_HEAD if full else None, pad_edge=False, expand=False,
                  title=TURN_ORDER_TITLE, title_justify="left")
    for i, col in enumerate(columns):
        # the compact table keeps every column whole but the list of cards, which gives way
        # when the terminal is narrow
        whole = None if full or col == "cards" else max(len(col), *(len(r[i]) for r, _ in rows))
        table.add_column(col, no_wrap=not full, overflow="ellipsis", min_width=whole,
                         max_width=None if full or col != "cards" else 26)
    for cells, me in rows:
        add_plain_row(table, *cells, style="bold" if me else None)
    return table


def _offer(view: dict, full: bool) -> Table:
    table = Table(box=box.SIMPLE_HEAD if full else None, pad_edge=False,
                  title="Power cards on offer" if full else None)
    for col in ("#", "row", "card", "val", "pop", "pow", "prod", "cost", "bid"):
        table.add_column(col, no_wrap=not full, overflow="ellipsis")
    for slot in view["slots"]:
        c = slot["card"]
        bid = slot["bid"]
        add_plain_row(table, str(slot["index"] + 1), "Conq" if slot["conquest"] else "open",
                      f"{c['name']} ({c['kind'][0].upper()})", str(c["value"]),
                      str(c["inhabitants"]), str(c["power"]), _short(c["production"]),
                      _short(c.get("cost", {})),
                      "-" if bid is None else f"{view['players'][bid['seat']]['name']}:"
                                              f" {bid['amount']}")
    return table


def legend() -> Table:
    table = Table(box=None, show_header=False, title="Legend", pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for key, text in LEGEND:
        add_plain_row(table, key, text)
    return table


def render(view: dict, layout: str = "compact"):
    if layout == "legend":
        return legend()
    full = layout == "full"
    parts = [_header(view), _players(view, full), Text(""), _offer(view, full)]
    if full:
        parts.append(legend())
    else:
        parts.append(Text("v table · f full table · l legend · ? commands", style="dim"))
    return Group(*parts)
