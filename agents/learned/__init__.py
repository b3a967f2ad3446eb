"""The ``learned`` agent: by default plays a policy distilled from a look-ahead search (no fork
at play time); with a ``lookahead``, the search itself: the option whose after-state leaves its
seat best placed, by the engine's evaluation, then the heuristic bot's preference, then a value
model of the ruleset learned by self-play with scikit-learn (``docs/agents.md``).

Modules, one job each: ``agent`` (the agent and its settings: numpy and scikit-learn are
imported only once a learned seat plays), ``decide`` (how it chooses among the after-states),
``features`` (views as numbers, options' after-states), ``policy`` (the distilled policy:
option features, the flattened trees, labelled games), ``model`` (the model file: the value
model and the policy), ``store`` (the ruleset digest, the cache), ``selfplay`` (one self-play game
and what it keeps), ``fitting`` (scikit-learn), ``device`` (the CPU, or a GPU where one is
present), ``training`` (rounds of self-play and fitting, then the distillation)."""
from peloponnes.agents.learned.agent import SETTINGS_SCHEMA, LearnedAgent

__all__ = ["LearnedAgent", "SETTINGS_SCHEMA"]
