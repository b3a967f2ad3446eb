"""Commands that write files for authors: new-scenario and new-plugin."""
from __future__ import annotations

from pathlib import Path

import click
import tomli_w

from peloponnes.agents import AGENT_KINDS
from peloponnes.authoring.trust import trust_file
from peloponnes.commands.common import (
    CliError,
    console,
    friendly_errors,
    trust_option,
    writable_folder,
)
from peloponnes.core.plugins import (
    discover_variants,
    load_ruleset,
)
from peloponnes.core.scenario import PlayerSpec, Scenario, options_from_pairs

# --- new-scenario ------------------------------------------------------------------------------

@click.command(name="new-scenario")
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
    writable_folder(path.parent, path.name)
    if path.exists() and not force:
        raise CliError(f"{path} exists; use --force to overwrite it")
    path.write_bytes(tomli_w.dumps(sc.to_dict(resolve_paths=False)).encode())
    console.print(f"wrote {path}; play it with `peloponnes play {path}`")


@click.command(name="new-plugin")
@click.argument("name")
@click.option("--variant", default="cardgame", show_default=True,
              help="The variant the house rule is for.")
@click.option("-d", "--directory", type=click.Path(file_okay=False), default=".",
              show_default=True, help="Where to write NAME.py and test_NAME.py.")
@click.option("--force", is_flag=True, help="Overwrite existing files.")
@friendly_errors
def new_plugin(name, variant, directory, force):
    """Write a working house-rule plugin NAME.py and a test beside it that passes as written."""
    from peloponnes.authoring.templates import plugin_source, test_source
    if not name.isidentifier():
        raise CliError(f"'{name}' is not a valid plugin name: use letters, digits and _ "
                       "(e.g. conquest_plus_four)")
    found = discover_variants()
    if variant not in found:
        raise CliError(f"unknown variant '{variant}' (known: {', '.join(sorted(found))})")
    folder = writable_folder(directory, f"{name}.py")
    plugin, test = folder / f"{name}.py", folder / f"test_{name}.py"
    for path in (plugin, test):
        if path.exists() and not force:
            raise CliError(f"{path} exists; use --force to overwrite it")
    v = found[variant]
    plugin.write_text(plugin_source(name, variant))
    test.write_text(test_source(name, variant, max(v.min_players, min(4, v.max_players))))
    trust_file(plugin, reason="written by peloponnes new-plugin")
    console.print(f"wrote {plugin} and {test} (the plugin is trusted for you as written; once "
                  f"you edit it, scenarios load it after `peloponnes trust {plugin}` again or "
                  f"with --trust; its test needs neither)\n"
                  f"next: run `python3 -m pytest {test}`, then "
                  f"add `plugins = [\"{plugin}\"]` to a scenario and try `peloponnes compare "
                  f"base.toml yours.toml` (hooks: `peloponnes hooks`).", highlight=False)
