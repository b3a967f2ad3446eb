"""The encode_view hook (core hookspec; each variant encodes its view, Heroes & Colonies extends
the board game's encoding and a house rule can extend any): a fixed length for every view of a
game, values within their declared bounds, names for every value, versions declared. These
tests need no optional extra."""
from __future__ import annotations

import pytest

from peloponnes.agents import make_agents
from peloponnes.core.engine import Game
from peloponnes.core.features import Features
from peloponnes.core.plugins import discover_variants, load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import count_options

PASSES_PLUGIN = '''
from peloponnes import hookimpl
from peloponnes.core import StashKey

PASSES = StashKey("passes per seat")


@hookimpl(wrapper=True)
def setup_game(game):
    yield
    game.stash[PASSES] = [0] * game.num_players


@hookimpl
def on_event(game, event):
    if event.kind == "passed":
        game.stash[PASSES][event.data["seat"]] += 1


@hookimpl(wrapper=True)
def view_for_seat(game, seat):
    view = yield
    view["passes"] = list(game.stash[PASSES])
    return view


@hookimpl(wrapper=True)
def encode_view(view, decision):
    features = yield
    features.declare("passes", 1)
    features.add_many("passes", view["passes"], 40)
    return features
'''


def encodings_of_random_games(variant: str, players: int, games: int, **kwargs):
    """(view, features) for the acting seat and for the next seat, at every decision and at
    the end of ``games`` random games."""
    ruleset, scenario = load_ruleset(Scenario.quick(variant, players, **kwargs))
    for seed in range(games):
        game = Game(ruleset, scenario, seed=seed).start()
        agents = make_agents(game)
        while True:
            decision = game.pending
            seat = decision.seat if decision else 0
            for who, pending in ((seat, decision), ((seat + 1) % players, None)):
                view = game.view(who)
                yield view, ruleset.pm.hook.encode_view(view=view, decision=pending)
            if decision is None:
                break
            game.choose(agents[seat].choose(None, decision))


@pytest.mark.parametrize("variant, players", [("cardgame", 2), ("cardgame", 5),
                                              ("boardgame", 1), ("boardgame", 5),
                                              ("heroes", 3), ("heroes", 8)])
def test_encode_view_has_a_fixed_length_and_stays_in_bounds(variant, players):
    sizes, outside = set(), set()
    names = lows = highs = None
    for _, features in encodings_of_random_games(variant, players, games=3):
        sizes.add(len(features))
        if names is None:
            names, lows, highs = features.names(), features.lows(), features.highs()
        outside |= {names[i] for i, v in enumerate(features.values)
                    if not lows[i] <= v <= highs[i]}
    assert len(sizes) == 1, sizes
    assert len(names) == len(lows) == len(highs) == sizes.pop()
    assert len(set(names)) == len(names), "every value has its own name"
    assert not outside, f"values outside their declared bounds: {sorted(outside)[:5]}"


def test_heroes_extends_the_board_games_encoding():
    encoded = {}
    for variant in ("boardgame", "heroes"):
        ruleset, scenario = load_ruleset(Scenario.quick(variant, 4))
        game = Game(ruleset, scenario, seed=0).start()
        encoded[variant] = ruleset.pm.hook.encode_view(view=game.view(0), decision=game.pending)
    board, heroes = encoded["boardgame"], encoded["heroes"]
    assert board.versions == {"boardgame": 1}
    assert heroes.versions == {"boardgame": 1, "heroes": 1}
    names = heroes.names()
    assert set(board.names()) <= set(names)       # the board game's layout, Persians included
    assert "player[0].protected_from[persians]" in names
    last_of_board = names.index(board.names()[-1])
    assert names.index("player[0].heroes[strength]") > last_of_board


def test_a_house_rule_that_adds_state_extends_the_encoding(tmp_path):
    plugin = tmp_path / "passes.py"
    plugin.write_text(PASSES_PLUGIN)
    base = next(encodings_of_random_games("cardgame", 3, games=1))[1]
    checked, passes = 0, 0
    for view, features in encodings_of_random_games("cardgame", 3, games=2,
                                                    plugins=(str(plugin),)):
        assert features.versions == {"cardgame": 1, "passes": 1}
        assert len(features) == len(base) + 3
        assert features.values[-3:] == view["passes"]
        assert features.names()[-1] == "passes[2]"
        checked, passes = checked + 1, max(passes, sum(view["passes"]))
    assert checked > 50 and passes > 0


def test_the_pending_decision_is_encoded_only_for_its_seat():
    for _, features in encodings_of_random_games("cardgame", 3, games=1):
        mine = features.values[features.names().index("decision.mine")]
        kinds = [v for n, v in zip(features.names(), features.values, strict=True)
                 if n.startswith("decision.kind")]
        assert sum(kinds) == mine            # one kind named when the decision is the seat's


def test_features_record_names_bounds_and_versions():
    features = (Features().declare("toy", 3)
                .add("round", 2, high=8)
                .add_many("goods", [1, 5], high=(4, 6), low=-1, labels=("wood", "stone"))
                .one_hot("place", 1, 3)
                .one_hot("nobody", None, 2)
                .one_hot("beyond", 7, 2))
    assert features.values == [2, 1, 5, 0, 1, 0, 0, 0, 0, 0]
    assert features.names() == ["round", "goods[wood]", "goods[stone]", "place[0]", "place[1]",
                                "place[2]", "nobody[0]", "nobody[1]", "beyond[0]", "beyond[1]"]
    assert features.lows()[:3] == [0.0, -1.0, -1.0]
    assert features.highs()[:3] == [8.0, 4.0, 6.0]
    assert features.versions == {"toy": 3}
    with pytest.raises(ValueError, match="2 bounds for 3 values"):
        Features().add_many("bad", [1, 2, 3], high=(1, 2)).highs()


@pytest.mark.parametrize("variant", sorted(discover_variants()))
def test_no_decision_offers_more_options_than_the_declared_maximum(variant):
    """A short version of bench/max_options.py (which scans thousands of games)."""
    declared = discover_variants()[variant].max_options
    info = discover_variants()[variant]
    largest = 0
    for players in (info.min_players, info.max_players):
        for agent, games in (("random", 60), ("heuristic", 5)):
            found = count_options(Scenario.quick(variant, players, agent=agent), games)
            largest = max(largest, *found.values())
    assert declared is not None and largest <= declared
    assert largest > declared / 4, "the declared maximum is far above anything seen"
