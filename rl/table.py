"""What both environments share: a scenario loaded once, its games started from an episode seed,
each seat's observation (the ``encode_view`` hook as a float32 vector, plus the action mask) and
the reward at the end.

Action ``i`` answers the pending decision with its ``i``-th option. K, the number of actions, is
the variant's declared ``max_options`` (or the ``max_options`` given to the environment); a
decision offering more options than K stops the game with an error instead of hiding options.
"""
from __future__ import annotations

from pathlib import Path

import gymnasium
import numpy as np

from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError, IllegalAnswer, SandboxError
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario

REWARDS = ("win", "margin")


def load_scenario(scenario: Scenario | str | Path) -> Scenario:
    """A Scenario as given, or read from a file path or a shipped scenario's name."""
    return scenario if isinstance(scenario, Scenario) else Scenario.from_file(scenario)


class Table:
    """One scenario's ruleset with the spaces learning agents see, and the game being played.

    ``reward``: what a seat receives when the game ends (0 before):
    ``"win"`` -- 1 shared equally among the winners (1/k each for k tied winners), 0 for the
    others; ``"margin"`` -- the seat's score minus the best score among the other seats
    (positive only for the sole winner). With one seat (the board game's solo game: "score
    the most points possible") both give the seat's score."""

    def __init__(self, scenario: Scenario | str | Path, *, reward: str = "win",
                 max_options: int | None = None):
        if reward not in REWARDS:
            raise ConfigError(f"unknown reward '{reward}' (known: {', '.join(REWARDS)})")
        self.ruleset, self.scenario = load_ruleset(load_scenario(scenario))
        self.reward = reward
        variant = self.ruleset.variant
        self.max_options = max_options or variant.max_options
        if not self.max_options:
            raise ConfigError(f"variant '{variant.name}' declares no max_options (the most options"
                              " a decision offers); pass max_options= to the environment")
        self.num_players = len(self.scenario.players)
        self.encode = self.ruleset.pm.hook.encode_view
        self.game: Game | None = None
        self.seed: int | None = None
        # the seats acting through the action space, whose decisions must fit in K
        self.learners = set(range(self.num_players))
        probe = self._probe()
        self.feature_names = probe.names()
        self.encoding = dict(probe.versions)
        self.size = len(probe)
        self.lows = np.array(probe.lows(), dtype=np.float32)
        self.highs = np.array(probe.highs(), dtype=np.float32)
        self.observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(self.lows, self.highs, dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self.max_options,), dtype=np.int8),
        })
        self.action_space = gymnasium.spaces.Discrete(self.max_options)

    def _probe(self):
        """The encoding of the scenario's first position, which fixes the layout."""
        game = Game(self.ruleset, self.scenario).start()
        features = self.encode(view=game.view(0), decision=None)
        if features is None:
            raise ConfigError(f"variant '{self.ruleset.variant.name}' has no encode_view hook:"
                              " its views cannot be turned into observations")
        return features

    def metadata(self) -> dict:
        return {
            "name": f"peloponnes_{self.ruleset.variant.name}",
            "render_modes": ["ansi"],
            "render_fps": 1,
            "is_parallelizable": False,
            "variant": self.ruleset.variant.name,
            "plugins": [p.name for p in self.ruleset.plugins if p.kind in ("file", "module")],
            "encoding_versions": dict(self.encoding),
            "encoding": "+".join(f"{name}/{v}" for name, v in self.encoding.items()),
            "observation_size": self.size,
            "max_options": self.max_options,
            "reward": self.reward,
        }

    # --- episodes ---------------------------------------------------------------------------
    def next_seed(self, seed: int | None) -> int:
        """The episode's seed: the one given, else the scenario's for the first episode, else
        one more than the previous episode's (as ``simulate`` numbers its games)."""
        if seed is not None:
            self.seed = int(seed)
        elif self.seed is None:
            self.seed = self.scenario.seed
        else:
            self.seed += 1
        return self.seed

    def new_game(self, seed: int | None) -> Game:
        game = Game(self.ruleset, self.scenario, seed=self.next_seed(seed)).start()
        self.game = game
        self.check_pending()
        return game

    def check_pending(self) -> None:
        """Fail loudly if a learner's pending decision offers more options than there are
        actions."""
        decision = self.game.pending
        if (decision is not None and decision.seat in self.learners
                and len(decision.options) > self.max_options):
            raise SandboxError(
                f"decision '{decision.kind}' ({decision.rule or 'no rule named'}) offers"
                f" {len(decision.options)} options, more than the {self.max_options} actions"
                f" of the environment (variant {self.ruleset.variant.name}, seed {self.seed});"
                " pass a larger max_options")

    def choose(self, seat: int, action) -> None:
        """Answer the pending decision of ``seat`` with its ``action``-th option."""
        decision = self.game.pending
        index = int(action)
        if not 0 <= index < len(decision.options):
            raise IllegalAnswer(f"seat_{seat + 1}: action {index} is masked out: decision"
                                f" '{decision.kind}' ({decision.rule}) offers actions 0 to"
                                f" {len(decision.options) - 1}")
        self.game.choose(decision.options[index].id)
        self.check_pending()

    def is_legal(self, action) -> bool:
        return 0 <= int(action) < len(self.game.pending.options)

    # --- what a seat sees -----------------------------------------------------------------------
    def observe(self, seat: int) -> dict:
        game = self.game
        decision = game.pending if game.pending is not None and game.pending.seat == seat else None
        features = self.encode(view=game.view(seat), decision=decision)
        if len(features) != self.size:
            raise SandboxError(f"encode_view gave {len(features)} numbers for seat_{seat + 1}"
                               f" where the layout has {self.size} (encoding {self.encoding},"
                               f" seed {self.seed}): an encoding must have a fixed length")
        vector = np.clip(np.asarray(features.values, dtype=np.float32), self.lows, self.highs)
        mask = np.zeros(self.max_options, dtype=np.int8)
        if decision is not None:
            mask[:len(decision.options)] = 1
        return {"observation": vector, "action_mask": mask}

    def rewards(self) -> list[float]:
        """Each seat's reward for the finished game."""
        result = self.game.result
        values = [float(s.value) for s in result.scores]
        if len(values) == 1:
            return values
        if self.reward == "win":
            share = 1.0 / len(result.winners)
            return [share if seat in result.winners else 0.0 for seat in range(self.num_players)]
        return [v - max(values[:i] + values[i + 1:]) for i, v in enumerate(values)]

    def render(self) -> str:
        """The table as the pending seat (or seat 1 once the game is over) sees it, as text."""
        from rich.console import Console
        from rich.markup import escape

        game = self.game
        seat = game.pending.seat if game.pending is not None else 0
        console = Console(width=100, record=True, file=_Discard())
        renderable = game.hook.render_view(view=game.view(seat), layout="compact")
        if renderable is not None:
            console.print(renderable)
        if game.pending is not None:
            decision = game.pending
            console.print(escape(f"seat_{seat + 1}: {decision.prompt} ({decision.rule})"))
            for i, option in enumerate(decision.options):
                console.print(escape(f"  {i}: {option.label}"))
        else:
            console.print(f"game over: scores {[s.value for s in game.result.scores]}")
        return console.export_text()


class _Discard:
    """A file that forgets what is written (the console records it for ``export_text``)."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass
