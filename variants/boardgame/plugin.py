"""The Peloponnes tile board game (2009) as a pluggy plugin: registers the variant and implements
the core's hooks, the family's hooks (``variants.common.hookspecs``) and the board game's own
(``variants.boardgame.hookspecs``) with the printed rules as defaults that house rules and
expansions (Heroes & Colonies) override."""
from __future__ import annotations

from pathlib import Path

from peloponnes.core import Variant, VariantOption, hookimpl
from peloponnes.variants.common import hookspecs as family_hookspecs
from peloponnes.variants.common.auction import (
    CONQUEST_PRICE_OPTION,
    order_by_bids,
)
from peloponnes.variants.common.income import income_row
from peloponnes.variants.common.refusals import auction_refusal
from peloponnes.variants.common.scoring import balance_gap, lower_total_score

from . import bot, hidden, holdings, narrate, score_parts, state
from . import hookspecs as boardgame_hookspecs
from .disasters import strike_table
from .encoding import MAX_OPTIONS
from .encoding import encode as encode_view
from .render import render
from .rules import FINAL_PHASES, LAST_ROUND_PHASES, ROUND_PHASES, SETUP_PHASES, land_fits
from .schema import check_components
from .setup import default_mat, setup
from .view import view

HERE = Path(__file__).parent
SCORING = "boardgame: Final Score And Winner"

RULES_SUMMARY = """\
Setup: civilization tiles dealt at random (start coins, goods, inhabitants); first turn order by
civilization number; Conquest tile except with 5 players; 16 disaster chits face down; tiles in
A/B/C stacks. Each of 8 rounds: A. Reveal (players' count open, the Conquest row up to 5; a supply
tile interrupts for a supply round) · B. Bidding with coins (displacement; withdraw = bid back +1
coin; pass = 3 coins; Conquest row exactly minimum +3, cannot be outbid; Market/Agora +1/2) ·
C. Turn order by bid · D. Add tiles (build with wood/stone or mark with a coin; land tiles must
share a resource with their neighbour) · E. One-time income · F. Round income (coins by population,
luxury from 14) · G. Two disaster chits; a disaster strikes on its third chit.
Supply round: feed one food per inhabitant, complete marked buildings. Luxury goods: storehouse
overflow (10 wood / 10 stone / 13 food); 2:1 for what is missing. End: after the last tile, the
last chits, a final supply; score = lower of prestige (tiles + 1 per 3 coins) and population
(3 per inhabitant). Solo: 5 tiles, no Conquest row, buy one tile at its minimum bid."""


# What a plugin reads and the helpers it changes state with (docs/state.md).
STATE_API = (state.BoardState, state.BoardPlayer, state.Placed, state.pay_out, state.pay_in,
             state.gain_luxury, state.gain_goods, state.store_goods, state.change_population,
             state.lose_tile)


def make_variant() -> Variant:
    return Variant(
        name="boardgame",
        title="Peloponnes (tile board game, 2009)",
        description="The original board game: land and building tiles, coins, storehouses, "
                    "disaster chits.",
        min_players=1, max_players=5,
        components=HERE / "components.toml",
        plugins=(BoardGame(),),
        hookspecs=(family_hookspecs, boardgame_hookspecs),
        options=(VariantOption(
            "final_round_income", bool, False,
            "Give F. round income in the last round too (the Heroes & Colonies rulebook's"
            " reading of the base game's end; the base rulebook ends after the last tile's"
            " one-time income)."), CONQUEST_PRICE_OPTION),
        rules_summary=RULES_SUMMARY,
        check_components=check_components,
        state_api=STATE_API,
        max_options=MAX_OPTIONS,
    )


class BoardGame:
    """Hook implementations of the board game."""

    # --- core hooks ---------------------------------------------------------------------
    @hookimpl
    def setup_game(self, game):
        setup(game)

    @hookimpl
    def count_rounds(self, game):
        return game.components["rules"]["rounds"]

    @hookimpl
    def list_setup_phases(self, game):
        """Solo Game: the player chooses his civilization (otherwise dealt at random)."""
        return list(SETUP_PHASES) if game.num_players == 1 else []

    @hookimpl
    def list_round_phases(self, game):
        """The last round ends after E. (boardgame: End of the Game), or after F. with the
        option ``final_round_income``; its chits are revealed by the final phases."""
        if game.round < game.state.rounds:
            return list(ROUND_PHASES)
        if game.options.get("final_round_income"):
            return [p for p in ROUND_PHASES if p.name != "disaster_chits"]
        return list(LAST_ROUND_PHASES)

    @hookimpl
    def list_final_phases(self, game):
        return list(FINAL_PHASES)

    @hookimpl
    def view_for_seat(self, game, seat):
        return view(game, seat)

    @hookimpl
    def encode_view(self, view, decision):
        return encode_view(view, decision)

    @hookimpl
    def render_view(self, view, layout):
        return render(view, layout)

    @hookimpl
    def describe_event(self, game, event, seat):
        return narrate.describe_event(game, event, seat)

    @hookimpl
    def describe_component(self, game, name):
        return narrate.describe_component(game, name)

    @hookimpl
    def explain_refusal(self, game, decision, answer):
        return auction_refusal(game, decision, answer)

    @hookimpl
    def initial_turn_order(self, game):
        """boardgame: Setup (turn order by civilization number). Heroes & Colonies changes
        ``state.order`` during its own setup, so the expansion needs no implementation."""
        return list(game.state.order)

    @hookimpl
    def describe_seat(self, game, seat):
        return {"civilization": game.state.players[seat].civilization_name}

    @hookimpl
    def holdings(self, game, seat):
        return holdings.holdings(game, seat)

    @hookimpl
    def score_seat(self, game, seat):
        """boardgame: Final Score And Winner — prestige = the tiles' prestige points + 1 per 3
        coins; population = 3 points per inhabitant; the lower counts; ties go to the larger
        total, then to the most luxury goods. (Solo Game: the same score, to be maximised.)
        ``explain_score`` shows the same count part by part."""
        player = game.state.players[seat]
        prestige = player.tile_prestige() + player.coins // player.mat["coins_per_prestige"]
        population = player.population * player.mat["points_per_inhabitant"]
        return lower_total_score(population, prestige, player.luxury, {
            "prestige": prestige, "inhabitants": player.population, "coins": player.coins,
            "tiles": player.tile_count()})

    @hookimpl
    def explain_score(self, game, seat):
        return score_parts.explain(game, seat)

    @hookimpl
    def collect_metrics(self, game):
        """The card game's metric keys: ``catastrophes`` counts the disasters that struck,
        ``cards_lost`` the tiles lost; plus ``disasters_suffered`` (unprotected hits per seat)
        and ``supply_rounds``."""
        st = game.state
        return {"balance_gap": balance_gap(game),
                "catastrophes": len(st.fired),
                "cards_lost": sum(st.lost_tiles.values()),
                "luxury": sum(p.luxury for p in st.players) / len(st.players),
                "disasters_suffered": sum(st.suffered.values()) / len(st.players),
                "supply_rounds": st.supply_rounds}

    @hookimpl
    def measure_round(self, game):
        """Per round: how many disasters have struck so far (when they struck, in compare)."""
        return {"catastrophes_so_far": len(game.state.fired)}

    @hookimpl
    def describe_metrics(self):
        return {
            "catastrophes_so_far": {"meaning": "per round: disasters struck so far",
                                    "unit": "disasters"},
            "balance_gap": {"meaning": "mean gap between a seat's population and prestige at "
                                       "the end (the lower one scores)", "unit": "points"},
            "catastrophes": {"meaning": "disasters that struck in a game", "unit": "disasters"},
            "cards_lost": {"meaning": "tiles all seats lost to disasters", "unit": "tiles"},
            "luxury": {"meaning": "luxury goods a seat holds at the end, mean over seats",
                       "unit": "goods"},
            "disasters_suffered": {"meaning": "unprotected disaster hits per seat",
                                   "unit": "hits"},
            "supply_rounds": {"meaning": "supply rounds played in a game", "unit": "rounds"},
        }

    @hookimpl
    def check_invariants(self, game):
        """Storehouses within the mat's limits; nothing negative; coins conserved between the
        bank, the players' reserves, bids under tiles and coins marking buildings; tiles and
        chits conserved."""
        return invariants(game)

    @hookimpl
    def choose_heuristic(self, view, decision):
        return bot.choose(view, decision)

    @hookimpl
    def resample_hidden(self, game, seat, rng):
        hidden.resample(game, seat, rng)

    @hookimpl
    def evaluate_seats(self, game):
        """Each seat's projected final score: the heuristic bot's ``outlook`` from the seat's
        view (income still to come within the storehouses, buildings paid for, the disasters
        that have not struck, only the inhabitants the food to come can feed), the lower total
        counting and the higher one as a hundredth (boardgame: Final Score And Winner)."""
        return [bot.projected_score(game.view(seat)) for seat in range(game.num_players)]

    # --- family hooks: the board game's defaults ---------------------------------------------
    @hookimpl
    def count_revealed(self, game):
        """boardgame: A. Reveal Tiles — as many open tiles as players, the Conquest row up to 5
        (none with 5 players: the Conquest tile stays in the box); Solo Game: the 5-player
        rules."""
        rules = game.components["rules"]
        total = rules["tiles_revealed"]
        players = game.num_players if game.num_players > 1 else rules["solo_reveal_as_players"]
        open_count = min(players, total)
        return open_count, total - open_count

    @hookimpl
    def conquest_surcharge(self, game, seat):
        return game.components["rules"]["conquest_surcharge"]

    @hookimpl
    def minimum_bid(self, game, seat, card, conquest):
        """boardgame: B. Bidding — the printed minimum; on the Conquest row the price, exactly 3
        more (the auction offers only this amount there; option ``conquest_price``)."""
        if not conquest:
            return card["bid"]
        return card["bid"] + game.positional.conquest_surcharge(game, seat)   # every auction

    @hookimpl
    def bid_bonus_halves(self, game, seat):
        """boardgame: B. Bidding — Market and Agora (built or marked): bids count 1/2 higher."""
        return game.state.players[seat].bid_bonus_halves

    @hookimpl
    def compute_income(self, game, seat, population):
        """boardgame: F. — the last row of the seat's mat income table it reaches."""
        row = income_row(game.state.players[seat].mat["income"], population)
        return row["coins"], row["luxury"]

    # --- board game hooks: defaults ----------------------------------------------------------
    @hookimpl
    def provide_player_mat(self, game, seat):
        return default_mat(game)

    @hookimpl
    def check_land_placement(self, game, seat, tile):
        return land_fits(game.state.players[seat], tile)

    @hookimpl
    def list_building_costs(self, game, seat, tile):
        return [tile["cost"]]

    @hookimpl
    def count_mark_coins(self, game, seat, tile):
        return game.components["rules"]["mark_coins"]

    @hookimpl
    def order_turns(self, game, order, bids):
        return order_by_bids(order, bids)

    @hookimpl
    def count_food_needed(self, game, seat, inhabitants):
        return inhabitants * game.components["rules"]["food_per_inhabitant"]

    @hookimpl
    def count_disaster_chits(self, game, final):
        return game.components["rules"]["chits_per_round"]

    @hookimpl
    def strike_disaster(self, game, disaster):
        return strike_table(game, disaster)

    @hookimpl
    def check_protection(self, game, seat, disaster):
        """boardgame: Disasters — "If a player has built one of these buildings (marked or not
        marked with a coin), he is protected"; or his civilization protects (expansions)."""
        player = game.state.players[seat]
        return disaster in player.civilization["protects"] or any(
            disaster in placed.tile["protects"] for placed in player.buildings)

    @hookimpl
    def get_disaster_effect(self, game, seat, disaster):
        return game.components["disasters"][disaster]


def invariants(game) -> list[str]:
    """See ``BoardGame.check_invariants``."""
    st = game.state
    problems = [f"bank holds {st.bank} coins"] if st.bank < 0 else []
    for p in st.players:
        problems.extend(_seat_problems(p))
    tiles = len(st.pile) + len(st.slots) + len(st.boxed) + sum(p.tile_count() for p in st.players)
    coins = _coins_in_play(st)
    if coins != st.coins_total:
        problems.append(f"coins not conserved: {coins} in play != {st.coins_total}")
    if tiles != len(game.components["tiles"]):
        problems.append(f"tiles not conserved: {tiles} != {len(game.components['tiles'])}")
    chits = len(st.chits) + sum(st.revealed.values()) + len(st.boxed_chits)
    if chits != sum(game.components["chits"]["counts"].values()):
        problems.append(f"disaster chits not conserved: {chits}")
    return problems


def _seat_problems(p) -> list[str]:
    """Goods outside the storehouses' limits; negative coins, population or luxury; coins on a
    building not marked."""
    problems = [f"seat {p.seat}: {resource} {n} outside 0..{p.limit(resource)}"
                for resource, n in p.goods.items() if not 0 <= n <= p.limit(resource)]
    problems += [f"seat {p.seat}: {name} {getattr(p, name)}"
                 for name in ("coins", "population", "luxury") if getattr(p, name) < 0]
    problems += [f"seat {p.seat}: {placed.id} marked={placed.marked} with {placed.coins} coins"
                 for placed in p.buildings
                 if placed.coins < 0 or (placed.coins > 0 and not placed.marked)]
    return problems


def _coins_in_play(st) -> int:
    """The bank, the players' reserves, coins marking buildings, bids and the bid being moved."""
    coins = st.bank + sum(p.coins + sum(placed.coins for placed in p.buildings)
                          for p in st.players)
    coins += sum(slot.bid.payment for slot in st.slots if slot.bid is not None)
    if st.auction is not None and st.auction.moving is not None:
        coins += st.auction.moving.payment
    return coins


@hookimpl
def register_variants():
    return [make_variant()]
