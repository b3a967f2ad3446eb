"""Commands that play many games: simulate, compare, sweep, explain. They end alike: the games
that failed are summarised on standard error (``end_with_failed_games``), whatever went to
standard output, with exit code 3; SIGTERM ends them as Ctrl-C does, workers and temporary
files included."""
from __future__ import annotations

import functools
import json
from collections.abc import Callable
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
    with_agent,
    workers_option,
    write_output,
)
from peloponnes.commands.compare_options import (
    bot_kinds,
    until_decided_options,
    write_agent_runs,
)
from peloponnes.commands.forbid import (
    forbid_options,
    restricted,
    restricted_lineup,
    tell_restrictions,
)
from peloponnes.commands.impact import impact_options, impact_records
from peloponnes.commands.learn import ensure_models, trained_first
from peloponnes.core.plugins import read_scenario
from peloponnes.lab.batch import (
    GameFailure,
    first_failure,
    group_failures,
    run_simulation,
    save_failed_game,
)
from peloponnes.lab.batch.render_terminal import (
    failure_headline,
    failure_lines,
    render_coverage,
    render_simulation,
    render_warnings,
)

# Where a batch saves its first failed game, for `peloponnes replay`.
SAVES = Path("saves")


def end_with_failed_games(failures: list[GameFailure], names: list[str], games: int,
                          save: Callable[[GameFailure], Path | None]) -> None:
    """How every batch command ends when games failed (called last, once its results are
    written): ``save`` saves the first failed game for replay (returns where, or None), then on
    standard error, whatever went to standard output: how many of the ``games`` failed, a line
    per place they failed with the seeds, plugin, hook and message (``names``: each scenario's
    name by index, "" for one scenario), and where the first was saved; exit code 3."""
    first = first_failure(failures)
    if first is None:
        return
    with plugin_output_to_stderr(True):        # the game played again prints nowhere else
        saved = save(first)
    name = names[first.scenario]
    groups = group_failures(failures, names)
    raise CliError(failure_headline(groups, games, saved,
                                    f"{name + ', ' if name else ''}seed {first.seed}"),
                   EXIT_PLUGIN, details=failure_lines(groups))


def save_from(entries) -> Callable[[GameFailure], Path | None]:
    """``end_with_failed_games``'s ``save`` for a comparison of these ``Entry``s."""
    def save(failure: GameFailure) -> Path | None:
        entry = entries[failure.scenario]
        return save_failed_game(failure, entry.ruleset, entry.scenario, SAVES)
    return save


# --- simulate ----------------------------------------------------------------------------------

@click.command(name="simulate")
@end_on_sigterm
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("-n", "--games", type=GAMES, default=100, show_default=True,
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
@forbid_options
@friendly_errors
def simulate_cmd(scenario, games, agent, seed, workers, executor_kind, address, json_out,
                 coverage, check, trust, forbid, forbid_seat):
    """Play GAMES seeded games of a SCENARIO with bots and summarise scores and win shares per
    seat and per civilization. Human seats play as heuristic bots here. A game that fails is
    listed with its seed, plugin and hook (and saved); the others count, and the exit code is 3.
    """
    check = "decision" if check else "end"
    with plugin_output_to_stderr(json_out == "-"):
        ruleset, sc = load(scenario, trust)
        if seed is not None:
            sc = replace(sc, seed=seed)
        sc = restricted(sc, forbid, forbid_seat)
        tell_restrictions(ruleset, sc, agent)
        executor = batch_executor(executor_kind, address, workers, 1, check)
        if json_out != "-":
            note_reconstructed(ruleset)
        ensure_models([sc], agent, workers=workers, executor=executor_kind, address=address)
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
    end_with_failed_games(run.failures, [""], games, lambda failure: save_failed_game(
        failure, run.ruleset, run.scenario, SAVES))


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
    played_games = len(entries) * len(budgets) * games
    end_with_failed_games(trace.failures, trace.played_names(), played_games,
                          lambda failure: save_failed_game(
                              failure, trace.entry_of(failure.scenario).ruleset,
                              trace.played[failure.scenario], SAVES))


@click.command(name="compare")
@end_on_sigterm
@click.argument("scenarios", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-n", "--games", type=GAMES, default=100, show_default=True,
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
@click.option("--agent", metavar="KIND[,KIND...]",
              help="Play every seat of every scenario with this agent instead of the "
                   "scenarios' (mcts: the search bot, which also plays house rules' decisions)."
                   " Several (heuristic,mcts): the same seeds under each, then per headline "
                   "metric whether its verdict holds for all bots or depends on the bot.")
@check_option
@trust_option
@skill_trace_options
@until_decided_options
@forbid_options
@impact_options
@friendly_errors
def compare_cmd(scenarios, games, metrics, workers, executor_kind, address, seed, json_out,
                csv_out, csv_games, html_out, coverage, agent, check, trust, until, forbid,
                forbid_seat):
    """Compare rulesets: play the same GAMES seeds in every SCENARIO (A.toml B.toml [C.toml ...])
    with each scenario's bots, then show the rules diff, each metric's mean with a 95% confidence
    interval, the paired difference against the first scenario, win shares and score
    histograms. Human seats play as heuristic bots here."""
    from peloponnes.lab.compare.verdicts import across_bots, parse_agents

    to_stdout = [t for t in (json_out, csv_out, csv_games) if t == "-"]
    if len(to_stdout) > 1:
        raise CliError("only one of --json, --csv and --csv-games can write to standard output")
    agents = parse_agents(agent, bot_kinds()) or [None]
    if len(agents) > 1 and csv_games:
        raise CliError("--csv-games writes the games of one agent: give --agent one kind")
    with plugin_output_to_stderr(bool(to_stdout)):
        results = [_compare(restricted_lineup(with_agent(scenarios, kind, trust), forbid,
                                              forbid_seat, trust, kind), games, metrics, workers,
                            executor_kind, address, seed, csv_games, trust,
                            "decision" if check else "end", coverage,
                            bool(to_stdout) or kind != agents[0],   # the notes once, not per bot
                            until, kind if len(agents) > 1 else None) for kind in agents]
    if len(results) > 1:
        write_agent_runs(across_bots(agents, results), json_out=json_out, csv_out=csv_out,
                         html_out=html_out, to_stdout=bool(to_stdout))
    else:
        _write_comparison(results[0], json_out, csv_out, html_out, bool(to_stdout))
    for result in results:
        end_with_failed_games(result.failures, [e.letter for e in result.entries],
                              result.games * len(result.entries), save_from(result.entries))


def _write_comparison(result, json_out, csv_out, html_out, to_stdout):
    """Print and write one comparison's report."""
    from peloponnes.lab import compare as cmp

    if not to_stdout:
        for renderable in cmp.render_terminal(result):
            console.print(renderable, highlight=False)
    if json_out:
        write_output(json_out, cmp.to_json(result), "JSON results")
    if csv_out:
        write_output(csv_out, cmp.to_csv(cmp.summary_rows(result)), "CSV summary")
    if html_out:
        write_output(html_out, cmp.render_html(result), "HTML report")


def _compare(scenarios, games, metrics, workers, executor_kind, address, seed, csv_games, trust,
             check, coverage, quiet, until=None, agent=None):
    """Load and play a comparison (plugin output already sent to standard error); ``until``:
    until decided (``--until-decided``), ``games`` being the most; ``agent``: the one named
    in the progress bar, of several; ``quiet``: no notes on standard error (they were given,
    or standard output carries data)."""
    from peloponnes.lab import compare as cmp
    from peloponnes.lab.batch import default_workers

    workers = workers or (default_workers() if executor_kind == "local" else None)
    executor = batch_executor(executor_kind, address, workers, default_workers(), check)
    entries = cmp.prepare(list(scenarios), trust=trust)
    ensure_models([e.scenario for e in entries], workers=workers, executor=executor_kind,
                  address=address)
    if not quiet:
        seen = set()
        for entry in entries:
            if entry.ruleset.variant.name not in seen:
                seen.add(entry.ruleset.variant.name)
                note_reconstructed(entry.ruleset)
    with progress_bar() as progress, cmp.GameRows(entries) as game_rows:
        task = progress.add_task(f"comparing {len(entries)} rulesets"
                                 f"{' with ' + agent if agent else ''}"
                                 f"{' until decided' if until else ''} "
                                 f"({executor_note(executor_kind, workers)})",
                                 total=games * len(entries))
        result = cmp.compare(scenarios, games, executor=executor, metrics=metrics or None,
                             first_seed=seed, entries=entries,
                             on_record=impact_records(
                                 entries, game_rows.add if csv_games else None), check=check,
                             coverage=coverage, until=until,
                             progress=lambda done, total: progress.update(task, completed=done,
                                                                          total=total))
        if csv_games:
            write_output(csv_games, lambda out: cmp.write_csv(
                game_rows.rows(result.metric_names), out), "CSV of every game")
    return result


# --- sweep -------------------------------------------------------------------------------------

@click.command(name="sweep")
@end_on_sigterm
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--vary", "vary", multiple=True, required=True, metavar="KEY=V1,V2,...",
              help="A key and its values (repeatable: the grid is every combination). KEY: "
                   "options.NAME, components.PATH (e.g. rules.conquest_surcharge) or "
                   "plugins.PLUGIN.PARAMETER.")
@click.option("-n", "--games", type=GAMES, default=100, show_default=True,
              help="Paired games per grid point: game i of every point uses the scenario's "
                   "seed + i.")
@click.option("--metric", "metrics", multiple=True, metavar="NAME",
              help="Show only this metric (repeatable).")
@workers_option("all cores")
@click.option("--seed", type=click.IntRange(0), help="First seed (default: the scenario's).")
@click.option("--agent", type=click.Choice(BOT_KINDS), help="Play every seat with this agent "
              "instead of the scenario's (a learned one is trained first for each grid point's"
              " rules that has no model yet).")
@json_option("the results")
@click.option("--csv", "csv_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write a row per metric per grid point as CSV.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write a self-contained HTML page: a line chart per metric with its CI band.")
@click.option("--max-points", type=click.IntRange(1), metavar="N",
              help="The largest grid played (points: the product of the numbers of values; "
                   "default: 100); a larger one is refused before anything is written or "
                   "played.")
@trust_option
@executor_options
@friendly_errors
def sweep_cmd(scenario, vary, games, metrics, workers, seed, agent, json_out, csv_out,
              html_out, max_points, trust, executor_kind, address):
    """Which value balances the game? Play GAMES paired games at every point of a grid of
    values (--vary KEY=V1,V2,..., repeatable) and show, per metric, each point's mean with its
    95% CI and its paired difference against the scenario's own value, with a line chart. The
    grid and every value are checked before any game is played."""
    from peloponnes.lab import compare as cmp
    from peloponnes.lab.batch import default_workers
    from peloponnes.lab.compare.sweep import MAX_POINTS, sweep
    from peloponnes.lab.compare.sweep_render import (
        render_sweep_html,
        render_sweep_terminal,
        sweep_csv_rows,
        sweep_json,
    )

    if json_out == "-" and csv_out == "-":
        raise CliError("only one of --json and --csv can write to standard output")
    sc = read_scenario(scenario, trusted=trust)
    if seed is not None:
        sc = replace(sc, seed=seed)
    if agent is not None:
        sc = sc.with_agents(agent)
    workers = workers or (default_workers() if executor_kind == "local" else None)
    executor = batch_executor(executor_kind, address, workers, default_workers())
    with progress_bar() as progress, plugin_output_to_stderr("-" in (json_out, csv_out)):
        task = progress.add_task(f"sweeping {Path(scenario).name} "
                                 f"({executor_note(executor_kind, workers)})", total=None)
        result = sweep(sc, vary, games, workers=workers, metrics=metrics or None,
                       executor=executor, max_points=max_points or MAX_POINTS, saves=SAVES,
                       prepare=trained_first(progress, workers=workers,
                                             executor=executor_kind, address=address),
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
    # (the sweep saved its first failed game while the grid's component files existed)
    end_with_failed_games(result.compare.failures, result.labels(), games * len(result.points),
                          lambda failure: result.saved)


# --- explain -----------------------------------------------------------------------------------

@click.command(name="explain")
@end_on_sigterm
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

    with plugin_output_to_stderr(json_out == "-"):
        result = explain(scenario_a, scenario_b, seed=seed, trust=trust)
    if json_out != "-":
        for renderable in render_explain_terminal(result):
            console.print(renderable, highlight=False)
    if json_out:
        write_output(json_out, json.dumps(result.to_dict(), indent=2, default=str),
                      "JSON explanation")
    if html_out:
        write_output(html_out, render_explain_html(result), "HTML timeline")
    end_with_failed_games(result.failures, [e.letter for e in result.entries],
                          len(result.entries), save_from(result.entries))
