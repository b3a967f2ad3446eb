"""The distribution installs under one namespace, ``peloponnes``: no top-level ``core``,
``variants`` or ``cli`` in site-packages, and the shipped scenarios and plugins are reachable from
an installed (non-editable) copy."""
from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURELIB = "import sysconfig; print(sysconfig.get_path('purelib'))"


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())
                 ["tool"]["setuptools"]["packages"])
    found = {"peloponnes"}
    tops = [init.parent.name for init in ROOT.glob("*/__init__.py") if init.parent.name != "tests"]
    assert {"core", "variants", "plugins", "rl"} <= set(tops)
    for top in tops:
        for init in (ROOT / top).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT).parts
            found.add(".".join(("peloponnes", *rel)))
    assert found == listed


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A wheel of this checkout installed into a fresh virtual environment. Its dependencies come
    from the environment running the tests, a virtual environment or the system's Python: a
    ``.pth`` file puts that environment's site-packages after the new one's own."""
    work = tmp_path_factory.mktemp("install")
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", str(ROOT),
                            "-w", str(work / "wheel")], capture_output=True, text=True)
    if build.returncode != 0:
        pytest.fail(f"building the wheel failed:\n{build.stderr[-2000:]}")
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    own = subprocess.run([str(python), "-c", PURELIB], check=True, capture_output=True,
                         text=True).stdout.strip()
    running = [p for p in sys.path if p.endswith(("site-packages", "dist-packages"))]
    (Path(own) / "running-environment.pth").write_text("\n".join(running) + "\n")
    wheel = next((work / "wheel").glob("*.whl"))
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
                   check=True, capture_output=True)
    elsewhere = work / "elsewhere"
    elsewhere.mkdir()
    return python, elsewhere


def _run(python: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(python), *args], cwd=cwd, capture_output=True, text=True, env=env,
                          timeout=300)


def test_installed_copy_has_one_namespace(installed):
    python, elsewhere = installed
    probe = ("import importlib.util as u, peloponnes.core, pathlib, sys\n"
             "assert 'site-packages' in peloponnes.core.__file__, peloponnes.core.__file__\n"
             "for name in ('core', 'variants', 'cli'):\n"
             "    assert u.find_spec(name) is None, name\n"
             "from peloponnes import hookimpl\n"
             "print('ok')\n")
    result = _run(python, elsewhere, "-c", probe)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_installed_copy_runs_shipped_scenarios_by_name(installed):
    python, elsewhere = installed
    script = Path(python).parent / "peloponnes"
    listed = subprocess.run([str(script), "scenarios", "--json", "-"], cwd=elsewhere,
                            capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr
    assert "compare-cardgame-no-conquest" in listed.stdout
    for name in ("cardgame-4p", "compare-cardgame-no-conquest.toml"):
        run = subprocess.run([str(script), "simulate", name, "--games", "3", "--json", "-"],
                             cwd=elsewhere, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        assert '"games": 3' in run.stdout
