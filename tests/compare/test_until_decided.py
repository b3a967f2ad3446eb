"""`compare --until-decided`: the intervals stay valid however often they are looked at (shown
by simulation, no games needed), and a run of real games stops with a reason and a number of
games for every headline metric, the same for any number of workers."""
import json
import math
import random

import pytest
from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.lab.batch import RunningStats
from peloponnes.lab.compare.sequential import (
    CAP,
    CONSTANT,
    DECIDED,
    EQUIVALENT,
    Looks,
    round_ends,
)
from peloponnes.lab.compare.stats import estimate

from .helpers import SCENARIOS

CONQUEST = str(SCENARIOS / "compare-cardgame-conquest.toml")
MARKET = str(SCENARIOS / "house-market_phase.toml")

SEQUENCES = 400
MOST = 2000                  # paired games of each simulated run at most
LOOKS = list(round_ends(MOST))

# Paired differences with mean 0, shaped like compare's: a score difference, the difference of
# two seats' wins (0/1), and a rare event (a shared first place: mostly 0, now and then ±1);
# each with the spread it would have unpaired (the sequence's prior).
NULL_DIFFERENCES = {
    "scores": (lambda rng: round(rng.gauss(0.0, 3.3)), 3.3),
    "wins": (lambda rng: (rng.random() < 0.25) - (rng.random() < 0.25), 0.61),
    "rare": (lambda rng: (rng.random() < 0.02) - (rng.random() < 0.02), 0.2),
}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def wrongly_decided(draw, spread: float, seed: int) -> tuple[float, float]:
    """Of SEQUENCES runs looking after every round, the share that ended "decided" by the
    anytime-valid interval, and the share a fixed-size t interval looked at the same rounds
    would have decided (both wrong: the mean is 0)."""
    rng = random.Random(seed)
    sequential = fixed = 0
    for _ in range(SEQUENCES):
        looks, stats, fixed_said = Looks(), RunningStats(), False
        for end in LOOKS:
            while stats.n < end:
                stats.add(draw(rng))
            fixed_said = fixed_said or estimate(stats).significant
            if looks.look(end, {(1, "m"): stats}, {(1, "m"): spread}):
                break
        (verdict,) = looks.close(stats.n)
        sequential += verdict.reason == DECIDED
        fixed += fixed_said
    return sequential / SEQUENCES, fixed / SEQUENCES


@pytest.mark.parametrize("shape", NULL_DIFFERENCES)
def test_repeated_looks_keep_wrong_verdicts_at_most_five_percent(shape):
    sequential, fixed = wrongly_decided(*NULL_DIFFERENCES[shape], seed=26)
    assert sequential <= 0.05
    # the fixed-size interval, looked at as often, is wrong far more often: why it is not used
    assert fixed > 0.15


def test_a_real_difference_is_decided_and_a_small_one_is_equivalent():
    rng = random.Random(3)
    looks = Looks({"small": 1.0})
    rises, small, same = RunningStats(), RunningStats(), RunningStats()
    for end in LOOKS:
        while rises.n < end:
            rises.add(rng.gauss(1.0, 3.0))
            small.add(rng.gauss(0.1, 3.0))
            same.add(0.0)
        if looks.look(end, {(1, "rises"): rises, (1, "small"): small, (1, "same"): same},
                      spreads={(1, "rises"): 3.0, (1, "small"): 3.0, (1, "same"): 0.0}):
            break
    verdicts = {v.metric: v for v in looks.close(rises.n)}
    assert verdicts["rises"].reason == DECIDED and verdicts["rises"].direction == "rises"
    assert verdicts["small"].reason == EQUIVALENT
    assert verdicts["same"].reason == CONSTANT
    # each was settled at a look, and the run stopped at the last of them
    assert verdicts["rises"].games < verdicts["small"].games == rises.n < MOST
    low, high = verdicts["small"].interval.low, verdicts["small"].interval.high
    assert -1.0 <= low < 0.1 < high <= 1.0


def test_rounds_are_the_same_whatever_plays_them():
    assert LOOKS[:6] == [20, 40, 60, 80, 100, 125] and LOOKS[-1] == MOST
    assert list(round_ends(50)) == [20, 40, 50] and list(round_ends(7)) == [7]
    steps = list(zip(LOOKS[:-1], LOOKS[1:], strict=True))
    # at least 20 games a round (the last may be shorter), at most a quarter more
    assert all(later - earlier >= 20 for earlier, later in steps[:-1])
    assert all(later <= max(earlier + 20, math.ceil(earlier * 1.25)) for earlier, later in steps)


def test_real_games_stop_when_decided_with_reasons_in_every_report(tmp_path):
    out_html = tmp_path / "r.html"
    args = ("compare", CONQUEST, MARKET, "--until-decided", "--metric", "winner_score",
            "--metric", "luxury", "--metric", "tie", "--margin", "tie=0.1")
    one = run(*args, "-w", 1, "--json", "-")
    two = run(*args, "-w", 2, "--json", "-")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert json.loads(one.stdout) == json.loads(two.stdout)      # any number of workers

    data = json.loads(one.stdout)
    report = data["until_decided"]
    assert report["ended"] == "every headline metric decided"
    assert data["games"] == report["games"] == report["looks"][-1] < report["max_games"]
    verdicts = {v["metric"]: v for v in report["verdicts"]}
    assert verdicts["winner_score"]["reason"] == DECIDED
    assert verdicts["winner_score"]["direction"] == "falls"
    assert verdicts["luxury"]["verdict"] == "decided: rises"
    assert verdicts["tie"]["reason"] == EQUIVALENT and verdicts["tie"]["margin"] == 0.1
    assert all(20 <= v["games"] <= data["games"] for v in verdicts.values())
    assert any(line.startswith("B: winner_score falls") for line in data["headlines"])

    shown = run(*args, "--html", out_html)
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.stdout.split())
    assert f"stopped after {data['games']} paired games" in text
    assert "every headline metric decided" in text
    assert "decided: falls" in text and "equivalent: within ±0.1" in text
    page = out_html.read_text()
    assert 'id="verdicts"' in page and "decided: rises" in page and "within ±0.1" in page


def test_a_cap_ends_the_run_and_says_so():
    args = ("compare", CONQUEST, MARKET, "--until-decided", "--metric", "lead_changes",
            "--json", "-")
    capped = json.loads(run(*args, "--max-games", 45).stdout)["until_decided"]
    assert capped["ended"] == "the most games (--max-games) reached"
    assert capped["looks"] == [20, 40, 45]
    (verdict,) = capped["verdicts"]
    assert (verdict["reason"], verdict["games"]) == (CAP, 45)
    assert verdict["verdict"] == "undecided at the cap"
    # a time limit no round can keep: the run ends after its first round
    timed = json.loads(run(*args, "--max-time", "0.001s").stdout)["until_decided"]
    assert timed["ended"] == "the time limit (--max-time) reached" and timed["looks"] == [20]


@pytest.mark.parametrize("args,message", [
    (("--until-decided", "-n", 50), "give the most games with --max-games, not --games"),
    (("--margin", "luxury=1"), "--margin needs --until-decided"),
    (("--until-decided", "--margin", "luxury"), "write METRIC=X, X a number above 0"),
    (("--until-decided", "--margin", "lux=1"), "not a headline metric of this comparison "
                                               "(did you mean luxury?)"),
    (("--until-decided", "--max-time", "soon"), "write a time above 0"),
])
def test_bad_options_are_refused_before_any_game(args, message):
    result = run("compare", CONQUEST, MARKET, *args)
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())
