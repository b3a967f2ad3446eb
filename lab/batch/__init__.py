"""Running many games: ``simulate``, ``compare`` and any later batch command share one path.

    (scenario, seed) jobs -> an executor -> one GameRecord per game -> the Tally

- ``game_record``: ``GameRecord`` (and ``GameFailure``), the one per-game record type, and
  ``play_game``, which plays and records one game, recording a failure instead of raising.
- ``executors``: ``Job``, the ``Executor`` interface (jobs in, records out in job order) and its
  two implementations, ``InProcessExecutor`` and ``LocalPoolExecutor`` (``--workers N``).
- ``tally``: running statistics (Welford mean and variance, paired differences per seed, score
  counts, label win shares) reduced in seed order: identical for any executor and worker count.
- ``simulation``: ``peloponnes simulate`` (one scenario, many seeds, summarised);
  ``render_terminal`` draws its summary.
- ``failures``: the failed games of any batch, grouped by where they failed with their seeds,
  and the first one played again and saved for replay.
"""
from peloponnes.lab.batch.executors import (
    Executor,
    InProcessExecutor,
    Job,
    LocalPoolExecutor,
    PairedJobs,
    default_workers,
    make_executor,
)
from peloponnes.lab.batch.failures import first_failure, group_failures, save_failed_game
from peloponnes.lab.batch.game_record import (
    GameFailure,
    GameRecord,
    failure_of,
    play_game,
    record_game,
)
from peloponnes.lab.batch.simulation import Simulation, run_simulation, simulate
from peloponnes.lab.batch.tally import LabelCount, RunningStats, ScenarioTally, Tally

__all__ = ["Executor", "InProcessExecutor", "Job", "LocalPoolExecutor", "default_workers",
           "make_executor", "PairedJobs", "GameFailure", "GameRecord", "play_game",
           "record_game", "failure_of", "first_failure", "group_failures", "save_failed_game",
           "Simulation", "run_simulation", "simulate",
           "LabelCount", "RunningStats", "ScenarioTally", "Tally"]
