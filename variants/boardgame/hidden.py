"""What a seat cannot see in the board game, redrawn for search (the core's ``resample_hidden``
hook). Everything on the table is public (``view.py``); hidden are the order of the face-down
tile pile (boardgame: Setup: A, B and C stacks, each shuffled) and of the face-down disaster
chits, except the chits that were revealed and put back under the pile (an expansion's rule),
which lie at its bottom where everybody saw them go, and the top chit while it is shown (a hook
deciding whether it is put back).
"""
from __future__ import annotations

from peloponnes.variants.common.hidden import shuffle_places, shuffle_within_eras


def face_down_chits(state) -> range:
    """The places in ``state.chits`` (bottom first) of the chits nobody knows: not those
    below, put back face down after everybody saw them, nor the top one while it is shown."""
    end = len(state.chits) - (1 if state.top_chit_shown and state.chits else 0)
    return range(min(state.chits_put_back, end), end)


def resample(game, seat: int, rng) -> None:
    st = game.state
    shuffle_within_eras(st.pile, rng)
    shuffle_places(st.chits, face_down_chits(st), rng)
