"""The README's commands work as written: the quick start, and the "first house rule" steps run
from a fresh, empty folder."""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def block_after(heading: str) -> list[str]:
    part = README.split(heading, 1)[1]
    code = re.search(r"```sh\n(.*?)```", part, re.S).group(1)
    return [line.split("  #")[0].strip() for line in code.splitlines() if line.strip()]


def python_block_after(heading: str) -> str:
    part = README.split(heading, 1)[1]
    return re.search(r"```python\n(.*?)```", part, re.S).group(1)


def command(line: str) -> list[str]:
    args = shlex.split(line)
    if args[0] == "peloponnes" and shutil.which("peloponnes") is None:
        args = [sys.executable, str(ROOT / "cli.py"), *args[1:]]
    elif args[0] == "python3":
        args[0] = sys.executable
    return args


def run(line: str, cwd: Path) -> subprocess.CompletedProcess:
    result = subprocess.run(command(line), cwd=cwd, capture_output=True, text=True,
                            env={**os.environ, "COLUMNS": "120"}, timeout=300)
    assert result.returncode == 0, f"`{line}` failed:\n{result.stdout}\n{result.stderr}"
    return result


def test_quick_start_simulates_a_game():
    (install_and_run,) = [line for line in block_after("## Quick start") if "simulate" in line]
    simulate = install_and_run.split("&&", 1)[1].strip()   # the package is installed already
    out = run(simulate, ROOT).stdout
    assert "win share" in out


def test_test_command_is_what_ci_runs():
    test_line = block_after("Run the test suite with:")[0]
    assert "ruff check ." in test_line and "lint-imports" in test_line
    assert "pluggy_bounds.py" in test_line
    assert (ROOT / ".ci" / "run").read_text().splitlines()[-1] == test_line


def test_first_house_rule_from_a_fresh_folder(tmp_path):
    for line in block_after("### Your first house rule"):
        run(line, tmp_path)
    assert (tmp_path / "my_rule.py").exists() and (tmp_path / "mine.toml").exists()
    assert 'plugins = [\n    "my_rule.py",\n]' in (tmp_path / "mine.toml").read_text() or \
        '"my_rule.py"' in (tmp_path / "mine.toml").read_text()


def test_the_architecture_page_is_linked_and_names_files_that_exist():
    assert "(docs/architecture.md)" in README
    page = (ROOT / "docs" / "architecture.md").read_text()
    paths = set(re.findall(r"`((?:core|variants|plugins|tests|bench)/[\w/]+(?:\.py)?/?)`", page))
    assert len(paths) > 10
    missing = [p for p in paths if "<" not in p and not (ROOT / p).exists()]
    assert not missing, f"docs/architecture.md names missing files: {missing}"


def test_train_your_own_agent_loop_runs(tmp_path):
    pytest.importorskip("pettingzoo", reason="needs the rl extra: pip install -e '.[rl]'")
    pytest.importorskip("gymnasium", reason="needs the rl extra: pip install -e '.[rl]'")
    rl_page = (ROOT / "docs" / "rl.md").read_text()
    code = re.search(r"```python\n(.*?)```", rl_page, re.S).group(1)
    result = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    finals = [line for line in result.stdout.splitlines() if " reward " in line]
    assert len(finals) == 3 * 4                  # three games, every seat told its reward
    assert {line.split(":")[0] for line in finals} == {"game 0", "game 1", "game 2"}


def test_readme_is_a_users_guide_with_working_links():
    assert len(README.encode()) <= 40_000, "the README is a user's guide: keep it under 40 KB"
    assert not re.search(r"\bissue \d+|#\d+\b", README, re.I), "no issue numbers in user docs"
    for link in re.findall(r"\]\(((?:docs|variants|plugins)/[^)#]+)\)", README):
        assert (ROOT / link).exists(), link
    assert "(docs/performance.md)" in README
    slugs = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
             for h in re.findall(r"^#+ (.+)$", README, re.M)}
    for anchor in re.findall(r"\]\(#([\w-]+)\)", README):
        assert anchor in slugs, f"link to a missing section: #{anchor}"
