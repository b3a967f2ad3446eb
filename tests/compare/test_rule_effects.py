"""What the house rule did: ``compare`` reports, for every plugin a ruleset adds, how often its
hooks were asked and answered differently from the rules they override (by seat and round), the
options taken in the decisions it adds, and a sentence per plugin; and no "called 0 times"
warning for hooks only the reports and the table ask."""
import json

from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.lab.batch.executors import Job, load_all, play_jobs
from peloponnes.lab.compare import compare

from .helpers import SCENARIOS, cardgame, write_plugin

CONQUEST = str(SCENARIOS / "compare-cardgame-conquest.toml")
SHIPPED = [str(SCENARIOS / f"{name}.toml") for name in (
    "compare-cardgame-no-conquest", "house-market_phase", "house-metric_displaced_bids")]

# Spares one card of every catastrophe that hits any; words no event of its own.
SPARING = '''
@hookimpl(wrapper=True)
def count_catastrophe_hits(game, seat, catastrophe, cards):
    hits = yield
    return max(hits - 1, 0)


@hookimpl
def describe_event(game, event, seat):
    return None
'''


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_shipped_house_rules_each_get_a_line_and_no_false_alarm(tmp_path):
    out_json, out_html = tmp_path / "r.json", tmp_path / "r.html"
    result = run("compare", CONQUEST, *SHIPPED, "-n", 3, "-w", 1, "--json", out_json,
                 "--html", out_html)
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "What the house rules did" in text
    assert "B: no_conquest changed the answer of count_revealed 8.0 times a game (of 8.0 " \
           "calls)" in text
    assert "C: market_phase changed the answer of list_round_phases 8.0 times a game" in text
    assert "D: metric_displaced_bids added to the answers of collect_metrics 1.0 times" in text
    assert "called 0 times" not in text and "hook describe_metrics" not in text

    data = json.loads(out_json.read_text())
    # the metric's meaning is in the glossary: describe_metrics is asked by the report
    assert data["glossary"]["displaced_bids"]["meaning"] == "bids outbid that had to move or " \
                                                             "withdraw"
    assert not any("called 0 times" in w for w in data["warnings"])
    effects = {e["plugin"]: e for e in data["rule_effects"]}
    assert set(effects) == {"no_conquest", "market_phase", "metric_displaced_bids"}
    revealed = effects["no_conquest"]["hooks"][0]
    assert (revealed["hook"], revealed["asked"], revealed["changed"]) == ("count_revealed", 8, 8)
    assert [r["round"] for r in revealed["rounds"]] == [str(r) for r in range(1, 9)]
    market = effects["market_phase"]["options"]
    assert set(market) == {"market", "market_coin_card"}
    assert set(market["market"]) <= {"stop", "trade"} and sum(market["market"].values()) > 0
    assert effects["metric_displaced_bids"]["hooks"][0]["rounds"] == [
        {"round": "end", "asked": 1.0, "changed": 1.0}]
    page = out_html.read_text()
    assert 'id="rule-effects"' in page and "B: no_conquest changed the answer" in page


def test_a_house_rules_own_sentence_leads_and_its_numbers_are_summed(tmp_path):
    # a house rule that spares one card of every catastrophe that hits any, says so in its own
    # words, and words an event of its own (a hook only the narrator asks)
    plugin = write_plugin(tmp_path, "sparing", SPARING + '''

@hookimpl
def describe_effect(effect):
    hits = effect["hooks"]["count_catastrophe_hits"]
    return f"spared {-hits['by']:.2f} cards a game"
''')
    result = compare([cardgame(), cardgame(plugin)], 6, workers=1)
    (effect,) = result.effects
    (hits,) = effect.hooks          # describe_event and describe_effect: asked by reports only
    assert hits.hook == "count_catastrophe_hits" and hits.changed > 0
    assert hits.by == -hits.changed      # one card spared at every call it changed
    assert effect.sentence.startswith(f"B: sparing spared {hits.changed:.2f} cards a game; "
                                      "changed the answer of count_catastrophe_hits")
    assert sorted(hits.seats) == [0, 1, 2, 3]
    assert sum(c for _, c in hits.seats.values()) == sum(c for _, c in hits.rounds.values())
    assert not result.warnings


def test_a_failing_describe_effect_is_a_warning_and_the_generic_sentence_stays(tmp_path):
    plugin = write_plugin(tmp_path, "sparing", SPARING + '''

@hookimpl
def describe_effect(effect):
    return 1 / 0
''')
    result = compare([cardgame(), cardgame(plugin)], 2, workers=1)
    (effect,) = result.effects
    assert effect.sentence.startswith("B: sparing changed the answer of count_catastrophe_hits")
    assert result.warnings == ["B: plugin sparing: describe_effect failed (ZeroDivisionError: "
                               "division by zero); its generic sentence is shown"]


def test_the_first_rulesets_plugins_and_shared_ones_are_not_reported():
    result = compare([cardgame("no_conquest.py"), cardgame("no_conquest.py"),
                      cardgame("no_conquest.py", "market_phase.py")], 2, workers=1)
    assert [(e.scenario, e.plugin) for e in result.effects] == [("C", "market_phase")]


def test_watching_what_the_rules_did_leaves_the_games_identical():
    scenario = cardgame("market_phase.py", "gentle_catastrophes.py")
    jobs = [Job(0, seed) for seed in range(1, 4)]
    watched = play_jobs(load_all([scenario], "plugins"), jobs)
    plain = play_jobs(load_all([scenario]), jobs)
    assert [(r.metrics, r.scores) for r in watched] == [(r.metrics, r.scores) for r in plain]
    assert all(sum(r.coverage.options_taken.values()) > 0 for r in watched)


def test_at_80_columns_every_plugin_and_hook_name_stays_whole(monkeypatch):
    from peloponnes.commands import common
    monkeypatch.setattr(common.console, "width", 80)
    result = run("compare", CONQUEST, *SHIPPED, str(SCENARIOS / "house-gentle_catastrophes.toml"),
                 "-n", 2, "-w", 1)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    table = lines[next(i for i, line in enumerate(lines) if line.startswith("Rule effects")):]
    rows = [line.split() for line in table[:12]]
    for plugin, hook in (("no_conquest", "count_revealed"),
                         ("metric_displaced_bids", "collect_metrics"),
                         ("gentle_catastrophes", "count_catastrophe_hits")):
        assert any(plugin in row and hook in row for row in rows), (plugin, hook)
    assert max(len(line.rstrip()) for line in lines) <= 80
