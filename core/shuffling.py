"""Shuffling with a game's seeded generator, as ``random.Random.shuffle`` does it, faster.

``shuffle(game.rng, cards)`` puts ``cards`` in the order ``game.rng.shuffle(cards)`` would, from
the same random numbers, and leaves the generator in the same state (a test holds it to
``random.Random.shuffle`` over many seeds and lengths): games do not change when rules switch
to it. It exists for speed: ``random.Random.shuffle`` calls ``_randbelow``, a Python function,
once per item, and a game shuffles a few hundred items (decks at setup, discards at every
refill); here each index is drawn inline, as ``_randbelow`` draws it on CPython 3.11-3.13 (the
fewest bits that hold ``n``, drawn again while the number is ``n`` or more). The random agent
draws its pick the same way (``core.agents.RandomAgent.pick``).
"""
from __future__ import annotations

from typing import Any


def shuffle(rng: Any, items: list) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would (``rng``: a
    ``random.Random``, such as ``game.rng``)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
