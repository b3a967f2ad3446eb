"""Agents answer decisions. Every agent has ``needs_view`` and ``choose(view, decision) -> option
id``; the engine builds the seat's view only for agents that read it. An agent whose class sets
``picks_options`` runs no plugin code and answers with ``pick(decision) -> Option``. The
``mcts`` agent (``agents.mcts``) searches forks of the game it plays in, seeing only its
seat's information; the ``learned`` agent (``agents.learned``) values its options' after-states
with a model learned by self-play on the game's exact rules."""
from __future__ import annotations

import random

from peloponnes.agents.learned import LearnedAgent
from peloponnes.agents.mcts import MCTSAgent, Settings
from peloponnes.agents.restricted import RestrictedAgent, Restriction
from peloponnes.core.decisions import Option
from peloponnes.core.errors import ConfigError

AGENT_KINDS = ("human", "random", "heuristic", "mcts", "learned")
BOT_KINDS = ("random", "heuristic", "mcts", "learned")
# The kinds whose answers come from plugin code and say whether they were a guess (the agent's
# ``guessed``): the answers a coverage watcher counts (``lab.coverage``).
OPINIONATED_KINDS = frozenset({"heuristic"})


class RandomAgent:
    """Picks uniformly among the offered options, from its own seeded RNG. It runs no plugin
    code, so the engine takes its ``pick`` (the Option itself) without a guard or a lookup."""
    needs_view = False
    is_bot = True
    picks_options = True

    def __init__(self, seed: str):
        self.rng = random.Random(seed)

    def pick(self, decision) -> Option:
        return self.rng.choice(decision.options)

    def choose(self, view, decision) -> str:
        return self.pick(decision).id


class HeuristicAgent:
    """Asks the variant's rules-aware bot (the ``choose_heuristic`` hook); falls back to a
    random option where the bot has no opinion (``guessed`` says whether the last answer was
    such a guess)."""
    needs_view = True
    is_bot = True

    def __init__(self, seed: str, hook):
        self.rng = random.Random(seed)
        self.hook = hook
        self.guessed = False

    def choose(self, view, decision) -> str:
        choice = self.hook.choose_heuristic(view=view, decision=decision)
        self.guessed = choice is None
        if choice is None:
            return self.rng.choice(decision.options).id
        return choice


class HumanAgent:
    """A person: ``ask(view, decision)`` is supplied by the user interface (the CLI prompt)."""
    needs_view = True
    is_bot = False

    def __init__(self, ask):
        self.ask = ask

    def choose(self, view, decision) -> str:
        return self.ask(view, decision)


def make_agents(game, *, ask=None, override: str | None = None) -> list:
    """One agent per seat as the scenario names them; seeds derive from the game seed so a game
    is reproducible. ``override`` replaces every seat's agent kind (e.g. ``random`` for tests);
    an ``mcts`` seat keeps its scenario settings (defaults where it has none). A seat that
    forbids options (its ``forbid``) gets its agent wrapped in a ``RestrictedAgent``, whatever
    the agent kind."""
    agents = []
    for seat, spec in zip(game.seats, game.scenario.players, strict=True):
        kind = override or seat.agent
        seed = f"{game.seed}:{seat.index}:{kind}"
        if kind == "random":
            agents.append(RandomAgent(seed))
        elif kind == "heuristic":
            agents.append(HeuristicAgent(seed, game.hook))
        elif kind == "mcts":
            agents.append(MCTSAgent(seed, game, Settings.from_dict(spec.settings)))
        elif kind == "learned":
            agents.append(LearnedAgent(seed, game, spec.settings))
        elif kind == "human":
            if ask is None:
                raise ConfigError(f"seat {seat.index + 1} ({seat.name}) is a human player;"
                                  " use `peloponnes play` for games with human players")
            agents.append(HumanAgent(ask))
        else:  # the scenario schema already rejects unknown kinds
            raise ConfigError(f"unknown agent '{kind}'")
        if spec.forbid:
            agents[-1] = RestrictedAgent(agents[-1], Restriction(spec.forbid))
    return agents
