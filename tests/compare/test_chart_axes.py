"""The HTML report's charts read cleanly: value axes are marked at round numbers, the labels of
an axis never run together, and a line lying on another stays visible and is named as such.
(What a browser draws is checked in test_html_report.py: no two labels' drawn boxes meet.)"""
import math
import xml.etree.ElementTree as ET
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from peloponnes.lab.compare.formatting import bin_counts, score_bins
from peloponnes.lab.compare.stats import Estimate
from peloponnes.lab.compare.svg import (
    round_ticks,
    svg_grouped_bars,
    svg_histogram,
    svg_lines,
    svg_metric,
)

SVG = "{http://www.w3.org/2000/svg}"
# 11px labels: no digit, sign or hyphen of a common sans-serif font is wider than 0.6 em.
GLYPH = 0.6 * 11


def texts(svg: str, css: str) -> list[ET.Element]:
    return [t for t in ET.fromstring(svg).iter(f"{SVG}text") if css in t.get("class", "").split()]


def y_labels(svg: str) -> list[str]:
    """The value axis's labels, bottom up: the right-aligned ones with no rotation."""
    marks = [t for t in texts(svg, "ax") if t.get("text-anchor") == "end"
             and not t.get("transform")]
    return [t.text for t in sorted(marks, key=lambda t: -float(t.get("y")))]


def extent(label: ET.Element) -> tuple[float, float]:
    """Where a label's text runs from and to, by its anchor."""
    x, width = float(label.get("x")), len(label.text) * GLYPH
    start = x - width / 2 if label.get("text-anchor") == "middle" else x
    return start, start + width


def assert_apart(labels: list[ET.Element]) -> None:
    """Labels on one line: each one's extent ends before the next begins."""
    spans = sorted(extent(t) for t in labels)
    for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
        assert end <= start, spans


def is_round(step: float) -> bool:
    mantissa = step / 10 ** math.floor(math.log10(step) + 1e-9)
    return any(math.isclose(mantissa, m, rel_tol=1e-6) for m in (1, 2, 5))


@settings(max_examples=200, deadline=None)
@given(st.floats(-1e4, 1e4), st.floats(1e-3, 1e5), st.integers(1, 6))
def test_ticks_are_round_multiples_covering_the_range(lo, span, count):
    hi = lo + span
    ticks = round_ticks(lo, hi, count)
    step = float(f"{ticks[1] - ticks[0]:.6g}")          # the difference, float noise aside
    assert is_round(step)
    assert ticks[0] <= lo + step * 1e-6 and ticks[-1] >= hi - step * 1e-6
    for t in ticks:
        assert math.isclose(t / step, round(t / step), rel_tol=1e-9, abs_tol=1e-6)
    assert len(ticks) <= count + 3


def share(mean: float, half: float) -> Estimate:
    return Estimate(100, mean, mean - half, mean + half)


def test_win_share_axis_is_marked_at_round_percentages():
    seats = [share(0.21, 0.04), share(0.23, 0.04), share(0.25, 0.02), share(0.20, 0.05)]
    svg = svg_grouped_bars("Win share per seat (ties split)", ["seat 1", "seat 2", "seat 3",
                                                               "seat 4"],
                           [("A", seats), ("B", seats[::-1])], percent=True)
    assert y_labels(svg) == ["0%", "10%", "20%", "30%"]


def test_histogram_counts_and_shares_are_marked_at_round_values():
    bins = score_bins([Counter({v: 3 for v in range(10)})])
    counts = bin_counts(Counter({v: 3 + v * 14 for v in range(10)}), bins)   # top 129
    assert y_labels(svg_histogram("A: final scores", bins, counts, max(counts), "#000")) \
        == ["0", "50", "100", "150"]
    overlaid = svg_lines("overlaid", [b[2] for b in bins],
                         [("A", [c / sum(counts) for c in counts])], percent=True)
    assert y_labels(overlaid) == ["0%", "5%", "10%", "15%", "20%"]


def test_score_labels_never_run_together():
    # Board-game scores 0-47: 24 bins of two points, labelled "0-1", "2-3", ... "46-47".
    scores = Counter({v: 1 + v % 5 for v in range(48)})
    bins = score_bins([scores])
    assert bins[-1][2] == "46-47"
    counts = bin_counts(scores, bins)
    labels = [b[2] for b in bins]
    for svg in (svg_histogram("A: final scores", bins, counts, max(counts), "#000"),
                svg_lines("Final scores, overlaid", labels, [("A", counts), ("B", counts[::-1])],
                          x_title="final score")):
        shown = texts(svg, "x-label")
        assert shown[0].text == "0-1" and len(shown) >= 4
        assert_apart(shown)


def test_metric_axis_is_marked_at_round_values_apart():
    svg = svg_metric("winner_score", [share(10.76, 0.2), share(13.38, 0.3)], ["A", "B"])
    marks = texts(svg, "x-label")
    assert [t.text for t in marks] == ["0", "5", "10", "15"]
    assert_apart(marks)


def test_a_line_lying_on_another_stays_visible_and_is_named():
    same = [0.0, 0.0, 0.02, 0.17, 0.43, 0.89, 1.47, 2.03]
    svg = svg_lines("catastrophes_so_far by round", [str(r) for r in range(1, 9)],
                    [("A", same), ("B", same), ("C", [v * 0.9 for v in same])],
                    x_title="round")
    assert [t.text for t in texts(svg, "legend")] == ["A", "B (= A)", "C"]
    lines = list(ET.fromstring(svg).iter(f"{SVG}polyline"))
    assert len(lines) == 3
    assert len({line.get("stroke-dasharray") for line in lines}) == 3     # solid and two dashes
    assert lines[0].get("points") == lines[1].get("points")
    assert_apart(texts(svg, "legend"))
