"""Every hook point of the core engine, grouped by when it is called.

Plugin authors write ``from core import hookimpl`` and implement any of these by name. A ruleset
family may add its own hook points (``Variant.hookspecs``); ``peloponnes hooks`` lists them all.

Conventions (as in pytest and datasette): verb-led names; every spec says when it is called, what
its arguments are, what it returns and whether the first non-None result wins (``firstresult``).
Hooks that return a list of phases are meant to be adjusted with ``@hookimpl(wrapper=True)``.
"""
from __future__ import annotations

import pluggy

PROJECT = "peloponnes"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# --- Registration ------------------------------------------------------------------------------

@hookspec
def register_variants():
    """Called once when plugins are discovered. Return a list of ``core.Variant`` this plugin
    provides (or None). All results are collected."""


@hookspec
def declare_plugin():
    """Called when a scenario's plugins are loaded, before the game starts. Return a dict with
    any of ``requires_variant`` (list of variant names, one of which must be played),
    ``requires_plugins`` and ``conflicts_with`` (lists of plugin names: file stem or module
    name), ``description`` (a line for ``peloponnes plugins``). All results are collected;
    the engine refuses to start a game whose requirements are not met."""


# --- Components --------------------------------------------------------------------------------

@hookspec(firstresult=True)
def load_components(variant, path):
    """Called once when a ruleset is loaded, before any game. ``path`` is the component file the
    scenario names (or the variant's own). Return the component data (a dict); the first result
    wins. The core's default reads the TOML file; a plugin may return a changed deck (use
    ``wrapper=True`` to start from the default data). The result is validated against the
    variant's schema."""


# --- Setup -------------------------------------------------------------------------------------

@hookspec
def setup_game(game):
    """Called once before the first round: build ``game.state`` from ``game.components``,
    ``game.options`` and ``game.rng``. All implementations run (latest registered first);
    a plugin that adjusts the variant's setup uses ``wrapper=True`` and acts after ``yield``."""


@hookspec(firstresult=True)
def list_setup_phases(game):
    """Called once after ``setup_game``. Return the list of ``Phase`` run before round 1 (e.g.
    a negotiation). First result wins; adjust it with a wrapper."""


@hookspec(firstresult=True)
def count_rounds(game):
    """Called once before round 1. Return the number of rounds. First result wins."""


# --- Rounds ------------------------------------------------------------------------------------

@hookspec(firstresult=True)
def list_round_phases(game):
    """Called at the start of every round. Return the list of ``Phase`` the round runs, in
    order. First result wins; to add, remove or reorder phases implement it with
    ``wrapper=True`` and change the list you get from ``yield``."""


@hookspec(firstresult=True)
def list_final_phases(game):
    """Called once after the last round. Return the list of ``Phase`` of the game end (final
    income, final supply, ...). First result wins; adjust it with a wrapper."""


# --- Information -------------------------------------------------------------------------------

@hookspec(firstresult=True)
def view_for_seat(game, seat):
    """Called whenever an agent is asked a decision. Return what ``seat`` may see (a dict): its
    own private information and everybody's public information, never another seat's secrets.
    First result wins."""


@hookspec(firstresult=True)
def describe_seat(game, seat):
    """Called when a game's results are summarised. Return a dict of the labels that identify
    what ``seat`` played with, e.g. ``{"civilization": "Argos"}`` (``simulate`` and ``compare``
    report win shares per label). First result wins."""


@hookspec
def on_event(game, event):
    """Called for every ``Event`` the rules emit, right after it happens. Observers (log,
    renderers, metrics) use it; return value ignored."""


# --- End of game -------------------------------------------------------------------------------

@hookspec(firstresult=True)
def score_seat(game, seat):
    """Called once per seat when the game is over. Return a ``core.Score``. First result wins."""


@hookspec
def collect_metrics(game):
    """Called once when a game is over (by ``simulate`` and ``compare``). Return a dict of
    metric name -> number (or None). All results are merged; later plugins may add metrics."""


# --- Testing -----------------------------------------------------------------------------------

@hookspec
def check_invariants(game):
    """Called by conformance tests after every decision. Return a list of strings, one per
    violated invariant (conservation, caps, no negative counts); empty when all hold."""


# --- User interface ----------------------------------------------------------------------------

@hookspec(firstresult=True)
def render_view(view):
    """Called by the terminal interface (``peloponnes play``) before a human answers. Return a
    ``rich`` renderable showing ``view`` (what ``view_for_seat`` returned), or None for the
    generic rendering. First result wins. Rendering lives here, apart from the rules."""


# --- Agents ------------------------------------------------------------------------------------

@hookspec(firstresult=True)
def choose_heuristic(view, decision):
    """Called by the ``heuristic`` agent. Return the id of a good option for ``decision`` given
    the seat's ``view`` (a variant's rules-aware bot), or None to let the agent pick at random.
    First result wins."""

