"""Pieces of the view -> vector encoding (the ``encode_view`` hook) that the Peloponnes family
shares: the players in seat-relative order, the auction display, and the pending decision.

Every encoder reads only the seat's view and its own pending decision. Players are listed from
the encoding seat onwards (me first, then the next seat, ...), so one policy can play any seat.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache

from peloponnes.core.decisions import Decision, Option
from peloponnes.core.features import Features

OTHER = "other"
NUMBER_HIGH = 100.0       # option numbers (bid amounts, counts, slot indices) saturate here


def players_from_me(view: dict) -> list[dict]:
    """The view's player entries starting with the viewing seat, then in seat order."""
    players = view["players"]
    seat = view["seat"]
    return [players[(seat + i) % len(players)] for i in range(len(players))]


def relative_seat(view: dict, seat: int | None) -> int | None:
    """How many seats after the viewing seat ``seat`` sits (0 = me); None stays None."""
    if seat is None:
        return None
    return (seat - view["seat"]) % len(view["players"])


def row(*spec: tuple[str, float]) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """Labels and upper bounds of a row of features, from (label, high) pairs."""
    return tuple(label for label, _ in spec), tuple(float(high) for _, high in spec)


def add_turn_order(features: Features, view: dict) -> None:
    """Each player's place in the turn order (one-hot), players from me onwards."""
    n = len(view["players"])
    order = view["order"]
    for i, player in enumerate(players_from_me(view)):
        place = order.index(player["seat"]) if player["seat"] in order else None
        features.one_hot(f"player[{i}].turn_place", place, n)


def add_bids(features: Features, view: dict, slots: int) -> None:
    """The auction display: for each of ``slots`` positions, whether a card or tile lies there,
    whether it is in the Conquest row, the bid on it and who made it (relative seat, one-hot)."""
    n = len(view["players"])
    labels, highs = row(("present", 1), ("conquest", 1), ("bid", NUMBER_HIGH),
                        *((f"bidder.{i}", 1) for i in range(n)))
    shown = {s["index"]: s for s in view["slots"]}
    for index in range(slots):
        values = [0.0] * (3 + n)
        slot = shown.get(index)
        if slot is not None:
            values[0] = 1.0
            values[1] = 1.0 if slot["conquest"] else 0.0
            bid = slot["bid"]
            if bid is not None:
                values[2] = bid["amount"]
                values[3 + relative_seat(view, bid["seat"])] = 1.0
        features.add_many(f"slot[{index}]", values, highs, labels=labels)


def default_option_meaning(option: Option) -> tuple[str, float]:
    """What an option is, as (stem, number): ``card:3`` -> ("card", 3), ``7`` (an amount) ->
    ("number", 7), ``pass`` -> ("pass", 0); an int value is the number."""
    stem, _, tail = option.id.partition(":")
    value = option.value
    if isinstance(value, bool | int):
        number = float(value)
    elif tail.lstrip("-").isdigit():
        number = float(tail)
    else:
        number = 0.0
    if stem.lstrip("-").isdigit():
        stem = "number"
    return stem, number


def add_decision(features: Features, decision: Decision | None, *, kinds: tuple[str, ...],
                 stems: tuple[str, ...], max_options: int,
                 meaning: Callable[[Option], tuple[str, float]] = default_option_meaning
                 ) -> None:
    """The pending decision of the encoding seat (all zeros when another seat is to act):
    whether there is one, its kind and option stems (``add_decision_kinds``), and each option's
    number (``meaning``), for ``max_options`` positions."""
    features.add("decision.mine", 1 if decision is not None else 0, 1)
    add_decision_kinds(features, "decision", decision, kinds=kinds, stems=stems,
                       max_options=max_options, meaning=meaning)
    numbers = [0.0] * max_options
    if decision is not None:
        for i, option in enumerate(decision.options[:max_options]):
            numbers[i] = meaning(option)[1]
    features.add_many("decision.option_number", numbers, NUMBER_HIGH, low=-NUMBER_HIGH)


def add_decision_kinds(features: Features, name: str, decision: Decision | None, *,
                       kinds: tuple[str, ...], stems: tuple[str, ...], max_options: int,
                       meaning: Callable[[Option], tuple[str, float]] = default_option_meaning
                       ) -> None:
    """The decision's kind (one-hot over ``kinds`` and "other") and, for each of the
    ``max_options`` positions, the option's stem (one-hot over ``stems`` and "other"; all 0
    past the last option). A plugin that adds decisions calls it from its ``encode_view``
    wrapper with its own kinds and stems, under its own ``name``."""
    kind = None
    if decision is not None:
        kind = kinds.index(decision.kind) if decision.kind in kinds else len(kinds)
    features.one_hot(f"{name}.kind", kind, len(kinds) + 1, labels=(*kinds, OTHER))
    width = len(stems) + 1
    stem_values = [0.0] * (max_options * width)
    if decision is not None:
        for i, option in enumerate(decision.options[:max_options]):
            stem = meaning(option)[0]
            stem_values[i * width + (stems.index(stem) if stem in stems else len(stems))] = 1.0
    features.add_many(f"{name}.option_stem", stem_values, 1,
                      labels=option_stem_labels(tuple(stems), max_options))


@cache    # kept for speed: 25-70 us a view to make afresh (docs/performance.md)
def option_stem_labels(stems: tuple[str, ...], max_options: int) -> tuple[str, ...]:
    """The names of the option-stem features, made once per layout (encoding runs per view)."""
    return tuple(f"{i}.{stem}" for i in range(max_options) for stem in (*stems, OTHER))
