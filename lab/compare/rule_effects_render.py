"""The rule effects (``rule_effects``) drawn: a sentence per plugin and tables in the terminal,
the same in the HTML report, and as JSON."""
from __future__ import annotations

import html

from rich.console import Group
from rich.text import Text

from peloponnes.lab.compare.formatting import num
from peloponnes.lab.compare.result import CompareResult
from peloponnes.lab.compare.rule_effects import TOLD, HookEffect, PluginEffect, round_label
from peloponnes.lab.compare.terminal_fit import FirstThatFits, compact_table

HEADING = "What the house rules did (per game, against the rules they override):"
HOOKS_TITLE = ("Rule effects per game: calls, answers that differed from the rules', by how "
               "much in all")
OPTIONS_TITLE = "Decisions the house rules ask: options taken per game"
SPREAD_TITLE = "Answers that differed per game, by seat and by round (of calls)"


def _changed(h: HookEffect) -> str:
    return "n/a" if h.changed is None else num(h.changed, 2)


def _by(h: HookEffect) -> str:
    return "" if h.by is None else f"{'+' if h.by > 0 else ''}{num(h.by, 2)}"


def _spread(h: HookEffect) -> list[tuple[str, float, float]]:
    """(where, asked, changed) per seat then per round, for the hooks whose answers count."""
    if h.kind == TOLD:
        return []
    return ([(f"seat {s + 1}", a, c) for s, (a, c) in h.seats.items()]
            + [(f"round {round_label(r)}", a, c) for r, (a, c) in h.rounds.items()])


# --- terminal ----------------------------------------------------------------------------------

def effects_terminal(result: CompareResult) -> list:
    """The sentences (under the headlines) and the tables, or nothing when no ruleset adds a
    plugin."""
    if not result.effects:
        return []
    return [Group(Text(HEADING, style="bold"),
                  *(Text(f"  {e.sentence}") for e in result.effects))]


def effects_tables(result: CompareResult) -> list:
    if not result.effects:
        return []
    hooks = compact_table(HOOKS_TITLE)
    for name, right in (("", False), ("plugin", False), ("hook", False),
                        ("asked", True), ("differed", True), ("by", True)):
        hooks.add_column(name, justify="right" if right else "left", no_wrap=True)
    for e in result.effects:
        for h in e.hooks:
            hooks.add_row(e.scenario, Text(e.plugin), h.hook, num(h.asked, 2), _changed(h),
                          _by(h))
    out: list = [hooks]
    options = [(e, kind, option, n) for e in result.effects
               for kind, taken in e.options.items() for option, n in taken.items()]
    if options:
        table = compact_table(OPTIONS_TITLE)
        for name in ("", "plugin", "decision", "option", "taken"):
            table.add_column(name, justify="right" if name == "taken" else "left",
                             no_wrap=True)
        for e, kind, option, n in options:
            table.add_row(e.scenario, Text(e.plugin), Text(kind), Text(option), num(n, 2))
        out.append(table)
    spread = _spread_table(result.effects)
    if spread is not None:
        out.append(spread)
    return out


def _spread_table(effects: list[PluginEffect]) -> FirstThatFits | None:
    """By seat and round, "differed/calls": a column per seat and round where the terminal is
    wide enough, else a line of seats and a line of rounds per hook."""
    rows = [(e, h, _spread(h)) for e in effects for h in e.hooks if _spread(h)]
    if not rows:
        return None
    columns = list(dict.fromkeys(where for _, _, spread in rows for where, _, _ in spread))
    wide = compact_table(SPREAD_TITLE)
    tall = compact_table(SPREAD_TITLE)
    for table in (wide, tall):
        table.add_column("", no_wrap=True)
        table.add_column("plugin", no_wrap=True)
        table.add_column("hook", no_wrap=True)
    for where in columns:
        wide.add_column(where.replace("round ", "r").replace("seat ", "s"), justify="right",
                        no_wrap=True)
    tall.add_column("differed/calls")
    for e, h, spread in rows:
        cells = {where: f"{num(c, 2)}/{num(a, 2)}" for where, a, c in spread}
        wide.add_row(e.scenario, Text(e.plugin), h.hook, *(cells.get(w, "") for w in columns))
        lines = [", ".join(f"{where.removeprefix(prefix)}={cells[where]}"
                           for where, _, _ in spread if where.startswith(prefix))
                 for prefix in ("seat ", "round ")]
        lines = [f"{label} {line}" for label, line in zip(("seats", "rounds"), lines,
                                                            strict=True) if line]
        for i, line in enumerate(lines):
            named = [e.scenario, Text(e.plugin), h.hook] if i == 0 else ["", "", ""]
            tall.add_row(*named, line, end_section=i == len(lines) - 1)
    return FirstThatFits(wide, tall)


# --- HTML --------------------------------------------------------------------------------------

def _e(text) -> str:
    return html.escape(str(text), quote=True)


def effects_html(result: CompareResult) -> list[str]:
    if not result.effects:
        return []
    out = ["<h2>What the house rules did</h2><p>Every plugin a ruleset adds against "
           f"{_e(result.entries[0].letter)}, per game: how often each of its hooks was asked, "
           "how often its answer differed from what the rules it overrides would have "
           "answered, and the options taken in the decisions it asks.</p>"
           '<ul id="rule-effects">']
    out += [f"<li>{_e(e.sentence)}</li>" for e in result.effects]
    out.append('</ul><table id="rule-effect-hooks"><tr><th class=l>ruleset</th>'
               "<th class=l>plugin</th><th class=l>hook</th><th>asked</th><th>differed</th>"
               "<th>by, in all</th><th class=l>by seat and round: differed / asked</th></tr>")
    for e in result.effects:
        for h in e.hooks:
            spread = ", ".join(f"{where}: {num(c, 2)} / {num(a, 2)}"
                               for where, a, c in _spread(h))
            out.append(f"<tr><td class=l>{_e(e.scenario)}</td><td class=l>{_e(e.plugin)}</td>"
                       f"<td class=l>{_e(h.hook)}</td><td>{num(h.asked, 2)}</td>"
                       f"<td>{_changed(h)}</td><td>{_by(h)}</td>"
                       f'<td class=l style="white-space:normal">{_e(spread)}</td></tr>')
    out.append("</table>")
    options = [(e, kind, option, n) for e in result.effects
               for kind, taken in e.options.items() for option, n in taken.items()]
    if options:
        out.append('<table id="rule-effect-options"><tr><th class=l>ruleset</th>'
                   "<th class=l>plugin</th><th class=l>decision</th><th class=l>option</th>"
                   "<th>taken per game</th></tr>")
        out += [f"<tr><td class=l>{_e(e.scenario)}</td><td class=l>{_e(e.plugin)}</td>"
                f"<td class=l>{_e(kind)}</td><td class=l>{_e(option)}</td>"
                f"<td>{num(n, 2)}</td></tr>" for e, kind, option, n in options]
        out.append("</table>")
    return out


# --- JSON --------------------------------------------------------------------------------------

def effects_dict(result: CompareResult) -> list[dict]:
    return [{
        "scenario": e.scenario, "plugin": e.plugin, "games": e.games, "sentence": e.sentence,
        "own_sentence": e.own,
        "hooks": [{"hook": h.hook, "kind": h.kind, "asked": h.asked, "changed": h.changed,
                   "by": h.by,
                   "seats": [{"seat": s + 1, "asked": a, "changed": c}
                             for s, (a, c) in h.seats.items()],
                   "rounds": [{"round": round_label(r), "asked": a, "changed": c}
                              for r, (a, c) in h.rounds.items()]} for h in e.hooks],
        "options": e.options,
    } for e in result.effects]
