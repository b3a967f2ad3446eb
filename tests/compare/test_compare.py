"""peloponnes compare's engine room: paired seeds, workers, failures, metrics and the rules diff."""
import json

import pytest

from peloponnes.core.errors import ConfigError
from peloponnes.lab.batch import InProcessExecutor, LocalPoolExecutor, PairedJobs
from peloponnes.lab.compare import compare, prepare, result_dict
from peloponnes.lab.simulate import run_game

from .helpers import cardgame, write_plugin


def records_of(scenarios, games, **kwargs):
    """Run a comparison and keep every game's record (in the order the tally saw them)."""
    seen = []
    result = compare(scenarios, games, on_record=seen.append, **kwargs)
    return result, seen


def test_paired_design_same_seed_same_deal():
    """The no-Conquest house rule does not touch the deal, so game i starts from the very same
    deal (civilizations, hands, turn order) in both rulesets — and the rulesets then differ."""
    entries = prepare([cardgame(seed=11), cardgame("no_conquest.py", seed=500)])
    result, records = records_of([], 12, workers=1, entries=entries)
    assert result.first_seed == 11                      # the FIRST scenario's seed, for both
    assert [(r.seed, r.scenario) for r in records] == [(s, k) for s in range(11, 23)
                                                       for k in (0, 1)]
    pairs = list(zip(records[::2], records[1::2], strict=True))
    for a, b in pairs:
        assert a.seed == b.seed and a.labels == b.labels
        setups = []
        for entry in entries:
            game = run_game(entry.ruleset, entry.scenario, a.seed)
            (setup,) = [e.data for e in game.events if e.kind == "setup"]
            setups.append(setup)
            assert game.initial_turn_order == setup["order"]
        assert setups[0] == setups[1]
        assert a.first_player == setups[0]["order"][0]
    assert any(a.scores != b.scores for a, b in pairs)
    assert "seed: the file says 500" in "\n".join(result.diffs[0]["lines"])


@pytest.mark.parametrize("variant, players, options", [
    ("cardgame", 4, {}), ("boardgame", 3, {}), ("boardgame", 1, {}), ("heroes", 4, {}),
    ("heroes", 3, {"negotiation": True})])
def test_each_variant_answers_initial_turn_order_with_round_1s_order(variant, players, options):
    """The initial_turn_order hook gives the order the first round is played in: the seat of
    the first bid of round 1 is its first seat (heroes: after the hero tiles, colonies and, in
    the negotiation variant, the negotiation have decided it)."""
    from peloponnes.core.plugins import load_ruleset
    from peloponnes.core.scenario import Scenario

    ruleset, scenario = load_ruleset(Scenario.quick(variant, players, options=options))
    for seed in range(4):
        game = run_game(ruleset, scenario, seed)
        order = game.initial_turn_order
        assert sorted(order) == list(range(players))
        started = next(e.seq for e in game.events if e.kind == "round_started")
        first_bid = next(e for e in game.events[started:] if "seat" in e.data)
        assert first_bid.data["seat"] == order[0], (seed, first_bid)


def test_results_identical_for_one_and_two_workers():
    scenarios = [cardgame(seed=3), cardgame("no_conquest.py"), cardgame("conquest_plus_two.py")]
    one, one_records = records_of(scenarios, 30, workers=1)
    two, two_records = records_of(scenarios, 30, workers=2)
    assert json.dumps(result_dict(one)) == json.dumps(result_dict(two))
    assert one_records == two_records
    assert [r.seed for r in two_records if r.scenario == 0] == list(range(3, 33))


def test_the_pool_yields_records_in_job_order_whatever_the_chunks():
    entries = prepare([cardgame(), cardgame("no_conquest.py")])
    scenarios = [e.scenario for e in entries]
    jobs = PairedJobs(2, range(40, 49))
    assert len(jobs) == 18 and jobs[-1] == jobs[17] and jobs[2:4] == [jobs[2], jobs[3]]
    serial = list(InProcessExecutor().run(scenarios, jobs))
    seen = []
    chunked = list(LocalPoolExecutor(2, chunk=3).run(scenarios, jobs,
                                                     lambda done, total: seen.append(done)))
    assert [(r.seed, r.scenario) for r in chunked] == [(j.seed, j.scenario) for j in jobs]
    assert serial == chunked
    assert seen == sorted(seen) and seen[-1] == len(jobs)


def test_metrics_come_from_the_hook_plus_generic_ones():
    result = compare([cardgame(), cardgame("metric_displaced_bids.py")], 4, workers=1)
    names = result.metric_names
    for name in ("rounds", "decisions", "winner_score", "winning_margin", "balance_gap",
                 "catastrophes", "cards_lost", "luxury", "tie", "score_seat1", "win_seat4",
                 "first_player_win", "displaced_bids"):
        assert name in names
    row = {r.name: r for r in result.metrics}["displaced_bids"]
    assert row.per_scenario[0].n == 0 and row.per_scenario[1].n == 4   # only B's plugin adds it
    assert row.diffs[1].n == 0
    assert sum(row.per_scenario[0].mean for row in result.metrics
               if row.name.startswith("win_seat")) == pytest.approx(1.0)


def test_metric_option_restricts_the_rows():
    result = compare([cardgame(), cardgame("no_conquest.py")], 3, workers=1,
                     metrics=["winner_score", "cards_lost"])
    assert [r.name for r in result.metrics] == ["winner_score", "cards_lost"]


def test_unknown_metric_is_a_clear_error_listing_the_known_ones():
    with pytest.raises(ConfigError) as info:
        compare([cardgame(), cardgame("no_conquest.py")], 50, workers=1, metrics=["winer_score"])
    message = str(info.value)
    assert "unknown metric 'winer_score'" in message and "did you mean winner_score" in message
    assert "known: rounds, decisions, winner_score" in message


def test_different_player_counts_are_refused():
    with pytest.raises(ConfigError, match=r"different player counts .*: 3, .*: 4"):
        prepare([cardgame(players=3), cardgame(players=4)])


def test_one_scenario_is_not_a_comparison():
    with pytest.raises(ConfigError, match="at least two scenarios"):
        prepare([cardgame()])


HOOK_FAILURES = {
    "on_event": '''@hookimpl
def on_event(game, event):
    if event.kind == "round_started" and game.round == 2 and game.seed % 4 == 2:
        raise RuntimeError("boom in round 2")
''',
    "collect_metrics": '''@hookimpl
def collect_metrics(game):
    if game.seed % 4 == 2:
        raise ValueError("no metric for this seed")
    return {"fine": 1}
''',
}


@pytest.mark.parametrize("hook", sorted(HOOK_FAILURES))
@pytest.mark.parametrize("workers", [1, 2])
def test_a_game_that_raises_in_a_plugin_is_reported_and_the_others_count(tmp_path, hook,
                                                                         workers):
    plugin = write_plugin(tmp_path, f"flaky_{hook}", HOOK_FAILURES[hook])
    result = compare([cardgame(), cardgame(plugin)], 8, workers=workers)
    failures = result.failures
    assert [f.seed for f in failures] == [2, 6]            # seeds 1..8, every 4th from 2
    for f in failures:
        assert f.scenario == 1 and f.plugin == plugin and f.hook == hook
    assert "boom in round 2" in failures[0].message or "no metric" in failures[0].message
    assert result.ok_games(0) == 8 and result.ok_games(1) == 6
    row = {r.name: r for r in result.metrics}["winner_score"]
    assert row.per_scenario[0].n == 8 and row.per_scenario[1].n == 6 and row.diffs[1].n == 6
    (group,) = result.grouped_failures()
    assert group["seeds"] == [2, 6] and group["hook"] == hook and group["scenario"] == "B"
    assert "seed 2" in failures[0].describe() and hook in failures[0].describe()


def test_rules_diff_names_variant_options_plugins_hooks_and_component_changes():
    result = compare([cardgame(), cardgame("cheap_buildings.py", "no_conquest.py")], 1,
                     workers=1)
    text = "\n".join(result.diffs[0]["lines"])
    assert "variant: same (cardgame)" in text and "options: same" in text
    assert "+ plugin cheap_buildings" in text
    assert "Implements declare_plugin, load_components" in text
    assert "load_components: cheap_buildings -> components" in text
    assert "declare_plugin:" not in text                 # call order shown only where it matters
    assert "+ plugin no_conquest" in text and "count_revealed" in text
    assert "call order count_revealed: no_conquest -> cardgame" in text
    assert "components: " in text and "differences:" in text
    assert ".cost.stone: " in text and "power_cards[" in text
    shown = [line for line in result.diffs[0]["lines"] if line.startswith("  power_cards[")]
    assert 0 < len(shown) <= 12
    if result.diffs[0]["component_changes"] > 12:
        assert "more" in result.diffs[0]["lines"][-3] or any("... and" in line
                                                             for line in result.diffs[0]["lines"])
    assert "agents: same" in text


def test_rules_diff_mentions_different_agents():
    result = compare([cardgame(), cardgame(agent="heuristic")], 1, workers=1)
    assert "agents: Player 1 random -> heuristic" in "\n".join(result.diffs[0]["lines"])
    assert "A: random (Player 1" in result.agents_note()
    assert "B: heuristic (Player 1" in result.agents_note()
