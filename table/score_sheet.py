"""Each seat's final score taken apart, as the ruleset's ``explain_score`` adds it up: the lines
``play`` and ``replay`` print under the final scores, the ``scores`` of ``replay --json`` and
the end of the ``replay --html`` page. A player sees which totals made the score, which parts
made each total (and what was added only at the end), and which tiebreak settled a tie."""
from __future__ import annotations

from dataclasses import asdict

from peloponnes.core.errors import SandboxError
from peloponnes.core.naming import names
from peloponnes.core.score_parts import LOWEST, ScoreExplanation


def number(value: float) -> str:
    return f"{value:g}"


def score_sheets(game) -> tuple[list[ScoreExplanation | None], str]:
    """Every seat's sheet (None where the ruleset gives none), and "" or why there are none: a
    plugin that fails here costs the sheets, never the game's result."""
    try:
        with game.ruleset.guard("explain_score", game.phase):
            return [game.hook.explain_score(game=game, seat=s.index) for s in game.seats], ""
    except SandboxError as exc:
        return [None] * game.num_players, f"The scores cannot be taken apart: {exc}"


def how_counted(sheet: ScoreExplanation) -> str:
    """``the lower of population and power``, ``the sum of gold and glory``."""
    totals = list(sheet.totals())
    listed = ", ".join(totals[:-1]) + " and " + totals[-1] if len(totals) > 1 else totals[0]
    if sheet.counts == LOWEST:
        return f"the {'lower' if len(totals) == 2 else 'lowest'} of {listed}"
    return f"the sum of {listed}"


def seat_lines(game, seat: int, sheet: ScoreExplanation) -> list[str]:
    """A seat's sheet: its score and totals, then each total's parts with how they were
    counted (a part worth nothing is shown only when its note says why)."""
    value = game.result.scores[seat].value
    totals = sheet.totals()
    made = ", ".join(f"{name} {number(total)}" for name, total in totals.items())
    lines = [f"{game.seats[seat].name}: {number(value)}, {how_counted(sheet)} ({made})"]
    if sheet.value != value:
        lines.append(f"  the parts make {number(sheet.value)}, but the rules in play scored "
                     f"{number(value)}: a rule changed the score without saying how")
    for name, total in totals.items():
        lines.append(f"  {name} {number(total)}:")
        for part in sheet.parts:
            if part.total == name and (part.value or part.note):
                note = f" ({part.note})" if part.note else ""
                lines.append(f"    {number(part.value):>4}  {part.label}{note}")
    return lines


def tie_lines(game, sheets: list[ScoreExplanation | None]) -> list[str]:
    """For each pair of neighbours in the ranking with the same score, the tiebreak that
    ranked them, or that none did."""
    lines = []
    ranking, scores = game.result.ranking, game.result.scores
    for above, below in zip(ranking, ranking[1:], strict=False):
        first, second = scores[above], scores[below]
        if first.value != second.value:
            continue
        named = (sheets[above].tiebreak if sheets[above] else ()) or ()
        pair = names(game, (above, below))
        steps = list(zip(first.tiebreak, second.tiebreak, strict=False))
        for i, (a, b) in enumerate(steps):
            if a != b:
                rule = named[i] if i < len(named) else f"tiebreak {i + 1}"
                lines.append(f"{pair} both scored {number(first.value)}: {rule} ranks "
                             f"{game.seats[above].name} first ({number(a)} against "
                             f"{number(b)}).")
                break
        else:
            rules = " and ".join(named) or "the tiebreaks"
            lines.append(f"{pair} both scored {number(first.value)} and {rules} cannot "
                         "separate them: they share the place.")
    return lines


def sheet_lines(game) -> list[str]:
    """The sheets of a finished game as lines of text, best-ranked seat first, then the ties."""
    sheets, problem = score_sheets(game)
    if problem:
        return [problem]
    present = [s for s in sheets if s is not None]
    if not present:
        return []
    lines = ["How the scores were counted:"]
    for seat in game.result.ranking:
        if sheets[seat] is not None:
            lines.extend(seat_lines(game, seat, sheets[seat]))
    if present[0].tiebreak and game.num_players > 1:
        lines.append(f"Ties go to {', then '.join(present[0].tiebreak)}.")
    return lines + tie_lines(game, sheets)


def sheet_data(game) -> dict:
    """The sheets of a finished game as data (``replay --json``): per seat (counted from 1) its
    score, rank, totals and parts, and the ties in words."""
    sheets, problem = score_sheets(game)
    seats = []
    for rank, seat in enumerate(game.result.ranking, 1):
        score, sheet = game.result.scores[seat], sheets[seat]
        entry = {"seat": seat + 1, "name": game.seats[seat].name, "rank": rank,
                 "score": score.value, "tiebreak": list(score.tiebreak)}
        if sheet is not None:
            entry.update(counts=sheet.counts, totals=sheet.totals(),
                         tiebreak_names=list(sheet.tiebreak),
                         parts=[asdict(part) for part in sheet.parts])
        seats.append(entry)
    return {"seats": seats, "ties": tie_lines(game, sheets), "problem": problem or None}
