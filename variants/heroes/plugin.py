"""Heroes & Colonies as a pluggy plugin stacked on the tile board game (``base="boardgame"``): a
scenario with ``variant = "heroes"`` registers the board game's plugin, then this one. The
expansion changes the board game only through hook points — the core's, the family's and the
board game's (``variants.boardgame.hookspecs``) — the way a house rule would; it adds its own
for house rules on the expansion (``variants.heroes.hookspecs``).

Where each rule lives (rulebook sections of the Dutch original, as the English digest names them):
- Setup changes: ``setup_game`` (wrapper), ``provide_player_mat`` (colony boards),
  ``load_components`` (wrapper: the expansion's data on top of the board game's)
- three chits a round, the same disaster twice in a row, Ariadne: ``count_disaster_chits``,
  ``redraw_disaster_chit``
- Strength, Achilles, Andromeda, Helen: ``after_tile_added``
- Persians, Mercenaries, Odysseus: ``strike_disaster`` (and a wrapper), ``check_protection``;
  its own hooks ``prepare_persian_attack``, ``compute_persian_strength``,
  ``count_attack_strength`` for house rules
- Internal conflict, Tantalus: ``after_supply_round``
- colonies: ``provide_player_mat``, ``order_turns``, ``count_food_needed``,
  ``check_land_placement``, ``count_mark_coins``, ``get_disaster_effect``
- Daedalus: ``list_building_costs``; Sisyphus: ``bid_bonus_halves``, ``minimum_bid``; Penelope:
  ``count_food_needed``; orange heroes: a phase after F. (``list_round_phases``)
- End of game (final income): ``list_round_phases``; Scoring: ``score_seat``
- Negotiation variant: ``list_setup_phases``
"""
from __future__ import annotations

from pathlib import Path

from peloponnes.core import Phase, Variant, VariantOption, hookimpl, insert_phase_after
from peloponnes.variants.boardgame.encoding import MAX_OPTIONS
from peloponnes.variants.boardgame.rules import ROUND_PHASES as BOARD_ROUND_PHASES
from peloponnes.variants.common.auction import fewest_coins_reaching
from peloponnes.variants.common.scoring import lower_total_score

from . import bot, narrate, negotiation, state, strength
from . import hookspecs as heroes_hookspecs
from .conflict import default_pairs, internal_conflict
from .encoding import extend as extend_encoding
from .persians import (
    anyone_may_shield,
    default_persian_strength,
    orange_losses,
    persian_attack,
    persian_disaster,
    resample_chit_values,
    review_chit,
    shield_offer,
    shielded,
)
from .schema import check_components, merge_with_base
from .setup import colony_order, deal, mat_for, start
from .state import END_RULE, HEROES, clover_split, hero_player, table
from .strength import after_tile_added
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


INCOME = next(p for p in BOARD_ROUND_PHASES if p.name == "income")
FINAL_INCOME = Phase(INCOME.name, INCOME.run, f"{END_RULE}: final income")
HERO_LOSSES = Phase("hero_losses", orange_losses, "heroes: Heroes (orange side)")


class HeroesPlugin:
    """Hook implementations of Heroes & Colonies."""

    # --- components ---------------------------------------------------------------------------
    @hookimpl(wrapper=True)
    def load_components(self, variant, path):
        """A heroes file names its ``base``: the board game's data plus the additions, with
        the expansion's own data under ``expansion``."""
        data = yield
        if isinstance(data, dict) and "base" in data and "expansion" not in data:
            return merge_with_base(data, path)
        return data

    # --- setup ----------------------------------------------------------------------------------
    @hookimpl(wrapper=True)
    def setup_game(self, game):
        """heroes: Setup changes. Heroes and colonies are dealt first (the board game asks for
        each seat's mat while it sets up), the rest after the board game's setup."""
        game.stash[HEROES] = deal(game)
        result = yield
        start(game)
        return result

    @hookimpl(wrapper=True)
    def list_setup_phases(self, game):
        phases = list((yield) or [])
        if game.options.get("negotiation"):
            phases += negotiation.PHASES
        return phases

    # The colony board replaces the player mat. (Here and below, a rule's own function is the
    # hook implementation, a static method: no method around it that only passes its arguments
    # on, one Python call fewer each time the hook is asked.)
    provide_player_mat = staticmethod(hookimpl(mat_for))

    # --- rounds ---------------------------------------------------------------------------------
    @hookimpl(wrapper=True)
    def list_round_phases(self, game):
        """heroes: End of game — after round 8 the players receive their income once more (so
        the last round keeps F.); orange heroes lose their goods after F. every round."""
        phases = yield
        return round_phases(phases, game.round >= game.state.rounds)

    @hookimpl
    def count_disaster_chits(self, game, final):
        """heroes: 3 chits at the end of each round, and the last 3 at the end."""
        rules = game.components["expansion"]["rules"]
        return rules["final_chits"] if final else rules["chits_per_round"]

    # (every chit revealed)
    redraw_disaster_chit = staticmethod(hookimpl(review_chit))

    @hookimpl(wrapper=True)
    def order_turns(self, game, order, bids):
        """Miletus always starts, Apollonia is always last."""
        return colony_order(game, (yield))

    @hookimpl(wrapper=True)
    def minimum_bid(self, game, seat, card, conquest):
        """Sisyphus, our reading 17 (heroes: Heroes (Sisyphus)): "Zijn bod is altijd 1 Munt hoger
        dan de spelers eigenlijke bod" -- the only exception the text names is turn order, so
        his extra coin counts towards a tile's minimum and the Conquest row's exact price too:
        he pays 1 coin less (a bid is still at least 1 coin)."""
        least = yield
        # the hero's ability read directly, the seat's pieces without hero_player's call (the
        # same lookup written out): asked for every seat and tile of every auction
        ability = game.stash[HEROES].players[seat].ability
        if least is not None and ability["kind"] == "bid_bonus":
            return fewest_coins_reaching(least, ability["amount"])
        return least

    @hookimpl(wrapper=True)
    def bid_bonus_halves(self, game, seat):
        """Sisyphus: his bid counts 1 coin higher than he pays (not for turn order)."""
        bonus = yield
        ability = game.stash[HEROES].players[seat].ability     # (hero_player written out)
        if ability["kind"] == "bid_bonus":
            return bonus + ability["amount"]
        return bonus

    @hookimpl
    def check_land_placement(self, game, seat, tile):
        """Leptis Magna may ignore the land-tile placement rule."""
        # (asked for every land tile added: hero_player's lookup written out)
        if game.stash[HEROES].players[seat].colony["free_land_placement"]:
            return True
        return None

    @hookimpl
    def list_building_costs(self, game, seat, tile):
        """Daedalus saves 2 stone or 2 wood (not 1 + 1) on every building he builds: one way
        to pay per resource the building costs."""
        # (asked for every building added or completed: no has() call, and hero_player's
        # lookup written out)
        ability = game.stash[HEROES].players[seat].ability
        if ability["kind"] != "building_discount":
            return None
        cost = tile["cost"]
        saving = ability["amount"]
        ways = []
        for resource in ability["resources"]:
            if cost.get(resource, 0) > 0:
                way = {**cost, resource: max(0, cost[resource] - saving)}
                if way not in ways:
                    ways.append(way)
        return ways or None

    @hookimpl
    def count_mark_coins(self, game, seat, tile):
        """Leptis Magna: reserving a building costs 3 coins instead of 1."""
        # (asked for every building added: hero_player's lookup written out)
        return game.stash[HEROES].players[seat].colony["mark_coins"]

    # (every tile added)
    after_tile_added = staticmethod(hookimpl(after_tile_added))

    # --- supply -----------------------------------------------------------------------------------
    @hookimpl(wrapper=True)
    def count_food_needed(self, game, seat, inhabitants):
        """Salamis: 1 food feeds 2 inhabitants; Penelope pays 2 food less."""
        need = yield
        hp = game.stash[HEROES].players[seat]   # (hero_player written out: asked several
                                                # times a seat and supply round)
        need = -(-need // hp.colony["inhabitants_per_food"])
        ability = hp.ability
        if ability["kind"] == "food_discount":
            need = max(0, need - ability["amount"])
        return need

    after_supply_round = staticmethod(hookimpl(internal_conflict))

    # --- disasters --------------------------------------------------------------------------------
    @hookimpl
    def strike_disaster(self, game, disaster):
        """heroes: Persians — the expansion resolves its own disaster; the others are the board
        game's."""
        if disaster == persian_disaster(game):
            return persian_attack(game)
        return None

    @hookimpl(wrapper=True, specname="strike_disaster")
    def shield_before_disaster(self, game, disaster):
        """Odysseus may cover his hero's symbol before any disaster resolves."""
        steps = yield
        # Without a hero whose shield is left there is nothing to offer: the strike's steps
        # as they are, without one more generator that every step of the strike goes through.
        # (Whose hero it is and its uses left change only in the offer itself, or before the
        # game: negotiation's swaps; so they cannot change before the steps start.)
        if not anyone_may_shield(game):
            return steps
        return _chain(shield_offer(game, disaster), steps)

    @hookimpl
    def check_protection(self, game, seat, disaster):
        """Odysseus, shielded against this strike."""
        # asked for every seat a disaster strikes: hero_player's lookup written out, and
        # shielded() called only for a seat that covered a disaster at all
        hp = game.stash[HEROES].players[seat]
        if hp.shielded is not None and shielded(game, hp):
            return True
        return None

    @hookimpl
    def get_disaster_effect(self, game, seat, disaster):
        """Apollonia (Drought, Earthquake) and Taras (Decline, Tempest) suffer more."""
        # (asked for every seat a disaster strikes: hero_player's lookup written out)
        return game.stash[HEROES].players[seat].colony["disasters"].get(disaster)

    # --- the expansion's own hooks: defaults ----------------------------------------------------
    compute_persian_strength = staticmethod(hookimpl(default_persian_strength))

    @hookimpl
    def count_attack_strength(self, game, seat, attack):
        return hero_player(game, seat).strength

    count_conflict_pairs = staticmethod(hookimpl(default_pairs))

    # --- information, scoring, bots -------------------------------------------------------------
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
    def score_seat(self, game, seat):
        """heroes: Scoring — prestige: tiles, the hero tile (red side only) and 1 per 2/3/4
        coins (colony); population: inhabitants x 2/3/4 (colony) + 1 per mercenary; each clover
        leaf 2 prestige or 2 population, assigned so the lower total is as high as it can be.
        Ties: the higher other total, then the most luxury goods."""
        # (the score worked out here, not in a function this one calls: every seat every round)
        player = game.state.players[seat]
        hp = game.stash[HEROES].players[seat]      # (hero_player written out)
        rules = game.components["expansion"]["rules"]
        mat = player.mat
        hero = 0 if hp.flipped else hp.hero["red"]["prestige"]
        prestige = hero + player.coins // mat["coins_per_prestige"]
        for placed in player.buildings:     # (player.tile_prestige() written out: no call)
            prestige += placed.tile["prestige"]
        for placed in player.lands:
            prestige += placed.tile["prestige"]
        population = (player.population * mat["points_per_inhabitant"]
                      + hp.mercenaries * rules["mercenary_points"])
        points = rules["clover_points"]
        to_prestige = clover_split(prestige, population, hp.clovers, points)
        power = prestige + to_prestige * points
        result = lower_total_score(population + (hp.clovers - to_prestige) * points, power,
                                   player.luxury)
        # The expansion's details stored into the new Score's own dict, after the family's
        # three: the same dict as passing them to lower_total_score as a dict, and cheaper still
        # (CPython does not specialise a call of eleven keywords, and stores one by one beat
        # update() with a dict made for it: 14.7k -> 8.9k instructions; 0.57 against 0.80 us).
        details = result.details
        details["prestige"] = power
        details["inhabitants"] = player.population
        details["coins"] = player.coins
        details["tiles"] = len(player.buildings) + len(player.lands)    # (tile_count)
        details["hero"] = hero
        details["mercenaries"] = hp.mercenaries
        details["clovers"] = hp.clovers
        details["clovers_to_prestige"] = to_prestige
        details["strength"] = hp.strength
        return result

    @hookimpl(trylast=True)
    def resample_hidden(self, game, seat, rng):
        """After the board game has shuffled the face-down chits: their Persian values."""
        resample_chit_values(game, rng)

    @hookimpl
    def evaluate_seats(self, game):
        """The board game's projected final scores with the expansion's points (``score``)."""
        return [bot.projected_score(game.view(seat)) for seat in range(game.num_players)]

    @hookimpl
    def collect_metrics(self, game):
        ht = table(game)
        n = game.num_players
        return {
            "persian_attacks_won": sum(1 for a in ht.attacks if a["won"]),
            "persian_attacks_lost": sum(1 for a in ht.attacks if not a["won"]),
            "mercenaries": sum(hp.mercenaries for hp in ht.players) / n,
            "strength": sum(hp.strength for hp in ht.players) / n,
            "heroes_flipped": sum(1 for hp in ht.players if hp.flipped) / n,
            "chits_put_under": ht.redraws,
        }

    @hookimpl
    def describe_metrics(self):
        return {
            "persian_attacks_won": {"meaning": "Persian attacks the seats repelled in a game",
                                    "unit": "attacks"},
            "persian_attacks_lost": {"meaning": "Persian attacks that got through in a game",
                                     "unit": "attacks"},
            "mercenaries": {"meaning": "mercenaries a seat holds at the end, mean over seats",
                            "unit": "mercenaries"},
            "strength": {"meaning": "a seat's Strength at the end, mean over seats",
                         "unit": "strength"},
            "heroes_flipped": {"meaning": "share of seats whose hero was flipped",
                               "unit": "share of seats"},
            "chits_put_under": {"meaning": "disaster chits put back under the stack",
                                "unit": "chits"},
        }

    @hookimpl
    def check_invariants(self, game):
        """Strength within 0..cap (29); clover leaves conserved (3 a player in all) and never
        negative; mercenaries never negative; a seat's ability its hero's; the Persian chit
        values in step with the face-down pile and the revealed Persian chits, and conserved."""
        return invariants(game)

    @hookimpl(wrapper=True)
    def render_view(self, view, layout):
        """The board game's table with the expansion's columns: drawn from the board game's
        pieces (``variants.boardgame.render``), so the compact layout still fits 100x30."""
        yield                       # the board game's own rendering, redrawn with our columns
        from .render import render
        return render(view, layout)

    describe_event = staticmethod(hookimpl(narrate.describe_event))
    describe_component = staticmethod(hookimpl(narrate.describe_component))
    choose_heuristic = staticmethod(hookimpl(bot.choose))     # (every decision of a bot seat)


# The last answer of round_phases for a last round and for another round: (the phases it was
# given, the phases it returned).
_round_phases: dict[bool, tuple[list, list]] = {}


def round_phases(phases: list | None, last: bool) -> list:
    """The round's phases with the expansion's: in the ``last`` round F. again if the phases
    given lack it (End of game), and the orange heroes' losses after F. A new list each time.

    Worked out from ``phases`` and ``last`` alone, so the answer is kept and reused for the same
    phases (the board game answers the same Phase objects every round; a list compares item by
    item, by identity first): a round no longer builds the list twice over
    (insert_phase_after copies the list it is given)."""
    kept = _round_phases.get(last)
    if kept is not None and kept[0] == phases:
        return list(kept[1])
    given = list(phases or ())
    result = given
    if last and INCOME.name not in [p.name for p in given]:
        result = insert_phase_after(result, "one_time_income", FINAL_INCOME)
    result = insert_phase_after(result, INCOME.name, HERO_LOSSES)
    _round_phases[last] = (given, result)
    return list(result)


def _chain(first, then):
    yield from first
    if then is not None:
        return (yield from then)
    return None


def invariants(game) -> list[str]:
    """See ``HeroesPlugin.check_invariants``."""
    if HEROES not in game.stash or game.state is None:
        return []
    st, ht = game.state, table(game)
    rules = game.components["expansion"]["rules"]
    problems = []
    cap = rules["strength_cap"]
    for hp in ht.players:
        if not 0 <= hp.strength <= cap:
            problems.append(f"seat {hp.seat}: Strength {hp.strength} outside 0..{cap}")
        if hp.clovers < 0:
            problems.append(f"seat {hp.seat}: {hp.clovers} clover leaves")
        if hp.mercenaries < 0:
            problems.append(f"seat {hp.seat}: {hp.mercenaries} mercenaries")
        if hp.ability is not hp.hero["ability"]:
            problems.append(f"seat {hp.seat}: ability not its hero's (set_hero changes a hero)")
    clovers = sum(hp.clovers for hp in ht.players)
    if clovers != rules["clovers"] * game.num_players:
        problems.append(f"clover leaves not conserved: {clovers}")
    persians = persian_disaster(game)
    if len(ht.pile_values) != len(st.chits) or any(
            (v is not None) != (c == persians)
            for v, c in zip(ht.pile_values, st.chits, strict=True)):
        problems.append("Persian chit values out of step with the chit pile")
    if len(ht.persian_values) != st.revealed[persians]:
        problems.append(f"{len(ht.persian_values)} Persian values for {st.revealed[persians]}"
                        " revealed Persian chits")
    values = ht.persian_values + [v for v in ht.pile_values if v is not None]
    if sorted(values) != sorted(game.components["expansion"]["persian_chits"]["values"]):
        problems.append("Persian chit values not conserved")
    return problems


@hookimpl
def register_variants():
    return [make_variant()]
