"""cardgame: Supply — feed the inhabitants, then complete the buildings under construction."""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision, Option, VariantOption
from peloponnes.core.decisions import new_object, new_tuple

from .catastrophes import lose_card
from .payments import can_pay, pay_missing, resources_text
from .state import CardPlayer, discard_from_hand, gain_luxury

RULE = "cardgame: Supply"

SUPPLY_PRODUCTION_OPTION = VariantOption(
    "supply_production", str, "kept",
    "Which production completes buildings under construction at a supply (cardgame: Supply;"
    " the rulebook is silent): 'kept' -- the cards that stay, each such building's own"
    " included (our reading) -- or 'as_started' -- as it stood when completion began, buildings"
    " given up there included.",
    choices=("kept", "as_started"))


# The feeding options that never change (Options are immutable, so shared by every game).
PAY_GRAIN = Option("grain", "Pay a coin card showing grain", "grain")
PAY_LUXURY = Option("luxury", "Pay a luxury good", "luxury")
PAY_INHABITANT = Option("inhabitant", "Pay a coin card showing an inhabitant", "inhabitant")


def supply(game) -> Iterator[Decision]:
    """Every seat in turn order feeds, then completes its buildings under construction. Both
    return steps only where something is asked (feeding short, buildings pending), None
    otherwise: no generator for a seat that is fed and builds nothing."""
    for seat in game.state.order:
        player = game.state.players[seat]
        steps = feed(game, player)
        if steps is not None:
            yield from steps
        steps = complete_buildings(game, player)
        if steps is not None:
            yield from steps


FEEDING_RULE = f"{RULE} (feeding)"


def feed(game, player: CardPlayer) -> Iterator[Decision] | None:
    """Every inhabitant except the luxury card's eats one grain: production first, then grain
    coin cards or luxury goods; or pay inhabitant coin cards or remove cards until population
    equals production. Excess grain production becomes luxury goods. Our reading: only the
    excess at the start of feeding counts (removing cards never creates luxury).

    A seat whose production feeds everybody is fed by this call (None is returned); a seat
    short of grain is fed by the steps returned (``feed_short``)."""
    grain, people = player.grain_and_population()
    if grain >= people:
        if grain > people:      # (no gain_luxury call for nothing)
            gain_luxury(game, player, grain - people, "cardgame: Luxury Goods 2.", "excess grain")
        game.emit("fed", FEEDING_RULE, seat=player.seat, inhabitants=people, grain=grain)
        return None
    return feed_short(game, player, grain, people)


def feed_short(game, player: CardPlayer, grain: int, people: int) -> Iterator[Decision]:
    """``feed`` for a seat whose ``grain`` production does not feed its ``people``."""
    rule = FEEDING_RULE
    # Population and production change only when a card is removed (the tableau changes), so
    # they and the options to remove a card are worked out again only then.
    paid = 0
    removals: dict = {}     # the options to remove a card, made once per card and place in a row
    remove_options = None
    while True:
        missing = people - grain - paid
        if missing <= 0:
            break
        if remove_options is None:
            remove_options = feeding_removals(player, removals)
        hand = player.hand
        options = []
        if hand.get("grain"):
            options.append(PAY_GRAIN)
        if player.luxury:
            options.append(PAY_LUXURY)
        if hand.get("inhabitant"):
            options.append(PAY_INHABITANT)
        # Decision(seat, "feed", prompt, options, rule), its fields stored as pay_coin_cards
        # stores them (about 13 a game)
        decision = new_object(Decision)
        decision.seat = player.seat
        decision.kind = "feed"
        decision.prompt = f"{missing} inhabitant(s) unfed: how?"
        decision.options = (*options, *remove_options)
        decision.rule = rule
        answer = yield decision
        if answer.value == "luxury":
            player.luxury -= 1
            paid += 1
        elif answer.value in ("grain", "inhabitant"):
            discard_from_hand(game, player, answer.value)
            paid += 1
        else:
            lose_card(game, player, answer.value, rule)
            grain, people = player.grain_and_population()
            remove_options = None
    game.emit("fed", rule, seat=player.seat, inhabitants=people, grain=grain)


def feeding_removals(player: CardPlayer, made: dict) -> list[Option]:
    """The options to remove an active card with inhabitants when feeding, each made once per
    card and place in the tableau (``made`` keeps them while the seat decides)."""
    options = []
    for i, p in enumerate(player.tableau()):
        card = p.card
        if p.cover is None and card["inhabitants"] > 0:
            option = made.get((i, p))
            if option is None:
                # Option(id, label, p), built as the named tuple's own __new__ builds it, without
                # that Python-level call (about 19 a game)
                option = made[i, p] = new_tuple(Option, (
                    f"remove:{i}", f"Remove {card['name']} ({card['inhabitants']} inhabitants)",
                    p, ""))
            options.append(option)
    return options


GIVE_UP = Option("give_up", "Give up a building (its coin card is discarded)")


def complete_buildings(game, player: CardPlayer) -> Iterator[Decision] | None:
    """Buildings under construction are completed against production summed once for all of
    them (the note in the rulebook), the rest from coin cards or luxury goods; no luxury goods are
    gained. The player completes all that remain, or gives one up (its coin card is discarded)
    and decides again. Our reading: the coin card beneath a completed building returns to its
    owner's hand (the rulebook sends it to the discard pile only when the building is lost).

    Our reading of the production (the rulebook is silent; ``supply_production = "kept"``): a
    player at the table pays with the cards that stay in front of him. A building under
    construction is "fully usable" and has stood in the tableau since it was gained, so its own
    production counts towards its own completion (only a newly gained building's does not,
    5. Gain Power Cards); a building given up goes back to the box first and lends nothing to the
    others. Option ``"as_started"``: production as it stood when completion began, given-up
    buildings included (the former reading).

    Returns the steps of completing them (``complete_pending``), or None when the seat has no
    building under construction (most seats at most supplies: no generator for them)."""
    pending = []
    for p in player.buildings:      # (a plain loop: asked for every seat at every supply)
        if p.under is not None:
            pending.append(p)
    if not pending:
        return None
    return complete_pending(game, player, pending)


def complete_pending(game, player: CardPlayer, pending: list) -> Iterator[Decision]:
    """``complete_buildings`` for the seat's ``pending`` buildings under construction."""
    rule = f"{RULE} (buildings under construction)"
    option = SUPPLY_PRODUCTION_OPTION
    as_started = game.options.get(option.name, option.default) == "as_started"
    # (dict literals and one plain loop, not comprehensions over the two resources)
    produced_wood, produced_stone = player.wood_and_stone()
    production = {"wood": produced_wood, "stone": produced_stone}
    while True:
        wood = stone = 0
        named = []
        for p in pending:
            cost = p.card["cost"]
            wood += cost.get("wood", 0)
            stone += cost.get("stone", 0)
            named.append(p.card["name"])
        names = ", ".join(named)
        missing = {"wood": max(0, wood - production["wood"]),
                   "stone": max(0, stone - production["stone"])}
        options = [GIVE_UP]
        if can_pay(player, missing):
            cost_text = resources_text((("wood", wood), ("stone", stone)))
            produced = resources_text((("wood", production["wood"]),
                                       ("stone", production["stone"])))
            options.insert(0, Option("complete", f"Complete {names} (cost {cost_text};"
                                     f" your production {produced})"))
        answer = yield Decision(player.seat, "complete", f"Complete {names}?", tuple(options),
                                rule)
        if answer.id == "complete":
            break
        give_up = []        # (a plain loop, Options built as in feeding_removals)
        for i, p in enumerate(pending):
            give_up.append(new_tuple(Option, (f"lose:{i}", f"Give up {p.card['name']}", p, "")))
        lost = (yield Decision(player.seat, "give_up", "Give up which building?",
                               tuple(give_up), rule)).value
        lose_card(game, player, lost, rule)
        pending.remove(lost)
        if not pending:
            return
        if not as_started:      # the cards that stay: without the one given up
            produced_wood, produced_stone = player.wood_and_stone()
            production = {"wood": produced_wood, "stone": produced_stone}
    yield from pay_missing(game, player, missing, rule)
    for p in pending:
        hand = player.hand
        hand[p.under] = hand.get(p.under, 0) + 1    # (a Counter's [] on a miss is slower)
        p.under = None
        game.emit("completed", rule, seat=player.seat, card=p.card["id"])
