"""The hook relay (core.hookrelay) calls hooks exactly as pluggy does: same results, same
exceptions, same call order, for any mix of plain implementations and wrappers, positionally or
with keywords, with the same result checks blaming the same plugin; and games played through it
are the games pluggy plays."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import pluggy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from peloponnes.core.hookrelay import RelayPluginManager
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.results import install_checks, returns
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import play_game
from peloponnes.lab.compare import compare, prepare, result_dict
from peloponnes.lab.simulate import run_game

hookspec = pluggy.HookspecMarker("relaytest")
hookimpl = pluggy.HookimplMarker("relaytest")


class Specs:
    @hookspec(firstresult=True)
    def first(self, x, y):
        """First result wins."""

    @hookspec
    def every(self, x, y):
        """Every result, in a list."""

    @hookspec(firstresult=True)
    @returns(int, max=14)
    def first_checked(self, x, y):
        """First result wins; it must be an int up to 14."""

    @hookspec
    @returns(int, max=14, each=True)
    def every_checked(self, x, y):
        """Every result, each an int up to 14."""

    @hookspec
    def bare(self):
        """No arguments at all."""


class Boom(Exception):
    pass


# What an implementation does: ("value", n) returns x + n; ("none",) returns None; ("raise",)
# raises Boom; ("stop",) raises StopIteration (which pluggy treats specially in wrappers).
PLAIN = st.one_of(st.tuples(st.just("value"), st.integers(0, 9)), st.just(("none",)),
                  st.just(("raise",)), st.just(("stop",)))
# What a wrapper does around the inner result.
WRAP = st.sampled_from(["pass", "add", "replace_error", "raise", "reraise_other", "no_yield",
                        "second_yield", "swallow_to_none"])
ORDER = st.sampled_from([{}, {"tryfirst": True}, {"trylast": True}])


def make_plain(behaviour, opts, log, name, hook_name):
    @hookimpl(specname=hook_name, **opts)
    def impl(x):               # takes only x: each implementation gets just what it declares
        log.append(name)
        if behaviour[0] == "raise":
            raise Boom(name)
        if behaviour[0] == "stop":
            raise StopIteration(name)
        return None if behaviour[0] == "none" else x + behaviour[1]
    return impl


def make_wrapper(behaviour, opts, log, name, hook_name):
    @hookimpl(specname=hook_name, wrapper=True, **opts)
    def wrapper(x, y):
        log.append(f"{name}>")
        if behaviour == "no_yield":
            return
        try:
            result = yield
        except Boom as error:
            if behaviour == "replace_error":
                return f"{name} caught {error}"
            if behaviour == "reraise_other":
                raise ValueError(f"{name} saw {error}") from error
            raise
        log.append(f"<{name}")
        if behaviour == "add":
            return [result, name]
        if behaviour == "raise":
            raise Boom(f"{name} after")
        if behaviour == "second_yield":
            yield
        if behaviour == "swallow_to_none":
            return None
        return result
    return wrapper


def make_old_style(behaviour, opts, log, name, hook_name):
    @hookimpl(specname=hook_name, hookwrapper=True, **opts)
    def old_style(x):
        log.append(f"{name}>")
        yield
        log.append(f"<{name}")
    return old_style


MAKERS = {"plain": make_plain, "wrapper": make_wrapper, "old": make_old_style}


def build(managers, plan, hook_name):
    """Register the same plugins, in the same order, in each manager; return their logs."""
    logs = []
    for pm in managers:
        log = []
        for i, (kind, behaviour, opts) in enumerate(plan):
            plugin = type(f"P{i}", (), {hook_name: staticmethod(
                MAKERS[kind](behaviour, opts, log, f"{kind}{i}", hook_name))})
            pm.register(plugin(), name=f"p{i}")
        logs.append(log)
    return logs


def outcome(call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return ("ok", call())
        except Exception as error:  # noqa: BLE001 - comparing whatever was raised
            # (the message up to a wrapper's file name; the plugin a PluginError blames)
            return ("error", type(error).__name__, str(error).split(" at ")[0],
                    getattr(error, "plugin", None))


def managers():
    plain, relayed = pluggy.PluginManager("relaytest"), RelayPluginManager("relaytest")
    for pm in (plain, relayed):
        pm.add_hookspecs(Specs)
    return plain, relayed


IMPLEMENTATION = st.one_of(st.tuples(st.just("plain"), PLAIN, ORDER),
                           st.tuples(st.just("wrapper"), WRAP, ORDER))
WITH_OLD_STYLE = st.one_of(IMPLEMENTATION, st.tuples(st.just("old"), st.just(None), ORDER))


def same_calls(plan, hook_name, checked=False):
    """The outcome and the calls of ``hook_name`` through pluggy and through two relays, called
    with keywords and positionally, with the plugins of ``plan`` registered."""
    (plain, relayed), twin = managers(), managers()[1]
    log_plain, log_relayed, log_twin = build([plain, relayed, twin], plan, hook_name)
    if checked:
        for pm in (plain, relayed, twin):
            install_checks(pm, lambda impl: impl.plugin_name)
    expected = outcome(lambda: getattr(plain.hook, hook_name)(x=10, y=1))
    assert outcome(lambda: getattr(relayed.relay, hook_name)(x=10, y=1)) == expected
    assert log_relayed == log_plain          # same implementations called, in the same order
    assert outcome(lambda: getattr(twin.positional, hook_name)(10, 1)) == expected
    assert log_twin == log_plain
    return expected


@settings(max_examples=300, deadline=None)
@given(plan=st.lists(WITH_OLD_STYLE, max_size=5), hook_name=st.sampled_from(["first", "every"]))
def test_relay_matches_pluggy_for_any_mix_of_implementations_and_wrappers(plan, hook_name):
    same_calls(plan, hook_name)


@settings(max_examples=200, deadline=None)
@given(plan=st.lists(IMPLEMENTATION, max_size=4),
       hook_name=st.sampled_from(["first_checked", "every_checked"]))
def test_relay_checks_result_contracts_as_pluggys_call_path_does(plan, hook_name):
    # results 10..19 (and wrappers' lists and texts) against "an int up to 14": the same
    # results pass, and the same bad ones raise the same PluginError naming the same plugin
    same_calls(plan, hook_name, checked=True)


def test_a_bad_result_names_the_plugin_that_gave_it():
    plan = [("plain", ("value", 1), {}), ("plain", ("value", 9), {})]    # 19 is called first
    assert same_calls(plan, "first_checked", checked=True) == (
        "error", "PluginError", "first_checked returned 19: must be", "p1")


def nested_calls(pm, hook_of) -> tuple:
    """A wrapped hook whose implementation calls it again, three deep, with a wrapper that fails
    at depth 1 when ``y`` is 99: the outcomes of three calls and the log."""
    log = []

    class Inner:
        @hookimpl(specname="first")
        def first(self, x, y):
            log.append(f"plain {x}")
            return 0 if x == 0 else hook(x=x - 1, y=y) + 1

    class Outer:
        @hookimpl(specname="first", wrapper=True)
        def first(self, x, y):
            log.append(f"wrapper {x}>")
            result = yield
            if x == 1 and y == 99:
                raise Boom("at depth 1")
            log.append(f"<wrapper {x}")
            return result * 10

    pm.register(Inner())
    pm.register(Outer())
    hook = hook_of(pm)
    return (outcome(lambda: hook(x=3, y=0)), outcome(lambda: hook(x=2, y=99)),
            outcome(lambda: hook(x=3, y=0)), log)


def test_a_wrapped_hook_called_again_inside_its_own_call_behaves_as_in_pluggy():
    plain, relayed = managers()
    expected = nested_calls(plain, lambda pm: pm.hook.first)
    assert nested_calls(relayed, lambda pm: pm.relay.first) == expected
    first, failed, again, _ = expected
    assert first == again == ("ok", 1110) and failed == ("error", "Boom", "at depth 1", None)


def test_a_plugin_registered_later_takes_part_from_the_next_call():
    plain, relayed = managers()
    build([relayed], [("plain", ("value", 1), {})], "first")
    assert relayed.relay.first(x=1, y=0) == relayed.positional.first(1, 0) == 2

    class Later:
        @hookimpl
        def first(self, x):
            return 100
    later = Later()
    relayed.register(later)
    assert relayed.relay.first(x=1, y=0) == 100          # registered last: called first
    assert relayed.positional.first(1, 0) == 100
    relayed.unregister(later)
    assert relayed.relay.first(x=1, y=0) == relayed.positional.first(1, 0) == 2


def registering(pm, late):
    """A plugin whose ``every`` registers ``late`` in ``pm`` (once)."""
    class Registering:
        @hookimpl
        def every(self, x):
            if not pm.is_registered(late):
                pm.register(late)
            return x
    return Registering()


def test_a_plugin_registered_during_a_call_takes_part_from_the_next_call():
    plain, relayed = managers()
    for pm in (plain, relayed):
        late = type("Late", (), {"every": staticmethod(hookimpl(lambda x: "late"))})()
        pm.register(registering(pm, late))
    assert relayed.relay.every(x=1, y=0) == plain.hook.every(x=1, y=0) == [1]
    assert relayed.relay.every(x=1, y=0) == plain.hook.every(x=1, y=0) == ["late", 1]


def test_missing_and_extra_arguments_behave_as_in_pluggy():
    plain, relayed = managers()
    build([plain, relayed], [("plain", ("value", 1), {})], "every")
    assert relayed.relay.every(x=1, y=2, unknown=3) == plain.hook.every(x=1, y=2, unknown=3)
    for pm_call in (plain.hook.every, relayed.relay.every):
        with pytest.raises(pluggy.HookCallError), pytest.warns(UserWarning):
            pm_call(y=2)
        with pytest.warns(UserWarning):
            assert pm_call(x=2) == [3]               # the implementation needs x only


def test_a_hook_without_arguments_is_called_as_pluggy_calls_it():
    plain, relayed = managers()
    for pm in (plain, relayed):
        pm.register(type("Bare", (), {"bare": staticmethod(hookimpl(specname="bare")(
            lambda: "here"))})())
    assert relayed.relay.bare() == relayed.relay.bare(extra=1) == plain.hook.bare() == ["here"]
    assert relayed.positional.bare() == ["here"]


def test_hooks_of_any_name_are_called_as_pluggy_calls_them():
    # a house rule's spec may be named as a Python keyword ("lambda", set on the spec class by
    # name) or as a method of some namespace ("clear"); registering it leaves the relay working
    specs = type("OddSpecs", (), {"lambda": hookspec(firstresult=True)(lambda x: None),
                                  "clear": hookspec(lambda x: None)})
    plugin = type("OddPlugin", (), {"lambda": staticmethod(hookimpl(lambda x: x + 1)),
                                    "clear": staticmethod(hookimpl(lambda x: x))})
    plain, relayed = managers()
    assert relayed.relay.every(x=1, y=0) == []
    for pm in (plain, relayed):
        pm.add_hookspecs(specs)
        pm.register(plugin())
    assert getattr(relayed.relay, "lambda")(x=1) == getattr(plain.hook, "lambda")(x=1) == 2
    assert relayed.relay.clear(x=5) == plain.hook.clear(x=5) == [5]
    assert relayed.positional.clear(6) == [6]
    relayed.register(type("Another", (), {})())         # a change: the relay still works
    assert relayed.relay.every(x=1, y=0) == [] and relayed.relay.clear(x=7) == [7]
    assert relayed.relay.first(x=1, y=2) is None        # no implementation: first result None


def test_a_call_monitor_sees_every_call_while_it_is_on():
    _, relayed = managers()
    build([relayed], [("plain", ("value", 1), {}), ("wrapper", "add", {})], "every")
    calls = []
    undo = relayed.add_hookcall_monitoring(lambda name, impls, kwargs: calls.append(name),
                                           lambda *args: None)
    assert relayed.relay.every(x=1, y=0) == [[2], "wrapper1"]
    assert relayed.positional.first(1, 0) is None
    assert calls == ["every", "first"]           # pluggy ran both calls
    undo()
    assert relayed.relay.every(x=1, y=0) == [[2], "wrapper1"]
    assert calls == ["every", "first"]           # off: the relay calls them again


def test_a_historic_hook_is_pluggys_to_call():
    class History:
        @hookspec(historic=True)
        def remember(self, x):
            """Historic: called for plugins registered later too."""
    seen = []
    _, relayed = managers()
    relayed.add_hookspecs(History)
    relayed.relay.remember.call_historic(kwargs={"x": 1})
    relayed.register(type("Rememberer", (), {"remember": staticmethod(
        hookimpl(lambda x: seen.append(x)))})())
    assert seen == [1]
    with pytest.raises(AssertionError):
        relayed.relay.remember(x=2)             # pluggy refuses a direct call


def test_relay_functions_answer_what_code_asks_a_hook_caller():
    _, relayed = managers()
    build([relayed], [("plain", ("value", 1), {})], "first")
    call = relayed.relay.first
    assert call.name == "first" and call.has_spec() and len(call.get_hookimpls()) == 1
    assert call.spec.opts["firstresult"] and not call.is_historic()


# --- whole games ---------------------------------------------------------------------------------

WRAPPING_PLUGIN = '''
from peloponnes import hookimpl

@hookimpl(wrapper=True)
def minimum_bid(game, seat, card, conquest):
    least = yield
    return least + 1 if conquest else least

@hookimpl(tryfirst=True)
def conquest_surcharge(game, seat):
    return 2
'''


def game_log(scenario: Scenario, seeds=range(5)) -> list:
    ruleset, scenario = load_ruleset(scenario)
    return [[e.as_dict() for e in run_game(ruleset, scenario, seed, agent="random").events]
            for seed in seeds]


@pytest.mark.parametrize("variant", ["cardgame", "boardgame", "heroes"])
def test_games_through_the_relay_are_pluggys_games(variant, tmp_path, monkeypatch):
    # a house rule adding a wrapper and a first-result implementation still decides the game
    plugin = tmp_path / "wrap.py"
    plugin.write_text(WRAPPING_PLUGIN)
    scenario = Scenario.quick(variant, 4, plugins=(str(plugin),))
    fast = game_log(scenario)
    monkeypatch.setenv("PELOPONNES_PLAIN_HOOKS", "1")
    assert game_log(scenario) == fast


BAD_SURCHARGE = '''
from peloponnes import hookimpl

@hookimpl
def conquest_surcharge(game, seat):
    return "3"
'''


@pytest.mark.parametrize("plain_hooks", ["0", "1"])
def test_a_bad_hook_result_is_blamed_on_its_plugin_with_and_without_the_relay(
        plain_hooks, tmp_path, monkeypatch):
    monkeypatch.setenv("PELOPONNES_PLAIN_HOOKS", plain_hooks)
    plugin = tmp_path / "bad_surcharge.py"
    plugin.write_text(BAD_SURCHARGE)
    ruleset, scenario = load_ruleset(Scenario.quick("cardgame", 4, agent="random",
                                                    plugins=(str(plugin),)))
    failure = next(r.failure for seed in range(20)
                   if (r := play_game(ruleset, scenario, seed)).failure)
    assert failure.hook == "conquest_surcharge"
    assert failure.plugin == str(plugin)
    assert "returned '3'" in failure.message


def test_compare_json_is_identical_with_and_without_the_relay(monkeypatch):
    root = Path(__file__).resolve().parents[2]
    scenarios = [Scenario.quick("cardgame", 4, agent="random", seed=3),
                 Scenario.quick("cardgame", 4, agent="random", seed=3,
                                plugins=(str(root / "plugins" / "no_conquest.py"),))]

    def run() -> str:
        result = compare([], 40, workers=1, entries=prepare(scenarios))
        return json.dumps(result_dict(result), sort_keys=True)
    fast = run()
    monkeypatch.setenv("PELOPONNES_PLAIN_HOOKS", "1")
    assert run() == fast


NAN_SCORE = '''
from peloponnes import hookimpl
from peloponnes.core import Score

@hookimpl(tryfirst=True)
def score_seat(game, seat):
    return Score(float("nan"))
'''


def test_the_relay_checks_a_hook_once_a_house_rule_implements_it(tmp_path):
    # the shipped rules' own answers are not checked on the fast path (only they could be
    # blamed); a house rule's answer to the same hook is, naming the house rule
    ruleset, _ = load_ruleset(Scenario.quick("heroes", 4))
    checks = ruleset.pm.result_checks
    assert checks.for_fast_path(ruleset.pm.hook.score_seat) is None
    assert checks.for_fast_path(ruleset.pm.hook.minimum_bid) is None
    plugin = tmp_path / "nan_score.py"
    plugin.write_text(NAN_SCORE)
    ruleset, scenario = load_ruleset(Scenario.quick("cardgame", 4, agent="random",
                                                    plugins=(str(plugin),)))
    checks = ruleset.pm.result_checks
    assert checks.for_fast_path(ruleset.pm.hook.score_seat) is not None
    assert checks.for_fast_path(ruleset.pm.hook.minimum_bid) is None    # not implemented by it
    failure = play_game(ruleset, scenario, 1).failure
    assert failure is not None and failure.hook == "score_seat"
    assert failure.plugin == str(plugin) and "not a finite number" in failure.message


@pytest.mark.parametrize("variant", ["cardgame", "boardgame", "heroes"])
def test_the_shipped_rules_meet_every_result_contract(variant, monkeypatch):
    # the relay does not check hooks answered only by the shipped rules; pluggy's own call path
    # checks every call, so games played through it hold the shipped answers to the contracts
    monkeypatch.setenv("PELOPONNES_PLAIN_HOOKS", "1")
    ruleset, scenario = load_ruleset(Scenario.quick(variant, 4))
    for seed, agent in [(s, a) for s in range(4) for a in ("random", "heuristic")]:
        record = play_game(ruleset, scenario.with_agents(agent), seed)
        assert record.failure is None, record.failure
