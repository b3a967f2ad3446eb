"""A comparison under several agents (``compare --agent heuristic,mcts``) in the terminal, as
JSON, CSV and one HTML page: each agent's whole report, then the verdicts side by side ("holds
for all bots" or "depends on the bot: ...")."""
from __future__ import annotations

import html

from rich.console import Group
from rich.rule import Rule
from rich.text import Text

from peloponnes.lab.compare.render_html import CSS, READY_SCRIPT, SECTIONS, TABLES_CSS
from peloponnes.lab.compare.render_terminal import render_terminal
from peloponnes.lab.compare.result import BOT_NOTE
from peloponnes.lab.compare.serialise import result_dict, summary_rows
from peloponnes.lab.compare.verdicts import AgentRuns

EXPLAINED = ("Each agent played every seat of every ruleset on the same seeds. A bot's run says "
             "a metric rises or falls where its difference is significant (after Holm's "
             "correction; with --until-decided: decided), no change that matters where it lies "
             "inside its --margin, else no clear change.")


def _title(runs: AgentRuns) -> str:
    return f"Does the verdict depend on the bot? ({', '.join(runs.agents)})"


def across_bots_terminal(runs: AgentRuns) -> list:
    """Each agent's report under a rule naming it, then the verdicts side by side."""
    out: list = []
    for agent, result in zip(runs.agents, runs.results, strict=True):
        out.append(Rule(f"Agent: {agent} (every seat)"))
        out.extend(render_terminal(result))
    out.append(Rule(_title(runs)))
    out.append(Group(*(Text(row.sentence(), style="green" if row.holds else "yellow")
                       for row in runs.rows)))
    out.append(Text(EXPLAINED, style="dim"))
    return out


def across_bots_rows(runs: AgentRuns) -> list[dict]:
    """The verdicts side by side as data."""
    return [{"metric": row.metric, "scenario": row.scenario, "vs": row.vs, "holds": row.holds,
             "sentence": row.sentence(),
             "bots": [{"agent": b.agent, "says": b.says, "games": b.games, "p_holm": b.p_holm,
                       **(b.diff.as_dict() if b.diff else {})} for b in row.bots]}
            for row in runs.rows]


def across_bots_dict(runs: AgentRuns) -> dict:
    """JSON: the agents, the verdicts side by side, then each agent's whole result."""
    return {"agents": runs.agents, "across_bots": across_bots_rows(runs),
            "results": [{"agent": agent, **result_dict(result)}
                        for agent, result in zip(runs.agents, runs.results, strict=True)]}


def across_bots_summary_rows(runs: AgentRuns) -> list[dict]:
    """The summary CSV: each agent's rows, an ``agent`` column first."""
    return [{"agent": agent, **row}
            for agent, result in zip(runs.agents, runs.results, strict=True)
            for row in summary_rows(result)]


def render_across_bots_html(runs: AgentRuns) -> str:
    """One self-contained page: the verdicts side by side, then each agent's report."""
    e = html.escape
    first = runs.results[0]
    title = ("Peloponnes rules comparison under " + ", ".join(runs.agents) + ": "
             + " vs ".join(entry.title for entry in first.entries))
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{e(title)}</title><style>{CSS}{TABLES_CSS}</style></head><body>",
           f"<h1>{e(title)}</h1>", f'<p class="note">{e(BOT_NOTE)}</p>',
           f'<h2 id="across-bots">{e(_title(runs))}</h2><p>{e(EXPLAINED)}</p>',
           '<table id="across"><tr><th class=l>ruleset</th><th class=l>metric</th>'
           "<th class=l>verdict</th>"
           + "".join(f"<th class=l>{e(agent)}</th>" for agent in runs.agents) + "</tr>"]
    for row in runs.rows:
        verdict = "holds for all bots" if row.holds else "depends on the bot"
        out.append(f"<tr><td class=l>{e(row.scenario)} vs {e(row.vs)}</td>"
                   f"<td class=l>{e(row.metric)}</td>"
                   f'<td class="l{"" if row.holds else " sig"}">{verdict}</td>'
                   + "".join(f"<td class=l>{e(b.text())}</td>" for b in row.bots) + "</tr>")
    out.append("</table>")
    for agent, result in zip(runs.agents, runs.results, strict=True):
        out.append(f'<h2 id="agent-{e(agent)}">Agent: {e(agent)} (every seat)</h2>'
                   f"<p>{result.games} paired games per ruleset from seed {result.first_seed}. "
                   f"{e(result.agents_note())}</p>")
        for section in SECTIONS:
            out.extend(section(result))
    out.append(f"<script>{READY_SCRIPT}</script></body></html>")
    return "\n".join(out)
