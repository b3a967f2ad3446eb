"""peloponnes.rl.gym_env: one learning seat, the scenario's own bots at the other seats;
Gymnasium's check_env passes. Skipped only when the ``rl`` extra is not installed."""
from __future__ import annotations

from dataclasses import replace

import pytest

pytest.importorskip("pettingzoo", reason="needs the rl extra: pip install -e '.[rl]'")
np = pytest.importorskip("numpy", reason="needs the rl extra: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="needs the rl extra: pip install -e '.[rl]'")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from peloponnes import rl  # noqa: E402
from peloponnes.core.errors import ConfigError, IllegalAnswer  # noqa: E402

from .kit import scenario  # noqa: E402

NO_SPEC = "ignore:.*not having a spec:UserWarning"


@pytest.mark.filterwarnings(NO_SPEC)
@pytest.mark.parametrize("name, seat", [("cardgame-vs-bots", 1), ("boardgame-solo", 1),
                                        ("heroes-4p", 3)])
def test_gymnasium_check_env_passes(name, seat):
    check_env(rl.gym_env(name, seat=seat, render_mode="ansi"))


def play(env, seed: int) -> tuple[list, float, dict]:
    """One episode, always the last legal action."""
    observation, info = env.reset(seed=seed)
    seen = [observation]
    while True:
        action = int(np.flatnonzero(observation["action_mask"])[-1])
        observation, reward, terminated, truncated, info = env.step(action)
        seen.append(observation)
        if terminated or truncated:
            return seen, reward, info


def test_an_episode_ends_with_the_learners_reward_and_is_repeatable():
    env = rl.gym_env(scenario("cardgame", 3, agent="heuristic"), seat=2)
    seen, reward, info = play(env, seed=4)
    winners = env.table.game.result.winners
    assert reward == (1 / len(winners) if 1 in winners else 0)
    assert info["winners"] == [w + 1 for w in winners]
    again, reward_again, _ = play(rl.gym_env(scenario("cardgame", 3, agent="heuristic"),
                                             seat=2), seed=4)
    assert reward_again == reward and len(again) == len(seen)
    assert all(np.array_equal(a["observation"], b["observation"])
               for a, b in zip(seen, again, strict=True))


def test_the_other_seats_move_between_the_learners_steps():
    env = rl.gym_env("cardgame-4p", seat=2)
    env.reset(seed=1)
    assert env.table.game.pending.seat == 1
    np.testing.assert_array_equal(env.action_masks(),
                                  env.table.observe(1)["action_mask"].astype(bool))


def test_a_masked_action_loses_or_raises():
    env = rl.gym_env("cardgame-2p")
    observation, _ = env.reset(seed=1)
    masked = int(observation["action_mask"].sum())
    _, reward, terminated, _, info = env.step(masked)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = rl.gym_env("cardgame-2p", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAnswer, match="masked out"):
        strict.step(masked)


def test_bad_seats_are_refused_in_one_line():
    with pytest.raises(ConfigError, match="seat 5 does not exist"):
        rl.gym_env("cardgame-4p", seat=5)
    with pytest.raises(ConfigError, match="seat 1 .* is a human player"):
        rl.gym_env("cardgame-vs-bots", seat=2)


def test_a_learned_seat_at_the_table_is_trained_first_saying_so(tmp_path, monkeypatch, capsys):
    pytest.importorskip("sklearn", reason="needs the learn extra: pip install -e '.[learn]'")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    sc = scenario("cardgame", 2, agent="heuristic")
    sc = replace(sc, players=(sc.players[0], replace(sc.players[1], agent="learned",
                                                     settings={"training_games": 3})))
    env = rl.gym_env(sc, seat=1)
    _seen, reward, info = play(env, seed=2)
    assert "training one on 3 self-play games" in capsys.readouterr().err
    assert env.table.game.finished and reward in (0.0, 0.5, 1.0)
    assert list((tmp_path / "peloponnes" / "models").glob("*.npz"))
