"""The ``peloponnes`` command: a thin click layer over the engine. It loads scenarios, runs games
and draws results with rich; every error a user can cause becomes a one-line message and a
meaningful exit code (2 bad input, 3 a plugin failed, 4 plugin code refused because it is not
trusted, 130 interrupted), never a traceback. Run as the program, it ends once its work is done,
even when plugin code left threads running."""
from __future__ import annotations

import contextlib
import os
import sys
import threading
import time

import click
from rich.markup import escape

from peloponnes.commands import authoring, batch, check, impact, info, learn, table
from peloponnes.commands.common import EXIT_BAD_INPUT, CliError, err_console
from peloponnes.core.containment import SETTING_PROBLEMS, recording_interrupts, time_limit

# How long a finished command waits for the threads still running to end (a process pool's
# helper thread ends just after its workers) before it leaves them and exits.
THREAD_GRACE_SECONDS = 1.0


class PeloponnesGroup(click.Group):
    """The command group. While a command runs, a hook call that runs too long is stopped and
    blamed on its plugin (``containment.time_limit``, at the table too), and Ctrl-C is noted, so
    that a KeyboardInterrupt plugin code raises itself is reported as that plugin's failure
    (``containment.raised_by_plugin``). Run as the program (its arguments from the command line,
    not a test's runner), it exits when the command is done even if threads started by plugin
    code still run."""

    def main(self, args=None, *more, **kwargs):
        if SETTING_PROBLEMS:        # a time limit set in the environment that is no number
            CliError(SETTING_PROBLEMS[0]).show()
            sys.exit(EXIT_BAD_INPUT)
        try:
            with recording_interrupts(), time_limit(None, "the command"):
                return super().main(args, *more, **kwargs)
        except SystemExit as done:
            if args is None:
                exit_despite_threads(done.code)
            raise


def running_threads() -> list[threading.Thread]:
    """The threads Python would wait for before the process ends (not daemons)."""
    main_thread = threading.main_thread()
    return [t for t in threading.enumerate()
            if t is not main_thread and not t.daemon and t.is_alive()]


def exit_despite_threads(code) -> None:
    """Where threads that are not daemons still run once the command is done (Python would
    wait for them, forever for a plugin's endless one), wait ``THREAD_GRACE_SECONDS`` for them,
    then say so in one line and exit with ``code`` (``sys.exit``'s) without waiting more."""
    deadline = time.monotonic() + THREAD_GRACE_SECONDS
    for thread in running_threads():
        thread.join(max(0.0, deadline - time.monotonic()))
    left = running_threads()
    if not left:
        return
    names = escape(", ".join(t.name for t in left))
    threads, them = ("thread", "it") if len(left) == 1 else ("threads", "them")
    err_console.print(f"[yellow]warning:[/] plugin code left {len(left)} {threads} running "
                      f"({names}); exiting without waiting for {them}",
                      highlight=False, soft_wrap=True)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code if isinstance(code, int) else 0 if code is None else 1)


@click.group(cls=PeloponnesGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="peloponnes-sandbox")
def main():
    """A rules sandbox for the Peloponnes games: play a variant against bots or hot-seat,
    simulate thousands of games, compare rulesets, write house-rule plugins.

    Start with `peloponnes scenarios` (the ready ones), then `peloponnes simulate cardgame-4p`
    or `peloponnes play cardgame-vs-bots`. Each command explains itself with --help.
    """


COMMANDS = (
    info.variants,
    info.scenarios_cmd,
    info.rules,
    info.plugins_cmd,
    info.trust_cmd,
    info.hooks_cmd,
    table.play,
    table.replay_cmd,
    authoring.new_scenario,
    authoring.new_plugin,
    batch.simulate_cmd,
    batch.compare_cmd,
    batch.sweep_cmd,
    batch.explain_cmd,
    impact.impact_cmd,
    check.check_cmd,
    learn.train_cmd,
    learn.models_cmd,
)
for _command in COMMANDS:
    main.add_command(_command)


if __name__ == "__main__":  # pragma: no cover
    main()
