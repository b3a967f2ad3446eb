"""The ``peloponnes`` command: a thin click layer over the engine. It loads scenarios, runs games
and draws results with rich; every error a user can cause becomes a one-line message and a
meaningful exit code (2 bad input, 3 a plugin failed, 4 plugin code refused because it is not
trusted, 130 interrupted), never a traceback."""
from __future__ import annotations

import click

from peloponnes.commands import authoring, batch, info, table


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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
)
for _command in COMMANDS:
    main.add_command(_command)


if __name__ == "__main__":  # pragma: no cover
    main()
