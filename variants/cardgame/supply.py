"""cardgame: Supply — feed the inhabitants, then complete the buildings under construction."""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision, Option, VariantOption
from peloponnes.variants.common.words import amounts

from .catastrophes import lose_card
from .payments import can_pay, pay_missing
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
    """Every seat in turn order feeds, then completes its buildings under construction."""
    for seat in game.state.order:
        player = game.state.players[seat]
        yield from feed(game, player)
        yield from complete_buildings(game, player)


FEEDING_RULE = f"{RULE} (feeding)"


def feed(game, player: CardPlayer) -> Iterator[Decision]:
    """Every inhabitant except the luxury card's eats one grain: production first, then grain
    coin cards or luxury goods; or pay inhabitant coin cards or remove cards until population
    equals production. Excess grain production becomes luxury goods. Our reading: only the
    excess at the start of feeding counts (removing cards never creates luxury)."""
    grain, people = player.production("grain"), player.population()
    if grain > people:
        gain_luxury(game, player, grain - people, "cardgame: Luxury Goods 2.", "excess grain")
    paid = 0
    while people - grain - paid > 0:
        hand = player.hand
        options = []
        if hand.get("grain"):
            options.append(PAY_GRAIN)
        if player.luxury:
            options.append(PAY_LUXURY)
        if hand.get("inhabitant"):
            options.append(PAY_INHABITANT)
        answer = yield Decision(player.seat, "feed",
                                f"{people - grain - paid} inhabitant(s) unfed: how?",
                                (*options, *feeding_removals(player)), FEEDING_RULE)
        if answer.value == "luxury":
            player.luxury -= 1
            paid += 1
        elif answer.value in ("grain", "inhabitant"):
            discard_from_hand(game, player, answer.value)
            paid += 1
        else:
            lose_card(game, player, answer.value, FEEDING_RULE)
            grain, people = player.production("grain"), player.population()
    game.emit("fed", FEEDING_RULE, seat=player.seat, inhabitants=people, grain=grain)


def feeding_removals(player: CardPlayer) -> list[Option]:
    """The options to remove an active card with inhabitants when feeding."""
    return [Option(f"remove:{i}", f"Remove {p.card['name']} ({p.card['inhabitants']}"
                   " inhabitants)", p)
            for i, p in enumerate(player.tableau())
            if p.cover is None and p.card["inhabitants"] > 0]


GIVE_UP = Option("give_up", "Give up a building (its coin card is discarded)")


def complete_buildings(game, player: CardPlayer) -> Iterator[Decision]:
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
    buildings included (the former reading)."""
    rule = f"{RULE} (buildings under construction)"
    pending = [p for p in player.buildings if p.under is not None]
    if not pending:
        return
    option = SUPPLY_PRODUCTION_OPTION
    as_started = game.options.get(option.name, option.default) == "as_started"
    production = {"wood": player.production("wood"), "stone": player.production("stone")}
    while True:
        cost = {res: sum(p.card["cost"].get(res, 0) for p in pending) for res in production}
        missing = {res: max(0, cost[res] - production[res]) for res in production}
        names = ", ".join(p.card["name"] for p in pending)
        options = [GIVE_UP]
        if can_pay(player, missing):
            options.insert(0, Option("complete", f"Complete {names} (cost {amounts(cost)};"
                                     f" your production {amounts(production)})"))
        answer = yield Decision(player.seat, "complete", f"Complete {names}?", tuple(options),
                                rule)
        if answer.id == "complete":
            break
        give_up = tuple(Option(f"lose:{i}", f"Give up {p.card['name']}", p)
                        for i, p in enumerate(pending))
        lost = (yield Decision(player.seat, "give_up", "Give up which building?", give_up,
                               rule)).value
        lose_card(game, player, lost, rule)
        pending.remove(lost)
        if not pending:
            return
        if not as_started:      # the cards that stay: without the one given up
            production = {"wood": player.production("wood"),
                          "stone": player.production("stone")}
    yield from pay_missing(game, player, missing, rule)
    for p in pending:
        player.hand[p.under] += 1
        p.under = None
        game.emit("completed", rule, seat=player.seat, card=p.card["id"])
