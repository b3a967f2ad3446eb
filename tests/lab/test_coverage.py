"""Coverage: what a batch exercised; plugins that did nothing; decisions bots answered at random."""
import json

from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.core.plugins import load_ruleset
from peloponnes.lab.batch import run_simulation
from peloponnes.lab.compare import compare, to_json
from peloponnes.lab.coverage import Coverage, plugin_warnings
from tests.compare.helpers import SCENARIOS, cardgame, write_plugin

SAME_ANSWERS = ("@hookimpl\ndef conquest_surcharge(game, seat):\n    return 3\n\n\n"
                "@hookimpl(wrapper=True)\ndef minimum_bid(game, seat, card, conquest):\n"
                "    return (yield)\n\n\n"
                "@hookimpl\ndef count_revealed(game):\n    return 4, 2\n")


def test_plugins_that_change_nothing_are_warned_about(tmp_path):
    plugin = write_plugin(tmp_path, "idle", SAME_ANSWERS)
    run = run_simulation(cardgame(plugin), 3)
    warnings = run.to_dict()["warnings"]
    assert any("idle: hook conquest_surcharge" in w and "never answered differently" in w
               for w in warnings)
    assert any("idle: hook minimum_bid" in w and "never answered differently" in w
               for w in warnings)
    assert any("idle: hook count_revealed" in w for w in warnings)
    assert run_simulation(cardgame("no_conquest.py"), 2).to_dict()["warnings"] == []


def test_probing_the_shadowed_answers_does_not_change_the_game(tmp_path):
    plugin = write_plugin(tmp_path, "idle", SAME_ANSWERS)
    watched = run_simulation(cardgame(plugin), 3, coverage=True).to_dict()
    plain = run_simulation(cardgame(), 3).to_dict()
    assert watched["seats"] == plain["seats"]


def test_a_hook_never_called_is_warned_about():
    ruleset, _ = load_ruleset(cardgame("gentle_catastrophes.py"))
    cov = Coverage(games=1000)
    assert plugin_warnings(ruleset, cov) == [
        "plugin gentle_catastrophes: hook count_catastrophe_hits called 0 times in 1,000 games"]


def test_bot_guesses_on_a_plugin_phase_are_counted_per_seat_and_kind():
    sc = cardgame("market_phase.py", agent="heuristic")
    report = run_simulation(sc, 2).to_dict()
    rows = report["bots_at_random"]
    assert {r["kind"] for r in rows} >= {"market"}
    assert all(r["plugin"] == "market_phase" and r["at_random"] == r["decisions"] for r in rows)
    assert [w for w in report["warnings"] if "'market' decisions" in w] == [
        f"{total:,} of {total:,} 'market' decisions of plugin market_phase answered at random by "
        "the heuristic bot (seats 1 (Player 1), 2 (Player 2), 3 (Player 3), 4 (Player 4)): it "
        "has no opinion on them; teach it with choose_heuristic"
        for total in [sum(r["decisions"] for r in rows if r["kind"] == "market")]]


def test_coverage_tables_list_what_never_ran_and_agree_for_any_workers():
    a = run_simulation(cardgame("market_phase.py"), 4, coverage=True).to_dict()["coverage"]
    b = run_simulation(cardgame("market_phase.py"), 4, coverage=True,
                       workers=2).to_dict()["coverage"]
    assert a == b
    hooks = {(r["plugin"], r["hook"]): r for r in a["hooks"]}
    assert hooks["market_phase", "list_round_phases"]["calls"] == 4 * 8
    assert {r["phase"] for r in a["phases"]} >= {"market", "bidding"}
    assert all(r["runs"] for r in a["phases"])
    assert set(a["never"]) == {"hooks", "phases", "rules"}


def test_compare_warns_and_reports_coverage(tmp_path):
    plugin = write_plugin(tmp_path, "idle", SAME_ANSWERS)
    result = compare([cardgame(), cardgame(plugin)], 3, workers=1, coverage=True)
    assert any(w.startswith("B: plugin idle: hook conquest_surcharge") for w in result.warnings)
    data = json.loads(to_json(result))
    assert data["warnings"] == result.warnings
    assert [c["scenario"] for c in data["coverage"]] == ["A", "B"]


def test_cli_coverage_flags(tmp_path):
    result = CliRunner().invoke(main, ["simulate", str(SCENARIOS / "house-market_phase.toml"),
                                       "-n", "2", "--coverage"])
    assert result.exit_code == 0, result.output
    assert "hook implementations" in result.output and "warning:" in result.output
    page = tmp_path / "r.html"
    result = CliRunner().invoke(main, ["compare", str(SCENARIOS / "compare-cardgame-conquest.toml"),
                                       str(SCENARIOS / "house-market_phase.toml"), "-n", "2",
                                       "-w", "1", "--coverage", "--html", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text()
    assert 'id="warnings"' in text and 'class="coverage"' in text


def test_watching_plugins_counts_the_games_they_changed_and_every_hook_the_calls():
    # Watching only the scenario's own plugins asks whether a plugin ever changed the result, so
    # its answers are not probed again in a game once one did (probing restores the game's RNG,
    # which is costly); watching every implementation counts each call that changed it.
    from peloponnes.lab.batch.executors import Job, load_all, play_jobs
    key = ("no_conquest", "count_revealed")
    for watch, changed_per_game in (("plugins", 1), ("all", 8)):
        loaded = load_all([cardgame("no_conquest.py")], watch)
        records = play_jobs(loaded, [Job(0, seed) for seed in range(3)])
        total = Coverage()
        for record in records:
            total.add(record.coverage)
        assert total.hook_calls[key] == 3 * 8          # once per round
        assert total.hook_changed[key] == 3 * changed_per_game


def test_coverage_pickles_and_adds_as_counters_do():
    # Every game's coverage crosses from a worker to the tally: it comes back with its
    # Counters, and adding sums every count.
    import pickle
    from collections import Counter
    a = Coverage(games=1, hook_calls=Counter({("p", "h"): 2}), rules=Counter({"r": 3}),
                 bot_decisions=Counter({(0, "bid"): 4}), owners={"bid": "p"})
    b = pickle.loads(pickle.dumps(a))
    assert b == a and all(type(getattr(b, name)) is Counter for name in
                          ("hook_calls", "hook_changed", "phases", "rules", "bot_decisions",
                           "bot_guesses"))
    b.rules["new"] += 1                      # still counts from zero
    empty = pickle.loads(pickle.dumps(Coverage(games=1)))
    assert empty == Coverage(games=1) and type(empty.phases) is Counter
    total = Coverage().add(a).add(b)
    assert total.games == 2 and total.rules == Counter({"r": 6, "new": 1})
    assert total.hook_calls[("p", "h")] == 4 and total.owners == {"bid": "p"}


def test_a_watched_game_calls_back_at_every_answer_only_when_something_is_counted():
    """Watching the scenario's plugins with random seats counts nothing per decision, so the
    game runs without a call at every answer; heuristic seats (whose guesses are counted) and
    ``--coverage`` (every rule section asked) get one."""
    from peloponnes.core.scenario import Scenario
    from peloponnes.lab.coverage import Watcher
    ruleset, scenario = load_ruleset(cardgame("no_conquest.py"))
    assert Watcher(ruleset).answer_observer(scenario) is None
    heuristic = scenario.with_agents("heuristic")
    assert Watcher(load_ruleset(heuristic)[0]).answer_observer(heuristic) is not None
    every = Watcher(load_ruleset(Scenario.quick("cardgame", 4))[0], every=True)
    assert every.answer_observer(scenario) is not None
    # the heuristic seats' answers are counted as they are with --coverage
    from peloponnes.lab.batch import simulate

    def bot_counts(watch):
        return [(r.coverage.bot_decisions, r.coverage.bot_guesses)
                for r in simulate(heuristic, 2, watch=watch)]
    counted = bot_counts("plugins")
    assert all(sum(decisions.values()) > 0 for decisions, _ in counted)
    assert counted == bot_counts("all")
