"""Heroes & Colonies as a pluggy plugin stacked on the tile board game (``base="boardgame"``): a
scenario with ``variant = "heroes"`` registers the board game's plugin, then this one. The
expansion changes the board game only through hook points — the core's, the family's and the
board game's (``variants.boardgame.hookspecs``) — the way a house rule would; it adds its own
for house rules on the expansion (``variants.heroes.hookspecs``).

The plugin class only connects hooks to rules; each rule lives in the module of its rulebook
section (of the Dutch original, as the English digest names them):
- Setup changes (``setup``): ``setup_game`` (wrapper), ``provide_player_mat`` (colony boards),
  ``order_turns`` (Miletus, Apollonia); ``load_components`` (wrapper, ``schema``: the
  expansion's data on top of the board game's)
- Changes to the flow of a round, End of game (``rounds``): ``count_disaster_chits``,
  ``list_round_phases`` (final income; orange heroes' losses after F.)
- the same disaster twice in a row, Ariadne, Persians, Odysseus (``persians``):
  ``redraw_disaster_chit``, ``strike_disaster`` (and a wrapper), ``check_protection``; its own
  hooks ``prepare_persian_attack``, ``compute_persian_strength``, ``count_attack_strength`` for
  house rules
- Strength, Mercenaries, Achilles, Andromeda, Helen (``strength``): ``after_tile_added``
- Internal conflict, Tantalus (``conflict``): ``after_supply_round``, ``count_conflict_pairs``
- the other heroes' and colonies' abilities (``abilities``): ``bid_credit_halves``
  (Sisyphus), ``list_building_costs`` (Daedalus), ``count_food_needed``
  (Salamis, Penelope), ``check_land_placement``, ``count_mark_coins`` (Leptis Magna),
  ``get_disaster_effect`` (Apollonia, Taras)
- Scoring (``scoring``): ``score_seat``, ``explain_score``
- Negotiation variant (``negotiation``): ``list_setup_phases``
"""
from __future__ import annotations

from pathlib import Path

from peloponnes.core import Variant, VariantOption, hookimpl
from peloponnes.variants.boardgame.encoding import MAX_OPTIONS

from . import (
    abilities,
    bot,
    checks,
    holdings,
    narrate,
    negotiation,
    persians,
    rounds,
    scoring,
    state,
    strength,
)
from . import hookspecs as heroes_hookspecs
from .conflict import default_pairs, internal_conflict
from .encoding import extend as extend_encoding
from .schema import check_components, merge_with_base
from .setup import colony_order, deal, mat_for, start
from .state import HEROES, hero_player
from .view import extend

HERE = Path(__file__).parent

RULES_SUMMARY = "\n".join([
    "Everything of the board game (`peloponnes rules boardgame`), changed as follows.",
    "Setup: 6 disasters (Persians added), 24 chits in 2 stacks of 12; each player gets a "
    "civilization (Sikyon is an eighth), a hero (red side up) and a colony board (it replaces "
    "the mat: storehouses, income table, scoring ratios), 3 clover leaves, Strength 0 unless the "
    "civilization or hero says otherwise; first turn order by the hero tile.",
    "Each round: 3 chits (the same disaster twice in a row: the second goes under the second "
    "stack, another is revealed). Strength: for each new tile, pay 1 wood + 1 stone (building, "
    "not coin-marked) or 2 food (landscape) for Strength = its prestige; cap 29.",
    "Persians: attack after the 3rd and 6th Persian chit, players x the revealed Persian chits "
    "against the sum of all Strength; lost 1st -> heroes flip to orange, lost 2nd -> everyone "
    "loses his best tile; repelled -> everyone halves Strength, then may hire mercenaries "
    "(1 coin: +1 Strength, +1 population point).",
    "Internal conflict at each supply round: the strongest takes a clover and an inhabitant "
    "from the weakest (5-8 players: two pairs), then halves his Strength.",
    "End: final income, the last 3 chits, a final supply with internal conflict. Score: prestige "
    "(tiles, red hero, coins per the colony's ratio) against population (inhabitants x the "
    "colony's multiplier + mercenaries); each clover counts 2 on either side.",
    "Option `negotiation`: colonies, then heroes, may be bought from each other before round 1.",
])


# What a plugin reads and the helpers it changes state with (docs/state.md): the expansion's
# table lives in ``game.stash[HEROES]``, next to the board game's ``game.state``.
STATE_API = (state.table, state.hero_player, state.HeroesState, state.HeroesPlayer,
             strength.set_strength, strength.halve_strength)


def make_variant() -> Variant:
    return Variant(
        name="heroes",
        title="Peloponnes: Heroes & Colonies (expansion of the board game)",
        description="The board game with heroes, colony boards, Strength, the Persians and "
                    "internal conflicts; three disaster chits a round.",
        min_players=2, max_players=8,
        base="boardgame",
        components=HERE / "components.toml",
        plugins=(HeroesPlugin(),),
        hookspecs=(heroes_hookspecs,),
        options=(VariantOption(
            "negotiation", bool, False,
            "Negotiation variant: before round 1 players may buy each other's colony, then "
            "hero, with coins (heroes: Negotiation variant)."),),
        rules_summary=RULES_SUMMARY,
        check_components=check_components,
        state_api=STATE_API,
        max_options=MAX_OPTIONS,
    )


class HeroesPlugin:
    """Hook implementations of Heroes & Colonies: each hands the hook to its rule."""

    # --- components ---------------------------------------------------------------------------
    @hookimpl(wrapper=True)
    def load_components(self, variant, path):
        """A heroes file names its ``base``: the board game's data plus the additions, with
        the expansion's own data under ``expansion``."""
        data = yield
        if isinstance(data, dict) and "base" in data and "expansion" not in data:
            return merge_with_base(data, path)
        return data

    # --- heroes: Setup changes ------------------------------------------------------------------
    @hookimpl(wrapper=True)
    def setup_game(self, game):
        """Heroes and colonies are dealt first (the board game asks for each seat's mat while
        it sets up), the rest after the board game's setup."""
        game.stash[HEROES] = deal(game)
        result = yield
        start(game)
        return result

    @hookimpl(wrapper=True)
    def list_setup_phases(self, game):
        """heroes: Negotiation variant: its offers before round 1."""
        phases = list((yield) or [])
        if game.options.get("negotiation"):
            phases += negotiation.PHASES
        return phases

    @hookimpl
    def provide_player_mat(self, game, seat):
        """The colony board replaces the player mat."""
        return mat_for(game, seat)

    @hookimpl(wrapper=True)
    def order_turns(self, game, order, bids):
        """Miletus always starts, Apollonia is always last."""
        return colony_order(game, (yield))

    # --- heroes: Changes to the flow of a round, End of game ------------------------------------
    @hookimpl(wrapper=True)
    def list_round_phases(self, game):
        phases = yield
        return rounds.round_phases(phases, game.round >= game.state.rounds)

    @hookimpl
    def count_disaster_chits(self, game, final):
        return rounds.disaster_chits(game, final)

    @hookimpl
    def redraw_disaster_chit(self, game, chit, final, drawn):
        return persians.review_chit(game, chit, final, drawn)

    # --- heroes: Heroes, Colonies: abilities changing the board game's rules --------------------
    @hookimpl
    def bid_credit_halves(self, game, seat):
        return abilities.bid_credit(game, seat)

    @hookimpl
    def check_land_placement(self, game, seat, tile):
        return abilities.free_land_placement(game, seat)

    @hookimpl
    def list_building_costs(self, game, seat, tile):
        return abilities.building_costs(game, seat, tile)

    @hookimpl
    def count_mark_coins(self, game, seat, tile):
        return abilities.mark_coins(game, seat)

    @hookimpl(wrapper=True)
    def count_food_needed(self, game, seat, inhabitants):
        return abilities.food_needed(game, seat, (yield))

    @hookimpl
    def get_disaster_effect(self, game, seat, disaster):
        return abilities.disaster_effect(game, seat, disaster)

    # --- heroes: Strength, Internal conflict ----------------------------------------------------
    @hookimpl
    def after_tile_added(self, game, seat, placed):
        return strength.after_tile_added(game, seat, placed)

    @hookimpl
    def after_supply_round(self, game, final):
        return internal_conflict(game, final)

    @hookimpl
    def count_conflict_pairs(self, game):
        return default_pairs(game)

    # --- heroes: Persians -----------------------------------------------------------------------
    @hookimpl
    def strike_disaster(self, game, disaster):
        """The expansion resolves its own disaster; the others are the board game's."""
        if disaster == persians.persian_disaster(game):
            return persians.persian_attack(game)
        return None

    @hookimpl(wrapper=True, specname="strike_disaster")
    def shield_before_disaster(self, game, disaster):
        """Odysseus may cover his hero's symbol before any disaster resolves."""
        return persians.shield_then_strike(game, disaster, (yield))

    @hookimpl
    def check_protection(self, game, seat, disaster):
        """Odysseus, shielded against this strike."""
        return True if persians.shielded(game, hero_player(game, seat)) else None

    @hookimpl
    def compute_persian_strength(self, game, values):
        return persians.default_persian_strength(game, values)

    @hookimpl
    def count_attack_strength(self, game, seat, attack):
        return hero_player(game, seat).strength

    # --- heroes: Scoring ------------------------------------------------------------------------
    @hookimpl
    def score_seat(self, game, seat):
        return scoring.score_seat(game, seat)

    @hookimpl
    def explain_score(self, game, seat):
        return scoring.explain(game, seat)

    # --- information, bots, metrics -------------------------------------------------------------
    @hookimpl(wrapper=True)
    def view_for_seat(self, game, seat):
        view = yield
        return extend(game, seat, view)

    @hookimpl(wrapper=True)
    def encode_view(self, view, decision):
        features = yield
        return extend_encoding(features, view, decision)

    @hookimpl
    def describe_seat(self, game, seat):
        hp = hero_player(game, seat)
        return {"hero": hp.hero["name"], "colony": hp.colony["name"]}

    @hookimpl
    def holdings(self, game, seat):
        return holdings.holdings(game, seat)

    @hookimpl
    def describe_event(self, game, event, seat):
        return narrate.describe_event(game, event, seat)

    @hookimpl
    def describe_component(self, game, name):
        return narrate.describe_component(game, name)

    @hookimpl(trylast=True)
    def resample_hidden(self, game, seat, rng):
        """After the board game has shuffled the face-down chits: their Persian values."""
        persians.resample_chit_values(game, rng)

    @hookimpl
    def evaluate_seats(self, game):
        """The board game's projected final scores with the expansion's points (``score``)."""
        return [bot.projected_score(game.view(seat)) for seat in range(game.num_players)]

    @hookimpl
    def choose_heuristic(self, view, decision):
        return bot.choose(view, decision)

    @hookimpl
    def collect_metrics(self, game):
        return checks.metrics(game)

    @hookimpl
    def describe_metrics(self):
        return checks.describe_metrics()

    @hookimpl
    def check_invariants(self, game):
        """Strength within 0..cap (29); clover leaves conserved (3 a player in all) and never
        negative; mercenaries never negative; the Persian chit values in step with the face-down
        pile and the revealed Persian chits, and conserved."""
        return checks.invariants(game)

    @hookimpl(wrapper=True)
    def render_view(self, view, layout):
        """The board game's table with the expansion's columns: drawn from the board game's
        pieces (``variants.boardgame.render``), so the compact layout still fits 100x30."""
        yield                       # the board game's own rendering, redrawn with our columns
        from .render import render
        return render(view, layout)


@hookimpl
def register_variants():
    return [make_variant()]
