"""Does the verdict depend on the bot? ``compare --agent heuristic,mcts`` plays the same seeds
under each agent (every seat played by it) and puts, for each headline metric and ruleset
against the first, what each bot's run says side by side: it rises, it falls, no change that
matters (inside its ``--margin``) or no clear change. The verdict *holds for all bots* where
every bot says the same, else it *depends on the bot*.

What a bot's run says comes from its headlines (a difference significant after Holm's
correction), or with ``--until-decided`` from its verdicts (an anytime-valid interval that
excludes 0, or lies inside the margin)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from peloponnes.core.errors import ConfigError
from peloponnes.lab.compare.formatting import SIGNIFICANT, diff_text, p_text
from peloponnes.lab.compare.result import CompareResult
from peloponnes.lab.compare.sequential import DECIDED, EQUIVALENT
from peloponnes.lab.compare.stats import CONFIDENCE, Estimate
from peloponnes.lab.compare.until_decided import headline_metrics

RISES, FALLS = "rises", "falls"
NO_CHANGE_THAT_MATTERS = "no change that matters"
NO_CLEAR_CHANGE = "no clear change"


def parse_agents(text: str | None, kinds: Sequence[str]) -> list[str]:
    """``--agent``'s comma list (``heuristic,mcts``) checked against the bot ``kinds``; [] for
    none given."""
    if text is None:
        return []
    agents = [part.strip() for part in text.split(",")]
    unknown = [a for a in agents if a not in kinds]
    if unknown or not agents:
        raise ConfigError(f"--agent: unknown agent {', '.join(repr(a) for a in unknown)} "
                          f"(bots: {', '.join(kinds)}; several: a comma list, e.g. "
                          f"heuristic,mcts)")
    repeated = sorted({a for a in agents if agents.count(a) > 1})
    if repeated:
        raise ConfigError(f"--agent names {', '.join(repeated)} more than once")
    return agents


@dataclass
class BotSays:
    """What one bot's run says of a metric: ``says`` (rises, falls, no change that matters, no
    clear change), the paired difference it rests on, its Holm-adjusted p-value (a run of a
    fixed number of games) and the paired games played."""
    agent: str
    says: str
    diff: Estimate | None
    games: int
    p_holm: float | None = None

    @property
    def interval(self) -> str:
        """The difference and its interval, unmarked (what the bot says is the mark)."""
        return diff_text(self.diff).removesuffix(f" {SIGNIFICANT}")

    def text(self) -> str:
        holm = f", Holm {p_text(self.p_holm)}" if self.p_holm is not None else ""
        return f"{self.says} ({self.interval}{holm}, {self.games} games)"


@dataclass
class AcrossBots:
    """One headline metric of one ruleset against the first, under every bot."""
    metric: str
    scenario: str            # the ruleset's letter
    vs: str                  # the first ruleset's
    bots: list[BotSays]

    @property
    def holds(self) -> bool:
        """Every bot says the same."""
        return len({b.says for b in self.bots}) == 1

    def sentence(self) -> str:
        """``B: winner_score — holds for all bots: falls (heuristic -1.57 [...]; mcts ...)`` or
        ``B: winner_score — depends on the bot: heuristic says falls (...), mcts says no clear
        change (...)``."""
        if self.holds:
            return (f"{self.scenario}: {self.metric} — holds for all bots: {self.bots[0].says} ("
                    + "; ".join(f"{b.agent} {b.interval}" for b in self.bots) + ")")
        return (f"{self.scenario}: {self.metric} — depends on the bot: "
                + ", ".join(f"{b.agent} says {b.text()}" for b in self.bots))


@dataclass
class AgentRuns:
    """A comparison played under several agents: each agent's result, and the verdicts side
    by side."""
    agents: list[str]
    results: list[CompareResult]
    rows: list[AcrossBots]

    @property
    def confidence(self) -> float:
        return self.results[0].confidence if self.results else CONFIDENCE


def across_bots(agents: Sequence[str], results: Sequence[CompareResult]) -> AgentRuns:
    """Each headline metric of any agent's run, for each ruleset against the first, under
    every agent."""
    names: dict[str, None] = {}
    for result in results:
        names.update(dict.fromkeys(headline_metrics([r.name for r in result.metrics],
                                                    result.selected)))
    first = results[0]
    rows = [AcrossBots(name, entry.letter, first.entries[0].letter,
                       [bot_says(agent, result, k, name)
                        for agent, result in zip(agents, results, strict=True)])
            for k, entry in enumerate(first.entries) if k
            for name in names]
    return AgentRuns(list(agents), list(results), rows)


def bot_says(agent: str, result: CompareResult, k: int, metric: str) -> BotSays:
    """What ``result`` (one agent's run) says of ``metric`` in ruleset ``k`` against the
    first."""
    if result.stopping is not None:
        verdict = result.stopping.verdict(k, metric)
        if verdict is None:
            return BotSays(agent, NO_CLEAR_CHANGE, None, result.games)
        says = {DECIDED: verdict.direction, EQUIVALENT: NO_CHANGE_THAT_MATTERS}.get(
            verdict.reason) or NO_CLEAR_CHANGE
        return BotSays(agent, says, verdict.interval, result.games)
    row = next((r for r in result.metrics if r.name == metric), None)
    if row is None:             # folded: the same in every game of every ruleset
        return BotSays(agent, NO_CLEAR_CHANGE, None, result.games)
    diff, p = row.diffs[k], row.holm[k] if row.holm else None
    says = NO_CLEAR_CHANGE
    if diff is not None and diff.mean and p is not None and p < 1 - CONFIDENCE:
        says = RISES if diff.mean > 0 else FALLS
    return BotSays(agent, says, diff, result.games, p)
