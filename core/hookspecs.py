"""Every hook point of the core engine, grouped by when it is called. Plugin authors write
``from peloponnes import hookimpl`` and implement any by name; a ruleset family adds its own
(``Variant.hookspecs``); ``peloponnes hooks`` lists them all. ``@returns`` states what a hook must
return (core/results.py checks it). Every spec says when it is called, its arguments, what it
returns and whether the first non-None result wins (``firstresult``); hooks returning a list of
phases are meant to be adjusted with ``@hookimpl(wrapper=True)``.
"""
from __future__ import annotations

import pluggy

from .results import MAX_ROUNDS, labels, metrics, phases, pieces, returns, score, texts

PROJECT = "peloponnes"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# --- Registration ------------------------------------------------------------------------------

@hookspec
def register_variants():
    """Called once when plugins are discovered. Return a list of ``core.Variant`` this plugin
    provides (or None). All results are collected.

    Example::

        @hookimpl
        def register_variants():
            return [Variant(name="mini", title="Mini", description="...", min_players=2,
                            max_players=4, components=Path(__file__).with_name("mini.toml"),
                            plugins=(MiniRules(),))]
    """


@hookspec
def declare_plugin():
    """Called when a scenario's plugins are loaded, before the game starts. Return a dict with
    any of ``requires_variant`` (variant names, one of which must be played), ``requires_plugins``
    and ``conflicts_with`` (plugin names: file stem or module name; one name may be a string),
    ``description`` (a line for ``peloponnes plugins``) and ``parameters`` (name -> ``type``:
    "int", "float", "bool" or "str", ``default``, optional ``min``, ``max``, ``choices``,
    ``description``). Other keys or types are an error naming the plugin. All results are
    collected; a game whose requirements are not met does not start. A scenario sets parameters
    in ``[parameters.PLUGIN]``; the rules read ``game.parameters["PLUGIN"]["NAME"]``;
    ``peloponnes sweep --vary plugins.PLUGIN.NAME=1,2,3`` varies them.

    Example::

        @hookimpl
        def declare_plugin():
            return {"description": "Conquest +2", "requires_variant": ["cardgame"],
                    "conflicts_with": ["no_conquest"],
                    "parameters": {"surcharge": {"type": "int", "default": 2, "min": 0}}}
    """


# --- Components --------------------------------------------------------------------------------

@hookspec(firstresult=True)
@returns(dict)
def load_components(variant, path):
    """Called once when a ruleset is loaded, before any game. ``path`` is the component file the
    scenario names (or the variant's own). Return the component data (a dict); the first result
    wins. The core's default reads the TOML file; a plugin may return a changed deck (use
    ``wrapper=True`` to start from the default data). The result is validated against the
    variant's schema.

    Example::

        @hookimpl(wrapper=True)
        def load_components(variant, path):
            data = copy.deepcopy((yield))
            data["rules"]["pass_coin_cards"] = 2
            return data
    """


# --- Setup -------------------------------------------------------------------------------------

@hookspec
def setup_game(game):
    """Called once before the first round: build ``game.state`` from ``game.components``,
    ``game.options`` and ``game.rng``. All implementations run (latest registered first);
    a plugin that adjusts the variant's setup uses ``wrapper=True`` and acts after ``yield``.
    Return value ignored.

    Example::

        @hookimpl(wrapper=True)
        def setup_game(game):
            yield                       # the variant builds game.state first
            for player in game.state.players:
                player.luxury = 1
    """


@hookspec(firstresult=True)
@returns(list, tuple, check=phases)
def list_setup_phases(game):
    """Called once after ``setup_game``. Return the list of ``Phase`` run before round 1 (e.g.
    a negotiation). First result wins; adjust it with a wrapper.

    Example::

        @hookimpl(wrapper=True)
        def list_setup_phases(game):
            phases = yield
            return [*phases, Phase("draft", draft_civilizations, "house rule: draft")]
    """


@hookspec(firstresult=True)
@returns(int, min=0, max=MAX_ROUNDS)
def count_rounds(game):
    """Called once before round 1. Return the number of rounds. First result wins.

    Example::

        @hookimpl
        def count_rounds(game):
            return 6                    # a short game
    """


@hookspec(firstresult=True)
def initial_turn_order(game):
    """Called once, after the setup phases and before round 1 starts. Return the seats (0-based)
    in the order they act in the first round, first player first, or None when the rules have
    no turn order. First result wins. The engine keeps the answer as ``game.initial_turn_order``;
    ``compare`` uses its first seat for the ``first_player_win`` metric.

    Example::

        @hookimpl
        def initial_turn_order(game):
            return list(game.state.order)
    """


# --- Rounds ------------------------------------------------------------------------------------

@hookspec(firstresult=True)
@returns(list, tuple, check=phases)
def list_round_phases(game):
    """Called at the start of every round. Return the list of ``Phase`` the round runs, in
    order. First result wins; to add, remove or reorder phases implement it with
    ``wrapper=True`` and change the list you get from ``yield``.

    Example::

        @hookimpl(wrapper=True)
        def list_round_phases(game):
            phases = yield
            return [p for p in phases if p.name != "catastrophes_supply"]
    """


@hookspec(firstresult=True)
@returns(list, tuple, check=phases)
def list_final_phases(game):
    """Called once after the last round. Return the list of ``Phase`` of the game end (final
    income, final supply, ...). First result wins; adjust it with a wrapper.

    Example::

        @hookimpl(wrapper=True)
        def list_final_phases(game):
            phases = yield
            return [*phases, Phase("bonus", award_bonus, "house rule: bonus")]
    """


# --- Information -------------------------------------------------------------------------------

@hookspec(firstresult=True)
@returns(dict)
def view_for_seat(game, seat):
    """Called whenever an agent is asked a decision. Return what ``seat`` may see (a dict): its
    own private information and everybody's public information, never another seat's secrets.
    First result wins.

    Example::

        @hookimpl(wrapper=True)
        def view_for_seat(game, seat):
            view = yield
            view["hint"] = "the Conquest row is cheap this game"
            return view
    """


@hookspec(firstresult=True)
def view_part_for_seat(game, seat, key):
    """Called when a bot reads one entry of ``seat``'s view (``view[key]``) before the whole
    view is built: return that entry alone, equal to ``view_for_seat(game, seat)[key]``, or
    None to have the whole view built. A cheaper way to the same view, never another view: it
    is asked only where every plugin that implements ``view_for_seat`` (a house rule's wrapper
    too) implements this hook as well, so a plugin that changes the view and offers no parts
    leaves bots the whole view. First result wins.

    Example::

        @hookimpl
        def view_part_for_seat(game, seat, key):
            if key == "round":
                return game.round
    """


@hookspec(firstresult=True)
def encode_view(view, decision):
    """Called by ``peloponnes.rl`` for every observation a learning agent receives: turn what
    one seat may see into numbers. ``view`` is what ``view_for_seat`` returned for the seat;
    ``decision`` is that seat's pending ``Decision``, or None while another seat is to act.
    Return a ``core.Features`` built only from ``view`` and ``decision`` (never from hidden
    state), with the same number of values for every view of a game, and ``declare`` the
    encoding's version. First result wins: a variant encodes its view; a plugin that adds
    state extends the variant's encoding with ``wrapper=True``, appending its features after
    the variant's and declaring its own version.

    Example::

        @hookimpl(wrapper=True)
        def encode_view(view, decision):
            features = yield
            features.declare("my_rule", 1)
            features.add("me.favours", view["me"]["favours"], high=10)
            return features
    """


@hookspec
@returns(dict, check=labels, each=True)
def describe_seat(game, seat):
    """Called when a game's results are summarised (``game.describe_seat(seat)``). Return a dict
    of the labels that identify what ``seat`` played with, e.g. ``{"civilization": "Argos"}``
    (``simulate`` and ``compare`` report win shares per label), or None. All results are
    merged, the base variant's first: an expansion or house rule returns only the labels it
    adds (Heroes: ``hero``, ``colony``), and its value wins for a key both return.

    Example::

        @hookimpl
        def describe_seat(game, seat):
            return {"house_rule_seat": "first" if seat == 0 else "other"}
    """


@hookspec
@returns(list, check=pieces, each=True)
def holdings(game, seat):
    """Called when a batch records a finished game (``peloponnes impact`` relates them to
    winning). Return what ``seat`` holds at the end (or played with from the start, such as
    its civilization), one dict per piece: ``component`` (its name), ``kind`` (card, tile,
    civilization, hero, colony, luxury good, ...), ``round`` (when it was acquired, 0 for
    setup; None if unknown) and ``price`` (what was paid for it; None if nothing or unknown);
    or None. All results are joined, the base variant's first: an
    expansion or house rule returns only the pieces it adds. Must not change the game.

    Example::

        @hookimpl
        def holdings(game, seat):
            return [{"component": "market stall", "kind": "building", "round": 3, "price": 2}]
    """


@hookspec
def on_event(game, event):
    """Called for every ``Event`` the rules emit, right after it happens. Observers (log,
    renderers, metrics) use it; return value ignored. It may NOT change ``game.state`` (nor the
    RNG): an observer that changed the game would make a game differ with and without a log.
    To change what happens, implement the hook that decides it (e.g. the card game's
    ``strike_catastrophe``, the board game's ``strike_disaster``), or add a phase.

    Example::

        @hookimpl
        def on_event(game, event):
            if event.kind == "catastrophe":
                print(f"round {event.round}: {event.data['catastrophe']}")
    """


@hookspec
def measure_round(game):
    """Called at the end of every round, after its last phase. Return a dict of per-round
    metrics: name -> a number, or a list with a number per seat. All results are merged (the
    plugin registered last wins a name). ``standing`` is special: a number per seat saying who
    leads (higher is better); the core's default is each seat's score if the game ended now
    (``score_seat``), and a variant whose score means nothing mid-game returns its own. The
    engine keeps the answers in ``game.round_metrics``; ``compare`` draws each metric's mean
    per round, and derives ``lead_changes`` and ``drama`` from the standings. Must not change
    the game or draw from ``game.rng``.

    Example::

        @hookimpl
        def measure_round(game):
            return {"population": [p.population() for p in game.state.players]}
    """


# --- Search (hidden information, evaluation) ---------------------------------------------------

@hookspec
def resample_hidden(game, seat, rng):
    """Called by search agents on a *fork* of the game (``game.resample(seat, rng)``), never on
    the game being played. Redraw, with ``rng`` (a ``random.Random``), everything ``seat``
    cannot see — the order of face-down piles, other players' hidden holdings, values on
    face-down chits — consistently with what it can see: the seat's view
    (``view_for_seat``) must stay exactly the same. The result must depend only on that view
    and ``rng`` (sort what you pool before shuffling it), and change objects in place (a
    running phase may hold references to them). All implementations run, latest registered
    first; an expansion that hides more adds its own. The engine reseeds ``game.rng`` after.
    Return value ignored.

    Example::

        @hookimpl
        def resample_hidden(game, seat, rng):
            pile = game.state.pile
            pile[:] = sorted(pile)      # what was there, in an order the seat cannot know
            rng.shuffle(pile)
    """


@hookspec(firstresult=True)
def evaluate_seats(game):
    """Called by search agents that stop a simulated game early (rollout truncation). Return
    a list with one number per seat: the final score each seat may expect from the position
    (the same scale as ``score_seat``'s ``value``), or None when the ruleset offers no
    evaluation (the game is then played to its end). First result wins.

    Example::

        @hookimpl
        def evaluate_seats(game):
            return [p.points + 2 * p.income for p in game.state.players]
    """


# --- End of game -------------------------------------------------------------------------------

@hookspec(firstresult=True)
@returns(check=score)
def score_seat(game, seat):
    """Called once per seat when the game is over. Return a ``core.Score``. First result wins.

    Example::

        @hookimpl(wrapper=True)
        def score_seat(game, seat):
            score = yield
            return Score(score.value + 1, score.tiebreak, score.details)
    """


@hookspec
@returns(dict, check=metrics, each=True)
def collect_metrics(game):
    """Called once when a game is over (by ``simulate`` and ``compare``, through
    ``Game.metrics()``). Return a dict of metric name -> number (or None). All results are
    merged on top of the generic metrics every game has (``core.metrics``: ``rounds``,
    ``decisions``, ``winner_score``, ``winning_margin``, ``mean_score``, ``tie``,
    ``score_seatN``, ``win_seatN``, ``first_player_win``); a name given here replaces the
    generic value.

    Example::

        @hookimpl
        def collect_metrics(game):
            return {"bids": sum(1 for e in game.events if e.kind == "bid")}
    """


# --- Testing -----------------------------------------------------------------------------------

@hookspec
@returns(list, tuple, check=texts, each=True)
def check_invariants(game):
    """Called by conformance tests after every decision. Return a list of strings, one per
    violated invariant (conservation, caps, no negative counts); empty when all hold. Example::

        @hookimpl
        def check_invariants(game):
            return [f"seat {p.seat}: luxury < 0" for p in game.state.players if p.luxury < 0]
    """


# --- Agents ------------------------------------------------------------------------------------

@hookspec(firstresult=True)
@returns(str)
def choose_heuristic(view, decision):
    """Called by the ``heuristic`` agent. Return the id of a good option for ``decision`` given
    the seat's ``view``, or None to let the agent pick at random. First result wins.
    ``view`` is a read-only Mapping built when first read (``core.views.LazyView``): an answer
    that needs no view costs none, so read it only where needed; ``dict(view)`` gives a plain
    dict (e.g. for ``json.dumps``).

    Example::

        @hookimpl
        def choose_heuristic(view, decision):
            if decision.kind == "bid_amount":
                return min(decision.options, key=lambda o: o.value).id
    """


# The hooks that put the game into words for people and reports (core/reportspecs.py),
# part of the same set of specifications.
from .reportspecs import (  # noqa: E402, F401 - after the markers the report specs use
    describe_component,
    describe_effect,
    describe_event,
    describe_metrics,
    explain_refusal,
    explain_score,
    render_view,
)
