"""Hook points of the tile board game, added to the plugin manager by the ``boardgame`` variant and
every variant stacked on it (``Variant.hookspecs``). They are where an expansion such as Heroes &
Colonies, or a house rule, changes the board game without copying it: player mats (colonies),
chits per round, disaster effects and protection, what happens after a tile is added (Strength)
and after a supply round (internal conflict).

Conventions: ``firstresult`` hooks stop at the first non-None result; the board game's own
implementation is registered first, so it is called last and acts as the default. Hooks that
return *steps* return ``None`` or an iterator of ``core.Decision`` (typically a generator): the
rules run it with ``yield from`` at that point of the game, so a plugin can ask players to choose.
Write such an implementation as a plain function returning a generator (or None) when it must be
able to decline, since a generator function always returns a (non-None) generator.
"""
from peloponnes.core import hookspec
from peloponnes.core.results import MAX_LARGE, MAX_SMALL, permutation_of, returns

# --- Setup -------------------------------------------------------------------------------------

@hookspec(firstresult=True)
@returns(dict)
def provide_player_mat(game, seat):
    """Called once per seat in ``setup_game``, before starting goods are stored. Return the seat's
    mat: a dict with ``storehouse`` ({"wood", "stone", "food"} -> limit), ``income`` (rows of
    ``population``/``coins``/``luxury``, used by ``compute_income``), ``coins_per_prestige``,
    ``points_per_inhabitant`` and ``luxury_trade_rate``. The board game gives every seat the
    printed mat (10/10/13, the income table, 3 coins = 1 prestige, 3 points per inhabitant, 2:1).
    First result wins (colony boards replace the mat). The default ``compute_income`` reads the
    seat's income table at every round, so a change to it counts from the next round on.
    Rule: boardgame: Setup; Luxury Goods.

    Example::

        @hookimpl(wrapper=True)
        def provide_player_mat(game, seat):
            mat = yield
            return {**mat, "storehouse": {**mat["storehouse"], "food": 16}}   # a bigger granary
    """


# --- Reveal / placing tiles ----------------------------------------------------------------------

@hookspec(firstresult=True)
@returns(bool)
def check_land_placement(game, seat, tile):
    """Called when ``seat`` adds the land tile ``tile`` (a component dict). Return True when it may
    be placed at the end of the seat's land row: the first land tile anywhere; otherwise it must
    share a resource (wood, stone or food income) with the last land tile, or the seat owns a
    tile with ``placement_wildcard`` (Barracks). First result wins.
    Rule: boardgame: D. Add Tiles To Civilizations.

    Example::

        @hookimpl
        def check_land_placement(game, seat, tile):
            return True                         # land tiles fit anywhere
    """


@hookspec(firstresult=True)
@returns(list, tuple)
def list_building_costs(game, seat, tile):
    """Called when ``seat`` builds the building ``tile`` in D. and when it completes a building
    marked with a coin in a supply round. Return the ways it may pay: a list of costs (dicts
    ``{"wood": n, "stone": n}``), offered as separate choices (option ids ``build`` /
    ``complete`` for the first, ``build:1`` / ``complete:1`` ... for the others). The default is
    the printed cost alone, ``[tile["cost"]]``. First result wins.
    Rule: boardgame: D. Add Tiles To Civilizations; Supply Round.

    Example::

        @hookimpl
        def list_building_costs(game, seat, tile):
            cost = tile["cost"]                 # a builder saves 2 wood or 2 stone
            return [{**cost, r: max(0, cost[r] - 2)} for r in ("wood", "stone") if r in cost]
    """


@hookspec(firstresult=True)
@returns(int, min=0, max=MAX_SMALL)
def count_mark_coins(game, seat, tile):
    """Called in D. when ``seat`` may mark (reserve) the building ``tile`` instead of paying for
    it. Return how many coins it places on the tile (they come back when the building is
    completed or lost); default 1 (``[rules] mark_coins``). First result wins.
    Rule: boardgame: D. Add Tiles To Civilizations.

    Example::

        @hookimpl
        def count_mark_coins(game, seat, tile):
            return 3                            # reserving is dearer (Leptis Magna)
    """


@hookspec
def after_tile_added(game, seat, placed):
    """Called in D. right after ``seat``'s new tile entered its civilization (``placed`` is the
    ``Placed`` tile: ``placed.kind``, ``placed.marked`` for a building marked with a coin), before
    the next seat adds its tile and before E. One-time income. Return None or an iterator of
    Decisions (steps run at once), e.g. to let the player raise Strength. All results are run,
    latest registered plugin first. Rule: boardgame: D. Add Tiles To Civilizations.

    Example::

        @hookimpl
        def after_tile_added(game, seat, placed):
            if placed.kind == "land":
                game.state.players[seat].population += 1    # every land brings a settler
    """


@hookspec(firstresult=True)
@returns(list, tuple, check=permutation_of("order"))
def order_turns(game, order, bids):
    """Called in C. Return the new turn order (a list of seats) from the previous ``order`` and
    this round's ``bids`` (seat -> ``Bid``; passed and withdrawn seats are absent). The default:
    highest bid first, ties keep their order, passing is the lowest. First result wins.
    Rule: boardgame: C. Adjust Player Turn Order.

    Example::

        @hookimpl
        def order_turns(game, order, bids):
            return order[1:] + order[:1]        # the start player simply rotates
    """


# --- Supply ---------------------------------------------------------------------------------------

@hookspec(firstresult=True)
@returns(int, min=0, max=MAX_LARGE)
def count_food_needed(game, seat, inhabitants):
    """Called when ``seat`` feeds its population in a supply round, also to find how many of
    ``inhabitants`` a smaller amount of food can feed. Return the food ``inhabitants`` eat
    (non-decreasing in ``inhabitants``); default 1 each. First result wins.
    Rule: boardgame: Supply Round.

    Example::

        @hookimpl
        def count_food_needed(game, seat, inhabitants):
            return (inhabitants + 1) // 2       # one food feeds two inhabitants
    """


@hookspec
def after_supply_round(game, final):
    """Called after every supply round, once all seats have fed their population and completed
    or lost their marked buildings: twice during play (when a supply tile is revealed) and once
    at the end (``final`` True). Return None or an iterator of Decisions (e.g. an internal
    conflict). All results are run, latest registered plugin first. Rule: boardgame: Supply Round.

    Example::

        @hookimpl
        def after_supply_round(game, final):
            return festival(game)               # a generator function of yours: steps to run
    """


# --- Disasters ------------------------------------------------------------------------------------

@hookspec(firstresult=True)
@returns(int, min=0, max=MAX_SMALL)
def count_disaster_chits(game, final):
    """Called at G. of every round (``final`` False) and at the end of the game (``final`` True).
    Return how many disaster chits are revealed now; default 2. First result wins.
    Rule: boardgame: G. Reveal Disaster Chits; End of the Game.

    Example::

        @hookimpl
        def count_disaster_chits(game, final):
            return 3                            # Heroes & Colonies reveals three
    """


@hookspec(firstresult=True)
def redraw_disaster_chit(game, chit, final, drawn):
    """Called in G. (and at the end, ``final`` True) each time a disaster chit is turned face up,
    before it counts: ``chit`` is its disaster (or "blank"), still the top of the face-down pile
    ``game.state.chits`` (the end of the list) while the hook decides; ``drawn`` the chits turned
    face up earlier in this reveal that stayed face up, in order. Return None to let it count, or
    an iterator of Decisions (steps) whose return value is True to put it back face down under
    the pile (index 0), after which another chit is revealed in its place without counting
    towards this reveal's number. Put a chit back only while another chit is face down (one put
    back from a pile of one counts anyway). Default: None. First result wins.
    Rule: boardgame: G. Reveal Disaster Chits.

    Example::

        @hookimpl
        def redraw_disaster_chit(game, chit, final, drawn):
            if drawn and drawn[-1] == chit and len(game.state.chits) > 1:
                return put_back()               # a generator function returning True
            return None
    """


@hookspec(firstresult=True)
def strike_disaster(game, disaster):
    """Called when ``disaster`` fires (its chit count reached one of its ``fire_on`` values).
    Return an iterator of Decisions that resolves it for the whole table, or None to leave it to
    the next implementation. The board game's default resolves every disaster with a component
    effect seat by seat in turn order (``check_protection``, then ``get_disaster_effect``); an
    expansion answers for its own ``effect = "custom"`` disasters (Persians) and returns None for
    the rest. First result wins. Rule: boardgame: Disasters.

    Example::

        @hookimpl
        def strike_disaster(game, disaster):
            if disaster == "persians":
                return persian_attack(game)     # a generator function of yours
            return None                         # the others: the board game's default
    """


@hookspec(firstresult=True)
@returns(bool)
def check_protection(game, seat, disaster):
    """Called for each seat when ``disaster`` strikes. Return True when the seat is protected: the
    default is a building showing its protection symbol, built or marked with a coin, or a
    civilization that ``protects`` against it. First result wins. Rule: boardgame: Disasters.

    Example::

        @hookimpl
        def check_protection(game, seat, disaster):
            if disaster == "decline" and game.state.players[seat].luxury < 5:
                return True                     # too poor to decline
    """


@hookspec(firstresult=True)
@returns(dict)
def get_disaster_effect(game, seat, disaster):
    """Called when ``disaster`` strikes an unprotected ``seat``. Return the effect (a dict shaped
    like ``[disasters.NAME]`` in components.toml: ``effect`` pay_per_tile / lose_share /
    lose_amount with its numbers). Default: the component entry. First result wins, so a
    colony can make an earthquake cost 2 wood + 2 stone per building for its owner alone.
    Rule: boardgame: Disasters.

    Example::

        @hookimpl(wrapper=True)
        def get_disaster_effect(game, seat, disaster):
            effect = yield
            if disaster == "earthquake":
                return {**effect, "pay": {"wood": 2, "stone": 2}}
            return effect
    """
