"""cardgame: Setup."""
from __future__ import annotations

from collections import Counter

from peloponnes.core.shuffling import shuffle

from .state import CATASTROPHES, COIN_SYMBOLS, CardPlayer, CardState, Placed

RULE = "cardgame: Setup"


def setup(game) -> None:
    comps = game.components
    rng = game.rng
    civs = rng.sample(comps["civilizations"], game.num_players)
    coin_pile = []
    for sym, n in comps["coin_cards"].items():
        if sym in COIN_SYMBOLS:
            coin_pile.extend([sym] * n)
    shuffle(rng, coin_pile)     # (rng.shuffle written out: see core.shuffling)
    # The pile's top is the list's end: C at the bottom, then B, then A on top.
    stacks: dict[str, list[dict]] = {"C": [], "B": [], "A": []}
    for card in comps["power_cards"]:       # (one pass, in the component file's order)
        stacks[card["era"]].append(card)
    power_pile: list[dict] = []
    for stack in stacks.values():
        shuffle(rng, stack)
        power_pile.extend(stack)
    players = []
    for seat, civ in enumerate(civs):
        player = CardPlayer(seat, Placed(civ, True))        # (True: is_civilization)
        hand = player.hand
        for _ in range(civ["coin_cards"]):
            if coin_pile:
                card = coin_pile.pop()
                hand[card] = hand.get(card, 0) + 1      # (a Counter's [] on a miss is slower)
        players.append(player)
    order = sorted(range(game.num_players), key=lambda s: civs[s]["arrow"])
    game.state = CardState(players=players, order=order, power_pile=power_pile,
                           coin_pile=coin_pile, tracks=dict.fromkeys(CATASTROPHES, 1),
                           lost_cards=Counter())
    game.emit("setup", RULE, civilizations=[c["id"] for c in civs], order=order,
              hands=[dict(p.hand) for p in players])
