"""The engine core. It knows rounds, phases, seats, decisions, events and randomness, and nothing
about any Peloponnes rule: rulesets are plugins (see ``core.hookspecs``)."""
from .decisions import Decision, Event, Option
from .engine import Game, Seat
from .errors import ConfigError, IllegalAnswer, PluginError, SandboxError
from .features import Features
from .hookspecs import hookimpl, hookspec
from .playing import play
from .score_parts import ScoreExplanation, ScorePart
from .scores import Result, Score
from .stash import Stash, StashKey
from .variant import Phase, Variant, VariantOption, insert_phase_after

__all__ = ["Decision", "Event", "Option", "Features", "Game", "Result", "Score", "Seat", "play",
           "ScoreExplanation", "ScorePart",
           "ConfigError", "IllegalAnswer", "PluginError", "SandboxError", "hookimpl", "hookspec",
           "Phase", "Variant", "VariantOption", "insert_phase_after", "Stash", "StashKey"]
