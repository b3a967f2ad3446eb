"""Mutated scenario files, and the two ways they are tried: through the loader (read, validate,
load the ruleset) and through the CLI (``peloponnes simulate FILE --games 1``). Shared by the
bounded fuzz test (tests/test_fuzz.py) and the long run (bench/fuzz.py).

Every outcome must be a success or a one-line error: an exception that is not the sandbox's own
(a traceback) or a run that does not end (a hang) is a finding.
"""
from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

from peloponnes.cli import main
from peloponnes.core.errors import SandboxError
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.core.shipped import shipped_scenarios

# Values a mutation puts in place of a value; {FIFO}, {DIR} and {LONG} are filled in per run.
HOSTILE_VALUES = [
    "-1", "0", "1" * 30, "-" + "9" * 25, "1.5", "nan", "inf", "-inf", "true", "false", "[]", "{}",
    '""', '"[/]"', '"[/x]"', '"[bold red]x[/]"', '"\\u0000"', '"a\\u0000b.py"', '"{LONG}.py"',
    '"{LONG}/x.toml"', '"/dev/zero"', '"/dev/null"', '"/dev/stdin"', '"{FIFO}"', '"{DIR}"',
    '"../../../../etc/passwd"', '"évil.py"', '"this"', '"os"', '"no_conquest"', '"random"',
    '"heuristic"', '"human"', '"grédy"', '"cardgame"', '"boardgame"', '"heroes"', '"mcts"',
    "[" * 200 + "]" * 200, "[" * 1000 + "]" * 1000, '["a", 1]', "[[1, 2], [3]]",
    '{ a = { b = { c = 1 } } }', "1979-05-27T07:32:00Z", '"""multi\nline"""', "0x1F", "1e400",
]
KEYS = ["name", "description", "variant", "seed", "components", "plugins", "options",
        "players", "agent", "negotiation", '"[/x]"', "'[bold]'", "x" * 300, "seed.deep"]


def base_texts() -> list[str]:
    texts = [p.read_text() for p in shipped_scenarios()]
    texts.append('variant = "cardgame"\nplugins = ["no_conquest"]\ncomponents = ""\n'
                 '[options]\n[[players]]\nname = "[/]"\n[[players]]\nagent = "heuristic"\n')
    return texts


def mutate(text: str, rng: random.Random) -> bytes:
    """One to three random mutations of a scenario's text."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(10)
        i = rng.randrange(len(lines)) if lines else 0
        if kind == 0 and lines:
            del lines[i]
        elif kind == 1 and lines:
            lines.insert(i, lines[i])
        elif kind == 2 and len(lines) > 1:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind in (3, 4, 5) and lines and "=" in lines[i]:
            key = lines[i].split("=", 1)[0]
            lines[i] = f"{key}= {rng.choice(HOSTILE_VALUES)}"
        elif kind == 6:
            lines.insert(i, f"{rng.choice(KEYS)} = {rng.choice(HOSTILE_VALUES)}")
        elif kind == 7:
            lines.insert(i, rng.choice(["[[players]]", "[options]", "[players]", "[[plugins]]",
                                        "[x.y.z]", "[[players]]\nagent = 'random'"]))
        elif kind == 8 and lines:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        else:
            lines.insert(i, rng.choice(['"[/x]" = 1', "plugins = ['{FIFO}']",
                                        "components = '{FIFO}'", "components = '/dev/zero'",
                                        'plugins = ["{LONG}.py"]', "seed = " + "9" * 40]))
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if rng.random() < 0.1:      # stray bytes: NUL, invalid UTF-8
        at = rng.randrange(len(data) + 1)
        data = data[:at] + rng.choice([b"\0", b"\xff\xfe", b"\x80", b"\r", b"\x1b[31m"]) + data[at:]
    return data


@dataclass
class Arena:
    """A folder with the odd files mutations point at: a FIFO and a subfolder."""
    folder: Path

    def __post_init__(self):
        self.fifo = self.folder / "fifo"
        if not self.fifo.exists() and hasattr(os, "mkfifo"):
            os.mkfifo(self.fifo)
        (self.folder / "dir").mkdir(exist_ok=True)

    def write(self, data: bytes, name: str = "scenario.toml") -> Path:
        data = (data.replace(b"{FIFO}", str(self.fifo).encode())
                .replace(b"{DIR}", str(self.folder / "dir").encode())
                .replace(b"{LONG}", b"a" * 300))
        path = self.folder / name
        path.write_bytes(data)
        return path


def through_loader(path: Path) -> str:
    """``ok``, ``error`` (the sandbox's own one-line error) or ``traceback: ...``."""
    try:
        load_ruleset(Scenario.from_file(path))
        return "ok"
    except SandboxError as exc:
        if "\n" in str(exc).strip():
            return f"multi-line error: {exc!r:.200}"
        return "error"
    except Exception as exc:    # noqa: BLE001 - what the fuzzing is for
        return f"traceback: {type(exc).__name__}: {exc!s:.200}"


def through_cli(path: Path) -> str:
    """Run ``peloponnes simulate PATH --games 1``: ``ok``, ``error`` or ``traceback: ...``."""
    result = CliRunner().invoke(main, ["simulate", str(path), "--games", "1"])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"traceback: {type(result.exception).__name__}: {result.exception!s:.200}"
    if result.exit_code == 0:
        return "ok"
    if result.exit_code in (2, 3, 4) and result.stderr.count("error:") == 1:
        return "error"
    return f"unexpected exit {result.exit_code}: {result.output!r:.200}"
