"""What a seat cannot see in the board game, redrawn for search (the core's ``resample_hidden``
hook). Everything on the table is public (``view.py``); hidden are the order of the face-down
tile pile (boardgame: Setup: A, B and C stacks, each shuffled) and of the face-down disaster
chits, except the chits that were revealed and put back under the pile (an expansion's rule),
which lie at its bottom where everybody saw them go.
"""
from __future__ import annotations

from peloponnes.variants.common.hidden import shuffle_from, shuffle_within_eras


def first_face_down_chit(state) -> int:
    """Index in ``state.chits`` (bottom first) from which nobody knows the chits: the ones
    below were put back face down after everybody saw them."""
    return min(state.chits_put_back, len(state.chits))


def resample(game, seat: int, rng) -> None:
    st = game.state
    shuffle_within_eras(st.pile, rng)
    shuffle_from(st.chits, first_face_down_chit(st), rng)
