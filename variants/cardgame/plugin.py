"""The Peloponnes card game as a pluggy plugin: registers the variant and implements the core's
hooks and the family's hooks (defaults that house rules override)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from peloponnes.core import Variant, hookimpl
from peloponnes.variants.common import hookspecs as family_hookspecs
from peloponnes.variants.common.auction import CONQUEST_PRICE_OPTION
from peloponnes.variants.common.income import income_row
from peloponnes.variants.common.scoring import balance_gap, lower_total_score, scores_now

from . import bot, hidden, holdings, narrate, refusals, score_parts, state
from . import hookspecs as cardgame_hookspecs
from .catastrophes import default_hits, default_targets, lose_card, strike_table
from .encoding import MAX_OPTIONS
from .encoding import encode as encode_view
from .payments import LUXURY_FOR_COIN_CARDS_OPTION
from .render import render
from .rules import FINAL_PHASES, ROUND_PHASES, conquest_extra
from .schema import check_components
from .setup import setup
from .state import COIN_SYMBOLS, INTACT, luxury_cap
from .supply import SUPPLY_PRODUCTION_OPTION
from .view import view, view_part

HERE = Path(__file__).parent

RULES_SUMMARY = "\n".join([
    "Setup: civilization cards dealt at random; turn order by their arrow number; coin cards "
    "dealt per civilization; power cards A over B over C; catastrophe markers on the first space.",
    "Each of 8 rounds: 1. Reveal (as many cards as players, the rest of 6 in the Conquest row; "
    "the first two cards advance catastrophe markers) · 2. Catastrophes/Supply · 3. Bidding "
    "(displacement; Conquest row exactly +3, cannot be outbid; pass = 3 coin cards) · "
    "4. Turn order by bid · 5. Gain power cards (build, put under construction, or lost when "
    "neither is possible) · 6. Income.",
    "Game end: final supply; cards protected later are uncovered; score = the lower of "
    "population and power.",
    "Coin cards are money and resources in one: a bid of N is N coin cards; the back of each "
    "shows wood, stone or grain (pays 1 of it for a building; grain feeds 1 inhabitant) or an "
    "inhabitant (feeds 1; counts as 1 population at the end). A luxury good buys a coin card "
    "drawn blind. At the table, `i coin` says more.",
])


# What a plugin reads and the helpers it changes state with (docs/state.md).
STATE_API = (state.CardState, state.CardPlayer, state.Placed, state.gain_luxury, state.luxury_cap,
             state.draw_coin, state.draw_to_hand, state.discard_from_hand, state.take_from_hand,
             lose_card)


def make_variant() -> Variant:
    return Variant(
        name="cardgame",
        title="Peloponnes card game",
        description=("The card game: power cards, coin cards with resource backs, catastrophe "
                     "tracks."),
        min_players=2, max_players=5,
        components=HERE / "components.toml",
        plugins=(CardGame(),),
        hookspecs=(family_hookspecs, cardgame_hookspecs),
        options=(CONQUEST_PRICE_OPTION, LUXURY_FOR_COIN_CARDS_OPTION, SUPPLY_PRODUCTION_OPTION),
        rules_summary=RULES_SUMMARY,
        check_components=check_components,
        state_api=STATE_API,
        max_options=MAX_OPTIONS,
    )


class CardGame:
    """Hook implementations of the card game."""

    # --- core hooks ---------------------------------------------------------------------
    @hookimpl
    def setup_game(self, game):
        setup(game)

    @hookimpl
    def count_rounds(self, game):
        return game.components["rules"]["rounds"]

    @hookimpl
    def list_setup_phases(self, game):
        return []

    @hookimpl
    def list_round_phases(self, game):
        return list(ROUND_PHASES)

    @hookimpl
    def list_final_phases(self, game):
        return list(FINAL_PHASES)

    @hookimpl
    def view_for_seat(self, game, seat):
        return view(game, seat)

    @hookimpl
    def view_part_for_seat(self, game, seat, key):
        return view_part(game, seat, key)

    @hookimpl
    def initial_turn_order(self, game):
        """cardgame: Setup (the turn order follows the civilization cards' arrows)."""
        return list(game.state.order)

    @hookimpl
    def encode_view(self, view, decision):
        return encode_view(view, decision)

    @hookimpl
    def describe_seat(self, game, seat):
        player = game.state.players[seat]
        return {"civilization": player.civilization_name}

    @hookimpl
    def holdings(self, game, seat):
        return holdings.holdings(game, seat)

    @hookimpl
    def score_seat(self, game, seat):
        """cardgame: Scoring (``explain_score`` shows the same count part by part)."""
        player = game.state.players[seat]
        luxury = player.luxury
        inhabitants = player.hand.get("inhabitant", 0)
        population = player.population() + inhabitants
        # cardgame: Scoring — the inhabitant coin cards were laid out for population; only the
        # *remaining* coin cards ("je 6 übrige Münzkarten") count towards power points, with
        # the luxury goods.
        power = player.power() + ((player.hand_size() - inhabitants + luxury)
                                  // game.components["rules"]["coin_cards_per_power_point"])
        if player.luxury_card == INTACT:        # the luxury card's own inhabitants and power
            card = game.components["luxury_card"]
            population += card["inhabitants"]
            power += card["power"]
        return lower_total_score(population, power, luxury)

    @hookimpl
    def explain_score(self, game, seat):
        return score_parts.explain(game, seat)

    @hookimpl
    def collect_metrics(self, game):
        st = game.state
        return {"balance_gap": balance_gap(game),
                "catastrophes": len(st.fired),
                "cards_lost": sum(st.lost_cards.values()),
                "luxury": sum(p.luxury for p in st.players) / len(st.players)}

    @hookimpl
    def measure_round(self, game):
        """Per round: how many catastrophes have struck so far (when they struck, in compare)."""
        return {"catastrophes_so_far": len(game.state.fired)}

    @hookimpl
    def describe_metrics(self):
        return {
            "catastrophes_so_far": {"meaning": "per round: catastrophes struck so far",
                                    "unit": "catastrophes"},
            "balance_gap": {"meaning": "mean gap between a seat's population and power at the "
                                       "end (the lower one scores)", "unit": "points"},
            "catastrophes": {"meaning": "catastrophes that struck in a game",
                             "unit": "catastrophes"},
            "cards_lost": {"meaning": "cards all seats lost in a game: to catastrophes, at supply, "
                                     "or given up unbuilt",
                           "unit": "cards"},
            "luxury": {"meaning": "luxury goods a seat holds at the end, mean over seats",
                       "unit": "goods"},
        }

    @hookimpl
    def check_invariants(self, game):
        """Coin cards conserved (per symbol: pile, discard, hands, under buildings, covering
        cards, in bids); power cards conserved (pile, display, box, tableaux); luxury within
        0..its cap; no zero or negative hand counts; catastrophe markers on their tracks."""
        return invariants(game)

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
        return refusals.explain_refusal(game, decision, answer)

    @hookimpl
    def choose_heuristic(self, view, decision):
        return bot.choose(view, decision)

    @hookimpl
    def resample_hidden(self, game, seat, rng):
        hidden.resample(game, seat, rng)

    @hookimpl
    def evaluate_seats(self, game):
        return scores_now(game)

    # --- family hooks: the card game's defaults ---------------------------------------------
    @hookimpl
    def count_revealed(self, game):
        total = game.components["rules"]["cards_revealed"]
        open_count = min(game.num_players, total)
        return open_count, total - open_count

    @hookimpl
    def conquest_surcharge(self, game, seat):
        return game.components["rules"]["conquest_surcharge"]

    @hookimpl
    def minimum_bid(self, game, seat, card, conquest):
        """cardgame: 3. Bidding; Special Buildings: Barracks + Stockade."""
        if not conquest:
            return card["value"]
        # never below the card's value
        return card["value"] + max(0, conquest_extra(game, seat))

    @hookimpl
    def bid_bonus_halves(self, game, seat):
        """cardgame: Special Buildings: Market + Agora (1/2 each)."""
        return game.state.players[seat].power_card_total("bid_bonus_halves")

    @hookimpl
    def compute_income(self, game, seat, population):
        """The summary card: the last row whose population the player reaches."""
        row = income_row(game.components["income"], population)
        return row["coin_cards"], row["luxury"]

    # --- the card game's own hooks: defaults ---------------------------------------------------
    @hookimpl
    def strike_catastrophe(self, game, catastrophe):
        return strike_table(game, catastrophe)

    @hookimpl
    def list_catastrophe_targets(self, game, seat, catastrophe):
        return default_targets(game, game.state.players[seat], catastrophe)

    @hookimpl
    def count_catastrophe_hits(self, game, seat, catastrophe, cards):
        return default_hits(game, catastrophe, cards)


def invariants(game) -> list[str]:
    """See ``CardGame.check_invariants``."""
    st = game.state
    problems: list[str] = []
    for player in st.players:
        problems += _seat_problems(game, player)
    coins = _coin_cards_in_play(st)
    expected = {s: n for s, n in game.components["coin_cards"].items() if s in COIN_SYMBOLS}
    # the symbols in play (positive counts) are the expected ones
    if {s: n for s, n in coins.items() if n > 0} != {s: n for s, n in expected.items() if n}:
        problems.append(f"coin cards not conserved: {coins} != {expected}")
    cards = (len(st.power_pile) + len(st.slots) + len(st.boxed)
             + sum(len(player.power_cards()) for player in st.players))
    if cards != len(game.components["power_cards"]):
        problems.append(f"power cards not conserved: {cards}")
    tracks = game.components["catastrophe_tracks"]
    for cat, space in st.tracks.items():
        if not 1 <= space <= tracks[cat]:
            problems.append(f"catastrophe marker {cat} on space {space}")
    return problems


def _seat_problems(game, player) -> list[str]:
    """No zero or negative coin cards in a hand (the helpers take a symbol out of the hand
    with its last card); luxury within 0 and the seat's cap."""
    problems = [f"seat {player.seat}: {n} {sym} coin cards in hand"
                for sym, n in player.hand.items() if n <= 0]
    if not 0 <= player.luxury <= luxury_cap(game, player):
        problems.append(f"seat {player.seat}: luxury {player.luxury} outside 0.."
                        f"{luxury_cap(game, player)}")
    return problems


def _coin_cards_in_play(st) -> dict[str, int]:
    """Every coin card, by symbol: pile, discard, under and on tableau cards, on the luxury
    card, in bids and in the bid being moved, and in the hands."""
    coins = Counter(st.coin_pile)
    coins.update(st.coin_discard)
    for player in st.players:
        for p in player.tableau():
            if p.under:
                coins[p.under] += 1
            if p.cover:
                coins[p.cover[0]] += 1
        if player.luxury_card_cover:
            coins[player.luxury_card_cover] += 1
    for slot in st.slots:
        if slot.bid is not None:
            coins.update(slot.bid.payment)
    if st.auction is not None and st.auction.moving is not None:
        coins.update(st.auction.moving.payment)
    for player in st.players:
        coins.update(player.hand)
    return dict(coins)


@hookimpl
def register_variants():
    return [make_variant()]
