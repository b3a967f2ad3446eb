"""Commands that play many games: simulate, compare, sweep, explain."""
from __future__ import annotations

import functools
import json
from dataclasses import replace
from pathlib import Path

import click
from rich.markup import escape

from peloponnes.agents import BOT_KINDS
from peloponnes.commands.common import (
    EXIT_PLUGIN,
    CliError,
    batch_executor,
    check_option,
    console,
    executor_note,
    executor_options,
    friendly_errors,
    json_option,
    load,
    note_reconstructed,
    plugin_output_to_stderr,
    progress_bar,
    trust_option,
    with_agent,
    workers_option,
    write_output,
)
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import run_simulation, save_failed_game
from peloponnes.lab.batch.render_terminal import (
    render_coverage,
    render_simulation,
    render_warnings,
)

# --- simulate ----------------------------------------------------------------------------------

@click.command(name="simulate")
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("-n", "--games", type=click.IntRange(1), default=100, show_default=True,
              help="How many games (game i uses the scenario's seed + i).")
@click.option("--agent", type=click.Choice(BOT_KINDS),
              help="Play every seat with this agent instead of the scenario's.")
@click.option("--seed", type=click.IntRange(0), help="Override the scenario's first seed.")
@workers_option("1")
@executor_options
@json_option("the summary")
@click.option("--coverage", is_flag=True, help="Count how often every hook implementation, "
              "phase and rule section ran, and list those that never ran.")
@check_option
@trust_option
@friendly_errors
def simulate_cmd(scenario, games, agent, seed, workers, executor_kind, address, json_out,
                 coverage, check, trust):
    """Play GAMES seeded games of a SCENARIO with bots and summarise scores and win shares per
    seat and per civilization. Human seats play as heuristic bots here. A game that fails is
    listed with its seed, plugin and hook (and saved); the others count, and the exit code is 3.
    """
    check = "decision" if check else "end"
    with plugin_output_to_stderr(json_out == "-"):
        ruleset, sc = load(scenario, trust)
        if seed is not None:
            sc = replace(sc, seed=seed)
        executor = batch_executor(executor_kind, address, workers, 1, check)
        if json_out != "-":
            note_reconstructed(ruleset)
        with progress_bar() as progress:
            task = progress.add_task(f"simulating {escape(Path(scenario).name)}", total=games)
            run = run_simulation(sc, games, agent=agent, executor=executor, check=check,
                                 coverage=coverage,
                                 progress=lambda done, total: progress.update(task,
                                                                              completed=done))
    report = run.to_dict()
    if json_out:
        write_output(json_out, json.dumps(report, indent=2) + "\n", "the summary")
    if json_out != "-":
        for renderable in render_simulation(report, f"{games} games of "
                                            f"{escape(sc.name or scenario)} (bots; seeds "
                                            f"{sc.seed}-{sc.seed + games - 1})"):
            console.print(renderable)
        warned = render_warnings(report.get("warnings", []))
        if warned is not None:
            console.print(warned, highlight=False)
        if "coverage" in report:
            for renderable in render_coverage(report["coverage"], "Coverage"):
                console.print(renderable, highlight=False)
    if run.failures:
        first, seeds = run.failures[0], [f.seed for f in run.failures]
        saved = save_failed_game(run, ruleset, Path("saves"))
        raise CliError(f"{len(seeds)} of {games} games failed (seeds "
                       f"{', '.join(map(str, seeds[:10]))}{', ...' if len(seeds) > 10 else ''});"
                       f" the summary counts the others. First: {first.describe()}"
                       + (f" — game (seed {first.seed}) saved to {saved}" if saved else ""),
                       EXIT_PLUGIN)


# --- compare -----------------------------------------------------------------------------------

def skill_trace_options(command):
    """``--skill-trace`` and ``--skill-budgets`` for ``compare``: with ``--skill-trace`` the
    command plays the skill trace (``lab.compare.skill``) instead of the metrics."""
    @functools.wraps(command)
    def wrapper(*args, skill_trace, skill_budgets, **kwargs):
        if skill_trace:
            return friendly_errors(_skill_trace)(skill_budgets, **kwargs)
        if skill_budgets:
            raise CliError("--skill-budgets needs --skill-trace")
        return command(*args, **kwargs)
    wrapper = click.option("--skill-budgets", metavar="N1,N2,...",
                           help="With --skill-trace: the mcts iterations per decision to try "
                                "(default 4,16,64).")(wrapper)
    return click.option("--skill-trace", is_flag=True,
                        help="Instead of the metrics: one seat played by the mcts search agent "
                             "at rising budgets (--skill-budgets) against each scenario's bots, "
                             "the seat rotating game by game; shows its win share per budget and "
                             "ruleset: does the ruleset reward skill or luck?")(wrapper)


def _skill_trace(budgets, *, scenarios, games, workers, executor_kind, address, seed, json_out,
                 html_out, check, trust, **refused):
    """``compare --skill-trace``: the work is ``lab.compare.skill``'s; this draws and writes."""
    from peloponnes.lab import compare as cmp
    from peloponnes.lab.batch import default_workers
    from peloponnes.lab.compare import skill, skill_render

    given = [f"--{name.removesuffix('_out').replace('_', '-')}"
             for name, value in refused.items() if value]
    if given:
        raise CliError(f"--skill-trace does not take {', '.join(given)}")
    budgets = skill.parse_budgets(budgets)
    workers = workers or (default_workers() if executor_kind == "local" else None)
    executor = batch_executor(executor_kind, address, workers, default_workers(),
                              "decision" if check else "end")
    entries = cmp.prepare(list(scenarios), trust=trust)
    with progress_bar() as progress, plugin_output_to_stderr(json_out == "-"):
        task = progress.add_task(f"skill trace of {len(entries)} rulesets "
                                 f"({executor_note(executor_kind, workers)})", total=None)
        trace = skill.skill_trace(entries, games, budgets=budgets, first_seed=seed,
                                  executor=executor,
                                  progress=lambda done, total: progress.update(
                                      task, completed=done, total=total))
    if json_out != "-":
        for renderable in skill_render.render_skill_terminal(trace):
            console.print(renderable, highlight=False)
    if json_out:
        write_output(json_out, skill_render.skill_json(trace), "JSON results")
    if html_out:
        write_output(html_out, skill_render.render_skill_html(trace), "HTML report")


@click.command(name="compare")
@click.argument("scenarios", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-n", "--games", type=click.IntRange(1), default=100, show_default=True,
              help="Paired games per scenario: game i of every scenario uses the FIRST "
                   "scenario's seed + i.")
@click.option("--metric", "metrics", multiple=True, metavar="NAME",
              help="Show only this metric (repeatable). Unknown names are refused with the list.")
@workers_option("all cores")
@executor_options
@click.option("--seed", type=click.IntRange(0),
              help="First seed (default: the first scenario's seed).")
@json_option("the results")
@click.option("--csv", "csv_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write the summary as CSV: one row per metric per scenario.")
@click.option("--csv-games", "csv_games", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write every game's metrics as CSV: one row per game per "
                                   "scenario.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write a self-contained HTML report (tables and SVG charts; works offline).")
@click.option("--coverage", is_flag=True, help="Count how often every hook implementation, "
              "phase and rule section ran in each ruleset, and list those that never ran.")
@click.option("--agent", type=click.Choice(BOT_KINDS),
              help="Play every seat of every scenario with this agent instead of the "
                   "scenarios' (mcts: the search bot, which also plays house rules' decisions).")
@check_option
@trust_option
@skill_trace_options
@friendly_errors
def compare_cmd(scenarios, games, metrics, workers, executor_kind, address, seed, json_out,
                csv_out, csv_games, html_out, coverage, agent, check, trust):
    """Compare rulesets: play the same GAMES seeds in every SCENARIO (A.toml B.toml [C.toml ...])
    with each scenario's bots, then show the rules diff, each metric's mean with a 95% confidence
    interval, the paired difference against the first scenario, win shares and score
    histograms. Human seats play as heuristic bots here."""
    from peloponnes.lab import compare as cmp

    to_stdout = [t for t in (json_out, csv_out, csv_games) if t == "-"]
    if len(to_stdout) > 1:
        raise CliError("only one of --json, --csv and --csv-games can write to standard output")
    with plugin_output_to_stderr(bool(to_stdout)):
        result = _compare(with_agent(scenarios, agent, trust), games, metrics, workers,
                          executor_kind, address, seed, csv_games, trust,
                          "decision" if check else "end", coverage, bool(to_stdout))
    if not to_stdout:
        for renderable in cmp.render_terminal(result):
            console.print(renderable, highlight=False)
    if json_out:
        write_output(json_out, cmp.to_json(result), "JSON results")
    if csv_out:
        write_output(csv_out, cmp.to_csv(cmp.summary_rows(result)), "CSV summary")
    if html_out:
        write_output(html_out, cmp.render_html(result), "HTML report")
    dead = [e.letter for i, e in enumerate(result.entries) if result.ok_games(i) == 0]
    if dead:
        raise CliError(f"every game of {', '.join(dead)} failed (see above)", EXIT_PLUGIN)


def _compare(scenarios, games, metrics, workers, executor_kind, address, seed, csv_games, trust,
             check, coverage, to_stdout):
    """Load and play a comparison (plugin output already sent to standard error)."""
    from peloponnes.lab import compare as cmp
    from peloponnes.lab.batch import default_workers

    workers = workers or (default_workers() if executor_kind == "local" else None)
    executor = batch_executor(executor_kind, address, workers, default_workers(), check)
    entries = cmp.prepare(list(scenarios), trust=trust)
    if not to_stdout:
        seen = set()
        for entry in entries:
            if entry.ruleset.variant.name not in seen:
                seen.add(entry.ruleset.variant.name)
                note_reconstructed(entry.ruleset)
    with progress_bar() as progress, cmp.GameRows(entries) as game_rows:
        task = progress.add_task(f"comparing {len(entries)} rulesets "
                                 f"({executor_note(executor_kind, workers)})",
                                 total=games * len(entries))
        result = cmp.compare(scenarios, games, executor=executor, metrics=metrics or None,
                             first_seed=seed, entries=entries,
                             on_record=game_rows.add if csv_games else None, check=check,
                             coverage=coverage,
                             progress=lambda done, total: progress.update(task, completed=done,
                                                                          total=total))
        if csv_games:
            write_output(csv_games, lambda out: cmp.write_csv(
                game_rows.rows(result.metric_names), out), "CSV of every game")
    return result


# --- sweep -------------------------------------------------------------------------------------

@click.command(name="sweep")
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--vary", "vary", multiple=True, required=True, metavar="KEY=V1,V2,...",
              help="A key and its values (repeatable: the grid is every combination). KEY: "
                   "options.NAME, components.PATH (e.g. rules.conquest_surcharge) or "
                   "plugins.PLUGIN.PARAMETER.")
@click.option("-n", "--games", type=click.IntRange(1), default=100, show_default=True,
              help="Paired games per grid point: game i of every point uses the scenario's "
                   "seed + i.")
@click.option("--metric", "metrics", multiple=True, metavar="NAME",
              help="Show only this metric (repeatable).")
@workers_option("all cores")
@click.option("--seed", type=click.IntRange(0), help="First seed (default: the scenario's).")
@json_option("the results")
@click.option("--csv", "csv_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write a row per metric per grid point as CSV.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write a self-contained HTML page: a line chart per metric with its CI band.")
@trust_option
@executor_options
@friendly_errors
def sweep_cmd(scenario, vary, games, metrics, workers, seed, json_out, csv_out, html_out, trust,
              executor_kind, address):
    """Which value balances the game? Play GAMES paired games at every point of a grid of
    values (--vary KEY=V1,V2,..., repeatable) and show, per metric, each point's mean with its
    95% CI and its paired difference against the scenario's own value, with a line chart."""
    from peloponnes.lab import compare as cmp
    from peloponnes.lab.batch import default_workers
    from peloponnes.lab.compare.sweep import sweep
    from peloponnes.lab.compare.sweep_render import (
        render_sweep_html,
        render_sweep_terminal,
        sweep_csv_rows,
        sweep_json,
    )

    if json_out == "-" and csv_out == "-":
        raise CliError("only one of --json and --csv can write to standard output")
    sc = replace(Scenario.from_file(scenario), trusted=trust)
    if seed is not None:
        sc = replace(sc, seed=seed)
    workers = workers or (default_workers() if executor_kind == "local" else None)
    executor = batch_executor(executor_kind, address, workers, default_workers())
    with progress_bar() as progress:
        task = progress.add_task(f"sweeping {Path(scenario).name} "
                                 f"({executor_note(executor_kind, workers)})", total=None)
        result = sweep(sc, vary, games, workers=workers, metrics=metrics or None,
                       executor=executor,
                       progress=lambda done, total: progress.update(task, completed=done,
                                                                    total=total))
    if "-" not in (json_out, csv_out):
        for renderable in render_sweep_terminal(result):
            console.print(renderable, highlight=False)
    if json_out:
        write_output(json_out, sweep_json(result), "JSON results")
    if csv_out:
        write_output(csv_out, cmp.to_csv(sweep_csv_rows(result)), "CSV summary")
    if html_out:
        write_output(html_out, render_sweep_html(result), "HTML report")


# --- explain -----------------------------------------------------------------------------------

@click.command(name="explain")
@click.argument("scenario_a", type=click.Path(dir_okay=False))
@click.argument("scenario_b", type=click.Path(dir_okay=False))
@click.option("--seed", type=click.IntRange(0), help="The seed to play (default: A's seed).")
@json_option("the explanation")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write a self-contained HTML page with both games' timelines side by side.")
@trust_option
@friendly_errors
def explain_cmd(scenario_a, scenario_b, seed, json_out, html_out, trust):
    """Where do two rulesets part? Play one SEED under SCENARIO_A and SCENARIO_B with A's agents,
    tracing every hook call, and show the first step that differs (the hook and the plugins
    whose answers made the difference), the first event or decision that differs with its rule
    section, and both outcomes side by side."""
    from peloponnes.lab.compare.explain import explain
    from peloponnes.lab.compare.explain_render import render_explain_html, render_explain_terminal

    result = explain(scenario_a, scenario_b, seed=seed, trust=trust)
    if json_out != "-":
        for renderable in render_explain_terminal(result):
            console.print(renderable, highlight=False)
    if json_out:
        write_output(json_out, json.dumps(result.to_dict(), indent=2, default=str),
                      "JSON explanation")
    if html_out:
        write_output(html_out, render_explain_html(result), "HTML timeline")
