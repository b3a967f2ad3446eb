"""Paying with coin cards and luxury goods (cardgame Luxury Goods: "each luxury good you use is
worth 1 of whatever you are missing"; traded for coin cards drawn blind from the pile, only when
the hand cannot pay)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from peloponnes.core import Decision, Option

from .state import CardPlayer, discard_from_hand, draw_coin, take_from_hand

LUXURY_RULE = "cardgame: Luxury Goods"


def blind_draws_possible(game, player: CardPlayer) -> int:
    st = game.state
    return min(player.luxury, len(st.coin_pile) + len(st.coin_discard))


def coin_funds(game, player: CardPlayer) -> int:
    """Coin cards the player can put into a bid: the hand plus luxury goods traded blind."""
    return player.hand_size() + blind_draws_possible(game, player)


def blind_draw(game, player: CardPlayer, why: str) -> str:
    player.luxury -= 1
    card = draw_coin(game)
    game.emit("luxury_traded", LUXURY_RULE, seat=player.seat, for_=why)
    return card


def choose_coin_card(game, player: CardPlayer, prompt: str, kind: str, rule: str
                     ) -> Iterator[Decision]:
    """Take one coin card out of the hand (any symbol, the player's choice), or, with an empty
    hand, trade a luxury good for one drawn blind. Returns the card's symbol or None."""
    if not player.hand:
        if blind_draws_possible(game, player):
            return blind_draw(game, player, kind)
        return None
    options = tuple(Option(sym, f"coin card showing {sym} ({n} in hand)", sym)
                    for sym, n in sorted(player.hand.items()))
    answer = yield Decision(player.seat, kind, prompt, options, rule)
    return take_from_hand(player, answer.value)


def pay_coin_cards(game, player: CardPlayer, amount: int, rule: str) -> Iterator[Decision]:
    """Take ``amount`` coin cards for a bid: chosen from the hand one by one (they leave the hand
    together, once all are chosen); when the hand is not enough, all of it plus luxury goods
    traded for blind draws. Returns the cards."""
    paid: list[str] = []
    if amount >= player.hand_size():
        for sym, n in list(player.hand.items()):
            paid.extend([sym] * n)
        player.hand.clear()
        while len(paid) < amount:
            paid.append(blind_draw(game, player, "bid"))
        return paid
    left = Counter(player.hand)
    for i in range(amount):
        options = tuple(Option(sym, f"coin card showing {sym} ({n} left)", sym)
                        for sym, n in sorted(left.items()) if n)
        sym = (yield Decision(player.seat, "bid_coin_card",
                              f"Which coin card to bid ({i + 1} of {amount})?", options, rule)).value
        left[sym] -= 1
        paid.append(sym)
    for sym in paid:
        take_from_hand(player, sym)
    return paid


def can_pay(player: CardPlayer, missing: dict[str, int]) -> bool:
    short = sum(max(0, m - player.hand[res]) for res, m in missing.items())
    return short <= player.luxury


def pay_missing(game, player: CardPlayer, missing: dict[str, int], rule: str
                ) -> Iterator[Decision]:
    """Pay missing wood/stone/grain with coin cards showing it and/or luxury goods (1:1).
    The caller has checked ``can_pay``. Returns the number of luxury goods used."""
    used = 0
    todo = [(res, m) for res, m in missing.items() if m > 0]
    for i, (res, m) in enumerate(todo):
        # keep enough luxury goods for what the hand cannot pay of the resources still to come
        reserve = sum(max(0, n - player.hand[r]) for r, n in todo[i + 1:])
        low, high = max(0, m - player.hand[res]), min(m, player.luxury - reserve)
        if low < high:
            options = tuple(Option(str(k), f"{m - k} coin card(s) showing {res} + {k} luxury",
                                   k) for k in range(low, high + 1))
            k = (yield Decision(player.seat, "pay_luxury", f"Pay {m} missing {res}: how?",
                                options, rule)).value
        else:
            k = low
        if m - k:
            discard_from_hand(game, player, res, m - k)
        player.luxury -= k
        used += k
        game.emit("paid", rule, seat=player.seat, resource=res, cards=m - k, luxury=k)
    return used
