"""cardgame: Setup."""
from __future__ import annotations

from collections import Counter

from peloponnes.core.shuffling import shuffle
from peloponnes.variants.common.kept import kept_for

from .state import CATASTROPHES, COIN_SYMBOLS, CardPlayer, CardState, Placed, draw_to_hand

RULE = "cardgame: Setup"


def setup(game) -> None:
    comps = game.components
    rng = game.rng
    civs = rng.sample(comps["civilizations"], game.num_players)
    coin_pile = list(unshuffled_coin_pile(comps["coin_cards"]))    # (a copy: this game's)
    shuffle(rng, coin_pile)     # (rng.shuffle written out: see core.shuffling)
    # The pile's top is the list's end: C at the bottom, then B, then A on top.
    power_pile: list[dict] = []
    for stack in power_cards_by_era(comps["power_cards"]):
        stack = list(stack)     # a copy: shuffled for this game
        shuffle(rng, stack)
        power_pile.extend(stack)
    players = []
    for seat, civ in enumerate(civs):
        players.append(CardPlayer(seat, Placed(civ, True)))     # (True: is_civilization)
    order = sorted(range(game.num_players), key=lambda s: civs[s]["arrow"])
    game.state = CardState(players=players, order=order, power_pile=power_pile,
                           coin_pile=coin_pile, tracks=dict.fromkeys(CATASTROPHES, 1),
                           lost_cards=Counter())
    for player in players:      # the hands dealt in seat order, off the top of the pile
        draw_to_hand(game, player, civs[player.seat]["coin_cards"])     # (nothing to refill)
    game.emit("setup", RULE, civilizations=[c["id"] for c in civs], order=order,
              hands=[dict(p.hand) for p in players])


# The coin cards in component order and the power cards of each era, kept per component table
# (``common.kept``): every game's setup sorted the 48 power cards into their eras and built the
# 72 coin cards anew otherwise (as the board game's tiles_by_era).
_kept: dict[int, tuple[object, tuple]] = {}


def unshuffled_coin_pile(coin_cards: dict) -> tuple[str, ...]:
    """The coin cards of ``coin_cards`` (symbol -> count; other keys are notes), one per card,
    in the table's order."""
    return kept_for(_kept, coin_cards, _coin_pile)


def _coin_pile(coin_cards: dict) -> tuple[str, ...]:
    pile: list[str] = []
    for sym, n in coin_cards.items():
        if sym in COIN_SYMBOLS:
            pile.extend([sym] * n)
    return tuple(pile)


def power_cards_by_era(cards: list[dict]) -> tuple[tuple[dict, ...], ...]:
    """The power cards of eras C, B and A (the pile's order from the bottom), each in the
    component file's order."""
    return kept_for(_kept, cards, _by_era)


def _by_era(cards: list[dict]) -> tuple[tuple[dict, ...], ...]:
    stacks: dict[str, list[dict]] = {"C": [], "B": [], "A": []}
    for card in cards:       # (one pass, in the component file's order)
        stacks[card["era"]].append(card)
    return tuple(tuple(stack) for stack in stacks.values())
