"""``peloponnes impact``: what wins. Plays a scenario's seeds with bots and relates what each seat
held at the end (cards, tiles, civilizations, heroes, colonies, luxury goods) to its share of
the win and its final score (``lab.impact``). Ends as the other batch commands do when games
failed (``batch.end_with_failed_games``). ``compare --impact`` is ``impact_options``."""
from __future__ import annotations

import functools
from contextvars import ContextVar
from dataclasses import replace
from pathlib import Path

import click
from rich.markup import escape

from peloponnes.agents import BOT_KINDS
from peloponnes.commands.common import (
    EXIT_PLUGIN,
    GAMES,
    CliError,
    batch_executor,
    check_option,
    console,
    end_on_sigterm,
    executor_note,
    executor_options,
    friendly_errors,
    json_option,
    load,
    note_reconstructed,
    plugin_output_to_stderr,
    progress_bar,
    trust_option,
    workers_option,
    write_output,
)
from peloponnes.commands.learn import ensure_models
from peloponnes.lab.batch import save_failed_game

# While ``compare --impact`` runs: the collectors of its comparisons (``impact_records``).
_COLLECTING: ContextVar[list | None] = ContextVar("impact_collectors", default=None)


def write_impact(results, json_out, csv_out, html_out) -> None:
    """Write ``impact``'s (or ``compare --impact``'s) reports where the options say."""
    from peloponnes.lab.compare import to_csv
    from peloponnes.lab.impact_render import impact_csv_rows, impact_json, render_impact_html

    if json_out:
        write_output(json_out, impact_json(results) + "\n", "the impact of every component")
    if csv_out:
        write_output(csv_out, to_csv(impact_csv_rows(results)), "CSV of every component")
    if html_out:
        write_output(html_out, render_impact_html(results), "HTML report")


def show_impact(results) -> None:
    from peloponnes.lab.impact_render import render_impact_terminal

    for result in results:
        for renderable in render_impact_terminal(result):
            console.print(renderable, highlight=False)


def impact_records(entries, on_record):
    """``compare``'s ``on_record`` while ``compare --impact`` runs: ``on_record`` (or nothing)
    and a collector of this comparison's records; else ``on_record`` itself."""
    from peloponnes.lab.impact import ImpactCollector

    collectors = _COLLECTING.get()
    if collectors is None:
        return on_record
    collector = ImpactCollector([entry.scenario for entry in entries])
    collectors.append(collector)
    if on_record is None:
        return collector.add

    def both(record):
        on_record(record)
        collector.add(record)
    return both


def impact_options(command):
    """``--impact``, ``--impact-json`` and ``--impact-html`` for ``compare``: what wins in each
    ruleset (``lab.impact``), from the comparison's own games, shown after it."""
    @functools.wraps(command)
    def wrapper(*args, impact, impact_json, impact_html, **kwargs):
        if not (impact or impact_json or impact_html):
            return command(*args, **kwargs)
        if "," in (kwargs.get("agent") or ""):
            raise CliError("--impact relates holdings to results under one agent: give "
                           "--agent one kind")
        if "-" in (impact_json, impact_html):
            # standard output carries compare's own report (or its --json)
            raise CliError("--impact-json and --impact-html write a file, not standard output "
                           "(`peloponnes impact SCENARIO --json -` writes to it)")
        collectors: list = []
        token = _COLLECTING.set(collectors)
        failed = None
        try:
            command(*args, **kwargs)
        except CliError as error:      # games failed: the others still count, as in compare
            if error.exit_code != EXIT_PLUGIN:
                raise
            failed = error
        finally:
            _COLLECTING.reset(token)
        results = [result for collector in collectors for result in collector.results()]
        if "-" not in (kwargs.get("json_out"), kwargs.get("csv_out"), kwargs.get("csv_games")):
            show_impact(results)
        write_impact(results, impact_json, None, impact_html)
        if failed is not None:
            raise failed
    for name, what in (("--impact-html", "an HTML page"), ("--impact-json", "JSON")):
        wrapper = click.option(name, type=click.Path(dir_okay=False), metavar="FILE",
                               help=f"Write what wins in each ruleset (as --impact), every "
                                    f"component, as {what}.")(wrapper)
    return click.option("--impact", is_flag=True,
                        help="Also show what wins in each ruleset: the change in win share and "
                             "score that goes with holding each component (as `peloponnes "
                             "impact`), from the same games.")(wrapper)


@click.command(name="impact")
@end_on_sigterm
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("-n", "--games", type=GAMES, default=500, show_default=True,
              help="How many games (game i uses the scenario's seed + i).")
@click.option("--agent", type=click.Choice(BOT_KINDS),
              help="Play every seat with this agent instead of the scenario's.")
@click.option("--seed", type=click.IntRange(0), help="Override the scenario's first seed.")
@workers_option("1")
@executor_options
@json_option("every component's figures")
@click.option("--csv", "csv_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write a row per component as CSV (- for standard output).")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write a self-contained HTML page: every component's change in win share "
                   "with its interval, and the table.")
@check_option
@trust_option
@friendly_errors
def impact_cmd(scenario, games, agent, seed, workers, executor_kind, address, json_out, csv_out,
               html_out, check, trust):
    """What wins? Play GAMES seeded games of a SCENARIO with bots and show, for every component
    a seat can hold (card, tile, civilization, hero, colony, luxury good), the change in win
    share and in final score that goes with holding it at the end, with seat, civilization,
    round acquired and price paid held fixed, and 95% intervals. The top and bottom ten here;
    every component with --json, --csv, --html. An association, not a cause: docs/impact.md
    shows the controlled experiment with `peloponnes sweep`."""
    from peloponnes.commands.batch import SAVES, end_with_failed_games
    from peloponnes.lab.impact import impact

    if json_out == "-" and csv_out == "-":
        raise CliError("only one of --json and --csv can write to standard output")
    to_stdout = "-" in (json_out, csv_out)
    with plugin_output_to_stderr(to_stdout):
        ruleset, sc = load(scenario, trust)
        if seed is not None:
            sc = replace(sc, seed=seed)
        executor = batch_executor(executor_kind, address, workers, 1,
                                  "decision" if check else "end")
        if not to_stdout:
            note_reconstructed(ruleset)
        ensure_models([sc], agent, workers=workers, executor=executor_kind, address=address)
        with progress_bar() as progress:
            task = progress.add_task(f"playing {escape(Path(scenario).name)} "
                                     f"({executor_note(executor_kind, workers or 1)})",
                                     total=games)
            result = impact(sc, games, agent=agent, executor=executor,
                            progress=lambda done, total: progress.update(task, completed=done))
    if not to_stdout:
        show_impact([result])
    write_impact([result], json_out, csv_out, html_out)
    end_with_failed_games(result.failures, [""], games, lambda failure: save_failed_game(
        failure, ruleset, result.scenario, SAVES))
