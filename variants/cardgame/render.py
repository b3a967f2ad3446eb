"""The card game's table drawn with rich for the terminal (a seat's view only: its own hand,
the others' hand sizes)."""
from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text


def _card(p: dict) -> str:
    card = p["card"]
    bits = [card["name"]]
    if p["under_construction"]:
        bits.append("(under construction)")
    if p["covered_by"]:
        bits.append(f"[covered: {p['covered_by']}]")
    return " ".join(bits)


def _production(prod: dict) -> str:
    return " ".join(f"{n}{r[0].upper()}" for r, n in prod.items() if n) or "-"


def render(view: dict):
    header = Text(f"Round {view['round']} of {view['rounds']} · coin pile {view['coin_pile']}"
                  f" · discard {view['coin_discard']} · power cards left {view['power_pile']}",
                  style="bold")
    tracks = Text("Catastrophes: " + ", ".join(
        f"{cat} {space}/{view['track_lengths'][cat]}" + (" (occurred)" if cat in view["fired"]
                                                        else "")
        for cat, space in view["tracks"].items()))
    players = Table(title="Players (in turn order)", expand=True)
    for col in ("seat", "civilization", "buildings", "landscapes", "pop", "power",
                "production", "luxury", "hand"):
        players.add_column(col)
    for seat in view["order"]:
        p = view["players"][seat]
        me = seat == view["seat"]
        hand = (", ".join(f"{n} {s}" for s, n in sorted(p["hand"].items())) or "empty") if me \
            else f"{p['hand_size']} cards"
        players.add_row(f"{'> ' if me else ''}{p['name']}", p["civilization"] or "(lost)",
                        "\n".join(_card(b) for b in p["buildings"]) or "-",
                        "\n".join(_card(b) for b in p["landscapes"]) or "-",
                        str(p["population"]), str(p["power"]), _production(p["production"]),
                        f"{p['luxury']}/{p['luxury_cap']} ({p['luxury_card']})", hand,
                        style="bold" if me else None)
    cards = Table(title="Power cards on offer", expand=True)
    for col in ("#", "row", "card", "value", "pop", "power", "production", "cost", "bid"):
        cards.add_column(col)
    for slot in view["slots"]:
        c = slot["card"]
        bid = slot["bid"]
        cards.add_row(str(slot["index"]), "Conquest" if slot["conquest"] else "open",
                      f"{c['name']} ({c['kind']})", str(c["value"]), str(c["inhabitants"]),
                      str(c["power"]), _production(c["production"]),
                      _production(c.get("cost", {})),
                      "-" if bid is None
                      else f"{view['players'][bid['seat']]['name']}: {bid['amount']}")
    return Group(header, tracks, players, cards)
