"""Run the test suite at the oldest and at the newest pluggy that ``pyproject.toml`` accepts.

    python3 tests/pluggy_bounds.py [PYTEST ARGS]      # e.g. -q, or -q tests/core

Hook calls go through pluggy's public API, and the project promises the whole range it declares:
this runs the suite once per bound, each time with that pluggy put first on ``PYTHONPATH`` (it
is installed into ``.pluggy-bounds/`` beside this repository's sources, once), so the environment
running it, a virtual environment or the system's Python, is left as it was. The README's test
command (and so CI) runs it.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".pluggy-bounds"


def declared_range() -> tuple[str, str]:
    """The pluggy requirement of ``pyproject.toml`` and its lower bound: ('>=1.5,<2', '1.5')."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for requirement in project["dependencies"]:
        name, _, spec = requirement.partition(">=")
        if name.strip() == "pluggy":
            spec = ">=" + spec
            lowest = re.match(r">=\s*([\w.]+)", spec)
            if lowest:
                return spec, lowest.group(1)
    raise SystemExit("pyproject.toml declares no 'pluggy>=...' dependency")


def install(requirement: str, folder: Path) -> str:
    """Install ``requirement`` (pluggy alone) into ``folder`` unless it is there; its version."""
    if not any(folder.glob("pluggy-*.dist-info")):
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                        "--disable-pip-version-check", "--root-user-action", "ignore",
                        "--target", str(folder), requirement],
                       check=True)
    found = next(folder.glob("pluggy-*.dist-info")).name
    return found.removeprefix("pluggy-").removesuffix(".dist-info")


def run_suite(folder: Path, args: list[str]) -> int:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(folder), env.get("PYTHONPATH")) if p)
    return subprocess.run([sys.executable, "-m", "pytest", *args], cwd=ROOT, env=env).returncode


def main(args: list[str]) -> int:
    spec, lowest = declared_range()
    bounds = [("oldest", f"pluggy=={lowest}", CACHE / f"oldest-{lowest}"),
              ("newest", f"pluggy{spec}", CACHE / f"newest-{spec.replace(',', '_')}")]
    status = 0
    for which, requirement, folder in bounds:
        version = install(requirement, folder)
        print(f"== the test suite at the {which} pluggy this project accepts: {version}",
              flush=True)
        status = run_suite(folder, args or ["-q"]) or status
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
