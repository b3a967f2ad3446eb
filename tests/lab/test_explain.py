"""explain: where two rulesets part on one seed, found by tracing every hook implementation."""
import json

from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.lab.compare.explain import explain, play_traced
from peloponnes.lab.compare.explain_render import render_explain_html
from peloponnes.lab.compare.scenarios import prepare
from peloponnes.lab.simulate import run_game
from tests.compare.helpers import SCENARIOS, cardgame, write_plugin

CONQUEST = str(SCENARIOS / "compare-cardgame-conquest.toml")
NO_CONQUEST = str(SCENARIOS / "compare-cardgame-no-conquest.toml")


def test_no_conquest_is_blamed_on_its_count_revealed_answer():
    ex = explain(CONQUEST, NO_CONQUEST)
    assert ex.cause["hook"] == "count_revealed"
    assert ex.cause["by"] == {"A": ["cardgame"], "B": ["no_conquest"]}
    assert ex.cause["rule"].startswith("cardgame: 1. Reveal")
    assert "no_conquest returned (4, 0)" in ex.cause["text"]
    a, b = ex.seen
    assert a.kind == b.kind == "event" and a.text.startswith("revealed")
    assert "conquest: []" in b.text and "conquest: []" not in a.text
    out = ex.to_dict()["outcomes"]
    assert set(out) == {"A", "B"} and len(out["A"]["scores"]) == 4


def test_identical_rulesets_do_not_part():
    ex = explain(cardgame(), cardgame(), seed=5)
    assert ex.cause is None and ex.seen is None
    assert ex.common_steps == len(ex.games[1].steps) > 100


def test_an_added_phase_is_found_in_the_phase_list(tmp_path):
    ex = explain(cardgame(), cardgame("market_phase.py"), seed=2)
    assert ex.cause["hook"] == "list_round_phases"
    assert ex.cause["by"]["B"] == ["market_phase"]
    assert "Phase market" in ex.cause["text"]


def test_a_wrapper_of_any_hook_is_named_without_per_hook_code(tmp_path):
    path = write_plugin(tmp_path, "dearer", "@hookimpl(wrapper=True)\n"
                        "def conquest_surcharge(game, seat):\n"
                        "    value = yield\n    return value + 2\n")
    ex = explain(cardgame(), cardgame(path), seed=1)
    assert ex.cause["hook"] == "conquest_surcharge"
    assert ex.cause["by"]["B"] == ["dearer"]
    assert "dearer returned 5" in ex.cause["text"]


def test_tracing_does_not_change_the_game():
    entry = prepare([cardgame(seed=4), cardgame(seed=4)])[0]
    traced = play_traced(entry, 4)
    plain = run_game(prepare([cardgame(seed=4), cardgame(seed=4)])[0].ruleset,
                     entry.scenario, 4)
    assert traced.game.answers == plain.answers
    assert [s.value for s in traced.game.result.scores] == [s.value for s in plain.result.scores]


def test_cli_explain_terminal_json_and_html(tmp_path):
    page = tmp_path / "t.html"
    result = CliRunner().invoke(main, ["explain", CONQUEST, NO_CONQUEST, "--seed", "3",
                                       "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert "no_conquest's answer to count_revealed (B) made the difference" in result.output
    assert "Outcomes" in result.output
    text = page.read_text()
    assert 'id="timeline"' in text and 'class="cause"' in text and "http" not in text.lower()
    result = CliRunner().invoke(main, ["explain", CONQUEST, NO_CONQUEST, "--json", "-"])
    data = json.loads(result.output)
    assert data["cause"]["hook"] == "count_revealed" and not data["identical"]


def test_explain_html_of_identical_games():
    html = render_explain_html(explain(cardgame(), cardgame(), seed=1))
    assert "identical on this seed" in html


def test_explain_refuses_a_missing_file(tmp_path):
    result = CliRunner().invoke(main, ["explain", CONQUEST, str(tmp_path / "nope.toml")])
    assert result.exit_code == 2 and "Traceback" not in result.output
