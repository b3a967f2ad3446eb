"""Comparing rulesets (``peloponnes compare``): the same seeds through every scenario, then
statistics. Nothing here prints; ``render_terminal`` and ``render_html`` draw a result.

Design:
- **Paired seeds.** Game *i* of every scenario uses seed ``first_seed + i``, where
  ``first_seed`` is the FIRST scenario's seed (the other scenarios' seeds are ignored, and the rules
  diff says so). Each scenario keeps its own agents. When two rulesets deal the same way, game *i*
  starts from the same deal in both, so a difference comes from the rules, not from the luck of the
  draw, and per-seed differences have far less variance than two independent samples.
- **Metrics per game**: ``Game.metrics()``: the ``collect_metrics`` hook (so every plugin may add
  its own) and the generic ones every game has (``core.metrics``: each seat's score and win share,
  ``first_player_win`` from the ``initial_turn_order`` hook, ``tie``, ``winner_score``, ...).
  Labels from ``describe_seat`` (civilization, hero, colony, ...) give win shares per label.
- **Running games** is ``lab.batch``'s job: jobs -> an executor -> one record per game -> the
  tally (running statistics, reduced in seed order: identical for any number of workers; a game
  that fails is recorded with its seed, plugin and hook and left out of the numbers).

Modules, one job each: ``scenarios`` (loading, letters), ``rules_diff``, ``stats`` (Student's t
and Wilson intervals), ``result`` (the analysis of a tally), ``run`` (``compare``), ``serialise``
(JSON, CSV, the streamed per-game CSV), ``formatting``, ``render_terminal`` (its tables keep
every name and number whole at any width: ``terminal_fit``), ``svg``, ``render_html``;
``sweep`` and ``sweep_render`` (``peloponnes sweep``), ``explain`` and ``explain_render``
(``peloponnes explain``), ``skill`` and ``skill_render`` (``compare --skill-trace``: the search
agent's win share at rising budgets, per ruleset); ``sequential`` (anytime-valid intervals and
verdicts), ``until_decided`` and ``until_decided_render`` (``compare --until-decided``),
``verdicts`` and ``verdicts_render`` (``compare --agent a,b``: does the verdict depend on the
bot?). docs/verdicts.md explains the last two. ``rule_effects`` and ``rule_effects_render``:
what each plugin a ruleset adds did in its games (docs/rule-effects.md).
"""
from peloponnes.lab.compare.render_html import render_html
from peloponnes.lab.compare.render_terminal import render_terminal
from peloponnes.lab.compare.result import (
           BOT_NOTE,
           CompareResult,
           LabelRow,
           MetricRow,
           analyse,
           check_metrics,
)
from peloponnes.lab.compare.rules_diff import rules_diff
from peloponnes.lab.compare.run import compare
from peloponnes.lab.compare.scenarios import Entry, prepare
from peloponnes.lab.compare.serialise import (
           GameRows,
           result_dict,
           summary_rows,
           to_csv,
           to_json,
           write_csv,
)
from peloponnes.lab.compare.stats import (
           CONFIDENCE,
           Estimate,
           estimate,
           mean_ci,
           paired_diff,
           proportion_ci,
)

__all__ = ["render_html", "render_terminal", "BOT_NOTE", "CompareResult", "LabelRow",
           "MetricRow", "analyse", "check_metrics", "rules_diff", "compare", "Entry", "prepare",
           "GameRows", "result_dict", "summary_rows", "to_csv", "to_json", "write_csv",
           "CONFIDENCE", "Estimate", "estimate", "mean_ci", "paired_diff", "proportion_ci"]
