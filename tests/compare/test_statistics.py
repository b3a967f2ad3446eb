"""compare's statistics against values computed by hand (and against a printed t table)."""
import math

import pytest

from peloponnes.core.compare import (
    GameRecord,
    analyse,
    generic_metrics,
    mean_ci,
    paired_diff,
    prepare,
    proportion_ci,
    t_quantile,
)

from .helpers import cardgame


@pytest.mark.parametrize("df, printed", [(1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776),
                                         (9, 2.262), (10, 2.228), (30, 2.042), (120, 1.980)])
def test_t_quantile_matches_the_printed_table(df, printed):
    assert t_quantile(0.975, df) == pytest.approx(printed, abs=5e-4)


def test_t_quantile_tends_to_the_normal_quantile():
    assert t_quantile(0.975, 1_000_000) == pytest.approx(1.959964, abs=1e-5)


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

    def rec(seed, scores, winners, civs):
        return GameRecord(seed, scores, winners, 0, [{"civilization": c} for c in civs],
                          generic_metrics(scores, winners, 0))

    a = [rec(1, [10, 1], [0], "XY"), rec(2, [12, 2], [0], "YX"),
         rec(3, [9, 9], [0, 1], "XY"), rec(4, [11, 3], [0], "YX")]
    b = [rec(1, [12, 4], [0], "XY"), rec(2, [1, 13], [1], "YX"),
         rec(3, [12, 2], [0], "XY"), rec(4, [2, 12], [1], "YX")]
    result = analyse(entries, list(zip(a, b)), games=4, first_seed=1)
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
