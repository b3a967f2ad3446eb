"""The HTML report in a real headless browser (Debian's chromium): it loads without script
errors, every SVG chart is drawn, and nothing is fetched from the network."""
import re
import shutil
import subprocess

import pytest

from peloponnes.lab.compare import compare, render_html

from .helpers import cardgame

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    result = compare([cardgame(), cardgame("no_conquest.py"), cardgame("conquest_plus_two.py")],
                     12, workers=1)
    path = tmp_path_factory.mktemp("report") / "report.html"
    path.write_text(render_html(result), encoding="utf-8")
    return path


def test_report_is_self_contained(page):
    text = page.read_text()
    assert not re.search(r"""(src|href)\s*=""", text)          # no script, style, font, image
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text)
    assert "@import" not in text and "url(" not in text


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")
def test_report_renders_in_headless_chromium(page, tmp_path):
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
               "--no-first-run", "--disable-background-networking", "--disable-component-update",
               "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}",
               "--dump-dom", page.as_uri()]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    body = re.search(r"<body([^>]*)>", dom).group(1)
    assert 'data-ready="1"' in body, body                         # the load handler ran
    assert "data-errors" not in body, body                         # no script error
    charts = int(re.search(r'data-charts="(\d+)"', body).group(1))
    drawn = int(re.search(r'data-charts-drawn="(\d+)"', body).group(1))
    assert charts >= 6 and drawn == charts                         # laid out, non-empty boxes
    assert 'data-label-overlaps="0"' in body, body                # no two labels' boxes meet
    assert dom.count('class="chart histogram"') == 3
    assert "Win share per seat" in dom and "Rules diff" in dom
