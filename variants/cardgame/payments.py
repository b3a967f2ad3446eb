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
from functools import cache, lru_cache

from peloponnes.core import Decision, Option, VariantOption
from peloponnes.core.decisions import new_object
from peloponnes.variants.common.auction import OPTION_CACHE_SIZE
from peloponnes.variants.common.words import amounts

from .state import CardPlayer, discard_from_hand, draw_coin, take_from_hand

LUXURY_RULE = "cardgame: Luxury Goods"

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
    st = game.state
    cards = len(st.coin_pile) + len(st.coin_discard)
    return player.luxury if player.luxury < cards else cards     # (a comparison, not min())


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
    options = hand_options(tuple(sorted(player.hand.items())))
    if luxury_any_time(game) and blind_draws_possible(game, player):
        options = (luxury_option(player.luxury), *options)
    answer = yield Decision(player.seat, kind, prompt, options, rule)
    if answer.value is None:
        return blind_draw(game, player, kind)
    return take_from_hand(player, answer.value)


def pay_coin_cards(game, player: CardPlayer, amount: int, rule: str) -> Iterator[Decision]:
    """Take ``amount`` coin cards for a bid: first how many are luxury goods traded for blind
    draws (at least what the hand cannot pay; more only under reading 9's "any time"), then the
    rest chosen from the hand one by one (they leave the hand together, once all are chosen;
    a hand that is all needed goes whole). Returns the cards."""
    held = sum(player.hand.values())      # (hand_size(), without its call)
    short = amount - held if amount > held else 0       # (comparisons, not max() and min())
    # (without luxury goods no trade is possible: the option need not be looked up)
    most = short
    if player.luxury and luxury_any_time(game):
        most = blind_draws_possible(game, player)
        if most > amount:
            most = amount
    luxury = short
    if most > short:
        prompt, options = luxury_split(amount, short, most)
        luxury = (yield Decision(player.seat, "bid_luxury", prompt, options, rule)).value
    from_hand = amount - luxury
    paid: list[str] = []
    if from_hand >= held:
        for sym, n in list(player.hand.items()):
            paid.extend([sym] * n)
        player.hand.clear()
    else:
        # what is left to choose from, as (symbol, count) pairs in symbol order: each step's
        # options and the pairs left after each answer are looked up, not rebuilt (bid_steps)
        left = tuple(sorted(player.hand.items()))      # (a hand holds no zero counts)
        seat = player.seat
        for prompt in bid_prompts(from_hand):
            options, after = bid_steps(left)
            # Decision(seat, "bid_coin_card", prompt, options, rule), built as Game.emit builds
            # an Event: without calling the class (its __init__ is a Python call), its five
            # fields stored in order (about 56 a game; 420 -> 255 ns each, side by side)
            decision = new_object(Decision)
            decision.seat = seat
            decision.kind = "bid_coin_card"
            decision.prompt = prompt
            decision.options = options
            decision.rule = rule
            sym = (yield decision).value
            left = after[sym]
            paid.append(sym)
        # the hand keeps what is left: each symbol's count in ``left``, a symbol used up (not
        # in ``left``) taken out; in the hand's own order (a call per card was dearer)
        counts = dict(left)
        hand = player.hand
        for sym in list(hand):
            n = counts.get(sym)
            if n is None:
                hand.pop(sym)       # (dict's own: a Counter's ``del`` runs in Python)
            else:
                hand[sym] = n
    while len(paid) < amount:
        paid.append(blind_draw(game, player, "bid"))
    return paid


# A hand's options are cached like the bid's coin-card options below, both bounded (their keys,
# the symbols held with their counts, keep turning up new combinations over many games).
@lru_cache(maxsize=OPTION_CACHE_SIZE)
def hand_options(hand: tuple[tuple[str, int], ...]) -> tuple[Option, ...]:
    """One option per symbol in ``hand`` (symbol, count), shared between calls."""
    options = []        # (a plain loop over the shared options: no generator per call)
    for sym, n in hand:
        options.append(coin_card_option(sym, n, "in hand"))
    return tuple(options)


# The options of one coin card, per symbol, count and wording (a few hundred at most: four
# symbols, the coin cards' counts, two wordings), made once: a hand or a step of a bid that is
# new to the caches above and below (dozens a game, as new combinations keep turning up) is
# then a tuple of options already made, not an Option built per symbol.
@cache
def coin_card_option(sym: str, count: int, where: str) -> Option:
    """The option to take a coin card showing ``sym`` of ``count`` (``where``: "in hand",
    "left")."""
    return Option(sym, f"coin card showing {sym} ({count} {where})", sym)


@lru_cache(maxsize=OPTION_CACHE_SIZE)
def luxury_split(amount: int, short: int, most: int) -> tuple[str, tuple[Option, ...]]:
    """The prompt and options of splitting a bid of ``amount`` coin cards into ``short`` to
    ``most`` luxury goods traded blind and the rest from the hand (shared between calls)."""
    return (f"Bid {amount}: how many luxury goods for coin cards drawn blind?",
            tuple(Option(str(k), f"{k} luxury good(s) + {amount - k} coin card(s) from your hand",
                         k) for k in range(short, most + 1)))


@cache
def luxury_option(luxury: int) -> Option:
    """The option to trade one of ``luxury`` luxury goods for a coin card drawn blind."""
    return Option("luxury", f"a luxury good ({luxury}) for a coin card drawn blind", None)


@lru_cache(maxsize=OPTION_CACHE_SIZE)
def bid_steps(left: tuple[tuple[str, int], ...]
              ) -> tuple[tuple[Option, ...], dict[str, tuple[tuple[str, int], ...]]]:
    """One step of choosing a bid's coin cards with ``left`` (symbol, count) still held: the
    options (one per symbol, shared between calls) and, per symbol chosen, what is left then."""
    options = []
    after = {}
    for i, (sym, n) in enumerate(left):
        options.append(coin_card_option(sym, n, "left"))
        rest = ((sym, n - 1),) if n > 1 else ()
        after[sym] = left[:i] + rest + left[i + 1:]
    return tuple(options), after


@cache
def bid_prompts(count: int) -> tuple[str, ...]:
    """The prompts of choosing ``count`` coin cards for a bid one by one."""
    return tuple(f"Which coin card to bid ({i + 1} of {count})?" for i in range(count))


@lru_cache(maxsize=OPTION_CACHE_SIZE)
def resources_text(pairs: tuple[tuple[str, int], ...]) -> str:
    """``amounts`` of (resource, amount) ``pairs``, worded once per pairs and shared between
    games (a building's cost and a seat's production, in the options of building and of
    completing buildings: a list comprehension and a join each time otherwise)."""
    return amounts(dict(pairs))


def can_pay(player: CardPlayer, missing: dict[str, int]) -> bool:
    short = 0
    for res, m in missing.items():      # (a plain loop: asked at every building and supply)
        if m > 0:
            held = player.hand.get(res, 0)
            if m > held:                # (a comparison, not max())
                short += m - held
    return short <= player.luxury


def pay_missing(game, player: CardPlayer, missing: dict[str, int], rule: str
                ) -> Iterator[Decision]:
    """Pay missing wood/stone/grain with coin cards showing it and/or luxury goods (1:1).
    The caller has checked ``can_pay``. Returns the number of luxury goods used."""
    used = 0
    todo = []
    for res, m in missing.items():      # (plain loops: asked at every building built or completed)
        if m > 0:
            todo.append((res, m))
    for i, (res, m) in enumerate(todo):
        # keep enough luxury goods for what the hand cannot pay of the resources still to come
        reserve = 0
        for r, n in todo[i + 1:]:
            reserve += max(0, n - player.hand.get(r, 0))    # (Counter's [] on a miss is slower)
        low, high = max(0, m - player.hand.get(res, 0)), min(m, player.luxury - reserve)
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
