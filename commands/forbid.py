"""``--forbid`` and ``--forbid-seat`` for ``simulate`` and ``compare``: restricted play, where a
seat never takes certain options (``agents.restricted``; docs/mechanisms.md). ``compare`` with
``--forbid`` plays one scenario against its restricted twin on the same seeds: what the
mechanism is worth to that seat is the difference in its win share and score."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click
from rich.markup import escape

from peloponnes.agents.restriction_trial import TRIAL_GAMES, trial_notes
from peloponnes.commands.common import CliError, err_console
from peloponnes.core.plugins import load_ruleset, read_scenario
from peloponnes.core.scenario import Scenario


def forbid_options(command):
    """``--forbid`` (repeatable) and ``--forbid-seat``; the command gets ``forbid`` (a tuple of
    entries) and ``forbid_seat`` (counted from 1; None: not given, the first seat)."""
    command = click.option(
        "--forbid-seat", type=click.IntRange(1), metavar="N",
        help="The seat --forbid restricts (default 1: the first in the scenario).")(command)
    return click.option(
        "--forbid", "forbid", multiple=True, metavar="KIND[:OPTION]",
        help="The --forbid-seat seat (default 1) never takes these options (repeatable): KIND "
             "(every option of that decision kind) or KIND:OPTION, an option id or pattern "
             "(build:mortgage, bid_card:card:*, feed_luxury:[!0]*). See docs/mechanisms.md.")(
        command)


def restricted(scenario: Scenario, forbid: tuple[str, ...], seat: int | None) -> Scenario:
    """``scenario`` with seat ``seat`` (from 1; None: the first) never taking ``forbid``, named
    so a report tells it from the scenario it came from."""
    if not forbid:
        if seat is not None:
            raise CliError("--forbid-seat needs --forbid (what that seat never takes)")
        return scenario
    seat = seat or 1
    twin = scenario.with_forbid(seat - 1, forbid)
    title = scenario.name or Path(scenario.source).stem or scenario.variant
    return replace(twin, name=f"{title}, {twin.players[seat - 1].name} never"
                               f" {', '.join(forbid)}")


def restricted_lineup(items: list, forbid: tuple[str, ...], seat: int | None, trust: bool,
                      agent: str | None = None) -> list:
    """The scenarios ``compare`` plays: ``items`` as given (paths or Scenarios) or, with
    ``forbid``, the one scenario given and its restricted twin. Tells on standard error what
    the restricted seats of the lineup meet in a few trial games (``agent``: every seat's)."""
    if forbid or seat is not None:
        if len(items) != 1:
            raise CliError("--forbid compares one scenario with its restricted twin: give one"
                           " SCENARIO (or write `forbid` into a seat of a second scenario file)")
        item = items[0]
        scenario = item if isinstance(item, Scenario) else read_scenario(item, trusted=trust)
        items = [scenario, restricted(scenario, forbid, seat)]
    for item in items:
        scenario = item if isinstance(item, Scenario) else read_scenario(item, trusted=trust)
        if any(p.forbid for p in scenario.players):
            tell_restrictions(*load_ruleset(scenario), agent)
    return items


def tell_restrictions(ruleset, scenario: Scenario, agent: str | None = None) -> None:
    """What the restricted seats of ``scenario`` meet in a few trial games, on standard error
    (nothing when no seat forbids anything)."""
    for level, text in trial_notes(ruleset, scenario, TRIAL_GAMES, agent):
        colour = "yellow" if level == "warning" else "cyan"
        err_console.print(f"[{colour}]{level}:[/] {escape(text)}", highlight=False,
                          soft_wrap=True)
