"""Hooks called positionally (``game.positional``, core.hookrelay.PositionalHooks) make the very
calls the keyword hooks make: same implementations, same order, same answer, same result checks;
they follow plugins registered and unregistered, and the auction's purse, which asks
``minimum_bid`` that way, follows house rules registered mid-auction."""
from __future__ import annotations

import pluggy
import pytest

from peloponnes.core import hookimpl
from peloponnes.core.errors import PluginError
from peloponnes.core.hookrelay import PositionalHooks, RelayPluginManager
from peloponnes.core.results import install_checks, returns
from tests.common.kit import bid_pending

spec = pluggy.HookspecMarker("hookcallstest")
impl = pluggy.HookimplMarker("hookcallstest")


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

    @impl
    def every(self, x, y):
        return x * y


class Wrapper:
    @impl(wrapper=True)
    def first(self, x, y):
        return (yield) * 2


class FewerArgs:
    @impl(tryfirst=True)
    def first(self, y):
        return y


class OldStyleWrapper:
    @impl(hookwrapper=True)
    def first(self, x, y):
        outcome = yield
        outcome.force_result(outcome.get_result() + 100)


def manager(*plugins) -> RelayPluginManager:
    pm = RelayPluginManager("hookcallstest")
    pm.add_hookspecs(Specs)
    for plugin in plugins:
        pm.register(plugin)
    return pm


@pytest.mark.parametrize("plugins", [(), (Plain(),), (Plain(), Another()), (Plain(), Wrapper()),
                                     (Plain(), FewerArgs()), (Plain(), Another(), Wrapper()),
                                     (Plain(), OldStyleWrapper())],
                         ids=["none", "one", "two", "wrapped", "fewer-args", "both",
                              "old-style"])
def test_positional_calls_answer_as_keyword_calls_and_pluggy_do(plugins):
    pm = manager(*plugins)
    for hook in ("first", "every"):
        expected = getattr(pm.hook, hook)(x=3, y=4)
        assert getattr(pm.positional, hook)(3, 4) == expected
        assert getattr(pm.relay, hook)(x=3, y=4) == expected
        assert getattr(pm.plain_positional, hook)(3, 4) == expected


def test_positional_calls_check_results_as_keyword_calls_do():
    pm = manager(Plain())
    install_checks(pm, lambda i: i.plugin_name, own_code=lambda i: False)
    assert pm.positional.checked(3, 4) == 7
    errors = []
    for call in (lambda: pm.positional.checked(10, 5), lambda: pm.relay.checked(x=10, y=5),
                 lambda: pm.hook.checked(x=10, y=5), lambda: pm.plain_positional.checked(10, 5)):
        with pytest.raises(PluginError) as error:
            call()                                  # 15: over the contract's 14
        errors.append(str(error.value))
    assert len(set(errors)) == 1 and "checked returned 15" in errors[0]


def test_the_package_own_answers_are_not_checked_on_the_fast_path():
    # only the package's own code answers: a bad answer could only be blamed on it, and pluggy's
    # path (PELOPONNES_PLAIN_HOOKS=1, which the test suite plays) still checks it
    pm = manager(Plain())
    install_checks(pm, lambda i: i.plugin_name, own_code=lambda i: True)
    assert pm.positional.checked(10, 5) == pm.relay.checked(x=10, y=5) == 15
    with pytest.raises(PluginError):
        pm.hook.checked(x=10, y=5)


def test_positional_calls_follow_the_plugins():
    plain = Plain()
    pm = manager(plain)
    assert pm.positional.first(3, 4) == 7
    wrapper, old = Wrapper(), OldStyleWrapper()
    pm.register(wrapper)
    assert pm.positional.first(3, 4) == 14
    pm.register(old)                            # only pluggy calls it: its keywords are given
    assert pm.positional.first(3, 4) == pm.hook.first(x=3, y=4) == 114
    pm.unregister(old)
    pm.unregister(wrapper)
    assert pm.positional.first(3, 4) == 7
    pm.set_blocked(pm.get_name(plain))
    assert pm.positional.first(3, 4) is None and pm.positional.every(3, 4) == []


def test_positional_hooks_over_pluggys_own_hooks_and_what_they_refuse():
    pm = manager(Plain(), Wrapper())
    over_pluggy = PositionalHooks(pm, plain=True)   # PELOPONNES_PLAIN_HOOKS=1: keywords to pluggy
    assert over_pluggy.first(3, 4) == pm.hook.first(x=3, y=4) == 14
    with pytest.raises(TypeError):
        over_pluggy.first(3)                    # every argument of the spec, in its order
    with pytest.raises(TypeError):
        pm.positional.first(3)
    with pytest.raises(AttributeError):
        pm.positional.no_such_hook              # noqa: B018 - the lookup is the test


class Unspecced:
    @impl
    def unknown_to_the_specs(self, x):
        return x


def test_a_hook_without_a_spec_is_called_with_keywords_only():
    pm = manager(Plain())
    pm.register(Unspecced())                    # a hook pluggy knows only by its plugin
    with pytest.raises(AttributeError, match="has no spec: call it with keywords"):
        pm.positional.unknown_to_the_specs(1)
    assert pm.relay.unknown_to_the_specs(x=1) == [1]


class DearerHouseRule:
    @hookimpl(tryfirst=True)
    def minimum_bid(self, game, seat, card, conquest):
        return 9


class DoubledHouseRule:
    @hookimpl(wrapper=True)
    def minimum_bid(self, game, seat, card, conquest):
        return 2 * (yield)


def test_the_purse_asks_the_plugins_registered_mid_auction():
    """The auction's purse asks ``minimum_bid`` positionally (``game.positional``); a house rule
    registered during the auction (first-result or wrapper) answers from the next minimum asked
    on, until it is unregistered."""
    for variant in ("cardgame", "boardgame"):
        game = bid_pending(variant)
        purse = game.state.auction.purse
        slot = next(s for s in game.state.slots if not s.conquest)
        value = purse.minimum(0, slot)
        assert value == game.hook.minimum_bid(game=game, seat=0, card=slot.card, conquest=False)
        pm = game.ruleset.pm
        for rule, expected in ((DearerHouseRule(), 9), (DoubledHouseRule(), 2 * value)):
            pm.register(rule)
            try:
                assert purse.minimum(0, slot) == expected
            finally:
                pm.unregister(rule)
            assert purse.minimum(0, slot) == value
