"""Run the learner's code under a time limit.

The limit uses SIGALRM, which only works in the main thread of a POSIX process (a
Jupyter kernel's cells run there). Elsewhere (another thread, Windows) the code runs
without a limit: a documented best effort, never an error.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

DEFAULT_TIME_LIMIT_S = 10.0


def _from_environment() -> float:
    try:
        seconds = float(os.environ.get("JAXTOUR_TIME_LIMIT_S", DEFAULT_TIME_LIMIT_S))
    except ValueError:
        return DEFAULT_TIME_LIMIT_S
    return seconds if seconds > 0 else DEFAULT_TIME_LIMIT_S


_default = {"seconds": _from_environment()}


def set_time_limit(seconds: float) -> None:
    """Set the limit for every exercise that does not declare its own (env JAXTOUR_TIME_LIMIT_S)."""
    if not seconds or seconds <= 0:
        raise ValueError("the time limit must be a positive number of seconds")
    _default["seconds"] = float(seconds)


def default_time_limit() -> float:
    return _default["seconds"]


class TimeLimitExceeded(BaseException):
    """Raised inside the learner's code when it runs past its limit.

    A BaseException, so that a learner's ``except Exception`` cannot swallow it.
    """


def limits_available() -> bool:
    """True where ``time_limit`` can actually interrupt code."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise TimeLimitExceeded in the body if it runs longer than ``seconds``."""
    if not seconds or not limits_available():
        yield
        return

    def _on_alarm(signum, frame):
        raise TimeLimitExceeded(seconds)

    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def paused() -> Iterator[None]:
    """Stop the running limit's clock for the body (the grader's own work), then resume it
    with the time that was left. Outside a limit it does nothing."""
    if not limits_available():
        yield
        return
    remaining, _ = signal.getitimer(signal.ITIMER_REAL)
    if remaining <= 0:
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, 0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, remaining)
