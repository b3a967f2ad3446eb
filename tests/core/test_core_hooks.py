"""The core hooks a plugin author is most likely to use, each exercised on the toy ruleset or the
card game: register_variants, list_setup_phases, count_rounds, on_event, view_for_seat,
describe_seat, score_seat, render_view, choose_heuristic, load_components, setup_game,
list_final_phases."""
from peloponnes.agents import make_agents
from peloponnes.core import Decision, Option, Phase, Score, hookimpl
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import discover_variants, load_ruleset
from peloponnes.core.scenario import Scenario

from .toy import toy_ruleset


def test_register_variants_lists_the_card_game():
    variant = discover_variants()["cardgame"]
    assert (variant.min_players, variant.max_players) == (2, 5)


def test_list_setup_phases_can_ask_before_round_one():
    def draft(game):
        answer = yield Decision(0, "draft", "Start with a bonus?",
                                (Option("yes", "yes", 5), Option("no", "no", 0)), "house: draft")
        game.state["totals"][0] += answer.value

    class Draft:
        @hookimpl
        def list_setup_phases(self, game):
            return [Phase("draft", draft, "house: draft")]

    game = Game(toy_ruleset(Draft()), Scenario.quick("toy", 2)).start()
    assert game.round == 0 and game.pending.kind == "draft"
    game.choose("yes")
    assert game.state["totals"][0] == 5 and game.round == 1


def test_count_rounds_setup_game_and_list_final_phases_wrappers():
    class Short:
        @hookimpl
        def count_rounds(self, game):
            return 1

        @hookimpl(wrapper=True)
        def setup_game(self, game):
            yield
            game.state["menu"] = (7,)

        @hookimpl(wrapper=True)
        def list_final_phases(self, game):
            phases = yield
            return [*phases, Phase("bonus", lambda g: g.state["totals"].__setitem__(1, 50), "")]

    game = Game(toy_ruleset(Short()), Scenario.quick("toy", 2))
    play(game, make_agents(game))
    assert [s.value for s in game.result.scores] == [7, 50]


def test_on_event_sees_every_event_in_order():
    seen = []

    class Log:
        @hookimpl
        def on_event(self, game, event):
            seen.append(event.kind)

    game = Game(toy_ruleset(Log()), Scenario.quick("toy", 2))
    play(game, make_agents(game))
    assert seen == [e.kind for e in game.events]
    assert seen[0] == "game_started" and seen[-1] == "game_over"


def test_view_for_seat_score_seat_and_describe_seat_wrappers():
    class Tweaks:
        @hookimpl(wrapper=True)
        def view_for_seat(self, game, seat):
            view = yield
            return {**view, "hint": "hello"}

        @hookimpl(wrapper=True)
        def score_seat(self, game, seat):
            score = yield
            return Score(score.value + 1000, score.tiebreak, score.details)

        @hookimpl
        def describe_seat(self, game, seat):
            return {"colour": ["red", "blue"][seat]}

    game = Game(toy_ruleset(Tweaks()), Scenario.quick("toy", 2))
    play(game, make_agents(game))
    assert game.view(0)["hint"] == "hello"
    assert all(s.value >= 1000 for s in game.result.scores)
    assert game.describe_seat(1) == {"colour": "blue"}


def test_describe_seat_results_are_merged_and_a_later_plugin_wins():
    class Colour:
        @hookimpl
        def describe_seat(self, game, seat):
            return {"colour": ["red", "blue"][seat], "side": "left"}

    class Recolour:
        @hookimpl
        def describe_seat(self, game, seat):
            return {"colour": "green"} if seat == 1 else None

    game = Game(toy_ruleset(Colour(), Recolour()), Scenario.quick("toy", 2))
    play(game, make_agents(game))
    assert game.describe_seat(0) == {"colour": "red", "side": "left"}
    assert game.describe_seat(1) == {"colour": "green", "side": "left"}


def test_render_view_and_choose_heuristic_of_the_card_game():
    ruleset, sc = load_ruleset(Scenario.quick("cardgame", 3, agent="heuristic"))
    game = Game(ruleset, sc).start()
    view = game.view(game.pending.seat)
    assert game.hook.render_view(view=view, layout="compact") is not None
    choice = game.hook.choose_heuristic(view=view, decision=game.pending)
    assert game.pending.option(choice) is not None


def test_load_components_is_asked_once_per_ruleset(tmp_path):
    # a house rule file that counts the calls in a file beside it
    spy = tmp_path / "spy.py"
    spy.write_text(
        "from pathlib import Path\n"
        "from peloponnes.core import hookimpl\n\n"
        "@hookimpl(wrapper=True)\n"
        "def load_components(variant, path):\n"
        "    with open(Path(__file__).with_name('calls.txt'), 'a') as calls:\n"
        "        calls.write(variant.name + '\\n')\n"
        "    return (yield)\n")
    ruleset, _ = load_ruleset(Scenario.quick("cardgame", 2, plugins=(str(spy),)))
    calls = (tmp_path / "calls.txt").read_text().split()
    assert calls == ["cardgame"] and ruleset.components["rules"]["rounds"] == 8
