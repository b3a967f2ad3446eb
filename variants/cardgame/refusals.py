"""Why a number typed at the table is not among the card game's options (``explain_refusal``):
the auction's (``variants.common.refusals``), then the coin cards and luxury goods a payment
may take (``payments.py``)."""
from __future__ import annotations

from peloponnes.variants.common.refusals import auction_refusal, typed_number
from peloponnes.variants.common.words import count

from .payments import BLIND_DRAW_KEY, COIN_CARD_KEYS

# Decisions that take one coin card (keyed by its symbol's fixed number), and those that ask how
# many luxury goods a payment uses (keyed by the amount).
COIN_CARD_DECISIONS = {"bid_coin_card": "left to bid", "cover_coin_card": "in your hand",
                       "mortgage_coin_card": "in your hand"}
LUXURY_DECISIONS = ("bid_luxury", "pay_luxury")


def explain_refusal(game, decision, answer: str) -> str | None:
    player = game.state.players[decision.seat]
    if decision.kind in COIN_CARD_DECISIONS:
        return _coin_card_refusal(player, decision, answer.lower())
    number = typed_number(answer)
    if decision.kind in LUXURY_DECISIONS and number is not None:
        return _luxury_refusal(player, decision, number)
    return auction_refusal(game, decision, answer)


def _coin_card_refusal(player, decision, answer: str) -> str | None:
    if answer == BLIND_DRAW_KEY:
        if not player.luxury:
            return "0 trades a luxury good for a coin card drawn blind, and you have none"
        return "here the coin card must come from your hand"
    symbol = next((s for s, key in COIN_CARD_KEYS.items() if answer in (key, s)), None)
    if symbol is None:
        return None
    return f"you have no coin card showing {symbol} {COIN_CARD_DECISIONS[decision.kind]}"


def _luxury_refusal(player, decision, amount: int) -> str | None:
    offered = [o.value for o in decision.options if isinstance(o.value, int)]
    if not offered:
        return None
    least, most = min(offered), max(offered)
    if amount > most:
        if amount > player.luxury:
            return f"you have {count(player.luxury, 'luxury good')}"
        return f"at most {count(most, 'luxury good')} can be used here"
    if amount < least:
        return (f"your hand cannot pay the rest: at least {count(least, 'luxury good')} must be"
                " used")
    return None
