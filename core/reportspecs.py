"""The hook points that put a game into words and pictures for people and reports: events,
components and refused answers told at the table, the final score taken apart, metrics and a
house rule's effect described in ``compare``'s report, the table drawn. Part of the core's
specifications (``core/hookspecs.py`` imports them); none of them changes a game.
"""
from __future__ import annotations

from .hookspecs import hookspec
from .results import returns
from .score_parts import explanation


@hookspec(firstresult=True)
def describe_event(game, event, seat):
    """Called by the narrator (``peloponnes play`` before each prompt, ``replay --log``,
    ``replay --html``) for every ``Event``. Return plain sentences for people (one line, or a
    heading and indented lines for a table-like event), with names
    (``game.seats[s].name``) and component names instead of ids; ``""`` to say nothing about
    the event; None when you do not know the event (the next plugin is asked, and the core
    finally words it generically). ``seat`` is whose screen it is (None: a spectator): never
    reveal another seat's hidden holdings. The game may have moved on since the event (a
    replay narrates at the end): read what the event carries, not the current state. First
    result wins, so a house rule words its own events and returns None for the others.

    Example::

        @hookimpl
        def describe_event(game, event, seat):
            if event.kind == "market_trade":
                return f"{game.seats[event.data['seat']].name} traded 2 coin cards for luxury."
    """


@hookspec(firstresult=True)
def describe_component(game, name):
    """Called when a person asks about a component at the table (``i NAME``). ``name`` is what
    they typed (match names and ids without regard to case). Return a few lines explaining it
    (its printed values and ability), or None when ``name`` is none of yours. First result
    wins.

    Example::

        @hookimpl
        def describe_component(game, name):
            if name.lower() == "market":
                return "Market: a house-rule phase; trade 2 coin cards for 1 luxury good."
    """


@hookspec(firstresult=True)
def explain_refusal(game, decision, answer):
    """Called at the table when a person types ``answer`` (stripped, not a table command) and
    it is none of ``decision``'s options: typically the number of something not offered now.
    Return one sentence saying why it cannot be chosen, in the person's terms (the card, its
    price, what they hold), or None when you do not know (the next plugin is asked; the table
    then lists what can be typed). Must not change the game. First result wins.

    Example::

        @hookimpl
        def explain_refusal(game, decision, answer):
            if decision.kind == "market_trade" and answer == "2":
                return "the market trades only once a round"
    """


@hookspec(firstresult=True)
@returns(check=explanation)
def explain_score(game, seat):
    """Called when a finished game's scores are shown (``play``, ``replay``, ``--json``,
    ``--html``). Return a ``core.ScoreExplanation``: the parts of ``seat``'s final score as the
    rulebook adds them up (``ScorePart(total, label, value, note)``), which must make exactly
    the value ``score_seat`` gave; or None (no sheet is shown). First result wins: a house rule
    that changes ``score_seat`` adds its part here too (otherwise the table says the score
    differs from its parts).

    Example::

        @hookimpl(wrapper=True)
        def explain_score(game, seat):
            sheet = yield
            bonus = ScorePart("power", "house rule: bonus", 1)
            return replace(sheet, parts=(*sheet.parts, bonus))
    """


@hookspec
def describe_metrics():
    """Called when a report is drawn (``compare``, ``sweep``). Return a dict: metric name ->
    ``{"meaning": "one line a newcomer understands", "unit": "points"}`` for the metrics this
    plugin adds (``collect_metrics``, ``measure_round``). All results are merged; the reports
    print a glossary from them and use the unit in their headline sentences. The core declares
    the generic metrics (``core.metrics.GENERIC_METRICS``).

    Example::

        @hookimpl
        def describe_metrics():
            return {"bids": {"meaning": "bids placed in a game", "unit": "bids"}}
    """


@hookspec
def describe_effect(effect):
    """Called when ``compare`` reports what a house rule did, once per ruleset that adds the
    plugin; only the plugin's own implementation is asked. ``effect`` is a dict: ``games``;
    ``hooks``: each of the plugin's hooks -> ``{"asked": calls a game, "changed": calls a game
    whose answer differed from what the rules it overrides would have answered, "by": the
    plugin's answers less the rules', summed, a game (when both are numbers, else None)}``;
    ``options``: decision kind -> option id -> times taken a game (the decisions its phases
    ask); ``differences``: metric -> mean paired difference against the first ruleset. Return
    one sentence in the game's terms, without the plugin's name (the report puts it first), or
    None: the report's generic sentence ("changed the answer of HOOK 3.1 times a game (of 8.0
    calls)") is always shown.

    Example::

        @hookimpl
        def describe_effect(effect):
            hits = effect["hooks"]["count_catastrophe_hits"]
            return (f"changed {hits['changed']:.1f} catastrophe hits a game, "
                    f"sparing {-hits['by']:.1f} cards")
    """


@hookspec(firstresult=True)
def render_view(view, layout):
    """Called by the terminal interface (``peloponnes play``) before a human answers. Return a
    ``rich`` renderable showing ``view`` (what ``view_for_seat`` returned), or None for the
    generic rendering. ``layout`` is ``"compact"`` (the default: the whole table fits a 100x30
    terminal), ``"full"`` (everything, on request) or ``"legend"`` (what the table's
    abbreviations mean). Seats are counted from 1 and named; rows people choose from carry the
    numbers the menu uses. First result wins. Rendering lives here, apart from the rules.

    Only the game's own ruleset is asked, so an implementation need not check which variant made
    the view; an expansion or house rule extends its base's renderable with ``wrapper=True``.

    Example::

        @hookimpl(wrapper=True)
        def render_view(view, layout):
            table = yield                       # the variant's own rendering
            return rich.console.Group(table, f"House rule: {view['hint']}")
    """
