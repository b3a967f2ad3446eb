"""Keeping plugin code from ending or hanging the program, and from passing for the user.

While a plugin is imported or a hook runs, ``os._exit`` raises instead of killing the process at
once, so the failure is reported (naming the plugin and hook) and the game in progress saved.
``sys.exit`` raises ``SystemExit``, which the callers catch the same way.

``time_limit`` stops a game whose plugin loops without deciding anything or emitting events
(the engine's own guard counts those). Within it, a watchdog thread stops a single hook call
that runs longer than ``HOOK_SECONDS`` (``HookWatch``), so the loop is blamed on that hook of
that plugin within seconds, not at the end of the game's time.

``recording_interrupts`` notes every Ctrl-C (SIGINT), so that a ``KeyboardInterrupt`` that
plugin code raises itself is told apart from the user's (``raised_by_plugin``): the first is a
plugin failure, the second ends the command.

This contains mistakes, not malice: code that wants to kill the process can (signals, ctypes).
Consent before importing foreign code (core/consent.py) is the protection against that.
"""
from __future__ import annotations

import _thread
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Mapping
from types import CodeType, FrameType

# Environment settings that were no number of seconds (their defaults hold instead), for the
# command line to report before it runs anything.
SETTING_PROBLEMS: list[str] = []


def seconds_from_environment(name: str, default: float) -> float:
    """The seconds the environment variable ``name`` sets (unset or empty: ``default``; 0: no
    limit). A value that is no finite number of 0 or more is noted in SETTING_PROBLEMS."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value >= 0):
        SETTING_PROBLEMS.append(f"{name}={text!r} is not a number of seconds (0 or more; 0: "
                                "no limit)")
        return default
    return value


# Wall-clock seconds one hook call may run while a game runs under ``time_limit``: hooks answer
# in microseconds, so this only stops one that loops. PELOPONNES_HOOK_SECONDS overrides it (0:
# no limit per call; the game's own time limit still holds).
HOOK_SECONDS = seconds_from_environment("PELOPONNES_HOOK_SECONDS", 10)


class HardExit(SystemExit):
    """Plugin code called ``os._exit``."""


def refused_exit(code=0):
    """What ``os._exit`` is while plugin code runs."""
    raise HardExit(code)


class no_hard_exit:  # noqa: N801 - used like a function: ``with no_hard_exit():``
    """Within this block ``os._exit`` raises HardExit; afterwards it is what it was before (so
    blocks nest)."""
    __slots__ = ("exit_before",)

    def __enter__(self):
        self.exit_before, os._exit = os._exit, refused_exit
        return self

    def __exit__(self, *exc) -> bool:
        os._exit = self.exit_before
        return False


class TimeLimit(Exception):
    """Raised inside whatever code is running when a game's time, or one hook call's, runs out."""


class _Alarm:
    """What SIGALRM means while a ``time_limit`` block runs: ``game``, what the game's timer
    says when it runs out (None: no timer of ours runs); ``request``, the hook call the
    watchdog asks to stop (its frame) and what to say (None: it asks nothing)."""
    game: str | None = None
    request: tuple[FrameType, str] | None = None


def _on_alarm(signum, frame) -> None:
    """SIGALRM within a ``time_limit`` block: the watchdog asks to stop a hook call (done only
    if that call still runs: it may have returned meanwhile), or the game's timer ran out."""
    request, _Alarm.request = _Alarm.request, None
    if request is not None and _runs_within(frame, request[0]):
        raise TimeLimit(request[1])
    if _Alarm.game is not None and signal.getitimer(signal.ITIMER_REAL)[0] == 0:
        raise TimeLimit(_Alarm.game)


def _runs_within(frame: FrameType | None, call: FrameType) -> bool:
    while frame is not None:
        if frame is call:
            return True
        frame = frame.f_back
    return False


class time_limit:  # noqa: N801 - used like a function: ``with time_limit(30, "the game"):``
    """Raise TimeLimit in the running code after ``seconds`` of wall-clock time (None or 0: no
    limit), and inside any hook call that runs longer than ``HOOK_SECONDS`` (``HookWatch``). A
    loop that neither decides nor emits events (``while True: pass`` in a hook) is stopped this
    way, with the loop's own frame in the traceback for blame. Works in a process's main thread
    (elsewhere, and where SIGALRM does not exist, it does nothing). Blocks nest: an inner block
    sets its time where no outer one has set any (a command watching its hook calls, around a
    game with a time limit); an outer time already running is left alone, the inner block then
    runs under it. A timer someone else set leaves every block idle."""
    __slots__ = ("seconds", "what", "previous", "installed", "timed")

    def __init__(self, seconds: float | None, what: str = "the game"):
        self.seconds = seconds
        self.what = what
        self.installed = self.timed = False

    @property
    def armed(self) -> bool:
        """Whether this block set anything (the handler, or its time)."""
        return self.installed or self.timed

    def __enter__(self) -> time_limit:
        seconds = self.seconds
        if not (hasattr(signal, "setitimer")
                and threading.current_thread() is threading.main_thread()):
            return self
        ours = signal.getsignal(signal.SIGALRM) is _on_alarm
        timer_free = signal.getitimer(signal.ITIMER_REAL)[0] == 0
        if not ours and (not timer_free or not (seconds or HOOK_SECONDS)):
            return self
        if not ours:
            self.previous = signal.signal(signal.SIGALRM, _on_alarm)
            self.installed = True
            _Alarm.request = None
        if seconds and timer_free:
            _Alarm.game = f"{self.what} ran longer than {seconds:g} s (an endless loop?)"
            signal.setitimer(signal.ITIMER_REAL, seconds)
            self.timed = True
        if HOOK_SECONDS and self.armed:
            HOOK_WATCH.start()
        return self

    def __exit__(self, *exc) -> bool:
        if self.timed:
            self.timed = False
            _Alarm.game = None
            signal.setitimer(signal.ITIMER_REAL, 0)
        if self.installed:
            self.installed = False
            signal.signal(signal.SIGALRM, self.previous)
        return False


class HookWatch:
    """The watchdog of hook calls: a daemon thread that looks at the main thread's stack every
    so often (a quarter of ``HOOK_SECONDS``, at most every second) while a ``time_limit`` block
    runs there. When the same hook call, the outermost frame of a hook implementation on that
    stack (the very frame, not only the same function), still runs after ``HOOK_SECONDS``, it
    asks the main thread to raise TimeLimit inside it (``_thread.interrupt_main``, which does
    nothing once the block's handler is gone). Hook calls cost nothing more for it: it learns
    which functions implement hooks when a ruleset is assembled (``watch``).

    A hook waiting in a system call (``time.sleep``, reading input) sees the request only when
    the call returns; the game's own time limit, a real signal, stops that one."""

    def __init__(self):
        self.hooks: dict[CodeType, str] = {}    # a hook implementation's code -> its hook
        self.thread: threading.Thread | None = None

    def watch(self, implementations: Mapping[Callable, str]) -> None:
        """Note hook implementations (function -> the hook it implements)."""
        for function, hook in implementations.items():
            code = getattr(function, "__code__", None)
            if code is not None:
                self.hooks[code] = hook

    def start(self) -> None:
        """Start the thread, once per process (called from the main thread)."""
        if self.thread is None:
            self.thread = threading.Thread(target=self._run, name="peloponnes-hook-watch",
                                           daemon=True)
            self.thread.start()

    def forget_thread(self) -> None:
        """In a forked child: the parent's thread did not come along."""
        self.thread = None

    def _run(self) -> None:
        main = threading.main_thread()
        call, since = None, 0.0
        while True:
            limit = HOOK_SECONDS
            time.sleep(min(1.0, limit / 4) if limit > 0 else 1.0)
            if limit <= 0 or signal.getsignal(signal.SIGALRM) is not _on_alarm:
                call = None
                continue
            found = self.outermost_call(sys._current_frames().get(main.ident))
            now = time.monotonic()
            if found is None or call is None or found[0] is not call[0]:
                call, since = found, now
            elif now - since >= limit:
                _Alarm.request = (found[0], f"hook {found[1]} ran longer than {limit:g} s (an "
                                            "endless loop? PELOPONNES_HOOK_SECONDS sets the limit)")
                _thread.interrupt_main(signal.SIGALRM)
                since = now     # asked again as long after, should the hook swallow it

    def outermost_call(self, frame: FrameType | None) -> tuple[FrameType, str] | None:
        """The outermost hook call on the stack that ends in ``frame``: its frame and hook."""
        hooks, found = self.hooks, None
        while frame is not None:
            hook = hooks.get(frame.f_code)
            if hook is not None:
                found = (frame, hook)
            frame = frame.f_back
        return found


HOOK_WATCH = HookWatch()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=HOOK_WATCH.forget_thread)


class _Sigint:
    """Whether a Ctrl-C (SIGINT) arrived while ``recording_interrupts`` runs."""
    received = False


def _on_sigint(signum, frame) -> None:
    """Ctrl-C: noted, then raised as KeyboardInterrupt, as Python's own handler does."""
    _Sigint.received = True
    raise KeyboardInterrupt


class recording_interrupts:  # noqa: N801 - used like a function: ``with recording_interrupts():``
    """Within this block a SIGINT (Ctrl-C) is noted, then raises KeyboardInterrupt as ever, so
    that a KeyboardInterrupt no SIGINT caused is known to come from code (``raised_by_plugin``).
    Works in a process's main thread where Ctrl-C raises KeyboardInterrupt (Python's default
    handler), which is put back after; elsewhere it does nothing."""
    __slots__ = ("previous", "armed")

    def __enter__(self) -> recording_interrupts:
        self.armed = (threading.current_thread() is threading.main_thread()
                      and signal.getsignal(signal.SIGINT) is signal.default_int_handler)
        if self.armed:
            _Sigint.received = False
            self.previous = signal.signal(signal.SIGINT, _on_sigint)
        return self

    def __exit__(self, *exc) -> bool:
        if self.armed:
            signal.signal(signal.SIGINT, self.previous)
        return False


def interrupt_from_code() -> bool:
    """Whether a KeyboardInterrupt raised now cannot be the user's Ctrl-C: SIGINT is ignored
    here (a batch's worker process leaves Ctrl-C to its parent), or noted
    (``recording_interrupts``) and none has arrived."""
    handler = signal.getsignal(signal.SIGINT)
    return handler is signal.SIG_IGN or (handler is _on_sigint and not _Sigint.received)


def raised_by_plugin(exc: BaseException, plugin_of_file: Callable[[str], object]) -> bool:
    """Whether ``exc`` is a KeyboardInterrupt that plugin code raised itself, not the user's
    Ctrl-C: no Ctrl-C can have caused it (``interrupt_from_code``), and the innermost frame of
    its traceback is in a plugin's file (``plugin_of_file(filename)`` names one). Such an
    interrupt is the plugin's failure; any other ends the command as Ctrl-C does."""
    if not isinstance(exc, KeyboardInterrupt) or not interrupt_from_code():
        return False
    innermost = exc.__traceback__
    if innermost is None:
        return False
    while innermost.tb_next is not None:
        innermost = innermost.tb_next
    return bool(plugin_of_file(innermost.tb_frame.f_code.co_filename))


def describe_exception(exc: BaseException) -> str:
    """``Type: message`` for people; a ``sys.exit`` in plugin code says so."""
    if isinstance(exc, HardExit):
        return f"called os._exit({exc.code!r}) (a plugin must not end the program)"
    if isinstance(exc, SystemExit):
        return f"called sys.exit({exc.code!r}) (a plugin must not end the program)"
    if isinstance(exc, RecursionError):
        return "RecursionError: endless recursion"
    if isinstance(exc, KeyboardInterrupt):
        return "raised KeyboardInterrupt (no Ctrl-C was pressed)"
    text = str(exc)
    if len(text) > 300:
        text = text[:300] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
