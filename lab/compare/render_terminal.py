"""compare in the terminal: rich renderables for the header, the rules diff, the metric table,
score histograms, win shares per label and the failed games."""
from __future__ import annotations

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from peloponnes.lab.batch.render_terminal import render_coverage, render_warnings
from peloponnes.lab.compare.formatting import (
    SIGNIFICANT,
    bin_counts,
    diff_text,
    mean_pm,
    num,
    p_text,
    score_bins,
    share_short,
)
from peloponnes.lab.compare.narrative import design_measures, glossary_rows, holm_sentence
from peloponnes.lab.compare.result import BOT_NOTE, CompareResult
from peloponnes.lab.compare.rules_diff import short_path


def header(result: CompareResult) -> Group:
    lines = [Text(f"Comparing {len(result.entries)} rulesets over {result.games} paired games "
                  f"(seeds {result.first_seed}-{result.first_seed + result.games - 1}, the first "
                  f"scenario's seed for all).", style="bold")]
    for e in result.entries:
        lines.append(Text(f"  {e.letter}: {e.title} ({short_path(e.path)})"
                          + (f" — {'; '.join(e.notes)}" if e.notes else "")))
    lines.append(Text(BOT_NOTE, style="yellow"))
    lines.append(Text(result.agents_note(), style="yellow"))
    return Group(*lines)


def rules_diff(result: CompareResult) -> Group:
    parts = [Text("Rules diff", style="bold underline")]
    for diff in result.diffs:
        parts.append(Text(f"{diff['scenario']} vs {diff['vs']}:", style="bold"))
        for line in diff["lines"]:
            parts.append(Text(f"  {line}"))
    return Group(*parts)


def metrics_table(result: CompareResult) -> Table:
    conf = f"{result.confidence:.0%}"
    table = Table(title=f"Metrics per game: mean ± {conf} CI; paired difference vs "
                        f"{result.entries[0].letter} [{conf} CI], {SIGNIFICANT} = CI excludes 0",
                  title_justify="left")
    table.add_column("metric", style="bold")
    for i, e in enumerate(result.entries):
        table.add_column(e.letter, justify="right")
        if i:
            table.add_column(f"{e.letter} − {result.entries[0].letter}", justify="right")
            table.add_column("Holm", justify="right")
    for row in result.metrics:
        cells = [Text(row.name)]          # Text: names from plugins are not markup
        for i, (est, diff) in enumerate(zip(row.per_scenario, row.diffs, strict=True)):
            cells.append(mean_pm(est))
            if i:
                text = diff_text(diff)
                cells.append(Text(text, style="bold magenta" if diff and diff.significant
                                  else ""))
                cells.append(holm_text(row.holm[i] if row.holm else None))
        table.add_row(*cells)
    return table


def holm_text(p: float | None) -> Text:
    """A Holm-adjusted p-value, marked when the difference survives the correction."""
    if p is None:
        return Text("")
    survives = p < 0.05
    return Text(p_text(p) + (" ✓" if survives else ""), style="bold" if survives else "dim")


def headlines(result: CompareResult) -> Group | None:
    if not result.headlines:
        return None
    return Group(Text("What changes (significant after Holm's correction):", style="bold"),
                 *(Text(f"  {line}") for line in result.headlines))


def notes_below_table(result: CompareResult) -> Group:
    lines = []
    tests = len(result.metrics)
    if tests > 1 and len(result.entries) > 1:
        lines.append(Text(holm_sentence(tests) + " ✓ = survives.", style="dim"))
    if result.folded:
        lines.append(Text(f"Folded (the same in every game of every ruleset): "
                          f"{', '.join(result.folded)}", style="dim"))
    return Group(*lines)


def design_table(result: CompareResult) -> Table:
    table = Table(title="Game-design measures (after Ludii's evaluation suite; bots, not people)",
                  title_justify="left")
    table.add_column("measure", style="bold")
    for e in result.entries:
        table.add_column(e.letter, justify="right")
    table.add_column("meaning")
    for m in design_measures(result):
        table.add_row(m.name, *m.values, Text(m.meaning, style="dim"))
    return table


def trajectories(result: CompareResult) -> Table | None:
    """Each per-round metric's mean, round by round, per ruleset."""
    names = list(dict.fromkeys(n for t in result.tally.scenarios for n in t.trajectories))
    if not names:
        return None
    rounds = max(len(t.trajectories.get(n, [])) for t in result.tally.scenarios for n in names)
    table = Table(title="Per round (mean over games and seats; measure_round)",
                  title_justify="left")
    table.add_column("metric")
    table.add_column("ruleset")
    for r in range(rounds):
        table.add_column(str(r + 1), justify="right")
    for name in names:
        for e, t in zip(result.entries, result.tally.scenarios, strict=True):
            series = t.trajectories.get(name, [])
            table.add_row(name, e.letter, *(num(series[r].mean, 1) if r < len(series)
                                            and series[r].n else "" for r in range(rounds)))
    return table


def glossary_table(result: CompareResult) -> Table:
    table = Table(title="Glossary", title_justify="left")
    table.add_column("metric", style="bold")
    table.add_column("meaning")
    table.add_column("unit")
    for row in glossary_rows(result):
        table.add_row(*row)
    return table


def labels_table(result: CompareResult) -> Table | None:
    if not result.labels:
        return None
    table = Table(title=f"Win share per label (ties split; {result.confidence:.0%} Wilson CI) and "
                        "seats dealt it", title_justify="left")
    table.add_column("label")
    table.add_column("value")
    for e in result.entries:
        table.add_column(e.letter, justify="right")
    for row in result.labels:
        table.add_row(Text(str(row.label)), Text(str(row.value)),
                      *(f"{share_short(est)} n={n}" for est, n in zip(row.per_scenario,
                                                                      row.seats, strict=True)))
    return table


def histograms(result: CompareResult, width: int = 22) -> Columns | None:
    """Final scores of every seat, one panel per ruleset, shared bins and scale."""
    counts_per = [result.score_counts(i) for i in range(len(result.entries))]
    bins = score_bins(counts_per)
    if not bins:
        return None
    counts = [bin_counts(c, bins) for c in counts_per]
    top = max(max(c) for c in counts) or 1
    label_w = max(len(b[2]) for b in bins)
    panels = []
    eighths = " ▏▎▍▌▋▊▉"
    for i, (e, c) in enumerate(zip(result.entries, counts, strict=True)):
        text = Text()
        for (_, _, label), n in zip(bins, c, strict=True):
            units = n / top * width
            full = int(units)
            bar = "█" * full + (eighths[int((units - full) * 8)] if full < width else "")
            text.append(f"{label:>{label_w}} ", style="dim")
            text.append(f"{bar:<{width}}", style=_rich_color(i))
            text.append(f" {n}\n", style="dim")
        text.rstrip()
        panels.append(Panel(text, title=f"{e.letter}: final scores", expand=False))
    return Columns(panels)


def _rich_color(i: int) -> str:
    return ["blue", "dark_orange", "green", "magenta", "cyan", "red", "yellow", "white"][i % 8]


def failures(result: CompareResult) -> Group | None:
    groups = result.grouped_failures()
    if not groups:
        return None
    lines = [Text(f"{len(result.failures)} game(s) failed and are left out of the numbers "
                  "(the other games count):", style="bold red")]
    for g in groups:
        seeds = g["seeds"]
        shown = ", ".join(map(str, seeds[:8])) + (f", ... ({len(seeds)} games)"
                                                  if len(seeds) > 8 else "")
        where = ", ".join(p for p in (f"plugin {g['plugin']}" if g["plugin"] else "",
                                      f"hook {g['hook']}" if g["hook"] else "",
                                      f"rule {g['rule']}" if g["rule"] else "") if p)
        lines.append(Text(f"  {g['scenario']}: seed{'s' if len(seeds) > 1 else ''} {shown}: "
                          f"{where or 'engine'}: {g['message']}", style="red"))
    return Group(*lines)


def render_terminal(result: CompareResult) -> list:
    """Everything ``peloponnes compare`` prints, in order."""
    out: list = [header(result), Text(""), rules_diff(result), Text("")]
    top = headlines(result)
    if top is not None:
        out.append(top)
    out.append(metrics_table(result))
    out.append(notes_below_table(result))
    hist = histograms(result)
    if hist is not None:
        out.append(hist)
    table = labels_table(result)
    if table is not None and not result.selected:
        out.append(table)
    fail = failures(result)
    if fail is not None:
        out.append(fail)
    if not result.selected:
        out.append(design_table(result))
        per_round = trajectories(result)
        if per_round is not None:
            out.append(per_round)
    out.append(glossary_table(result))
    warned = render_warnings(result.warnings)
    if warned is not None:
        out.append(warned)
    for rows in result.coverage or []:
        out.extend(render_coverage(rows, f"Coverage of {rows['scenario']}"))
    return out
