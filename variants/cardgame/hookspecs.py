"""Hook points of the card game alone (``Variant.hookspecs`` of ``cardgame``): its catastrophes.
The family's hooks (``variants.common.hookspecs``) are shared with the board game; these are
called only by the card game's rules, so a board-game plugin cannot implement them by mistake.

A catastrophe is resolved in three steps, each a hook: ``strike_catastrophe`` resolves it for the
whole table (default: every seat in turn order, unless protected); for each unprotected seat
``list_catastrophe_targets`` gives the cards it may hit and ``count_catastrophe_hits`` how many;
the player then covers or loses each card hit (cardgame: Catastrophes).
"""
from peloponnes.core import hookspec
from peloponnes.core.results import MAX_LARGE, returns


@hookspec(firstresult=True)
def strike_catastrophe(game, catastrophe):
    """Called when a catastrophe marker reaches the last space of its track and ``catastrophe``
    strikes (after the ``catastrophe`` event). Return an iterator of Decisions (a generator) that
    resolves it for the whole table, or None to leave it to the next implementation. The card
    game's default strikes every seat in turn order that is not protected (the ``protected``
    event) through ``list_catastrophe_targets`` and ``count_catastrophe_hits``, or takes the
    luxury goods and the luxury card (Decline). Change state only through the card game's
    helpers (``gain_luxury``, ``lose_card``, ...; see docs/state.md). First result wins.
    Rule: cardgame: Catastrophes.

    Example::

        def plague_bonus(game, catastrophe, steps):
            yield from steps or ()              # the card game's own resolution first
            if catastrophe == "plague":         # then every player gets a luxury good
                for player in game.state.players:
                    gain_luxury(game, player, 1, "house rule", "plague bonus")

        @hookimpl(wrapper=True)
        def strike_catastrophe(game, catastrophe):
            return plague_bonus(game, catastrophe, (yield))
    """


@hookspec(firstresult=True)
@returns(list, tuple)
def list_catastrophe_targets(game, seat, catastrophe):
    """Called for each unprotected seat when ``catastrophe`` strikes it (not for Decline, which
    hits the luxury goods and the luxury card). Return the list of the seat's cards (``Placed``)
    the catastrophe may hit; the player chooses among them. Defaults: Plague the civilization
    card; Earthquake the buildings, Tempest the landscapes (each still uncovered); Drought the
    uncovered power cards with the highest grain production (none when no power card produces
    grain). First result wins. Rule: cardgame: Catastrophes.

    Example::

        @hookimpl(wrapper=True)
        def list_catastrophe_targets(game, seat, catastrophe):
            targets = yield
            if catastrophe != "drought":
                return targets
            cards = [p for p in game.state.players[seat].power_cards() if p.active]
            grain = sorted({p.card["production"]["grain"] for p in cards}, reverse=True)
            second = grain[1] if len(grain) > 1 else None
            return [p for p in cards if p.card["production"]["grain"] == second]
    """


@hookspec(firstresult=True)
@returns(int, min=0, max=MAX_LARGE)
def count_catastrophe_hits(game, seat, catastrophe, cards):
    """Called after ``list_catastrophe_targets`` for each unprotected seat that has a target.
    ``cards`` are the cards the share is counted over: for Earthquake and Tempest all the seat's
    buildings or landscapes, covered ones included ("Ein Drittel aller Gebäude"); for the others
    the targets. Return how many are hit (the hits fall on the targets, at most all of them).
    Default: a third (``rules.catastrophe_share``), rounded up, for Earthquake and Tempest; one
    for the others. First result wins. Rule: cardgame: Catastrophes.

    Example::

        @hookimpl(wrapper=True)
        def count_catastrophe_hits(game, seat, catastrophe, cards):
            hits = yield
            return min(hits, math.ceil(len(cards) / 4))
    """
