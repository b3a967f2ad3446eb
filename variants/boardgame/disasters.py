"""boardgame: G. Reveal Disaster Chits and Disasters — the chits and the five disasters (who is
protected is ``check_protection``'s default, in plugin.py).

The effects are data (``[disasters.*]`` in components.toml) read through ``get_disaster_effect``,
so an expansion can change them per seat; a whole disaster can be taken over with
``strike_disaster``.
"""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision, Option

from .state import BLANK, RESOURCES, BoardPlayer, lose_tile, pay_in

CHITS_RULE = "boardgame: G. Reveal Disaster Chits"
RULE = "boardgame: Disasters"


def disaster_rule(disaster: str) -> str:
    return f"{RULE}: {disaster.capitalize()}"


def reveal_chits(game, *, final: bool, rule: str = CHITS_RULE) -> Iterator[Decision]:
    """Turn chits face up one after the other; the blank one goes back in the box; a disaster
    strikes at once when its chit count reaches one of its ``fire_on`` values (the 3rd chit)."""
    st = game.state
    disasters = game.components["disasters"]
    drawn: list[str] = []
    for _ in range(game.hook.count_disaster_chits(game=game, final=final)):
        if not st.chits:
            break
        chit = yield from draw_chit(game, final, drawn)
        drawn.append(chit)
        if chit == BLANK:
            st.boxed_chits.append(chit)
            game.emit("chit_revealed", rule, chit=chit, boxed=True)
            continue
        st.revealed[chit] += 1
        count = st.revealed[chit]
        game.emit("chit_revealed", rule, chit=chit, count=count)
        if count in disasters[chit]["fire_on"]:
            yield from strike(game, chit)


def draw_chit(game, final: bool, drawn: list[str]) -> Iterator[Decision]:
    """Turn the top chit face up; it stays on top of the pile while ``redraw_disaster_chit``
    decides. When the hook's steps return True it is put back under the pile and another is
    turned up in its place (unless it was the last). Returns the chit that counts."""
    st = game.state
    while True:
        chit = st.chits[-1]
        st.top_chit_shown = True
        steps = game.positional.redraw_disaster_chit(game, chit, final, list(drawn))
        back = steps is not None and (yield from steps)
        st.top_chit_shown = False
        st.chits.pop()
        if not back or not st.chits:
            return chit
        st.chits.insert(0, chit)
        st.chits_put_back += 1


def strike(game, disaster: str) -> Iterator[Decision]:
    """``disaster`` strikes: the steps of ``strike_disaster``."""
    game.state.fired.append(disaster)
    game.emit("disaster", disaster_rule(disaster), disaster=disaster)
    steps = game.hook.strike_disaster(game=game, disaster=disaster)
    if steps is not None:
        yield from steps


def strike_table(game, disaster: str) -> Iterator[Decision]:
    """The default of ``strike_disaster``: every seat in turn order, unless protected. (Its
    hooks are asked for every seat at every disaster: called positionally.)"""
    st = game.state
    for seat in list(st.order):
        if game.positional.check_protection(game, seat, disaster):
            game.emit("protected", disaster_rule(disaster), seat=seat, disaster=disaster)
            continue
        st.suffered[seat] += 1
        effect = game.positional.get_disaster_effect(game, seat, disaster)
        steps = apply_effect(game, st.players[seat], disaster, effect)
        if steps is not None:
            yield from steps


# --- tracks ---------------------------------------------------------------------------------------

def track_value(player: BoardPlayer, track: str) -> int:
    if track in RESOURCES:
        return player.goods[track]
    return getattr(player, track)         # population, luxury, coins


def take_from_track(game, player: BoardPlayer, track: str, amount: int) -> None:
    """Remove ``amount`` (at most what there is) from a track; coins go to the bank."""
    amount = min(amount, track_value(player, track))
    if track in RESOURCES:
        player.goods[track] -= amount
    elif track == "coins":
        pay_in(game, player, amount)
    else:
        setattr(player, track, getattr(player, track) - amount)


# --- effects -------------------------------------------------------------------------------------

def apply_effect(game, player: BoardPlayer, disaster: str,
                 effect: dict) -> Iterator[Decision] | None:
    """Apply ``effect`` to ``player``. Paying per tile asks: its steps are returned; the losses
    ask nothing and are applied at once (None)."""
    kind = effect["effect"]
    if kind == "pay_per_tile":
        return pay_per_tile(game, player, disaster, effect)
    if kind == "lose_share":
        lose_share(game, player, disaster, effect)
    elif kind == "lose_amount":
        lose_amount(game, player, disaster, effect)
    # "custom": resolved by the plugin that declared it (strike_disaster)
    return None


def pay_per_tile(game, player: BoardPlayer, disaster: str, effect: dict) -> Iterator[Decision]:
    """Earthquake / Tempest: pay ``pay`` for each tile of the kind, or lose the tiles not paid for.
    Paying for k tiles needs k of each item, so "cannot pay 2 stones" loses 2 buildings while
    "cannot pay 1 wood and 1 stone" loses only one. The player may pay for fewer ("cannot or does
    not wish to") and chooses which tiles to lose. Luxury goods cannot be traded here (they
    substitute only when building, feeding, bidding or marking)."""
    rule = disaster_rule(disaster)
    tiles = player.buildings if effect["tiles"] == "building" else player.lands
    if not tiles:
        return
    kind, count = effect["tiles"], len(tiles)
    pay = {k: n for k, n in effect["pay"].items() if n > 0}     # what each tile costs
    most = min([count] + [track_value(player, k) // n for k, n in pay.items()])
    what = " + ".join(f"{n} {k}" for k, n in pay.items())
    options = tuple(Option(str(k), f"Pay for {k} of {count} {kind} tiles ({what} each), lose"
                           f" {count - k}", k) for k in range(most, -1, -1))
    paid = (yield Decision(player.seat, "disaster_pay",
                           f"{disaster.capitalize()}: pay {what} per {kind} tile", options,
                           rule)).value
    for k, n in pay.items():
        take_from_track(game, player, k, n * paid)
    game.emit("disaster_paid", rule, seat=player.seat, tiles=paid,
              paid={k: n * paid for k, n in pay.items()})
    for _ in range(count - paid):
        choices = tuple(Option(p.id, f"Lose {p.name}", p) for p in tiles)
        target = (yield Decision(player.seat, "disaster_lose",
                                 f"{disaster.capitalize()}: which tile do you lose?", choices,
                                 rule)).value
        lose_tile(game, player, target, rule)


def lose_share(game, player: BoardPlayer, disaster: str, effect: dict) -> None:
    """Drought / Plague: lose one-third (rounded up) of the food / inhabitants."""
    track = effect["track"]
    share = track_value(player, track) * effect["numerator"]
    if effect["rounding"] == "up":
        loss = -(-share // effect["denominator"])
    else:
        loss = share // effect["denominator"]
    _lose(game, player, disaster, track, loss)


def lose_amount(game, player: BoardPlayer, disaster: str, effect: dict) -> None:
    """Decline: lose 10 luxury goods, or all of them when there are fewer."""
    _lose(game, player, disaster, effect["track"], effect["amount"])


def _lose(game, player: BoardPlayer, disaster: str, track: str, amount: int) -> None:
    amount = min(amount, track_value(player, track))
    if amount > 0:
        take_from_track(game, player, track, amount)
        game.emit("disaster_loss", disaster_rule(disaster), seat=player.seat, track=track,
                  amount=amount)
