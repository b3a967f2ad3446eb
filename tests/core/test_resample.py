"""The resample_hidden hook in every variant: resampling never changes the seat's own view, keeps
the invariants, really redraws what the seat cannot see, and depends only on the seat's view and
the random generator."""
from __future__ import annotations

import random
import re

import pytest

from peloponnes.core.engine import Game
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.variants.heroes.state import table

VARIANTS = ["cardgame", "boardgame", "heroes"]


def random_game_positions(variant: str, seed: int, every: int = 3):
    """A forkable random 4-player game, paused at every ``every``-th decision."""
    ruleset, scenario = load_ruleset(Scenario.quick(variant, 4))
    game = Game(ruleset, scenario, seed=seed).enable_forking().start()
    rng = random.Random(seed)
    while game.pending is not None:
        if game.decisions % every == 0:
            yield game
        game.choose(rng.choice(game.pending.options).id)


def shown(decision) -> tuple:
    """What a decision shows its seat: the prompt and the options' labels."""
    return decision.seat, decision.prompt, [(o.id, o.label) for o in decision.options]


def hidden(game: Game, seat: int) -> str:
    """Everything on the table, the seat's secrets and everybody's, as text (for comparisons:
    equal values, whatever objects the rules happen to share)."""
    return re.sub(r" at 0x[0-9a-f]+", "", repr((game.state, game.stash)))


@pytest.mark.parametrize("variant", VARIANTS)
def test_resampling_never_changes_the_seats_own_view(variant):
    redrawn = 0
    for game in random_game_positions(variant, seed=21):
        seat = game.pending.seat
        for n in range(2):
            sample = game.fork().resample(seat, random.Random(n))
            assert sample.view(seat) == game.view(seat), (variant, game.decisions)
            assert shown(sample.pending) == shown(game.pending), (variant, game.decisions)
            assert sample.invariant_violations() == []
            redrawn += hidden(sample, seat) != hidden(game, seat)
    assert redrawn > 10      # it does redraw something


@pytest.mark.parametrize("variant", VARIANTS)
def test_resampling_depends_only_on_the_view_and_the_generator(variant):
    for game in random_game_positions(variant, seed=4, every=17):
        seat = game.pending.seat
        # two games the seat cannot tell apart, differing in what it cannot see ...
        one = game.fork().resample(seat, random.Random(1))
        two = game.fork().resample(seat, random.Random(2))
        assert one.view(seat) == two.view(seat)
        # ... redrawn with the same generator, become the same game
        one.resample(seat, random.Random(7))
        two.resample(seat, random.Random(7))
        assert hidden(one, seat) == hidden(two, seat)
        assert one.rng.getstate() == two.rng.getstate()


def test_card_game_resampling_redraws_the_others_hands_not_mine():
    for game in random_game_positions("cardgame", seed=9, every=20):
        seat = game.pending.seat
        sample = game.fork().resample(seat, random.Random(3))
        mine, theirs = game.state.players[seat], sample.state.players[seat]
        assert theirs.hand == mine.hand
        for before, after in zip(game.state.players, sample.state.players, strict=True):
            assert before.hand_size() == after.hand_size()
        assert len(sample.state.coin_pile) == len(game.state.coin_pile)
        assert [c["era"] for c in sample.state.power_pile] == \
               [c["era"] for c in game.state.power_pile]


def test_board_game_keeps_chits_put_back_at_the_bottom_and_the_shown_top_chit():
    ruleset, scenario = load_ruleset(Scenario.quick("heroes", 4))
    game = Game(ruleset, scenario, seed=2).enable_forking().start()
    st = game.state
    st.chits_put_back = 2
    st.top_chit_shown = True        # a hook is deciding whether it goes back under the pile
    bottom = list(st.chits[:2]) + [st.chits[-1]]
    values = list(table(game).pile_values[:2]) + [table(game).pile_values[-1]]
    before = sorted(v for v in table(game).pile_values if v is not None)
    sample = game.resample(game.pending.seat, random.Random(0))
    assert sample.state.chits[:2] + [sample.state.chits[-1]] == bottom
    assert table(sample).pile_values[:2] + [table(sample).pile_values[-1]] == values
    persians = game.components["expansion"]["persians"]["disaster"]
    assert sorted(v for v in table(sample).pile_values if v is not None) == before
    assert all((v is not None) == (c == persians)
               for c, v in zip(sample.state.chits, table(sample).pile_values, strict=True))


def test_the_hook_itself_leaves_the_engines_random_generator_alone():
    """resample_hidden redraws with the generator it is given; reseeding game.rng is the
    engine's part (Game.resample)."""
    game = next(random_game_positions("cardgame", seed=5, every=30))
    sample = game.fork()
    state = sample.rng.getstate()
    sample.hook.resample_hidden(game=sample, seat=sample.pending.seat, rng=random.Random(1))
    assert sample.rng.getstate() == state
    assert sample.view(sample.pending.seat) == game.view(game.pending.seat)
