"""Restricted play: a seat told never to take certain options (a seat's ``forbid`` in a
scenario, ``--forbid`` on simulate and compare) never takes them, whatever its agent; the other
seats and the games without a restriction play as before; bad entries are clear errors, and
entries that do nothing are warnings naming what the seat was asked."""
import json

import pytest
from click.testing import CliRunner

from peloponnes.agents import make_agents
from peloponnes.cli import main
from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario


class Played:
    """A finished game and every answer given in it, as (seat, decision kind, option id)."""

    def __init__(self, game: Game):
        self.game = game
        self.seat_answers: list[tuple[int, str, str]] = []
        self.events = game.events
        play(game, make_agents(game), on_answer=self.answered)

    def answered(self, game, decision, option_id, agent) -> None:
        self.seat_answers.append((decision.seat, decision.kind, option_id))


def played(scenario: Scenario, seeds) -> list[Played]:
    """The games of ``scenario`` with seeds ``seeds``, played to the end."""
    ruleset, scenario = load_ruleset(scenario)
    return [Played(Game(ruleset, scenario, seed=seed)) for seed in seeds]


def restricted(variant: str, agent: str, *forbid: str, players: int = 4) -> Scenario:
    return Scenario.quick(variant, players, agent=agent).with_forbid(0, forbid)


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_a_seat_that_never_bids_on_a_card_only_passes(agent):
    for game in played(restricted("cardgame", agent, "bid_card:card:*"), range(3)):
        own = [option for seat, kind, option in game.seat_answers
               if seat == 0 and kind == "bid_card"]
        others = [option for seat, kind, option in game.seat_answers
                  if seat != 0 and kind == "bid_card"]
        assert own and set(own) == {"pass"}
        assert any(option.startswith("card:") for option in others)


def test_never_trading_luxury_goods_for_food_leaves_no_trade_in_the_log():
    events = [e for game in played(restricted("boardgame", "heuristic", "feed_luxury:[!0]*"),
                                   range(6))
              for e in game.events if e.kind == "luxury_traded" and e.data.get("got") == "food"]
    assert events and {e.data["seat"] for e in events} <= {1, 2, 3}


def test_never_raising_strength_leaves_no_strength_bought_by_that_seat():
    games = played(restricted("heroes", "heuristic", "raise_strength:raise"), range(4))
    bought = {e.data["seat"] for g in games for e in g.events if e.kind == "strength_bought"}
    assert bought and 0 not in bought


def test_a_searching_seat_answers_only_among_the_options_it_may_take():
    scenario = Scenario.from_dict({"variant": "cardgame", "players": [
        {"agent": "mcts", "forbid": ["bid_card:card:*"],
         "mcts": {"iterations": 3, "horizon": 1}},
        {"agent": "random"}]})
    game, = played(scenario, [5])
    own = {option for seat, kind, option in game.seat_answers if seat == 0 and kind == "bid_card"}
    assert own == {"pass"}


def test_a_learned_seat_answers_only_among_the_options_it_may_take(tmp_path, monkeypatch):
    pytest.importorskip("sklearn")
    from peloponnes.agents.learned import store
    from peloponnes.agents.learned.training import Plan, train

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    scenario = restricted("cardgame", "learned", "bid_card:card:*", players=2)
    store.store(train(*load_ruleset(scenario), Plan(games=3)))
    game, = played(scenario, [5])
    own = {option for seat, kind, option in game.seat_answers if seat == 0 and kind == "bid_card"}
    others = {option for seat, kind, option in game.seat_answers
              if seat == 1 and kind == "bid_card"}
    assert own == {"pass"} and others - {"pass"}


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_a_restriction_that_removes_nothing_leaves_the_game_as_it_was(agent):
    plain = played(Scenario.quick("boardgame", 4, agent=agent), range(3))
    never_asked = played(restricted("boardgame", agent, "solo_buy", "build:nothing"), range(3))
    assert [g.seat_answers for g in plain] == [g.seat_answers for g in never_asked]
    assert [g.game.result.scores for g in plain] == [g.game.result.scores for g in never_asked]


def test_a_restricted_game_is_reproducible_and_differs_from_the_free_one():
    first, again = (played(restricted("cardgame", "random", "bid_card:card:*"), [7])[0]
                    for _ in range(2))
    free = played(Scenario.quick("cardgame", 4, agent="random"), [7])[0]
    assert first.seat_answers == again.seat_answers
    assert first.seat_answers != free.seat_answers


def test_forbid_is_a_seat_setting_kept_in_saved_scenarios():
    data = {"variant": "cardgame", "players": [
        {"name": "Ada", "agent": "heuristic", "forbid": ["build:mortgage", "bid_card:card:[45]"]},
        {"name": "Basil"}]}
    scenario = Scenario.from_dict(data)
    assert scenario.players[0].forbid == ("build:mortgage", "bid_card:card:[45]")
    assert Scenario.from_dict(scenario.to_dict()).players == scenario.players
    assert "forbid" not in scenario.to_dict()["players"][1]


@pytest.mark.parametrize("entry", ["", ":mortgage", "build:", "bid card"])
def test_a_malformed_forbid_entry_is_an_error_naming_the_seat_and_entry(entry):
    data = {"variant": "cardgame", "players": [{"forbid": ["build", entry]}, {}]}
    with pytest.raises(ConfigError) as caught:
        Scenario.from_dict(data, where="mine.toml")
    assert "mine.toml: players[0].forbid[1]" in str(caught.value)
    assert "KIND" in str(caught.value)


def test_a_pattern_with_an_unclosed_set_is_an_error_not_a_pattern_that_matches_nothing():
    data = {"variant": "cardgame", "players": [{"forbid": ["bid_card:card:["]}, {}]}
    with pytest.raises(ConfigError) as caught:
        Scenario.from_dict(data, where="mine.toml")
    assert "players[0].forbid[0]" in str(caught.value) and "no ']' closes" in str(caught.value)


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_simulate_forbid_tells_how_often_the_seat_was_restricted_and_forced():
    result = run("simulate", "cardgame-4p", "-n", "3", "--agent", "random", "--forbid",
                 "bid_card")
    assert result.exit_code == 0, result.output
    note = " ".join(result.stderr.split())
    assert "Ada never takes bid_card: in 20 trial games" in note
    assert "every option was forbidden and it chose among all (bid_card" in note
    assert "Ada never bid_card" in result.stdout


def test_a_forbidden_kind_never_asked_is_a_warning_naming_the_kinds_asked():
    result = run("simulate", "cardgame-4p", "-n", "2", "--forbid", "bulid:mortgage",
                 "--forbid", "build:mortage")
    assert result.exit_code == 0, result.output
    warned = " ".join(result.stderr.split())
    assert "warning: Ada forbids 'bulid:mortgage', but no 'bulid' decision was asked" in warned
    assert "(kinds asked: bid_amount, bid_card," in warned and " build, " in warned
    assert ("warning: Ada forbids 'build:mortage', which matched none of the 'build' options"
            " offered in 20 trial games (build, mortgage)") in warned


@pytest.mark.parametrize("args, message", [
    (["simulate", "cardgame-4p", "--forbid", "bid card"], "--forbid 'bid card': write KIND"),
    (["simulate", "cardgame-4p", "--forbid", "build", "--forbid-seat", "5"], "no seat 5"),
    (["simulate", "cardgame-4p", "--forbid-seat", "2"], "--forbid-seat needs --forbid"),
    (["compare", "cardgame-4p", "cardgame-3p", "--forbid", "build"], "give one SCENARIO"),
])
def test_bad_forbid_options_are_one_line_errors(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output


def test_compare_forbid_plays_the_scenario_against_its_restricted_twin(tmp_path):
    out = tmp_path / "worth.json"
    result = run("compare", "boardgame-4p", "-n", "12", "-w", "1", "--agent", "heuristic",
                 "--forbid", "feed_luxury:[!0]*", "--forbid-seat", "2", "--json", str(out))
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    names = [s["name"] for s in report["scenarios"]]
    assert names[0] == "Board game, 4 players"
    assert names[1] == "Board game, 4 players, Basil never feed_luxury:[!0]*"
    assert "forbidden options: Basil nothing -> feed_luxury:[!0]*" in report["rules_diff"][0][
        "lines"]
    assert "Basil never takes feed_luxury:[!0]*" in " ".join(result.stderr.split())
