"""What every command shares: the consoles, exit codes, one-line errors, loading a scenario,
writing output files, the batch options."""
from __future__ import annotations

import contextlib
import functools
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from peloponnes.core import PluginError, SandboxError
from peloponnes.core.errors import UntrustedCode, one_line
from peloponnes.core.plugins import (
    open_scenario,
    read_scenario,
)
from peloponnes.lab.batch.executors import EXECUTORS

console = Console()
err_console = Console(stderr=True)

EXIT_BAD_INPUT = 2
EXIT_PLUGIN = 3
EXIT_UNTRUSTED = 4
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 128 + signal.SIGTERM


class CliError(click.ClickException):
    """A one-line error and its exit code; ``details``: lines shown under it (indented)."""

    def __init__(self, message: str, code: int = EXIT_BAD_INPUT, details: Sequence[str] = ()):
        super().__init__(message)
        self.exit_code = code
        self.details = list(details)

    def show(self, file=None):
        # escaped: a message may hold brackets (a path, "pip install 'x[ray]'"); soft-wrapped:
        # a narrow terminal folds the line on screen, but no line break is written into it, so
        # a path or a command in it copies whole
        err_console.print(f"[bold red]error:[/] {escape(one_line(self.format_message()))}",
                          highlight=False, soft_wrap=True)
        for line in self.details:
            err_console.print(f"  {escape(one_line(line))}", highlight=False, soft_wrap=True)


# The most games one command plays: beyond any batch that ends in a lifetime, within every count
# the lab keeps; a larger number is a typing slip, refused like 0.
MAX_GAMES = 10**9
GAMES = click.IntRange(1, MAX_GAMES)


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
        except OSError as exc:          # a file or folder the command could not read or write
            where = f"{exc.filename}: " if exc.filename else ""
            raise CliError(f"{where}{exc.strerror or exc}") from None
        except KeyboardInterrupt:
            err_console.print("interrupted")
            sys.exit(EXIT_INTERRUPTED)
    return wrapper


class Terminated(BaseException):
    """SIGTERM (``kill``, a scheduler stopping a job), raised where the command is. Not an
    ``Exception``, nor ``SystemExit`` or ``KeyboardInterrupt``, so no handler of plugin code
    takes it for the plugin's own failure."""


def _terminated(signum, frame):
    signal.signal(signal.SIGTERM, signal.SIG_DFL)       # a second SIGTERM ends it at once
    raise Terminated


def end_on_sigterm(fn):
    """SIGTERM ends the command as Ctrl-C does: raised as ``Terminated`` where the command is,
    so every ``finally`` and context manager runs (worker processes ended, temporary folders
    removed), then "terminated" and exit code 143. (Signals reach only the main thread; called
    from another, the command keeps the default: SIGTERM ends the process at once.)"""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if threading.current_thread() is not threading.main_thread():
            return fn(*args, **kwargs)
        previous = signal.signal(signal.SIGTERM, _terminated)
        try:
            return fn(*args, **kwargs)
        except Terminated:
            err_console.print("terminated")
            sys.exit(EXIT_TERMINATED)
        finally:
            signal.signal(signal.SIGTERM, previous)
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
    return open_scenario(path, trusted=trust)


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
        # one short line: `rules` names the values and the component file they come from
        out.print(f"[yellow]note:[/] {count} component value{'s are' if count > 1 else ' is'}"
                  f" reconstructed: see `peloponnes"
                  f" rules {ruleset.variant.name}`", highlight=False, soft_wrap=True)


def progress_bar(transient: bool = True) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeRemainingColumn(), console=err_console, transient=transient)


def json_option(what: str):
    """``--json FILE`` for a command that writes ``what`` (e.g. "the results") as JSON; ``-``
    means standard output, as on every command."""
    return click.option("--json", "json_out", type=click.Path(dir_okay=False, allow_dash=True),
                        metavar="FILE", callback=named_file,
                        help=f"Write {what} as JSON (- for standard output).")


def named_file(ctx, param, value):
    """An output file option given as an empty name, or in a folder that does not exist or
    cannot be written, is refused before any work (not ignored, nor found out when the results
    are ready)."""
    if value == "":
        raise click.BadParameter("give a file name, or - for standard output")
    if value not in (None, "-"):
        if not Path(value).parent.is_dir():
            raise click.BadParameter(f"no folder {Path(value).parent} to write {value} in")
        problem = unwritable(Path(value).parent)
        if problem:
            raise click.BadParameter(f"cannot write {value}: {problem}")
    return value


def unwritable(folder: Path) -> str | None:
    """Why files cannot be written in ``folder`` (which exists), or None: a file is made there
    and removed again, so whatever refuses writes (permissions, a read-only or system file
    system) is found before any work."""
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".peloponnes-write-check-"):
            pass
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def writable_folder(folder: str | Path, what: str) -> Path:
    """``folder``, made if it is missing, where ``what`` will be written; a CliError when it
    cannot be made or written."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot make the folder {folder} for {what}: "
                       f"{exc.strerror or exc}") from None
    problem = unwritable(folder)
    if problem:
        raise CliError(f"cannot write {what} in {folder}: {problem}")
    return folder


def workers_option(default: str):
    """``-w/--workers`` for every batch command; ``default`` says how many when not given."""
    return click.option("-w", "--workers", type=click.IntRange(1), default=None,
                        help=f"Processes playing games in parallel (default: {default}). The "
                             "results are the same for any number.")


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
    ``check``: when games check the invariants (``playing.CHECKS``)."""
    from peloponnes.lab.batch import make_executor
    if kind == "local" and workers is None:
        workers = default
    return make_executor(workers, kind, address, check=check)


def executor_note(kind: str, workers: int | None) -> str:
    if kind == "ray":
        return "Ray"
    return f"{workers} worker{'s' if workers != 1 else ''}"


def write_output(target: str, text: str | Callable[[TextIO], None], what: str) -> None:
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
    return [read_scenario(s, trusted=trust).with_agents(agent) for s in scenarios]


