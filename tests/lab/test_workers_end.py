"""The worker processes of a batch end with the process that started them, whatever ends it:
SIGTERM (the batch ends its pool and exits 143) or SIGKILL (each worker sees its parent gone)."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.processes import alive, children_of

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")

COMMANDS = {
    "compare": ["compare", "cardgame-2p", "cardgame-2p", "-n", "100000", "-w", "2"],
    "simulate": ["simulate", "cardgame-2p", "-n", "100000", "-w", "2"],
}


def end_while_workers_play(tmp_path, command: str, sig: int) -> tuple[subprocess.Popen, str,
                                                                      set[int]]:
    """Start ``command`` with two workers, send ``sig`` to it alone once they play, and return
    the process (ended), its standard error and the workers it had."""
    process = subprocess.Popen([sys.executable, "-m", "peloponnes.cli", *COMMANDS[command]],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(children_of(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(1.0)                         # the workers are playing
        workers = children_of(process.pid)
        assert len(workers) == 2
        os.kill(process.pid, sig)               # the parent alone, not its process group
        _, err = process.communicate(timeout=30)
        deadline = time.monotonic() + 10        # a worker looks for its parent twice a second
        while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        return process, err, workers
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        for pid in workers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_sigkill_to_the_parent_ends_its_workers(tmp_path, command):
    process, _, workers = end_while_workers_play(tmp_path, command, signal.SIGKILL)
    assert process.returncode == -signal.SIGKILL
    assert not [pid for pid in workers if alive(pid)]


@pytest.mark.parametrize("command", list(COMMANDS))
def test_sigterm_to_the_parent_ends_its_workers_and_exits_143(tmp_path, command):
    process, err, workers = end_while_workers_play(tmp_path, command, signal.SIGTERM)
    assert process.returncode == 143
    assert "terminated" in err and "Traceback" not in err
    assert not [pid for pid in workers if alive(pid)]
