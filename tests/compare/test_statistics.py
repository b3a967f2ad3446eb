"""compare's statistics against values computed by hand (and against a printed t table)."""
import math

import pytest

from peloponnes.core.metrics import generic_metrics
from peloponnes.lab.batch import GameRecord, Tally
from peloponnes.lab.compare import analyse, mean_ci, paired_diff, prepare, proportion_ci
from peloponnes.lab.compare.stats import normal_quantile, t_quantile

from .helpers import cardgame


@pytest.mark.parametrize("df, printed", [(1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776),
                                         (9, 2.262), (10, 2.228), (30, 2.042), (120, 1.980)])
def test_t_quantile_matches_the_printed_table(df, printed):
    assert t_quantile(0.975, df) == pytest.approx(printed, abs=5e-4)


def test_t_quantile_tends_to_the_normal_quantile():
    assert t_quantile(0.975, 1_000_000) == pytest.approx(1.959964, abs=1e-5)


def test_normal_quantile_is_the_standard_librarys():
    assert normal_quantile(0.975) == pytest.approx(1.959964, abs=1e-6)


def test_mean_ci_by_hand():
    # values 1..5: mean 3, sample variance (4+1+0+1+4)/4 = 2.5, sd 1.58114, se 0.70711,
    # t(0.975, 4) = 2.776445 -> half width 1.963243.
    est = mean_ci([1, 2, 3, 4, 5])
    assert est.n == 5 and est.mean == 3
    assert est.sd == pytest.approx(math.sqrt(2.5))
    assert est.low == pytest.approx(3 - 1.963243, abs=1e-6)
    assert est.high == pytest.approx(3 + 1.963243, abs=1e-6)


def test_mean_ci_degenerate_cases():
    assert mean_ci([]).mean is None
    one = mean_ci([7])
    assert one.mean == 7 and one.low is None and not one.significant
    flat = mean_ci([2, 2, 2])
    assert (flat.low, flat.high) == (2, 2) and flat.significant     # excludes 0: it is 2


def test_paired_difference_by_hand():
    # A = 10 12 9 11, B = 12 13 12 12: differences 2 1 3 1, mean 1.75,
    # sample variance (0.0625 + 0.5625 + 1.5625 + 0.5625) / 3 = 0.916667, sd 0.957427,
    # se 0.478714, t(0.975, 3) = 3.182446 -> half width 1.523480: CI [0.226520, 3.273480],
    # which excludes 0: significant.
    est = paired_diff([10, 12, 9, 11], [12, 13, 12, 12])
    assert est.n == 4 and est.mean == pytest.approx(1.75)
    assert est.low == pytest.approx(0.226520, abs=1e-6)
    assert est.high == pytest.approx(3.273480, abs=1e-6)
    assert est.significant


def test_paired_difference_skips_missing_pairs_and_can_be_insignificant():
    # pairs (1,2) (3,2) (None,5) (2,None) (2,3): differences 1 -1 1, mean 1/3, sd 1.154701,
    # se 0.666667, t(0.975, 2) = 4.302653 -> half width 2.868435: CI contains 0.
    est = paired_diff([1, 3, None, 2, 2], [2, 2, 5, None, 3])
    assert est.n == 3 and est.mean == pytest.approx(1 / 3)
    assert est.high - est.mean == pytest.approx(2.868435, abs=1e-6)
    assert not est.significant


def test_wilson_interval_by_hand():
    # 8 wins in 20: p = 0.4, z = 1.959964; denominator 1 + z^2/20 = 1.192072;
    # centre (0.4 + z^2/40) / 1.192072 = 0.416113;
    # half z * sqrt(0.4*0.6/20 + z^2/1600) / 1.192072 = 0.197306 -> [0.218807, 0.613419].
    est = proportion_ci(8, 20)
    assert est.mean == pytest.approx(0.4)
    assert est.low == pytest.approx(0.218807, abs=1e-5)
    assert est.high == pytest.approx(0.613419, abs=1e-5)


def test_analyse_computes_the_same_numbers_from_game_records():
    """The whole pipeline on hand-made records: two rulesets, four paired games."""
    entries = prepare([cardgame(), cardgame("no_conquest.py")])

    def rec(seed, scenario, scores, winners, civs):
        return GameRecord(seed, scenario, scores, winners, 0,
                          [{"civilization": c} for c in civs],
                          generic_metrics(scores, winners, first_player=0))

    a = [rec(1, 0, [10, 1], [0], "XY"), rec(2, 0, [12, 2], [0], "YX"),
         rec(3, 0, [9, 9], [0, 1], "XY"), rec(4, 0, [11, 3], [0], "YX")]
    b = [rec(1, 1, [12, 4], [0], "XY"), rec(2, 1, [1, 13], [1], "YX"),
         rec(3, 1, [12, 2], [0], "XY"), rec(4, 1, [2, 12], [1], "YX")]
    tally = Tally(2).consume(r for pair in zip(a, b, strict=True) for r in pair)
    result = analyse(entries, tally, games=4, first_seed=1)
    row = {r.name: r for r in result.metrics}["winner_score"]
    assert row.per_scenario[0].mean == pytest.approx(10.5)
    assert row.diffs[0] is None
    diff = row.diffs[1]
    assert diff.mean == pytest.approx(1.75) and diff.low == pytest.approx(0.226520, abs=1e-6)
    assert diff.significant
    # seat 1 win share in A: 1, 1, 1/2 (tie), 1 -> 0.875; in B: 1, 0, 1, 0 -> 0.5
    seat1 = {r.name: r for r in result.metrics}["win_seat1"]
    assert seat1.per_scenario[0].mean == pytest.approx(0.875)
    assert seat1.diffs[1].mean == pytest.approx(-0.375)
    assert {r.name: r for r in result.metrics}["first_player_win"].per_scenario[1].mean == 0.5
    assert {r.name: r for r in result.metrics}["tie"].per_scenario[0].mean == 0.25
    # civilization X is held by seat 1 in games 1 and 3 and by seat 2 in games 2 and 4.
    # A: won game 1, shared game 3, lost 2 and 4: 1.5 wins of 4 seats. B: won all four.
    x = next(r for r in result.labels if r.value == "X")
    assert x.seats == [4, 4] and x.per_scenario[0].mean == pytest.approx(1.5 / 4)
    assert x.per_scenario[1].mean == pytest.approx(1.0)
    assert x.mean_score[0] == pytest.approx((10 + 2 + 9 + 3) / 4)


def test_tally_equals_a_hand_count():
    """Three games of one scenario, counted by hand: per-seat scores, win shares (a shared win
    counts 1/2), per-label seats, wins and mean scores, score counts, a failed game left out."""
    from peloponnes.lab.batch import GameFailure

    def rec(seed, scores, winners, civs):
        return GameRecord(seed, 0, scores, winners, None, [{"civilization": c} for c in civs],
                          {"winner_score": max(scores), "bonus": None})

    games = [rec(1, [5, 3, 5], [0, 2], "XYZ"), rec(2, [2, 7, 4], [1], "YXZ"),
             GameRecord(3, 0, failure=GameFailure(0, 3, "boom", "p.py", "on_event")),
             rec(4, [6, 6, 1], [0, 1], "ZYX")]
    t = Tally(1).consume(games).scenarios[0]
    assert (t.games, t.finished) == (4, 3)
    assert [f.seed for f in t.failures] == [3]
    # seat 1 scored 5, 2, 6; seat 2 scored 3, 7, 6; seat 3 scored 5, 4, 1
    assert [(s.n, s.mean, s.min, s.max) for s in t.seat_scores] == [
        (3, pytest.approx(13 / 3), 2, 6), (3, pytest.approx(16 / 3), 3, 7),
        (3, pytest.approx(10 / 3), 1, 5)]
    # seat 1: 1/2 + 0 + 1/2; seat 2: 0 + 1 + 1/2; seat 3: 1/2 + 0 + 0
    assert [t.win_share(s) for s in range(3)] == pytest.approx([1 / 3, 1.5 / 3, 0.5 / 3])
    assert t.seat_scores[1].sd == pytest.approx(math.sqrt(((3 - 16 / 3) ** 2 + (7 - 16 / 3) ** 2
                                                           + (6 - 16 / 3) ** 2) / 2))
    # X: seat 1 game 1 (5, won 1/2), seat 2 game 2 (7, won), seat 3 game 4 (1, lost)
    x = t.labels[("civilization", "X")]
    assert (x.seats, x.wins, x.score) == (3, pytest.approx(1.5), 13)
    z = t.labels[("civilization", "Z")]          # seat 3 (5, 1/2), seat 3 (4), seat 1 (6, 1/2)
    assert (z.seats, z.wins, z.score) == (3, pytest.approx(1.0), 15)
    assert t.score_counts == {5: 2, 3: 1, 2: 1, 7: 1, 4: 1, 6: 2, 1: 1}
    assert t.metric("winner_score").mean == pytest.approx(6) and t.metric("bonus").n == 0
    assert list(t.metric_names) == ["winner_score", "bonus"]


def test_a_tally_collects_garbage_less_often_while_it_consumes_and_puts_it_back():
    import gc

    from peloponnes.lab.batch.garbage import THRESHOLD
    before = gc.get_threshold()
    seen = []

    def records():
        for seed in (1, 2):
            seen.append(gc.get_threshold()[0])
            yield GameRecord(seed, 0, [1, 2], [1], None, [], {"winner_score": 2})

    assert Tally(1).consume(records()).scenarios[0].finished == 2
    assert seen == [max(THRESHOLD, before[0])] * 2 and gc.get_threshold() == before


def test_running_statistics_equal_the_two_pass_formulas():
    import statistics

    from peloponnes.lab.batch import RunningStats
    values = [3.5, 1e6 + 0.25, -2.0, 7.125, 1e6, 0.1, 0.2, 0.3]
    stats = RunningStats(values)
    assert stats.mean == pytest.approx(statistics.fmean(values), rel=1e-15)
    assert stats.sd == pytest.approx(statistics.stdev(values), rel=1e-12)
    assert (stats.min, stats.max) == (min(values), max(values))
