"""The Ray executor (``--executor ray [--address HOST:PORT]``): a batch's games in chunks as Ray
tasks, on a local Ray instance or a cluster of machines.

Same contract as the local executors (``lab.batch.executors``): one record per job, yielded in
the jobs' order, so the results are identical to ``--workers N``. Ray is an optional extra
(``pip install 'peloponnes-sandbox[ray]'``); every machine of the cluster needs this package
installed, the same version.

Plugin files and component files named by path travel with the tasks: their text goes to Ray's
object store once per batch, and a worker whose machine has no identical file at that path
writes the text to a temporary folder and loads it from there (a failure blamed on such a copy
names the original path, so records read the same everywhere). A plugin file that imports other
files of its own must be installed as a module on every machine instead.

Trust (``core/consent.py``) is decided here, on the driver: plugin code the user has not trusted
stops the batch before any task starts, and the scenarios travel marked trusted, so a worker
(where the trust record and a shipped file's path differ) does not ask again. As with local
workers, a chunk whose worker dies (Ray retries it once) is recorded as failed games, the rest
of the batch goes on, and Ctrl-C cancels the tasks still running.
"""
from __future__ import annotations

import hashlib
import logging
import socket
import tempfile
from collections.abc import Iterator, Sequence
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path

from peloponnes.core.errors import ConfigError, SandboxError
from peloponnes.core.plugins import granted
from peloponnes.core.scenario import Scenario, is_plugin_path
from peloponnes.lab.batch.executors import (
    Job,
    Progress,
    chunk_bounds,
    in_job_order,
    load_all,
    lost_record,
    play_jobs,
)
from peloponnes.lab.batch.game_record import GameRecord

INSTALL = "pip install 'peloponnes-sandbox[ray]'"


def import_ray():
    """The ``ray`` module, or a one-line error saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ConfigError(f"--executor ray needs Ray, which is not installed: {INSTALL}"
                          ) from None
    return ray


# --- what travels with the tasks ------------------------------------------------------------------

def _files_of(scenario: Scenario) -> list[str]:
    """The files a scenario loads by path: its plugin files and its component file."""
    files = [p for p in scenario.plugins if is_plugin_path(p)]
    return files + ([scenario.components] if scenario.components else [])


def _digest(text: bytes) -> str:
    return hashlib.sha256(text).hexdigest()


def pack(scenarios: Sequence[Scenario]) -> tuple[list[Scenario], dict[str, tuple[str, bytes]]]:
    """The scenarios (paths absolute) and the content of every file they load by path:
    ``{path: (sha256, bytes)}``. A file that cannot be read is left out: loading it fails on
    the worker as it would here."""
    scenarios = [sc.with_absolute_paths() for sc in scenarios]
    files: dict[str, tuple[str, bytes]] = {}
    for sc in scenarios:
        for path in _files_of(sc):
            try:
                data = Path(path).read_bytes()
            except OSError:
                continue
            files[path] = (_digest(data), data)
    return scenarios, files


def unpack(scenarios: Sequence[Scenario], files: dict[str, tuple[str, bytes]]
           ) -> tuple[list[Scenario], dict[str, str]]:
    """On a worker: the scenarios pointing at files with the shipped content (the original path
    where this machine has the same file, else a copy in a temporary folder), and the map from
    each copy's path back to the original."""
    originals: dict[str, str] = {}
    where: dict[str, str] = {}
    for path, (digest, data) in files.items():
        try:
            same = _digest(Path(path).read_bytes()) == digest
        except OSError:
            same = False
        if same:
            where[path] = path
            continue
        copy = Path(tempfile.gettempdir()) / "peloponnes-ray" / digest / Path(path).name
        if not copy.is_file():
            copy.parent.mkdir(parents=True, exist_ok=True)
            partial = copy.with_suffix(copy.suffix + ".part")
            partial.write_bytes(data)
            partial.replace(copy)
        where[path] = str(copy)
        originals[str(copy)] = path
    moved = [replace(sc, plugins=tuple(where.get(p, p) for p in sc.plugins),
                     components=where.get(sc.components, sc.components))
             for sc in scenarios]
    return moved, originals


def _restore_paths(records: list[GameRecord], originals: dict[str, str]) -> list[GameRecord]:
    for record in records:
        failure = record.failure
        if failure is None:
            continue
        for copy, path in originals.items():
            if failure.plugin:
                failure.plugin = failure.plugin.replace(copy, path)
            failure.message = failure.message.replace(copy, path)
    return records


# --- on the workers -------------------------------------------------------------------------------

# Per worker process: the loaded rulesets of the batches it has played, by batch key.
_LOADED: dict[str, tuple[list, dict[str, str]]] = {}


def play_chunk(batch: tuple[str, list[Scenario], dict, str | None, str], jobs: list[Job]
               ) -> list[GameRecord]:
    """A Ray task: play ``jobs`` of the batch (its key, scenarios, shipped files, what to watch
    and when games check the invariants), loading the rulesets once per worker process."""
    key, scenarios, files, watch, check = batch
    if key not in _LOADED:
        _LOADED.clear()                      # one batch at a time per worker is enough
        moved, originals = unpack(scenarios, files)
        _LOADED[key] = (load_all(moved, watch), originals)
    loaded, originals = _LOADED[key]
    return _restore_paths(play_jobs(loaded, jobs, check), originals)


# --- the executor ---------------------------------------------------------------------------------

def check_reachable(address: str | None, timeout: float = 5.0) -> None:
    """A one-line error at once when ``HOST:PORT`` (or ``ray://HOST:PORT``) does not answer,
    instead of Ray's own retries (a minute or more) and log lines."""
    if not address or address == "auto":
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        raise ConfigError(f"--address {address}: expected HOST:PORT (e.g. 10.0.0.5:6379)")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise SandboxError(f"cannot reach Ray at {address}: {exc.strerror or exc}; is `ray start "
                           "--head` running there?") from None


class RayExecutor:
    """Plays chunks of jobs as Ray tasks on the instance at ``address`` (None: the one Ray is
    already connected to, else the ``RAY_ADDRESS`` environment variable's, else a new local
    instance). A Ray instance this executor started is shut down when the batch ends."""

    def __init__(self, address: str | None = None, chunk: int | None = None,
                 watch: str | None = None, check: str = "end"):
        self.ray = import_ray()          # no Ray: the one-line error at once, before any game
        self.address = address
        self.chunk = chunk
        self.watch = watch                # coverage, as ``make_executor`` says
        self.check = check                # when games check the invariants (playing.CHECKS)

    def _connect(self, ray) -> bool:
        """Connect; True when this call started the connection (so ``run`` ends it)."""
        if ray.is_initialized():
            return False
        check_reachable(self.address)
        try:
            ray.init(address=self.address, include_dashboard=False, log_to_driver=False,
                     logging_level=logging.WARNING, configure_logging=True)
        except Exception as exc:       # Ray raises several kinds: name the address
            where = f"at {self.address}" if self.address else "(local instance)"
            raise SandboxError(f"cannot start or reach Ray {where}: {type(exc).__name__}: "
                               f"{exc}".splitlines()[0]) from None
        return True

    def run(self, scenarios: Sequence[Scenario], jobs: Sequence[Job],
            progress: Progress | None = None) -> Iterator[GameRecord]:
        total = len(jobs)
        if total == 0:
            return
        ray = self.ray
        # the files read once, and those bytes checked against the user's trust: UntrustedCode
        # here, not on the workers
        packed, files = pack(scenarios)
        digests = {path: f"sha256:{digest}" for path, (digest, _) in files.items()}
        packed = [granted(sc, digests) for sc in packed]
        started = self._connect(ray)
        running: set = set()        # the references of the tasks not finished yet
        try:
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            key = _digest(repr((packed, sorted((p, d) for p, (d, _) in files.items()),
                                self.watch)).encode())
            batch = ray.put((key, packed, files, self.watch, self.check))
            task = ray.remote(max_retries=RETRIES)(play_chunk)
            died = worker_deaths(ray)

            def submit(chunk: list[Job]) -> Future:
                ref = task.remote(batch, chunk)
                running.add(ref)
                return _surviving(ref.future(), chunk, died, lambda _: running.discard(ref))

            yield from in_job_order(submit, jobs, chunk_bounds(total, cpus, self.chunk),
                                    cpus * 3, progress)
        except ray.exceptions.RayError as exc:
            _cancel(ray, running)
            raise SandboxError(f"a Ray task failed: {type(exc).__name__}: "
                               f"{str(exc).strip().splitlines()[-1]}") from None
        except BaseException:       # Ctrl-C, or the consumer stopped: no tasks left running
            _cancel(ray, running)
            raise
        finally:
            if started:
                ray.shutdown()


# A task whose worker dies is run once more by Ray; lost again, its games are recorded as failed
# (as the local pool does with a chunk lost twice).
RETRIES = 1


def worker_deaths(ray) -> tuple[type, ...]:
    """Ray's errors for a task whose worker process or machine died (not a bug in the task)."""
    names = ("WorkerCrashedError", "NodeDiedError", "OutOfMemoryError", "LocalRayletDiedError")
    return tuple(k for k in (getattr(ray.exceptions, n, None) for n in names) if k is not None)


def _surviving(future: Future, jobs: list[Job], died: tuple[type, ...], finished) -> Future:
    """``future``'s records, or the chunk's games recorded as failed when its worker died."""
    out: Future = Future()

    def done(f: Future) -> None:
        finished(f)
        if f.cancelled():
            out.cancel()
            out.set_running_or_notify_cancel()
            return
        exc = f.exception()
        if exc is None:
            out.set_result(f.result())
        elif isinstance(exc, died):
            out.set_result([lost_record(job, RETRIES + 1) for job in jobs])
        else:
            out.set_exception(exc)
    future.add_done_callback(done)
    return out


def _cancel(ray, running: set) -> None:
    for ref in list(running):
        try:
            ray.cancel(ref, force=True)
        except Exception:   # noqa: BLE001 - finished meanwhile, or the instance is gone
            pass
