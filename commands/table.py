"""Commands for people at the table: play and replay."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import click
from rich.markup import escape

from peloponnes.commands.common import (
    EXIT_INTERRUPTED,
    EXIT_PLUGIN,
    CliError,
    check_option,
    console,
    err_console,
    friendly_errors,
    json_option,
    load,
    note_reconstructed,
    trust_option,
    writable_folder,
    write_output,
)
from peloponnes.commands.learn import ensure_models
from peloponnes.core import IllegalAnswer
from peloponnes.core.engine import Game
from peloponnes.core.plugins import (
    load_ruleset,
)
from peloponnes.table.prompt import result_lines
from peloponnes.table.record import (
    SavedGame,
    check_ending,
    is_save_file,
    load_saved,
    replay,
)

# --- play / replay -----------------------------------------------------------------------------

@click.command()
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
    from peloponnes.table.prompt import play_at_terminal
    from peloponnes.table.session import StopTable, TableSession, seat_person

    answers, save_path, saved = [], None, None
    if Path(scenario).is_file() and is_save_file(scenario):
        saved = load_saved(scenario)
        warn_if_unverified(saved)
        sc, seed, answers = saved.scenario, saved.seed, saved.answers
        ruleset, sc = load_ruleset(replace(sc, trusted=trust))
        save_path = Path(scenario)
    else:
        ruleset, sc = load(scenario, trust)
        seed = sc.seed
    sc = seat_person(sc, seat=seat, name=as_name)
    # the game is saved there when it stops: a folder that cannot be written is refused now,
    # before the first decision, not when the game would be lost
    writable_folder(save_path.parent if save_path is not None else save_dir, "the saved game")
    note_reconstructed(ruleset)
    ensure_models([sc])
    try:
        session = TableSession(ruleset, sc, seed=seed, answers=answers, save_dir=save_dir,
                               save_path=save_path, check=check)
    except IllegalAnswer as exc:
        raise CliError(f"{scenario}: {exc}") from None
    except StopTable as exc:            # a plugin failed before the first decision
        raise CliError(str(exc), EXIT_PLUGIN) from None
    if saved is not None and saved.ending is not None:
        check_ending(session.game, saved.ending, len(answers), where=scenario)
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


@click.command(name="replay")
@click.argument("save", type=click.Path(dir_okay=False))
@click.option("--log", "show_log", is_flag=True, help="Tell the game's story, event by event.")
@click.option("--seat", type=click.IntRange(1), default=None,
              help="Tell it as seat N saw it (its own hidden holdings included); default: as a "
                   "spectator, who sees nobody's.")
@json_option("the event log")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write a self-contained page stepping through the game decision by decision.")
@trust_option
@friendly_errors
def replay_cmd(save, show_log, seat, json_out, html_out, trust):
    """Replay a saved game from its scenario and answers, and show where it ended."""
    from peloponnes.table.narrate import narrate, story_data

    saved = load_saved(save)
    warn_if_unverified(saved)
    sc, seed, answers = saved.scenario, saved.seed, saved.answers
    ruleset, sc = load_ruleset(replace(sc, trusted=trust))
    if seat is not None and seat > len(sc.players):
        raise CliError(f"--seat {seat}: the game has seats 1-{len(sc.players)}")
    perspective = None if seat is None else seat - 1
    # replayed and checked against the save's ending before anything is written
    game = replay(Game(ruleset, sc, seed=seed), answers, where=save, ending=saved.ending)
    if html_out:
        from peloponnes.table.replay_page import replay_page, steps_of
        steps = steps_of(Game(ruleset, sc, seed=seed), answers, perspective)
        write_output(html_out, replay_page(f"{sc.name or sc.variant}: {Path(save).name}",
                                            steps), "the replay page")
    if json_out:
        write_output(json_out, json.dumps(story_data(game, perspective), default=str, indent=1)
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


def warn_if_unverified(saved: SavedGame) -> None:
    warning = saved.unverified_warning()
    if warning:
        err_console.print(f"[yellow]warning:[/] {escape(warning)}", highlight=False)
