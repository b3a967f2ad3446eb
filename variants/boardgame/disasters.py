"""boardgame: G. Reveal Disaster Chits and Disasters — the chits and the five disasters (who is
protected is ``check_protection``'s default, in plugin.py).

The effects are data (``[disasters.*]`` in components.toml) read through ``get_disaster_effect``,
so an expansion can change them per seat; a whole disaster can be taken over with
``strike_disaster``.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache

from peloponnes.core import Decision, Option
from peloponnes.variants.common.auction import OPTION_CACHE_SIZE

from .state import BLANK, RESOURCES, BoardPlayer, lose_tile, pay_in, tile_name

CHITS_RULE = "boardgame: G. Reveal Disaster Chits"
RULE = "boardgame: Disasters"


@cache     # a text made from a text: kept, as it is asked for every seat a disaster strikes
def disaster_rule(disaster: str) -> str:
    return f"{RULE}: {disaster.capitalize()}"


def reveal_chits(game, *, final: bool, rule: str = CHITS_RULE) -> Iterator[Decision]:
    """Turn chits face up one after the other; the blank one goes back in the box; a disaster
    strikes at once when its chit count reaches one of its ``fire_on`` values (the 3rd chit)."""
    st = game.state
    disasters = game.components["disasters"]
    drawn: list[str] = []
    for _ in range(game.positional.count_disaster_chits(game, final)):
        if not st.chits:
            break
        # The top chit turned up and the hook asked here; draw_chit's generator only when the
        # answer has steps (a choice, or the chit put back): mostly the chit simply counts.
        chit = st.chits[-1]
        st.top_chit_shown = True        # (show_top_chit written out: every chit revealed)
        steps = game.positional.redraw_disaster_chit(game, chit, final, list(drawn))
        if steps is None:
            st.top_chit_shown = False
            st.chits.pop()
        else:
            chit = yield from draw_chit(game, final, drawn, chit, steps)
        drawn.append(chit)
        if chit == BLANK:
            st.boxed_chits.append(chit)
            game.emit("chit_revealed", rule, chit=chit, boxed=True)
            continue
        # (the count read once, with get(): a Counter's [] on a disaster not yet revealed calls
        # its Python __missing__, and the count was read three times; every chit revealed)
        count = st.revealed.get(chit, 0) + 1
        st.revealed[chit] = count
        game.emit("chit_revealed", rule, chit=chit, count=count)
        if count in disasters[chit]["fire_on"]:
            steps = strike(game, chit)
            if steps is not None:
                yield from steps


def show_top_chit(game, chit: str, final: bool, drawn: list[str]) -> Iterator[Decision] | None:
    """Turn the top chit ``chit`` face up; it stays on top of the pile while
    ``redraw_disaster_chit`` decides. Returns the hook's steps (None: the chit counts)."""
    game.state.top_chit_shown = True
    return game.hook.redraw_disaster_chit(game=game, chit=chit, final=final, drawn=list(drawn))


def draw_chit(game, final: bool, drawn: list[str], chit: str,
              steps: Iterator[Decision]) -> Iterator[Decision]:
    """The top chit ``chit`` shown (``show_top_chit``) with the hook's ``steps``: when they
    return True it is put back under the pile and another is turned up in its place (unless it
    was the last). Returns the chit that counts."""
    st = game.state
    while True:
        back = steps is not None and (yield from steps)
        st.top_chit_shown = False
        st.chits.pop()
        if not back or not st.chits:
            return chit
        st.chits.insert(0, chit)
        st.chits_put_back += 1
        chit = st.chits[-1]
        steps = show_top_chit(game, chit, final, drawn)


def strike(game, disaster: str) -> Iterator[Decision] | None:
    """``disaster`` strikes: returns the steps of ``strike_disaster`` (None: nothing to ask).
    Not a generator itself: one level of ``yield from`` less at every decision of a disaster."""
    game.state.fired.append(disaster)
    game.emit("disaster", disaster_rule(disaster), disaster=disaster)
    return game.positional.strike_disaster(game, disaster)


def strike_table(game, disaster: str) -> Iterator[Decision]:
    """The default of ``strike_disaster``: every seat in turn order, unless protected."""
    st = game.state
    suffered = st.suffered
    for seat in list(st.order):
        player = st.players[seat]
        if game.positional.check_protection(game, seat, disaster):
            game.emit("protected", disaster_rule(disaster), seat=seat, disaster=disaster)
            continue
        # (with get(): a Counter's [] on a seat not yet counted calls its Python __missing__)
        suffered[seat] = suffered.get(seat, 0) + 1
        effect = game.positional.get_disaster_effect(game, seat, disaster)
        steps = apply_effect(game, player, disaster, effect)
        if steps is not None:
            yield from steps


# --- tracks ---------------------------------------------------------------------------------------

def track_value(player: BoardPlayer, track: str) -> int:
    if track in RESOURCES:
        return player.goods[track]
    return getattr(player, track)         # population, luxury, coins


def take_from_track(game, player: BoardPlayer, track: str, amount: int) -> None:
    """Remove ``amount`` (at most what there is) from a track; coins go to the bank."""
    # (one test of the track, what there is read where it is taken: no track_value call; and
    # comparisons rather than min(): cheaper on Python 3.11)
    if track in RESOURCES:
        there = player.goods[track]
        player.goods[track] = there - (amount if amount < there else there)
    elif track == "coins":
        pay_in(game, player, amount if amount < player.coins else player.coins)
    else:
        there = getattr(player, track)
        setattr(player, track, there - (amount if amount < there else there))


# --- effects -------------------------------------------------------------------------------------

def apply_effect(game, player: BoardPlayer, disaster: str,
                 effect: dict) -> Iterator[Decision] | None:
    """Apply ``effect`` to ``player``; returns the steps of an effect that asks (paying per
    tile), None when it is done. (Not a generator itself: the losses ask nothing, and paying
    per tile is not wrapped in one more generator.)"""
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
    pay = {}            # what each tile costs, and how many tiles the seat can pay for
    most = len(tiles)   # (one plain loop: no comprehensions, no min())
    for k, n in effect["pay"].items():
        if n > 0:
            pay[k] = n
            can = track_value(player, k) // n
            if can < most:
                most = can
    prompt, options = pay_choices(disaster, effect["tiles"], tuple(pay.items()), len(tiles), most)
    paid = (yield Decision(player.seat, "disaster_pay", prompt, options, rule)).value
    spent = {}      # (filled in the paying loop: no dict comprehension, one frame fewer)
    for k, n in pay.items():
        take_from_track(game, player, k, n * paid)
        spent[k] = n * paid
    game.emit("disaster_paid", rule, seat=player.seat, tiles=paid, paid=spent)
    losing = {}     # each tile's option, made once for the losses one after the other
    lose_prompt = f"{disaster.capitalize()}: which tile do you lose?"
    for _ in range(len(tiles) - paid):
        choices = []
        for p in tiles:
            option = losing.get(p)
            if option is None:
                option = losing[p] = Option(p.tile["id"], f"Lose {tile_name(p.tile)}", p)
            choices.append(option)
        target = (yield Decision(player.seat, "disaster_lose", lose_prompt, tuple(choices),
                                 rule)).value
        lose_tile(game, player, target, rule)


@lru_cache(maxsize=OPTION_CACHE_SIZE)
def pay_choices(disaster: str, kind: str, pay: tuple, count: int,
                most: int) -> tuple[str, tuple[Option, ...]]:
    """The prompt and options of paying for ``count`` tiles of ``kind``, at most ``most`` of them,
    each at ``pay`` ((item, amount) pairs): texts and numbers only, so made once and shared
    between games (bounded, like the auction's option caches)."""
    what = " + ".join([f"{n} {k}" for k, n in pay])
    options = tuple([Option(str(k), f"Pay for {k} of {count} {kind} tiles ({what} each), lose"
                            f" {count - k}", k) for k in range(most, -1, -1)])
    return f"{disaster.capitalize()}: pay {what} per {kind} tile", options


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
    there = track_value(player, track)
    if amount > there:
        amount = there
    if amount > 0:
        take_from_track(game, player, track, amount)
        game.emit("disaster_loss", disaster_rule(disaster), seat=player.seat, track=track,
                  amount=amount)
