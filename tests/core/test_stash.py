"""game.stash: a typed place for plugin state, keyed by objects so plugins cannot collide."""
import pytest

from peloponnes.agents import make_agents
from peloponnes.core import Phase, Stash, StashKey, hookimpl
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.scenario import Scenario

from .toy import toy_ruleset

ROUNDS_SEEN = StashKey[int]("rounds seen")


def count_round(game):
    game.stash[ROUNDS_SEEN] += 1


def test_a_plugin_keeps_its_state_in_the_stash_under_its_own_key():
    class CountRounds:
        @hookimpl(wrapper=True)
        def setup_game(self, game):
            yield
            game.stash[ROUNDS_SEEN] = 0

        @hookimpl(wrapper=True)
        def list_round_phases(self, game):
            return [*(yield), Phase("count", count_round, "test")]

    game = Game(toy_ruleset(CountRounds()), Scenario.quick("toy", 2))
    play(game, make_agents(game))
    assert game.stash[ROUNDS_SEEN] == 3 and game.state["totals"]


def test_keys_are_objects_not_names():
    stash = Stash()
    mine, theirs = StashKey[int]("count"), StashKey[int]("count")
    stash[mine] = 1
    assert theirs not in stash and stash.get(theirs, 0) == 0
    assert stash.setdefault(theirs, 5) == 5 and len(stash) == 2
    with pytest.raises(TypeError, match="StashKey"):
        stash["count"] = 2
    del stash[mine]
    with pytest.raises(KeyError, match="count"):
        stash[mine]
