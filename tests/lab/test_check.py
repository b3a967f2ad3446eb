"""`peloponnes check`: where the rules break, each finding with its shortest game and the
command that replays it; exit code 1 when something is found."""
import json
import shlex

from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.core import engine
from peloponnes.core.errors import PluginError
from peloponnes.core.plugins import load_ruleset
from peloponnes.lab.check import BOTS, run_check
from peloponnes.lab.simulate import run_game
from tests.compare.helpers import SCENARIOS, cardgame, write_plugin

# A house rule written wrong twice: each round it asks seat 1 a question with one answer (the
# engine takes it: no choice), and its conquest surcharge is the rules' own.
ROLL_CALL = '''from peloponnes.core import Decision, Option, Phase, insert_phase_after

RULE = "house rule: roll call"


def roll_call(game):
    yield Decision(0, "roll_call", "Present?", (Option("here", "Here"),), RULE)


@hookimpl(wrapper=True)
def list_round_phases(game):
    return insert_phase_after((yield), "income", Phase("roll_call", roll_call, RULE))


@hookimpl
def conquest_surcharge(game, seat):
    return 3
'''

# Breaks the game's invariants from round 4 on: every game fails, each after its own number
# of decisions.
ROUND_FOUR = '''@hookimpl
def check_invariants(game):
    return ["round 4 began"] if game.round >= 4 else []
'''

# A phase that never ends: a two-option question asked forever.
ENDLESS = '''from peloponnes.core import Decision, Option, Phase, insert_phase_after


def again(game):
    while True:
        yield Decision(0, "again", "Again?", (Option("yes", "Yes"), Option("no", "No")), "loop")


@hookimpl(wrapper=True)
def list_round_phases(game):
    return insert_phase_after((yield), "income", Phase("again", again, "loop"))
'''

# Every seat scores 0 with no tiebreak: every game ends tied, with every seat a winner.
ALL_TIED = '''from peloponnes.core import Score


@hookimpl(wrapper=True)
def score_seat(game, seat):
    return Score(0, (), (yield).details)
'''


def _scenario_file(folder, plugin: str, players: int = 3):
    path = folder / "checked.toml"
    path.write_text(f'name = "checked"\nvariant = "cardgame"\nseed = 1\nplugins = ["{plugin}"]\n'
                    + "".join(f'\n[[players]]\nname = "P{i}"\nagent = "random"\n'
                              for i in range(players)))
    return path


def _check(args):
    return CliRunner().invoke(main, ["check", *args], catch_exceptions=False)


def test_a_rule_that_never_offers_a_choice_and_a_hook_that_changes_nothing_are_found(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    scenario = _scenario_file(tmp_path, write_plugin(tmp_path, "roll_call", ROLL_CALL))
    result = _check([str(scenario), "-n", "3", "--trust", "--json", "report.json"])
    assert result.exit_code == 1, result.output
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["clean"] is False and report["games_played"] == 3 * len(BOTS)
    by_kind = {}
    for finding in report["findings"]:
        by_kind.setdefault(finding["kind"], []).append(finding)
    forced = [f for f in by_kind["always_forced"] if "'roll_call'" in f["message"]]
    assert len(forced) == 1 and "never offers a choice" in forced[0]["message"]
    assert forced[0]["games"] == 6 and forced[0]["bot"] in BOTS and forced[0]["seed"] in (1, 2, 3)
    assert any("hook conquest_surcharge" in f["message"] and "never answered differently"
               in f["message"] for f in by_kind["plugin_hook"])
    rows = {row["kind"]: row for row in report["information"]["decisions"]}
    assert rows["roll_call"]["forced"] == rows["roll_call"]["asked"] == 6 * 8
    assert rows["roll_call"]["options_seen"] == ["here"]
    assert "a rule asks but never offers a choice" in result.output
    assert "peloponnes replay" in result.output and "finding" in result.output
    # the replay command given replays the saved game
    replay = shlex.split(forced[0]["replay"])
    assert replay[:2] == ["peloponnes", "replay"] and "--trust" in replay
    replayed = CliRunner().invoke(main, replay[1:])
    assert replayed.exit_code == 0, replayed.output
    assert "wins" in replayed.output or "tie" in replayed.output.lower()


def test_a_broken_invariant_is_shown_by_the_game_that_breaks_it_soonest(tmp_path):
    sc = cardgame(write_plugin(tmp_path, "round_four", ROUND_FOUR), players=3)
    report = run_check(sc, 3, folder=tmp_path / "saves")
    broken = [f for f in report.findings if f.kind == "invariant"]
    assert len(broken) == 1 and broken[0].games == 3 * len(BOTS)
    assert report.failed == 6 and report.finished == 0 and not report.clean
    # the shortest of the six failed games, found by playing each of them here
    ruleset, completed = load_ruleset(sc)
    lengths = []
    for bot in BOTS:
        for seed in (1, 2, 3):
            try:
                run_game(ruleset, completed, seed, agent=bot, check="decision")
            except PluginError as exc:
                lengths.append((exc.game.decisions, seed, bot))
    assert (broken[0].decisions, broken[0].seed, broken[0].bot) == min(lengths)
    assert (tmp_path / "saves").joinpath(broken[0].save.rsplit("/", 1)[-1]).is_file()
    assert "round 4 began" in broken[0].message


def test_a_loop_is_stopped_by_the_guard_and_reported(tmp_path, monkeypatch):
    monkeypatch.setattr(engine, "MAX_DECISIONS", 300)
    sc = cardgame(write_plugin(tmp_path, "endless", ENDLESS), players=3)
    report = run_check(sc, 1, folder=tmp_path / "saves")
    loops = [f for f in report.findings if f.kind == "loop"]
    assert len(loops) == 1 and loops[0].games == len(BOTS) and loops[0].save
    assert "more than 300 decisions" in loops[0].message
    data = report.to_dict()
    assert data["findings"][0]["replay"] == f"peloponnes replay {loops[0].save}"


def test_ties_left_unresolved_are_information_with_their_shortest_game(tmp_path):
    sc = cardgame(write_plugin(tmp_path, "all_tied", ALL_TIED), players=3)
    report = run_check(sc, 2, folder=tmp_path / "saves")
    assert report.ties is not None and report.ties.games == 2 * len(BOTS)
    assert report.ties.save and report.ties.bot in BOTS
    assert all(f.kind != "tie" for f in report.findings)
    assert report.to_dict()["information"]["ties"]["replay"].startswith("peloponnes replay ")


def test_the_report_is_the_same_for_any_number_of_workers(tmp_path):
    sc = cardgame(write_plugin(tmp_path, "roll_call", ROLL_CALL), players=3)

    def without_saves(report):
        data = report.to_dict()
        for finding in [*data["findings"], data["information"]["ties"] or {}]:
            finding.pop("save", None)
            finding.pop("replay", None)
        return data

    one = run_check(sc, 3, workers=1, folder=tmp_path / "one")
    two = run_check(sc, 3, workers=2, folder=tmp_path / "two")
    assert without_saves(one) == without_saves(two)
    assert [f.save.rsplit("/", 1)[-1] for f in one.findings] == [
        f.save.rsplit("/", 1)[-1] for f in two.findings]


def test_a_shipped_scenario_reports_its_census_and_exits_as_it_finds(tmp_path, monkeypatch):
    # The shipped rules may have findings in a few games (a decision that happened to be forced
    # every time): the report's shape and its exit code are what is asserted here.
    monkeypatch.chdir(tmp_path)
    result = _check([str(SCENARIOS / "cardgame-4p.toml"), "-n", "2", "--json", "-"])
    report = json.loads(result.stdout)
    assert result.exit_code == (1 if report["findings"] else 0)
    assert report["games_failed"] == 0 and report["games_finished"] == 2 * len(BOTS)
    assert {"bid_card", "bid_amount"} <= {row["kind"] for row in report["information"]["decisions"]}
    assert all(f["kind"] == "always_forced" and f["replay"] for f in report["findings"])
    assert set(report["information"]) == {"ties", "decisions", "declared_kinds_never_asked",
                                          "hooks_never_called"}
