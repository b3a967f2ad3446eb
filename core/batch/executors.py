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

import os
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Protocol

from ..coverage import Watcher
from ..errors import ConfigError, SandboxError
from ..plugins import Ruleset, load_ruleset
from ..scenario import Scenario
from .game_record import GameRecord, play_game

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
    # What the games are watched for (``core.coverage``): None, "plugins" or "all"; a batch
    # (simulate, compare) sets it before ``run``, and the records carry the coverage.
    watch: str | None

    def run(self, scenarios: Sequence[Scenario], jobs: Sequence[Job],
            progress: Progress | None = None) -> Iterator[GameRecord]:
        """Yield one record per job, in the jobs' order."""


Loaded = tuple[Ruleset, Scenario, Watcher | None]


def load_all(scenarios: Sequence[Scenario], watch: str | None = None) -> list[Loaded]:
    """Every scenario's ruleset, loaded once (what a worker does before playing); with
    ``watch`` ("plugins": the scenarios' own plugins, "all": every hook implementation) each
    with a coverage ``Watcher``."""
    loaded = []
    for sc in scenarios:
        ruleset, sc = load_ruleset(sc)
        loaded.append((ruleset, sc, Watcher(ruleset, every=watch == "all") if watch else None))
    return loaded


def play_jobs(loaded: Sequence[Loaded], jobs: Iterable[Job]) -> list[GameRecord]:
    out = []
    for job in jobs:
        ruleset, sc, watcher = loaded[job.scenario]
        out.append(play_game(ruleset, sc, job.seed, job.scenario, watcher))
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
    chunk finishes, in any order. Used by every executor that plays chunks elsewhere."""
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
    """Plays every job in this process, one after the other (``--workers 1``). ``watch``: see
    ``make_executor``."""

    def __init__(self, watch: str | None = None):
        self.watch = watch

    def run(self, scenarios: Sequence[Scenario], jobs: Sequence[Job],
            progress: Progress | None = None) -> Iterator[GameRecord]:
        loaded = load_all(scenarios, self.watch)
        total = len(jobs)
        step = max(1, total // 200)
        for done, job in enumerate(jobs, 1):
            yield play_jobs(loaded, [job])[0]
            if progress and (done % step == 0 or done == total):
                progress(done, total)


_WORKER: list[Loaded] = []


def _init_worker(scenarios: Sequence[Scenario], watch: str | None) -> None:
    """Runs once in each worker process: load every ruleset (plugins, components) once. Ctrl-C
    is left to the parent, which cancels the chunks not yet started."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER[:] = load_all(scenarios, watch)


def _worker_chunk(jobs: Sequence[Job]) -> list[GameRecord]:
    return play_jobs(_WORKER, jobs)


class LocalPoolExecutor:
    """Plays chunks of jobs in ``workers`` local processes (``--workers N``). Chunks are handed
    out a few per worker at a time and their records yielded in job order, so memory holds only
    the chunks in flight, however long the batch."""

    def __init__(self, workers: int, chunk: int | None = None, watch: str | None = None):
        self.workers = max(1, workers)
        self.chunk = chunk
        self.watch = watch

    def run(self, scenarios: Sequence[Scenario], jobs: Sequence[Job],
            progress: Progress | None = None) -> Iterator[GameRecord]:
        total = len(jobs)
        if total == 0:
            return
        bounds = chunk_bounds(total, self.workers, self.chunk)
        pool = ProcessPoolExecutor(max_workers=min(self.workers, len(bounds)),
                                   initializer=_init_worker,
                                   initargs=(list(scenarios), self.watch))
        try:
            yield from in_job_order(lambda chunk: pool.submit(_worker_chunk, chunk), jobs,
                                    bounds, self.workers * 3, progress)
        except BrokenProcessPool as exc:
            pool.shutdown(wait=False, cancel_futures=True)
            raise SandboxError(f"a worker process died ({exc}); try --workers 1") from None
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)


def default_workers() -> int:
    return os.cpu_count() or 1


EXECUTORS = ("local", "ray")


def make_executor(workers: int | None = None, kind: str = "local",
                  address: str | None = None, watch: str | None = None) -> Executor:
    """The executor for ``--workers`` / ``--executor`` / ``--address``: locally, this process
    for 1 worker and a local process pool for more (default: every core); ``ray``, Ray tasks
    on the Ray instance at ``address`` (default: start or join a local one). ``watch`` gives
    every record its coverage (``core.coverage``): "plugins" watches the scenarios' own
    plugins, "all" every hook implementation."""
    if kind == "ray":
        if workers is not None:
            raise ConfigError("--workers is for the local executor; with --executor ray the "
                              "games run on every CPU of the Ray instance")
        from .ray_executor import RayExecutor
        return RayExecutor(address, watch=watch)
    if kind != "local":
        raise ConfigError(f"unknown executor '{kind}' (known: {', '.join(EXECUTORS)})")
    if address is not None:
        raise ConfigError("--address needs --executor ray")
    workers = default_workers() if workers is None else workers
    return InProcessExecutor(watch) if workers <= 1 else LocalPoolExecutor(workers, watch=watch)
