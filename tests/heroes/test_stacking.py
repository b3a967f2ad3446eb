"""Heroes & Colonies is the board game plus the heroes plugin (and the expansion's data): without
the plugin the board game's behaviour comes back, event for event. And the hook points it needed
are general: each is exercised here by a small house rule (the board game's new hooks on the
plain board game, the expansion's own hooks on heroes)."""
from __future__ import annotations

import pytest
import tomli_w

from peloponnes.core import Decision, Option, hookimpl
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import run_game
from peloponnes.variants.boardgame.disasters import reveal_chits
from peloponnes.variants.boardgame.rules import add_tile
from peloponnes.variants.boardgame.supply import supply_round
from peloponnes.variants.heroes.conflict import internal_conflict
from peloponnes.variants.heroes.persians import persian_attack
from peloponnes.variants.heroes.plugin import HeroesPlugin
from peloponnes.variants.heroes.state import table
from tests.boardgame import kit as board

from .kit import drive, events, new_game, plain_table

SEEDS = range(12)


def log(game) -> list[dict]:
    """The event log without the first event (it names the variant played)."""
    return [e.as_dict() for e in game.events[1:]]


def heroes_without_plugin(players: int):
    ruleset, scenario = load_ruleset(Scenario.quick("heroes", players))
    (plugin,) = [p.obj for p in ruleset.plugins if isinstance(p.obj, HeroesPlugin)]
    ruleset.pm.unregister(plugin)
    return ruleset, scenario


def test_a_heroes_ruleset_is_the_board_games_plugins_then_the_heroes_plugin():
    ruleset, _ = load_ruleset(Scenario.quick("heroes", 4))
    kinds = [(p.name, type(p.obj).__name__) for p in ruleset.plugins if p.kind == "variant"]
    assert kinds == [("boardgame", "BoardGame"), ("heroes", "HeroesPlugin")]
    assert ruleset.hook_order("count_disaster_chits")[:2] == ["heroes", "boardgame"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_without_the_heroes_plugin_the_board_game_comes_back_with_the_same_data(players,
                                                                               tmp_path):
    """The heroes ruleset with its plugin unregistered plays, seed for seed and answer for answer,
    exactly like the board game given the same component data (the board game's plus the
    Persian chits, inert without the plugin, and Sikyon): whole games, identical event logs."""
    heroes, h_scenario = heroes_without_plugin(players)
    data = {k: v for k, v in heroes.components.items() if k != "expansion"}
    path = tmp_path / "heroes-base.toml"
    path.write_text(tomli_w.dumps(data))
    boardgame, b_scenario = load_ruleset(Scenario.quick("boardgame", players,
                                                        components=str(path)))
    for seed in SEEDS:
        a = run_game(heroes, h_scenario, seed, agent="random")
        b = run_game(boardgame, b_scenario, seed, agent="random")
        assert log(a) == log(b), f"seed {seed}"
        assert a.answers == b.answers
        assert [s.value for s in a.result.scores] == [s.value for s in b.result.scores]


@pytest.mark.parametrize("players", [2, 4])
def test_without_the_heroes_plugin_and_data_it_is_exactly_the_board_game(players):
    heroes, h_scenario = heroes_without_plugin(players)
    boardgame, b_scenario = load_ruleset(Scenario.quick("boardgame", players))
    heroes.components = boardgame.components
    for seed in SEEDS:
        a = run_game(heroes, h_scenario, seed, agent="random")
        b = run_game(boardgame, b_scenario, seed, agent="random")
        assert log(a) == log(b), f"seed {seed}"


def test_with_the_heroes_plugin_the_game_changes_from_setup_on():
    heroes, h_scenario = load_ruleset(Scenario.quick("heroes", 4))
    played = run_game(heroes, h_scenario, 1, agent="random")
    kinds = [e.kind for e in played.events]
    assert "heroes_setup" in kinds
    first_round = [e for e in played.events if e.round == 1 and e.kind == "chit_revealed"]
    assert len(first_round) == 3
    assert any(e.kind == "persian_attack" for e in played.events)


# --- the board game's hook points added for the expansion, used by house rules --------------------

def test_redraw_disaster_chit_a_house_rule_never_reveals_a_disaster_twice_in_a_row():
    class NoRepeat:
        @hookimpl
        def redraw_disaster_chit(self, game, chit, final, drawn):
            if drawn and drawn[-1] == chit and len(game.state.chits) > 1:
                return self.back()
            return None

        def back(self):
            return True
            yield

    game = board.new_game(3, house_rules=[NoRepeat()])
    st = game.state
    st.chits[:] = ["plague", "decline", "plague", "plague"]
    drive(reveal_chits(game, final=False))
    assert [e["chit"] for e in board.events(game, "chit_revealed")] == ["plague", "decline"]
    assert st.chits == ["plague", "plague"]                            # one put back under


def test_redraw_disaster_chit_may_ask_a_player_and_a_lone_chit_counts_anyway():
    asked_about = []

    class Seer:
        @hookimpl
        def redraw_disaster_chit(self, game, chit, final, drawn):
            return self.ask(game, chit)

        def ask(self, game, chit):
            asked_about.append((chit, list(game.state.chits)))
            answer = yield Decision(0, "seer", f"{chit}: put it back?",
                                    (Option("back", "back"), Option("keep", "keep")), "test")
            return answer.id == "back"

    game = board.new_game(2, house_rules=[Seer()])
    game.state.chits[:] = ["drought"]
    drive(reveal_chits(game, final=False), "back")
    assert asked_about == [("drought", ["drought"])]                   # still on top while asked
    assert game.state.revealed["drought"] == 1 and game.state.chits == []


def test_list_building_costs_a_house_rule_lets_stone_pay_for_wood():
    class StoneForWood:
        @hookimpl
        def list_building_costs(self, game, seat, tile):
            cost = tile["cost"]
            return [cost, {"stone": sum(cost.values())}]

    game = board.new_game(2, house_rules=[StoneForWood()])
    player = board.seat_player(game, 0, stone=3, coins=1)
    _, asked = drive(add_tile(game, player, board.building(cost={"wood": 2, "stone": 1})),
                     "build:1")
    assert board.option_ids(asked[0]) == ["build:1", "mark"]
    assert player.goods["stone"] == 0 and len(player.buildings) == 1
    board.seat_player(game, 1, stone=5, buildings=[board.marked(board.building(
        cost={"wood": 2, "stone": 1}))])
    _, asked = drive(supply_round(game, final=False), "complete:1")
    assert "complete:1" in board.option_ids(asked[0])
    assert game.state.players[1].goods["stone"] == 2


def test_count_mark_coins_a_house_rule_makes_reserving_cost_2_coins():
    class DearReservation:
        @hookimpl
        def count_mark_coins(self, game, seat, tile):
            return 2

    game = board.new_game(2, house_rules=[DearReservation()])
    player = board.seat_player(game, 0, coins=3)
    drive(add_tile(game, player, board.building(cost={"stone": 9})))
    assert player.coins == 1 and player.buildings[0].coins == 2
    drive(supply_round(game, final=False))                           # cannot pay: lost
    assert player.coins == 3                                          # both coins come back
    assert board.coin_and_mat_problems(game) == []


# --- the expansion's own hook points --------------------------------------------------------------

def test_compute_persian_strength_a_house_rule_makes_the_second_wave_stronger():
    class SecondWave:
        @hookimpl(wrapper=True)
        def compute_persian_strength(self, game, attack, values):
            strength = yield
            return strength + 5 if attack == 2 else strength

    game = new_game(2, house_rules=[SecondWave()])
    plain_table(game)
    table(game).persian_values[:] = [1] * 6
    game.state.revealed["persians"] = 6
    assert game.hook.compute_persian_strength(game=game, attack=2, values=[1] * 6) == 17
    assert game.hook.compute_persian_strength(game=game, attack=1, values=[1] * 3) == 6
    drive(persian_attack(game))
    assert events(game, "persian_attack")[0]["persians"] == 17


def test_count_conflict_pairs_a_house_rule_for_peaceful_colonies():
    class Peace:
        @hookimpl
        def count_conflict_pairs(self, game):
            return 0

    game = new_game(4)
    assert game.hook.count_conflict_pairs(game=game) == 1
    game = new_game(6)
    assert game.hook.count_conflict_pairs(game=game) == 2
    game = new_game(4, house_rules=[Peace()])
    players = plain_table(game, population=2)
    players[0].strength = 9
    drive(internal_conflict(game, final=False))
    assert events(game, "internal_conflict") == [] and players[0].strength == 9


def test_render_view_the_expansion_extends_the_board_games_table():
    from rich.console import Console

    game = new_game(4)
    console = Console(record=True, width=140)
    console.print(game.hook.render_view(view=game.view(0), layout="full"))
    text = console.export_text()
    assert "Round 1 of" in text                             # the board game's header
    assert "Heroes and colonies" in text                    # the expansion's table after it
    assert text.index("Round 1 of") < text.index("Heroes and colonies")
    console = Console(record=True, width=100)
    console.print(game.hook.render_view(view=game.view(0), layout="compact"))
    text = console.export_text()                            # compact: the mats gain columns
    assert "Persians:" in text and " Str " in text and "colony" in text
