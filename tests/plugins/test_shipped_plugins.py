"""Every house rule in plugins/ changes what it says it changes, and random games stay valid
with it (invariants checked after every decision)."""
import math
from collections import Counter
from pathlib import Path

import pytest

from peloponnes.core.engine import Game
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import simulate
from peloponnes.lab.simulate import check_conformance, run_game

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = sorted(p.name for p in (ROOT / "plugins").glob("*.py") if p.name != "__init__.py")


def path(name: str) -> str:
    return str(ROOT / "plugins" / name)


def started(*plugins, players=4, seed=1):
    ruleset, sc = load_ruleset(Scenario.quick("cardgame", players, seed=seed,
                                              plugins=tuple(path(p) for p in plugins)))
    return Game(ruleset, sc).start()


def declared_variants(name: str) -> list[str]:
    """The variants a plugin says it works with (``requires_variant``); all of them if none."""
    from peloponnes.core.plugins import load_file_plugin
    module = load_file_plugin(Path(path(name)), path(name))
    declared = module.declare_plugin() if hasattr(module, "declare_plugin") else {}
    return (declared or {}).get("requires_variant") or ["cardgame", "boardgame", "heroes"]


PLUGIN_VARIANTS = [(name, variant) for name in PLUGINS for variant in declared_variants(name)]


@pytest.mark.parametrize("name, variant", PLUGIN_VARIANTS)
def test_games_stay_valid_with_each_plugin(name, variant):
    assert check_conformance(Scenario.quick(variant, 4, plugins=(path(name),)), 40) > 0


def test_at_least_two_plugins_apply_to_the_board_game_or_heroes():
    assert len({name for name, variant in PLUGIN_VARIANTS if variant != "cardgame"}) >= 2


@pytest.mark.parametrize("name", PLUGINS)
def test_each_plugin_is_documented_and_declares_itself(name):
    text = (ROOT / "plugins" / name).read_text()
    assert text.startswith('"""') and "Kind of change:" in text and "Works with:" in text
    assert "def declare_plugin" in text


def test_no_conquest_reveals_only_one_card_per_player():
    ruleset, sc = load_ruleset(Scenario.quick("cardgame", 3, plugins=(path("no_conquest.py"),)))
    game = run_game(ruleset, sc, 5)
    reveals = [e for e in game.events if e.kind == "revealed"]
    assert reveals and all(len(e.data["open"]) == 3 and e.data["conquest"] == [] for e in reveals)
    plain = run_game(*load_ruleset(Scenario.quick("cardgame", 3)), 5)
    assert any(e.data["conquest"] for e in plain.events if e.kind == "revealed")


def test_conquest_plus_two_lowers_the_conquest_minimum():
    card = {"value": 2}
    for plugins, least in ((("conquest_plus_two.py",), 4), ((), 5)):
        game = started(*plugins)
        for player in game.state.players:     # no Barracks or Stockade discounts
            player.buildings = []
        assert game.hook.minimum_bid(game=game, seat=0, card=card, conquest=True) == least


def test_gentle_catastrophes_hit_a_quarter_rounded_up():
    plain_game, gentle_game = started(), started("gentle_catastrophes.py")
    for n in (1, 3, 4, 5, 8, 9):
        cards = list(range(n))
        plain = plain_game.hook.count_catastrophe_hits(game=plain_game, seat=0,
                                                       catastrophe="tempest", cards=cards)
        gentle = gentle_game.hook.count_catastrophe_hits(game=gentle_game, seat=0,
                                                         catastrophe="tempest", cards=cards)
        assert plain == math.ceil(n / 3) and gentle == math.ceil(n / 4)


def test_market_phase_trades_two_coin_cards_for_a_luxury_good():
    game = started("market_phase.py")
    phases = [p.name for p in game.hook.list_round_phases(game=game)]
    assert phases[-2:] == ["income", "market"]
    market = next(p for p in game.hook.list_round_phases(game=game) if p.name == "market")
    st = game.state
    player = st.players[st.order[0]]
    player.hand = Counter({"wood": 2, "stone": 1})
    for other in st.players:
        if other is not player:
            other.hand = Counter()
    steps = market.run(game)
    decision = next(steps)
    assert decision.kind == "market" and decision.seat == player.seat
    decision = steps.send(decision.option("trade"))
    assert decision.kind == "market_coin_card"
    decision = steps.send(decision.option("wood"))
    assert decision.kind == "market_coin_card"          # the second card
    with pytest.raises(StopIteration):                  # one card left: no more trading
        steps.send(decision.option("wood"))
    assert player.luxury == 1 and player.hand == Counter({"stone": 1})


def test_cheap_buildings_replace_the_deck():
    plain = load_ruleset(Scenario.quick("cardgame", 2))[0].components["power_cards"]
    cheap = load_ruleset(Scenario.quick("cardgame", 2, plugins=(path("cheap_buildings.py"),))
                         )[0].components["power_cards"]
    for before, after in zip(plain, cheap, strict=True):
        stone = before.get("cost", {}).get("stone", 0)
        assert after.get("cost", {}).get("stone", 0) == max(0, stone - 1)
    assert any(b.get("cost", {}).get("stone") for b in plain)


def test_metric_displaced_bids_shows_in_the_metrics():
    summaries = list(simulate(Scenario.quick(
        "cardgame", 4, plugins=(path("metric_displaced_bids.py"),)), 20))
    values = [s.metrics["displaced_bids"] for s in summaries]
    assert sum(values) > 0
    plain = list(simulate(Scenario.quick("cardgame", 4), 1))
    assert "displaced_bids" not in plain[0].metrics
