"""Long fuzz run: mutated scenarios and hostile plugins, counting tracebacks and hangs.

    python3 bench/fuzz.py [--loader N] [--cli N] [--seed S] [--timeout SECONDS] [--no-plugins]

1. N mutated scenario files through the loader (read, validate, load the ruleset);
2. N more through ``peloponnes simulate FILE --games 1`` (in-process, click's runner);
3. every plugin of the hostile corpus (tests/hostile_plugins.py) through ``peloponnes simulate``
   in its own process (so ``os._exit`` and hangs are real): the run must end within the timeout
   with exit code 3 (2 for bad input) and a one-line error naming the plugin's file and its hook;
   a printing plugin must leave ``simulate --json`` valid JSON.

Prints a table of outcomes and the first findings. A figure, not a test: the bounded test is
tests/test_fuzz.py.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))       # the test helpers: tests/fuzzing.py, tests/hostile_plugins.py

from tests.fuzzing import Arena, base_texts, mutate, through_cli, through_loader  # noqa: E402
from tests.hostile_plugins import CORPUS, Hostile  # noqa: E402


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang


def scenarios(count: int, seed: int, probe, timeout: float) -> tuple[collections.Counter, dict]:
    arena = Arena(Path(tempfile.mkdtemp(prefix="fuzz-")))
    rng = random.Random(seed)
    texts = base_texts()
    outcomes: collections.Counter = collections.Counter()
    findings: dict[str, bytes] = {}
    signal.signal(signal.SIGALRM, _alarm)
    for _ in range(count):
        path = arena.write(mutate(rng.choice(texts), rng))
        signal.setitimer(signal.ITIMER_REAL, timeout)
        try:
            outcome = probe(path)
        except Hang:
            outcome = "hang"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        kind = outcome.split(":")[0]
        outcomes[kind] += 1
        if kind not in ("ok", "error"):
            findings.setdefault(outcome[:160], path.read_bytes()[:300])
    return outcomes, findings


PLAYERS = {"cardgame": 2, "boardgame": 2, "heroes": 2}


def hostile_run(hostile: Hostile, folder: Path, timeout: float) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    plugin = hostile.write(folder)
    seats = "".join(f'[[players]]\nagent = "{"heuristic" if i == 0 else "random"}"\n'
                    for i in range(PLAYERS[hostile.variant]))
    scenario = folder / "scenario.toml"
    scenario.write_text(f'variant = "{hostile.variant}"\nseed = 3\nplugins = ["{plugin.name}"]\n'
                        + seats)
    args = [sys.executable, "-m", "peloponnes.cli", "simulate", str(scenario), "-n", "2",
            "--trust"] + (["--json", "-"] if hostile.output == "json" else [])
    env = {**os.environ, "COLUMNS": "400", "XDG_CONFIG_HOME": str(folder / "config"),
           "PELOPONNES_GAME_SECONDS": str(max(1.0, timeout / 5))}   # a failed game runs 3 times
    try:
        run = subprocess.run(args, cwd=folder, capture_output=True, text=True, timeout=timeout,
                             env=env)
    except subprocess.TimeoutExpired:
        return "hang"
    if "Traceback" in run.stderr or "Traceback" in run.stdout:
        return "traceback: " + run.stderr.strip().splitlines()[-1][:160]
    if hostile.output == "json":
        try:
            json.loads(run.stdout)
        except ValueError:
            return "corrupted JSON"
        return "ok" if run.returncode == 0 else f"exit {run.returncode}"
    if run.returncode != hostile.expect:
        return f"exit {run.returncode} (expected {hostile.expect}): {run.stderr.strip()[:160]}"
    errors = [line for line in run.stderr.splitlines() if line.startswith("error:")]
    if len(errors) != 1:
        return f"not one error line: {run.stderr.strip()[:160]}"
    line = errors[0]
    if str(plugin) not in line:
        return f"wrong plugin blamed: {line[:200]}"
    if hostile.hook and not any(f"{form}{hostile.hook}" in line
                                for form in ("hook: ", "hook ", "'")):
        return f"wrong hook named: {line[:200]}"
    return "ok"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loader", type=int, default=10_000, help="scenarios through the loader")
    parser.add_argument("--cli", type=int, default=1_000, help="scenarios through simulate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds before a hang")
    parser.add_argument("--no-plugins", action="store_true", help="skip the hostile plugins")
    args = parser.parse_args()
    os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp(prefix="fuzz-config-"))
    rows = []
    for label, count, probe in (("mutated scenarios through the loader", args.loader,
                                 through_loader),
                                ("mutated scenarios through simulate --games 1", args.cli,
                                 through_cli)):
        start = time.perf_counter()
        outcomes, findings = scenarios(count, args.seed, probe, args.timeout)
        rows.append((label, count, outcomes, time.perf_counter() - start))
        for outcome, data in list(findings.items())[:10]:
            print(f"finding ({label}): {outcome}\n    {data!r}")
    if not args.no_plugins:
        start = time.perf_counter()
        outcomes = collections.Counter()
        with tempfile.TemporaryDirectory(prefix="hostile-") as tmp:
            for hostile in CORPUS:
                outcome = hostile_run(hostile, Path(tmp) / hostile.name, args.timeout)
                outcomes[outcome.split(":")[0] if outcome != "ok" else "ok"] += 1
                if outcome != "ok":
                    print(f"finding (plugin {hostile.name}): {outcome}")
        rows.append(("broken or hostile plugins through simulate", len(CORPUS), outcomes,
                     time.perf_counter() - start))
    print()
    print("| probe | tried | outcome | time |\n|---|---|---|---|")
    for label, count, outcomes, seconds in rows:
        shown = ", ".join(f"{n} {k}" for k, n in sorted(outcomes.items()))
        print(f"| {label} | {count} | {shown} | {seconds:.0f} s |")


if __name__ == "__main__":
    main()
