"""Paying with coin cards and luxury goods (cardgame Luxury Goods: "each luxury good you use is
worth 1 of whatever you are missing"; traded for coin cards drawn blind from the pile).

Our reading 9 (cardgame: Luxury Goods): "Ein Spieler darf Luxusgüter jederzeit, wenn er
Baustoffe, Getreide oder Münzkarten benötigt, im Verhältnis 1:1 einsetzen" -- at any time when he
needs coin cards, as for resources and grain (which luxury may pay even while the hand holds
them). So wherever coin cards are paid (a bid, the card under a building, a catastrophe's cover)
the player may use luxury goods instead of cards in hand. The variant option
``luxury_for_coin_cards = "hand_short"`` keeps the former reading: only what the hand cannot pay.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from peloponnes.core import Decision, Option, VariantOption
from peloponnes.variants.common.words import count

from .state import COIN_SYMBOLS, CardPlayer, discard_from_hand, draw_coin, take_from_hand

LUXURY_RULE = "cardgame: Luxury Goods"

# What a person types for a coin card at the table: the symbol's place in the full list, the
# same all game whatever the hand holds (1 grain, 2 inhabitant, 3 stone, 4 wood, the order the
# table's hand column uses); a luxury good traded for a card drawn blind is 0. The symbol's
# name (the option's id) may be typed too.
COIN_CARD_KEYS = {symbol: str(i) for i, symbol in enumerate(sorted(COIN_SYMBOLS), 1)}
BLIND_DRAW_KEY = "0"

LUXURY_FOR_COIN_CARDS_OPTION = VariantOption(
    "luxury_for_coin_cards", str, "any_time",
    "When luxury goods may be traded for coin cards drawn blind (cardgame: Luxury Goods):"
    " 'any_time' coin cards are needed (the German 'jederzeit'; our reading) or 'hand_short',"
    " only for what the hand cannot pay.",
    choices=("any_time", "hand_short"))


def luxury_any_time(game) -> bool:
    """The option ``luxury_for_coin_cards``: may luxury replace coin cards the hand holds?"""
    option = LUXURY_FOR_COIN_CARDS_OPTION
    return game.options.get(option.name, option.default) == "any_time"


def blind_draws_possible(game, player: CardPlayer) -> int:
    """How many luxury goods the player can trade for coin cards drawn blind: one per good, as
    long as the pile and the discard pile hold cards."""
    if not player.luxury:
        return 0
    st = game.state
    cards = len(st.coin_pile) + len(st.coin_discard)
    return min(player.luxury, cards)


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
    options = coin_card_options(player.hand, "in hand")
    if luxury_any_time(game) and blind_draws_possible(game, player):
        options = (Option("luxury", f"a luxury good (you have {player.luxury}) for a coin card"
                          " drawn blind", None, BLIND_DRAW_KEY), *options)
    answer = yield Decision(player.seat, kind, prompt, options, rule)
    if answer.value is None:
        return blind_draw(game, player, kind)
    return take_from_hand(player, answer.value)


def coin_card_options(held: dict[str, int], where: str) -> tuple[Option, ...]:
    """One option per symbol ``held`` (symbol -> count; none for a count of 0), in symbol
    order (``where``: "in hand", "left")."""
    return tuple([coin_card_option(sym, n, where) for sym, n in sorted(held.items()) if n])


@cache      # the same few options at every coin card chosen (docs/performance.md: 5-6%)
def coin_card_option(symbol: str, held: int, where: str) -> Option:
    """The option to take a coin card showing ``symbol``, of ``held`` ``where``; its key is
    the symbol's fixed number (``COIN_CARD_KEYS``)."""
    return Option(symbol, f"coin card showing {symbol} ({held} {where})", symbol,
                  COIN_CARD_KEYS.get(symbol, symbol))


def pay_coin_cards(game, player: CardPlayer, amount: int, rule: str) -> Iterator[Decision]:
    """Take ``amount`` coin cards for a bid: first how many are luxury goods traded for blind
    draws (at least what the hand cannot pay; more only under reading 9's "any time"), then the
    rest chosen from the hand one by one (they leave the hand together, once all are chosen;
    a hand that is all needed goes whole). Returns the cards."""
    held = player.hand_size()
    short = max(0, amount - held)
    most = short
    if player.luxury and luxury_any_time(game):
        most = min(amount, blind_draws_possible(game, player))
    luxury = short
    if most > short:
        # keyed by the amount: a person types how many luxury goods
        options = tuple(Option(str(k), f"{count(k, 'luxury good')} +"
                               f" {count(amount - k, 'coin card')} from your hand", k, str(k))
                        for k in range(short, most + 1))
        luxury = (yield Decision(player.seat, "bid_luxury", f"Bid {amount}: how many luxury"
                                 " goods for coin cards drawn blind?", options, rule)).value
    from_hand = amount - luxury
    paid: list[str] = []
    if from_hand >= held:
        paid.extend(player.hand.elements())
        player.hand.clear()
    else:
        hand = player.hand
        left = dict(hand)               # what is left to choose from
        symbols = sorted(left)
        for i in range(from_hand):
            options = tuple([coin_card_option(sym, left[sym], "left") for sym in symbols
                             if left[sym]])
            sym = (yield Decision(player.seat, "bid_coin_card",
                                  f"Which coin card to bid ({i + 1} of {from_hand})?",
                                  options, rule)).value
            paid.append(sym)
            left[sym] -= 1
        for sym, n in left.items():     # the chosen cards leave the hand together
            if n:
                hand[sym] = n
            else:
                del hand[sym]           # a hand holds no zero counts
    while len(paid) < amount:
        paid.append(blind_draw(game, player, "bid"))
    return paid


def can_pay(player: CardPlayer, missing: dict[str, int]) -> bool:
    """Can the hand's coin cards and the luxury goods pay the ``missing`` resources?"""
    short = sum(max(0, m - player.hand.get(res, 0)) for res, m in missing.items())
    return short <= player.luxury


def pay_missing(game, player: CardPlayer, missing: dict[str, int], rule: str
                ) -> Iterator[Decision]:
    """Pay missing wood/stone/grain with coin cards showing it and/or luxury goods (1:1).
    The caller has checked ``can_pay``. Returns the number of luxury goods used."""
    used = 0
    todo = [(res, m) for res, m in missing.items() if m > 0]
    for i, (res, m) in enumerate(todo):
        # keep enough luxury goods for what the hand cannot pay of the resources still to come
        reserve = sum(max(0, n - player.hand.get(r, 0)) for r, n in todo[i + 1:])
        low, high = max(0, m - player.hand.get(res, 0)), min(m, player.luxury - reserve)
        if low < high:
            options = tuple(Option(str(k), f"{count(k, 'luxury good')} +"
                                   f" {count(m - k, 'coin card')} showing {res}", k, str(k))
                            for k in range(low, high + 1))
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
