"""The ``peloponnes`` command: a thin click layer over the engine. It loads scenarios, runs games
and draws results with rich; every error a user can cause becomes a one-line message and a
meaningful exit code (2 bad input, 3 a plugin failed, 4 plugin code refused because it is not
trusted, 130 interrupted), never a traceback."""
from __future__ import annotations

import contextlib
import functools
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TextIO

import click
import tomli_w
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from peloponnes.core import IllegalAnswer, PluginError, SandboxError
from peloponnes.core.agents import BOT_KINDS
from peloponnes.core.batch import run_simulation, save_failed_game
from peloponnes.core.batch.executors import EXECUTORS
from peloponnes.core.batch.render_terminal import (
    render_coverage,
    render_simulation,
    render_warnings,
)
from peloponnes.core.engine import Game
from peloponnes.core.errors import UntrustedCode, one_line
from peloponnes.core.plugins import (
    discover_variants,
    discovery_errors,
    load_ruleset,
    plugin_source,
    variant_chain,
)
from peloponnes.core.prompt import result_lines
from peloponnes.core.record import is_save_file, load_save, load_saved, replay
from peloponnes.core.scenario import AGENT_KINDS, PlayerSpec, Scenario, options_from_pairs
from peloponnes.core.shipped import SCENARIO_DIR, shipped_scenarios
from peloponnes.core.trust import hooks_in_source, module_file, trust_file

console = Console()
err_console = Console(stderr=True)

EXIT_BAD_INPUT = 2
EXIT_PLUGIN = 3
EXIT_UNTRUSTED = 4
EXIT_INTERRUPTED = 130


class CliError(click.ClickException):
    def __init__(self, message: str, code: int = EXIT_BAD_INPUT):
        super().__init__(message)
        self.exit_code = code

    def show(self, file=None):
        # escaped: a message may hold brackets (a path, "pip install 'x[ray]'")
        err_console.print(f"[bold red]error:[/] {escape(one_line(self.format_message()))}",
                          highlight=False)


def friendly_errors(fn):
    """Turn the sandbox's errors into one-line messages with exit codes."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except PluginError as exc:
            raise CliError(str(exc), EXIT_PLUGIN) from None
        except UntrustedCode as exc:
            raise CliError(str(exc), EXIT_UNTRUSTED) from None
        except SandboxError as exc:
            raise CliError(str(exc)) from None
        except KeyboardInterrupt:
            err_console.print("interrupted")
            sys.exit(EXIT_INTERRUPTED)
    return wrapper


@contextlib.contextmanager
def plugin_output_to_stderr(data_on_stdout: bool):
    """While plugin code runs, its ``print``s go to standard error, so data written to standard
    output (``--json``, ``-``) stays parseable."""
    if not data_on_stdout:
        yield
        return
    _data_stdout.append(sys.stdout)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        _data_stdout.pop()


_data_stdout: list = []     # the real standard output while plugin output is redirected


def load(path: str, trust: bool = False) -> tuple:
    scenario = Scenario.from_file(path)
    ruleset, scenario = load_ruleset(replace(scenario, trusted=trust))
    return ruleset, scenario


check_option = click.option(
    "--check", is_flag=True,
    help="Check the ruleset's invariants after every decision (cards and coins conserved, "
         "nothing negative, caps respected), not only at the end of each game.")

trust_option = click.option(
    "--trust", is_flag=True,
    help="Run the plugin code the scenario names (files, module names) for this run, though "
         "it is neither shipped nor installed. Read it first: a plugin is code. To trust a file "
         "for good: `peloponnes trust FILE`.")


def note_reconstructed(ruleset, out: Console = err_console) -> None:
    count = len(ruleset.reconstructed)
    if count:
        out.print(f"[yellow]note:[/] {ruleset.variant.name} uses {count} reconstructed component"
                  f" values (not printed anywhere public): see `peloponnes rules"
                  f" {ruleset.variant.name}`. Components: {escape(ruleset.components_path)}",
                  highlight=False)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="peloponnes-sandbox")
def main():
    """A rules sandbox for the Peloponnes games: play a variant against bots or hot-seat,
    simulate thousands of games, compare rulesets, write house-rule plugins.

    Start with `peloponnes variants`, then `peloponnes simulate scenarios/cardgame-4p.toml`.
    """


# --- variants / rules --------------------------------------------------------------------------

@main.command()
@click.option("--json", "json_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write the list as JSON to FILE (- for standard output).")
@friendly_errors
def variants(json_out):
    """List the rulesets that are installed."""
    found = discover_variants()
    for error in discovery_errors():
        err_console.print(f"[yellow]warning:[/] {error}", highlight=False)
    rows = [{"name": v.name, "title": v.title, "players": f"{v.min_players}-{v.max_players}",
             "base": v.base or "", "description": v.description} for v in found.values()]
    if json_out:
        _write_output(json_out, json.dumps(rows, indent=2) + "\n", "the list")
        if json_out == "-":
            return
    table = Table(title="Installed variants")
    for col in ("name", "title", "players", "base", "description"):
        table.add_column(col)
    for row in rows:
        table.add_row(*row.values())
    console.print(table)


@main.command(name="scenarios")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write the list as JSON to FILE (- for standard output).")
@friendly_errors
def scenarios_cmd(json_out):
    """List the ready scenarios that ship with the package.

    Name one without a path anywhere a scenario is asked for, e.g.
    `peloponnes simulate cardgame-4p`.
    """
    rows = []
    for path in shipped_scenarios():
        try:
            sc = Scenario.from_file(path)
            rows.append({"name": path.stem, "variant": sc.variant, "players": len(sc.players),
                         "title": sc.name, "path": str(path)})
        except SandboxError as exc:
            rows.append({"name": path.stem, "variant": "?", "players": 0,
                         "title": f"(invalid: {exc})", "path": str(path)})
    if json_out:
        _write_output(json_out, json.dumps(rows, indent=2) + "\n", "the list")
        if json_out == "-":
            return
    table = Table(title=f"Shipped scenarios ({SCENARIO_DIR})")
    for col in ("name", "variant", "players", "title"):
        table.add_column(col)
    for row in rows:
        table.add_row(escape(row["name"]), escape(row["variant"]), str(row["players"]),
                      escape(row["title"]))
    console.print(table)


@main.command()
@click.argument("variant")
@friendly_errors
def rules(variant):
    """Show a variant's rules: phases with their rulebook sections, options, and which component
    values are reconstructed rather than printed."""
    found = discover_variants()
    if variant not in found:
        raise CliError(f"unknown variant '{variant}' (known: {', '.join(sorted(found))})")
    v = found[variant]
    scenario = Scenario.quick(variant, max(v.min_players, 2) if v.max_players >= 2 else 1)
    ruleset, scenario = load_ruleset(scenario)
    game = Game(ruleset, scenario)
    game.hook.setup_game(game=game)
    chain = variant_chain(v, found)
    console.print(f"[bold]{v.title}[/] ({v.name}; {v.min_players}-{v.max_players} players"
                  + (f"; stacked on {' + '.join(c.name for c in chain[:-1])}" if v.base else "")
                  + ")")
    console.print(v.description)
    if v.rules_summary:
        console.print(v.rules_summary, highlight=False)
    phases = Table(title="Phases")
    phases.add_column("when")
    phases.add_column("phase")
    phases.add_column("rulebook section")
    for when, hook in (("setup", game.hook.list_setup_phases),
                       (f"each of {game.hook.count_rounds(game=game)} rounds",
                        game.hook.list_round_phases), ("game end", game.hook.list_final_phases)):
        for phase in hook(game=game) or []:
            phases.add_row(when, phase.name, phase.rule)
    console.print(phases)
    options = [o for c in chain for o in c.options]
    if options:
        table = Table(title="Options (a scenario's \\[options] table)")
        for col in ("name", "type", "default", "description"):
            table.add_column(col)
        for o in options:
            table.add_row(o.name, o.type.__name__, repr(o.default), o.description)
        console.print(table)
    reconstructed = ruleset.reconstructed
    console.print(f"Components: {ruleset.components_path}")
    if reconstructed:
        console.print(f"[yellow]{len(reconstructed)} component entries are reconstructed[/] (our"
                      " own values where no public source prints them):", highlight=False)
        console.print(", ".join(reconstructed), highlight=False)
    else:
        console.print("All component values are printed values.")


# --- play / replay -----------------------------------------------------------------------------

@main.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--seat", type=click.IntRange(1), default=None,
              help="Take seat N (counted from 1); the scenario's other human seats become bots.")
@click.option("--as", "as_name", metavar="NAME", default=None,
              help="Take the seat of the player called NAME.")
@click.option("--save-dir", type=click.Path(file_okay=False), default="saves", show_default=True,
              help="Where this game's save file goes (s saves, q saves and quits; a finished "
                   "game is saved too). A resumed game keeps its own file.")
@click.option("--full", is_flag=True, help="Draw the full table before each prompt (default: "
              "the compact one that fits 100x30; f shows the full one on request).")
@check_option
@trust_option
@friendly_errors
def play(scenario, seat, as_name, save_dir, full, check, trust):
    """Play a SCENARIO in the terminal: before each of your decisions you read what happened
    since your last one, then the table and a numbered menu (? lists the commands: undo, help,
    rules, i NAME to explain a card). Bots answer for the other seats. Answers may also come
    from a pipe, one per line. SCENARIO may be a saved game, which resumes it."""
    from peloponnes.core.prompt import play_at_terminal
    from peloponnes.core.table import StopTable, TableSession, seat_person

    answers, save_path = [], None
    if Path(scenario).is_file() and is_save_file(scenario):
        sc, seed, answers = load_save(scenario)
        ruleset, sc = load_ruleset(replace(sc, trusted=trust))
        save_path = Path(scenario)
    else:
        ruleset, sc = load(scenario, trust)
        seed = sc.seed
    sc = seat_person(sc, seat=seat, name=as_name)
    note_reconstructed(ruleset)
    try:
        session = TableSession(ruleset, sc, seed=seed, answers=answers, save_dir=save_dir,
                               save_path=save_path, check=check)
    except IllegalAnswer as exc:
        raise CliError(f"{scenario}: {exc}") from None
    if answers:
        console.print(f"resumed after {len(answers)} answers (round {session.game.round})")
    try:
        game = play_at_terminal(session, console, layout="full" if full else "compact")
    except StopTable as exc:
        raise CliError(str(exc), EXIT_PLUGIN if exc.plugin_failed else EXIT_INTERRUPTED) \
            from None
    console.print(*result_lines(game), highlight=False)
    console.print(f"the game is saved to {session.save_path}; replay it with `peloponnes replay"
                  f" {session.save_path} --log` (or --html FILE)", highlight=False)


@main.command(name="replay")
@click.argument("save", type=click.Path(dir_okay=False))
@click.option("--log", "show_log", is_flag=True, help="Tell the game's story, event by event.")
@click.option("--seat", type=click.IntRange(1), default=None,
              help="Tell it as seat N saw it (its own hidden holdings included); default: as a "
                   "spectator, who sees nobody's.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write the event log as JSON (- for standard output).")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write a self-contained page stepping through the game decision by decision.")
@trust_option
@friendly_errors
def replay_cmd(save, show_log, seat, json_out, html_out, trust):
    """Replay a saved game from its scenario and answers, and show where it ended."""
    from peloponnes.core.narrate import narrate, story_data

    saved = load_saved(save)
    sc, seed, answers = saved.scenario, saved.seed, saved.answers
    ruleset, sc = load_ruleset(replace(sc, trusted=trust))
    if seat is not None and seat > len(sc.players):
        raise CliError(f"--seat {seat}: the game has seats 1-{len(sc.players)}")
    perspective = None if seat is None else seat - 1
    if html_out:
        from peloponnes.core.replay_page import replay_page, steps_of
        steps = steps_of(Game(ruleset, sc, seed=seed), answers, perspective)
        _write_output(html_out, replay_page(f"{sc.name or sc.variant}: {Path(save).name}",
                                            steps), "the replay page")
    game = replay(Game(ruleset, sc, seed=seed), answers, where=save,
                  final_scores=saved.final_scores)
    if json_out:
        _write_output(json_out, json.dumps(story_data(game, perspective), default=str, indent=1)
                      + "\n", "the event log")
        if json_out == "-":
            return
    if show_log:
        for line in narrate(game, game.events, perspective):
            console.print(escape(line), highlight=False)
    if game.finished:
        console.print(*result_lines(game), highlight=False)
    else:
        console.print(f"replayed {len(answers)} answers; the game is paused at round "
                      f"{game.round}, waiting for {escape(game.seats[game.pending.seat].name)}: "
                      f"{escape(game.pending.prompt)}. Resume with `peloponnes play {save}`.",
                      highlight=False)


# --- simulate ----------------------------------------------------------------------------------

def progress_bar(transient: bool = True) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(), console=err_console, transient=transient)


def executor_options(command):
    """``--executor`` and ``--address`` for every batch command."""
    command = click.option("--address", metavar="HOST:PORT",
                           help="With --executor ray: the Ray instance to use (default: the "
                                "RAY_ADDRESS environment variable's, else a new local one)."
                           )(command)
    return click.option("--executor", "executor_kind", type=click.Choice(EXECUTORS),
                        default="local", show_default=True,
                        help="Who plays the games: local processes (--workers), or Ray tasks "
                             "(pip install 'peloponnes-sandbox[ray]'; see README \"More than "
                             "one machine\"). The results are the same.")(command)


def batch_executor(kind: str, address: str | None, workers: int | None, default: int,
                   check: str = "end"):
    """The executor the options ask for (``default`` local workers when none are given);
    ``check``: when games check the invariants (``engine.CHECKS``)."""
    from peloponnes.core.batch import make_executor
    if kind == "local" and workers is None:
        workers = default
    return make_executor(workers, kind, address, check)


def executor_note(kind: str, workers: int | None) -> str:
    if kind == "ray":
        return "Ray"
    return f"{workers} worker{'s' if workers != 1 else ''}"


@main.command(name="simulate")
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("-n", "--games", type=click.IntRange(1), default=100, show_default=True,
              help="How many games (game i uses the scenario's seed + i).")
@click.option("--agent", type=click.Choice(BOT_KINDS),
              help="Play every seat with this agent instead of the scenario's.")
@click.option("--seed", type=click.IntRange(0), help="Override the scenario's first seed.")
@click.option("-w", "--workers", type=click.IntRange(1), default=None,
              help="Processes playing games in parallel (default 1). The results are the same "
                   "for any number.")
@executor_options
@click.option("--json", "json_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write the summary as JSON to FILE (- for standard output).")
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
        _write_output(json_out, json.dumps(report, indent=2) + "\n", "the summary")
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


# --- new-scenario ------------------------------------------------------------------------------

@main.command(name="new-scenario")
@click.argument("variant")
@click.option("-p", "--players", type=click.IntRange(1, 8), default=4, show_default=True)
@click.option("--agent", "agents", multiple=True,
              type=click.Choice(AGENT_KINDS), help="Agent per seat, repeatable (default: "
              "human for seat 1, heuristic for the others).")
@click.option("--seed", type=click.IntRange(0), default=1, show_default=True)
@click.option("--plugin", "plugins", multiple=True, help="A house-rule file (relative to the "
              "new scenario's folder) or module name, repeatable.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="A variant option (`peloponnes rules VARIANT` lists them), repeatable; VALUE "
                   "is read as TOML (true, 3, \"text\"), else as text.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), required=True,
              help="File to write.")
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@trust_option
@friendly_errors
def new_scenario(variant, players, agents, seed, plugins, options, output, force, trust):
    """Write a new scenario file for VARIANT, checked by loading it."""
    if agents and len(agents) != players:
        raise CliError(f"--agent given {len(agents)} times for {players} players")
    kinds = list(agents) or ["human"] + ["heuristic"] * (players - 1)
    path = Path(output)
    sc = Scenario(variant=variant, seed=seed, name=f"{variant}, {players} players",
                  plugins=tuple(plugins), source=str(path), options=options_from_pairs(options),
                  trusted=trust,
                  players=tuple(PlayerSpec(f"Player {i + 1}", k) for i, k in enumerate(kinds)))
    load_ruleset(sc)   # refuses unknown variants, player counts and plugins before writing
    if path.exists() and not force:
        raise CliError(f"{path} exists; use --force to overwrite it")
    path.write_bytes(tomli_w.dumps(sc.to_dict(resolve_paths=False)).encode())
    console.print(f"wrote {path}; play it with `peloponnes play {path}`")


# --- plugins / hooks / new-plugin ------------------------------------------------------------

@main.command(name="plugins")
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--json", "json_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE",
              help="Write the plugins and call order as JSON to FILE (- for standard output).")
@friendly_errors
def plugins_cmd(scenario, json_out):
    """List what a SCENARIO loads: each plugin, where from, whether its code is trusted, the
    hooks it implements, and the order in which plugins answer each hook (first listed is asked
    first). Plugin code that is not trusted is never imported here: its hooks are read from the
    source."""
    sc = Scenario.from_file(scenario)
    sources = [plugin_source(entry, sc, i) for i, entry in enumerate(sc.plugins)]
    for source in sources:
        if source.kind != "installed":
            origin = source.target if source.target.endswith(".py") else module_file(source.target)
            source.hooks = hooks_in_source(origin) if origin else []
    named = [{"entry": s.entry, "kind": s.kind, "from": s.target, "trusted": s.trusted,
              "trust": s.why, "hooks_in_source": s.hooks} for s in sources]
    untrusted = [s for s in sources if not s.trusted]
    ruleset = None if untrusted else load_ruleset(sc)[0]
    rows, order = [], {}
    if ruleset is not None:
        pm = ruleset.pm
        rows = [{"name": p.name, "kind": p.kind, "source": p.source, "hooks": p.hooks(pm),
                 "description": p.declared.get("description", ""),
                 "parameters": ruleset.parameters.get(p.name, {})} for p in ruleset.plugins]
        hooks = sorted({h for row in rows for h in row["hooks"]})
        order = {h: ruleset.hook_order(h) for h in hooks}
    if json_out:
        _write_output(json_out, json.dumps({"scenario_plugins": named,
                                            "plugins": rows if ruleset else None,
                                            "call_order": order if ruleset else None},
                                           indent=2) + "\n", "the plugin list")
        if json_out == "-":
            return
    _print_plugins(scenario, named, untrusted, rows, order)


def _print_plugins(scenario: str, named: list, untrusted: list, rows: list, order: dict) -> None:
    """``peloponnes plugins`` as tables: what the scenario names (read, not imported), then,
    when every plugin may load, what is loaded and the call order per hook."""
    if named:
        table = Table(title=f"Plugins named by {escape(scenario)} (read, not imported)")
        for col in ("entry", "kind", "from", "trust", "hooks found in the source"):
            table.add_column(col)
        for row in named:
            trust = row["trust"] if row["trusted"] else f"[bold red]{escape(row['trust'])}[/]"
            table.add_row(escape(row["entry"]), row["kind"], escape(row["from"]),
                          trust if not row["trusted"] else escape(trust),
                          escape(", ".join(row["hooks_in_source"])))
        console.print(table)
    if untrusted:
        console.print("Not imported: the code above marked not trusted. Read it, then trust it "
                      "with " + " and ".join(f"`{escape(s.trust_command)}`" for s in untrusted)
                      + " (or pass --trust to one run).", highlight=False)
        return
    table = Table(title=f"Plugins loaded by {escape(scenario)} (in registration order)")
    for col in ("plugin", "kind", "from", "hooks", "description"):
        table.add_column(col)
    for row in rows:
        params = ", ".join(f"{k} = {v!r}" for k, v in row["parameters"].items())
        table.add_row(escape(row["name"]), row["kind"], escape(row["source"]),
                      ", ".join(row["hooks"]), escape(str(row["description"]))
                      + (f" (parameters: {escape(params)})" if params else ""))
    console.print(table)
    table = Table(title="Call order per hook (wrappers first, then the newest plugin first)")
    table.add_column("hook")
    table.add_column("order")
    for hook, names in order.items():
        table.add_row(hook, escape(" -> ".join(names)))
    console.print(table)


@main.command(name="trust")
@click.argument("targets", nargs=-1, metavar="FILE_OR_MODULE...")
@click.option("--list", "show", is_flag=True, help="List what you trust.")
@click.option("--forget", is_flag=True, help="Remove the given files or modules from the record.")
@friendly_errors
def trust_cmd(targets, show, forget):
    """Trust plugin code for good: each FILE (a .py plugin) or MODULE name is recorded, per path,
    in your trust record ($XDG_CONFIG_HOME/peloponnes/trusted.toml), and scenarios naming it then
    load it without --trust. A plugin is code that runs with your rights: read it first."""
    from peloponnes.core import trust as trust_store
    if show or not targets:
        record = trust_store.trusted_entries()
        console.print(f"trust record: {escape(str(trust_store.record_path()))}", highlight=False)
        for path, info in sorted(record["files"].items()):
            console.print(f"  file   {escape(path)}  ({escape(str(info.get('reason', '')))})",
                          highlight=False)
        for name in sorted(record["modules"]):
            console.print(f"  module {escape(name)}", highlight=False)
        if not record["files"] and not record["modules"]:
            console.print("  (empty)")
        return
    for target in targets:
        if forget:
            found = trust_store.forget(target)
            console.print(f"{'forgot' if found else 'was not trusted:'} {escape(target)}",
                          highlight=False)
            continue
        path = Path(target)
        if path.is_file():
            if path.suffix != ".py":
                raise CliError(f"{target}: not a .py plugin file")
            record = trust_store.trust_file(path)
            console.print(f"trusted {escape(str(path.resolve()))} (recorded in "
                          f"{escape(str(record))})", highlight=False)
        elif trust_store.is_module_name(target) and not target.endswith(".py"):
            record = trust_store.trust_module(target)
            console.print(f"trusted module {escape(target)} (recorded in {escape(str(record))})",
                          highlight=False)
        else:
            raise CliError(f"{target}: no such plugin file, and not a module name")


@main.command(name="hooks")
@click.option("--markdown", is_flag=True, help="Print the reference as Markdown "
              "(what docs/hooks.md holds).")
@click.option("--state", is_flag=True, help="Print the state reference instead (Markdown, "
              "what docs/state.md holds): each variant's state classes, the helpers that "
              "change state, its invariants, events and view keys, and the phase contract.")
@friendly_errors
def hooks_cmd(markdown, state):
    """The hooks reference for plugin authors: every hook's signature, when it is called, what
    it returns, whether the first result wins, which variants implement it, and an example.
    The state a hook may read and the helpers to change it: `peloponnes hooks --state`."""
    from peloponnes.core.hookdoc import collect
    from peloponnes.core.hookdoc import markdown as to_markdown
    variants = discover_variants()
    if state:
        from peloponnes.core.statedoc import markdown as state_markdown
        click.echo(state_markdown(variants), nl=False)
        return
    docs = collect(variants)
    if markdown:
        click.echo(to_markdown(docs), nl=False)
        return
    # Printed literally: hook docs hold text like `[rules] conflict` that rich would take for
    # markup, and examples are never cropped (long lines wrap in the terminal, soft_wrap).
    console.print(Text("State classes, helpers, events and views: `peloponnes hooks --state` "
                       "(docs/state.md).\n", style="dim"), soft_wrap=True)
    for doc in docs:
        head = Text(doc.signature, style="bold cyan")
        head.append(f"  ({doc.defined_in}; first result wins: "
                    f"{'yes' if doc.firstresult else 'no'}; variants: "
                    f"{', '.join(doc.implemented_by) or 'none'})", style="dim")
        console.print(head, soft_wrap=True)
        console.print(Text(doc.description), soft_wrap=True)
        if doc.example:
            code = Syntax("", "python").highlight(doc.example)
            code.rstrip()
            console.print(code, soft_wrap=True)
        console.print()


@main.command(name="new-plugin")
@click.argument("name")
@click.option("--variant", default="cardgame", show_default=True,
              help="The variant the house rule is for.")
@click.option("-d", "--directory", type=click.Path(file_okay=False), default=".",
              show_default=True, help="Where to write NAME.py and test_NAME.py.")
@click.option("--force", is_flag=True, help="Overwrite existing files.")
@friendly_errors
def new_plugin(name, variant, directory, force):
    """Write a working house-rule plugin NAME.py and a test beside it that passes as written."""
    from peloponnes.variants.common.template import plugin_source, test_source
    if not name.isidentifier():
        raise CliError(f"'{name}' is not a valid plugin name: use letters, digits and _ "
                       "(e.g. conquest_plus_four)")
    found = discover_variants()
    if variant not in found:
        raise CliError(f"unknown variant '{variant}' (known: {', '.join(sorted(found))})")
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    plugin, test = folder / f"{name}.py", folder / f"test_{name}.py"
    for path in (plugin, test):
        if path.exists() and not force:
            raise CliError(f"{path} exists; use --force to overwrite it")
    v = found[variant]
    plugin.write_text(plugin_source(name, variant))
    test.write_text(test_source(name, variant, max(v.min_players, min(4, v.max_players))))
    trust_file(plugin, reason="written by peloponnes new-plugin")
    console.print(f"wrote {plugin} and {test} (the plugin is trusted for you)\n"
                  f"next: run `python3 -m pytest {test}`, then "
                  f"add `plugins = [\"{plugin}\"]` to a scenario and try `peloponnes compare "
                  f"base.toml yours.toml` (hooks: `peloponnes hooks`).", highlight=False)


# --- compare -----------------------------------------------------------------------------------

def _write_output(target: str, text: str | Callable[[TextIO], None], what: str) -> None:
    """Write ``text`` (or what the function ``text`` writes to a stream) to the file ``target``
    (``-``: standard output)."""
    if target == "-":
        stdout = _data_stdout[-1] if _data_stdout else sys.stdout
        if callable(text):
            text(stdout)
        else:
            click.echo(text, file=stdout, nl=not text.endswith("\n"))
        return
    try:
        with open(target, "w", encoding="utf-8", newline="") as out:
            if callable(text):
                text(out)
            else:
                out.write(text)
    except OSError as exc:
        raise CliError(f"cannot write {what} to {target}: {exc.strerror or exc}") from None
    err_console.print(f"wrote {what} to {target}", highlight=False)


def with_agent(scenarios, agent: str | None, trust: bool = False) -> list:
    """The scenarios as given, or loaded with every seat played by ``agent`` (``--agent``;
    ``trust``: the user consented to their plugin code, ``--trust``)."""
    if agent is None:
        return list(scenarios)
    return [replace(Scenario.from_file(s), trusted=trust).with_agents(agent) for s in scenarios]


@main.command(name="compare")
@click.argument("scenarios", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("-n", "--games", type=click.IntRange(1), default=100, show_default=True,
              help="Paired games per scenario: game i of every scenario uses the FIRST "
                   "scenario's seed + i.")
@click.option("--metric", "metrics", multiple=True, metavar="NAME",
              help="Show only this metric (repeatable). Unknown names are refused with the list.")
@click.option("-w", "--workers", type=click.IntRange(1), default=None,
              help="Processes playing games in parallel (default: all cores). The results are "
                   "the same for any number.")
@executor_options
@click.option("--seed", type=click.IntRange(0),
              help="First seed (default: the first scenario's seed).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write the results as JSON (- for standard output).")
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
@friendly_errors
def compare_cmd(scenarios, games, metrics, workers, executor_kind, address, seed, json_out,
                csv_out, csv_games, html_out, coverage, agent, check, trust):
    """Compare rulesets: play the same GAMES seeds in every SCENARIO (A.toml B.toml [C.toml ...])
    with each scenario's bots, then show the rules diff, each metric's mean with a 95% confidence
    interval, the paired difference against the first scenario, win shares and score
    histograms. Human seats play as heuristic bots here."""
    from peloponnes.core import compare as cmp

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
        _write_output(json_out, cmp.to_json(result), "JSON results")
    if csv_out:
        _write_output(csv_out, cmp.to_csv(cmp.summary_rows(result)), "CSV summary")
    if html_out:
        _write_output(html_out, cmp.render_html(result), "HTML report")
    dead = [e.letter for i, e in enumerate(result.entries) if result.ok_games(i) == 0]
    if dead:
        raise CliError(f"every game of {', '.join(dead)} failed (see above)", EXIT_PLUGIN)


def _compare(scenarios, games, metrics, workers, executor_kind, address, seed, csv_games, trust,
             check, coverage, to_stdout):
    """Load and play a comparison (plugin output already sent to standard error)."""
    from peloponnes.core import compare as cmp
    from peloponnes.core.batch import default_workers

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
            _write_output(csv_games, lambda out: cmp.write_csv(
                game_rows.rows(result.metric_names), out), "CSV of every game")
    return result


# --- sweep -------------------------------------------------------------------------------------

@main.command(name="sweep")
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
@click.option("-w", "--workers", type=click.IntRange(1), default=None,
              help="Processes playing games in parallel (default: all cores). The results are "
                   "the same for any number.")
@click.option("--seed", type=click.IntRange(0), help="First seed (default: the scenario's).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write the results as JSON (- for standard output).")
@click.option("--csv", "csv_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write a row per metric per grid point as CSV.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write a self-contained HTML page: a line chart per metric with its CI band.")
@trust_option
@friendly_errors
def sweep_cmd(scenario, vary, games, metrics, workers, seed, json_out, csv_out, html_out, trust):
    """Which value balances the game? Play GAMES paired games at every point of a grid of
    values (--vary KEY=V1,V2,..., repeatable) and show, per metric, each point's mean with its
    95% CI and its paired difference against the scenario's own value, with a line chart."""
    from peloponnes.core import compare as cmp
    from peloponnes.core.batch import default_workers
    from peloponnes.core.compare.sweep import sweep
    from peloponnes.core.compare.sweep_render import (
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
    workers = workers or default_workers()
    with progress_bar() as progress:
        task = progress.add_task(f"sweeping {Path(scenario).name} ({workers} worker"
                                 f"{'s' if workers > 1 else ''})", total=None)
        result = sweep(sc, vary, games, workers=workers, metrics=metrics or None,
                       progress=lambda done, total: progress.update(task, completed=done,
                                                                    total=total))
    if "-" not in (json_out, csv_out):
        for renderable in render_sweep_terminal(result):
            console.print(renderable, highlight=False)
    if json_out:
        _write_output(json_out, sweep_json(result), "JSON results")
    if csv_out:
        _write_output(csv_out, cmp.to_csv(sweep_csv_rows(result)), "CSV summary")
    if html_out:
        _write_output(html_out, render_sweep_html(result), "HTML report")


# --- explain -----------------------------------------------------------------------------------

@main.command(name="explain")
@click.argument("scenario_a", type=click.Path(dir_okay=False))
@click.argument("scenario_b", type=click.Path(dir_okay=False))
@click.option("--seed", type=click.IntRange(0), help="The seed to play (default: A's seed).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Write the explanation as JSON (- for standard output).")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write a self-contained HTML page with both games' timelines side by side.")
@trust_option
@friendly_errors
def explain_cmd(scenario_a, scenario_b, seed, json_out, html_out, trust):
    """Where do two rulesets part? Play one SEED under SCENARIO_A and SCENARIO_B with A's agents,
    tracing every hook call, and show the first step that differs (the hook and the plugins
    whose answers made the difference), the first event or decision that differs with its rule
    section, and both outcomes side by side."""
    from peloponnes.core.compare.explain import explain
    from peloponnes.core.compare.explain_render import render_explain_html, render_explain_terminal

    result = explain(scenario_a, scenario_b, seed=seed, trust=trust)
    if json_out != "-":
        for renderable in render_explain_terminal(result):
            console.print(renderable, highlight=False)
    if json_out:
        _write_output(json_out, json.dumps(result.to_dict(), indent=2, default=str),
                      "JSON explanation")
    if html_out:
        _write_output(html_out, render_explain_html(result), "HTML timeline")


if __name__ == "__main__":  # pragma: no cover
    main()
