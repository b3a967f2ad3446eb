"""Game.fork (DESIGN: Forking, hidden information, search): at every decision of random games in
every variant a fork continues exactly as the original; forks are isolated; a game never
snapshotted forks by replaying its answers; a resampled game forks into the same redraw."""
from __future__ import annotations

import random

import pytest

from peloponnes.core.engine import Game
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from tests.core.toy import toy_ruleset

VARIANTS = [("cardgame", 4), ("boardgame", 4), ("heroes", 4), ("cardgame", 2), ("boardgame", 1)]


def new_game(variant: str, players: int, seed: int, *, forking: bool = True) -> Game:
    ruleset, scenario = load_ruleset(Scenario.quick(variant, players))
    game = Game(ruleset, scenario, seed=seed)
    if forking:
        game.enable_forking()
    return game.start()


def trace(game: Game) -> list:
    """What a game did and where it stands, comparable between games."""
    pending = game.pending
    return [[e.as_dict() for e in game.events], list(game.answers), game.round,
            dict(game.phase_runs),      # (a fork resuming a phase counts it once)
            None if pending is None else (pending.seat, pending.kind, pending.prompt,
                                          [(o.id, o.label) for o in pending.options]),
            [game.view(s.index) for s in game.seats] if not game.finished else
            [s.key for s in game.result.scores]]


def play_on(game: Game, seed: int) -> Game:
    rng = random.Random(seed)
    while game.pending is not None:
        game.choose(rng.choice(game.pending.options).id)
    return game


@pytest.mark.parametrize("variant,players", VARIANTS)
def test_fork_continues_exactly_as_the_original_at_every_decision(variant, players):
    game = new_game(variant, players, seed=11)
    rng = random.Random(11)
    step = 0
    while game.pending is not None:
        twin = game.fork()
        assert trace(twin) == trace(game)
        if step % 15 == 0:      # and to the end, given the same answers
            assert trace(play_on(twin, step)) == trace(play_on(game.fork(), step))
        game.choose(rng.choice(game.pending.options).id)
        step += 1
    assert trace(game.fork()) == trace(game)


def test_fork_isolation_changing_the_fork_never_touches_the_original():
    game = new_game("cardgame", 4, seed=3)
    play_on_steps = random.Random(3)
    for _ in range(40):
        game.choose(play_on_steps.choice(game.pending.options).id)
    before = trace(game)
    state = repr(game.state)
    rng_state = game.rng.getstate()
    reference = game.fork()
    for seed in range(3):
        play_on(game.fork(), seed)
        game.fork().state.players[0].hand.clear()
    assert trace(game) == before
    assert repr(game.state) == state
    assert game.rng.getstate() == rng_state
    assert trace(play_on(game, 99)) == trace(play_on(reference, 99))


def test_a_game_without_snapshots_forks_by_replaying_its_answers():
    game = new_game("boardgame", 3, seed=5, forking=False)
    rng = random.Random(5)
    for _ in range(25):
        game.choose(rng.choice(game.pending.options).id)
    twin = game.fork()
    assert trace(twin) == trace(game)
    assert trace(play_on(twin, 1)) == trace(play_on(game, 1))


def test_forks_do_not_call_event_observers():
    seen = []

    class Observer:
        from peloponnes.core import hookimpl

        @hookimpl
        def on_event(self, game, event):
            seen.append(event.kind)

    ruleset = toy_ruleset(Observer())
    game = Game(ruleset, Scenario.quick("toy", 2)).enable_forking().start()
    count = len(seen)
    play_on(game.fork(), 0)
    assert len(seen) == count
    play_on(game, 0)
    assert len(seen) > count


@pytest.mark.parametrize("variant", ["cardgame", "heroes"])
def test_a_resampled_game_forks_into_the_same_redraw(variant):
    for forking in (True, False):
        game = new_game(variant, 4, seed=8, forking=forking)
        rng = random.Random(8)
        for _ in range(30):
            game.choose(rng.choice(game.pending.options).id)
        sample = game.fork().resample(game.pending.seat, random.Random(4))
        play_on_three = random.Random(2)
        for _ in range(3):
            sample.choose(play_on_three.choice(sample.pending.options).id)
        twin = sample.fork()
        assert trace(twin) == trace(sample)
        assert trace(play_on(twin, 6)) == trace(play_on(sample, 6))


@pytest.mark.parametrize("forking", [True, False])
def test_a_fork_does_not_measure_rounds(forking):
    # search reads a fork's result, never its per-round metrics: measure_round is skipped
    game = new_game("cardgame", 4, seed=5, forking=forking)
    rng = random.Random(1)
    while game.round < 3:
        game.choose(rng.choice(game.pending.options).id)
    fork = play_on(game.fork(), 2)
    measured = len(game.round_metrics)
    assert measured == game.round - 1 and fork.finished
    assert len(fork.round_metrics) == measured
    assert len(play_on(game, 2).round_metrics) == game.round - 1 > measured


def test_a_fork_carries_what_a_plugin_set_on_the_game_as_its_own_copy():
    game = new_game("cardgame", 4, seed=2)
    game.house_rule_notes = ["kept by a plugin"]
    rng = random.Random(2)
    phase = game.phase
    while game.phase is phase:      # on into the next phase, whose snapshot holds the notes
        game.choose(rng.choice(game.pending.options).id)
    fork = game.fork()
    assert fork.house_rule_notes == game.house_rule_notes
    assert fork.house_rule_notes is not game.house_rule_notes
    assert trace(fork) == trace(game)
