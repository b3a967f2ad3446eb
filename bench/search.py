"""Benchmark: the cost of forking and the strength of the ``mcts`` agent.

    python3 bench/search.py fork [--games N]
    python3 bench/search.py strength [--variant V ...] [--seeds S] [--opponent heuristic|random]
                                     [--iterations N ...] [--horizon H] [--workers W]
                                     [--plugin FILE ...] [--answers KIND]

``fork``: median and 90th-percentile time of ``game.fork()`` at every decision of N random
4-player card games (mid-game: rounds 3 to 6).

``strength``: one ``mcts`` seat against three opponents, 4 players; for each seed the mcts seat
sits once at each of the 4 seats (paired games: the same deals, every seat), so S seeds give
4*S games. Prints the mcts seat's win share (a shared win counts 1/k; fair share 25%) with its
95% confidence interval (normal approximation over per-game shares), and the median CPU time
per mcts decision (``time.process_time`` of the deciding process: on a busy machine the wall
time is longer). Several ``--iterations`` give the win share against the budget.
``--answers KIND`` also counts how the mcts seat answered decisions of that kind (with
``--plugin plugins/market_phase.py --answers market``: how often it trades when offered).
A figure, not a test: machines here are shared and noisy.
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from timing import time_decisions

from peloponnes.agents import make_agents
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import PlayerSpec, Scenario


def bench_fork(games: int) -> None:
    ruleset, scenario = load_ruleset(Scenario.quick("cardgame", 4))
    times, all_times = [], []
    for seed in range(games):
        game = Game(ruleset, scenario, seed=seed).enable_forking().start()
        rng = random.Random(seed)
        while game.pending is not None:
            start = time.perf_counter()
            game.fork()
            elapsed = time.perf_counter() - start
            all_times.append(elapsed)
            if 3 <= game.round <= 6:
                times.append(elapsed)
            game.choose(rng.choice(game.pending.options).id)
    times.sort()
    print(f"fork: cardgame 4 players, {games} random games, {len(times):,} mid-game forks"
          f" (rounds 3-6): median {statistics.median(times) * 1000:.3f} ms,"
          f" 90th percentile {times[int(len(times) * 0.9)] * 1000:.3f} ms;"
          f" all {len(all_times):,} forks: median {statistics.median(all_times) * 1000:.3f} ms")


def play_one(job: tuple) -> tuple[float, list[float], Counter]:
    """One game: (the mcts seat's win share, its decisions' CPU times, its answers to the
    decisions of kind ``answers``)."""
    variant, seed, seat, opponent, settings, plugins, answers = job
    base = Scenario.quick(variant, 4, agent=opponent, plugins=plugins)
    players = list(base.players)
    players[seat] = PlayerSpec(players[seat].name, "mcts", settings)
    ruleset, scenario = load_ruleset(replace(base, players=tuple(players)))
    game = Game(ruleset, scenario, seed=seed)
    agents = make_agents(game)
    times = time_decisions(agents[seat])
    given: Counter = Counter()

    def count(game, decision, answer, agent):
        if decision.kind == answers and agent is agents[seat]:
            given[answer] += 1

    play(game, agents, on_answer=count if answers else None)
    winners = game.result.winners
    return (1 / len(winners) if seat in winners else 0.0), times, given


def bench_strength(variant: str, seeds: int, opponent: str, settings: dict, workers: int,
                   first_seed: int = 1000, plugins: tuple = (), answers: str = "") -> dict:
    jobs = [(variant, first_seed + s, seat, opponent, settings, plugins, answers)
            for s in range(seeds) for seat in range(4)]
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play_one, jobs))
    wall = time.perf_counter() - start
    shares = [r[0] for r in results]
    times = [t for r in results for t in r[1]]
    n = len(shares)
    mean = sum(shares) / n
    half = 1.96 * statistics.stdev(shares) / math.sqrt(n) if n > 1 else float("nan")
    print(f"{variant:>9} mcts {settings or 'defaults'} vs 3 {opponent}: {n} games"
          f" ({seeds} seeds x 4 seats): win share {mean:.1%} [{mean - half:.1%},"
          f" {mean + half:.1%}] (fair 25%); median {statistics.median(times) * 1000:.0f} ms CPU"
          f" per decision ({len(times) / n:.0f} mcts decisions a game); {wall:.0f} s wall",
          flush=True)
    if answers:
        given = sum((r[2] for r in results), Counter())
        total = sum(given.values())
        shares_given = ", ".join(f"{answer} {count / total:.0%}"
                                 for answer, count in given.most_common())
        print(f"  answers to {answers!r} decisions ({total}): {shares_given or 'none asked'}",
              flush=True)
    return {"variant": variant, "share": mean, "low": mean - half, "high": mean + half}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("fork", "strength"))
    parser.add_argument("--games", type=int, default=20, help="fork: random games")
    parser.add_argument("--variant", action="append", help="strength: default all three")
    parser.add_argument("--seeds", type=int, default=50, help="strength: 4 games per seed")
    parser.add_argument("--opponent", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--iterations", type=int, nargs="+", default=[None])
    parser.add_argument("--horizon", type=int, default=None)
    parser.add_argument("--plugin", action="append", default=[])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--answers", default="", metavar="KIND",
                        help="strength: count the mcts seat's answers to decisions of KIND")
    args = parser.parse_args()
    if args.what == "fork":
        bench_fork(args.games)
        return
    for variant in args.variant or ["cardgame", "boardgame", "heroes"]:
        for iterations in args.iterations:
            settings = {}
            if iterations is not None:
                settings["iterations"] = iterations
            if args.horizon is not None:
                settings["horizon"] = args.horizon
            bench_strength(variant, args.seeds, args.opponent, settings, args.workers,
                           plugins=tuple(args.plugin), answers=args.answers)


if __name__ == "__main__":
    main()
