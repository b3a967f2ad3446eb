"""peloponnes.rl.env: PettingZoo's own API test and seed test for every variant at 2, 4 and the
most players, plus what the API test cannot see: rewards, hidden information, the declared
maximum of options, masked actions. Skipped only when the ``rl`` extra is not installed."""
from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="needs the rl extra: pip install -e '.[rl]'")
np = pytest.importorskip("numpy", reason="needs the rl extra: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="needs the rl extra: pip install -e '.[rl]'")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from peloponnes import rl  # noqa: E402
from peloponnes.core.errors import ConfigError, IllegalAnswer, SandboxError  # noqa: E402
from peloponnes.variants.heroes.state import HEROES  # noqa: E402

from .kit import PLAYER_COUNTS, play_random, scenario  # noqa: E402

# A Dict observation (vector + action mask) is what PettingZoo's own classic games use.
DICT_OBSERVATION = [
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


@pytest.mark.filterwarnings(*DICT_OBSERVATION)
@pytest.mark.parametrize("variant, players", PLAYER_COUNTS)
def test_pettingzoo_api_test_passes(variant, players):
    env = rl.env(scenario(variant, players))
    api_test(env, num_cycles=400)           # plays past the end of a whole game at least once
    assert env.possible_agents == [f"seat_{i + 1}" for i in range(players)]


@pytest.mark.filterwarnings(*DICT_OBSERVATION)
@pytest.mark.parametrize("name", ["heroes-negotiation", "house-market_phase"])
def test_api_test_passes_with_options_and_house_rules(name):
    api_test(rl.env(name), num_cycles=400)


@pytest.mark.parametrize("variant, players", [("cardgame", 4), ("boardgame", 2), ("heroes", 5)])
def test_pettingzoo_seed_test_passes(variant, players):
    seed_test(lambda: rl.env(scenario(variant, players)), num_cycles=300)


def test_same_seed_and_actions_give_the_same_game_another_seed_another():
    first, rewards = play_random(rl.env("cardgame-4p"), seed=11)
    again, rewards_again = play_random(rl.env("cardgame-4p"), seed=11)
    other, _ = play_random(rl.env("cardgame-4p"), seed=12)
    assert len(first) == len(again) and rewards == rewards_again
    for a, b in zip(first, again, strict=True):
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
    assert not np.array_equal(first[0]["observation"], other[0]["observation"])


def test_reset_without_seed_numbers_episodes_like_simulate():
    env = rl.env(scenario("cardgame", 3, seed=40))
    env.reset()
    assert env.table.seed == 40
    env.reset()
    assert env.table.seed == 41
    env.reset(seed=7)
    env.reset()
    assert env.table.seed == 8


@pytest.mark.parametrize("variant, players", [("cardgame", 3), ("heroes", 4)])
def test_rewards_at_the_end_win_shared_or_score_margin(variant, players):
    env = rl.env(scenario(variant, players))
    _, final = play_random(env, seed=3)
    result = env.table.game.result
    winners = {f"seat_{w + 1}" for w in result.winners}
    assert sum(final.values()) == pytest.approx(1.0)
    assert {a for a, r in final.items() if r > 0} == winners
    env = rl.env(scenario(variant, players), reward="margin")
    _, margins = play_random(env, seed=3)
    scores = [s.value for s in env.table.game.result.scores]
    best_other = max(scores[1:])
    assert margins["seat_1"] == pytest.approx(scores[0] - best_other)
    assert (max(margins.values()) > 0) == (len(env.table.game.result.winners) == 1)


def test_solo_reward_is_the_score():
    env = rl.env("boardgame-solo")
    _, final = play_random(env, seed=2)
    assert final == {"seat_1": env.table.game.result.scores[0].value}


def test_rewards_are_zero_before_the_end():
    env = rl.env("cardgame-3p")
    env.reset(seed=1)
    for _ in range(30):
        observation, reward, terminated, _, info = env.last()
        assert reward == 0 and not terminated and info["decision"]
        env.step(int(np.flatnonzero(observation["action_mask"])[-1]))


def test_observation_comes_only_from_the_seats_view():
    """Change what seat 1 cannot see (another hand, keeping its size; the order of the piles):
    seat 1's observation stays the same, seat 2's (its own hand) changes."""
    env = rl.env("cardgame-3p")
    env.reset(seed=5)
    mine, theirs = env.observe("seat_1"), env.observe("seat_2")
    state = env.table.game.state
    hand = state.players[1].hand
    give, take = [kind for kind in ("wood", "stone", "grain", "inhabitant") if hand[kind]][:1] * 2
    take = next(kind for kind in ("wood", "stone", "grain", "inhabitant") if kind != give)
    hand[give] -= 1
    hand[take] += 1
    state.coin_pile.reverse()
    state.power_pile.reverse()
    assert np.array_equal(env.observe("seat_1")["observation"], mine["observation"])
    assert not np.array_equal(env.observe("seat_2")["observation"], theirs["observation"])


@pytest.mark.parametrize("name", ["boardgame-4p", "heroes-4p"])
def test_face_down_tiles_and_chits_are_not_observed(name):
    """Reorder the face-down tile pile and disaster chits: nobody's observation changes."""
    env = rl.env(name)
    env.reset(seed=6)
    before = {agent: env.observe(agent)["observation"] for agent in env.agents}
    game = env.table.game
    game.state.pile.reverse()
    game.state.chits.reverse()
    if HEROES in game.stash:                     # the Persian chits' values travel with them
        game.stash[HEROES].pile_values.reverse()
    for agent in env.agents:
        assert np.array_equal(env.observe(agent)["observation"], before[agent])


def test_only_the_acting_seat_has_legal_actions():
    env = rl.env("heroes-4p")
    env.reset(seed=9)
    acting = env.agent_selection
    for agent in env.agents:
        assert env.observe(agent)["action_mask"].any() == (agent == acting)


def test_a_decision_beyond_the_declared_maximum_stops_the_game():
    env = rl.env("cardgame-4p", max_options=3)
    with pytest.raises(SandboxError, match=r"offers \d+ options, more than the 3 actions"):
        for _ in range(20):
            play_random(env, seed=1)


def test_a_masked_action_is_refused_in_one_line():
    env = rl.env("cardgame-2p")
    env.reset(seed=1)
    legal = int(env.last()[0]["action_mask"].sum())
    with pytest.raises(IllegalAnswer, match=f"action {legal} is masked out") as error:
        env.step(legal)
    assert "\n" not in str(error.value)


def test_metadata_names_the_encoding_and_its_version():
    meta = rl.env("heroes-4p").metadata
    assert meta["encoding_versions"] == {"boardgame": 1, "heroes": 1}
    assert meta["encoding"] == "boardgame/1+heroes/1"
    assert meta["max_options"] == 64 and meta["observation_size"] > 0
    assert rl.env("cardgame-2p").metadata["encoding_versions"] == {"cardgame": 1}


def test_unknown_reward_and_render_mode_are_refused():
    with pytest.raises(ConfigError, match="unknown reward 'points'"):
        rl.env("cardgame-2p", reward="points")
    with pytest.raises(ValueError, match="unknown render_mode"):
        rl.env("cardgame-2p", render_mode="human")


def test_render_ansi_shows_the_table_and_the_numbered_options():
    env = rl.env("cardgame-3p", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert f"{env.agent_selection}: " in text and "  0: " in text
