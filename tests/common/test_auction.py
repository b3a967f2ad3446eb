"""The shared auction's own decisions (a bid's card, then its amount), its bids and the family's
scores, in all three games."""
from __future__ import annotations

from peloponnes.core import Score
from peloponnes.variants.common.auction import PASS, Bid
from peloponnes.variants.common.scoring import lower_total_score
from tests.common.kit import bid_pending


def test_a_bid_asks_the_card_then_the_amount_and_stands_as_paid():
    for variant in ("cardgame", "boardgame", "heroes"):
        game = bid_pending(variant)
        card = game.pending
        assert card.options[0] is PASS and card.rule
        assert card.prompt.startswith("Bid on which ")
        chosen = card.options[1]                    # a bid on the first card offered
        game.give(chosen)
        amount = game.pending
        assert (amount.seat, amount.kind, amount.rule) == (card.seat, "bid_amount", card.rule)
        assert amount.prompt.startswith("How much on ") and amount.options
        values = [o.value for o in amount.options]
        assert values == list(range(values[0], values[0] + len(values)))    # each amount once
        assert "; from " in chosen.label or "; exactly " in chosen.label
        auction = game.state.auction
        game.give(amount.options[0])                # the least amount, paid as first offered
        while card.seat not in auction.bids:
            game.give(game.pending.options[0])
        bid = auction.bids[card.seat]
        assert bid == Bid(card.seat, amount.options[0].value, bid.payment)
        assert chosen.value.bid is bid              # the bid stands on the card chosen


def test_the_familys_score_is_the_lower_total_then_the_higher_then_luxury():
    assert lower_total_score(7, 5, 2) == Score(5, (7, 2), {"population": 7, "power": 5,
                                                          "luxury": 2})
    assert lower_total_score(3, 9, 0, {"heroes": 1}) == Score(
        3, (9, 0), {"population": 3, "power": 9, "luxury": 0, "heroes": 1})
