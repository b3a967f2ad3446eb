"""What a seat cannot see in the card game, redrawn for search (the core's ``resample_hidden``
hook).

Hidden from a seat (``view.py`` shows only counts of them): the other players' coin cards in
hand, the order and content of the coin-card pile and the discard pile, the coin cards under the
others' buildings under construction and on their covered cards and luxury cards, the coin cards
in the others' bids, and the order of the power-card pile (cardgame: Setup: A over B over C, each
stack shuffled). The seat's own coin cards stay where they are; everything else is pooled and
dealt again into the same places in the same numbers, and each era of the power pile is shuffled
within its own places.
"""
from __future__ import annotations

from collections import Counter

from peloponnes.variants.common.hidden import shuffle_within_eras


def resample(game, seat: int, rng) -> None:
    st = game.state
    others = [p for p in st.players if p.seat != seat]
    # Where hidden coin cards lie, in a fixed order; each spot is refilled with as many cards.
    unders = [p for player in others for p in player.tableau() if p.under is not None]
    covers = [p for player in others for p in player.tableau() if p.cover is not None]
    luxury_covers = [player for player in others if player.luxury_card_cover is not None]
    bids = [slot.bid for slot in st.slots if slot.bid is not None and slot.bid.seat != seat]
    if st.auction is not None and st.auction.moving is not None \
            and st.auction.moving.seat != seat:
        bids.append(st.auction.moving)
    pool: list[str] = []
    for player in others:
        pool.extend(player.hand.elements())
    pool += st.coin_pile + st.coin_discard
    pool += [p.under for p in unders] + [p.cover[0] for p in covers]
    pool += [player.luxury_card_cover for player in luxury_covers]
    for bid in bids:
        pool.extend(bid.payment)
    pool.sort()                       # what the seat cannot tell apart, in a canonical order
    rng.shuffle(pool)
    deal = iter(pool)
    for player in others:
        size = player.hand_size()
        player.hand.clear()
        player.hand.update(Counter(next(deal) for _ in range(size)))
    st.coin_pile[:] = [next(deal) for _ in st.coin_pile]
    st.coin_discard[:] = [next(deal) for _ in st.coin_discard]
    for placed in unders:
        placed.under = next(deal)
    for placed in covers:
        placed.cover = (next(deal), placed.cover[1])
    for player in luxury_covers:
        player.luxury_card_cover = next(deal)
    for bid in bids:
        bid.payment[:] = [next(deal) for _ in bid.payment]
    shuffle_within_eras(st.power_pile, rng)
