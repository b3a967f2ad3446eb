"""The figures README.md quotes, regenerated from the commands shown beside them.

    python3 bench/readme_figures.py              # run each example, print its figures
    python3 bench/readme_figures.py --check      # ... and name every figure README.md has wrong
    python3 bench/readme_figures.py --check --only sweep --points 0,3   # a quick subset

Every example is seeded, so the figures are the same on any machine and for any number of
workers: a figure that differs is a README to correct (paste what this prints), or a change
that moved the games. The examples, found in README.md by their place and run exactly as
written (with ``--json`` added):

- sweep: the first command under "Sweep: which value balances the game?", printed as the
  README's table (a row per grid point: mean ± CI and the paired difference per metric), then,
  per metric, the points whose interval excludes 0 and those of them that survive Holm's
  correction: what the prose under the table claims;
- readings: the comparison of the card game's readings with their former values, printed as
  the sentence under it;
- house-rule: the first comparison under "Compare your house rule", printed as the headlines and
  the warning the README quotes.

``--points 0,3`` plays the sweep at those grid points only: a point's games, its mean and its
difference against the scenario's own value do not depend on the other points, so their rows
read the same as in the full grid (tests/test_readme_figures.py checks such a subset).
Runs in about a minute on two cores.
"""
from __future__ import annotations

import argparse
import itertools
import json
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from peloponnes.lab.compare.formatting import diff_text, mean_pm, num
from peloponnes.lab.compare.stats import Estimate

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ("sweep", "readings", "house-rule")
SWEEP_SECTION = "## Sweep: which value balances the game?"


# --- README.md: the commands and what it quotes -------------------------------------------------

def normalised(text: str) -> str:
    """``text`` with every run of whitespace (line breaks included) as one space."""
    return " ".join(text.split())


def after(readme: str, marker: str) -> str:
    if marker not in readme:
        raise SystemExit(f"README.md no longer holds {marker!r}: update bench/readme_figures.py")
    return readme.split(marker, 1)[1]


def code_blocks(text: str) -> list[tuple[str, list[str]]]:
    """The fenced blocks of Markdown ``text`` in order: (language, lines)."""
    blocks, current = [], None
    for line in text.splitlines():
        if line.startswith("```"):
            if current is None:
                current = (line[3:].strip(), [])
            else:
                blocks.append(current)
                current = None
        elif current is not None:
            current[1].append(line)
    return blocks


def first_command(readme: str, marker: str, word: str) -> str:
    """The first ``peloponnes WORD`` line in the first sh block after ``marker``."""
    block = next(lines for lang, lines in code_blocks(after(readme, marker)) if lang == "sh")
    return next(line.split("  #")[0].strip() for line in block
                if line.startswith(f"peloponnes {word} "))


def sweep_rows(readme: str) -> dict[str, str]:
    """The rows of the sweep's table in README.md (header and rule left out), by their first
    cell (the grid point)."""
    table: list[str] = []
    for line in after(readme, SWEEP_SECTION).splitlines():
        if line.startswith("|"):
            table.append(line)
        elif table:
            break
    return {row.split("|")[1].strip(): row for row in table[2:]}


def quoted_block(readme: str, marker: str) -> list[str]:
    """The lines of the first block without a language after ``marker``: output the README
    quotes."""
    return next(lines for lang, lines in code_blocks(after(readme, marker)) if not lang)


# --- running an example ------------------------------------------------------------------------

def run_json(command: str) -> dict:
    """Run ``command`` (a README line) with ``--json`` and return what it wrote."""
    # This checkout's command, whatever `peloponnes` on the PATH is.
    args = [sys.executable, "-m", "peloponnes.cli", *shlex.split(command)[1:]]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "figures.json"
        done = subprocess.run([*args, "--json", str(out)], cwd=ROOT, capture_output=True,
                              text=True)
        if done.returncode != 0:
            raise SystemExit(f"`{command}` failed (exit {done.returncode}):\n{done.stderr}")
        return json.loads(out.read_text())


def estimate(data: dict | None) -> Estimate | None:
    if data is None:
        return None
    return Estimate(data["n"], data["mean"], data["ci_low"], data["ci_high"], data.get("sd"))


def with_points(command: str, points: str | None) -> str:
    """``command`` with its one ``--vary KEY=VALUES`` cut down to ``points``."""
    if points is None:
        return command
    return re.sub(r"(--vary \S+?=)\S+", lambda m: m.group(1) + points, command, count=1)


# --- the figures --------------------------------------------------------------------------------

def sweep_figures(data: dict, metrics: list[str]) -> tuple[list[str], list[str]]:
    """The README table's rows (``| 0 | 11.46 ± 0.30 | +0.77 [0.45, 1.09] * | ...``) and, per
    metric, the points whose interval excludes 0 and those that survive Holm's correction."""
    (axis,) = data["axes"]
    by_name = {m["name"]: m for m in data["metrics"]}
    rows, notes = [], []
    for value in axis["values"]:
        own = value == axis["scenario_value"]
        cells = [f"{value}{'*' if own else ''}"]
        for name in metrics:
            point = next(p for p in by_name[name]["points"]
                         if p["values"][axis["key"]] == value)
            cells += [mean_pm(estimate(point)), "" if own else diff_text(estimate(point["diff"]))]
        rows.append("|" + "|".join(f" {c} " if c else " " for c in cells) + "|")
    short = axis["key"].rsplit(".", 1)[-1]
    for name in metrics:
        flagged = [p["values"][axis["key"]] for p in by_name[name]["points"]
                   if p["diff"] and estimate(p["diff"]).significant]
        kept = [v for v in flagged
                if any(h.startswith(f"{short}={v}: {name} ") for h in data["headlines"])]
        notes.append(f"{name}: the interval excludes 0 at {_listed(flagged)}; after Holm's "
                     f"correction at {_listed(kept)}")
    return rows, notes


def _listed(values: list) -> str:
    return ", ".join(map(str, values)) or "none"


def readings_sentence(data: dict) -> str:
    """The sentence under the readings example: winner_score and decisions per ruleset, and the
    largest gap between a seat's win shares."""
    means = {m["name"]: [s["mean"] for s in m["per_scenario"]] for m in data["metrics"]}
    gap = max(abs(a - b) for name, (a, b) in means.items() if name.startswith("win_seat"))
    score, decisions = means["winner_score"], means["decisions"]
    return (f"`winner_score` {num(score[0])} vs {num(score[1])}, `decisions` "
            f"{num(decisions[0], 1)} vs {num(decisions[1], 1)}, every seat's win share within "
            f"{gap:.3f}")


# --- each example: run it, print it, check README.md ------------------------------------------

def sweep_example(readme: str, points: str | None) -> list[str]:
    """Run the sweep example; print its figures; return what README.md has otherwise."""
    command = with_points(first_command(readme, SWEEP_SECTION, "sweep"), points)
    metrics = re.findall(r"--metric (\S+)", command)
    rows, notes = sweep_figures(run_json(command), metrics)
    if points is not None:
        notes.append("(points given: Holm's correction above counts these points only)")
    print(f"$ {command}", *rows, *notes, "", sep="\n")
    quoted, wrong = sweep_rows(readme), []
    for row in rows:
        point = row.split("|")[1].strip()
        if quoted.get(point) != row:
            wrong.append(f"sweep row {point}: README.md has {quoted.get(point)!r}, the run {row!r}")
    # The prose under the table names the one point where first_player_win moves.
    claim = re.search(r"the one interval that excludes 0 \(\+(\d+)\) does not survive Holm",
                      normalised(readme))
    if points is None and claim:
        said = (f"first_player_win: the interval excludes 0 at {claim.group(1)}; after Holm's "
                "correction at none")
        found = next(n for n in notes if n.startswith("first_player_win:"))
        if found != said:
            wrong.append(f"sweep prose: README.md says {said!r}, the run {found!r}")
    return wrong


def readings_example(readme: str) -> list[str]:
    marker = "**The card game's readings against their former values.**"
    command = first_command(readme, marker, "compare")
    sentence = readings_sentence(run_json(command))
    print(f"$ {command}", sentence, "", sep="\n")
    if sentence not in normalised(after(readme, marker)):
        return [f"readings: README.md does not say {sentence!r}"]
    return []


def house_rule_example(readme: str) -> list[str]:
    marker = "### Compare your house rule"
    command = first_command(readme, marker, "compare")
    data = run_json(command)
    lines = ["What changes (significant after Holm's correction):",
             *(f"  {h}" for h in data["headlines"]), "...",
             *(f"warning: {w}" for w in data["warnings"][:1])]
    print(f"$ {command}", *lines, "", sep="\n")
    block = quoted_block(readme, marker)
    cut = block.index("...")
    quoted = block[:cut + 1] + [normalised(" ".join(block[cut + 1:]))]
    return [f"house rule, line {i + 1}: README.md quotes {q!r}, the run prints {r!r}"
            for i, (q, r) in enumerate(itertools.zip_longest(quoted, lines)) if q != r]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with README.md; exit 1 naming each figure that differs")
    parser.add_argument("--only", choices=EXAMPLES, action="append",
                        help="run only this example (repeatable; default: all)")
    parser.add_argument("--points", help="the sweep's grid points to play, e.g. 0,3 "
                                         "(default: the README's)")
    parser.add_argument("--readme", type=Path, default=ROOT / "README.md",
                        help="the README to read the commands from and check")
    args = parser.parse_args()
    readme = args.readme.read_text(encoding="utf-8")
    wrong: list[str] = []
    for example in args.only or EXAMPLES:
        if example == "sweep":
            wrong += sweep_example(readme, args.points)
        elif example == "readings":
            wrong += readings_example(readme)
        else:
            wrong += house_rule_example(readme)
    if not args.check:
        return 0
    for line in wrong:
        print(f"differs: {line}")
    print("README.md quotes every figure above as the runs give it." if not wrong else
          f"{len(wrong)} figure(s) in README.md differ from the runs.")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
