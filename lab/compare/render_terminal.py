"""compare in the terminal: rich renderables for the header, the rules diff, the metric table,
score histograms, win shares per label and the failed games."""
from __future__ import annotations

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from peloponnes.lab.batch.render_terminal import failure_lines, render_coverage, render_warnings
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
from peloponnes.lab.compare.rule_effects_render import effects_tables, effects_terminal
from peloponnes.lab.compare.rules_diff import short_path
from peloponnes.lab.compare.terminal_fit import FirstThatFits, compact_table
from peloponnes.lab.compare.until_decided_render import stopping_terminal


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


def metrics_table(result: CompareResult) -> FirstThatFits:
    """The metric table: a column per ruleset where the terminal is wide enough, else a row per
    ruleset; either way no name or number is cut or wrapped."""
    return FirstThatFits(_metrics_wide(result), _metrics_tall(result))


def _metrics_title(result: CompareResult) -> str:
    conf = f"{result.confidence:.0%}"
    return (f"Metrics per game: mean ± {conf} CI; paired difference vs "
            f"{result.entries[0].letter} [{conf} CI], {SIGNIFICANT} = CI excludes 0")


def _diff_cell(diff) -> Text:
    return Text(diff_text(diff), style="bold magenta" if diff and diff.significant else "")


def _metrics_wide(result: CompareResult) -> Table:
    table = Table(title=_metrics_title(result), title_justify="left")
    table.add_column("metric", style="bold", no_wrap=True)
    for i, e in enumerate(result.entries):
        table.add_column(e.letter, justify="right", no_wrap=True)
        if i:
            table.add_column(f"{e.letter} − {result.entries[0].letter}", justify="right",
                             no_wrap=True)
            table.add_column("Holm", justify="right", no_wrap=True)
    for row in result.metrics:
        cells = [Text(row.name)]          # Text: names from plugins are not markup
        for i, (est, diff) in enumerate(zip(row.per_scenario, row.diffs, strict=True)):
            cells.append(mean_pm(est))
            if i:
                cells += [_diff_cell(diff), holm_text(row.holm[i] if row.holm else None)]
        table.add_row(*cells)
    return table


def _metrics_tall(result: CompareResult) -> Table:
    """A row per metric and ruleset, the paired difference beside each ruleset but the first:
    what 80 columns hold."""
    conf, first = f"{result.confidence:.0%}", result.entries[0].letter
    table = compact_table(_metrics_title(result))
    table.add_column("metric", style="bold", overflow="fold")
    table.add_column("")
    table.add_column(f"mean ± {conf} CI", justify="right", no_wrap=True)
    table.add_column(f"vs {first} [{conf} CI]", justify="right", no_wrap=True)
    table.add_column("Holm", justify="right", no_wrap=True)
    last = len(result.entries) - 1
    for row in result.metrics:
        for i, (e, est, diff) in enumerate(zip(result.entries, row.per_scenario, row.diffs,
                                               strict=True)):
            versus = [_diff_cell(diff), holm_text(row.holm[i] if row.holm else None)] if i \
                else ["", ""]
            table.add_row(Text(row.name) if i == 0 else "", e.letter, mean_pm(est), *versus,
                          end_section=i == last)
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


DESIGN_TITLE = "Game-design measures (after Ludii's evaluation suite; bots, not people)"
MEANING_WIDTH = 40          # the design table's meaning column wraps at this width


def design_table(result: CompareResult) -> FirstThatFits:
    """The designers' measures per ruleset, with a column of meanings where the terminal has
    room for it, else the meanings listed under the table."""
    measures = design_measures(result)
    wide = Table(title=DESIGN_TITLE, title_justify="left")
    narrow = compact_table(DESIGN_TITLE)
    for table in (wide, narrow):
        table.add_column("measure", style="bold", no_wrap=True)
        for e in result.entries:
            table.add_column(e.letter, justify="right", no_wrap=True)
    wide.add_column("meaning", max_width=MEANING_WIDTH)
    for m in measures:
        wide.add_row(m.name, *m.values, Text(m.meaning, style="dim"))
        narrow.add_row(m.name, *m.values)
    return FirstThatFits(wide, Group(narrow, *(Text(f"{m.name}: {m.meaning}", style="dim")
                                               for m in measures)))


def trajectories(result: CompareResult) -> FirstThatFits | None:
    """Each per-round metric's mean, round by round, per ruleset."""
    names = list(dict.fromkeys(n for t in result.tally.scenarios for n in t.trajectories))
    if not names:
        return None
    rounds = max(len(t.trajectories.get(n, [])) for t in result.tally.scenarios for n in names)
    title = "Per round (mean over games and seats; measure_round)"
    wide, narrow = Table(title=title, title_justify="left"), compact_table(title)
    for table in (wide, narrow):
        table.add_column("metric", no_wrap=True)
        table.add_column("ruleset" if table is wide else "", no_wrap=True)
        for r in range(rounds):
            table.add_column(str(r + 1), justify="right", no_wrap=True)
        for name in names:
            for e, t in zip(result.entries, result.tally.scenarios, strict=True):
                series = t.trajectories.get(name, [])
                table.add_row(Text(name), e.letter, *(num(series[r].mean, 1) if r < len(series)
                                                      and series[r].n else ""
                                                      for r in range(rounds)))
    return FirstThatFits(wide, narrow)


def glossary_table(result: CompareResult) -> Table:
    table = Table(title="Glossary", title_justify="left")
    table.add_column("metric", style="bold", no_wrap=True)
    table.add_column("meaning")
    table.add_column("unit")
    for name, meaning, unit in glossary_rows(result):
        table.add_row(Text(name), Text(meaning), Text(unit))
    return table


def labels_table(result: CompareResult) -> FirstThatFits | None:
    """Win share per civilization (hero, colony): a column per ruleset where the terminal is
    wide enough, else a row per ruleset."""
    if not result.labels:
        return None
    title = (f"Win share per label (ties split; {result.confidence:.0%} Wilson CI) and seats "
             "dealt it")
    wide, tall = Table(title=title, title_justify="left"), compact_table(title)
    for table in (wide, tall):
        table.add_column("label", no_wrap=True)
        table.add_column("value", no_wrap=True)
    for e in result.entries:
        wide.add_column(e.letter, justify="right", no_wrap=True)
    tall.add_column("")
    tall.add_column("win share", justify="right", no_wrap=True)
    tall.add_column("seats", justify="right", no_wrap=True)
    last = len(result.entries) - 1
    for row in result.labels:
        shares = list(zip(result.entries, row.per_scenario, row.seats, strict=True))
        wide.add_row(Text(str(row.label)), Text(str(row.value)),
                     *(f"{share_short(est)} n={n}" for _, est, n in shares))
        for i, (e, est, n) in enumerate(shares):
            named = [Text(str(row.label)), Text(str(row.value))] if i == 0 else ["", ""]
            tall.add_row(*named, e.letter, share_short(est), str(n), end_section=i == last)
    return FirstThatFits(wide, tall)


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
    lines += [Text(f"  {line}", style="red") for line in failure_lines(groups)]
    return Group(*lines)


def render_terminal(result: CompareResult) -> list:
    """Everything ``peloponnes compare`` prints, in order."""
    out: list = [header(result), Text(""), rules_diff(result), Text("")]
    out.extend(effects_terminal(result))      # what each added plugin did, a line each
    top = headlines(result) if result.stopping is None else None
    if top is not None:
        out.append(top)
    out.extend(stopping_terminal(result))     # --until-decided: its headlines and verdicts
    out.append(metrics_table(result))
    out.append(notes_below_table(result))
    hist = histograms(result)
    if hist is not None:
        out.append(hist)
    table = labels_table(result)
    if table is not None and not result.selected:
        out.append(table)
    out.extend(effects_tables(result))
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
