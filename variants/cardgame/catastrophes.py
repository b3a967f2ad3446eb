"""cardgame: Catastrophes — Plague, Earthquake, Tempest, Drought, Decline; protection; and the
uncovering at game end."""
from __future__ import annotations

import math
from collections.abc import Iterator

from peloponnes.core import Decision, Option, PluginError

from .payments import blind_draws_possible, choose_coin_card
from .state import COVERED, INTACT, REMOVED, CardPlayer, Placed

RULE = "cardgame: Catastrophes"


def protected(game, player: CardPlayer, catastrophe: str) -> bool:
    """A building showing the protection symbol (built or under construction, not covered), or
    at least 3 (``rules.protection_symbols``) matching catastrophe symbols on the tableau's power
    and civilization cards (the symbols stay visible on covered cards)."""
    if any(p.cover is None and catastrophe in p.card.get("protects", ())
           for p in player.buildings):
        return True
    symbols = sum(p.card["catastrophe"] == catastrophe for p in player.power_cards())
    if player.civilization is not None:
        symbols += player.civilization.card["catastrophes"].count(catastrophe)
    return symbols >= game.components["rules"]["protection_symbols"]


def strike(game, catastrophe: str) -> Iterator[Decision] | None:
    """The catastrophe strikes: resolved for the table by ``strike_catastrophe``, whose steps
    are returned (None if it has none)."""
    game.state.fired.append(catastrophe)
    game.emit("catastrophe", f"{RULE}: {catastrophe.capitalize()}", catastrophe=catastrophe)
    return game.hook.strike_catastrophe(game=game, catastrophe=catastrophe)


def strike_table(game, catastrophe: str) -> Iterator[Decision]:
    """The default of ``strike_catastrophe``: every player in turn order, unless protected."""
    st = game.state
    for seat in st.order:
        player = st.players[seat]
        if protected(game, player, catastrophe):
            game.emit("protected", RULE, seat=seat, catastrophe=catastrophe)
            continue
        if catastrophe == "decline":
            yield from decline(game, player)
        else:
            yield from hit_cards(game, player, catastrophe)


def hit_cards(game, player: CardPlayer, catastrophe: str) -> Iterator[Decision]:
    """The cards ``list_catastrophe_targets`` names, as many as ``count_catastrophe_hits``
    says: the player picks each one to cover or lose."""
    targets = game.hook.list_catastrophe_targets(game=game, seat=player.seat,
                                                 catastrophe=catastrophe)
    candidates = checked_targets(player, targets)
    if not candidates:
        return
    hits = game.hook.count_catastrophe_hits(game=game, seat=player.seat,
                                            catastrophe=catastrophe,
                                            cards=counted_cards(player, catastrophe, candidates))
    # its type and range are checked where it comes back (core/results.py, the hookspec)
    for _ in range(min(hits, len(candidates))):
        yield from cover_or_remove(game, player, catastrophe, candidates)
        tableau = player.tableau()
        candidates = [p for p in candidates if p.cover is None and p in tableau]


def cover_or_remove(game, player: CardPlayer, catastrophe: str, choices: list[Placed]
                    ) -> Iterator[Decision]:
    """The player picks one of ``choices`` to be hit and covers it with a coin card or loses it."""
    rule = f"{RULE}: {catastrophe.capitalize()}"
    can_cover = bool(player.hand) or blind_draws_possible(game, player) > 0
    options = []
    for i, p in enumerate(choices):
        name = p.card["name"]
        if can_cover:
            options.append(Option(f"cover:{i}", f"Cover {name} with a coin card", ("cover", p)))
        options.append(Option(f"remove:{i}", f"Lose {name}", ("remove", p)))
    action, target = (yield Decision(player.seat, "catastrophe", f"{catastrophe.capitalize()}"
                                     " strikes: cover or lose a card", tuple(options), rule)).value
    if action == "cover":
        card = yield from choose_coin_card(game, player, f"Cover {target.name} with which coin"
                                           " card?", "cover_coin_card", rule)
        if card is not None:
            target.cover = (card, catastrophe)
            game.emit("covered", rule, seat=player.seat, card=target.card["id"],
                      catastrophe=catastrophe)
            return
    lose_card(game, player, target, rule)


def lose_card(game, player: CardPlayer, placed: Placed, rule: str) -> None:
    """A card leaves the tableau (or, just gained, never enters it) for the box; coin cards on or
    under it go to the discard pile."""
    st = game.state
    player.remove(placed)       # (if it is there)
    if placed.under is not None:
        st.coin_discard.append(placed.under)
    if placed.cover is not None:
        st.coin_discard.append(placed.cover[0])
    if not placed.is_civilization:
        st.boxed.append(placed.card)
    st.lost_cards[player.seat] += 1
    game.emit("card_lost", rule, seat=player.seat, card=placed.card["id"])


def checked_targets(player: CardPlayer, targets) -> list[Placed]:
    """What ``list_catastrophe_targets`` returned, held to the rules: cards of the player's own
    tableau (a catastrophe cannot hit another player's cards, nor cards already gone)."""
    if targets is None:
        return []
    tableau = player.tableau()
    if not (isinstance(targets, list | tuple) and all(target in tableau for target in targets)):
        raise PluginError(f"list_catastrophe_targets returned {targets!r}: expected a list of "
                          f"cards of seat {player.seat}'s tableau", hook="list_catastrophe_targets",
                          rule=RULE)
    return list(targets)


def default_targets(game, player: CardPlayer, catastrophe: str) -> list[Placed]:
    """The default of ``list_catastrophe_targets`` (cardgame: Catastrophes)."""
    if catastrophe == "plague":
        civ = player.civilization
        return [civ] if civ is not None and civ.cover is None else []
    # Earthquake/Tempest hit uncovered cards only: a covered card cannot be covered again.
    # Buildings under construction may be chosen (they are in the list like any other).
    if catastrophe in SHARE_CATASTROPHES:
        return [p for p in getattr(player, SHARE_CATASTROPHES[catastrophe]) if p.cover is None]
    if catastrophe == "drought":
        return drought_targets(player)
    return []


def drought_targets(player: CardPlayer) -> list[Placed]:
    """The power card (never the civilization) with the highest grain production; the player
    chooses among ties. Our reading: a tableau producing no grain on power cards loses nothing."""
    top, targets = 0, []
    for p in player.power_cards():
        if p.cover is None:
            grain = p.card["production"]["grain"]
            if grain > top:
                top, targets = grain, [p]
            elif grain == top and top > 0:
                targets.append(p)
    return targets


# The catastrophes that hit a share of a kind of card, and the tableau row of that kind.
SHARE_CATASTROPHES = {"earthquake": "buildings", "tempest": "landscapes"}


def counted_cards(player: CardPlayer, catastrophe: str, targets: list[Placed]) -> list[Placed]:
    """The cards ``count_catastrophe_hits`` counts over. Our reading 5 (cardgame: Catastrophes,
    Earthquake/Tempest): the German settles it, "Ein Drittel aller Gebäude / Landschaften des
    Spielers (aufgerundet)": the third is counted over ALL of them, cards already covered (by
    Drought) included; the hits fall on the uncovered ones (the targets), at most all of them.
    For the other catastrophes: the targets."""
    if catastrophe in SHARE_CATASTROPHES:
        return list(getattr(player, SHARE_CATASTROPHES[catastrophe]))
    return targets


def default_hits(game, catastrophe: str, cards) -> int:
    """A third (``rules.catastrophe_share``), rounded up, for Earthquake and Tempest; one card
    for the others."""
    if catastrophe in SHARE_CATASTROPHES:
        return math.ceil(len(cards) / game.components["rules"]["catastrophe_share"])
    return 1


def decline(game, player: CardPlayer) -> Iterator[Decision]:
    rule = f"{RULE}: Decline"
    # Our reading: the luxury goods are lost first ("Additionally, cover ..."), so they cannot
    # be traded for the coin card that covers the luxury card.
    if player.luxury:
        game.emit("luxury_lost", rule, seat=player.seat, amount=player.luxury)
        player.luxury = 0
    if player.luxury_card != INTACT:
        return
    if player.hand or blind_draws_possible(game, player) > 0:       # the card can be covered
        cap = game.components["rules"]["luxury_max_after_decline"]
        options = (Option("cover", f"Cover the luxury card with a coin card (max {cap} luxury)"),
                   REMOVE_LUXURY_CARD)
    else:
        options = (REMOVE_LUXURY_CARD,)
    answer = yield Decision(player.seat, "catastrophe", "Decline: cover or remove your luxury"
                            " card", options, rule)
    if answer.id == "cover":
        card = yield from choose_coin_card(game, player, "Cover the luxury card with which coin"
                                           " card?", "cover_coin_card", rule)
        if card is not None:
            player.luxury_card = COVERED
            player.luxury_card_cover = card
            game.emit("covered", rule, seat=player.seat, card="luxury card", catastrophe="decline")
            return
    player.luxury_card = REMOVED
    game.emit("card_lost", rule, seat=player.seat, card="luxury card")


REMOVE_LUXURY_CARD = Option("remove", "Remove the luxury card (no more luxury goods this game)")


def uncover_protected(game) -> None:
    """cardgame: Game End — protection gained after a catastrophe uncovers the cards it
    covered; the coin cards go to the discard pile."""
    rule = "cardgame: Catastrophes (protection gained later)"
    st = game.state
    for player in st.players:
        for p in player.tableau():
            if p.cover is not None and protected(game, player, p.cover[1]):
                st.coin_discard.append(p.cover[0])
                game.emit("uncovered", rule, seat=player.seat, card=p.id)
                p.cover = None
        if player.luxury_card == COVERED and protected(game, player, "decline"):
            st.coin_discard.append(player.luxury_card_cover)
            player.luxury_card = INTACT
            player.luxury_card_cover = None
            game.emit("uncovered", rule, seat=player.seat, card="luxury card")

