"""A family hook called positionally (core.hookcalls) only where that is the very call
the relay makes: its sole implementation where one plain implementation of a first-result hook,
no wrapper and no result contract is the whole call, else the relay's compiled positional twin,
pluggy's own HookCaller never; and the auction's purse follows plugins registered mid-auction,
as the relay does."""
from __future__ import annotations

import pluggy
import pytest

from peloponnes.core import hookimpl
from peloponnes.core.engine import Game
from peloponnes.core.errors import PluginError
from peloponnes.core.hookcalls import direct_call, sole_implementation
from peloponnes.core.hookrelay import PositionalHooks, RelayPluginManager
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.results import install_checks, returns
from peloponnes.core.scenario import Scenario

spec = pluggy.HookspecMarker("hookcallstest")
impl = pluggy.HookimplMarker("hookcallstest")
ARGS = ("x", "y")


class Specs:
    @spec(firstresult=True)
    def first(self, x, y):
        """First result wins."""

    @spec
    def every(self, x, y):
        """Every result."""

    @spec(firstresult=True)
    @returns(int, max=14)
    def checked(self, x, y):
        """First result wins; an int up to 14."""


class Plain:
    @impl
    def first(self, x, y):
        return x + y

    @impl
    def every(self, x, y):
        return x + y

    @impl
    def checked(self, x, y):
        return x + y


class Another:
    @impl
    def first(self, x, y):
        return None


class Wrapper:
    @impl(wrapper=True)
    def first(self, x, y):
        return (yield) * 2


class FewerArgs:
    @impl
    def first(self, y):
        return y


def manager(*plugins) -> RelayPluginManager:
    pm = RelayPluginManager("hookcallstest")
    pm.add_hookspecs(Specs)
    for plugin in plugins:
        pm.register(plugin)
    return pm


def test_one_plain_implementation_of_a_first_result_hook_is_called_directly():
    plain = Plain()
    pm = manager(plain)
    direct = sole_implementation(pm.relay.first, ARGS)
    assert direct == plain.first
    assert direct(3, 4) == pm.relay.first(x=3, y=4) == 7


def test_anything_else_keeps_the_hook_call():
    assert sole_implementation(manager(Plain()).hook.first, ARGS) is None   # pluggy's own
    assert sole_implementation(manager(Plain()).relay.every, ARGS) is None  # not first-result
    assert sole_implementation(manager(Plain(), Another()).relay.first, ARGS) is None
    assert sole_implementation(manager(Plain(), Wrapper()).relay.first, ARGS) is None
    assert sole_implementation(manager(FewerArgs()).relay.first, ARGS) is None
    assert sole_implementation(manager(Plain()).relay.first, ("y", "x")) is None
    assert sole_implementation(manager().relay.first, ARGS) is None         # none registered


def test_a_result_contract_on_the_call_path_keeps_the_hook_call():
    """The relay checks a contract unless every implementation is the sandbox's own code; so
    does the direct call then (a plain implementation's answer is the hook's either way)."""
    checked = manager(Plain())
    install_checks(checked, lambda i: i.plugin_name, own_code=lambda i: False)
    assert sole_implementation(checked.relay.checked, ARGS) is None
    own = manager(Plain())
    install_checks(own, lambda i: i.plugin_name, own_code=lambda i: True)
    assert sole_implementation(own.relay.checked, ARGS) is not None


def test_a_direct_call_is_the_sole_implementation_or_the_relays_positional_twin():
    plain = Plain()
    assert direct_call(manager(plain).relay.first, ARGS) == plain.first
    for pm, hook in ((manager(Plain(), Wrapper()), "first"),      # wrapped: 2 * (3 + 4)
                     (manager(Plain(), Another()), "first"),      # two implementations
                     (manager(Plain()), "every")):                # every result: a list
        call = getattr(pm.relay, hook)
        direct = direct_call(call, ARGS)
        assert direct is call.positional
        assert direct(3, 4) == call(x=3, y=4)
    assert direct_call(manager(Plain(), Wrapper()).relay.first, ARGS)(3, 4) == 14
    assert direct_call(manager(Plain(), Another()).relay.every, ARGS)(3, 4) == [7]


def test_a_direct_call_checks_a_result_contract_as_the_relay_does():
    checked = manager(Plain())
    install_checks(checked, lambda i: i.plugin_name, own_code=lambda i: False)
    direct = direct_call(checked.relay.checked, ARGS)
    assert direct is checked.relay.checked.positional
    assert direct(3, 4) == 7
    with pytest.raises(PluginError) as positional:
        direct(10, 5)                              # 15: over the contract's 14
    with pytest.raises(PluginError) as keyword:
        checked.relay.checked(x=10, y=5)
    assert str(positional.value) == str(keyword.value)


def test_no_direct_call_where_only_pluggy_can_call_or_the_arguments_differ():
    assert direct_call(manager(Plain()).hook.first, ARGS) is None           # pluggy's own
    assert direct_call(manager(Plain()).relay.first, ("y", "x")) is None    # not the spec's order
    assert direct_call(manager(Plain(), Wrapper()).relay.first, ("x",)) is None


def test_a_change_of_plugins_is_followed():
    plain = Plain()
    pm = manager(plain)
    before = pm.relay.first
    assert sole_implementation(before, ARGS) == plain.first
    pm.register(Wrapper())
    assert pm.relay.first is not before          # the relay compiled the hook again
    assert sole_implementation(pm.relay.first, ARGS) is None
    assert sole_implementation(before, ARGS) == plain.first    # what that function itself calls


def bid_pending(variant: str) -> Game:
    """A 4-player game of ``variant`` at its first bid on a card."""
    ruleset, scenario = load_ruleset(Scenario.quick(variant, 4))
    game = Game(ruleset, scenario, seed=3).start()
    while game.pending.kind != "bid_card":
        game.give(game.pending.options[-1])
    return game


class DearerHouseRule:
    @hookimpl(tryfirst=True)
    def minimum_bid(self, game, seat, card, conquest):
        return 9


class DoubledHouseRule:
    @hookimpl(wrapper=True)
    def minimum_bid(self, game, seat, card, conquest):
        return 2 * (yield)


def test_the_purse_asks_the_plugins_registered_mid_auction():
    """The auction's purse calls the variant's ``minimum_bid`` directly while it is the hook's
    one implementation (``game.positional``), and a house rule registered during the auction
    (first-result or wrapper) answers from the next minimum asked on, until it is
    unregistered."""
    for variant in ("cardgame", "boardgame"):
        game = bid_pending(variant)
        purse = game.state.auction.purse
        slot = next(s for s in game.state.slots if not s.conquest)
        value = purse.minimum(0, slot)
        own = game.hook.minimum_bid.get_hookimpls()[0].function
        assert game.positional.minimum_bid == own       # the variant's own answer, directly
        assert value == game.hook.minimum_bid(game=game, seat=0, card=slot.card, conquest=False)
        pm = game.ruleset.pm
        for rule, expected in ((DearerHouseRule(), 9), (DoubledHouseRule(), 2 * value)):
            pm.register(rule)
            try:
                assert purse.minimum(0, slot) == expected
                assert game.positional.minimum_bid is game.hook.minimum_bid.positional
            finally:
                pm.unregister(rule)
            assert purse.minimum(0, slot) == value
            assert game.positional.minimum_bid == own


class OldStyleWrapper:
    @impl(hookwrapper=True)
    def first(self, x, y):
        yield


def test_positional_hooks_make_the_keyword_calls_and_follow_the_plugins():
    plain = Plain()
    pm = manager(plain)
    assert pm.positional.first == plain.first and pm.positional.first(3, 4) == 7
    assert pm.positional.every(3, 4) == [7]
    pm.register(Wrapper())                      # a wrapper: the relay's positional twin
    assert pm.positional.first is pm.relay.first.positional and pm.positional.first(3, 4) == 14
    old = OldStyleWrapper()
    pm.register(old)                            # only pluggy calls it: its keywords are given
    assert pm.positional.first(3, 4) == pm.hook.first(x=3, y=4) == 14
    assert pm.positional.first.__name__ == "first_by_keyword"
    pm.unregister(old)
    assert pm.positional.first is pm.relay.first.positional


def test_positional_hooks_over_pluggys_own_hooks_and_what_they_refuse():
    pm = manager(Plain(), Wrapper())
    over_pluggy = PositionalHooks(pm.hook)      # PELOPONNES_PLAIN_HOOKS=1: keywords to pluggy
    assert over_pluggy.first(3, 4) == pm.hook.first(x=3, y=4) == 14
    with pytest.raises(ValueError):
        over_pluggy.first(3)                    # every argument of the spec, in its order
    with pytest.raises(TypeError):
        pm.positional.first(3)
    with pytest.raises(AttributeError):
        pm.positional.no_such_hook              # noqa: B018 - the lookup is the test


class Unspecced:
    @impl
    def unknown_to_the_specs(self, x):
        return x


def test_hook_namespaces_resolve_every_hook_at_first_use_and_again_after_each_change():
    # until first used, a namespace is of its pending subclass (whose __getattr__ resolves
    # every hook); then of the plain class, whose lookups CPython's attribute caches serve
    pm = manager(Plain())
    assert type(pm.positional) is not PositionalHooks
    assert isinstance(pm.positional, PositionalHooks)
    assert pm.positional.first(3, 4) == 7
    assert type(pm.positional) is PositionalHooks and "__getattr__" not in vars(PositionalHooks)
    assert {"first", "every", "checked"} <= set(vars(pm.positional))   # all resolved at once
    assert type(pm.relay).__name__ == "HookRelay"
    pm.register(Wrapper())                          # a change: pending again, then resolved anew
    assert type(pm.positional) is not PositionalHooks
    assert pm.positional.first(3, 4) == 14 and pm.relay.first(x=3, y=4) == 14
    with pytest.raises(AttributeError):
        pm.positional.no_such_hook                  # noqa: B018 - the lookup is the test
    pm.register(Unspecced())                        # a hook pluggy knows only by its plugin
    with pytest.raises(AttributeError, match="has no spec: call it with keywords"):
        pm.positional.unknown_to_the_specs(1)
    assert pm.relay.unknown_to_the_specs(x=1) == [1]
