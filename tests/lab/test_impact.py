"""What wins (`peloponnes impact`, `compare --impact`): what each seat holds at the end (the
`holdings` hook), the estimator's answer on games whose truth is known, and the reports a
designer reads (80 columns, JSON, CSV, HTML), the same for any number of workers."""
import csv
import io
import json
import random

import pytest
from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.commands import common
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import GameRecord
from peloponnes.lab.impact import analyse
from peloponnes.lab.simulate import run_game


def finished(variant: str, players: int = 4, seed: int = 3):
    ruleset, scenario = load_ruleset(Scenario.quick(variant, players))
    return run_game(ruleset, scenario, seed, agent="heuristic")


def pieces(game, seat):
    """What ``seat`` holds at the end, as the batch records it (every answer joined)."""
    return [p for part in reversed(game.hook.holdings(game=game, seat=seat)) if part
            for p in part]


@pytest.mark.parametrize("variant", ["cardgame", "boardgame", "heroes"])
def test_every_seat_holds_its_civilization_and_the_cards_or_tiles_it_won_at_auction(variant):
    game = finished(variant)
    for seat in game.seats:
        held = [p for part in game.hook.holdings(game=game, seat=seat.index) for p in part]
        labels = game.describe_seat(seat.index)
        kinds = {p["kind"] for p in held}
        assert {"component": labels["civilization"], "kind": "civilization", "round": 0,
                "price": None} in held
        if variant == "heroes":
            names = {p["component"] for p in held}
            assert {labels["hero"], labels["colony"]} <= names and {"hero", "colony"} <= kinds
        bought = [p for p in held if p["kind"] in ("building", "landscape", "land")]
        assert bought, held
        for p in bought:        # won at an auction of a round of the game, for a price
            assert 1 <= p["round"] <= game.round and p["price"] >= 0, p


def test_a_card_s_price_is_the_winning_bid_of_the_round_it_was_gained():
    game = finished("cardgame")
    gained = {(e.data["seat"], e.data["card"]): e for e in game.events if e.kind == "gained"}
    names = {c["id"]: c["name"] for c in game.components["power_cards"]}
    checked = 0
    for (seat, card), event in gained.items():
        bids = [e for e in game.events if e.kind == "bid" and e.data["card"] == card
                and e.seq < event.seq]
        held = [p for p in pieces(game, seat) if p["component"] == names[card]]
        if held:
            assert held[0]["round"] == event.round
            assert held[0]["price"] == bids[-1].data["amount"] and bids[-1].data["seat"] == seat
            checked += 1
    assert checked >= 8


def synthetic_records(games: int, seed: int = 5) -> list[GameRecord]:
    """Four-seat games whose truth is known: the "Crown" makes its holder win two times in
    three; seat 1 wins more often whatever it holds and holds the "Banner" far more often
    (which does nothing)."""
    rng = random.Random(seed)
    records = []
    for i in range(games):
        holdings = []
        for seat in range(4):
            held = [("Argos" if seat % 2 else "Sparta", "civilization", 0, None)]
            if rng.random() < (0.6 if seat == 1 else 0.1):
                held.append(("Banner", "building", rng.randint(1, 8), rng.randint(1, 9)))
            holdings.append(tuple(held))
        crowned = rng.randrange(4)
        held = list(holdings[crowned]) + [("Crown", "building", rng.randint(1, 8), 5)]
        holdings[crowned] = tuple(held)
        weights = [3.0 if seat == crowned else 0.5 for seat in range(4)]
        weights[1] += 1.0
        winner = rng.choices(range(4), weights)[0]
        scores = [20.0 + (5 if s == winner else 0) + (3 if s == crowned else 0) for s in range(4)]
        records.append(GameRecord(seed=i, scores=scores, winners=[winner],
                                  labels=[{"civilization": h[0][0]} for h in holdings],
                                  holdings=holdings))
    return records


def test_the_estimate_finds_a_known_effect_and_credits_nothing_to_what_the_seat_explains():
    result = analyse(Scenario.quick("cardgame", 4), 1500, synthetic_records(1500))
    effects = {e.component: e for e in result.effects}
    crown, banner = effects["Crown"], effects["Banner"]
    # truth: P(win | crowned, seat 1) ~ 4/5.5, else ~ 3/4.5; not crowned ~ 0.5/4.5 .. 1.5/4.5
    assert crown.win.low > 0.35 and crown.win.mean < 0.75
    assert crown.score.low < 3 + 5 * crown.win.mean < crown.score.high
    assert banner.raw_win > 0.08                       # uncontrolled: seat 1's wins
    assert banner.win.low < 0 < banner.win.high        # controlled for the seat: nothing
    assert result.effects[0].component == "Crown"
    assert crown.win_vs_kind.low > 0.3            # against holding the Banner instead


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def test_impact_shows_the_top_and_bottom_ten_in_80_columns_and_every_component_in_json(
        tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    out = tmp_path / "impact.json"
    result = invoke("impact", "cardgame-4p", "--games", "60", "--json", str(out),
                    "--csv", str(tmp_path / "impact.csv"), "--html", str(tmp_path / "i.html"))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("What wins in ") and "60 games (seeds 1-60)" in lines[0]
    assert any(line.startswith("Top 10: ") for line in lines)
    assert any(line.startswith("Bottom 10: ") for line in lines)
    assert max(map(len, lines)) <= 80
    data = json.loads(out.read_text())
    kinds = {c["kind"] for c in data["components"]}
    assert {"civilization", "building", "landscape", "luxury good"} <= kinds
    estimated = [c for c in data["components"] if c["win_share"] is not None]
    assert len(estimated) >= 20
    for c in estimated:
        share = c["win_share"]
        assert share["ci_low"] <= share["mean"] <= share["ci_high"]
    assert "clustered by game" in data["estimator"]
    rows = list(csv.DictReader(io.StringIO((tmp_path / "impact.csv").read_text())))
    assert [r["component"] for r in rows] == [c["component"] for c in data["components"]]
    page = (tmp_path / "i.html").read_text()
    assert page.count("<circle") == len(estimated) and "docs/impact.md" in page


def test_a_wide_terminal_also_shows_the_change_against_another_piece_of_the_same_kind(
        monkeypatch):
    monkeypatch.setattr(common.console, "width", 120)
    result = invoke("impact", "cardgame-4p", "--games", "60")
    assert result.exit_code == 0, result.output
    header = next(line for line in result.stdout.splitlines() if line.startswith("component"))
    assert header.rstrip().endswith("vs another of its kind")


def test_impact_gives_the_same_numbers_for_any_number_of_workers():
    one = invoke("impact", "boardgame-3p", "--games", "24", "--json", "-", "-w", "1")
    two = invoke("impact", "boardgame-3p", "--games", "24", "--json", "-", "-w", "2")
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert json.loads(one.stdout) == json.loads(two.stdout)
    assert json.loads(one.stdout)["components"]


def test_too_few_games_say_so_instead_of_estimating():
    result = invoke("impact", "heroes-4p", "--games", "2")
    assert result.exit_code == 0, result.output
    assert "No component could be estimated" in result.stdout and "--games" in result.stdout


def test_compare_impact_shows_what_wins_in_each_ruleset_from_the_same_games(tmp_path):
    out = tmp_path / "impact.json"
    result = invoke("compare", "compare-cardgame-conquest", "compare-cardgame-no-conquest",
                    "--games", "30", "-w", "1", "--impact", "--impact-json", str(out))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("What wins in ") == 2
    data = json.loads(out.read_text())
    assert [d["games_counted"] for d in data] == [30, 30]
    assert "Conquest" in data[1]["scenario"] or "conquest" in data[1]["scenario"]


def test_compare_impact_refuses_several_agents_in_one_line():
    result = invoke("compare", "cardgame-4p", "cardgame-4p", "--games", "2", "--impact",
                    "--agent", "random,heuristic")
    assert result.exit_code == 2
    assert "give --agent one kind" in result.stderr and "Traceback" not in result.output


BAD_HOLDINGS = ("from peloponnes import hookimpl\n\n\n@hookimpl\ndef holdings(game, seat):\n"
                "    return [{'component': 'Market stall', 'round': 3}]\n")


def test_a_plugin_s_malformed_holdings_fail_the_game_naming_the_plugin_and_the_hook(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "stall.py").write_text(BAD_HOLDINGS)
    (tmp_path / "s.toml").write_text('variant = "cardgame"\nseed = 1\nplugins = ["stall.py"]\n'
                                     '[[players]]\nagent = "random"\n'
                                     '[[players]]\nagent = "random"\n')
    result = invoke("impact", "s.toml", "--games", "2", "--trust")
    assert result.exit_code == 3, result.output
    assert "hook holdings" in result.stderr and "'kind'" in result.stderr
    assert "Traceback" not in result.output


FLAKY = ("from peloponnes import hookimpl\n\n\n@hookimpl\ndef on_event(game, event):\n"
         "    if event.kind == 'round_started' and game.round == 2 and game.seed % 2 == 0:\n"
         "        raise RuntimeError('flaky plugin broke')\n")


def test_compare_impact_counts_the_games_that_finished_and_ends_with_the_failed_ones(
        tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "flaky.py").write_text(FLAKY)
    seats = '[[players]]\nagent = "random"\n[[players]]\nagent = "random"\n'
    (tmp_path / "a.toml").write_text(f'variant = "cardgame"\nseed = 1\n{seats}')
    (tmp_path / "b.toml").write_text(f'variant = "cardgame"\nseed = 1\nplugins = ["flaky.py"]\n'
                                     f'{seats}')
    result = invoke("compare", "a.toml", "b.toml", "-n", "4", "-w", "1", "--trust",
                    "--impact", "--impact-json", "impact.json")
    assert result.exit_code == 3, result.output
    assert "2 of 8 games failed (B: seeds 2, 4)" in result.stderr
    assert [d["games_counted"] for d in json.loads((tmp_path / "impact.json").read_text())] \
        == [4, 2]
    assert result.stdout.count("What wins in ") == 2 and "Traceback" not in result.output
