"""The table (`peloponnes play`) driven through the real CLI with a script of a game on standard
input, one answer a line, as a pipe gives it: a whole game of each variant, the narration, undo,
hot-seat secrecy, saves that replay to the same scores, the replay page, help at the table, and
the ways a game can stop early (each a one-line error with the game saved)."""
import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.table.record import load_save
from tests.table_script import script_for, typed

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input,
                              env={"COLUMNS": "100", "LINES": "30"})


def replayed_scores(save: Path) -> list:
    data = json.loads(run("replay", save, "--json", "-").stdout)
    (over,) = [e for e in data["events"] if e["kind"] == "game_over"]
    return over["scores"]


def scores(game) -> list:
    return [s.value for s in game.result.scores]


def the_save(folder: Path) -> Path:
    (save,) = folder.glob("*.toml")
    return save


# --- a whole game of each variant -------------------------------------------------------------

@pytest.fixture(scope="module")
def card_game(tmp_path_factory):
    """You against three bots; at your fourth decision you take back the third and answer it
    again."""
    tmp = tmp_path_factory.mktemp("card")
    script = script_for(SCENARIOS / "cardgame-vs-bots.toml", tmp / "script")
    k = 2
    lines = script.lines[:k + 1] + ["u", script.lines[k]] + script.lines[k + 1:]
    result = run("play", "cardgame-vs-bots", "--save-dir", tmp / "saves", input=typed(lines))
    return script, result, tmp


def test_card_game_plays_to_the_end_from_a_script(card_game):
    script, result, _ = card_game
    assert result.exit_code == 0, result.output[-3000:]
    assert "Final scores" in result.output and "Traceback" not in result.output
    assert len(script.lines) > 20


def test_the_narration_names_the_other_players_moves(card_game):
    _, result, _ = card_game
    out = result.output
    assert re.search(r"(Leonidas|Helena|Dimitrios) bids \d+ on [A-Z][a-z]", out)
    assert re.search(r"New turn order: \w+", out)
    assert re.search(r"(Leonidas|Helena|Dimitrios) gains [A-Z][a-z]", out)
    assert re.search(r"draws \d+ coin cards? as income", out)
    assert "— Round 8 —" in out and "Game over." in out
    assert not re.search(r"\b[ABC]\d\d\b", out), "card ids instead of names"
    assert "for_=" not in out and "seat=" not in out


def test_undo_takes_back_the_last_decision_and_asks_it_again(card_game):
    script, result, _ = card_game
    out = result.output
    took = out.index("took back:")
    assert script.labels[2] in out[took:took + 200]
    asked_again = out[took:].index(f"You: {script.prompts[2]}")
    assert asked_again < out[took:].index(f"You: {script.prompts[3]}")


def test_the_finished_game_is_saved_and_replays_to_the_same_scores(card_game):
    script, _, tmp = card_game
    save = the_save(tmp / "saves")
    assert replayed_scores(save) == scores(script.game)
    log = run("replay", save, "--log")
    assert log.exit_code == 0 and "Game over." in log.output
    assert "Your starting hand" not in log.output           # a spectator sees nobody's hand
    mine = run("replay", save, "--log", "--seat", 1)
    assert "Your starting hand" in mine.output


def test_replay_html_writes_one_page_stepping_through_the_game(card_game):
    script, _, tmp = card_game
    page = tmp / "game.html"
    result = run("replay", the_save(tmp / "saves"), "--html", page)
    assert result.exit_code == 0, result.output
    text = page.read_text()
    assert not re.search(r"""(src|href)\s*=""", text) and "http" not in text
    assert "Leonidas" in text and "Round 1 of 8" in text


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
def test_replay_page_works_in_headless_chromium(card_game, tmp_path):
    _, _, tmp = card_game
    page = tmp / "game.html"
    if not page.exists():
        run("replay", the_save(tmp / "saves"), "--html", page)
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    body = re.search(r"<body([^>]*)>", done.stdout).group(1)
    assert 'data-ready="1"' in body and "data-errors" not in body, body
    answers = len(load_save(the_save(tmp / "saves"))[2])
    assert f'data-steps="{answers + 1}"' in body                  # a step per decision + the end
    assert "Decision 1 of" in done.stdout and "Round 1 of 8" in done.stdout


def test_board_game_at_any_seat(tmp_path):
    script = script_for(SCENARIOS / "boardgame-4p.toml", tmp_path / "script", seat=2)
    result = run("play", "boardgame-4p", "--seat", 2, "--save-dir", tmp_path / "saves",
                 input=typed(script.lines))
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert re.search(r"(Ada|Chloe|Dimitrios) bids \d+ on", out)
    assert "Disaster chit:" in out
    assert re.search(r"^>2 +Basil", out, re.MULTILINE)                 # seats counted from 1
    assert replayed_scores(the_save(tmp_path / "saves")) == scores(script.game)


def test_heroes_negotiation_shows_abilities_first_and_announces_the_outcome(tmp_path):
    script = script_for(SCENARIOS / "heroes-negotiation.toml", tmp_path / "script", seat=2)
    result = run("play", "heroes-negotiation", "--as", "basil", "--save-dir", tmp_path / "saves",
                 input=typed(script.lines))
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    first_menu = " ".join(out[:out.index("choose (? for help)")].split())
    assert "Heroes and colonies dealt:" in first_menu
    assert re.search(r"hero \w+ \([^)]*Strength", first_menu)        # abilities, in words
    assert "Negotiation over:" in out and "Persian" in out
    assert replayed_scores(the_save(tmp_path / "saves")) == scores(script.game)


# --- hot-seat ---------------------------------------------------------------------------------

def test_hot_seat_screens_show_no_other_seats_hand(tmp_path):
    script = script_for(SCENARIOS / "cardgame-hotseat.toml", tmp_path / "script")
    result = run("play", "cardgame-hotseat", "--save-dir", tmp_path / "saves",
                 input=typed(script.lines))
    assert result.exit_code == 0, result.output[-3000:]
    screens = re.split(r"─+ (\w+) \(seat (\d)\) ─+", result.output)
    assert len(screens) > 10
    hands = {s: part for s, part in enumerate(script.game.events[1].data["hands"])}
    for name, seat, screen in zip(screens[1::3], screens[2::3], screens[3::3], strict=True):
        me = int(seat)
        starting = re.findall(r"Your starting hand: ([^.]*)\.", screen)
        assert len(starting) <= 1
        if starting:
            listed = starting[0].split(" showing ")[1]
            shown = {s.split()[1]: int(s.split()[0]) for s in listed.split(", ")}
            assert shown == {k: v for k, v in hands[me - 1].items() if v}, name
        for row in re.findall(r"^ (\d) .*$", screen, re.MULTILINE):
            assert int(row) != me
        for line in re.findall(r"^ \d .*$", screen, re.MULTILINE):
            assert re.search(r"\d+ cards?\b", line), line      # the others: hand sizes only


# --- help, layout, input ----------------------------------------------------------------------

def test_help_rules_explain_legend_and_full_table(tmp_path):
    script = script_for(SCENARIOS / "cardgame-vs-bots.toml", tmp_path / "script")
    lines = ["?", "r", "i Port", "i nothing-like-it", "l", "f", "h"] + script.lines
    result = run("play", "cardgame-vs-bots", "--save-dir", tmp_path / "saves",
                 input=typed(lines))
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "undo: take back your last decision" in out                    # ?
    assert "Each of 8 rounds" in out                                      # r
    assert re.search(r"Port \(building, era \w\): value \d", out)        # i
    assert "nothing called 'nothing-like-it'" in out
    assert "luxury goods / the most the luxury card holds" in out         # l
    assert "Players in turn order" in out and "Power cards on offer" in out   # f
    assert "cost {" not in out and "'wood'" not in out                    # costs for people


def test_odd_keystrokes_reprompt(tmp_path):
    script = script_for(SCENARIOS / "cardgame-vs-bots.toml", tmp_path / "script")
    lines = ["²", "zebra", "99", "-1", "u"] + script.lines
    result = run("play", "cardgame-vs-bots", "--save-dir", tmp_path / "saves",
                 input=typed(lines))
    assert result.exit_code == 0, result.output[-2000:]
    for bad in ("²", "zebra", "99", "-1"):
        assert f"'{bad}' is not an option" in result.output
    assert "cannot undo: there is no decision of yours" in result.output


def test_the_compact_table_fits_100_columns(tmp_path):
    script = script_for(SCENARIOS / "cardgame-vs-bots.toml", tmp_path / "script")
    result = run("play", "cardgame-vs-bots", "--save-dir", tmp_path / "saves",
                 input=typed(script.lines))
    assert max(len(line) for line in result.output.splitlines()) <= 100


# --- saves and stops --------------------------------------------------------------------------

def test_save_quit_resume_is_exact_and_keeps_one_file_per_game(tmp_path):
    path = tmp_path / "random-bots.toml"
    path.write_text('variant = "cardgame"\nseed = 3\n[[players]]\nname = "Me"\nagent = "human"\n'
                    '[[players]]\nname = "Rand"\nagent = "random"\n'
                    '[[players]]\nname = "Heu"\nagent = "heuristic"\n')
    script = script_for(path, tmp_path / "script")
    saves = tmp_path / "saves"
    first = run("play", path, "--save-dir", saves, input=typed(script.lines[:5] + ["s", "q"]))
    assert first.exit_code == 0 and "resume with" in first.output
    save = the_save(saves)                                       # s then q: one file
    assert "paused" in run("replay", save).output
    resumed = run("play", save, "--save-dir", saves, input=typed(script.lines[5:]))
    assert resumed.exit_code == 0, resumed.output[-2000:]
    assert re.search(r"resumed after \d+ answers", resumed.output)
    assert the_save(saves) == save                               # the same game, the same file
    assert replayed_scores(save) == scores(script.game)          # random bots resumed exactly
    other = run("play", path, "--save-dir", saves, input="q\n")
    assert other.exit_code == 0 and len(list(saves.glob("*.toml"))) == 2   # never overwritten


def test_a_scenario_without_a_person_suggests_seat():
    result = run("play", "cardgame-4p")
    assert result.exit_code == 2 and "--seat" in result.output and "Traceback" not in result.output
    assert "seats 1-4" in run("play", "cardgame-4p", "--seat", 9).output
    assert "no player called 'Zed'" in run("play", "cardgame-4p", "--as", "Zed").output


def test_input_ending_saves_the_game(tmp_path):
    result = run("play", "cardgame-vs-bots", "--save-dir", tmp_path / "saves", input="0\n")
    assert result.exit_code == 130 and "input ended" in result.output
    assert "saved to" in result.output and the_save(tmp_path / "saves")


def test_ctrl_c_while_bots_move_saves_the_game(tmp_path, monkeypatch):
    from peloponnes.variants.cardgame import bot

    def interrupted(view, decision):
        raise KeyboardInterrupt
    monkeypatch.setattr(bot, "choose", interrupted)
    result = run("play", "cardgame-vs-bots", "--save-dir", tmp_path / "saves", input="0\n")
    assert result.exit_code == 130 and "interrupted" in result.output
    assert "Traceback" not in result.output and the_save(tmp_path / "saves")


def test_a_rule_failing_in_a_house_rule_mid_game_is_one_line_and_the_game_saved(tmp_path):
    bad = tmp_path / "bad_rule.py"
    bad.write_text("from peloponnes import hookimpl\n\n@hookimpl\n"
                   "def compute_income(game, seat, population):\n    return 1 / 0\n")
    path = tmp_path / "s.toml"
    path.write_text(f'variant = "cardgame"\nplugins = ["{bad}"]\n'
                    '[[players]]\nagent = "random"\n[[players]]\nagent = "random"\n')
    result = run("play", path, "--seat", 1, "--save-dir", tmp_path / "saves", "--trust",
                 input="0\n" * 20)
    assert result.exit_code == 3, result.output[-2000:]
    error = " ".join(result.output[result.output.index("error:"):].split())
    assert "bad_rule.py" in error and "compute_income" in error
    assert "cardgame: 6. Income" in error and "saved to" in error
    assert "Traceback" not in result.output and the_save(tmp_path / "saves")


def test_ctrl_c_at_the_prompt_saves_the_game(tmp_path, monkeypatch):
    def interrupted(prompt=""):
        raise KeyboardInterrupt
    monkeypatch.setattr("builtins.input", interrupted)
    result = run("play", "cardgame-vs-bots", "--save-dir", tmp_path / "saves")
    assert result.exit_code == 130 and "interrupted" in result.output
    assert "Traceback" not in result.output and the_save(tmp_path / "saves")


@pytest.mark.parametrize("target, hook", [("render", "render_view"), ("view", "view_for_seat"),
                                          ("bot", "choose_heuristic")])
def test_a_plugin_failing_at_the_table_is_one_line_and_the_game_saved(tmp_path, monkeypatch,
                                                                      target, hook):
    from peloponnes.variants.cardgame import bot, plugin

    def broken(*args, **kwargs):
        raise ValueError("broken on purpose")
    if target == "bot":
        monkeypatch.setattr(bot, "choose", broken)
    else:
        monkeypatch.setattr(plugin, target, broken)
    result = run("play", "cardgame-vs-bots", "--save-dir", tmp_path / "saves", input="0\n" * 5)
    assert result.exit_code == 3, result.output[-2000:]
    error = " ".join(result.output[result.output.index("error:"):].split())
    assert result.output.count("error:") == 1
    assert "broken on purpose" in error and f"hook: {hook}" in error
    assert "cardgame" in error and "saved to" in error
    assert "Traceback" not in result.output and the_save(tmp_path / "saves")


def test_markup_in_names_is_printed_as_text(tmp_path):
    path = tmp_path / "markup.toml"
    path.write_text('name = "[/]"\nvariant = "cardgame"\nseed = 5\n'
                    '[[players]]\nname = "[/]"\nagent = "human"\n'
                    '[[players]]\nname = "[bold]x"\nagent = "heuristic"\n')
    script = script_for(path, tmp_path / "script")
    result = run("play", path, "--save-dir", tmp_path / "saves", input=typed(script.lines))
    assert result.exit_code == 0, result.output[-2000:]
    assert "[/] passes" in result.output or "[/] bids" in result.output
    assert "[bold]x" in result.output.split("Final scores")[1]


def test_new_scenario_takes_options(tmp_path):
    out = tmp_path / "neg.toml"
    result = run("new-scenario", "heroes", "-p", 3, "--option", "negotiation=true", "-o", out)
    assert result.exit_code == 0, result.output
    assert "negotiation = true" in out.read_text()
    bad = run("new-scenario", "heroes", "-p", 3, "--option", "nonsense=1", "-o",
              tmp_path / "x.toml")
    assert bad.exit_code == 2 and "options.nonsense" in bad.output
    assert run("new-scenario", "heroes", "--option", "novalue", "-o",
               tmp_path / "y.toml").exit_code == 2


def test_hot_seat_at_a_keyboard_clears_the_screen_and_waits_for_the_next_person(tmp_path):
    from rich.console import Console

    from peloponnes.core.plugins import load_ruleset
    from peloponnes.core.scenario import Scenario
    from peloponnes.table.prompt import play_at_terminal
    from peloponnes.table.session import TableSession

    script = script_for(SCENARIOS / "cardgame-hotseat.toml", tmp_path / "script")
    lines, last = [], None
    for seat, line in zip(script.seats, script.lines, strict=True):
        if last is not None and seat != last:
            lines.append("")                                  # Enter: "I have the terminal"
        lines.append(line)
        last = seat
    ruleset, sc = load_ruleset(Scenario.from_file(SCENARIOS / "cardgame-hotseat.toml"))
    session = TableSession(ruleset, sc, save_dir=tmp_path / "saves")
    screen = io.StringIO()
    with CliRunner().isolation(input=typed(lines)) as outputs:
        prompts = outputs[0]
        game = play_at_terminal(session, Console(file=screen, width=100), interactive=True)
        asked = prompts.getvalue().decode()
    assert scores(game) == scores(script.game)
    assert "Hand the terminal to Basil and press Enter" in asked
    assert asked.count("Hand the terminal to") == lines.count("")


def test_the_full_table_on_every_prompt_with_full(tmp_path):
    result = run("play", "cardgame-vs-bots", "--full", "--save-dir", tmp_path / "saves",
                 input="q\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert "Players in turn order" in result.output and "Legend" in result.output
