"""Redrawing what a seat cannot see, for search (the core's ``resample_hidden``): helpers the
family's variants share. Each pools what the seat cannot tell apart in a canonical order before
shuffling, so the result depends only on the seat's view and the random generator."""
from __future__ import annotations


def shuffle_within_eras(pile: list[dict], rng) -> None:
    """Shuffle the cards (or tiles) of each era among that era's places in ``pile``: the eras
    are stacked (A over B over C), so a seat knows which era lies where, not which card."""
    places: dict[str, list[int]] = {}
    for i, card in enumerate(pile):
        places.setdefault(card["era"], []).append(i)
    for era in sorted(places):
        cards = sorted((pile[i] for i in places[era]), key=lambda c: c["id"])
        rng.shuffle(cards)
        for i, card in zip(places[era], cards, strict=True):
            pile[i] = card


def shuffle_places(items: list, places: range, rng) -> None:
    """Shuffle in place the items at ``places`` (the face-down part of a stack, between the
    items the seat knows)."""
    hidden = sorted(items[places.start:places.stop])
    rng.shuffle(hidden)
    items[places.start:places.stop] = hidden
