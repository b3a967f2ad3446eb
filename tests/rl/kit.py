"""Helpers for the environment tests: scenarios per variant and a random masked policy."""
from __future__ import annotations

import random

from peloponnes.core.scenario import Scenario

# every variant at 2, 4 and its most players (the board game also solo)
PLAYER_COUNTS = [("cardgame", 2), ("cardgame", 4), ("cardgame", 5), ("boardgame", 1),
                 ("boardgame", 2), ("boardgame", 4), ("boardgame", 5), ("heroes", 2),
                 ("heroes", 4), ("heroes", 8)]


def scenario(variant: str, players: int, **kwargs) -> Scenario:
    return Scenario.quick(variant, players, **kwargs)


def play_random(env, seed: int, policy_seed: int = 0) -> tuple[list, dict]:
    """Play one AEC episode with uniformly random legal actions. Returns every observation
    seen by the acting agent and the final cumulative rewards per agent."""
    policy = random.Random(policy_seed)
    env.reset(seed=seed)
    seen, final = [], {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        seen.append(observation)
        env.step(policy.randrange(int(observation["action_mask"].sum())))
    return seen, final
