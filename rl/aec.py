"""The PettingZoo AEC environment: every seat of a scenario is an agent (``seat_1`` ...
``seat_N``), one of them acting at a time, as the rules ask (``Game.pending``)."""
from __future__ import annotations

from pathlib import Path

from pettingzoo import AECEnv

from peloponnes.core.scenario import Scenario

from .table import Table


class PeloponnesAECEnv(AECEnv):
    """Agents take turns answering the decisions the rules yield. An observation is a dict:
    ``observation`` (float32 vector from the seat's view, ``encode_view``) and ``action_mask``
    (int8, 1 for the pending decision's options when the agent is to act, else all 0). Rewards
    come only when the game ends (see ``Table``); ``infos[agent]`` names the agent's pending
    decision (``decision``, ``rule``) and, at the end, its score."""

    def __init__(self, scenario: Scenario | str | Path, *, reward: str = "win",
                 max_options: int | None = None, render_mode: str | None = None):
        super().__init__()
        self.table = Table(scenario, reward=reward, max_options=max_options)
        self.metadata = self.table.metadata()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode '{render_mode}' (known: ansi)")
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i + 1}" for i in range(self.table.num_players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.feature_names = self.table.feature_names

    def observation_space(self, agent):
        return self.table.observation_space

    def action_space(self, agent):
        return self.table.action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._after_move()

    def observe(self, agent):
        return self.table.observe(self._seat[agent])

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}
        self.table.choose(self._seat[agent], action)
        self._after_move()

    def _after_move(self) -> None:
        """Select who acts next, or end the game: rewards to everybody, all terminated."""
        game = self.table.game
        self._clear_rewards()
        if game.pending is not None:
            self.agent_selection = self.possible_agents[game.pending.seat]
            self.infos[self.agent_selection] = {"decision": game.pending.kind,
                                                "rule": game.pending.rule}
            return
        for agent, reward in zip(self.agents, self.table.rewards(), strict=True):
            self.rewards[agent] = reward
            self.terminations[agent] = True
            self.infos[agent] = {"score": float(game.result.scores[self._seat[agent]].value),
                                 "winners": [f"seat_{w + 1}" for w in game.result.winners]}
        self._accumulate_rewards()
        if not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def render(self):
        if self.render_mode is None:
            return None
        return self.table.render()

    def close(self) -> None:
        self.table.game = None
