"""heroes: Changes to the flow of a round (three chits; the same disaster twice in a row),
Persians, Ariadne's and Odysseus' abilities.

The Persian chits carry values. The board game's chit pile holds disaster names; the expansion
keeps the value of each face-down chit in ``HeroesState.pile_values``, aligned with the pile:
``redraw_disaster_chit`` is asked about every chit turned face up, so the two stay in step (a chit
put back goes under the second stack: the bottom of the pile, whose top stack is drawn first).
"""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision, Option, PluginError
from peloponnes.variants.boardgame.hidden import face_down_chits
from peloponnes.variants.boardgame.state import BLANK, lose_tile, pay_in

from .state import (
    FLOW_RULE,
    PERSIANS_RULE,
    HeroesPlayer,
    HeroesState,
    hero_player,
    hero_rule,
    table,
)
from .strength import halve_strength, hire_mercenaries

REDRAW_RULE = f"{FLOW_RULE}: the same disaster twice in a row"


def persian_disaster(game) -> str:
    return game.components["expansion"]["persians"]["disaster"]


def resample_chit_values(game, rng) -> None:
    """For search (``resample_hidden``, after the board game has shuffled the face-down chits):
    deal the values of the face-down Persian chits again onto the Persian chits now lying there.
    Revealed values, those of chits put back after everybody saw them and the shown top
    chit's, stay."""
    st, ht = game.state, table(game)
    places = face_down_chits(st)
    values = sorted(v for v in ht.pile_values[places.start:places.stop] if v is not None)
    rng.shuffle(values)
    dealt = iter(values)
    persians = persian_disaster(game)
    ht.pile_values[places.start:places.stop] = [
        next(dealt) if chit == persians else None for chit in st.chits[places.start:places.stop]]


def chit_label(chit: str, value) -> str:
    return f"{chit} (value {value})" if value is not None else chit


# --- revealing chits ----------------------------------------------------------------------------

def review_chit(game, chit: str, final: bool, drawn: list[str]):
    """``redraw_disaster_chit``'s implementation (the hook's arguments; ``final`` is not read:
    the last chits are reviewed as the others): keep the chit values in step, then put the chit
    under the second stack when it is the same disaster as the chit revealed just before it in
    this reveal (our reading: "directly one after another" within one end-of-round reveal; a
    blank in between separates them; only while a chit of another kind is still face down, else
    it counts), or let Ariadne's owner choose to. The chit is still on top of the pile
    (``state.chits[-1]``, its value ``pile_values[-1]``). Returns None (the chit counts) or steps
    returning True (put back).
    """
    ht = table(game)
    chits = game.state.chits
    if chit != BLANK and len(chits) > 1:        # a blank and the last chit count
        # (another kind is still face down when not all of the pile is this kind)
        if drawn and drawn[-1] == chit and chits.count(chit) < len(chits):
            return put_under(game, chit, REDRAW_RULE, seat=None)
        # Ariadne's owner, if her uses this round are left: she may put it back
        for hp in ht.players:
            if hp.has("redraw_chit") and \
                    ht.redraw_rounds.get(hp.seat, ()).count(game.round) < hp.ability["amount"]:
                return offer_redraw(game, hp, chit, ht.pile_values[-1])
    return counted(game, ht, chit)


def counted(game, ht: HeroesState, chit: str) -> None:
    """The chit on top counts: its value leaves the pile (a Persian one is recorded)."""
    value = ht.pile_values.pop()
    if chit == persian_disaster(game):
        ht.persian_values.append(value)
    return None


def put_under(game, chit: str, rule: str, seat: int | None) -> Iterator[Decision]:
    """The chit on top goes face down under the second stack (the bottom of the pile)."""
    ht = table(game)
    value = ht.pile_values.pop()
    ht.pile_values.insert(0, value)
    ht.redraws += 1
    game.emit("chit_put_under", rule, chit=chit, value=value, seat=seat)
    return True
    yield  # steps that ask nothing


def offer_redraw(game, hp: HeroesPlayer, chit: str, value) -> Iterator[Decision]:
    """Ariadne: once per round she may put a just-revealed chit face down under the second stack
    and reveal another."""
    rule = hero_rule(hp.hero)
    fires = game.state.revealed[chit] + 1 in game.components["disasters"][chit]["fire_on"]
    label = chit_label(chit, value)
    about = {"chit": chit, "value": value, "strikes": fires}
    options = (Option("keep", f"Let {label} stand" + (" (it strikes!)" if fires else ""), about),
               Option("put_under", f"Put {label} under the second stack, reveal another", about))
    answer = yield Decision(hp.seat, "redraw_chit", f"{label} revealed: use your hero?", options,
                            rule)
    if answer.id == "put_under":
        table(game).redraw_rounds.setdefault(hp.seat, []).append(game.round)
        return (yield from put_under(game, chit, rule, seat=hp.seat))
    counted(game, table(game), chit)
    return False


# --- Odysseus -------------------------------------------------------------------------------------

def shield_offer(game, disaster: str) -> Iterator[Decision]:
    """Odysseus: once per game he may cover the symbol on his tile with one of his coins to be
    protected from a disaster of his choice (a Persian attack included: he alone is spared). He
    is asked when a disaster strikes and he is not protected otherwise. The coin is out of play
    (it goes to the bank at the end; our bookkeeping: at once)."""
    st = game.state
    for hp in table(game).players:
        if not may_shield(hp):
            continue
        player = st.players[hp.seat]
        price = hp.ability["coins"]
        if player.coins < price:
            continue
        if disaster != persian_disaster(game) and game.hook.check_protection(
                game=game, seat=hp.seat, disaster=disaster):
            continue
        rule = hero_rule(hp.hero)
        options = (Option("keep", "Keep your coin for a later disaster", disaster),
                   Option("shield", f"Pay {price} coin: you alone are spared this {disaster}",
                          disaster))
        answer = yield Decision(hp.seat, "use_shield", f"{disaster.capitalize()} strikes:"
                                " cover your hero's symbol?", options, rule)
        if answer.id == "shield":
            pay_in(game, player, price)
            hp.shield_uses += 1
            hp.shielded = shield_key(game)
            game.emit("shield", rule, seat=hp.seat, disaster=disaster, coins=price)


def may_shield(hp: HeroesPlayer) -> bool:
    """Odysseus, with a use of his ability left."""
    return hp.has("disaster_shield") and hp.shield_uses < hp.ability["amount"]


def shield_then_strike(game, disaster: str, steps: Iterator[Decision] | None):
    """Odysseus may cover his hero's symbol before any disaster resolves: his offer, then the
    strike's own ``steps`` (None: nothing to ask). Without an Odysseus with a use left there is
    no offer: the strike's own steps, as they are. (Who holds him and his uses left change only
    in the offer itself, or before round 1 in the negotiation variant.)"""
    if not any(may_shield(hp) for hp in table(game).players):
        return steps
    return offer_then_strike(game, disaster, steps)


def offer_then_strike(game, disaster: str, steps: Iterator[Decision] | None):
    """Odysseus' offer, then the strike's ``steps``."""
    yield from shield_offer(game, disaster)
    if steps is not None:
        return (yield from steps)
    return None


def shield_key(game) -> str:
    """Which strike a shield covers: the disaster and its place among the disasters struck."""
    fired = game.state.fired
    return f"{len(fired)}:{fired[-1]}" if fired else ""


def shielded(game, hp: HeroesPlayer) -> bool:
    return hp.shielded is not None and hp.shielded == shield_key(game)


# --- the Persians attack --------------------------------------------------------------------------

def persian_attack(game) -> Iterator[Decision]:
    """After the 3rd and the 6th Persian chit: first ``prepare_persian_attack`` (house rules may
    ask the players something), then Persians (players x the sum of the revealed Persian chits,
    ``compute_persian_strength``) against the sum of all players' Strength
    (``count_attack_strength``). Lost: the attack's consequence (heroes flip / everybody loses
    his best tile). Repelled (players at least as strong): everybody halves his Strength, then
    may hire mercenaries, in turn order."""
    st, ht = game.state, table(game)
    disaster = persian_disaster(game)
    fire_on = game.components["disasters"][disaster]["fire_on"]
    number = fire_on.index(st.revealed[disaster]) + 1
    attack = game.components["expansion"]["persians"]["attacks"][number - 1]
    for steps in game.hook.prepare_persian_attack(game=game, attack=number):
        if steps is not None:
            yield from steps
    values = list(ht.persian_values)
    persians = game.hook.compute_persian_strength(game=game, attack=number, values=values)
    players = sum(attack_strength(game, hp.seat, number) for hp in ht.players)
    won = players >= persians
    ht.attacks.append({"attack": number, "persians": persians, "players": players, "won": won})
    game.emit("persian_attack", PERSIANS_RULE, attack=number, values=values, persians=persians,
              players=players, repelled=won)
    for seat in list(st.order):
        hp = ht.players[seat]
        if shielded(game, hp):
            game.emit("protected", hero_rule(hp.hero), seat=seat, disaster=disaster)
            continue
        if won:
            halve_strength(game, hp, PERSIANS_RULE, "Persians repelled")
        elif attack["lost"] == "flip_heroes":
            flip(game, hp)
        else:
            yield from lose_best_tile(game, hp)
    if won:
        for seat in list(st.order):
            yield from hire_mercenaries(game, ht.players[seat])


def attack_strength(game, seat: int, attack: int) -> int:
    """``count_attack_strength`` for one seat, held to the rules: a whole number, 0 or more."""
    strength = game.hook.count_attack_strength(game=game, seat=seat, attack=attack)
    if isinstance(strength, bool) or not isinstance(strength, int) or strength < 0:
        raise PluginError(f"count_attack_strength returned {strength!r} for seat {seat}: "
                          "expected a whole number, 0 or more", hook="count_attack_strength",
                          rule=PERSIANS_RULE)
    return strength


def flip(game, hp: HeroesPlayer) -> None:
    if not hp.flipped:
        hp.flipped = True
        game.emit("hero_flipped", PERSIANS_RULE, seat=hp.seat, hero=hp.hero["id"])


def lose_best_tile(game, hp: HeroesPlayer) -> Iterator[Decision]:
    """Lost second attack: the player removes his tile with the most prestige points (his choice
    among ties; buildings marked with a coin count, the coin comes back)."""
    player = game.state.players[hp.seat]
    tiles = player.tiles()
    if not tiles:
        return
    best = max(p.tile["prestige"] for p in tiles)
    options = tuple(Option(p.id, f"Lose {p.name} ({best} PP)", p)
                    for p in tiles if p.tile["prestige"] == best)
    target = (yield Decision(hp.seat, "lose_best_tile", "The Persians won: which of your best"
                             " tiles do you lose?", options, PERSIANS_RULE)).value
    lose_tile(game, player, target, PERSIANS_RULE)


def default_persian_strength(game, values: list[int]) -> int:
    """Number of players x the sum of the revealed Persian chits (4 players x 5 = 20)."""
    return game.num_players * sum(values)


def orange_losses(game) -> None:
    """An orange hero's per-round loss (Achilles 1 stone, Andromeda 1 wood, Helen 1 food), at the
    end of F. every round after the flip, as far as the player has it."""
    st = game.state
    for seat in list(st.order):
        hp = hero_player(game, seat)
        if not hp.flipped or not hp.hero["flipped_loss"]:
            continue
        player = st.players[seat]
        lost = {}
        for what, n in hp.hero["flipped_loss"].items():
            if what == "coins":
                take = min(n, player.coins)
                pay_in(game, player, take)
            elif what == "luxury":
                take = min(n, player.luxury)
                player.luxury -= take
            else:
                take = min(n, player.goods[what])
                player.goods[what] -= take
            if take:
                lost[what] = take
        if lost:
            game.emit("hero_loss", f"{hero_rule(hp.hero)} (orange side)", seat=seat, lost=lost)
