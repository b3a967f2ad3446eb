"""``peloponnes check`` in the terminal: the findings, each with its shortest game and the
command that replays it, then the information (ties, the decision census, what never ran),
drawn from the report's dictionary (``CheckReport.to_dict``)."""
from __future__ import annotations

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from peloponnes.lab.compare.terminal_fit import FirstThatFits, compact_table

OPTIONS_SHOWN = 4       # option ids listed per decision kind (all of them: --json)


def _game(f: dict) -> str:
    """Where a finding shows: "seed 8, every seat random, 97 decisions"."""
    if f["seed"] is None:
        return ""
    decisions = f" after {f['decisions']} decisions" if f["decisions"] is not None else ""
    return f"seed {f['seed']}, every seat {f['bot']}{decisions}"


def _finding_lines(number: int, f: dict) -> Text:
    text = Text(f"{number}. [{f['kind']}] ", style="bold")
    text.append(f["message"])
    shown = _game(f)
    if shown:
        text.append(f"\n   shortest: {shown}", style="dim")
    if f["replay"]:
        text.append(f"\n   {f['replay']}", style="cyan")
    return text


def render_check(report: dict) -> list:
    """What ``peloponnes check`` prints, in order."""
    out: list = [Text(f"check of {report['scenario']}: seeds {report['first_seed']}-"
                      f"{report['first_seed'] + report['games_per_bot'] - 1}, every seat "
                      f"{' then '.join(report['bots'])}, invariants checked after every "
                      f"decision ({report['games_finished']} of {report['games_played']} games "
                      "finished)")]
    findings = report["findings"]
    for number, finding in enumerate(findings, 1):
        out.append(_finding_lines(number, finding))
    info = report["information"]
    if info["ties"]:
        out.append(Text("note: ", style="yellow").append(info["ties"]["message"]).append(
            f"\n   shortest: {_game(info['ties'])}", style="dim").append(
            f"\n   {info['ties']['replay'] or ''}", style="cyan"))
    if info["decisions"]:
        out.append(decision_table(info["decisions"]))
    for what, items in (("declared decision kinds never asked", info[
            "declared_kinds_never_asked"]), ("hook implementations never called",
                                             info["hooks_never_called"])):
        if items:
            out.append(Text(f"{what}: {escape(', '.join(items))}", style="dim"))
    if findings:
        out.append(Text(f"{len(findings)} finding{'s' if len(findings) > 1 else ''}",
                        style="bold red"))
    else:
        out.append(Text("nothing found: no failed game, no decision always forced, no idle "
                        "plugin hook, no phase that never ran", style="bold green"))
    return out


TITLE = "Decisions the rules asked (forced: one option, taken by the engine)"


def decision_table(rows: list[dict]) -> FirstThatFits:
    """The decision census: per kind and rule section, decisions asked per game, how many had
    one option (the engine took those), the most options offered, the option ids seen. In a
    narrow terminal the ids are left out (``--json`` has them all) and the table is unframed;
    a kind, which `--forbid` names, is never cut."""
    return FirstThatFits(_decision_table(rows, Table(title=TITLE, title_justify="left"), True),
                         _decision_table(rows, compact_table(TITLE), True),
                         _decision_table(rows, compact_table(TITLE), False))


def _decision_table(rows: list[dict], table: Table, with_ids: bool) -> Table:
    table.add_column("kind", no_wrap=True)
    table.add_column("rule section")
    for col in ("per game", "forced", "most options"):
        table.add_column(col, justify="right", no_wrap=True)
    if with_ids:
        table.add_column("option ids seen")
    for r in rows:
        cells = [escape(r["kind"]), escape(r["rule"]), f"{r['per_game']:.1f}",
                 f"{r['forced']:,} of {r['asked']:,}", str(r["most_options"])]
        if with_ids:
            seen = r["options_seen"]
            cells.append(escape(f"{len(seen)}: " + " ".join(seen[:OPTIONS_SHOWN])
                                + (" ..." if len(seen) > OPTIONS_SHOWN else "")))
        table.add_row(*cells, style="red" if r["forced"] == r["asked"] else "")
    return table
