"""Benchmark: the ``learned`` agent's training time, decision time and strength.

    python3 bench/learned_strength.py [--variant V ...] [--seeds S] [--games N] [--workers W]
                                      [--market] [--solo] [--opponent heuristic|mcts]
                                      [--lookahead R] [--redraws K]

For each variant (default: all three, 4 players): trains a model on ``--games`` self-play games
(the default budget unless given; the time is printed), then plays one ``learned`` seat against
three ``--opponent`` bots; each of S seeds (1000, 1001, ...: the seeds ``bench/search.py
strength`` gives mcts) is played once with the learned seat at each of the 4 seats, so S seeds
give 4*S paired games. Prints the win share (a shared win counts 1/k; fair share 25%) with its
95% interval (normal approximation over per-game shares) and the median CPU time per learned
decision (``time.process_time``).

``--market``: the card game with the market-phase house rule: how often a learned seat and a
heuristic seat choose "trade" when offered (the heuristic bot has no opinion there: it guesses).
``--solo``: the board game's solo game: the learned agent's mean score over S seeds.
``--lookahead R``, ``--redraws K``: the learned seats' settings (default: the agent's defaults).
Figures, not tests: the machine is shared and noisy. The model cache is a temporary folder, so
every run trains afresh.
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from timing import time_decisions

from peloponnes.agents import make_agents
from peloponnes.core.engine import Game
from peloponnes.core.playing import play
from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import PlayerSpec, Scenario
from peloponnes.lab.training import Plan, train_scenario

MARKET = "plugins/market_phase.py"


SETTINGS: dict = {}     # the learned seats' settings (``--lookahead``, ``--redraws``)


def scenario(variant: str, seats: int, opponent: str, learned_seat: int | None,
             plugins: tuple = ()) -> Scenario:
    base = Scenario.quick(variant, seats, agent=opponent, plugins=plugins)
    players = list(base.players)
    if learned_seat is not None:
        players[learned_seat] = PlayerSpec(players[learned_seat].name, "learned",
                                           settings=dict(SETTINGS))
    return replace(base, players=tuple(players))


def play_one(job: tuple) -> tuple[float, list[float], dict]:
    """One game: (the learned seat's win share or score, its decisions' CPU times, how often
    each agent kind answered "trade"/"stop" in market decisions)."""
    variant, seats, seed, seat, opponent, plugins = job
    ruleset, sc = load_ruleset(scenario(variant, seats, opponent, seat, plugins))
    game = Game(ruleset, sc, seed=seed)
    agents = make_agents(game)
    learned = agents[seat]
    times = time_decisions(learned)
    market: dict = {}

    def count(game, decision, answer, agent):
        if decision.kind == "market":
            key = ("learned" if agent is learned else "heuristic", answer)
            market[key] = market.get(key, 0) + 1

    play(game, agents, on_answer=count if plugins else None)
    result = game.result
    if seats == 1:
        return float(result.scores[0].value), times, market
    share = 1 / len(result.winners) if seat in result.winners else 0.0
    return share, times, market


PLAN: dict = {}         # ``--rounds``, ``--distill-games``: the training plan's, where given


def trained(variant: str, seats: int, games: int | None, workers: int, plugins: tuple = ()):
    plan = Plan(**({"games": games} if games else {}), **PLAN)
    start = time.perf_counter()
    cpu = time.process_time()
    model, _path = train_scenario(scenario(variant, seats, "heuristic", 0, plugins), plan,
                                  workers=workers)
    print(f"{variant:>9} {seats}p{' +' + ','.join(plugins) if plugins else ''}: trained on"
          f" {plan.games} self-play games and {plan.distill_count()} distillation games in"
          f" {time.perf_counter() - start:.0f} s wall"
          f" ({workers} workers; {time.process_time() - cpu:.0f} s CPU in this process)",
          flush=True)
    return model


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0
    return mean, half


FIRST_SEED = [1000]     # ``--first-seed``


def strength(variant: str, seeds: int, opponent: str, workers: int,
             plugins: tuple = ()) -> list:
    jobs = [(variant, 4, FIRST_SEED[0] + s, seat, opponent, plugins) for s in range(seeds)
            for seat in range(4)]
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play_one, jobs))
    mean, half = interval([r[0] for r in results])
    times = [t for r in results for t in r[1]]
    print(f"{variant:>9} learned vs 3 {opponent}: {len(results)} games ({seeds} seeds from"
          f" {FIRST_SEED[0]} x 4 seats): win share {mean:.1%} [{mean - half:.1%},"
          f" {mean + half:.1%}] (fair 25%);"
          f" median {statistics.median(times) * 1000:.2f} ms CPU per decision"
          f" ({len(times) / len(results):.0f} learned decisions a game);"
          f" {time.perf_counter() - start:.0f} s wall", flush=True)
    return results


def market_report(results: list) -> None:
    totals: dict = {}
    for _share, _times, market in results:
        for key, n in market.items():
            totals[key] = totals.get(key, 0) + n
    for who in ("learned", "heuristic"):
        trade, stop = totals.get((who, "trade"), 0), totals.get((who, "stop"), 0)
        if trade + stop:
            print(f"  market phase: {who} trades in {trade / (trade + stop):.0%} of"
                  f" {trade + stop} offers", flush=True)


def solo(seeds: int, workers: int) -> None:
    jobs = [("boardgame", 1, 1000 + s, 0, "heuristic", ()) for s in range(seeds)]
    with ProcessPoolExecutor(workers) as pool:
        scores = [r[0] for r in pool.map(play_one, jobs)]
    mean, half = interval(scores)
    print(f"boardgame solo: learned mean score {mean:.2f} [{mean - half:.2f},"
          f" {mean + half:.2f}] over {seeds} seeds (1000-{999 + seeds})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", help="default: all three")
    parser.add_argument("--seeds", type=int, default=50, help="4 games per seed")
    parser.add_argument("--first-seed", type=int, default=1000, help="the seeds' first")
    parser.add_argument("--games", type=int, default=None, help="self-play games to train on")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponent", default="heuristic", choices=("heuristic", "mcts"))
    parser.add_argument("--market", action="store_true")
    parser.add_argument("--solo", action="store_true")
    parser.add_argument("--lookahead", type=int, help="the learned seats' lookahead setting"
                        " (rounds; default: the agent's)")
    parser.add_argument("--redraws", type=int, help="the learned seats' redraws setting"
                        " (default: the agent's)")
    parser.add_argument("--rounds", type=int, help="value-model rounds (default: the plan's)")
    parser.add_argument("--distill-games", type=int, help="labelled games to distil the policy"
                        " from (default: the plan's share of --games)")
    args = parser.parse_args()
    FIRST_SEED[0] = args.first_seed
    for name in ("rounds", "distill_games"):
        if getattr(args, name) is not None:
            PLAN[name] = getattr(args, name)
    for name in ("lookahead", "redraws"):       # worker processes fork: they see SETTINGS
        if getattr(args, name) is not None:
            SETTINGS[name] = getattr(args, name)
    os.environ.setdefault("XDG_CACHE_HOME", tempfile.mkdtemp(prefix="peloponnes-bench-"))
    if args.market:
        trained("cardgame", 4, args.games, args.workers, (MARKET,))
        market_report(strength("cardgame", args.seeds, args.opponent, args.workers,
                               (MARKET,)))
        return
    if args.solo:
        trained("boardgame", 1, args.games, args.workers)
        solo(args.seeds, args.workers)
        return
    for variant in args.variant or ["cardgame", "boardgame", "heroes"]:
        trained(variant, 4, args.games, args.workers)
        strength(variant, args.seeds, args.opponent, args.workers)


if __name__ == "__main__":
    main()
