"""A digest of many seeded games per variant, player count and bot: the event log, the answers,
the scores and the metrics of every game, hashed. A change meant to make games faster, not
different, must print the same lines before and after (run it on both versions and diff):

    python3 bench/game_digest.py [--games N] > after.txt       # default 60 games per line

The golden games (tests/golden) pin four games in full; this pins thousands, more cheaply.
"""
from __future__ import annotations

import argparse
import hashlib
import json

from peloponnes.core.plugins import load_ruleset
from peloponnes.core.scenario import Scenario
from peloponnes.lab.simulate import run_game

PLAYER_COUNTS = {"cardgame": (2, 3, 4, 5), "boardgame": (1, 2, 3, 4, 5),
                 "heroes": (2, 3, 4, 6, 8)}


def digest(variant: str, players: int, agent: str, games: int) -> str:
    ruleset, scenario = load_ruleset(Scenario.quick(variant, players))
    h = hashlib.sha256()
    for seed in range(games):
        game = run_game(ruleset, scenario, seed, agent=agent)
        h.update(json.dumps([e.as_dict() for e in game.events], default=str,
                            sort_keys=True).encode())
        h.update(repr(game.answers).encode())
        h.update(repr([(s.value, s.tiebreak) for s in game.result.scores]).encode())
        h.update(json.dumps(game.metrics(), sort_keys=True, default=str).encode())
    return h.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per line (default 60)")
    args = parser.parse_args()
    for variant, counts in PLAYER_COUNTS.items():
        for players in counts:
            for agent in ("random", "heuristic"):
                print(variant, players, agent, digest(variant, players, agent, args.games),
                      flush=True)


if __name__ == "__main__":
    main()
