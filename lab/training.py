"""``peloponnes train``: the learned agent's self-play games played in parallel, by local worker
processes (``--workers``) or Ray tasks (``--executor ray``), then the model cached.

The training itself (rounds of self-play, fitting) is ``agents.learned.training``'s; this module
only hands it a ``play_games`` that plays each round's games in chunks elsewhere and gives the
results back in seed order, so the model is the same for any number of workers and either
executor. Each worker loads the ruleset once and keeps it for the chunks it plays.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

from peloponnes.agents.learned.features import encoder_for
from peloponnes.agents.learned.selfplay import SelfPlay
from peloponnes.agents.learned.store import store
from peloponnes.agents.learned.training import Plan, Progress, serial_games, train
from peloponnes.core.errors import ConfigError
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario

CHUNK = 25      # self-play games per task: small enough for an even load and a live progress bar
EXECUTORS = ("local", "ray")

_worker: list = []      # a worker process's (scenario, loaded ruleset), kept between chunks


def play_chunk(scenario: Scenario, seeds: Sequence[int], model, how: SelfPlay) -> list:
    """Self-play games in a worker (``how``: the value model's or the distillation's): the
    ruleset loaded on the first chunk and kept."""
    if not _worker or _worker[0] != scenario:
        _worker[:] = [scenario, load_ruleset(scenario)]
    ruleset, sc = _worker[1]
    encoder = encoder_for(ruleset, sc)
    return [how.play(ruleset, sc, seed, model, encoder) for seed in seeds]


def in_order(submit: Callable, seeds: Sequence[int], model, how: SelfPlay,
             result: Callable) -> Iterator:
    """Every chunk of ``seeds`` submitted at once, their games yielded in seed order."""
    chunks = [seeds[i:i + CHUNK] for i in range(0, len(seeds), CHUNK)]
    futures = [submit(list(chunk), model, how) for chunk in chunks]
    for future in futures:
        yield from result(future)


def pool_games(scenario: Scenario, pool: ProcessPoolExecutor):
    def play(seeds, model, how):
        return in_order(lambda chunk, m, h: pool.submit(play_chunk, scenario, chunk, m, h),
                        seeds, model, how, lambda future: future.result())
    return play


def ray_games(scenario: Scenario, address: str | None):
    from peloponnes.lab.batch.ray_executor import import_ray

    ray = import_ray()
    if not ray.is_initialized():
        ray.init(address=address, logging_level="ERROR", log_to_driver=False)
    remote = ray.remote(play_chunk)

    def play(seeds, model, how):
        model_ref = ray.put(model)
        return in_order(lambda chunk, m, h: remote.remote(scenario, chunk, model_ref, h),
                        seeds, model, how, ray.get)
    return play


def train_scenario(scenario: Scenario, plan: Plan, *, workers: int = 1, executor: str = "local",
                   address: str | None = None, progress: Progress | None = None):
    """Train and cache a model for ``scenario``'s rules; returns (model, path it was cached at).
    ``workers`` local processes play the games (1: this process), or Ray tasks."""
    if executor not in EXECUTORS:
        raise ConfigError(f"unknown executor '{executor}' (known: {', '.join(EXECUTORS)})")
    ruleset, sc = load_ruleset(scenario)
    travelling = sc.with_absolute_paths()
    if executor == "ray":
        model = train(ruleset, sc, plan, play_games=ray_games(travelling, address),
                      progress=progress)
    elif workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            model = train(ruleset, sc, plan, play_games=pool_games(travelling, pool),
                          progress=progress)
    else:
        model = train(ruleset, sc, plan, play_games=serial_games(ruleset, sc), progress=progress)
    return model, store(model)
