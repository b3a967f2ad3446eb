"""House rule: a market phase after income — in turn order, each player may trade 2 coin cards
from their hand for 1 luxury good, as often as they like (within the luxury cap).

Kind of change: adds a phase (wraps ``list_round_phases`` and inserts one after "income").
Works with: cardgame.
"""
from peloponnes.core import Decision, Option, Phase, hookimpl, insert_phase_after
from peloponnes.variants.cardgame.state import discard_from_hand, gain_luxury, luxury_cap

RULE = "house rule: market phase"


def market(game):
    st = game.state
    for seat in st.order:
        player = st.players[seat]
        while player.hand_size() >= 2 and player.luxury < luxury_cap(game, player):
            answer = yield Decision(seat, "market", "Trade 2 coin cards for 1 luxury good?",
                                    (Option("stop", "No (more) trading"),
                                     Option("trade", "Trade 2 coin cards")), RULE)
            if answer.id == "stop":
                break
            for _ in range(2):
                symbol = (yield Decision(seat, "market_coin_card", "Which coin card?", tuple(
                    Option(sym, f"coin card showing {sym}", sym)
                    for sym in sorted(player.hand)), RULE)).value
                discard_from_hand(game, player, symbol)
            gain_luxury(game, player, 1, RULE, "market")


@hookimpl
def declare_plugin():
    return {"description": "Market phase: trade 2 coin cards for 1 luxury good.",
            "requires_variant": ["cardgame"]}


@hookimpl(wrapper=True)
def list_round_phases(game):
    return insert_phase_after((yield), "income", Phase("market", market, RULE))
