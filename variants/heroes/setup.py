"""heroes: Setup changes — heroes, colony boards, clover leaves, Strength, the Persian chits, the
first turn order; and the colonies' turn-order rules (Miletus always first, Apollonia always
last)."""
from __future__ import annotations

from peloponnes.core.errors import ConfigError
from peloponnes.variants.boardgame.state import (
    RESOURCES,
    change_population,
    gain_goods,
    gain_luxury,
    pay_out,
)

from .schema import colony_mat
from .state import (
    SETUP_RULE,
    HeroesPlayer,
    HeroesState,
    colony_rule,
    hero_player,
    hero_rule,
    table,
)


def deal(game) -> HeroesState:
    """Before the board game's setup: each player gets a hero (red side up) and a colony board
    at random (shuffled apart from the civilizations), 3 clover leaves and Strength 0."""
    exp = game.components["expansion"]
    n = game.num_players
    for key, what in (("heroes", "hero tiles"), ("colonies", "colony boards")):
        if len(exp[key]) < n:
            raise ConfigError(f"{len(exp[key])} {what} for {n} players", path=f"expansion.{key}")
    if len(game.components["civilizations"]) < n:
        raise ConfigError(f"{len(game.components['civilizations'])} civilizations for {n}"
                          " players", path="civilizations")
    heroes = game.rng.sample(exp["heroes"], n)
    colonies = game.rng.sample(exp["colonies"], n)
    rules = exp["rules"]
    return HeroesState([HeroesPlayer(seat, heroes[seat], colonies[seat],
                                     strength=rules["strength_start"], clovers=rules["clovers"])
                        for seat in range(n)])


def mat_for(game, seat: int) -> dict:
    """The seat's colony board as its player mat (``provide_player_mat``)."""
    return colony_mat(game.components, hero_player(game, seat).colony)


def start(game) -> None:
    """After the board game's setup: the Persian chits get their values (the chits are shuffled
    with the others; we shuffle the values onto them), each hero's start goods are added (not yet
    in the negotiation variant), and the first turn order is set."""
    st, ht = game.state, table(game)
    exp = game.components["expansion"]
    persians = exp["persians"]["disaster"]
    values = list(exp["persian_chits"]["values"])
    game.rng.shuffle(values)
    dealt = iter(values)
    ht.pile_values = [next(dealt) if chit == persians else None for chit in st.chits]
    if game.options.get("negotiation"):
        withhold_civilizations(game)
    else:
        for hp in ht.players:
            give_hero_start(game, hp)
        st.order = first_order(game)
    st.order = colony_order(game, st.order)
    game.emit("heroes_setup", SETUP_RULE, heroes=[hp.hero["id"] for hp in ht.players],
              colonies=[hp.colony["id"] for hp in ht.players], order=list(st.order),
              strength=[hp.strength for hp in ht.players])


def first_order(game) -> list[int]:
    """Our reading of "civilization and hero tiles show the first-round turn order": the hero
    tile's number decides (lowest first); the negotiation variant uses the civilization's."""
    numbers = game.components["expansion"]["turn_order"]["heroes"]
    return sorted(range(game.num_players),
                  key=lambda seat: numbers[hero_player(game, seat).hero["id"]])


def colony_order(game, order: list[int]) -> list[int]:
    """Apollonia is last in turn order every round and Miletus is start player every round; the
    others keep their order between them."""
    # each seat's colony: "first", "last" or "" (the schema's turn_order)
    place = {seat: hero_player(game, seat).colony["turn_order"] for seat in order}
    first = [seat for seat in order if place[seat] == "first"]
    others = [seat for seat in order if place[seat] == ""]
    last = [seat for seat in order if place[seat] == "last"]
    return first + others + last


def give_hero_start(game, hp: HeroesPlayer) -> None:
    """What the hero tile shows top right: coins, inhabitants, goods, Strength."""
    player = game.state.players[hp.seat]
    start = hp.hero["start"]
    rule = hero_rule(hp.hero)
    pay_out(game, player, start.get("coins", 0), rule, "hero start")
    change_population(player, start.get("inhabitants", 0))
    for resource in RESOURCES:
        gain_goods(game, player, resource, start.get(resource, 0), rule, "hero start")
    gain_luxury(game, player, start.get("luxury", 0), rule, "hero start")
    cap = game.components["expansion"]["rules"]["strength_cap"]
    hp.strength = min(hp.strength + start.get("strength", 0), cap)


# --- the negotiation variant's withheld start --------------------------------------------------

def withhold_civilizations(game) -> None:
    """Negotiation variant, step 1: "each player gets his civilization and at once only its
    starting coins". The board game's setup gave the rest too: it is taken back (a fresh mat) and
    given after the negotiation, into the colony board the player ends up with."""
    st, ht = game.state, table(game)
    for player in st.players:
        civ = player.civilization
        ht.negotiation[player.seat] = {"inhabitants": civ["inhabitants"],
                                       "goods": dict(civ["goods"])}
        player.population = 0
        player.goods = dict.fromkeys(RESOURCES, 0)
        player.luxury = 0


def give_withheld(game, hp: HeroesPlayer) -> None:
    """Negotiation variant, step 5: the civilization's goods and inhabitants, then the hero's
    start (what its tile shows top right)."""
    player = game.state.players[hp.seat]
    owed = table(game).negotiation.pop(hp.seat, None)
    if owed is not None:
        change_population(player, owed["inhabitants"])
        for resource, n in owed["goods"].items():
            gain_goods(game, player, resource, n, SETUP_RULE, "civilization start")
    give_hero_start(game, hp)


def swap_colonies(game, a: int, b: int) -> None:
    ht = table(game)
    pa, pb = ht.by_seat(a), ht.by_seat(b)
    pa.colony, pb.colony = pb.colony, pa.colony
    for hp in (pa, pb):
        game.state.players[hp.seat].mat = mat_for(game, hp.seat)
        game.emit("colony", colony_rule(hp.colony), seat=hp.seat, colony=hp.colony["id"])


def swap_heroes(game, a: int, b: int) -> None:
    ht = table(game)
    pa, pb = ht.by_seat(a), ht.by_seat(b)
    pa.hero, pb.hero = pb.hero, pa.hero
