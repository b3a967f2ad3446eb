"""`compare --agent random,heuristic`: the same seeds under each agent, each agent's report,
and per headline metric whether its verdict holds for all bots or depends on the bot, in the
terminal, JSON, CSV and HTML reports.

The rulesets differ only by a test plugin's metric ``signal``: the same number in both on every
seed, plus 1 in B when the heuristic bot plays; so under the heuristic bot it rises, under the
random bot it does not move, and nothing else changes."""
import csv
import io
import json

from click.testing import CliRunner

from peloponnes.cli import main

from .helpers import write_plugin

SIGNAL = '''@hookimpl
def collect_metrics(game):
    bonus = {bonus}
    return {{"signal": (game.seed * 7919 % 10) / 10 + bonus}}
'''
HEURISTIC_BONUS = '1.0 if game.scenario.players[0].agent == "heuristic" else 0.0'


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def flat(text: str) -> str:
    return " ".join(text.replace("\n", " ").split())


def rulesets(tmp_path):
    """Scenario files A (signal as dealt) and B (signal + 1 under the heuristic bot)."""
    paths = []
    for name, bonus in (("a", "0.0"), ("b", HEURISTIC_BONUS)):
        plugin = write_plugin(tmp_path, f"signal_{name}", SIGNAL.format(bonus=bonus))
        seats = "".join(f'[[players]]\nname = "P{i}"\nagent = "random"\n' for i in range(4))
        path = tmp_path / f"{name}.toml"
        path.write_text(f'name = "{name}"\nvariant = "cardgame"\nseed = 1\n'
                        f"plugins = {json.dumps([plugin])}\n{seats}")
        paths.append(path)
    return paths


def test_each_bot_plays_the_same_seeds_and_the_verdicts_are_put_side_by_side(tmp_path):
    a, b = rulesets(tmp_path)
    out_json, out_csv, out_html = (tmp_path / f"r.{ext}" for ext in ("json", "csv", "html"))
    result = run("compare", a, b, "--agent", "random,heuristic", "-n", 30, "--trust",
                 "--metric", "signal", "--metric", "decisions",
                 "--json", out_json, "--csv", out_csv, "--html", out_html)
    assert result.exit_code == 0, result.output
    text = flat(result.stdout)
    assert text.index("Agent: random") < text.index("Agent: heuristic") \
        < text.index("Does the verdict depend on the bot? (random, heuristic)")
    assert text.count("Comparing 2 rulesets over 30 paired games (seeds 1-30") == 2
    assert ("B: signal — depends on the bot: random says no clear change (0.00 [0.00, 0.00]"
            in text)
    assert "heuristic says rises (+1.00 [1.00, 1.00], Holm p<0.001, 30 games)" in text
    assert "B: decisions — holds for all bots: no clear change" in text

    data = json.loads(out_json.read_text())
    assert data["agents"] == ["random", "heuristic"]
    assert [(r["agent"], r["games"], r["first_seed"]) for r in data["results"]] == [
        ("random", 30, 1), ("heuristic", 30, 1)]
    rows = {row["metric"]: row for row in data["across_bots"]}
    assert rows["signal"]["holds"] is False and rows["decisions"]["holds"] is True
    assert [(bot["agent"], bot["says"]) for bot in rows["signal"]["bots"]] == [
        ("random", "no clear change"), ("heuristic", "rises")]

    summary = list(csv.DictReader(io.StringIO(out_csv.read_text())))
    assert {row["agent"] for row in summary} == {"random", "heuristic"}
    assert any(row["agent"] == "heuristic" and row["name"] == "signal" and row["diff_mean"]
               for row in summary)

    page = out_html.read_text()
    assert page.startswith("<!DOCTYPE html>") and 'id="across-bots"' in page
    assert 'id="agent-random"' in page and 'id="agent-heuristic"' in page
    assert "depends on the bot" in page and "holds for all bots" in page


def test_until_decided_under_several_bots_says_why_each_stopped(tmp_path):
    a, b = rulesets(tmp_path)
    result = run("compare", a, b, "--agent", "random,heuristic", "--trust", "--until-decided",
                 "--metric", "signal", "--max-games", 60, "--json", "-")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    stops = {r["agent"]: r["until_decided"] for r in data["results"]}
    # under the heuristic bot the difference is decided at the first look; under the random
    # bot there is none to find, and the run goes on to the cap
    assert [(v["verdict"], v["games"]) for v in stops["heuristic"]["verdicts"]] == [
        ("decided: rises", 20)]
    assert [(v["verdict"], v["games"]) for v in stops["random"]["verdicts"]] == [
        ("undecided at the cap", 60)]
    (row,) = data["across_bots"]
    assert row["holds"] is False
    assert row["sentence"].startswith("B: signal — depends on the bot: random says no clear "
                                      "change")


def test_one_agent_keeps_the_single_report_and_bad_lists_are_refused(tmp_path):
    a, b = rulesets(tmp_path)
    one = run("compare", a, b, "--agent", "heuristic", "-n", 4, "--trust", "--json", "-")
    assert one.exit_code == 0, one.output
    data = json.loads(one.stdout)                       # today's report, not the list
    assert "across_bots" not in data and data["games"] == 4
    assert {p["agent"] for s in data["scenarios"] for p in s["players"]} == {"heuristic"}
    unknown = run("compare", a, b, "--agent", "heuristic,clever", "--trust")
    assert unknown.exit_code == 2
    assert "unknown agent 'clever' (bots: random, heuristic, mcts" in flat(unknown.stderr)
    twice = run("compare", a, b, "--agent", "random,random", "--trust")
    assert twice.exit_code == 2 and "names random more than once" in flat(twice.stderr)
    games = run("compare", a, b, "--agent", "random,heuristic", "--csv-games", "-", "--trust")
    assert games.exit_code == 2 and "--csv-games writes the games of one agent" in flat(
        games.stderr)
