"""Timing an agent's decisions in a benchmark game (imported by the bench scripts)."""
from __future__ import annotations

import time


def time_decisions(agent) -> list[float]:
    """From now on, the CPU seconds each ``agent.choose`` takes are appended to the list
    returned."""
    times: list[float] = []
    choose = agent.choose

    def timed(view, decision):
        start = time.process_time()
        answer = choose(view, decision)
        times.append(time.process_time() - start)
        return answer

    agent.choose = timed
    return times
