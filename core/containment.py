"""Keeping plugin code from ending the program: while a plugin is imported or a hook runs,
``os._exit`` raises instead of killing the process at once, so the failure is reported (naming
the plugin and hook) and the game in progress saved. ``sys.exit`` raises ``SystemExit``, which
the callers catch the same way.

``time_limit`` stops a game whose plugin loops without deciding anything or emitting events
(the engine's own guard counts those).

This contains mistakes, not malice: code that wants to kill the process can (signals, ctypes).
Consent before importing foreign code (core/consent.py) is the protection against that.
"""
from __future__ import annotations

import os
import signal
import threading

_real_exit = os._exit


class HardExit(SystemExit):
    """Plugin code called ``os._exit``."""


def refused_exit(code=0):
    """What ``os._exit`` is while plugin code runs."""
    raise HardExit(code)


class no_hard_exit:  # noqa: N801 - used like a function: ``with no_hard_exit():``
    """Within this block ``os._exit`` raises HardExit (restored afterwards, nested safely)."""
    __slots__ = ("swapped",)

    def __enter__(self):
        self.swapped = os._exit is not refused_exit
        if self.swapped:
            os._exit = refused_exit
        return self

    def __exit__(self, *exc) -> bool:
        if self.swapped:
            os._exit = _real_exit
        return False


class TimeLimit(Exception):
    """Raised inside whatever code is running when a game's time runs out."""


class time_limit:  # noqa: N801 - used like a function: ``with time_limit(30, "the game"):``
    """Raise TimeLimit in the running code after ``seconds`` of wall-clock time (None or 0: no
    limit). A loop that neither decides nor emits events (``while True: pass`` in a hook) is
    stopped this way, with the loop's own frame in the traceback for blame. Works in a process's
    main thread (elsewhere, and where SIGALRM does not exist, it does nothing). An outer time
    limit already running is left alone: the inner block then runs under the outer one."""
    __slots__ = ("seconds", "what", "previous", "armed")

    def __init__(self, seconds: float | None, what: str = "the game"):
        self.seconds = seconds
        self.what = what
        self.armed = False

    def __enter__(self) -> time_limit:
        seconds = self.seconds
        if not (seconds and hasattr(signal, "setitimer")
                and threading.current_thread() is threading.main_thread()
                and signal.getitimer(signal.ITIMER_REAL)[0] == 0):
            return self
        what = self.what

        def expired(signum, frame):
            raise TimeLimit(f"{what} ran longer than {seconds:g} s (an endless loop?)")

        self.previous = signal.signal(signal.SIGALRM, expired)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        self.armed = True
        return self

    def __exit__(self, *exc) -> bool:
        if self.armed:
            self.armed = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
        return False


def describe_exception(exc: BaseException) -> str:
    """``Type: message`` for people; a ``sys.exit`` in plugin code says so."""
    if isinstance(exc, HardExit):
        return f"called os._exit({exc.code!r}) (a plugin must not end the program)"
    if isinstance(exc, SystemExit):
        return f"called sys.exit({exc.code!r}) (a plugin must not end the program)"
    if isinstance(exc, RecursionError):
        return "RecursionError: endless recursion"
    text = str(exc)
    if len(text) > 300:
        text = text[:300] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
