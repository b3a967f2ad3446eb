"""The card game's round (cardgame: Gameplay 1-6) and its end (cardgame: Game End)."""
from __future__ import annotations

from collections.abc import Iterator

from peloponnes.core import Decision, Option, Phase
from peloponnes.variants.common.auction import HookedPurse, Slot, bidding_steps, order_by_bids
from peloponnes.variants.common.words import amounts

from .catastrophes import lose_card, strike, uncover_protected
from .payments import (
    blind_draws_possible,
    can_pay,
    choose_coin_card,
    pay_coin_cards,
    pay_missing,
)
from .state import CardPlayer, Placed, draw_to_hand, gain_luxury
from .supply import supply

REVEAL = "cardgame: 1. Reveal Power Cards"
CATASTROPHES = "cardgame: 2. Catastrophes/Supply"
BIDDING = "cardgame: 3. Bidding"
TURN_ORDER = "cardgame: 4. Turn order"
GAIN = "cardgame: 5. Gain Power Cards"
INCOME = "cardgame: 6. Income"
GAME_END = "cardgame: Game End"


def card_label(card: dict) -> str:
    return f"{card['name']} ({card['kind']}, value {card['value']})"


# --- 1. Reveal ----------------------------------------------------------------------------------

def reveal(game) -> None:
    """As many cards as players, then the Conquest row up to 6 in all; the catastrophe symbols of
    the first two cards drawn advance their markers."""
    st = game.state
    open_count, conquest_count = game.hook.count_revealed(game=game)
    pile = st.power_pile
    start = max(0, len(pile) - open_count - conquest_count)
    drawn = pile[start:][::-1]      # the cards drawn one by one from the top (the list's end)
    del pile[start:]
    st.slots = [Slot(i, card, i >= open_count) for i, card in enumerate(drawn)]
    ids = [card["id"] for card in drawn]
    game.emit("revealed", REVEAL, open=ids[:open_count], conquest=ids[open_count:])
    tracks = game.components["catastrophe_tracks"]
    for card in drawn[:game.components["rules"]["catastrophe_cards_per_round"]]:
        cat = card["catastrophe"]
        if cat in st.fired or cat in st.due:
            continue  # a catastrophe cannot happen twice: the marker stays where it is
        space = st.tracks[cat] = st.tracks[cat] + 1
        end = tracks[cat]
        game.emit("catastrophe_advanced", REVEAL, catastrophe=cat, space=space, of=end)
        if space >= end:
            st.due.append(cat)
    if any(card["supply"] for card in drawn):
        st.supply_due = True


# --- 2. Catastrophes / Supply ------------------------------------------------------------------

def catastrophes_and_supply(game) -> Iterator[Decision]:
    """The catastrophes due strike in the order their markers reached the end, then the supply
    if a supply card was revealed."""
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

    def __init__(self, game):
        super().__init__(game)
        self.players = game.state.players
        rules = game.components["rules"]
        self.pass_reward = rules["pass_coin_cards"]
        self.withdraw_reward = rules["withdraw_coin_cards"]

    def label(self, card: dict) -> str:
        return card_label(card)

    def funds(self, seat: int) -> int:
        """Coin cards the seat can put into a bid: the hand plus luxury goods traded blind."""
        player = self.players[seat]
        return player.hand_size() + blind_draws_possible(self.game, player)

    def pay(self, seat: int, amount: int) -> Iterator[Decision]:
        return pay_coin_cards(self.game, self.players[seat], amount, BIDDING)

    def refund(self, seat: int, payment: list[str]) -> None:
        self.players[seat].hand.update(payment)

    def passed(self, seat: int) -> None:
        draw_to_hand(self.game, self.players[seat], self.pass_reward)

    def withdrew(self, seat: int) -> None:
        draw_to_hand(self.game, self.players[seat], self.withdraw_reward)


def conquest_extra(game, seat: int) -> int:
    """What a Conquest-row card costs ``seat`` over its value (3. Bidding): the surcharge
    (``conquest_surcharge``) less the seat's Barracks/Stockade discount (Special Buildings)."""
    discount = game.state.players[seat].power_card_total("conquest_discount")
    # asked with every minimum bid on the Conquest row: called positionally, as minimum_bid is
    return game.positional.conquest_surcharge(game, seat) - discount


def bidding(game) -> Iterator[Decision]:
    """cardgame 3. Bidding: the shared auction (``bidding_steps``) with coin cards as money."""
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
            yield from add_power_card(game, player, slot.card)
            st.slots.remove(slot)


def add_power_card(game, player: CardPlayer, card: dict) -> Iterator[Decision]:
    """5. Gain Power Cards, Adding power cards: a landscape goes right of the civilization; a
    building is built or put under construction (``add_building``)."""
    placed = Placed(card)
    if card["kind"] == "landscape":
        player.landscapes.append(placed)
        player.new_card = placed
        game.emit("gained", GAIN, seat=player.seat, card=card["id"], built=True)
    else:
        yield from add_building(game, player, placed)


BUILD_RULE = f"{GAIN}: Paying resources for building cards"
BUILDING_LOST = f"{BUILD_RULE} (neither resources nor a coin card)"


def add_building(game, player: CardPlayer, placed: Placed) -> Iterator[Decision]:
    """5. Gain Power Cards, Adding power cards: a building is built (the tableau's production,
    the rest from coin cards or luxury goods) or put under construction with a coin card from the
    hand (or one traded for a luxury good). "If you don't have either the necessary resources or
    a spare coin card ... then the building is lost" (German: "Kann er weder ... noch ..., ist das
    Gebäude verloren"): losing it is no choice while building or financing is possible."""
    card = placed.card
    name = card["name"]
    cost = card.get("cost", {})
    # the production of the tableau (the new card is not in it yet)
    produced = {"wood": player.production("wood"), "stone": player.production("stone")}
    missing = {res: max(0, cost.get(res, 0) - produced[res]) for res in produced}
    options = []
    if can_pay(player, missing):
        options.append(Option("build", f"Build {name} now (cost {amounts(cost)};"
                              f" your production {amounts(produced)})"))
    if player.hand or blind_draws_possible(game, player) > 0:
        options.append(Option("mortgage", f"Put a coin card under {name} (under construction,"
                              " pay at the next supply)"))
    if not options:
        lose_card(game, player, placed, BUILDING_LOST)
        return
    answer = yield Decision(player.seat, "build", f"You gained {name}: build it?",
                            tuple(options), BUILD_RULE)
    if answer.id == "mortgage":
        placed.under = yield from choose_coin_card(
            game, player, f"Which coin card goes under {name}?", "mortgage_coin_card",
            BUILD_RULE)
    else:
        luxury_used = yield from pay_missing(game, player, missing, BUILD_RULE)
        if not luxury_used:
            excess = sum(max(0, produced[res] - cost.get(res, 0)) for res in produced)
            gain_luxury(game, player, excess, "cardgame: Luxury Goods 1.", "excess production")
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
        population = player.population()
        # asked for every seat every round: called positionally (game, seat, population)
        coins, luxury = game.positional.compute_income(game, seat, population)
        coins += player.power_card_total("income_coin_cards")
        drawn = draw_to_hand(game, player, coins)
        if luxury:
            gain_luxury(game, player, luxury, "cardgame: Luxury Goods 3.", "income")
        game.emit("income", INCOME, seat=seat, population=population, coin_cards=drawn)


# --- Game end ---------------------------------------------------------------------------------

def final_supply(game) -> Iterator[Decision]:
    """cardgame: Game End: a last supply."""
    game.emit("supply", GAME_END, final=True)
    yield from supply(game)


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
