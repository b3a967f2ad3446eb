"""core.shuffling.shuffle: rng.shuffle written out for speed, which must not change any game."""
import random

from peloponnes.core.shuffling import shuffle


def test_shuffle_gives_the_order_rng_shuffle_gives():
    # the same order from the same seed as random.Random.shuffle, at every length (an index
    # drawn again when it is too large), and the generator left in the same state
    for seed in range(40):
        for length in (0, 1, 2, 3, 5, 17, 72):
            mine, theirs = random.Random(seed), random.Random(seed)
            items, expected = list(range(length)), list(range(length))
            shuffle(mine, items)
            theirs.shuffle(expected)
            assert items == expected
            assert mine.getstate() == theirs.getstate()
