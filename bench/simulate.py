"""Benchmark: random-agent games per second on one core, per variant, optionally against an
older commit measured in the same run.

    python3 bench/simulate.py [--games N] [--players P] [--variant V ...]
    python3 bench/simulate.py --against main [--repeat 5]          # before/after, same run

Prints games/s and decisions/s. With ``--against REV`` the code of commit REV is exported
(``git archive``, nothing in the repository changes) and both versions play the same seeded games
in fresh processes, alternating, ``--repeat`` times; the figures are CPU seconds of the playing
process (less disturbed by other load than the wall clock) and each line gives the median and the
spread (min-max) over the repeats, and the speed-up of this checkout over REV: the median of
the paired runs' ratios, and the fastest run of each version against each other (a busy host
only ever slows a run down, so the fastest runs are the least disturbed).
``PELOPONNES_PLAIN_HOOKS=1`` in the environment runs this checkout without the hook relay.
A figure, not a test: machines here are shared and noisy.

    python3 bench/simulate.py --instructions [--against REV] [--this REV2] [--games 30]

counts instead the machine instructions one game takes (valgrind's callgrind: the count for
5 + N games less the count for 5 games, divided by N, so start-up and the first game's one-off
work drop out; ``--this REV2`` measures commit REV2, exported like REV, instead of this
checkout, whose own path moves the count by up to 0.5%). It is about 50 times slower than a
plain run, but the same on a busy machine as on a quiet one: the figure to compare two versions
on a shared machine (time still decides; instructions ignore cache misses).

    python3 bench/simulate.py --bytecodes [--against REV] [--games 30] [--top 20]

counts the Python bytecodes one game executes (``sys.settrace`` with opcode events; exact, and
the same on every run). A second load-independent figure beside instructions: each bytecode is an
indirect jump in the interpreter's dispatch, which processors predict poorly, so code that does
its work in many cheap bytecodes takes more time than its instruction count says. Neither
decides alone; time does, and the counts tell whether a small difference is real. ``--top K`` lists
the K functions of this checkout that execute the most bytecodes per game.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in a child process with PYTHONPATH pointing at a folder whose `peloponnes` is the code to
# measure; written against the API every version has (Scenario.quick, load_ruleset, run_game).
CHILD = """
import json, os, sys, time
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
try:
    from peloponnes.lab.simulate import run_game
except ImportError:             # a version from before the lab/ package
    from peloponnes.core.simulate import run_game
variant, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
agent = os.environ.get("BENCH_AGENT", "random")
ruleset, scenario = load_ruleset(Scenario.quick(variant, players))
run_game(ruleset, scenario, 0, agent=agent)  # warm-up
decisions = 0
cpu, wall = time.process_time(), time.perf_counter()
for seed in range(1, games + 1):
    decisions += run_game(ruleset, scenario, seed, agent=agent).decisions
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"cpu": cpu, "wall": wall, "decisions": decisions}))
"""


def code_folder(tmp: Path, name: str, rev: str | None) -> Path:
    """A folder holding `peloponnes`: this checkout (a symlink) or commit ``rev`` exported."""
    folder = tmp / name
    folder.mkdir()
    if rev is None:
        (folder / "peloponnes").symlink_to(ROOT)
    else:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                                 capture_output=True).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(folder / "peloponnes", filter="data")
    return folder


def measure(folder: Path, variant: str, players: int, games: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    out = subprocess.run([sys.executable, "-c", CHILD, variant, str(players), str(games)],
                         env=env, check=True, capture_output=True, text=True, cwd=folder).stdout
    return json.loads(out.strip().splitlines()[-1])


# Counts the bytecodes executed while playing (after the warm-up game), per function.
BYTECODE_CHILD = CHILD.split("decisions = 0")[0] + """
import collections
counts = collections.Counter()
def _opcode(frame, event, arg):
    if event == "opcode":
        code = frame.f_code
        counts[code.co_filename, code.co_name] += 1
    return _opcode
def _call(frame, event, arg):
    frame.f_trace_opcodes = True
    frame.f_trace_lines = False
    return _opcode
sys.settrace(_call)
for seed in range(1, games + 1):
    run_game(ruleset, scenario, seed, agent=agent)
sys.settrace(None)
top = [[f"{os.path.basename(f)}:{name}", n / games] for (f, name), n in counts.most_common(100)]
print(json.dumps({"bytecodes": sum(counts.values()) / games, "top": top}))
"""


def bytecodes(folder: Path, variant: str, players: int, games: int) -> dict:
    """Bytecodes per game (and the functions executing most) of a child playing ``games``."""
    env = {**os.environ, "PYTHONPATH": str(folder), "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", BYTECODE_CHILD, variant, str(players),
                          str(games)], env=env, cwd=folder, capture_output=True, text=True)
    if out.returncode:
        sys.exit(f"counting bytecodes failed for {variant}: {out.stderr[-500:]}")
    return json.loads(out.stdout.splitlines()[-1])


def count_bytecodes(versions: dict[str, Path], names: list[str], players: int, games: int,
                    top: int) -> None:
    print(f"Python bytecodes per {os.environ['BENCH_AGENT']} {players}-player game "
          f"({games} games)")
    for name in names:
        counts = {v: bytecodes(f, name, players, games) for v, f in versions.items()}
        for version, count in counts.items():
            print(f"{name:>10} {version:>14}: {count['bytecodes'] / 1e3:,.1f} k bytecodes/game",
                  flush=True)
        if len(counts) == 2:
            old, new = (c["bytecodes"] for c in counts.values())
            print(f"{name:>10} {'ratio':>14}: x{old / new:.2f} fewer", flush=True)
        for where, per_game in list(counts.values())[-1]["top"][:top]:
            print(f"{'':>12}{per_game:9,.0f}  {where}")


def instructions(folder: Path, variant: str, players: int, games: int) -> int:
    """Instructions executed (callgrind) by a child playing ``games`` games after loading."""
    python = os.path.realpath(sys.executable)
    env = {**os.environ, "PYTHONPATH": str(folder)}
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python,
                          "-c", CHILD, variant, str(players), str(games)], env=env, cwd=folder,
                         capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode or not found:
        sys.exit(f"valgrind failed for {variant}: {out.stderr[-500:]}")
    return int(found.group(1))


def per_game_instructions(folder: Path, variant: str, players: int, games: int) -> float:
    """Instructions one game takes: (5 + games games) less (5 games), over ``games``."""
    return (instructions(folder, variant, players, 5 + games)
            - instructions(folder, variant, players, 5)) / games


def count_instructions(versions: dict[str, Path], names: list[str], players: int,
                       games: int) -> None:
    if shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind (Debian: apt install valgrind)")
    print(f"machine instructions per {os.environ['BENCH_AGENT']} {players}-player game "
          f"(callgrind, {games} games)")
    for name in names:
        counts = {v: per_game_instructions(f, name, players, games) for v, f in versions.items()}
        for version, count in counts.items():
            print(f"{name:>10} {version:>14}: {count / 1e6:,.2f} M instructions/game", flush=True)
        if len(counts) == 2:
            old, new = counts.values()
            print(f"{name:>10} {'ratio':>14}: x{old / new:.2f} fewer", flush=True)


def spread(values: list[float], fmt: str = "{:,.0f}") -> str:
    med = statistics.median(values)
    if len(values) == 1:
        return fmt.format(med)
    return f"{fmt.format(med)} ({fmt.format(min(values))}-{fmt.format(max(values))})"


def variants() -> list[str]:
    from peloponnes.core.plugins import discover_variants
    return sorted(discover_variants())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", action="append", help="default: every installed variant")
    parser.add_argument("--against", metavar="REV", help="also measure commit REV, same run")
    parser.add_argument("--this", metavar="REV",
                        help="measure commit REV (exported as --against's is) instead of this "
                             "checkout: two commits compared without the checkout's own path "
                             "in the figures (instructions differ by up to 0.5%% between an "
                             "exported copy and the checkout of the same code)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per version (default 3)")
    parser.add_argument("--agent", choices=("random", "heuristic"), default="random",
                        help="the bot every seat plays (default: random)")
    parser.add_argument("--instructions", action="store_true",
                        help="count machine instructions per game (valgrind) instead of timing")
    parser.add_argument("--bytecodes", action="store_true",
                        help="count Python bytecodes per game (exact) instead of timing")
    parser.add_argument("--top", type=int, default=0, metavar="K",
                        help="with --bytecodes: the K functions executing the most")
    args = parser.parse_args()
    os.environ["BENCH_AGENT"] = args.agent          # read by every child (CHILD)
    names = args.variant or variants()
    with tempfile.TemporaryDirectory() as tmp:
        versions = {args.this or "this checkout": code_folder(Path(tmp), "new", args.this)}
        if args.against:
            versions = {args.against: code_folder(Path(tmp), "old", args.against), **versions}
        if args.instructions:
            count_instructions(versions, names, args.players, args.games)
            return
        if args.bytecodes:
            count_bytecodes(versions, names, args.players, args.games, args.top)
            return
        print(f"{args.games} {args.agent} games, {args.players} players, one process each, "
              f"{args.repeat} runs per version (median, min-max); CPU time")
        for name in names:
            rates: dict[str, list[float]] = {v: [] for v in versions}
            per_decision: dict[str, list[float]] = {v: [] for v in versions}
            for _ in range(args.repeat):
                for version, folder in versions.items():   # alternate: same load for both
                    run = measure(folder, name, args.players, args.games)
                    rates[version].append(args.games / run["cpu"])
                    per_decision[version].append(run["decisions"] / run["cpu"])
            for version in versions:
                print(f"{name:>10} {version:>14}: {spread(rates[version])} games/s, "
                      f"{spread(per_decision[version])} decisions/s", flush=True)
            if args.against:
                old, new = rates.values()
                ratios = [n / o for o, n in zip(old, new, strict=True)]
                # the median of the paired runs' ratios; and the fastest run of each version
                # against each other (a busy host only ever slows a run down)
                print(f"{name:>10} {'speed-up':>14}: x{spread(ratios, '{:.2f}')}; "
                      f"fastest runs x{max(new) / max(old):.2f}", flush=True)


if __name__ == "__main__":
    main()
