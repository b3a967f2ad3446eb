"""The narrator (core/narrate.py) and the hooks it and the table use: ``describe_event`` (every
variant words every event it emits, with names, never ids or field names, never another seat's
hidden holdings), ``describe_component`` (``i NAME``) and ``render_view``'s layouts."""
import io
import re
from dataclasses import replace

import pytest
from rich.console import Console

from peloponnes.agents import make_agents
from peloponnes.core import Event, hookimpl
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.core.shipped import SCENARIO_DIR
from peloponnes.table.narrate import core_words, describe, event_for_people, narrate, plain_words


def finished(name: str) -> Game:
    ruleset, sc = load_ruleset(Scenario.from_file(SCENARIO_DIR / f"{name}.toml"))
    game = Game(ruleset, sc)
    return play(game, make_agents(game, override="heuristic"))


@pytest.fixture(scope="module", params=["cardgame-4p", "boardgame-4p", "heroes-negotiation",
                                        "boardgame-solo"])
def game(request):
    return finished(request.param)


def test_every_event_is_worded_by_its_variant(game):
    unworded = {e.kind for e in game.events if core_words(game, e) is None
                and game.hook.describe_event(game=game, event=e, seat=0) is None}
    assert unworded == set()


def test_the_story_names_people_and_components_not_ids_or_fields(game):
    lines = narrate(game, game.events, 0)
    text = "\n".join(lines)
    assert len(lines) > 50
    # names, not card/tile ids (the board game's lands have no name but their printed number)
    assert not re.search(r"(?<!land )\b[ABC]\d\d\b", text, re.IGNORECASE)
    assert not re.search(r"\w_\w|=", text)                         # no field names
    assert "seat 0" not in text
    for seat in game.seats:
        assert seat.name in text


def test_a_seat_hears_its_own_starting_hand_and_nobody_elses():
    game = finished("cardgame-4p")
    hands = game.events[1].data["hands"]
    for seat in range(4):
        (setup,) = [line for line in narrate(game, game.events[:2], seat) if "plays" in line]
        assert setup.count("Your starting hand") == 1
        for key, n in hands[seat].items():
            if n:
                assert f"{n} {key}" in setup
    spectator = narrate(game, game.events[:2], None)
    assert not any("hand" in line for line in spectator)


def test_a_house_rule_words_its_own_events_and_unknown_ones_get_plain_words():
    ruleset, sc = load_ruleset(Scenario.quick("cardgame", 2))

    class MarketWords:
        @hookimpl
        def describe_event(self, game, event, seat):
            if event.kind == "market_trade":
                return f"{game.seats[event.data['seat']].name} trades at the market."
            return None
    ruleset.pm.register(MarketWords(), name="market-words")
    game = Game(ruleset, sc).start()
    trade = Event(99, 1, "market_trade", {"seat": 1})
    assert describe(game, trade, 0) == f"{game.seats[1].name} trades at the market."
    odd = Event(100, 1, "odd_thing", {"seat": 0, "for_": "fun", "order": [1, 0]})
    words = describe(game, odd, 0)
    assert words == plain_words(game, odd)
    assert words.startswith("Odd thing: ") and game.seats[0].name in words
    assert "_" not in words and "=" not in words
    assert describe(game, trade, None)                                 # a spectator too


def test_json_for_people_counts_seats_from_one():
    game = finished("cardgame-3p")
    bid = next(e for e in game.events if e.kind == "bid")
    out = event_for_people(game, bid, None)
    assert out["seat"] == bid.data["seat"] + 1
    assert out["seat_name"] == game.seats[bid.data["seat"]].name
    assert out["text"].startswith(out["seat_name"])
    order = next(e for e in game.events if e.kind == "turn_order")
    assert event_for_people(game, order, None)["order"] == [s + 1 for s in order.data["order"]]


@pytest.mark.parametrize("variant, name, words", [
    ("cardgame", "Port", "costs 1 wood, 2 stone to build"),
    ("cardgame", "a01", "Port (building"),
    ("cardgame", "sparta", "(civilization"),
    ("boardgame", "Aqueduct", "prestige points"),
    ("boardgame", "Messene", "starts with 6 coins"),
    ("heroes", "Achilles", "5 Strength"),
    ("heroes", "Byzantium", "4 population points"),
    ("heroes", "Aqueduct", "prestige points"),             # the board game's, under heroes
])
def test_describe_component_explains_by_name_or_id(variant, name, words):
    ruleset, sc = load_ruleset(Scenario.quick(variant, 2))
    game = Game(ruleset, sc).start()
    text = game.hook.describe_component(game=game, name=name)
    assert words in text and ("printed" in text or "reconstructed" in text)
    assert game.hook.describe_component(game=game, name="no such thing") is None


@pytest.mark.parametrize("scenario, players", [("cardgame-5p", 5), ("boardgame-5p", 5),
                                               ("heroes-8p", 8)])
def test_the_compact_table_fits_100_by_30_with_room_for_the_menu(scenario, players):
    ruleset, sc = load_ruleset(Scenario.from_file(SCENARIO_DIR / f"{scenario}.toml"))
    game = Game(ruleset, sc)
    agents = make_agents(game, override="heuristic")
    game.seats = [replace(s, agent="human") for s in game.seats]     # views as people get them
    game.start()
    tallest = 0
    while game.pending is not None:
        decision = game.pending
        view = game.view(decision.seat)
        if game.decisions % 5 == 0:
            console = Console(file=io.StringIO(), width=100, record=True)
            console.print(game.hook.render_view(view=view, layout="compact"))
            lines = console.export_text().splitlines()
            assert max(len(line.rstrip()) for line in lines) <= 100
            assert not any("…" in line for line in lines
                           if line.startswith(("seat ", " #", "# "))), "a heading was cut"
            tallest = max(tallest, len(lines))
        game.choose(agents[decision.seat].choose(view, decision))
    assert tallest <= (22 if players > 5 else 18)          # + the menu: 30 lines


@pytest.mark.parametrize("variant", ["cardgame", "boardgame", "heroes"])
def test_render_view_layouts(variant):
    ruleset, sc = load_ruleset(Scenario.quick(variant, 3))
    game = Game(ruleset, sc).start()
    view = game.view(game.pending.seat)
    texts = {}
    for layout in ("compact", "full", "legend"):
        console = Console(file=io.StringIO(), width=100, record=True)
        console.print(game.hook.render_view(view=view, layout=layout))
        texts[layout] = console.export_text()
    assert "Legend" in texts["legend"] and "Legend" in texts["full"]
    assert "Legend" not in texts["compact"] and "l legend" in texts["compact"]
    assert len(texts["full"]) > len(texts["compact"])
    me = view["seat"]
    assert re.search(rf"^>{me + 1} ", texts["compact"], re.MULTILINE)      # seats from 1


@pytest.mark.parametrize("scenario", ["cardgame-2p", "boardgame-4p", "boardgame-solo",
                                      "heroes-negotiation", "house-market_phase"])
def test_prompts_and_options_are_worded_for_people(scenario):
    """No Python dicts or field names in what a person is asked (``cost {'wood': 2}``)."""
    ruleset, sc = load_ruleset(Scenario.from_file(SCENARIO_DIR / f"{scenario}.toml"))
    for seed in range(2):
        game = Game(ruleset, replace(sc, seed=seed))
        agents = make_agents(game, override="random")
        game.start()
        while game.pending is not None:
            decision = game.pending
            for text in (decision.prompt, *(o.label for o in decision.options)):
                assert not re.search(r"[{}=]|\w_\w", text), text
            game.choose(agents[decision.seat].choose(None, decision))
