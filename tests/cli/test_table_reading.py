"""The table reads right: what a person types for a thing keeps its number all game (coin cards
by symbol, luxury goods by amount), a refused number says why, the players' order is named, the
coin cards are explained where a bidder looks, and the story is told in plain, grammatical
English with the reasons for losses and what a withdrawn bid gives back."""
import io
import re
from dataclasses import replace

from click.testing import CliRunner
from rich.console import Console

from peloponnes.agents import make_agents
from peloponnes.cli import main
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.core.shipped import SCENARIO_DIR
from peloponnes.lab.compare.explain import explain
from peloponnes.lab.compare.explain_render import render_explain_html
from peloponnes.table.narrate import narrate
from peloponnes.table.prompt import keys_text, option_keys, pick

COIN_CARD_KINDS = ("bid_coin_card", "cover_coin_card", "mortgage_coin_card")
SYMBOL_NUMBERS = {"grain": "1", "inhabitant": "2", "stone": "3", "wood": "4"}


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input,
                              env={"COLUMNS": "100", "LINES": "30"})


def decisions_of(scenario: str, seeds, agent: str = "random", players=None):
    """Every decision of games of ``scenario`` played by ``agent`` bots, each with the game
    while it waits for that answer: yields (game, decision) before the answer is given."""
    ruleset, sc = load_ruleset(Scenario.from_file(SCENARIO_DIR / f"{scenario}.toml"))
    for seed in seeds:
        game = Game(ruleset, replace(sc, seed=seed))
        agents = make_agents(game, override=agent)
        game.start()
        while game.pending is not None:
            decision = game.pending
            yield game, decision
            game.choose(agents[decision.seat].choose(game.view(decision.seat), decision))


def finished(scenario: str, seed: int, names=None) -> Game:
    ruleset, sc = load_ruleset(Scenario.from_file(SCENARIO_DIR / f"{scenario}.toml"))
    sc = replace(sc, seed=seed)
    if names:
        sc = replace(sc, players=tuple(replace(p, name=n) for p, n in
                                       zip(sc.players, names, strict=True)))
    game = Game(ruleset, sc)
    return play(game, make_agents(game, override="heuristic"))


# --- numbers that never shift ---------------------------------------------------------------

def test_a_coin_card_keeps_its_number_all_game_and_a_missing_one_says_why():
    shifted_elsewhere = refused = 0
    for game, decision in decisions_of("cardgame-4p", range(3)):
        if decision.kind not in COIN_CARD_KINDS:
            continue
        keys = dict(zip((o.id for o in decision.options), option_keys(decision), strict=True))
        for symbol, number in SYMBOL_NUMBERS.items():
            if symbol in keys:
                assert keys[symbol] == number, decision.options
                assert pick(decision, number) == symbol
            elif refused < 5:
                why = game.hook.explain_refusal(game=game, decision=decision, answer=number)
                assert f"no coin card showing {symbol}" in why
                refused += 1
        positions = [str(i) for i in range(1, len(decision.options) + 1)]
        shifted_elsewhere += option_keys(decision) != positions
    assert refused and shifted_elsewhere        # menus with a symbol missing were met


def test_luxury_goods_are_typed_as_the_amount():
    met = 0
    for game, decision in decisions_of("cardgame-4p", range(12)):
        if decision.kind not in ("bid_luxury", "pay_luxury"):
            continue
        met += 1
        for option, key in zip(decision.options, option_keys(decision), strict=True):
            assert key == str(option.value)
            assert option.label.startswith(f"{option.value} luxury good")
            assert "(s)" not in option.label
        most = max(o.value for o in decision.options)
        why = game.hook.explain_refusal(game=game, decision=decision, answer=str(most + 1))
        assert why and "luxury good" in why
    assert met


def test_refused_keys_are_listed_as_they_are():
    assert keys_text(["0", "1", "2", "3", "4"]) == "0-4"
    assert keys_text(["1", "2", "4"]) == "1, 2 or 4"
    assert keys_text(["1"]) == "1"


def test_a_conquest_card_the_seat_cannot_afford_says_its_price(tmp_path):
    # cardgame-vs-bots, seed 2026: round 1's Conquest row holds cards 5 and 6
    result = run("play", "cardgame-vs-bots", "--save-dir", tmp_path, input="5\n6\nq\n")
    assert result.exit_code == 0, result.output[-2000:]
    out = " ".join(result.output.split())
    refusals = re.findall(r"'(\d)' is not an option: Conquest-row card \1 \([A-Z][a-z ]+\) costs"
                          r" exactly (\d+); you can bid at most (\d+)\. Type 0-4", out)
    assert len(refusals) == 2
    assert all(int(price) > int(most) for _, price, most in refusals)


def test_the_players_are_said_to_be_in_turn_order_under_fixed_seat_numbers():
    for variant in ("cardgame", "boardgame", "heroes"):
        ruleset, sc = load_ruleset(Scenario.quick(variant, 4))
        game = Game(ruleset, sc).start()
        view = game.view(game.pending.seat)
        console = Console(file=io.StringIO(), width=100, record=True)
        console.print(game.hook.render_view(view=view, layout="compact"))
        text = console.export_text()
        assert re.search(r"^(Players|Player mats) in turn order", text, re.MULTILINE), variant
        heading = next(line for line in text.splitlines() if line.startswith("seat "))
        assert "player" in heading
        rows = re.findall(r"^[> ](\d) ", text, re.MULTILINE)[:4]
        assert rows == [str(s + 1) for s in view["order"]], variant


# --- where a bidder looks -------------------------------------------------------------------

def test_coin_cards_and_their_backs_are_explained_at_the_table_and_in_the_rules(tmp_path):
    result = run("play", "cardgame-vs-bots", "--save-dir", tmp_path,
                 input="i coin\ni coin card\nr\nq\n")
    assert result.exit_code == 0, result.output[-2000:]
    out = " ".join(result.output.split())
    assert "nothing called 'coin" not in out
    assert out.count("Coin cards are the card game's money") == 2            # i coin, i coin card
    assert "back of each card shows a symbol: wood, stone or grain" in out
    assert "1 grain, 2 inhabitant, 3 stone, 4 wood" in out
    rules = " ".join(run("rules", "cardgame").output.split())
    for text in (out, rules):                                                # r, `rules`
        assert "the back of each shows wood, stone or grain" in text


# --- the story ------------------------------------------------------------------------------

def test_the_story_agrees_with_you_and_counts_in_words():
    stories = [finished("cardgame-4p", 1, ["You", "Ada", "Basil", "Chloe"]),
               finished("boardgame-4p", 1, ["You", "Ada", "Basil", "Chloe"]),
               finished("heroes-4p", 1, ["You", "Ada", "Basil", "Chloe"])]
    for game in stories:
        text = "\n".join(narrate(game, game.events, 0))
        assert re.search(r"^You (bid|pass|play|draw|gain|add|feed)\b", text, re.MULTILINE)
        assert not re.search(r"\bYou (bids|draws|passes|gains|plays|feeds|adds|is|loses|pays)\b",
                             text)
        assert "You's" not in text
        assert "(s)" not in text
        assert not re.search(r"\b1 (chits|coins|coin cards|luxury goods|inhabitants|cards)\b",
                             text)


def test_a_lost_card_says_why_and_a_withdrawn_bid_what_comes_back():
    lost = withdrawn = 0
    for seed in range(4):
        game = finished("cardgame-4p", seed)
        for event in game.events:
            line = " ".join(narrate(game, [event], None))
            if event.kind == "card_lost":
                lost += 1
                assert not re.fullmatch(r"\w+ loses [\w ]+\.", line), line
            if event.kind == "withdrew":
                withdrawn += 1
                assert re.search(r"takes back its \d+ coin cards?", line), line
                assert "for withdrawing" in line
    assert lost and withdrawn


def test_a_chit_put_under_the_second_stack_is_told_as_revealed_and_not_counted():
    told = 0
    for seed in range(6):
        game = finished("heroes-4p", seed)
        for event in game.events:
            if event.kind == "chit_put_under":
                line = " ".join(narrate(game, [event], None))
                assert "is revealed" in line and "under the second stack" in line
                assert "not counted" in line and "among the chits left" in line
                told += 1
    assert told


# --- explain -------------------------------------------------------------------------------

def test_explain_shows_names_and_labels_not_ids_or_decision_kinds():
    ex = explain(str(SCENARIO_DIR / "compare-cardgame-conquest.toml"),
                 str(SCENARIO_DIR / "compare-cardgame-no-conquest.toml"))
    a, b = ex.seen
    assert a.shown.startswith("Revealed: ") and "Conquest row: " in a.shown
    shown = "\n".join(s.shown for g in ex.games for s in g.visible)
    assert not re.search(r"\b[ABC]\d\d\b", shown), "card ids"
    assert not re.search(r"\b(card|cover|remove):\d", shown), "option ids"
    assert "_coin_card" not in shown and "(bid_card)" not in shown, "decision kinds"
    assert re.search(r"Bid on which card\? Chose: \w", shown)
    page = render_explain_html(ex)
    assert "Revealed: " in page and not re.search(r"\b[ABC]\d\d\b", page)
