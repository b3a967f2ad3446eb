"""boardgame: Setup (and the Solo Game's choice of civilization)."""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision, Option

from .state import RESOURCES, BoardPlayer, BoardState, pay_out, store_goods

RULE = "boardgame: Setup"
SOLO_RULE = "boardgame: Solo Game"


def default_mat(game) -> dict:
    """The printed player mat (the default of ``provide_player_mat``)."""
    comps = game.components
    rules = comps["rules"]
    return {
        "storehouse": {r: comps["player_mat"][r] for r in RESOURCES},
        "income": comps["income"],
        "coins_per_prestige": rules["coins_per_prestige"],
        "points_per_inhabitant": rules["points_per_inhabitant"],
        "luxury_trade_rate": rules["luxury_trade_rate"],
    }


def setup(game) -> None:
    """Civilization tiles dealt at random; start coins from the bank, start goods and population
    on the mat; first turn order by civilization number; the 16 disaster chits face down; the
    tiles in A/B/C stacks, drawn A first. (The Conquest tile's presence follows from
    ``count_revealed``: with 5 players it stays in the box.)"""
    comps = game.components
    rng = game.rng
    civs = rng.sample(comps["civilizations"], game.num_players)
    stacks: dict[str, list[dict]] = {era: [] for era in comps["rules"]["eras"]}
    for tile in comps["tiles"]:
        stacks[tile["era"]].append(tile)
    pile: list[dict] = []
    for era in reversed(comps["rules"]["eras"]):        # the pile's top is the list's end
        stack = stacks[era]
        rng.shuffle(stack)
        pile.extend(stack)
    chits = [kind for kind, n in comps["chits"]["counts"].items() for _ in range(n)]
    rng.shuffle(chits)
    bank = comps["bank"]
    coins = bank["silver"] * bank["silver_value"] + bank["gold"] * bank["gold_value"]
    players = [BoardPlayer(seat, civ, game.hook.provide_player_mat(game=game, seat=seat))
               for seat, civ in enumerate(civs)]
    game.state = BoardState(players=players, order=[], pile=pile, chits=chits, bank=coins,
                            coins_total=coins, rounds=game.hook.count_rounds(game=game))
    for player in players:
        start_civilization(game, player, player.civilization)
    order_by_civilization(game.state)
    game.emit("setup", RULE, civilizations=[c["id"] for c in civs],
              order=list(game.state.order))


def start_civilization(game, player: BoardPlayer, civ: dict) -> None:
    """Give ``player`` the start of ``civ`` (coins, goods, inhabitants); the turn order follows
    once every seat has its civilization (``order_by_civilization``)."""
    player.civilization = civ
    player.population = civ["inhabitants"]
    pay_out(game, player, civ["coins"], RULE, "start coins")
    store_goods(game, player, civ["goods"], RULE, "start goods")


def order_by_civilization(st: BoardState) -> None:
    """The first turn order: by civilization number, lowest first."""
    st.order = sorted(range(len(st.players)), key=lambda s: st.players[s].civilization["number"])


def choose_solo_civilization(game) -> Iterator[Decision]:
    """Solo Game: "The player chooses any civilization to start" (a setup phase, solo only)."""
    if game.num_players != 1:
        return
    st = game.state
    player = st.players[0]
    civs = game.components["civilizations"]
    options = tuple(Option(c["id"], f"{c['name']} (#{c['number']}): {c['coins']} coins,"
                           f" {c['inhabitants']} inhabitants", c) for c in civs)
    civ = (yield Decision(0, "choose_civilization", "Which civilization do you play?", options,
                          SOLO_RULE)).value
    if civ is player.civilization:
        return
    st.bank += player.coins                     # undo the dealt civilization's start
    player.coins = 0
    player.goods = dict.fromkeys(RESOURCES, 0)
    player.luxury = 0
    start_civilization(game, player, civ)
    order_by_civilization(st)
    game.emit("civilization_chosen", SOLO_RULE, seat=0, civilization=civ["id"])
