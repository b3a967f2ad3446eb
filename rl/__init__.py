"""Agents from outside: the rulesets as reinforcement-learning environments.

- ``env(scenario, **options)``: a PettingZoo AEC environment, one agent per seat (``seat_1`` ...).
- ``gym_env(scenario, seat=1, **options)``: a Gymnasium environment for one seat; the other seats
  are the scenario's own agents.

``scenario`` is a ``Scenario``, a scenario file or a shipped scenario's name (``cardgame-4p``).
Options: ``reward`` (``"win"``: 1 shared among the winners, or ``"margin"``: score minus the best
other score; paid when the game ends, 0 before), ``max_options`` (K, the number of actions; default:
the variant's declared maximum), ``render_mode`` (``"ansi"``); ``gym_env`` also takes
``illegal_action`` (``"lose"`` or ``"raise"``). Chance comes from ``reset(seed=...)``: the same
seed and actions give the same game. Needs the optional extra: ``pip install
'peloponnes-sandbox[rl]'``.
"""
from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"peloponnes.rl needs {missing.name}: install the extra with"
        " pip install 'peloponnes-sandbox[rl]' (from a clone: pip install -e '.[rl]')",
        name=missing.name) from None

from .aec import PeloponnesAECEnv
from .single import PeloponnesGymEnv
from .table import REWARDS, Table


def env(scenario, **options) -> PeloponnesAECEnv:
    """A PettingZoo AEC environment for ``scenario`` (see the module's doc for ``options``)."""
    return PeloponnesAECEnv(scenario, **options)


def gym_env(scenario, seat: int = 1, **options) -> PeloponnesGymEnv:
    """A Gymnasium environment in which seat ``seat`` (counted from 1) learns."""
    return PeloponnesGymEnv(scenario, seat, **options)


__all__ = ["env", "gym_env", "PeloponnesAECEnv", "PeloponnesGymEnv", "Table", "REWARDS"]
