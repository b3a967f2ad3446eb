"""Commands that show what is installed and loaded: variants, scenarios, rules, plugins, hooks,
and the trust record."""
from __future__ import annotations

import json
from pathlib import Path

import click
from rich.markup import escape
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from peloponnes.authoring.trust import hooks_in_source, module_file
from peloponnes.commands.common import (
    CliError,
    console,
    err_console,
    friendly_errors,
    json_option,
    write_output,
)
from peloponnes.core import SandboxError
from peloponnes.core.engine import Game
from peloponnes.core.plugins import (
    discover_variants,
    discovery_errors,
    load_ruleset,
    plugin_source,
    variant_chain,
)
from peloponnes.core.scenario import Scenario
from peloponnes.core.shipped import SCENARIO_DIR, shipped_scenarios
from peloponnes.lab.compare.terminal_fit import FirstThatFits, compact_table

# --- variants / rules --------------------------------------------------------------------------

@click.command()
@json_option("the list")
@friendly_errors
def variants(json_out):
    """List the rulesets that are installed."""
    found = discover_variants()
    for error in discovery_errors():
        err_console.print(f"[yellow]warning:[/] {error}", highlight=False)
    rows = [{"name": v.name, "title": v.title, "players": f"{v.min_players}-{v.max_players}",
             "base": v.base or "", "description": v.description} for v in found.values()]
    if json_out:
        write_output(json_out, json.dumps(rows, indent=2) + "\n", "the list")
        if json_out == "-":
            return
    table = Table(title="Installed variants")
    for col in ("name", "title", "players", "base", "description"):
        table.add_column(col)
    for row in rows:
        table.add_row(*row.values())
    console.print(table)


@click.command(name="scenarios")
@json_option("the list")
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
        write_output(json_out, json.dumps(rows, indent=2) + "\n", "the list")
        if json_out == "-":
            return
    # The names are what a user types: never cut or wrapped; the titles wrap instead, in an
    # unframed table where a framed one would not fit.
    title = f"Shipped scenarios ({SCENARIO_DIR})"
    framed, compact = Table(title=title), compact_table(title)
    for table in (framed, compact):
        table.add_column("name", no_wrap=True)
        table.add_column("variant", no_wrap=True)
        table.add_column("players", justify="right", no_wrap=True)
        table.add_column("title", overflow="fold")
        for row in rows:
            table.add_row(escape(row["name"]), escape(row["variant"]), str(row["players"]),
                          escape(row["title"]))
    table = FirstThatFits(framed, compact)
    console.print(table)


@click.command()
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
        are = "entries are" if len(reconstructed) > 1 else "entry is"
        console.print(f"[yellow]{len(reconstructed)} component {are} reconstructed[/] (our"
                      " own values where no public source prints them):", highlight=False)
        console.print(", ".join(reconstructed), highlight=False)
    else:
        console.print("All component values are printed values.")


# --- plugins / hooks / new-plugin ------------------------------------------------------------

@click.command(name="plugins")
@click.argument("scenario", type=click.Path(dir_okay=False))
@json_option("the plugins and call order")
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
        write_output(json_out, json.dumps({"scenario_plugins": named,
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


@click.command(name="trust")
@click.argument("targets", nargs=-1, metavar="FILE_OR_MODULE...")
@click.option("--list", "show", is_flag=True, help="List what you trust.")
@click.option("--forget", is_flag=True, help="Remove the given files or modules from the record.")
@friendly_errors
def trust_cmd(targets, show, forget):
    """Trust plugin code for good: each FILE (a .py plugin) is recorded with the sha256 of its
    content, each MODULE by name, in your trust record ($XDG_CONFIG_HOME/peloponnes/trusted.toml),
    and scenarios naming it then load it without --trust. A file changed since is not trusted
    until you trust it again. A plugin is code that runs with your rights: read it first."""
    from peloponnes.authoring import trust as trust_store
    from peloponnes.core.consent import (
        content_change,
        is_module_name,
        record_key,
        short_digest,
    )
    if show or not targets:
        record = trust_store.trusted_entries()
        console.print(f"trust record: {escape(str(trust_store.record_path()))}", highlight=False)
        for path, info in sorted(record["files"].items()):
            changed = content_change(path, info)
            state = f"not trusted now: it {changed}" if changed else \
                f"{info.get('reason', '')}; {short_digest(info['sha256'])}"
            console.print(f"  file   {escape(path)}  ({escape(state)})", highlight=False)
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
            digest = trust_store.trusted_entries()["files"][record_key(path)]["sha256"]
            console.print(f"trusted {escape(str(path.resolve()))} as it is now "
                          f"({short_digest(digest)}; recorded in {escape(str(record))})",
                          highlight=False)
        elif is_module_name(target) and not target.endswith(".py"):
            record = trust_store.trust_module(target)
            console.print(f"trusted module {escape(target)} (recorded in {escape(str(record))})",
                          highlight=False)
        else:
            raise CliError(f"{target}: no such plugin file, and not a module name")


@click.command(name="hooks")
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
    from peloponnes.authoring.hookdoc import collect
    from peloponnes.authoring.hookdoc import markdown as to_markdown
    variants = discover_variants()
    if state:
        from peloponnes.authoring.statedoc import markdown as state_markdown
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
