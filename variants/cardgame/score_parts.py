"""cardgame: Scoring, line by line. Population: the inhabitants of the tableau, those on coin
cards in hand (laid beside the tableau at the end) and the luxury card's two, unless Decline
covered it or it was removed. Power: the tableau's power points, 1 per 6 remaining coin cards
and luxury goods, and the luxury card's two on the same terms. Cards laid to waste count
nothing; cards uncovered at the game end (protection gained later) count again. The lower total
is the score (the tests check it against ``score_seat`` game by game)."""
from __future__ import annotations

from peloponnes.core import ScoreExplanation, ScorePart
from peloponnes.variants.common.score_sheet import lower_total_sheet
from peloponnes.variants.common.words import count

from .state import COVERED, INTACT

POPULATION, POWER = "population", "power"
AT_END = "added at the end"


def tableau_note(game, player) -> str:
    """How many cards of the tableau count, which were uncovered at the game end, and how many
    still lie under a catastrophe's coin card."""
    cards = player.tableau()
    active = [p for p in cards if p.cover is None]
    notes = [f"{count(len(active), 'card')} counted"]
    uncovered = {e.data["card"] for e in game.events
                 if e.kind == "uncovered" and e.data.get("seat") == player.seat}
    names = [p.name for p in active if p.id in uncovered]
    if names:
        notes.append(f"uncovered at the end: {', '.join(names)}")
    wasted = len(cards) - len(active)
    if wasted:
        notes.append(f"{count(wasted, 'card')} laid to waste {'counts' if wasted == 1 else 'count'}"
                     " nothing")
    return "; ".join(notes)


def luxury_card_note(player) -> str:
    if player.luxury_card == INTACT:
        return AT_END
    if player.luxury_card == COVERED:
        return "covered by Decline: counts nothing"
    return "removed: counts nothing"


def explain(game, seat: int) -> ScoreExplanation:
    """Seat ``seat``'s score sheet as the rulebook adds it up, each part with how it was
    counted."""
    player = game.state.players[seat]
    rules = game.components["rules"]
    inhabitants = player.hand.get("inhabitant", 0)
    # only the coin cards left once the inhabitants are laid out count towards power
    # ("je 6 übrige Münzkarten"), together with the luxury goods
    remaining = player.hand_size() - inhabitants
    per_point = rules["coin_cards_per_power_point"]
    intact = player.luxury_card == INTACT
    card = game.components["luxury_card"]
    tableau, luxury, coins = tableau_note(game, player), luxury_card_note(player), ""
    if remaining + player.luxury:
        coins = (f"{AT_END}: {count(remaining, 'coin card')} + "
                 f"{count(player.luxury, 'luxury good')}, 1 per {per_point}")
    return lower_total_sheet([
        ScorePart(POPULATION, "inhabitants on the tableau", player.population(), tableau),
        ScorePart(POPULATION, "inhabitant coin cards in hand", inhabitants,
                  AT_END if inhabitants else ""),
        ScorePart(POPULATION, "the luxury card", card["inhabitants"] if intact else 0, luxury),
        ScorePart(POWER, "power on the tableau", player.power(), tableau),
        ScorePart(POWER, "coin cards and luxury goods", (remaining + player.luxury) // per_point,
                  coins),
        ScorePart(POWER, "the luxury card", card["power"] if intact else 0, luxury),
    ])
