"""The Gymnasium single-agent environment: one seat learns, the other seats are the scenario's
own agents (random or heuristic bots), who move between the learner's steps."""
from __future__ import annotations

from pathlib import Path

import gymnasium

from peloponnes.agents import make_agents
from peloponnes.core.errors import ConfigError
from peloponnes.core.scenario import Scenario

from .table import Table

ILLEGAL = ("lose", "raise")


class PeloponnesGymEnv(gymnasium.Env):
    """``step(action)`` answers the learner's decision with its ``action``-th option, then plays
    the other seats until the learner must decide again or the game ends. Observation and reward
    as in the AEC environment (``Table``). A masked-out action: ``illegal_action="lose"`` (the
    default) ends the episode with reward -1 and ``info["illegal_action"] = True``;
    ``"raise"`` raises ``IllegalAnswer``. ``action_masks()`` gives the mask for maskable
    learners (e.g. sb3-contrib's MaskablePPO)."""

    def __init__(self, scenario: Scenario | str | Path, seat: int = 1, *, reward: str = "win",
                 max_options: int | None = None, illegal_action: str = "lose",
                 render_mode: str | None = None):
        self.table = Table(scenario, reward=reward, max_options=max_options)
        players = self.table.scenario.players
        if not 1 <= seat <= len(players):
            raise ConfigError(f"seat {seat} does not exist: the scenario has seats 1 to"
                              f" {len(players)}")
        for i, player in enumerate(players):
            if i != seat - 1 and player.agent == "human":
                raise ConfigError(f"seat {i + 1} ({player.name}) is a human player; the other"
                                  " seats of gym_env must be bots (random or heuristic)",
                                  where=self.table.scenario.where, path=f"players[{i}].agent")
        if illegal_action not in ILLEGAL:
            raise ConfigError(f"unknown illegal_action '{illegal_action}' (known: lose, raise)")
        self.seat = seat - 1
        self.table.learners = {self.seat}
        self.illegal_action = illegal_action
        self.metadata = {**self.table.metadata(), "seat": seat}
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode '{render_mode}' (known: ansi)")
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space
        self.action_space = self.table.action_space
        self.feature_names = self.table.feature_names
        self._agents: list = []

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game = self.table.new_game(seed)
        self._agents = make_agents(game, ask=_learner_only)
        self._play_others()
        return self.table.observe(self.seat), self._info()

    def step(self, action):
        game = self.table.game
        if game.pending is None:
            raise gymnasium.error.ResetNeeded("the game is over: call reset()")
        if self.illegal_action == "lose" and not self.table.is_legal(action):
            return (self.table.observe(self.seat), -1.0, True, False,
                    {**self._info(), "illegal_action": True})
        self.table.choose(self.seat, action)
        self._play_others()
        done = game.pending is None
        reward = self.table.rewards()[self.seat] if done else 0.0
        return self.table.observe(self.seat), reward, done, False, self._info()

    def action_masks(self):
        return self.table.observe(self.seat)["action_mask"].astype(bool)

    def _play_others(self) -> None:
        """The other seats answer with their own agents until the learner is asked."""
        game = self.table.game
        while game.pending is not None and game.pending.seat != self.seat:
            decision = game.pending
            agent = self._agents[decision.seat]
            view = game.view(decision.seat) if agent.needs_view else None
            game.choose(agent.choose(view, decision))
        self.table.check_pending()

    def _info(self) -> dict:
        game = self.table.game
        if game.pending is not None:
            return {"decision": game.pending.kind, "rule": game.pending.rule}
        return {"score": float(game.result.scores[self.seat].value),
                "winners": [w + 1 for w in game.result.winners]}

    def render(self):
        if self.render_mode is None:
            return None
        return self.table.render()

    def close(self) -> None:
        self.table.game = None


def _learner_only(view, decision):
    raise AssertionError("the learning seat is never asked through an agent")
