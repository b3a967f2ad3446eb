"""``compare``'s options for verdicts: ``--until-decided`` with its margins and caps, and
``--agent`` naming several bots, and writing a comparison played under several agents."""
from __future__ import annotations

import functools
import json

import click
from click.core import ParameterSource

from peloponnes.agents import BOT_KINDS
from peloponnes.commands.common import GAMES, CliError, console, write_output
from peloponnes.core.errors import ConfigError
from peloponnes.core.scenario import agent_kinds

# The most paired games of a run until decided when --max-games is not given.
DEFAULT_MAX_GAMES = 10_000


def bot_kinds() -> list[str]:
    """Every agent kind a bot may be: the shipped ones, then the installed ones (the
    ``peloponnes.agents`` entry points), people aside."""
    kinds = dict.fromkeys(BOT_KINDS)
    kinds.update(dict.fromkeys(k for k in agent_kinds() if k != "human"))
    return list(kinds)


def until_decided_options(command):
    """``--until-decided``, ``--margin``, ``--max-games`` and ``--max-time`` for ``compare``:
    the command gets ``until`` (a ``StoppingRule``, or None) and, until decided, the most games
    as ``games``."""
    @functools.wraps(command)
    def wrapper(*args, until_decided, margin, max_games, max_time, **kwargs):
        from peloponnes.lab.compare.until_decided import (
            StoppingRule,
            parse_duration,
            parse_margin,
        )
        if not until_decided:
            given = [flag for flag, value in (("--margin", margin), ("--max-games", max_games),
                                              ("--max-time", max_time)) if value]
            if given:
                raise CliError(f"{', '.join(given)} need{'s' if len(given) == 1 else ''} "
                               "--until-decided")
            return command(*args, until=None, **kwargs)
        source = click.get_current_context().get_parameter_source("games")
        if source == ParameterSource.COMMANDLINE:
            raise CliError("--until-decided plays until the metrics are decided: give the most "
                           "games with --max-games, not --games")
        try:
            margins = dict(parse_margin(text) for text in margin)
            rule = StoppingRule(margins, parse_duration(max_time) if max_time else None)
        except ConfigError as exc:
            raise CliError(str(exc)) from None
        kwargs["games"] = max_games or DEFAULT_MAX_GAMES
        return command(*args, until=rule, **kwargs)

    for option in reversed((
            click.option("--until-decided", is_flag=True,
                         help="Play in rounds of paired games until every headline metric is "
                              "decided: its anytime-valid 95% interval excludes 0, or lies "
                              "inside its --margin, or a cap is reached. The report says per "
                              "metric why it stopped and after how many games."),
            click.option("--margin", multiple=True, metavar="METRIC=X",
                         help="With --until-decided: a change of METRIC smaller than X does not "
                              "matter; it is decided when its interval lies within ±X "
                              "(repeatable)."),
            click.option("--max-games", type=GAMES, metavar="N",
                         help=f"With --until-decided: the most paired games (default "
                              f"{DEFAULT_MAX_GAMES:,})."),
            click.option("--max-time", metavar="TIME",
                         help="With --until-decided: start no round that would end after TIME "
                              "(90, 90s, 10m, 1.5h); the games played then depend on the "
                              "machine."))):
        wrapper = option(wrapper)
    return wrapper


def write_agent_runs(runs, *, json_out, csv_out, html_out, to_stdout: bool) -> None:
    """Print and write a comparison played under several agents (``lab.compare.verdicts``)."""
    from peloponnes.lab import compare as cmp
    from peloponnes.lab.compare import verdicts_render as draw

    if not to_stdout:
        for renderable in draw.across_bots_terminal(runs):
            console.print(renderable, highlight=False)
    if json_out:
        write_output(json_out, json.dumps(draw.across_bots_dict(runs), indent=2, default=str),
                     "JSON results")
    if csv_out:
        write_output(csv_out, cmp.to_csv(draw.across_bots_summary_rows(runs)), "CSV summary")
    if html_out:
        write_output(html_out, draw.render_across_bots_html(runs), "HTML report")
