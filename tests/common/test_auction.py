"""The shared auction's own decisions (a bid's card, then its amount), its bids and the family's
scores are built without calling their classes (``core.decisions.new_object``): each must equal
the one the class builds."""
from __future__ import annotations

from peloponnes.core import Decision, Score
from peloponnes.variants.common.auction import PASS, Bid
from peloponnes.variants.common.scoring import lower_total_score

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
        auction = game.state.auction
        game.give(amount.options[0])                # the least amount, paid as first offered
        while card.seat not in auction.bids:
            game.give(game.pending.options[0])
        bid = auction.bids[card.seat]
        assert bid == Bid(card.seat, amount.options[0].value, bid.payment)
        assert vars(bid) == vars(Bid(card.seat, bid.amount, bid.payment))   # same fields, order


def test_the_familys_score_is_the_one_the_class_builds():
    assert lower_total_score(7, 5, 2) == Score(5, (7, 2), {"population": 7, "power": 5,
                                                          "luxury": 2})
    assert lower_total_score(3, 9, 0, {"heroes": 1}) == Score(
        3, (9, 0), {"population": 3, "power": 9, "luxury": 0, "heroes": 1})
