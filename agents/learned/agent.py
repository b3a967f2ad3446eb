"""The ``learned`` agent: plays the option that leads to the best place for its seat.

By default (``lookahead = 0``) it plays its distilled policy (``policy``): the option whose
look-ahead rating its trees predict highest, from the decision and the position alone, with no
fork. With a ``lookahead``, it searches instead: for each option it forks the game, redraws
what its seat cannot see, gives the option and lets the heuristic bots play on for
``lookahead`` rounds (over ``redraws`` redraws); it keeps the options that leave its seat best
placed by the engine's evaluation, then takes the heuristic bot's choice among them, else the
one its learned value model (``model``) expects to end best (``decide``).

The model is the one cached for the game's exact rules (``store``); when there is none it is
trained first, here, by self-play (``training``), and cached. A model file named in the
scenario (``model``) is used instead, if it was trained for these rules; otherwise it is refused.
Only this module is imported to list the agents, so scikit-learn and numpy are needed only once a
learned seat plays.
"""
from __future__ import annotations

import random
import sys
import time

from peloponnes.agents.restricted import answers_pending
from peloponnes.core.errors import ConfigError
from peloponnes.core.schema import Field, Table, validate

DEFAULT_GAMES = 600         # training's default too (it reads it here: this module needs no numpy)
MAX_GAMES = 1_000_000
MAX_LOOKAHEAD = 100     # rounds: more than any game has
MAX_REDRAWS = 1000
EXTRA = "pip install 'peloponnes-sandbox[learn]'"

# The agent's settings: a player's ``learned`` table in a scenario.
SETTINGS_SCHEMA = Table({
    "model": Field(str, default="",
                   doc="a model file to play with (`peloponnes models save`), which must have been"
                       " trained for this scenario's rules; default: the cached model of the"
                       " rules, trained first when there is none"),
    "training_games": Field(int, default=DEFAULT_GAMES, min=1, max=MAX_GAMES,
                            doc="self-play games to train on when no model fits the rules yet"),
    "lookahead": Field(int, default=0, min=0, max=MAX_LOOKAHEAD,
                       doc="0: play the distilled policy (no fork: about 30 times faster than"
                           " the search, as strong); 1 or more: search instead, the rounds the"
                           " heuristic bots play on from each option's after-state before the"
                           " engine evaluates it"),
    "redraws": Field(int, default=2, min=1, max=MAX_REDRAWS,
                     doc="with a lookahead: redraws of what the seat cannot see that each"
                         " option is evaluated over (each costs as much again)"),
})


def needs_extra() -> ConfigError:
    return ConfigError(f"the learned agent needs scikit-learn and numpy: {EXTRA}")


class LearnedAgent:
    """Answers the pending decision of ``game`` (the game it plays in) with its model."""
    needs_view = False
    is_bot = True
    settings_schema = SETTINGS_SCHEMA   # its table in a scenario: ``[players.learned]``
    stateless = True        # each answer depends only on the game and the seed

    def __init__(self, seed: str, game, settings: dict | None = None):
        try:
            import numpy  # noqa: F401
            import sklearn  # noqa: F401
        except ImportError:
            raise needs_extra() from None
        from .features import encoder_for
        from .policy import columns as policy_columns
        settings = validate(dict(settings or {}), SETTINGS_SCHEMA, where="learned")
        self.seed = seed
        self.lookahead, self.redraws = settings["lookahead"], settings["redraws"]
        self.game = game.enable_forking()
        self.model = model_for(game.ruleset, game.scenario, settings)
        self.encoder = encoder_for(game.ruleset, game.scenario)
        if self.model.weights[0].shape[0] != self.encoder.size:
            raise ConfigError(f"the learned model of these rules reads "
                              f"{self.model.weights[0].shape[0]} numbers but the game's view "
                              f"has {self.encoder.size}: train it again (`peloponnes models "
                              "clear`, then `peloponnes train`)")
        policy = self.model.policy
        if policy is not None and self.model.info.get("policy_columns") != policy_columns(
                self.encoder):
            raise ConfigError("the learned model's policy reads other features than this"
                              " game's: train it again (`peloponnes models clear`, then"
                              " `peloponnes train`)")

    def choose(self, view, decision) -> str:
        from .decide import best_option

        game = self.game
        if not answers_pending(game.pending, decision):
            raise RuntimeError("the learned agent answers only its own game's pending decision")
        # a restricted seat (agents.restricted) chooses among the options it was shown
        allowed = None if decision is game.pending else {o.id for o in decision.options}
        if self.lookahead == 0 and self.model.policy is not None:
            return self.policy_choice(allowed)
        redraw = random.Random(f"{self.seed}:{len(game.answers)}").getrandbits(64)
        best = best_option(game, self.model, self.encoder, redraw, allowed, self.lookahead,
                           self.redraws)
        return game.pending.options[best].id

    def policy_choice(self, allowed: set | None) -> str:
        """The allowed option of the pending decision the distilled policy rates highest (ties:
        the one offered first)."""
        from .policy import option_rows

        pending = self.game.pending
        rated = self.model.policy.predict(option_rows(self.game, self.encoder, pending))
        best = max((i for i, o in enumerate(pending.options) if allowed is None or o.id in allowed),
                   key=lambda i: (rated[i], -i))
        return pending.options[best].id


def model_for(ruleset, scenario, settings: dict):
    """The model a learned seat plays with: the scenario's model file (checked against the
    rules), else the cached one, else one trained now (and cached)."""
    from . import store

    digest = store.ruleset_digest(ruleset, scenario)
    if settings["model"]:
        path = scenario.resolve(settings["model"])
        model = store.ValueModel.load(path)
        store.check_fits(model, digest, path)
        return model
    model = store.find(digest)
    if model is None:
        model = train_here(ruleset, scenario, settings["training_games"])
        store.store(model)
    return model


def train_here(ruleset, scenario, games: int):
    """Train a model in this process, saying so on standard error with the time left."""
    from . import store
    from .training import Plan, train

    name = scenario.name or ruleset.variant.name
    print(f"learned agent: no model for these rules yet ({name}, ruleset"
          f" {store.short(store.ruleset_digest(ruleset, scenario))}): training one on {games}"
          f" self-play games (and {Plan(games=games).distill_count()} labelled games to"
          f" distil its policy) first, once (cached in {store.cache_folder()}; `peloponnes train`"
          " does it ahead, with a progress bar and workers)", file=sys.stderr, flush=True)
    started = time.perf_counter()
    shown = [0.0]

    def progress(done: int, total: int, what: str) -> None:
        elapsed = time.perf_counter() - started
        if elapsed - shown[0] >= 30 and done:
            shown[0] = elapsed
            left = elapsed / done * (total - done)
            print(f"learned agent: {what}: {done}/{total} games, about {left / 60:.0f} min left",
                  file=sys.stderr, flush=True)

    model = train(ruleset, scenario, Plan(games=games), progress=progress)
    print(f"learned agent: trained in {time.perf_counter() - started:.0f} s", file=sys.stderr,
          flush=True)
    return model
