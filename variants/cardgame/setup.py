"""cardgame: Setup."""
from __future__ import annotations

from collections import Counter

from .state import CATASTROPHES, COIN_SYMBOLS, CardPlayer, CardState, Placed, draw_to_hand

RULE = "cardgame: Setup"


def setup(game) -> None:
    comps = game.components
    rng = game.rng
    civs = rng.sample(comps["civilizations"], game.num_players)
    coin_pile = unshuffled_coin_pile(comps["coin_cards"])
    rng.shuffle(coin_pile)
    # The pile's top is the list's end: C at the bottom, then B, then A on top.
    power_pile: list[dict] = []
    for stack in power_cards_by_era(comps["power_cards"]):
        rng.shuffle(stack)
        power_pile.extend(stack)
    players = [CardPlayer(seat, Placed(civ, is_civilization=True))
               for seat, civ in enumerate(civs)]
    order = sorted(range(game.num_players), key=lambda s: civs[s]["arrow"])
    game.state = CardState(players=players, order=order, power_pile=power_pile,
                           coin_pile=coin_pile, tracks=dict.fromkeys(CATASTROPHES, 1),
                           lost_cards=Counter())
    for player in players:      # the hands dealt in seat order, off the top of the pile
        draw_to_hand(game, player, civs[player.seat]["coin_cards"])
    game.emit("setup", RULE, civilizations=[c["id"] for c in civs], order=order,
              hands=[dict(p.hand) for p in players])


def unshuffled_coin_pile(coin_cards: dict) -> list[str]:
    """The coin cards of ``coin_cards`` (symbol -> count; other keys are notes), one per card,
    in the table's order."""
    return [sym for sym, n in coin_cards.items() if sym in COIN_SYMBOLS for _ in range(n)]


def power_cards_by_era(cards: list[dict]) -> list[list[dict]]:
    """The power cards of eras C, B and A (the pile's order from the bottom), each in the
    component file's order."""
    stacks: dict[str, list[dict]] = {"C": [], "B": [], "A": []}
    for card in cards:
        stacks[card["era"]].append(card)
    return list(stacks.values())
