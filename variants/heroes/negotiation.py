"""heroes: Negotiation variant (scenario option ``negotiation = true``): setup phases before
round 1.

1. Each player has his civilization and only its starting coins; turn order by the number on the
   civilization tile (the board game's setup).
2. Colonies and heroes are dealt; the heroes' extra goods wait.
3. In turn, each player may offer coins to another player for that player's colony: accepted,
   the coins change hands and the colonies swap; refused, nothing changes and the next player
   may offer.
4. The same for the heroes (A offers 2 coins to swap his Ariadne for B's Daedalus).
5. Every player receives the civilization's goods and inhabitants and what his hero tile shows.

An offer is three small decisions: to whom (or nobody), how many coins (0 to all the offerer's
coins), and the other player's accept or refuse.
"""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision, Option, Phase

from .setup import colony_order, give_withheld, swap_colonies, swap_heroes
from .state import NEGOTIATION_RULE, table

COLONY_RULE = f"{NEGOTIATION_RULE} (colonies)"
HERO_RULE = f"{NEGOTIATION_RULE} (heroes)"


def _colony(game, seat: int) -> dict:
    return table(game).by_seat(seat).colony


def _hero(game, seat: int) -> dict:
    return table(game).by_seat(seat).hero


def offers(game, what: str, piece, swap, rule: str) -> Iterator[Decision]:
    st = game.state
    for seat in list(st.order):
        player = st.players[seat]
        options = [Option("none", "Make no offer", key="0")]
        for other in st.order:
            if other != seat:     # typed as the seat's number on the table
                options.append(Option(f"seat:{other}", f"Offer for {game.seats[other].name}'s"
                                      f" {piece(game, other)['name']} (yours:"
                                      f" {piece(game, seat)['name']})", other,
                                      key=str(other + 1)))
        target = (yield Decision(seat, f"offer_{what}", f"Offer coins for another player's"
                                 f" {what}?", tuple(options), rule)).value
        if target is None:
            continue
        amounts = tuple(Option(str(k), f"Offer {k} coins", k, key=str(k))
                        for k in range(player.coins + 1))
        coins = (yield Decision(seat, f"offer_{what}_coins", f"How many coins for"
                                f" {piece(game, target)['name']}?", amounts, rule)).value
        mine, theirs = piece(game, seat)["name"], piece(game, target)["name"]
        answer = yield Decision(target, f"accept_{what}", f"{game.seats[seat].name} offers"
                                f" {coins} coins to swap your {theirs} for {mine}",
                                (Option("accept", f"Accept: take {coins} coins and {mine}",
                                        {"from": seat, "coins": coins}),
                                 Option("refuse", f"Refuse: keep {theirs}",
                                        {"from": seat, "coins": coins})), rule)
        accepted = answer.id == "accept"
        game.emit("offer", rule, seat=seat, to=target, what=what, coins=coins,
                  accepted=accepted)
        if accepted:
            player.coins -= coins
            st.players[target].coins += coins
            swap(game, seat, target)


def colony_offers(game) -> Iterator[Decision]:
    yield from offers(game, "colony", _colony, swap_colonies, COLONY_RULE)


def hero_offers(game) -> Iterator[Decision]:
    yield from offers(game, "hero", _hero, swap_heroes, HERO_RULE)


def hero_goods(game) -> None:
    """Step 5, then the colonies' turn-order rules apply to the first round."""
    st = game.state
    for hp in table(game).players:
        give_withheld(game, hp)
    # heroes: Negotiation variant: the turn order is the civilization numbers' (step 1), then
    # the colonies held after the offers (Miletus first, Apollonia last) — not the order the
    # colonies dealt before the offers made.
    civ_order = sorted(st.order, key=lambda s: st.players[s].civilization["number"])
    st.order = colony_order(game, civ_order)
    game.emit("negotiation_over", NEGOTIATION_RULE, order=list(st.order),
              colonies=[hp.colony["id"] for hp in table(game).players],
              heroes=[hp.hero["id"] for hp in table(game).players])


PHASES = [
    Phase("colony_offers", colony_offers, COLONY_RULE),
    Phase("hero_offers", hero_offers, HERO_RULE),
    Phase("hero_goods", hero_goods, NEGOTIATION_RULE),
]
