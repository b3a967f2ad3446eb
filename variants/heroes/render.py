"""The expansion's table for the terminal: the board game's table with each player's hero,
colony, Strength, clover leaves and mercenaries as extra columns, and a line on the Persians.
Same layouts as the board game's (``compact``, ``full``, ``legend``)."""
from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from peloponnes.variants.boardgame import render as board
from peloponnes.variants.common.render import add_plain_row
from peloponnes.variants.common.words import count

LEGEND = [*board.LEGEND,
          ("hero*", "the player's hero; * once the Persians turned it to the orange side"),
          ("Str", "Strength against the Persians and in the internal conflict"),
          ("clv / merc", "clover leaves and mercenaries"),
          ("Persians", "chits revealed (their values), the chit that brings the next attack")]


def _extra(p: dict) -> list[tuple[str, str]]:
    return [("hero", p["hero"] + ("*" if p["flipped"] else "")), ("colony", p["colony"]),
            ("Str", str(p["strength"])), ("clv", str(p["clovers"])),
            ("merc", str(p["mercenaries"]))]


def render(view: dict, layout: str = "compact"):
    if layout == "legend":
        return board.legend(LEGEND)
    full = layout == "full"
    h = view["heroes"]
    persians = Text(f"Persians: {count(h['persian_chits_revealed'], 'chit')} revealed (values "
                    f"{', '.join(map(str, h['persian_values'])) or '-'}); next attack on chit"
                    f" {h['next_attack_on'] or '-'}; table Strength {h['table_strength']}")
    if not full:
        return Group(board.header(view), persians, board.players_table(view, full, _extra),
                     Text(""), board.offer_table(view, full), board.footer())
    heroes = Table(box=box.SIMPLE_HEAD, title="Heroes and colonies in turn order")
    for col in ("seat", "player", *(heading for heading, _ in _extra(view["players"][0]))):
        heroes.add_column(col)
    for seat in view["order"]:
        p = view["players"][seat]
        add_plain_row(heroes, f"{'>' if seat == view['seat'] else ' '}{seat + 1}", p["name"],
                      *(text for _, text in _extra(p)),
                      style="bold" if seat == view["seat"] else None)
    return Group(board.header(view), persians, board.players_table(view, full), heroes,
                 board.offer_table(view, full), board.legend(LEGEND))
