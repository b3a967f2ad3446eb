"""The engine on its own, with a toy ruleset: the step API, auto-answered single options,
illegal answers, phases changed by wrappers, determinism, agents and error attribution."""
import signal

import pytest

from peloponnes.agents import RandomAgent, make_agents
from peloponnes.core import IllegalAnswer, Option, Phase, PluginError, hookimpl, insert_phase_after
from peloponnes.core.containment import TimeLimit, time_limit
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.scenario import Scenario

from .toy import toy_ruleset


def scenario(players=2, seed=7):
    return Scenario.quick("toy", players, seed=seed)


def test_options_are_immutable_values():
    # an Option is an immutable value: rules share options between decisions and games
    import pickle
    option = Option("card:2", "Temple [open; from 3]", {"id": 7}, key="3")
    assert option == Option("card:2", "Temple [open; from 3]", {"id": 7}, "3")
    assert (Option("a", "b").value, Option("a", "b").key) == (None, "")
    assert hash(Option("pass", "Pass")) == hash(Option("pass", "Pass"))
    with pytest.raises(AttributeError):
        option.id = "card:3"
    with pytest.raises(AttributeError):
        option.extra = 1            # nor can a field be added
    assert pickle.loads(pickle.dumps(option)) == option
    assert option._replace(key="4") == Option("card:2", "Temple [open; from 3]", {"id": 7}, "4")
    assert repr(Option("a", "b", 1)) == "Option(id='a', label='b', value=1, key='')"


def test_emit_logs_the_event_with_its_round_fields_and_rule():
    import pickle

    from peloponnes.core.decisions import Event
    game = Game(toy_ruleset(), scenario()).start()
    game.round = 3
    event = game.emit("picked", "toy: rule", seat=1, value=2)
    assert isinstance(event, Event) and event is game.events[-1]
    assert event == Event(event.seq, 3, "picked", {"seat": 1, "value": 2}, "toy: rule")
    assert event.as_dict() == {"seq": event.seq, "round": 3, "kind": "picked", "seat": 1,
                               "value": 2, "rule": "toy: rule"}
    assert pickle.loads(pickle.dumps(event)) == event


def test_emit_takes_its_rule_as_a_keyword_too_and_refuses_fields_named_kind_or_rule():
    # kind and rule are positional-only, so every other keyword is a field; a call naming the
    # rule still works, and a field named kind is refused
    game = Game(toy_ruleset(), scenario()).start()
    event = game.emit("picked", rule="toy: rule", seat=1)
    assert (event.kind, event.rule, event.data) == ("picked", "toy: rule", {"seat": 1})
    assert game.emit("plain").rule == "" and game.events[-1].data == {}
    with pytest.raises(TypeError, match="multiple values for argument 'rule'"):
        game.emit("picked", "toy: rule", rule="other")
    with pytest.raises(TypeError, match="multiple values for argument 'kind'"):
        game.emit("picked", "toy: rule", kind="other")
    with pytest.raises(TypeError):
        game.emit(kind="picked")


def test_os_exit_is_refused_for_the_whole_of_play_and_put_back_after():
    # play() refuses os._exit once for its game (the rules and the bots between them);
    # the step API still refuses it around each step, and both put the real one back
    import os

    from peloponnes.core.containment import refused_exit
    real = os._exit
    seen = []

    class Watching(RandomAgent):
        def pick(self, decision):
            seen.append(os._exit is refused_exit)
            return super().pick(decision)

    game = Game(toy_ruleset(), scenario())
    play(game, [Watching("a"), Watching("b")])
    assert seen and all(seen) and os._exit is real
    game = Game(toy_ruleset(), scenario()).start()
    game.choose(game.pending.options[0].id)
    assert os._exit is real


def test_step_api_pending_and_choose():
    game = Game(toy_ruleset(), scenario()).start()
    assert game.pending.kind == "pick" and game.pending.seat == 0
    game.choose("3")
    assert game.pending.seat == 1
    game.choose("1")
    assert game.round == 2
    while game.pending is not None:
        game.choose("2")
    assert game.finished
    assert [s.value for s in game.result.scores] == [3 + 2 + 2, 1 + 2 + 2]
    assert game.result.winners == [0]


def test_single_option_decisions_are_taken_without_asking():
    game = Game(toy_ruleset(), scenario())
    play(game, make_agents(game))
    assert game.state["forced"] == 3            # one per round, never in game.answers
    assert game.decisions == len(game.answers) == 6


def test_illegal_answer_names_the_rule_and_the_options():
    game = Game(toy_ruleset(), scenario()).start()
    with pytest.raises(IllegalAnswer, match=r"'9' is not an option.*toy: Pick.*offered: 1, 2, 3"):
        game.choose("9")
    game.choose("1")                            # the game goes on


def test_give_takes_only_the_pending_decisions_own_options():
    game = Game(toy_ruleset(), scenario()).start()
    offered = game.pending.options[1]
    lookalike = Option(offered.id, offered.label, offered.value, offered.key)
    with pytest.raises(IllegalAnswer, match="not an option of the pending decision"):
        game.give(lookalike)                   # equal, but not one the decision offered
    given = Game(toy_ruleset(), scenario()).start()
    given.give(given.pending.options[1])
    game.choose(offered.id)
    assert given.answers == game.answers and given.state == game.state


def test_answer_after_the_end_is_refused():
    game = Game(toy_ruleset(), scenario())
    play(game, make_agents(game))
    with pytest.raises(IllegalAnswer, match="game is over"):
        game.choose("1")


def test_same_seed_same_game():
    logs = []
    for _ in range(2):
        game = Game(toy_ruleset(), scenario(seed=3))
        play(game, make_agents(game))
        logs.append(([e.as_dict() for e in game.events], game.state["shuffled"]))
    assert logs[0] == logs[1]
    other = Game(toy_ruleset(), scenario(seed=4)).start()
    assert other.state["shuffled"] != logs[0][1]


def test_random_agent_is_seeded_and_only_answers_offered_options():
    game = Game(toy_ruleset(), scenario()).start()
    a, b = RandomAgent("s"), RandomAgent("s")
    picks = [a.choose(None, game.pending) for _ in range(20)]
    assert picks == [b.choose(None, game.pending) for _ in range(20)]
    assert set(picks) <= {"1", "2", "3"}


def test_random_agent_draws_as_random_choice_does():
    # a random seat's picks are those of ``random.Random(seed).choice``: recorded games replay
    import random

    from peloponnes.core.decisions import Decision, Option
    agent, reference = RandomAgent("seed"), random.Random("seed")
    for size in (1, 2, 3, 7, 35, 48):
        decision = Decision(0, "k", "?", tuple(Option(str(i), str(i)) for i in range(size)))
        for _ in range(50):
            assert agent.choose(None, decision) == reference.choice(decision.options).id
    assert agent.rng.getstate() == reference.getstate()


class AddPhase:
    @hookimpl(wrapper=True)
    def list_round_phases(self, game):
        phases = yield
        return [*phases, Phase("bonus", lambda g: g.state["totals"].__setitem__(0, 100), "x")]


class RemovePick:
    @hookimpl(wrapper=True)
    def list_round_phases(self, game):
        phases = yield
        return [p for p in phases if p.name != "pick"]


def test_a_wrapper_adds_a_phase():
    game = Game(toy_ruleset(AddPhase()), scenario())
    play(game, make_agents(game))
    assert game.result.scores[0].value == 100


def test_a_wrapper_removes_a_phase():
    game = Game(toy_ruleset(RemovePick()), scenario()).start()
    assert game.finished and game.decisions == 0


class ReturnedSteps:
    """A phase that is a plain function returning another generator's steps (what a bidding
    phase does with the shared auction's)."""
    @hookimpl(wrapper=True)
    def list_round_phases(self, game):
        from .toy import pick

        def returns_pick(game):
            return pick(game)
        phases = yield
        return [p if p.name != "pick" else Phase("pick", returns_pick, p.rule) for p in phases]


def test_a_phase_may_return_the_steps_of_another_generator():
    plain = Game(toy_ruleset(), scenario())
    play(plain, make_agents(plain))
    returned = Game(toy_ruleset(ReturnedSteps()), scenario())
    play(returned, make_agents(returned))
    assert returned.answers == plain.answers and returned.decisions == plain.decisions > 0
    assert [s.value for s in returned.result.scores] == [s.value for s in plain.result.scores]
    assert [e.as_dict() for e in returned.events] == [e.as_dict() for e in plain.events]


def test_metrics_merge_and_invariants_hook():
    class Extra:
        @hookimpl
        def collect_metrics(self, game):
            return {"extra": 1}

    game = Game(toy_ruleset(Extra()), scenario())
    play(game, make_agents(game))
    metrics = game.metrics()
    assert metrics["total"] == sum(game.state["totals"]) and metrics["extra"] == 1
    scores = [s.value for s in game.result.scores]
    # the generic metrics every game has (core.metrics), computed by hand
    assert metrics["rounds"] == 3 and metrics["decisions"] == game.decisions == 6
    assert metrics["winner_score"] == max(scores) and metrics["mean_score"] == sum(scores) / 2
    assert metrics["winning_margin"] == abs(scores[0] - scores[1])
    assert [metrics["win_seat1"], metrics["win_seat2"]] == (
        [0.5, 0.5] if scores[0] == scores[1] else [float(s == max(scores)) for s in scores])
    assert "first_player_win" not in metrics           # the toy has no initial_turn_order
    assert game.invariant_violations() == []
    game.state["totals"][0] = -1
    assert game.hook.check_invariants(game=game) == [["negative total"]]


def test_initial_turn_order_is_asked_once_before_round_1_and_gives_first_player_win():
    calls = []

    class SecondSeatFirst:
        @hookimpl
        def initial_turn_order(self, game):
            calls.append(game.round)
            return [1, 0]

    game = Game(toy_ruleset(SecondSeatFirst()), scenario())
    assert game.initial_turn_order is None
    play(game, make_agents(game))
    assert calls == [0] and game.initial_turn_order == [1, 0]
    metrics = game.metrics()
    assert metrics["first_player_win"] == metrics["win_seat2"]
    plain = Game(toy_ruleset(), scenario())
    play(plain, make_agents(plain))
    assert plain.initial_turn_order is None


@pytest.mark.parametrize("order", [[0, 0], [0, 5], "01", [], [True, False]])
def test_a_bad_initial_turn_order_is_a_plugin_error(order):
    class Bad:
        @hookimpl
        def initial_turn_order(self, game):
            return order

    with pytest.raises(PluginError, match="initial_turn_order returned"):
        Game(toy_ruleset(Bad()), scenario()).start()


def test_an_exception_in_a_plugin_becomes_a_plugin_error_naming_plugin_hook_and_rule():
    class Broken:
        @hookimpl(wrapper=True)
        def list_round_phases(self, game):
            phases = yield
            return [Phase("boom", self.boom, "house rule: boom"), *phases]

        def boom(self, game):
            raise ZeroDivisionError("no")

    ruleset = toy_ruleset(Broken())
    with pytest.raises(PluginError) as info:
        Game(ruleset, scenario()).start()
    err = info.value
    assert err.plugin == "extra0"
    assert err.hook == "phase boom"
    assert err.rule == "house rule: boom"
    assert "ZeroDivisionError" in str(err)


def test_human_seats_need_an_interface():
    game = Game(toy_ruleset(), Scenario.quick("toy", 2, agent="human"))
    with pytest.raises(Exception, match="human player"):
        make_agents(game)
    agents = make_agents(game, ask=lambda view, decision: decision.options[-1].id)
    play(game, agents)
    assert game.result.scores[0].value == 9


def test_insert_phase_after_a_named_phase_or_at_the_end():
    first, second, new = Phase("a", print), Phase("b", print), Phase("new", print)
    assert [p.name for p in insert_phase_after([first, second], "a", new)] == ["a", "new", "b"]
    assert [p.name for p in insert_phase_after([first, second], "zz", new)] == ["a", "b", "new"]
    assert [p.name for p in insert_phase_after(None, "a", new)] == ["new"]


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no SIGALRM timers here")
def test_time_limit_stops_a_loop_and_puts_the_previous_handler_back():
    before = signal.getsignal(signal.SIGALRM)
    with pytest.raises(TimeLimit, match="the loop ran longer than 0.2 s"):
        with time_limit(0.2, "the loop"):
            while True:
                pass
    assert signal.getsignal(signal.SIGALRM) == before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with time_limit(30, "outer") as outer, time_limit(1, "inner") as inner:
        assert outer.armed and not inner.armed      # a limit inside a running one adds none
    assert signal.getsignal(signal.SIGALRM) == before


@pytest.mark.parametrize("variant", ["cardgame", "heroes"])
def test_bots_answered_inside_the_engine_play_the_game_one_step_at_a_time_plays(variant):
    # with nothing to call between decisions, play() lets Game._advance answer the pickers'
    # decisions itself; watching every decision goes one step at a time: the same game
    from peloponnes.core.plugins import load_ruleset
    ruleset, quick = load_ruleset(Scenario.quick(variant, 4))
    watched = []
    games = []
    for after in (None, watched.append):
        game = Game(ruleset, quick, seed=11)
        games.append(play(game, make_agents(game, override="random"), after_decision=after))
    inside, stepped = games
    assert len(watched) == stepped.decisions > 50
    assert inside.answers == stepped.answers and inside.forced == stepped.forced
    assert [e.as_dict() for e in inside.events] == [e.as_dict() for e in stepped.events]
    assert (inside.options_offered, inside.options_max) == (stepped.options_offered,
                                                            stepped.options_max)
    assert [s.value for s in inside.result.scores] == [s.value for s in stepped.result.scores]


def test_a_bot_that_picks_and_a_seat_that_is_asked_share_a_game_and_os_exit_is_put_back():
    # seat 0 a random bot (answered inside the engine), seat 1 asked at each of its decisions,
    # as a person at the table is
    import os
    real = os._exit

    class Asked:
        needs_view = False

        def __init__(self):
            self.seats = []

        def choose(self, view, decision):
            self.seats.append(decision.seat)
            return decision.options[-1].id

    asked = Asked()
    game = play(Game(toy_ruleset(), scenario()), [RandomAgent("seat 1"), asked])
    assert game.finished and asked.seats and set(asked.seats) == {1}
    assert len(asked.seats) < game.decisions        # seat 0 decided too
    assert os._exit is real
