"""``peloponnes check``: where the rules break. The work is ``lab.check``'s; this draws the
report, writes it as JSON and ends with exit code 1 when something was found."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import click
from rich.markup import escape

from peloponnes.commands.common import (
    GAMES,
    console,
    end_on_sigterm,
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
from peloponnes.lab.check import BOTS, run_check
from peloponnes.lab.check.render import render_check

# The exit code when the check found something (a failed game, a decision always forced, a
# plugin hook that did nothing, a phase never run): 0 means nothing was found.
EXIT_FOUND = 1
SAVES = Path("saves")       # where the shortest game of each finding is saved


@click.command(name="check")
@end_on_sigterm
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("-n", "--games", type=GAMES, default=100, show_default=True,
              help=f"Seeds to play (the scenario's seed on), each once with every seat "
                   f"{' and once with every seat '.join(BOTS)}.")
@click.option("--seed", type=click.IntRange(0), help="Override the scenario's first seed.")
@workers_option("1")
@json_option("the report")
@trust_option
@friendly_errors
def check_cmd(scenario, games, seed, workers, json_out, trust):
    """Find where the rules of a SCENARIO break: play GAMES seeds with random and with heuristic
    bots, the invariants checked after every decision, and report failed games (loops, stalls,
    broken invariants, decisions without options), decisions a rule asks but that never offer a
    choice, hooks of the scenario's plugins that never fire or never change anything, and
    phases never reached; each with its shortest game, saved for `peloponnes replay`. Ties,
    the decisions asked and the options seen are listed as information. Exit code 1 when
    something was found, 0 when not (docs/check.md)."""
    with plugin_output_to_stderr(json_out == "-"):
        ruleset, sc = load(scenario, trust)
        if seed is not None:
            sc = replace(sc, seed=seed)
        if json_out != "-":
            note_reconstructed(ruleset)
        with progress_bar() as progress:
            task = progress.add_task(f"checking {escape(Path(scenario).name)}",
                                     total=games * len(BOTS))
            report = run_check(sc, games, workers=workers or 1, folder=SAVES, trust=trust,
                               progress=lambda done, total: progress.update(task,
                                                                            completed=done))
    data = report.to_dict()
    if json_out:
        write_output(json_out, json.dumps(data, indent=2) + "\n", "the report")
    if json_out != "-":
        for renderable in render_check(data):
            console.print(renderable, highlight=False)
    if not report.clean:
        click.get_current_context().exit(EXIT_FOUND)
