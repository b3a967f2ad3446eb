"""Hook points of the Peloponnes family, added to the plugin manager by every Peloponnes variant
(``Variant.hookspecs``). House rules implement them to change a number or a mechanism.

Each returns a number or a structure; ``firstresult`` hooks stop at the first non-None result, so
a house rule's value wins over the variant's default (registered earlier, called later). To adjust
the default instead of replacing it, use ``@hookimpl(wrapper=True)`` and change what ``yield``
gives back.
"""
from peloponnes.core import hookspec
from peloponnes.core.results import MAX_LARGE, MAX_SMALL, pair_of_counts, returns


@hookspec(firstresult=True)
@returns(tuple, list, check=pair_of_counts)
def count_revealed(game):
    """Called in the reveal phase of every round. Return ``(open, conquest)``: how many cards or
    tiles go to the open display and how many to the Conquest row. First result wins.
    Rule: cardgame 1. Reveal Power Cards; boardgame A. Reveal Tiles.

    Example::

        @hookimpl
        def count_revealed(game):
            return game.num_players, 0          # no Conquest row
    """


@hookspec(firstresult=True)
@returns(int, min=0, max=MAX_SMALL)
def conquest_surcharge(game, seat):
    """Called whenever the price of a Conquest-row card is computed. Return the surcharge over
    the printed value (3 in both games: "exactly 3 coins more") before personal discounts.
    First result wins.
    Rule: cardgame 3. Bidding; boardgame B. Bidding.

    Example::

        @hookimpl
        def conquest_surcharge(game, seat):
            return 2
    """


@hookspec(firstresult=True)
@returns(int, min=0, max=MAX_LARGE)
def minimum_bid(game, seat, card, conquest):
    """Called whenever a seat may bid on ``card``. Return the smallest legal bid, ignoring other
    players' bids (value, plus the surcharge on the Conquest row, less discounts). On the
    Conquest row this is the price, and exact: the only amount offered there (the variant option
    ``conquest_price = "at_least"`` makes it a minimum). First result wins.
    Rule: cardgame 3. Bidding; boardgame B. Bidding.

    Example::

        @hookimpl(wrapper=True)
        def minimum_bid(game, seat, card, conquest):
            least = yield
            return max(1, least - 1)            # everything one coin cheaper
    """


@hookspec(firstresult=True)
@returns(int, min=0, max=MAX_SMALL)
def bid_bonus_halves(game, seat):
    """Called whenever bids are compared. Return how many half coins ``seat``'s bids count higher
    than paid (Market/Agora: 1 each). Never counts for turn order. First result wins.

    Example::

        @hookimpl(wrapper=True)
        def bid_bonus_halves(game, seat):
            bonus = yield
            return bonus * 2                    # Market and Agora count double
    """


@hookspec(firstresult=True)
@returns(int, min=0, max=MAX_SMALL)
def bid_credit_halves(game, seat):
    """Called once per auction for each seat. Return how many half coins ``seat``'s bids count
    higher than paid everywhere but in turn order: towards each card's minimum and the Conquest
    row's exact price (the seat pays that much less, at least 1 coin) and, added to
    ``bid_bonus_halves``, when bids are compared. No answer: 0 (neither game's cards give a
    credit; Heroes & Colonies: Sisyphus, 2). First result wins.

    Example::

        @hookimpl
        def bid_credit_halves(game, seat):
            return 2 if seat == 0 else None     # the first seat's bids count 1 coin higher
    """


@hookspec(firstresult=True)
@returns(tuple, list, check=pair_of_counts)
def compute_income(game, seat, population):
    """Called in every income phase. Return ``(coins, luxury)`` the seat earns for its
    population from the income table. First result wins. Rule: cardgame 6. Income;
    boardgame F. Earn Income For The Round.

    Example::

        @hookimpl(wrapper=True)
        def compute_income(game, seat, population):
            coins, luxury = yield
            return coins + 1, luxury
    """
