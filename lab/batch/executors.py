"""Executors: who plays a batch's games. The interface is small on purpose, so another executor
(e.g. Ray, for more than one machine) can stand beside these two:

    executor.run(scenarios, jobs, progress=None) -> Iterator[GameRecord]

``scenarios`` is the batch's list of ``Scenario`` (file paths absolute, see
``Scenario.with_absolute_paths``: plugin files travel with the job); ``jobs`` is a sequence of
``Job(scenario, seed)`` (``scenario`` indexes ``scenarios``; ``PairedJobs`` computes them on
demand); the executor yields exactly one
``GameRecord`` per job, **in the jobs' order**, whatever order it played them in. A game that
fails is a record with ``failure`` set, never an exception. So the results (reduced in that
order) are identical for any executor and any number of workers. ``progress(done, total)`` is
called as jobs finish.
"""
from __future__ import annotations

import heapq
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Protocol

from peloponnes.core.errors import ConfigError
from peloponnes.core.plugins import Ruleset, load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.batch import garbage
from peloponnes.lab.batch.game_record import GameFailure, GameRecord, play_game
from peloponnes.lab.coverage import Watcher

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class Job:
    """One game to play: scenario number ``scenario`` of the batch, with ``seed``."""
    scenario: int
    seed: int


class PairedJobs(Sequence[Job]):
    """Every seed of ``seeds`` in each of ``scenarios`` scenarios, seed by seed (a seed's games
    are next to each other, which is what paired statistics reduce). A sequence computed on
    demand: a batch of a million games costs no memory before it is played."""

    def __init__(self, scenarios: int, seeds: range):
        self.scenarios = scenarios
        self.seeds = seeds

    def __len__(self) -> int:
        return self.scenarios * len(self.seeds)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        seed, scenario = divmod(index, self.scenarios)
        return Job(scenario, self.seeds[seed])


class Executor(Protocol):
    # What the games are watched for (``lab.coverage``): None, "plugins" or "all"; a batch
    # (simulate, compare) sets it before ``run``, and the records carry the coverage.
    watch: str | None

    def run(self, scenarios: Sequence[Scenario], jobs: Sequence[Job],
            progress: Progress | None = None) -> Iterator[GameRecord]:
        """Yield one record per job, in the jobs' order."""


Loaded = tuple[Ruleset, Scenario, Watcher | None]


def load_all(scenarios: Sequence[Scenario], watch=None) -> list[Loaded]:
    """Every scenario's ruleset, loaded once (what a worker does before playing); with
    ``watch`` ("plugins": the scenarios' own plugins, "all": every hook implementation; or a
    ``Watcher`` class built with the ruleset alone, e.g. ``check``'s census) each with a
    coverage ``Watcher``."""
    loaded = []
    for sc in scenarios:
        ruleset, sc = load_ruleset(sc)
        loaded.append((ruleset, sc, _watcher(ruleset, watch)))
    return loaded


def _watcher(ruleset: Ruleset, watch) -> Watcher | None:
    if not watch:
        return None
    if isinstance(watch, str):
        return Watcher(ruleset, every=watch == "all")
    return watch(ruleset)


def play_jobs(loaded: Sequence[Loaded], jobs: Iterable[Job],
              check: str = "end") -> list[GameRecord]:
    """Play ``jobs`` with the loaded rulesets (and watchers); ``check``: when each game checks
    the invariants (``playing.CHECKS``)."""
    out = []
    for job in jobs:
        ruleset, sc, watcher = loaded[job.scenario]
        out.append(play_game(ruleset, sc, job.seed, job.scenario, watcher, check))
    return out


def chunk_bounds(total: int, workers: int, chunk: int | None = None) -> list[tuple[int, int]]:
    """Job index ranges of the chunks handed to ``workers`` parallel workers: ``chunk`` jobs
    each, or about four chunks per worker, at most 200 jobs."""
    size = chunk or max(1, min(200, total // (workers * 4) or 1))
    return [(lo, min(total, lo + size)) for lo in range(0, total, size)]


def in_job_order(submit: Callable[[list[Job]], Future], jobs: Sequence[Job],
                 bounds: list[tuple[int, int]], window: int, progress: Progress | None
                 ) -> Iterator[GameRecord]:
    """Hand chunks to ``submit`` (which returns a future of the chunk's records), at most
    ``window`` at a time, and yield the records in job order; ``progress`` counts jobs as their
    chunk finishes, in any order. Used by the Ray executor (the local pool has its own run,
    which survives dead workers: ``_ChunkRun``)."""
    running: dict[int, Future] = {}        # chunk number -> its future
    counted: set[int] = set()               # chunks finished and counted for progress
    finished = submitted = done = 0
    while finished < len(bounds):
        while submitted < len(bounds) and len(running) < window:
            lo, hi = bounds[submitted]
            running[submitted] = submit(list(jobs[lo:hi]))
            submitted += 1
        waiting = [f for i, f in running.items() if i not in counted]
        if waiting:
            wait(waiting, return_when=FIRST_COMPLETED)
        for i, future in running.items():
            if i not in counted and future.done():
                counted.add(i)
                done += bounds[i][1] - bounds[i][0]
        if progress:
            progress(done, len(jobs))
        while finished in running and running[finished].done():
            yield from running.pop(finished).result()
            counted.discard(finished)
            finished += 1


class InProcessExecutor:
    """Plays every job in this process, one after the other (``--workers 1``). ``watch`` and
    ``check``: see ``make_executor``."""

    def __init__(self, watch: str | None = None, check: str = "end"):
        self.watch = watch
        self.check = check

    def run(self, scenarios: Sequence[Scenario], jobs: Sequence[Job],
            progress: Progress | None = None) -> Iterator[GameRecord]:
        loaded = load_all(scenarios, self.watch)
        total = len(jobs)
        step = max(1, total // 200)
        for done, job in enumerate(jobs, 1):
            yield play_jobs(loaded, [job], self.check)[0]
            if progress and (done % step == 0 or done == total):
                progress(done, total)


_WORKER: list[Loaded] = []
_CHECK = ["end"]

# How often a worker looks whether its parent still lives (seconds).
PARENT_POLL_SECONDS = 0.5
# The real ``os._exit``: while plugin code runs, ``os._exit`` is replaced by one that refuses
# (``core.containment``), and the watch below must end the worker whatever code is running.
_exit_now = os._exit


def _watch_parent(batch: int) -> None:
    """End this worker as soon as the process that runs the batch (``batch``: its id) is gone,
    whatever ended it (SIGKILL included, which leaves it no chance to end its pool). An orphan
    is handed to another parent, so the worker watches its parent's id change. (Its parent is
    the batch's process when workers are forked, else the start method's server process, which
    ends with the batch's.) A batch process already gone when the watch starts ends it at once."""
    parent = os.getppid()
    if parent != batch and not _exists(batch):
        _exit_now(1)
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    _exit_now(1)


def _exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)         # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except OSError:             # it exists, owned by someone else
        return True
    return True


# Threads a numeric library may start in a worker (unless the environment says otherwise): the
# pool already runs a worker per core, and a learned seat that trains its model inside a worker
# (``sweep``'s grid points) fits it with OpenMP, which, with a thread per core in every worker,
# spun the cores against each other: 126 s for a training that took 16 s alone.
WORKER_THREADS = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def _init_worker(scenarios: Sequence[Scenario], watch: str | None = None,
                 check: str = "end", batch: int | None = None) -> None:
    """Runs once in each worker process: start watching the batch's process (``batch``: its
    id; the worker ends with it), one thread per numeric library (``WORKER_THREADS``), load
    every ruleset (plugins, components) once, then leave what is loaded out of garbage
    collections and collect less often (``garbage``). Ctrl-C is left to the parent, which
    cancels the chunks not yet started; SIGTERM ends the worker at once (a forked worker would
    otherwise run the handler its parent set for its own clean exit)."""
    for name, value in WORKER_THREADS.items():
        os.environ.setdefault(name, value)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if batch is not None:
        threading.Thread(target=_watch_parent, args=(batch,), name="watch-parent",
                         daemon=True).start()
    _WORKER[:] = load_all(scenarios, watch)
    _CHECK[0] = check
    garbage.for_worker()


def _worker_chunk(jobs: Sequence[Job]) -> list[GameRecord]:
    return play_jobs(_WORKER, jobs, _CHECK[0])


class LocalPoolExecutor:
    """Plays chunks of jobs in ``workers`` local processes (``--workers N``). Chunks are handed
    out a few per worker at a time and their records yielded in job order, so memory holds only
    the chunks in flight, however long the batch."""

    def __init__(self, workers: int, chunk: int | None = None, watch: str | None = None,
                 check: str = "end"):
        self.workers = max(1, workers)
        self.chunk = chunk
        self.watch = watch
        self.check = check

    def run(self, scenarios: Sequence[Scenario], jobs: Sequence[Job],
            progress: Progress | None = None) -> Iterator[GameRecord]:
        total = len(jobs)
        if total == 0:
            return
        bounds = chunk_bounds(total, self.workers, self.chunk)
        yield from _ChunkRun(self, list(scenarios), jobs, bounds, progress).records()


# The hook a failure names when its worker process died while playing it.
WORKER_DIED = "worker process"

# A worker process that dies (killed, out of memory, a crash in C code) loses only the chunks in
# flight: they are played again in a new pool, one at a time, so a chunk whose pool dies while it
# plays alone is the one that kills it, and its games are recorded as failed. Finished games are
# never lost. After this many dead pools every remaining game is recorded as failed.
MAX_POOL_DEATHS = 8


class _ChunkRun:
    """One batch on a local pool: chunks submitted a few per worker at a time, records yielded
    in job order, a dead pool replaced, Ctrl-C (or SIGTERM, which the commands raise as an
    exception) ending the workers at once. A worker also ends by itself when the batch's process
    is gone (``_watch_parent``), so no worker outlives it, whatever ended it."""

    def __init__(self, executor: LocalPoolExecutor, scenarios: list[Scenario],
                 jobs: Sequence[Job], bounds: list[tuple[int, int]], progress: Progress | None):
        self.executor, self.scenarios, self.jobs = executor, scenarios, jobs
        self.bounds, self.progress = bounds, progress
        self.queue: list[int] = list(range(len(bounds)))    # chunks to submit (a heap)
        self.running: dict[int, Future] = {}
        self.finished: dict[int, list[GameRecord]] = {}
        self.lost: dict[int, int] = {}                      # chunk -> times its pool died
        self.suspects: set[int] = set()     # lost once with others: replayed one at a time
        self.deaths = self.done = 0
        self.pool: ProcessPoolExecutor | None = None

    def records(self) -> Iterator[GameRecord]:
        next_out = 0
        try:
            while next_out < len(self.bounds):
                self._step()
                while next_out in self.finished:
                    yield from self.finished.pop(next_out)
                    next_out += 1
        except BaseException:       # Ctrl-C, or the consumer stopped: no orphan processes
            self._kill()
            raise
        if self.pool is not None:
            self.pool.shutdown(wait=True)

    def _new_pool(self) -> ProcessPoolExecutor:
        workers = min(self.executor.workers, len(self.bounds))
        return ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                                   initargs=(self.scenarios, self.executor.watch,
                                             self.executor.check, os.getpid()))

    def _step(self) -> None:
        if self.pool is None:
            self.pool = self._new_pool()
        window = 1 if self.suspects else self.executor.workers * 3
        while self.queue and len(self.running) < window:
            i = heapq.heappop(self.queue)
            lo, hi = self.bounds[i]
            self.running[i] = self.pool.submit(_worker_chunk, list(self.jobs[lo:hi]))
        wait(list(self.running.values()), return_when=FIRST_COMPLETED)
        if any(f.done() and isinstance(f.exception(), BrokenProcessPool)
               for f in self.running.values()):
            self._pool_died()
        for i, future in list(self.running.items()):
            if future.done():
                del self.running[i]
                self._collect(i, future.result())
        if self.progress:
            self.progress(self.done, len(self.jobs))

    def _collect(self, chunk: int, records: list[GameRecord]) -> None:
        self.finished[chunk] = records
        self.suspects.discard(chunk)
        self.done += len(records)

    def _pool_died(self) -> None:
        """Keep what finished, play the rest again in a new pool (or record it as failed)."""
        self.pool.shutdown(wait=True, cancel_futures=True)
        self.pool = None
        self.deaths += 1
        alone = len(self.running) == 1
        for i, future in list(self.running.items()):
            del self.running[i]
            if future.done() and not future.cancelled() and future.exception() is None:
                self._collect(i, future.result())
                continue
            self.lost[i] = self.lost.get(i, 0) + 1
            if alone or self.lost[i] >= 2 or self.deaths >= MAX_POOL_DEATHS:
                self._collect(i, [lost_record(job, self.lost[i]) for job in
                                  self.jobs[self.bounds[i][0]:self.bounds[i][1]]])
            else:
                self.suspects.add(i)
                heapq.heappush(self.queue, i)
        if self.deaths >= MAX_POOL_DEATHS:
            while self.queue:
                i = heapq.heappop(self.queue)
                self._collect(i, [lost_record(job, 0) for job in
                                  self.jobs[self.bounds[i][0]:self.bounds[i][1]]])

    def _kill(self) -> None:
        # ``ProcessPoolExecutor`` has no public way to end its workers at once or to reach its
        # result queue and manager thread, so these are read from its private fields (each one
        # missing: that step is skipped).
        pool, self.pool = self.pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        # (shutdown(wait=False) drops the pool's references to these two)
        results = getattr(pool, "_result_queue", None)
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        end_processes(processes)
        _unblock_result_reader(results)
        if manager is not None:
            # Let the manager thread finish its clean-up now: woken only at the program's exit,
            # it may write to a pipe being closed at that moment, and the user sees "Exception
            # ignored ... OSError: Bad file descriptor" printed after "interrupted".
            manager.join(timeout=10)


# How long worker processes get to end after SIGTERM, all together, before they are killed.
TERMINATE_GRACE_SECONDS = 2.0


def end_processes(processes) -> None:
    """End ``processes`` (``multiprocessing`` processes) at once: SIGTERM to all, a shared
    ``TERMINATE_GRACE_SECONDS`` for them to go, then SIGKILL to those still there. However
    many workers a pool had and whatever they were doing, Ctrl-C ends them within seconds."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    deadline = time.monotonic() + TERMINATE_GRACE_SECONDS
    for process in processes:
        process.join(timeout=max(0.0, deadline - time.monotonic()))
    for process in processes:
        if process.is_alive():
            process.kill()
    for process in processes:
        process.join(timeout=TERMINATE_GRACE_SECONDS)


def _unblock_result_reader(results) -> None:
    """After the pool's workers are dead, close this process's copy of the results pipe's write
    end. A worker killed halfway through sending its results leaves a torn message in the pipe;
    the pool's manager thread waits in ``recv`` for the rest of it, and the interpreter joins that
    thread at exit, so the process would hang after Ctrl-C (1 run in about 80 did). With no write
    end left open anywhere, the manager thread reads end-of-file instead, takes the pool for
    broken and cleans up as it does for a dead worker. ``results`` is the pool's result queue
    (``_result_queue``); if it is missing, nothing is closed."""
    writer = getattr(results, "_writer", None)
    if writer is not None:
        writer.close()


def lost_record(job: Job, attempts: int) -> GameRecord:
    """The record of a game whose worker process died (``attempts`` times) before it finished."""
    why = (f"a worker process died while playing it ({attempts} time"
           f"{'s' if attempts != 1 else ''})" if attempts
           else f"not played: worker processes died {MAX_POOL_DEATHS} times")
    return GameRecord(job.seed, job.scenario,
                      failure=GameFailure(job.scenario, job.seed, why, hook=WORKER_DIED))


def default_workers() -> int:
    return os.cpu_count() or 1


EXECUTORS = ("local", "ray")


def make_executor(workers: int | None = None, kind: str = "local",
                  address: str | None = None, watch: str | None = None,
                  check: str = "end") -> Executor:
    """The executor for ``--workers`` / ``--executor`` / ``--address``: locally, this process
    for 1 worker and a local process pool for more (default: every core); ``ray``, Ray tasks
    on the Ray instance at ``address`` (default: start or join a local one). ``watch`` gives
    every record its coverage (``lab.coverage``): "plugins" watches the scenarios' own
    plugins, "all" every hook implementation. ``check``: when games check the invariants
    (``playing.CHECKS``)."""
    if kind == "ray":
        if workers is not None:
            raise ConfigError("--workers is for the local executor; with --executor ray the "
                              "games run on every CPU of the Ray instance")
        from peloponnes.lab.batch.ray_executor import RayExecutor
        return RayExecutor(address, watch=watch, check=check)
    if kind != "local":
        raise ConfigError(f"unknown executor '{kind}' (known: {', '.join(EXECUTORS)})")
    if address is not None:
        raise ConfigError("--address needs --executor ray")
    workers = default_workers() if workers is None else workers
    return (InProcessExecutor(watch, check) if workers <= 1
            else LocalPoolExecutor(workers, watch=watch, check=check))
