"""The card game's round (cardgame: Gameplay 1-6) and its end (cardgame: Game End)."""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision, Option, Phase
from peloponnes.variants.common.auction import (
    HookedPurse,
    bidding_steps,
    new_slot,
    order_by_bids,
)
from peloponnes.variants.common.kept import kept_for

from .catastrophes import lose_card, strike, uncover_protected
from .payments import (
    blind_draws_possible,
    can_pay,
    choose_coin_card,
    pay_coin_cards,
    pay_missing,
    resources_text,
)
from .state import CardPlayer, Placed, count_cards, draw_to_hand, gain_luxury
from .supply import supply

REVEAL = "cardgame: 1. Reveal Power Cards"
CATASTROPHES = "cardgame: 2. Catastrophes/Supply"
BIDDING = "cardgame: 3. Bidding"
TURN_ORDER = "cardgame: 4. Turn order"
GAIN = "cardgame: 5. Gain Power Cards"
INCOME = "cardgame: 6. Income"
GAME_END = "cardgame: Game End"


# Each power card's label, kept across games (``common.kept``): the auction labels every card it
# offers (six a round), and a label depends only on the card's data.
_labels: dict[int, tuple[dict, str]] = {}


def card_label(card: dict) -> str:
    return kept_for(_labels, card, _label)


def _label(card: dict) -> str:
    return f"{card['name']} ({card['kind']}, value {card['value']})"


# --- 1. Reveal ----------------------------------------------------------------------------------

def reveal(game) -> None:
    """As many cards as players, then the Conquest row up to 6 in all; the catastrophe symbols of
    the first two cards drawn advance their markers."""
    st = game.state
    open_count, conquest_count = game.hook.count_revealed(game=game)
    pile = st.power_pile
    start = len(pile) - open_count - conquest_count
    if start < 0:           # (a comparison, not max())
        start = 0
    drawn = pile[start:]            # the cards drawn one by one from the top (the list's end)
    drawn.reverse()
    del pile[start:]
    slots, ids, supply_shown = [], [], False
    for i, card in enumerate(drawn):        # (one plain loop: the Conquest row from open_count)
        slots.append(new_slot(i, card, i >= open_count))
        ids.append(card["id"])
        if card["supply"]:
            supply_shown = True
    st.slots = slots
    game.emit("revealed", REVEAL, open=ids[:open_count], conquest=ids[open_count:])
    tracks = game.components["catastrophe_tracks"]
    for card in drawn[:game.components["rules"]["catastrophe_cards_per_round"]]:
        cat = card["catastrophe"]
        if cat in st.fired or cat in st.due:
            continue  # a catastrophe cannot happen twice: the marker stays where it is
        space = st.tracks[cat] = st.tracks[cat] + 1     # (the marker's space read once)
        end = tracks[cat]
        game.emit("catastrophe_advanced", REVEAL, catastrophe=cat, space=space, of=end)
        if space >= end:
            st.due.append(cat)
    if supply_shown:
        st.supply_due = True


# --- 2. Catastrophes / Supply ------------------------------------------------------------------

def catastrophes_and_supply(game) -> Iterator[Decision] | None:
    """The catastrophes due strike in the order their markers reached the end, then the supply
    if a supply card was revealed. Returns the steps of both, or None in a round with neither
    (most rounds: no generator for them)."""
    st = game.state
    if not st.due and not st.supply_due:
        return None
    return catastrophes_and_supply_steps(game)


def catastrophes_and_supply_steps(game) -> Iterator[Decision]:
    st = game.state
    while st.due:
        steps = strike(game, st.due.pop(0))
        if steps is not None:
            yield from steps
    if st.supply_due:
        st.supply_due = False
        game.emit("supply", CATASTROPHES)
        yield from supply(game)


# --- 3. Bidding -------------------------------------------------------------------------------

class CoinCardPurse(HookedPurse):
    """The card game's side of the shared auction: bids are coin cards."""
    rule = BIDDING
    label = staticmethod(card_label)

    def __init__(self, game):
        super().__init__(game)
        self.players = game.state.players
        rules = game.components["rules"]
        self.pass_reward = rules["pass_coin_cards"]
        self.withdraw_reward = rules["withdraw_coin_cards"]
        self.conquest_extras: dict[int, int] = {}      # seat -> conquest_extra, this auction

    def funds(self, seat: int) -> int:
        """Coin cards the seat can put into a bid: the hand plus luxury goods traded blind
        (without luxury goods, none: asked at every turn of every auction)."""
        player = self.players[seat]
        held = sum(player.hand.values())      # (hand_size(), without its call)
        return held + blind_draws_possible(self.game, player) if player.luxury else held

    def pay(self, seat: int, amount: int) -> Iterator[Decision]:
        return pay_coin_cards(self.game, self.players[seat], amount, BIDDING)

    def refund(self, seat: int, payment: list[str]) -> None:
        count_cards(self.players[seat].hand, payment)

    def passed(self, seat: int) -> None:
        draw_to_hand(self.game, self.players[seat], self.pass_reward)

    def withdrew(self, seat: int) -> None:
        draw_to_hand(self.game, self.players[seat], self.withdraw_reward)


def conquest_extra(game, seat: int) -> int:
    """What a Conquest-row card costs ``seat`` over its value (3. Bidding): the surcharge
    (``conquest_surcharge``) less the seat's Barracks/Stockade discount (Special Buildings).
    While an auction runs it is worked out once per seat and kept by the auction's purse: no
    power card changes hands while bidding runs, and the auction asks a seat's minimums on all
    the Conquest-row cards it may bid on in one pass (``Auction.offers``; a held Conquest-row
    card is never bid on again), so a house rule's surcharge is asked at the same moment as
    before, once instead of once per card."""
    auction = game.state.auction
    purse = auction.purse if auction is not None else None
    extras = purse.conquest_extras if isinstance(purse, CoinCardPurse) else {}
    extra = extras.get(seat)
    if extra is None:
        # (power_card_total written as the call it makes: one call less)
        discount = game.state.players[seat].active_total("conquest_discount", False)
        extra = extras[seat] = game.positional.conquest_surcharge(game, seat) - discount
    return extra


def bidding(game) -> Iterator[Decision]:
    """cardgame 3. Bidding: the shared auction (``bidding_steps``) with coin cards as money;
    the auction's own steps are returned, one generator level less at every bid."""
    return bidding_steps(game.state, CoinCardPurse(game), game.emit)


# --- 4. Turn order ----------------------------------------------------------------------------

def turn_order(game) -> None:
    """By coin cards bid, highest first; ties keep their relative order; a pass counts 0; the
    Market/Agora bonus does not count."""
    st = game.state
    st.order = order_by_bids(st.order, st.bids)
    game.emit("turn_order", TURN_ORDER, order=list(st.order))


# --- 5. Gain power cards ----------------------------------------------------------------------

def gain(game) -> Iterator[Decision]:
    """Winning coin cards go to the discard pile, unbid cards leave the game; then, in the new
    turn order, each winner adds its card (a card stays in its slot until it is placed)."""
    st = game.state
    won = {}
    for slot in list(st.slots):
        if slot.bid is None:
            st.boxed.append(slot.card)
            st.slots.remove(slot)
            game.emit("card_unclaimed", BIDDING, card=slot.card["id"])
        else:
            won[slot.bid.seat] = slot
            st.coin_discard.extend(slot.bid.payment)
            slot.bid.payment = []
    st.bids = {}
    for seat in st.order:
        player = st.players[seat]
        player.new_card = None
        if seat in won:
            slot = won[seat]
            steps = add_power_card(game, player, slot.card)
            if steps is not None:
                yield from steps
            st.slots.remove(slot)


def add_power_card(game, player: CardPlayer, card: dict) -> Iterator[Decision] | None:
    """5. Gain Power Cards, Adding power cards: a landscape goes right of the civilization (a
    plain call: nothing is asked, None is returned); a building is added by the steps returned
    (``add_building``)."""
    placed = Placed(card)
    if card["kind"] == "landscape":
        player.landscapes.append(placed)
        player.new_card = placed
        game.emit("gained", GAIN, seat=player.seat, card=card["id"], built=True)
        return None
    return add_building(game, player, placed)


BUILD_RULE = f"{GAIN}: Paying resources for building cards"
BUILDING_LOST = f"{BUILD_RULE} (neither resources nor a coin card)"


class BuildingChoice:
    """What adding ``card`` (a building) asks, worded once per card: its cost, the prompt, the
    option of putting it under construction and the coin card's prompt then, and the options of
    building it now, one per production of wood and stone met (``build_option``). Options are
    immutable, and a card's name and cost are component data: kept across games
    (``building_choice``)."""
    __slots__ = ("card", "cost_wood", "cost_stone", "prompt", "mortgage", "under_prompt",
                 "builds")

    def __init__(self, card: dict):
        name = card["name"]
        cost = card.get("cost", {})
        self.card = card
        self.cost_wood, self.cost_stone = cost.get("wood", 0), cost.get("stone", 0)
        self.prompt = f"You gained {name}: build it?"
        self.mortgage = Option("mortgage", f"Put a coin card under {name} (under construction,"
                               " pay at the next supply)")
        self.under_prompt = f"Which coin card goes under {name}?"
        self.builds: dict[tuple[int, int], Option] = {}     # (wood, stone) produced -> option

    def build_option(self, wood: int, stone: int) -> Option:
        """The option of building the card now with ``wood`` and ``stone`` produced."""
        option = self.builds.get((wood, stone))
        if option is None:
            card = self.card
            production = resources_text((("wood", wood), ("stone", stone)))
            option = self.builds[wood, stone] = Option(
                "build", f"Build {card['name']} now (cost"
                f" {resources_text(tuple(card.get('cost', {}).items()))};"
                f" your production {production})")
        return option


# Each building's choice, kept across games (``common.kept``): about 20 buildings are added a
# game, each asking its prompt and up to two options (an Option costs a class call to build).
_building_choices: dict[int, tuple[dict, BuildingChoice]] = {}


def building_choice(card: dict) -> BuildingChoice:
    return kept_for(_building_choices, card, BuildingChoice)


def add_building(game, player: CardPlayer, placed: Placed) -> Iterator[Decision]:
    """5. Gain Power Cards, Adding power cards: a building is built (the tableau's production,
    the rest from coin cards or luxury goods) or put under construction with a coin card from the
    hand (or one traded for a luxury good). "If you don't have either the necessary resources or
    a spare coin card ... then the building is lost" (German: "Kann er weder ... noch ..., ist das
    Gebäude verloren"): losing it is no choice while building or financing is possible."""
    card = placed.card
    rule = BUILD_RULE
    choice = building_choice(card)
    cost_wood, cost_stone = choice.cost_wood, choice.cost_stone
    wood, stone = player.wood_and_stone()       # (the new one is not in the tableau yet)
    # (a dict literal and comparisons, not a comprehension and max(): every building asks them)
    missing = {"wood": cost_wood - wood if cost_wood > wood else 0,
               "stone": cost_stone - stone if cost_stone > stone else 0}
    if can_pay(player, missing):
        if player.hand or blind_draws_possible(game, player):
            options = (choice.build_option(wood, stone), choice.mortgage)
        else:
            options = (choice.build_option(wood, stone),)
    elif player.hand or blind_draws_possible(game, player):
        options = (choice.mortgage,)
    else:
        lose_card(game, player, placed, BUILDING_LOST)
        return
    answer = yield Decision(player.seat, "build", choice.prompt, options, rule)
    if answer.id == "mortgage":
        placed.under = yield from choose_coin_card(
            game, player, choice.under_prompt, "mortgage_coin_card", rule)
    else:
        luxury_used = yield from pay_missing(game, player, missing, rule)
        if not luxury_used:
            excess = ((wood - cost_wood if wood > cost_wood else 0)
                      + (stone - cost_stone if stone > cost_stone else 0))
            if excess:      # (no gain_luxury call for nothing)
                gain_luxury(game, player, excess, "cardgame: Luxury Goods 1.",
                            "excess production")
    player.buildings.append(placed)
    player.new_card = placed
    game.emit("gained", GAIN, seat=player.seat, card=card["id"], built=placed.under is None)


# --- 6. Income --------------------------------------------------------------------------------

def income(game) -> None:
    st = game.state
    for seat in st.order:
        player = st.players[seat]
        new = player.new_card
        if new is not None and (new in player.buildings or new in player.landscapes):
            one_time = new.card.get("one_time", {})
            if one_time.get("coin_cards"):
                draw_to_hand(game, player, one_time["coin_cards"])
            if one_time.get("luxury"):
                gain_luxury(game, player, one_time["luxury"], INCOME, "one-time income")
        player.new_card = None
        # (population() and power_card_total() in one pass: every seat every round)
        population, extra = player.population_and_power_card_total("income_coin_cards")
        coins, luxury = game.positional.compute_income(game, seat, population)
        coins += extra
        drawn = draw_to_hand(game, player, coins)
        if luxury:
            gain_luxury(game, player, luxury, "cardgame: Luxury Goods 3.", "income")
        game.emit("income", INCOME, seat=seat, population=population, coin_cards=drawn)


# --- Game end ---------------------------------------------------------------------------------

def final_supply(game) -> Iterator[Decision]:
    """cardgame: Game End: a last supply (its steps returned: one generator level less)."""
    game.emit("supply", GAME_END, final=True)
    return supply(game)


ROUND_PHASES = [
    Phase("reveal", reveal, REVEAL),
    Phase("catastrophes_supply", catastrophes_and_supply, CATASTROPHES),
    Phase("bidding", bidding, BIDDING),
    Phase("turn_order", turn_order, TURN_ORDER),
    Phase("gain", gain, GAIN),
    Phase("income", income, INCOME),
]

FINAL_PHASES = [
    Phase("final_supply", final_supply, GAME_END),
    Phase("uncover", uncover_protected, GAME_END),
]
