"""The shared auction's own decisions (a bid's card, then its amount) are built without calling
Decision (``variants/common/auction.py``): each must equal the one the class builds."""
from __future__ import annotations

from peloponnes.core import Decision
from peloponnes.variants.common.auction import PASS

from .test_hookcalls import bid_pending


def test_the_auctions_decisions_are_the_ones_the_class_builds():
    for variant in ("cardgame", "boardgame", "heroes"):
        game = bid_pending(variant)
        card = game.pending
        assert card == Decision(card.seat, "bid_card", card.prompt,
                                card.options, card.rule)
        assert card.options[0] is PASS and card.rule
        game.give(card.options[1])                  # a bid on the first card offered
        amount = game.pending
        assert amount == Decision(card.seat, "bid_amount", amount.prompt, amount.options,
                                  card.rule)
        assert amount.prompt.startswith("How much on ") and amount.options
