"""Hook points of Heroes & Colonies, added to the plugin manager by the ``heroes`` variant
(``Variant.hookspecs``), for house rules on the expansion. The expansion itself changes the board
game only through the board game's and the core's hook points.

Conventions as in ``variants.boardgame.hookspecs``: ``firstresult`` hooks stop at the first
non-None result; the heroes plugin is registered before any house rule, so a house rule's answer
wins; to adjust the expansion's answer use ``@hookimpl(wrapper=True)``.
"""
from peloponnes.core import hookspec
from peloponnes.core.results import MAX_SMALL, MAX_STRENGTH, returns


@hookspec(firstresult=True)
@returns(int, float, min=0, max=MAX_STRENGTH)
def compute_persian_strength(game, attack, values):
    """Called when the Persians attack (after the 3rd and the 6th Persian chit). ``attack`` is
    the attack's number (1, 2), ``values`` the values of every Persian chit revealed so far, in
    order. Return the Persians' strength, which the players' summed Strength must at least equal
    to repel the attack. The expansion's default: number of players x the sum of ``values``.
    First result wins. Rule: heroes: Persians.

    Example::

        @hookimpl(wrapper=True)
        def compute_persian_strength(game, attack, values):
            strength = yield
            return strength + 5 if attack == 2 else strength   # a stronger second wave
    """


@hookspec(firstresult=True)
@returns(int, min=0, max=MAX_SMALL)
def count_conflict_pairs(game):
    """Called at every internal conflict (each supply round, after feeding and completing).
    Return how many of the strongest players each take a clover leaf and an inhabitant from as
    many of the weakest: the expansion's default is 1 with 2-4 players and 2 with 5-8
    (``[rules] conflict`` in the component data). Return 0 for no conflict. First result wins.
    Rule: heroes: Internal conflict.

    Example::

        @hookimpl
        def count_conflict_pairs(game):
            return 1                            # one pair, whatever the player count
    """


@hookspec
def prepare_persian_attack(game, attack):
    """Called when the Persians attack (``attack``: 1 or 2), after Odysseus' shield and before
    anything of the attack is counted. Return an iterator of Decisions (steps, e.g. a generator
    asking each player something) or None. All implementations are asked and their steps run
    one after the other (the latest registered first). Keep what a player bought for this attack
    in ``game.stash`` and count it in ``count_attack_strength``. Rule: heroes: Persians.

    Example::

        def offer(game, attack):
            for seat in game.state.order:
                ...                             # yield a Decision, remember the answer

        @hookimpl
        def prepare_persian_attack(game, attack):
            return offer(game, attack)
    """


@hookspec(firstresult=True)
def count_attack_strength(game, seat, attack):
    """Called for each seat when the Persians' attack ``attack`` (1 or 2) is counted. Return the
    Strength ``seat`` brings to this attack: the players' sum is set against the Persians'. The
    expansion's default is the seat's Strength. A bonus for this attack only (it does not move
    the Strength marker, which stays within 0..29) is a wrapper. First result wins.
    Rule: heroes: Persians.

    Example::

        @hookimpl(wrapper=True)
        def count_attack_strength(game, seat, attack):
            strength = yield
            return strength + 3 * game.stash[BOUGHT].count(seat)
    """
