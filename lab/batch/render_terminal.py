"""``simulate`` in the terminal: rich tables of a simulation's summary (per seat, per label);
and for every batch command, the lines that report its failed games."""
from __future__ import annotations

from pathlib import Path

from rich.markup import escape
from rich.table import Table
from rich.text import Text


def render_simulation(report: dict, title: str) -> list:
    """What ``peloponnes simulate`` prints for a summary (``Simulation.to_dict()``), in order."""
    table = Table(title=title)
    for col in ("seat", "player", "agent", "mean score", "min", "max", "win share"):
        table.add_column(col)
    finished = report["games_finished"] > 0
    for s in report["seats"]:
        table.add_row(str(s["seat"]), escape(s["name"]), s["agent"],
                      *((f"{s['mean']:.2f}", str(s["min"]), str(s["max"]),
                         f"{s['win_share']:.1%}") if finished else ("n/a",) * 4))
    out: list = [table]
    if report["labels"]:
        labels = Table(title="Per label (seats dealt it, mean score, win share)")
        for col in ("label", "value", "seats", "mean score", "win share"):
            labels.add_column(col)
        for row in report["labels"]:
            labels.add_row(escape(row["label"]), escape(str(row["value"])), str(row["seats"]),
                           f"{row['mean']:.2f}", f"{row['win_share']:.1%}")
        out.append(labels)
    if report["mean_decisions"] is not None:
        out.append(Text(f"mean decisions per game: {report['mean_decisions']:.0f}"))
    return out


def render_warnings(warnings: list[str]) -> Text | None:
    """The coverage warnings (``lab.coverage``): plugins that did nothing, bots guessing."""
    if not warnings:
        return None
    text = Text()
    for line in warnings:
        text.append(f"warning: {line}\n", style="yellow")
    text.rstrip()
    return text


def render_coverage(rows: dict, title: str) -> list:
    """``--coverage``: hook implementations, phases and rule sections with their counts, and
    those that never ran (``lab.coverage.coverage_rows``)."""
    hooks = Table(title=f"{title}: hook implementations ({rows['games']} games)",
                  title_justify="left")
    for col, justify in (("plugin", "left"), ("hook", "left"), ("calls", "right"),
                         ("per game", "right"), ("changed the result", "right")):
        hooks.add_column(col, justify=justify)
    for r in rows["hooks"]:
        style = "red" if not r["calls"] else ""
        hooks.add_row(escape(r["plugin"]), r["hook"], f"{r['calls']:,}", f"{r['per_game']:.2f}",
                      "n/a (result ignored)" if r["changed"] is None else f"{r['changed']:,}",
                      style=style)
    phases = Table(title=f"{title}: phases and rule sections", title_justify="left")
    for col, justify in (("phase", "left"), ("rule section", "left"), ("runs per game", "right")):
        phases.add_column(col, justify=justify)
    for r in rows["phases"]:
        phases.add_row(r["phase"], escape(r["rule"]), f"{r['per_game']:.2f}",
                       style="red" if not r["runs"] else "")
    out: list = [hooks, phases]
    rules = Table(title=f"{title}: rule sections met (phases run, decisions, events)",
                  title_justify="left")
    rules.add_column("rule section")
    rules.add_column("per game", justify="right")
    for r in rows["rules"]:
        rules.add_row(escape(r["rule"]), f"{r['per_game']:.2f}",
                      style="red" if not r["times"] else "")
    out.append(rules)
    never = rows["never"]
    lines = [f"never ran: {what}: {', '.join(items)}" for what, items in
             (("hook implementations", never["hooks"]), ("phases", never["phases"]),
              ("rule sections", never["rules"])) if items]
    out.append(Text("\n".join(lines) if lines else "every hook implementation, phase and rule "
                    "section ran at least once", style="yellow" if lines else "green"))
    return out


# --- failed games ------------------------------------------------------------------------------

SEEDS_SHOWN = 10        # seeds listed per scenario or group; the rest are counted


def _seeds(seeds: list[int]) -> str:
    shown = ", ".join(map(str, seeds[:SEEDS_SHOWN]))
    more = f", ... ({len(seeds)} games)" if len(seeds) > SEEDS_SHOWN else ""
    return f"seed{'s' if len(seeds) > 1 else ''} {shown}{more}"


def failure_headline(groups: list[dict], games: int, saved: Path | None = None,
                     saved_from: str = "") -> str:
    """One sentence: how many of the ``games`` failed, which seeds of which scenario (the
    groups' ``scenario`` names, "" for a batch of one scenario), and where the first failed game
    was ``saved`` (``saved_from``: that game's scenario and seed, e.g. "B, seed 2")."""
    by_scenario: dict[str, list[int]] = {}
    for group in groups:
        by_scenario.setdefault(group["scenario"], []).extend(group["seeds"])
    where = "; ".join(f"{name}: {_seeds(sorted(seeds))}" if name else _seeds(sorted(seeds))
                      for name, seeds in by_scenario.items())
    failed = sum(len(seeds) for seeds in by_scenario.values())
    text = f"{failed} of {games} games failed ({where}) and are left out; the others count"
    if saved is not None:
        text += f". The first ({saved_from}) is saved: peloponnes replay {saved}"
    return text


def failure_lines(groups: list[dict]) -> list[str]:
    """A line per group of failed games: the scenario and seeds, then the plugin, hook and rule
    to blame (the engine when none is known), then what went wrong."""
    lines = []
    for g in groups:
        blamed = ", ".join(part for part in (f"plugin {g['plugin']}" if g["plugin"] else "",
                                             f"hook {g['hook']}" if g["hook"] else "",
                                             f"rule {g['rule']}" if g["rule"] else "") if part)
        seeds = _seeds(g["seeds"])
        lines.append(f"{g['scenario'] + ': ' if g['scenario'] else ''}{seeds}: "
                     f"{blamed or 'engine'}: {g['message']}")
    return lines
