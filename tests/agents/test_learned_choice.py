"""How the learned agent chooses: the option whose after-state the engine's evaluation rates
best for its seat, the heuristic bot's choice among equals, its model otherwise; with a
lookahead, the position after the bots played on (over one redraw or several); the same game
for the same seed."""
from dataclasses import replace

import pytest

from peloponnes.agents import make_agents
from peloponnes.agents.learned import store
from peloponnes.agents.learned.training import Plan, train
from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.core.views import LazyView

pytest.importorskip("sklearn")


@pytest.fixture(scope="module")
def cards():
    """The 4-player card game's rules and a model trained on a few games (not a good one)."""
    ruleset, sc = load_ruleset(Scenario.quick("cardgame", 4, agent="heuristic"))
    return ruleset, sc, train(ruleset, sc, Plan(games=4))


def learned_at(sc, seat: int, **settings):
    players = list(sc.players)
    players[seat] = replace(players[seat], agent="learned", settings=settings)
    return replace(sc, players=tuple(players))


def test_the_option_chosen_leaves_the_seat_best_placed_and_equals_go_to_the_heuristic_bot(cards):
    from peloponnes.agents.learned.decide import best_option, standing
    from peloponnes.agents.learned.features import Encoder, after_state_games

    ruleset, sc, model = cards
    encoder = Encoder(ruleset, sc)
    game = Game(ruleset, sc, seed=11).enable_forking().start()
    heuristic_kept = differed = 0
    for number in range(60):
        decision = game.pending
        seat = decision.seat
        chosen = best_option(game, model, encoder, number)
        standings = [standing(f, seat) for f in after_state_games(game, number)]
        assert standings[chosen] == max(standings)
        best = [o.id for o, s in zip(decision.options, standings, strict=True)
                if s == max(standings)]
        heuristic = game.hook.choose_heuristic(view=LazyView(game, seat), decision=decision)
        if heuristic in best:
            assert decision.options[chosen].id == heuristic
            heuristic_kept += len(best) > 1
        differed += len(set(standings)) > 1
        game.choose(heuristic)
    assert heuristic_kept and differed       # both rules were put to the test


def test_the_same_seed_gives_the_same_game_with_or_without_lookahead(cards):
    ruleset, _sc, model = cards
    store.store(model)
    for settings in ({}, {"lookahead": 1, "redraws": 2}):
        answers = []
        for _ in range(2):
            rules, sc = load_ruleset(learned_at(Scenario.quick("cardgame", 4, agent="heuristic"),
                                                2, **settings))
            game = Game(rules, sc, seed=21)
            play(game, make_agents(game))
            assert game.finished
            answers.append(list(game.answers))
        assert answers[0] == answers[1]


@pytest.mark.parametrize("setting", [{"lookahead": -1}, {"redraws": 0}])
def test_a_setting_out_of_bounds_is_refused_naming_it(setting):
    rules, sc = load_ruleset(learned_at(Scenario.quick("cardgame", 2, agent="heuristic"), 0,
                                        **setting))
    with pytest.raises(ConfigError, match=next(iter(setting))):
        make_agents(Game(rules, sc, seed=1))
