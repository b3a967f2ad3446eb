"""Seats named for people, in the texts rules write (prompts, ``describe_event``) and the table
shows."""
from __future__ import annotations

from collections.abc import Iterable


def seat_name(game, seat) -> str:
    """A seat's name (seats are counted from 1 where a number is needed)."""
    if seat is None or not isinstance(seat, int) or not 0 <= seat < len(game.seats):
        return str(seat)
    return game.seats[seat].name


def names(game, seats: Iterable[int]) -> str:
    """``Ada``, ``Ada and Basil``, ``Ada, Basil and Chloe``."""
    listed = [seat_name(game, s) for s in seats]
    if len(listed) <= 1:
        return "".join(listed) or "nobody"
    return ", ".join(listed[:-1]) + " and " + listed[-1]
