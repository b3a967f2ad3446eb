"""The mcts agent (core/agents/mcts.py): its choice depends only on its seat's view and seed,
it is reproducible under an iteration budget, it plays a house rule's new decisions with no bot
code, and its scenario settings are validated. Budgets are tiny to keep the tests fast."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from peloponnes.agents import make_agents
from peloponnes.agents.mcts import MCTSAgent, Settings, win_shares
from peloponnes.core.engine import Game
from peloponnes.core.errors import ConfigError, SandboxError
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import PlayerSpec, Scenario

ROOT = Path(__file__).resolve().parents[2]
SMALL = {"iterations": 6, "horizon": 1}


def with_mcts(scenario: Scenario, seat: int, settings: dict) -> Scenario:
    players = list(scenario.players)
    players[seat] = PlayerSpec(players[seat].name, "mcts", dict(settings))
    return replace(scenario, players=tuple(players))


def paused_game(variant: str, seed: int, decisions: int) -> Game:
    ruleset, scenario = load_ruleset(Scenario.quick(variant, 4))
    game = Game(ruleset, scenario, seed=seed).enable_forking().start()
    rng = random.Random(seed)
    for _ in range(decisions):
        game.choose(rng.choice(game.pending.options).id)
    return game


@pytest.mark.parametrize("variant,decisions", [("cardgame", 37), ("boardgame", 23),
                                               ("heroes", 41)])
def test_choice_depends_only_on_the_seats_view_and_seed(variant, decisions):
    game = paused_game(variant, seed=6, decisions=decisions)
    seat = game.pending.seat
    # Two games with the same view for the seat and different hidden information.
    one = game.fork(forkable=True).resample(seat, random.Random(1))
    two = game.fork(forkable=True).resample(seat, random.Random(2))
    assert one.view(seat) == two.view(seat)
    settings = Settings.from_dict(SMALL)
    choices = {MCTSAgent("seed", g, settings).choose(None, g.pending) for g in (one, two, game)}
    assert len(choices) == 1


def test_reproducible_from_the_game_seed_under_an_iteration_budget():
    ruleset, scenario = load_ruleset(with_mcts(Scenario.quick("cardgame", 3, agent="heuristic"),
                                               1, SMALL))
    games = [play(g, make_agents(g)) for g in (Game(ruleset, scenario, seed=4),
                                                Game(ruleset, scenario, seed=4))]
    assert games[0].answers == games[1].answers
    other = Game(ruleset, scenario, seed=5)
    assert play(other, make_agents(other)).answers != games[0].answers


def test_plays_a_house_rules_new_decisions_with_no_bot_code():
    """The market phase (plugins/market_phase.py) adds decisions no bot knows: trading 2 coin
    cards for 1 luxury good costs power at scoring, and the search learns that from the engine
    (the heuristic bot answers these at random)."""
    scenario = with_mcts(Scenario.from_file(ROOT / "scenarios" / "house-market_phase.toml"), 0,
                         {"iterations": 12, "horizon": 1})
    ruleset, scenario = load_ruleset(scenario)
    game = Game(ruleset, scenario, seed=2)
    agents = make_agents(game)
    asked = []
    searcher = agents[0]
    choose = searcher.choose

    def recording(view, decision):
        answer = choose(view, decision)
        if decision.kind == "market":
            assert game.hook.choose_heuristic(view=game.view(0), decision=decision) is None
            asked.append(answer)
        return answer

    searcher.choose = recording
    play(game, agents)
    assert game.finished and asked
    assert asked.count("trade") < asked.count("stop")


def test_time_budget_stops_early():
    game = paused_game("cardgame", seed=1, decisions=10)
    agent = MCTSAgent("s", game, Settings.from_dict({"iterations": 10_000, "time": 0.05}))
    answer = agent.choose(None, game.pending)
    assert answer in [o.id for o in game.pending.options]
    assert 1 <= agent.iterations_done < 10_000


def test_random_rollouts_and_no_truncation_play_to_the_end():
    game = paused_game("boardgame", seed=3, decisions=50)
    agent = MCTSAgent("s", game, Settings.from_dict({"iterations": 3, "rollout": "random",
                                                     "horizon": 0}))
    assert agent.choose(None, game.pending) in [o.id for o in game.pending.options]


def test_win_shares_split_ties():
    assert win_shares([3, 5, 5, 1]) == [0, 0.5, 0.5, 0]


@pytest.mark.parametrize("settings,message", [
    ({"iterations": 0}, "players[0].mcts.iterations: must be at least 1"),
    ({"rollout": "clever"}, "players[0].mcts.rollout: unknown value 'clever'"),
    ({"depth": 3}, "players[0].mcts.depth: unknown key 'depth'"),
    ({"time": "fast"}, "players[0].mcts.time: expected a number"),
])
def test_scenario_settings_are_validated_with_key_paths(settings, message):
    data = {"variant": "cardgame", "players": [{"agent": "mcts", "mcts": settings}, {}]}
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Scenario.from_dict(data)


def test_settings_only_for_an_mcts_seat_and_kept_in_saved_scenarios():
    with pytest.raises(ConfigError, match=r"players\[0\]\.mcts: settings for the mcts agent"):
        Scenario.from_dict({"variant": "cardgame",
                            "players": [{"agent": "heuristic", "mcts": {"iterations": 5}}, {}]})
    scenario = Scenario.from_dict({"variant": "cardgame", "players": [
        {"agent": "mcts", "mcts": {"iterations": 5, "time": 1}}, {}]})
    assert scenario.players[0].settings == {"iterations": 5, "time": 1.0}
    assert Scenario.from_dict(scenario.to_dict()) == scenario


def test_every_variant_evaluates_a_position_for_truncated_rollouts():
    """evaluate_seats: the card game scores the table as it stands (score_seat); the board game
    and heroes project each seat's final score from its view (the heuristic bot's outlook:
    income, food and disasters still to come), which mid-game differs from the score now."""
    from peloponnes.variants.boardgame import bot as board_bot
    from peloponnes.variants.heroes import bot as heroes_bot

    game = paused_game("cardgame", seed=2, decisions=30)
    values = game.hook.evaluate_seats(game=game)
    scores = [game.hook.score_seat(game=game, seat=s).value for s in range(4)]
    assert [int(v) for v in values] == scores
    for variant, projected_score in (("boardgame", board_bot.projected_score),
                                     ("heroes", heroes_bot.projected_score)):
        game = paused_game(variant, seed=2, decisions=30)
        values = game.hook.evaluate_seats(game=game)
        assert values == [projected_score(game.view(s)) for s in range(4)]
        scores = [game.hook.score_seat(game=game, seat=s).value for s in range(4)]
        assert [int(v) for v in values] != scores


def test_a_searching_seat_leaves_the_per_game_guards_to_the_game_itself():
    # Forks replay answers and play rollouts; none of that counts in the game searched.
    ruleset, scenario = load_ruleset(with_mcts(Scenario.quick("cardgame", 3, agent="heuristic"),
                                               1, SMALL))
    game = Game(ruleset, scenario, seed=4)
    play(game, make_agents(game), check="decision")
    assert game.finished and game.decisions == len(game.answers)
    assert [e.seq for e in game.events] == list(range(len(game.events)))


@pytest.mark.parametrize("forkable", [True, False])     # from a snapshot, or by replay
def test_a_guarded_game_forks_and_its_fork_keeps_the_guard(forkable):
    ruleset, scenario = load_ruleset(Scenario.quick("cardgame", 3))
    game = Game(ruleset, scenario, seed=2)
    if forkable:
        game.enable_forking()
    game.start()
    for _ in range(10):
        game.choose(game.pending.options[0].id)
    game.max_decisions = game.decisions + 3
    twin = game.fork()
    assert (twin.decisions, twin.max_decisions) == (game.decisions, game.max_decisions)
    with pytest.raises(SandboxError, match="decisions in one game"):
        while twin.pending is not None:
            twin.choose(twin.pending.options[0].id)
    assert game.decisions == 10 and game.pending is not None     # the game itself untouched
