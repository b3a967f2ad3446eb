"""The designers' measures (after Ludii/Browne) from the engine's own decisions and events, the
per-round metric hook, metric declarations, headlines, Holm's correction and folded rows."""
import json
import re
import shutil
import subprocess

import pytest

from peloponnes.core.metrics import drama, generic_metrics, lead_changes
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.compare import compare, render_html, render_terminal, to_json
from peloponnes.lab.compare.narrative import UNDECLARED, glossary, headline
from peloponnes.lab.compare.stats import holm, mean_ci, p_value
from peloponnes.lab.simulate import run_game
from tests.compare.helpers import cardgame, write_plugin

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def test_lead_changes_and_drama_by_hand():
    standings = [[3, 1, 0], [3, 4, 0], [3, 3, 0], [2, 5, 6]]
    # leaders: 0, 1, (shared: none), 2 -> two changes
    assert lead_changes(standings) == 2
    # the eventual winner is seat 1: behind by 2, 0, 0, 1 -> 0.75
    assert drama(standings, [1]) == 0.75
    assert drama(standings, [2]) == (3 + 4 + 3 + 0) / 4
    assert lead_changes([None, [1, 1]]) == 0 and drama([], [0]) is None


def test_decision_counts_come_from_the_engine():
    ruleset, sc = load_ruleset(cardgame())
    game = run_game(ruleset, sc, 5)
    m = game.metrics()
    assert m["decisions"] == len(game.answers)
    assert m["decision_moves"] == game.decisions / (game.decisions + game.forced) < 1
    assert 2 <= m["branching_mean"] <= m["branching_max"] == game.options_max
    assert generic_metrics([1, 2], [1])["winner_score"] == 2      # the old call still works


def test_measure_round_collects_per_round_values_and_a_variant_may_say_what_leads(tmp_path):
    path = write_plugin(tmp_path, "per_round",
                        "@hookimpl\ndef measure_round(game):\n"
                        "    return {'standing': [s.index for s in game.seats],\n"
                        "            'luxury': [p.luxury for p in game.state.players]}\n")
    ruleset, sc = load_ruleset(cardgame(path))
    game = run_game(ruleset, sc, 2)
    assert len(game.round_metrics) == game.round - 1 == 8
    assert all(r["standing"] == [0, 1, 2, 3] for r in game.round_metrics)   # the plugin wins
    assert "luxury" in game.round_metrics[0]
    assert game.metrics()["lead_changes"] == 0
    plain_ruleset, plain = load_ruleset(cardgame())
    default = run_game(plain_ruleset, plain, 2).round_metrics
    assert set(default[0]) == {"standing", "catastrophes_so_far"}
    assert len(default[0]["standing"]) == 4


def test_holm_and_p_values():
    assert holm([0.01, 0.04, 0.03, None, 0.005]) == pytest.approx([0.03, 0.06, 0.06, None, 0.02])
    assert p_value(mean_ci([1, 2, 3, 4, 5])) == pytest.approx(0.013236, abs=1e-5)
    assert p_value(mean_ci([2, 2, 2])) == 0.0 and p_value(mean_ci([0, 0])) == 1.0


def test_headline_sentence():
    info = {"meaning": "the winner's final score", "unit": "points"}
    assert headline("B", "winner_score", info, 10.0, 2.5) == \
        "B: winner_score rises 25% (+2.50 points): the winner's final score"
    share = {"meaning": "share of games with a shared first place", "unit": "share of games"}
    assert headline("C", "tie", share, 0.1, -0.05) == \
        "C: tie falls (-5.0 percentage points): share of games with a shared first place"


@pytest.mark.parametrize("variant", ["cardgame", "boardgame", "heroes"])
def test_every_metric_of_every_variant_is_declared(variant):
    ruleset, _ = load_ruleset(Scenario.quick(variant, 4))
    game = run_game(ruleset, Scenario.quick(variant, 4), 1)
    words = glossary([ruleset], list(game.metrics()) + list(game.round_metrics[0]))
    assert not [n for n, info in words.items() if info is UNDECLARED]


def test_a_plugin_declares_its_metric_with_describe_metrics():
    ruleset, _ = load_ruleset(cardgame("metric_displaced_bids.py"))
    declared = {k: v for part in ruleset.pm.hook.describe_metrics() for k, v in part.items()}
    assert declared["displaced_bids"] == {"meaning": "bids outbid that had to move or withdraw",
                                          "unit": "bids"}
    assert glossary([ruleset], ["displaced_bids"])["displaced_bids"]["unit"] == "bids"


@pytest.fixture(scope="module")
def market():
    return compare([cardgame(agent="heuristic"), cardgame("market_phase.py", agent="heuristic")],
                   30, workers=1)


def test_report_has_headlines_holm_folded_rows_design_measures_and_glossary(market):
    assert "rounds" in market.folded and "rounds" not in [r.name for r in market.metrics]
    assert any(h.startswith("B: decisions rises") for h in market.headlines)
    row = next(r for r in market.metrics if r.name == "decisions")
    assert row.holm[1] is not None and row.holm[1] >= row.p_values[1]
    data = json.loads(to_json(market))
    assert data["glossary"]["luxury"]["unit"] == "goods"
    names = [m["name"] for m in data["design_measures"]]
    assert names[:3] == ["balance", "first-player advantage", "drawishness"]
    assert len(data["per_round"]["standing"][0]["means"]) == 8
    from rich.console import Console
    console = Console(width=140, record=True)
    for part in render_terminal(market):
        console.print(part)
    text = console.export_text()
    for needle in ("What changes", "Holm", "Game-design measures", "Per round", "Glossary",
                   "Folded"):
        assert needle in text


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")
def test_new_report_parts_render_in_headless_chromium(market, tmp_path):
    page = tmp_path / "report.html"
    page.write_text(render_html(market), encoding="utf-8")
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update",
               f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    dom = done.stdout
    body = re.search(r"<body([^>]*)>", dom).group(1)
    assert 'data-ready="1"' in body and "data-errors" not in body
    charts = int(re.search(r'data-charts="(\d+)"', body).group(1))
    assert f'data-charts-drawn="{charts}"' in body
    for needle in ('id="headlines"', 'id="design"', 'class="chart lines trajectory"',
                   'class="chart lines overlaid"', 'id="glossary"', 'id="folded"',
                   'class="holm-why"'):
        assert needle in dom, needle
    assert not any("…" in title for title in re.findall(r'class="ct">([^<]*)<', dom))
