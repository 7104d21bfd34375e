"""Run the learner's code under a time limit.

The limit counts the learner's own time: the wall clock, less the time JAX spends
compiling (lowering and XLA compilation, as JAX reports them) and the grader's own work
(``paused``). An answer that the lesson allows to compile on every call (an unjitted
``lax.scan``) is therefore not stopped for compiling, up to a ceiling on the whole wall
time (``ceiling``). What a stopped check was doing is kept on the ``Limit``: its own time,
how many programs it compiled and how long that took, how many times the grader called
the learner's code, the line of the learner's code it was stopped on, and how late the
stop came (a call Python cannot interrupt, such as ``sum(range(10**9))`` or one long
NumPy operation, delays it: SIGALRM acts only between bytecodes).

Limits nest: a check inside a check (an answer that calls ``checks.check`` itself) keeps
the earliest deadline, and the outer limit's expiry is raised through the inner check.

The limit uses SIGALRM, which only works in the main thread of a POSIX process (a
Jupyter kernel's cells run there). Elsewhere (another thread, Windows) the code runs
without a limit: a documented best effort, never an error.
"""

from __future__ import annotations

import linecache
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from jaxtour.i18n import _

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


# The clock and the alarm are reached through names taken at import: an answer that
# replaces time.monotonic or signal.setitimer cannot stretch or shrink its own limit.
_now = time.monotonic
_setitimer, _getitimer, _signal, _getsignal = (
    getattr(signal, "setitimer", None),
    getattr(signal, "getitimer", None),
    signal.signal,
    signal.getsignal,
)

# JAX's own reports of time spent compiling, none of which runs the learner's code: its
# Python runs while a function is traced, and tracing counts as the learner's time.
COMPILE_EVENTS = frozenset(
    {
        "/jax/core/compile/jaxpr_to_mlir_module_duration",
        "/jax/core/compile/backend_compile_duration",
        "/jax/compilation_cache/cache_retrieval_time_sec",
    }
)
GRACE_S = 0.05  # a compile that just ended may not be reported yet: look again this late
LATE_S = 0.25  # a stop this much later than due (and later than the limit) was held up


def ceiling(seconds: float) -> float:
    """The most wall time a limit of ``seconds`` allows, compilation included."""
    return 3 * seconds + 30.0


@dataclass(eq=False)  # each running limit is itself: removed by identity
class Limit:
    """One running limit, and what the code under it did."""

    seconds: float
    started: float
    compile_s: float = 0.0
    compiles: int = 0
    paused_s: float = 0.0
    calls: int = 0  # calls of the learner's code by the grader (learner_code.call_learner)
    stopped_at: str | None = None  # "line 3 of walk: `while True:`"
    late_s: float = 0.0  # how much later than due the stop came
    past_ceiling: bool = False
    fired: bool = False
    caught: bool = False  # the learner's code caught its TimeLimitExceeded and ran on
    graced: bool = False  # looked at once more, GRACE_S later
    due: float = field(default=0.0)  # when the alarm now armed should fire

    def own_s(self, now: float | None = None) -> float:
        """The learner's own time so far: wall less compiling less the grader's work."""
        now = _now() if now is None else now
        return now - self.started - self.compile_s - self.paused_s

    def wall_s(self, now: float | None = None) -> float:
        return (_now() if now is None else now) - self.started

    def overran(self) -> bool:
        """Whether the body ran past the limit although no stop ended it: the stop was
        caught (``except BaseException``), or the alarm was ignored or disarmed. Told
        from the clock, which the body cannot change."""
        return self.fired or self.own_s() > self.seconds + LATE_S

    def left(self, now: float) -> float:
        """Seconds until this limit is reached: by own time, or by the ceiling on wall
        time (the grader's paused work not counted)."""
        by_ceiling = ceiling(self.seconds) - (now - self.started - self.paused_s)
        return min(self.seconds - self.own_s(now), by_ceiling)


class TimeLimitExceeded(BaseException):
    """Raised inside the learner's code when it runs past its limit.

    A BaseException, so that a learner's ``except Exception`` cannot swallow it.
    ``limit`` is the ``Limit`` that was reached: a check inside a check lets an outer
    limit's exception go through.
    """

    def __init__(self, limit: Limit | float) -> None:
        super().__init__(limit.seconds if isinstance(limit, Limit) else limit)
        self.limit = limit


def limits_available() -> bool:
    """True where ``time_limit`` can actually interrupt code."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


_active: list[Limit] = []  # outermost first
_pause = {"depth": 0, "since": 0.0}
_listening = {"on": False}


def _on_compile(event: str, duration: float, **_: object) -> None:
    """JAX's monitoring listener: compile time is not the learner's own time."""
    if event in COMPILE_EVENTS and _active and not _pause["depth"]:
        for limit in _active:
            limit.compile_s += duration
            limit.compiles += event.endswith("backend_compile_duration")


def listen_to_jax() -> None:
    """Register the listener once JAX is imported (never import JAX for it)."""
    if _listening["on"] or "jax" not in sys.modules:
        return
    try:
        from jax import monitoring

        monitoring.register_event_duration_secs_listener(_on_compile)
    except Exception:  # an older JAX without monitoring: compile time counts as own
        return
    _listening["on"] = True


def called_learner() -> None:
    """The grader is calling the learner's code once more (counted on every active limit)."""
    for limit in _active:
        limit.calls += 1


_LIBRARY_PARTS = ("/jax/", "/jaxlib/", "/numpy/", "/jaxtour/", "/site-packages/", "/lib/python")


def _learner_line(frame) -> str | None:
    """The innermost frame of the learner's own code (a notebook cell or their module):
    ``line N of NAME: `source```."""
    while frame is not None:
        filename = frame.f_code.co_filename
        library = any(part in filename for part in _LIBRARY_PARTS)
        if not library and not filename.startswith("<frozen"):
            source = linecache.getline(filename, frame.f_lineno).strip()
            if source:
                line = _("line {line} of {function}: {source}")
            else:
                line = _("line {line} of {function}")
            return line.format(
                line=frame.f_lineno, function=frame.f_code.co_name, source=f"`{source}`"
            )
        frame = frame.f_back
    return None


def _arm(now: float) -> None:
    """Arm SIGALRM for the soonest of the active limits that have not fired (or disarm).

    A limit raises once: raising again while its exception unwinds could land in a
    library's cleanup (JAX's trace state) and leave it half undone."""
    waiting = [limit for limit in _active if not limit.fired]  # each raises once
    if not waiting:
        _setitimer(signal.ITIMER_REAL, 0)
        return
    delay = max(min(limit.left(now) for limit in waiting), 1e-4)
    for limit in waiting:
        limit.due = now + delay
    _setitimer(signal.ITIMER_REAL, delay)


def _on_alarm(signum, frame) -> None:
    if _pause["depth"] or not _active:
        return
    if frame is not None and frame.f_code.co_filename == __file__:
        _setitimer(signal.ITIMER_REAL, 1e-3)  # never inside the limit's own upkeep
        return
    now = _now()
    for limit in _active:  # the outermost reached first: it bounds every inner one
        if limit.fired or limit.left(now) > 0:
            continue
        by_own_time = limit.own_s(now) >= limit.seconds
        if by_own_time and not limit.graced and limit.own_s(now) - limit.seconds < GRACE_S:
            # Just due: a compile that has just returned may not be reported yet.
            limit.graced = True
            limit.due = now + GRACE_S
            _setitimer(signal.ITIMER_REAL, GRACE_S)
            return
        limit.fired = True
        limit.past_ceiling = not by_own_time
        limit.late_s = max(0.0, now - limit.due)
        limit.stopped_at = _learner_line(frame)
        _arm(now)
        raise TimeLimitExceeded(limit)
    _arm(now)


class time_limit:  # noqa: N801 - used as `with time_limit(seconds) as limit:`
    """Raise TimeLimitExceeded in the body once its own time passes ``seconds``.

    ``as`` gives the ``Limit`` (None where no limit can act), whose figures say what the
    body did; an exception whose ``limit`` is not this one belongs to an outer limit.
    A class, not a generator: its exit runs in this module, where the alarm never
    raises, so a limit is always taken off when its body ends.
    """

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.limit: Limit | None = None
        self.previous: Any = None
        self.outermost = False

    def __enter__(self) -> Limit | None:
        if not self.seconds or not limits_available():
            return None
        listen_to_jax()
        now = _now()
        self.limit = Limit(seconds=float(self.seconds), started=now)
        self.outermost = not _active
        if self.outermost:
            self.previous = _signal(signal.SIGALRM, _on_alarm)
        _active.append(self.limit)
        _arm(now)
        return self.limit

    def __exit__(self, *exc_info: object) -> bool:
        if self.limit is None:
            return False
        # Taken off first: from then on the alarm finds nothing to raise or re-arm.
        if self.outermost:
            _active.clear()  # nothing may outlive the outermost limit
            _setitimer(signal.ITIMER_REAL, 0)
            _signal(signal.SIGALRM, self.previous)  # no alarm is armed any more
        else:
            _active[:] = [limit for limit in _active if limit is not self.limit]
            _arm(_now())
        return False


@contextmanager
def paused() -> Iterator[None]:
    """Stop the running limits' clocks for the body (the grader's own work), then resume
    them with the time that was left. Outside a limit it does nothing."""
    if not limits_available() or not _active:
        yield
        return
    if not _pause["depth"]:
        _pause["since"] = _now()
        _setitimer(signal.ITIMER_REAL, 0)
    _pause["depth"] += 1
    try:
        yield
    finally:
        _pause["depth"] -= 1
        if not _pause["depth"]:
            now = _now()
            for limit in _active:
                limit.paused_s += now - _pause["since"]
            _arm(now)


def alarm_kept(returned: bool = True, names: list[str] | None = None) -> list[str]:
    """After a call of the learner's code, while a limit runs: the alarm handler is the
    limit's and the alarm is armed. A handler the code replaced (``signal.signal(SIGALRM,
    SIG_IGN)``) is put back and named (appended to ``names`` too, before anything is
    raised, so that a stop raised here still names it); a timer it disarmed is armed
    again. A call that ``returned`` although its limit had fired caught the stop: it is
    raised again here, in the grader's code, where nothing of the learner's can catch it."""
    if not _active or _pause["depth"] or not limits_available():
        return []
    changed = []
    if _getsignal(signal.SIGALRM) is not _on_alarm:
        _signal(signal.SIGALRM, _on_alarm)
        changed.append("signal.signal(SIGALRM)")
    if names is not None:
        names += changed
    for limit in _active:
        if returned and limit.fired and not limit.caught:
            limit.caught = True
            raise TimeLimitExceeded(limit)
    if _getitimer(signal.ITIMER_REAL)[0] == 0:
        _arm(_now())
    return changed
