"""Exercises for lessons/02_timing_honestly.ipynb: async dispatch, blocking on a pytree,
which calls compile, and an honest timing function.

The two function exercises run the learner's code on stand-ins that behave like JAX on
a GPU, the same on any machine: a call returns at once and its work finishes later, and
the first call compiles. Each stand-in keeps a log of what was done to it (calls,
arguments, waits, with the times they happened), so a wrong answer is diagnosed from
what it did, not only from the number it returned.

``02.time_call`` builds two fresh stand-ins at every check, one that compiles in a
moment and one that compiles for ``SLOW_COMPILE_S``, each with a work time drawn at
random: an honest timing must follow each one's work whatever the compile costs, and
no constant (or attribute) can. The honest band comes from the log's own clock
readings, so a busy machine, which slows the stand-in's waits and the learner's clock
alike, does not change the verdict.

The stand-ins' compiling and working take no real time: they move a clock of their
own forward (``_Log.offset``), and while the answer runs, the clocks it reads (the time
module's, one it imported by name, timeit's) show real time plus that offset. A check
then costs milliseconds instead of the second the waits would take. An answer that
timed with a clock the grader does not see (``datetime``, ``time.clock_gettime``) read
no watched clock: its run is made again with real sleeps, and judged on that; unless its
number already fit the pretended work, which no clock showed it: then it read the time out
of the stand-in (``_Run.unclocked``), and is refused.
"""

from __future__ import annotations

import contextlib
import math
import random
import re
import statistics
import sys
import threading
import time
import types
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from jaxtour import i18n  # i18n._: `_` is this module's throwaway name
from jaxtour.exercises.common import jax, jnp
from jaxtour.grader.compare import describe, short_repr
from jaxtour.grader.helper_calls import TIMERS_CALLED, reads_or_calls
from jaxtour.grader.learner_code import (
    LearnerCodeError,
    call_learner,
    learner_result,
    raw_call,
)
from jaxtour.grader.plain import is_wrapper
from jaxtour.grader.pristine import np, pristine_namespaces
from jaxtour.grader.rules import letter_set, letters_slip, listed_slip
from jaxtour.grader.spec import Exercise, Mistake, Variants
from jaxtour.lazy import is_jax_array, is_tracer

# --- 02.time_call: the stand-ins --------------------------------------------------------

FAST_COMPILE_S = 0.002  # stand-in A: compiles in a moment ...
FAST_WORK_S = (0.011, 0.015)  # ... and works for a random time in this range
SLOW_COMPILE_S = 0.6  # stand-in B: compiles for long ...
SLOW_WORK_S = (0.003, 0.005)  # ... and works for less: no one number is honest for both
LOWEST = 0.7  # an honest timing is never below the work the stand-in really does
HIGHEST = 1.25  # nor far above what the stand-in saw its steady calls take
SLACK_S = 0.0003  # Python's own overhead in a learner's loop
NEAR = 1.35  # a wrong answer's number is within this factor of what its model predicts


# The stand-ins' own clock: time.perf_counter as the grader first saw it (pristine), so
# that their reads are never taken for the learner's (``_watching`` wraps the time
# module's clocks while an answer runs) and no answer's rebinding can reach it; and its
# sleep, for a run in real time.
_now = pristine_namespaces()["time"]["perf_counter"]
_sleep = pristine_namespaces()["time"]["sleep"]


@dataclass
class _Call:
    start: float  # when f was entered
    ready_at: float  # when its queued work is done
    returned: float = math.inf  # when f returned (the dispatch took returned - start)
    waited: float | None = None  # when a wait first covered this call's work


@dataclass(repr=False)  # its repr would show the work time an honest timing must measure
class _Log:
    """One stand-in's hidden state and its record of what the learner's code did."""

    work_s: float
    compile_s: float
    inputs: tuple[Any, ...]
    calls: list[_Call] = field(default_factory=list)
    busy_until: float = 0.0
    covered: int = 0  # calls[:covered] have been waited for
    problem: str | None = None  # packed, traced, arity, other-arguments
    # At each clock read of the learner's code: (calls made, calls whose work was waited for)
    clock_reads: list[tuple[int, int]] = field(default_factory=list)
    virtual: bool = True  # compiling and waiting move ``offset`` on instead of sleeping
    offset: float = 0.0  # seconds the stand-in's clock (and the watched ones) are ahead

    # The pristine clock and sleep are bound here, where no rebinding of a module's name
    # (an answer's, or _watching's of a clock imported by name) reaches them.
    def now(self, clock: Callable[[], float] = _now) -> float:
        """The stand-in's clock: real time, plus the time it pretended to take."""
        return clock() + self.offset

    def pass_time(self, seconds: float, sleep: Callable[[float], None] = _sleep) -> None:
        if self.virtual:
            self.offset += seconds
        else:
            sleep(seconds)

    def wait_for(self, index: int) -> None:
        delay = self.calls[index].ready_at - self.now()
        if delay > 0:
            self.pass_time(delay)
        now = self.now()
        while self.covered <= index:  # the work runs in order: all before it is done too
            self.calls[self.covered].waited = now
            self.covered += 1


# Each stand-in's log (its work and compile times, its calls) by a number: the stand-in f
# and its results hold the number and look the log up here, by this module's global name,
# so that no attribute or closure cell of what the answer is handed reaches the times the
# verdict compares with (round 20: work_s read out of f.__closure__, or rewritten there).
_LOGS: weakref.WeakValueDictionary[int, _Log] = weakref.WeakValueDictionary()


def _log_of(number: int) -> _Log:
    log = _LOGS.get(number)
    if log is None:
        raise RuntimeError("this slow_dot belongs to a check that is over")
    return log


class PendingResult:
    """What the stand-in returns: like a jax.Array whose work is still queued."""

    __slots__ = ("_index", "_log", "_value")

    def __init__(self, log: int, index: int, value: float) -> None:
        self._log, self._index, self._value = log, index, value  # the log's number

    def block_until_ready(self) -> PendingResult:
        _log_of(self._log).wait_for(self._index)
        return self

    # known when f returns, before the work is done, as a jax.Array's are: reading them
    # waits for nothing (round 21: .shape read to wait met an AttributeError of the
    # stand-in's own)
    shape: Any = property(lambda self: ())
    ndim: Any = property(lambda self: 0)
    size: Any = property(lambda self: 1)
    dtype: Any = property(lambda self: np.dtype(np.float32))

    def is_ready(self) -> bool:
        log = _log_of(self._log)
        ready = log.now() >= log.calls[self._index].ready_at
        if ready:
            log.wait_for(self._index)
        return ready

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        self.block_until_ready()  # reading the value waits for it, as with a jax.Array
        return np.asarray(self._value, dtype=dtype)

    def item(self) -> float:
        self.block_until_ready()
        return self._value

    def __float__(self) -> float:
        return self.item()

    def __repr__(self) -> str:
        return i18n._("slow_dot result {item}").format(item=f"{self.item():g}")


def _slow_dot(log: _Log) -> Callable[..., PendingResult]:
    """The stand-in f: a dot product that compiles on its first call and queues its work.
    It holds its log's number, not the log (``_LOGS``)."""
    number = id(log)
    _LOGS[number] = log
    del log

    def slow_dot(*args: Any, **kwargs: Any) -> PendingResult:
        log = _log_of(number)
        start = log.now()
        _check_arguments(log, args, kwargs)
        if not log.calls:
            log.pass_time(log.compile_s)  # tracing and compiling happen before the dispatch
        begin = max(log.now(), log.busy_until)
        log.busy_until = begin + log.work_s  # the device runs one call after another
        call = _Call(start=start, ready_at=log.busy_until)
        log.calls.append(call)
        try:
            value = float(np.dot(np.asarray(args[0]), np.asarray(args[1])))
        except Exception:  # arrays of the learner's own that do not fit: no value to give
            value = math.nan
        call.returned = log.now()
        return PendingResult(number, len(log.calls) - 1, value)

    slow_dot.__qualname__ = "slow_dot"
    return slow_dot


def _check_arguments(log: _Log, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    x, y = log.inputs
    if any(is_tracer(a) for a in (*args, *kwargs.values())):
        log.problem = "traced"
        raise TypeError(
            "slow_dot is the grader's stand-in for a JAX operation and cannot be traced "
            "by jax.jit, grad or vmap"
        )
    if len(args) == 1 and isinstance(args[0], tuple | list) and len(args[0]) == 2:
        if args[0][0] is x and args[0][1] is y:
            log.problem = "packed"
        else:
            log.problem = log.problem or "arity"
        raise TypeError("slow_dot() missing 1 required positional argument: 'y'")
    if kwargs or len(args) != 2:
        log.problem = log.problem or "arity"
        given = f"{len(args)} positional" + (f" and {len(kwargs)} keyword" if kwargs else "")
        raise TypeError(f"slow_dot() takes 2 positional arguments (x, y), but got {given}")
    if not (args[0] is x and args[1] is y):
        same = all(
            np.shape(a) == np.shape(b) and bool(np.array_equal(np.asarray(a), np.asarray(b)))
            for a, b in zip(args, (x, y), strict=True)
        )
        if not same:
            log.problem = log.problem or "other-arguments"


CPU_CLOCKS = ("process_time", "process_time_ns", "thread_time", "thread_time_ns")
WALL_CLOCKS = ("perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "time", "time_ns")


@contextlib.contextmanager
def _watching(
    log: _Log, seen: set[str], names: dict[str, Any] | None = None, answer: Any = None
) -> Iterator[None]:
    """While the learner's code runs, note each clock read of this thread: a clock that
    counts CPU time only goes into ``seen``; a wall clock's read (the learner's clock
    starting or stopping) records how many calls were made and how many had their work
    waited for, and shows the stand-in's offset. The time module's clocks are watched,
    and in ``names`` (the answer's globals) a clock imported by name (``from time import
    perf_counter``), one the answer's defaults bound (``timer=time.perf_counter``), and
    timeit's (its ``default_timer``, and the ``timer=`` defaults it bound at import).
    Other threads read the real clocks."""
    me = threading.get_ident()
    originals = {n: getattr(time, n) for n in CPU_CLOCKS + WALL_CLOCKS if hasattr(time, n)}
    by_clock = {id(clock): name for name, clock in originals.items()}
    imported = {
        key: by_clock[id(value)]
        for key, value in (names or {}).items()
        if id(value) in by_clock and originals[by_clock[id(value)]] is value
    }

    def watched(name: str, clock: Callable[[], Any]) -> Callable[[], Any]:
        scale = 1_000_000_000 if name.endswith("_ns") else 1

        def read() -> Any:
            if threading.get_ident() != me:
                return clock()
            if name in CPU_CLOCKS:
                seen.add(name)
                return clock()
            log.clock_reads.append((len(log.calls), log.covered))
            return clock() + (round(log.offset * scale) if scale > 1 else log.offset)

        read.__name__ = read.__qualname__ = name
        return read

    wrappers = {name: watched(name, clock) for name, clock in originals.items()}
    for name, wrapper in wrappers.items():
        setattr(time, name, wrapper)
    for key, name in imported.items():
        names[key] = wrappers[name]

    def swapped(value: Any) -> Any:
        name = by_clock.get(id(value))
        return wrappers[name] if name is not None and originals[name] is value else value

    defaults = [(f, f.__defaults__, f.__kwdefaults__) for f in _binding_clocks(answer)]
    for function, positional, keyword in defaults:
        if type(positional) is tuple:
            function.__defaults__ = tuple(swapped(value) for value in positional)
        if type(keyword) is dict:
            function.__kwdefaults__ = {key: swapped(value) for key, value in keyword.items()}
    timeit = sys.modules.get("timeit")
    timer = getattr(timeit, "default_timer", None)
    if id(timer) in by_clock:
        timeit.default_timer = swapped(timer)  # IPython's %timeit reads it at each run
    try:
        yield
    finally:
        for name, clock in originals.items():
            setattr(time, name, clock)
        for key, name in imported.items():
            if names.get(key) is wrappers[name]:  # unless the answer bound it anew
                names[key] = originals[name]
        for function, positional, keyword in defaults:
            function.__defaults__, function.__kwdefaults__ = positional, keyword
        if id(timer) in by_clock:
            timeit.default_timer = timer


def _binding_clocks(answer: Any) -> list[types.FunctionType]:
    """Functions whose defaults may hold a clock bound before the check: timeit's
    (``timer=default_timer``, bound at import) and the learner's own (``timer=
    time.perf_counter``, bound when the cell ran), read through plain's wrapper."""
    timeit = sys.modules.get("timeit")
    learner = answer.__wrapped__ if is_wrapper(answer) else answer
    candidates = (
        getattr(timeit, "timeit", None),
        getattr(timeit, "repeat", None),
        getattr(getattr(timeit, "Timer", None), "__init__", None),
        learner,
    )
    return [f for f in candidates if type(f) is types.FunctionType]


# --- 02.time_call: the diagnosis --------------------------------------------------------


@dataclass
class _Run:
    """The learner's time_call on one stand-in: what it returned and what it did."""

    log: _Log
    value: Any = None
    error: LearnerCodeError | None = None
    cpu_clock: bool = False
    # Its calls' work pretended, no clock it read showing it, yet its number fits that work:
    # the number was read out of the stand-in (its closure, its result's slots), not timed.
    unclocked: bool = False

    @property
    def seconds(self) -> float | None:
        value = self.value
        if isinstance(value, bool):
            return None
        try:
            seconds = float(value)
        except Exception:
            return None
        return seconds if math.isfinite(seconds) and seconds > 0 else None

    def observed(self) -> dict[str, float]:
        """What the stand-in itself saw, on its own clock; empty if nothing was waited for."""
        calls = self.log.calls
        if not calls or calls[-1].waited is None:
            return {}
        end, n = calls[-1].waited, len(calls)
        seen = {
            "first": (calls[0].waited or end) - calls[0].start,
            "all-mean": (end - calls[0].start) / n,
            "all-total": end - calls[0].start,
        }
        if n >= 2:
            span = end - calls[1].start
            seen["steady-mean"] = span / (n - 1)  # a median or a minimum is at most this
            seen["steady-total"] = span
        return seen

    def dispatch_bound(self) -> float:
        """About the longest a timing can be that clocks only the calls, not their work."""
        dispatches = [c.returned - c.start for c in self.log.calls[1:] or self.log.calls]
        return 3 * statistics.fmean(dispatches) + 50e-6

    def labels(self) -> list[str]:
        """Every reading of the returned number that fits this run."""
        seconds, seen = self.seconds, self.observed()
        if seconds is None or not seen:
            return []
        readings: list[tuple[str, Callable[[float], bool]]] = []
        if "steady-mean" in seen:
            low, high = LOWEST * self.log.work_s, HIGHEST * seen["steady-mean"] + SLACK_S
            readings.append(("honest", lambda value: low <= value <= high))
        models = [("first-call", "first"), ("no-warm-up", "all-mean")]
        if len(self.log.calls) >= 3:
            models.append(("total", "steady-total"))
        if len(self.log.calls) >= 2:
            models.append(("total-with-first", "all-total"))
        for label, key in models:
            model = seen[key]
            readings.append((label, lambda value, m=model: m / NEAR <= value <= m * NEAR))
        found = [label for label, fits in readings if fits(seconds)]
        for label, scale in UNITS:  # the right reading, or a wrong one, in the wrong unit
            if any(fits(seconds / scale) for _, fits in readings):
                found.append(label)
        return found


UNITS = (("milliseconds", 1e3), ("microseconds", 1e6), ("nanoseconds", 1e9))
# When a wrong number fits on both stand-ins, the first reading in this order names it.
READINGS = (
    "milliseconds",
    "microseconds",
    "nanoseconds",
    "first-call",
    "no-warm-up",
    "total",
    "total-with-first",
)


@dataclass
class _Verdict:
    mistake: str | None = None  # a declared mistake's id
    problem: str | None = None  # the rule's own message
    error: LearnerCodeError | None = None  # the learner's code failed in another way


_RANDOM = random.SystemRandom()  # never the learner's random state


def _fresh_log(compile_s: float, work_range: tuple[float, float], virtual: bool = True) -> _Log:
    x = np.arange(1.0, 4.0, dtype=np.float32)
    y = np.full(3, 0.5, dtype=np.float32)
    work_s = _RANDOM.uniform(*work_range)
    return _Log(work_s=work_s, compile_s=compile_s, inputs=(x, y), virtual=virtual)


def _run(answer: Callable[..., Any], compile_s: float, work_range: tuple[float, float]) -> _Run:
    """The answer on a fresh stand-in whose time is pretended; again with real waits if
    the answer called it yet read none of the clocks that show the pretended time."""
    run = _run_on(answer, _fresh_log(compile_s, work_range))
    if run.error is None and run.log.calls and not run.log.clock_reads and not run.cpu_clock:
        if _what_it_did(run) is None and "honest" in run.labels():
            run.unclocked = True  # no real time passed for the work, and no clock saw it
            return run
        run = _run_on(answer, _fresh_log(compile_s, work_range, virtual=False))
    return run


def _globals_of(answer: Any) -> dict[str, Any] | None:
    """The namespace the learner's function reads its globals from (a notebook's), read
    through plain's wrapper; None for anything but a plain Python function."""
    fn = answer.__wrapped__ if is_wrapper(answer) else answer
    if type(fn) is not types.FunctionType or type(fn.__globals__) is not dict:
        return None
    module = fn.__globals__.get("__name__")
    if type(module) is str and module.split(".")[0] == "jaxtour":
        return None  # the grader's own functions (references, examples) use time.*
    return fn.__globals__


def _run_on(answer: Callable[..., Any], log: _Log) -> _Run:
    seen: set[str] = set()
    run = _Run(log)
    with _watching(log, seen, _globals_of(answer), answer):
        try:
            run.value = call_learner(answer, (_slow_dot(log), *log.inputs))
        except LearnerCodeError as exc:
            run.error = exc
    run.cpu_clock = bool(seen)
    return run


def _diagnose(answer: Callable[..., Any]) -> _Verdict:
    runs: list[_Run] = []
    for compile_s, work_range in ((FAST_COMPILE_S, FAST_WORK_S), (SLOW_COMPILE_S, SLOW_WORK_S)):
        run = _run(answer, compile_s, work_range)
        runs.append(run)
        verdict = _what_it_did(run)
        if verdict is not None:
            return verdict
    if all(run.unclocked for run in runs):
        return _Verdict(
            problem=i18n._(
                "Your time_call returned each stand-in's work time, though no clock it read "
                "saw that time pass: the check pretends the work's time, and only a clock "
                "shows it. The number was read out of the grader's stand-in, not measured."
            )
        )
    if len({run.seconds for run in runs}) == 1:
        # one number for two stand-ins whose work differs (no honest range holds both)
        return _Verdict(mistake="not-measured")
    labels = [run.labels() for run in runs]
    if all("honest" in found for found in labels):
        if all(_warm_up_left_queued(run) for run in runs):
            if all(_first_call_waited(run) for run in runs):
                # the warm-up was waited for: the queued work is the timed call's own
                return _Verdict(mistake="clock-after-call")
            return _Verdict(mistake="warm-up-not-waited")
        if all(_miscounted(run) for run in runs):
            return _Verdict(mistake="miscounted-calls")
        return _Verdict()
    for reading in READINGS:
        if all(reading in found for found in labels):
            return _Verdict(mistake=reading)
    return _by_the_numbers(runs)


def _what_it_did(run: _Run) -> _Verdict | None:
    """A verdict from the log alone, before any number is read."""
    log = run.log
    if run.error is not None:
        if log.problem in ("packed", "traced"):
            return _Verdict(mistake={"packed": "packed-args", "traced": "jitted"}[log.problem])
        error = run.error.error
        owner = getattr(error, "obj", None) if isinstance(error, AttributeError) else None
        if getattr(owner, "__name__", None) == "slow_dot":
            return _Verdict(mistake="read-attribute")
        return _Verdict(error=run.error)
    if not log.calls:
        return _Verdict(mistake="never-called")
    if isinstance(run.value, PendingResult):
        return _Verdict(
            problem=i18n._(
                "time_call returned what f returned, the result of a call, not the seconds it took."
            )
        )
    if (
        run.cpu_clock
        and log.virtual
        and not log.clock_reads
        and _is_number(run.value)
        and log.problem != "other-arguments"
        and log.calls[-1].waited is not None
    ):
        # Only a CPU clock was read, and it never sees the pretended work: its figure,
        # whatever it is (0.0 where the calls took less CPU than it counts, or above the
        # work where a garbage collection ran between its reads: CI of m58), is no timing.
        return _Verdict(mistake="cpu-clock")
    if run.seconds is None:
        return _Verdict(problem=_not_seconds(run.value))
    if log.problem == "other-arguments":
        return _Verdict(mistake="other-arguments")
    if log.calls[-1].waited is None:
        return _Verdict(mistake="dispatch-only")
    return None


def _warm_up_left_queued(run: _Run) -> bool:
    """Work of a call made before the clock started was still queued when it started, so
    the first timed call waited for it too. Read from the log, not from the number, which
    an average over many calls hardly moves: the clock's start is the first clock read
    after a call; when no read was seen (timeit's clock), the first call's work must have
    been waited for before the second call began."""
    log = run.log
    started = next(((made, done) for made, done in log.clock_reads if made >= 1), None)
    if started is not None:
        made, done = started
        return done < made
    calls = log.calls
    if len(calls) < 2:
        return False
    waited = calls[0].waited
    return waited is None or waited > calls[1].start


def _miscounted(run: _Run) -> bool:
    """The number is the time of the calls between the learner's first clock read after a
    call and its last, divided by one call more or fewer than were made in between: its
    ratio to the steady time per call is k / (k - 1) or k / (k + 1), a step that few
    enough calls (k <= 50) set apart from an honest 1."""
    reads = [made for made, _ in run.log.clock_reads]
    start = next((made for made in reads if made >= 1), None)
    seconds = run.seconds
    if start is None or seconds is None:
        return False
    timed = reads[-1] - start
    if not 2 <= timed <= 50:
        return False
    # the calls between the two reads, on the stand-in's clock: not the steady mean, which
    # may hold a queued warm-up's work (two warm-ups, the last waited, are honest)
    window = run.log.calls[start : reads[-1]]
    if len(window) != timed or window[-1].waited is None:
        return False
    per_call = (window[-1].waited - window[0].start) / timed
    ratio, step = seconds / per_call, 1 / (timed + 1)
    return any(abs(ratio - timed / count) < step / 3 for count in (timed - 1, timed + 1))


def _first_call_waited(run: _Run) -> bool:
    """The first call's work (the warm-up's) was waited for before the second call
    began."""
    calls = run.log.calls
    if len(calls) < 2:
        return False
    waited = calls[0].waited
    return waited is not None and waited <= calls[1].start


def _not_seconds(value: Any) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return i18n._(
            "time_call returned {value}; a time is a positive, finite number of seconds."
        ).format(value=f"{value!r}")
    if isinstance(value, list | tuple) and value and all(_is_number(v) for v in value):
        return i18n._(
            "time_call returned a {name__} of {count} numbers, where the task asks for "
            "one number, the seconds of one call."
        ).format(name__=type(value).__name__, count=len(value))
    return i18n._("time_call returned {what}, not a number of seconds.").format(
        what=describe(value)
    )


def _is_number(value: Any) -> bool:
    try:
        return not isinstance(value, bool) and math.isfinite(float(value))
    except Exception:
        return False


def _by_the_numbers(runs: list[_Run]) -> _Verdict:
    for run in runs:  # the last result was waited for, yet the time is below the work
        if run.seconds < LOWEST * run.log.work_s:
            # a CPU clock never sees the device's work, whatever the calls' own CPU time
            # (which, on a loaded machine, is no dispatch's: the official CI of 6dc94293)
            if run.cpu_clock:
                return _Verdict(mistake="cpu-clock")
            if run.seconds <= run.dispatch_bound() and _clock_stopped_before_wait(run):
                return _Verdict(mistake="wait-outside-clock")
    if all(_divided_twice(run) for run in runs):
        return _Verdict(
            problem=i18n._(
                "That is the time of one call divided by the number of calls once more: "
                "divide the total time by the number of timed calls, once."
            )
        )
    if all(_miscounted(run) for run in runs):  # round 19: off by several per cent, not 1
        return _Verdict(mistake="miscounted-calls")
    for run in runs:
        if "honest" not in run.labels():
            seen = run.observed()
            per_call = seen.get("steady-mean", seen["first"])
            return _Verdict(problem=_off_by(run.seconds, per_call, len(run.log.calls)))
    return _Verdict(
        problem=i18n._("Your timing does not follow the work of the grader's stand-ins.")
    )


def _clock_stopped_before_wait(run: _Run) -> bool:
    """The learner's last clock read came while work of calls already made was still not
    waited for (a wait after it covered them); with no read seen (a clock the grader does
    not watch, run in real time), a timing shorter than the work says the same."""
    reads = run.log.clock_reads
    if not reads:
        return True
    made, done = reads[-1]
    return done < made


def _divided_twice(run: _Run) -> bool:
    seen, timed = run.observed(), len(run.log.calls) - 1
    if "steady-mean" not in seen or timed < 3:
        return False
    model = seen["steady-mean"] / timed
    return model / NEAR <= run.seconds <= model * NEAR


def _off_by(seconds: float, per_call: float, calls: int) -> str:
    ratio = seconds / per_call
    size = f"{ratio:.3g} times too long" if ratio > 1 else f"{1 / ratio:.3g} times too short"
    return i18n._(
        "Your time_call called f {calls} times and reported {seconds} per call,"
        " but the stand-in saw each call after the first take {seconds2}: "
        "{size}."
    ).format(calls=calls, seconds=_seconds(seconds), seconds2=_seconds(per_call), size=size)


def _seconds(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


class TimeCallRule:
    """The rule of 02.time_call. It runs an answer once per check and remembers the verdict
    for that check, so the mistakes and the rule read one measurement, not one each."""

    def __init__(self) -> None:
        self._verdicts: dict[int, tuple[Any, _Verdict]] = {}

    def warm_up(self, expected: Any) -> None:
        """The judge calls this as each check begins: forget earlier checks' verdicts."""
        self._verdicts.clear()

    def verdict(self, answer: Any) -> _Verdict:
        held = self._verdicts.get(id(answer))
        if held is not None and held[0] is answer:
            return held[1]
        verdict = _diagnose(answer)
        self._verdicts[id(answer)] = (answer, verdict)
        return verdict

    def made(self, mistake: str) -> Callable[[Any], bool]:
        return lambda answer: callable(answer) and self.verdict(answer).mistake == mistake

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if not callable(answer):
            return i18n._(
                "Expected a function time_call(f, *args) that returns seconds per call,"
                " but this is {what}."
            ).format(what=describe(answer))
        verdict = self.verdict(answer)
        if verdict.error is not None:
            raise verdict.error
        if verdict.mistake is not None:
            return i18n._("Your timing does not follow the stand-ins' work ({mistake}).").format(
                mistake=verdict.mistake
            )
        return verdict.problem


TIME_CALL = TimeCallRule()


def _honest(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / repeats


def _never_calls(f, *args):
    return 0.004


def _fixed_number(f, *args):
    jax.block_until_ready(f(*args))  # a warm-up, waited for
    jax.block_until_ready(f(*args))
    return 0.006  # a typical time, written in rather than measured


# jaxtour.timing's functions that time a call, and what they return: 02.time_call asks for
# that measurement written by hand (its format_seconds and device_name stay allowed).
TIMERS = ("measure", "dispatch_only", "table", "Timing", "TimingTable")


def _with_timing(f, *args):
    from jaxtour import timing  # the lesson's helper, which the exercise asks to write

    return timing.measure(f, *args).median_s


def _packed(f, *args):
    jax.block_until_ready(f(args))
    start = time.perf_counter()
    for _ in range(20):
        jax.block_until_ready(f(args))
    return (time.perf_counter() - start) / 20


def _jitted(f, *args):
    fast = jax.jit(f)
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    jax.block_until_ready(fast(*args))
    return time.perf_counter() - start


def _reads_attribute(f, *args):
    return f.work_s


def _global_arguments(f, *args):
    x = np.ones(3, dtype=np.float32)  # an array of the notebook's, not the caller's
    jax.block_until_ready(f(x, x))
    start = time.perf_counter()
    for _ in range(20):
        jax.block_until_ready(f(x, x))
    return (time.perf_counter() - start) / 20


_WAIT_NAMED = re.compile(r"\.block_until_ready\b(?!\s*\()")


def _wait_named_not_called(answer: Any) -> bool:
    """Round 19: the code names .block_until_ready without calling it (no parentheses):
    the method is looked up and dropped, nothing waits. Read from the source."""
    import inspect

    try:
        source = inspect.getsource(answer)
    except (OSError, TypeError):
        return False
    code = "\n".join(line.split("#", 1)[0] for line in source.splitlines())
    return _WAIT_NAMED.search(code) is not None and not re.search(r"block_until_ready\s*\(", code)


_METADATA_READ = re.compile(r"\.(shape|dtype|ndim|size)\b")


def _metadata_read_to_wait(answer: Any) -> bool:
    """Round 21: the code reads a result's .shape (.dtype, .ndim, .size), known before
    the work is done, and calls no block_until_ready: it thought the read waits."""
    import inspect

    try:
        source = inspect.getsource(answer)
    except (OSError, TypeError):
        return False
    code = "\n".join(line.split("#", 1)[0] for line in source.splitlines())
    return _METADATA_READ.search(code) is not None and not re.search(r"block_until_ready", code)


def _shape_read(f, *args, repeats=20):
    f(*args).shape  # noqa: B018
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).shape  # noqa: B018
    return (time.perf_counter() - start) / repeats


def _wait_not_called(f, *args, repeats=20):
    f(*args).block_until_ready  # noqa: B018
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args).block_until_ready  # noqa: B018
    return (time.perf_counter() - start) / repeats


def _dispatch_only(f, *args, repeats=20):
    f(*args)
    start = time.perf_counter()
    for _ in range(repeats):
        f(*args)
    return (time.perf_counter() - start) / repeats


def _process_time(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.process_time()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return (time.process_time() - start) / repeats


def _wait_outside_clock(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    total = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        result = f(*args)
        total += time.perf_counter() - start
        jax.block_until_ready(result)  # waits, but after the clock stopped
    return total / repeats


def _milliseconds(f, *args):
    return 1000 * _honest(f, *args)


def _microseconds(f, *args):
    return 1e6 * _honest(f, *args)


def _nanoseconds(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.perf_counter_ns()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return (time.perf_counter_ns() - start) / repeats


def _compile_included(f, *args):
    start = time.perf_counter()
    jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def _no_warm_up(f, *args):
    import timeit

    return timeit.timeit(lambda: f(*args).block_until_ready(), number=100) / 100


def _total(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def _warm_up_not_waited(f, *args, repeats=20):
    f(*args)  # compiles, but its work is left queued
    start = time.perf_counter()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / repeats


def _divided_by_last_index(f, *args, repeats=20):
    jax.block_until_ready(f(*args))  # a warm-up, waited for
    start = time.perf_counter()
    calls = 0
    while calls < repeats:
        jax.block_until_ready(f(*args))
        calls += 1
    return (time.perf_counter() - start) / (calls - 1)  # one fewer than the calls timed


def _clock_after_call(f, *args, repeats=20):
    jax.block_until_ready(f(*args))  # a warm-up, waited for
    total = 0.0
    for _ in range(repeats):
        out = f(*args)  # dispatched before the clock starts
        start = time.perf_counter()
        jax.block_until_ready(out)
        total += time.perf_counter() - start
    return total / repeats


def _total_with_first(f, *args, repeats=20):
    start = time.perf_counter()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return time.perf_counter() - start


# --- 02.mean_loss ---------------------------------------------------------------------------

BATCHES = 4  # how many x the grader's list holds
BATCH_LOSSES = (1.0, 2.0, 3.5, 5.5)  # f(x) for the i-th x: mean 3.0, last 5.5, sum 12.0
# The batches' sizes differ, as the task allows: a mean weighted by size is 47.5 / 14, not 3.0.
BATCH_SIZES = (2, 3, 5, 4)
SYNC_WAIT, SYNC_CONVERT = "wait", "convert"
SYNC_READ = "read"  # JAX read a stand-in's value (jnp.stack, a jax operation): no wait, no copy

# What the log line reports: the mean loss (variant 0, the page), or the perplexity a
# language model's evaluation logs, base ** the mean loss (e for losses in nats, 2 in
# bits). The mean is taken alike; a learner's mean, or another base's perplexity, is
# another number. Where the waits go, what this exercise is about, is judged the same.
LOSS_VARIANTS = Variants(
    default={
        "base": 0.0,
        "formula": "mean",
        "code": "jnp.mean(jnp.stack(losses))",
        "inline": "jnp.mean(jnp.stack([f(x) for x in xs]))",
    },
    draw=lambda rng: rng.choice(
        (
            {
                "base": math.e,
                "formula": "e ** mean",
                "code": "jnp.exp(jnp.mean(jnp.stack(losses)))",
                "inline": "jnp.exp(jnp.mean(jnp.stack([f(x) for x in xs])))",
            },
            {
                "base": 2.0,
                "formula": "2 ** mean",
                "code": "2 ** jnp.mean(jnp.stack(losses))",
                "inline": "2 ** jnp.mean(jnp.stack([f(x) for x in xs]))",
            },
        )
    ),
    shown="mean_loss returns {formula} as a Python float, where mean is the mean of the "
    "batches' losses.",
)


def _reported(mean: Any) -> Any:
    """What the learner's variant reports for a mean loss (a float or a jax array): the
    mean itself (variant 0), or base ** mean."""
    base = LOSS_VARIANTS.current("02.mean_loss")["base"]
    if not base:
        return mean
    if isinstance(mean, float):
        return base**mean
    return jnp.exp(mean) if base == math.e else base**mean


@dataclass
class _Sync:
    kind: str  # SYNC_WAIT (block_until_ready, is_ready polled) or SYNC_CONVERT (to Python)
    after_calls: int  # how many calls of f had been made when it happened
    sources: frozenset[int]  # which calls' losses it needed


class PendingLoss:
    """A stand-in for a scalar jax array whose work is still pending.

    Arithmetic with another one or a number makes a new pending value that remembers
    which calls' losses it was computed from, and waits for nothing, as a jax operation
    does; ``jnp.stack`` and ``jnp.asarray`` read it through ``__jax_array__``, and a jitted
    jnp function (``jnp.add``, ``jnp.hstack``) through the type registered with JAX
    (``_stand_in_type_known``), also without waiting. What they make is a real jax array,
    whose waits and conversions ``_watching_jax`` notes at JAX's own boundary while the
    answer runs. (Not seen: NumPy reading such an array through the buffer protocol, as
    ``np.asarray(jnp.asarray(loss))`` does on the CPU, past any Python method.) Everything
    that needs the number (``float()``, ``.item()``,
    ``print``, NumPy, a comparison Python decides) is a conversion, and
    ``block_until_ready()`` (or polling ``is_ready()`` until it says True) a wait: each
    one calls a closure that writes into the run's own record, which the value does not
    hold, and its attributes cannot be rebound."""

    __slots__ = ("_note", "_polled", "sources", "value")

    def __init__(
        self, note: Callable[[str, frozenset[int]], None], sources: frozenset[int], value: float
    ) -> None:
        object.__setattr__(self, "_note", note)
        object.__setattr__(self, "_polled", False)
        object.__setattr__(self, "sources", sources)
        object.__setattr__(self, "value", value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a jax array's attributes cannot be set ({name})")

    # -- what a jax array has without waiting
    shape: Any = property(lambda self: ())
    ndim: Any = property(lambda self: 0)
    size: Any = property(lambda self: 1)
    dtype: Any = property(lambda self: np.dtype(np.float32))

    def __jax_array__(self) -> Any:
        self._note(SYNC_READ, self.sources)  # the loss went into JAX: not a sync, a door
        return jnp.asarray(self.value, dtype=jnp.float32)

    def copy_to_host_async(self) -> None:
        return None  # starts a copy; the conversion that follows is what waits

    def _derived(self, other: Any, op: Callable[[float, float], Any]) -> Any:
        if isinstance(other, PendingLoss):
            return PendingLoss(
                self._note, self.sources | other.sources, op(self.value, other.value)
            )
        if isinstance(other, bool | int | float | np.integer | np.floating):
            return PendingLoss(self._note, self.sources, op(self.value, float(other)))
        return NotImplemented  # a jax array: its own operator reads this one as an array

    def __add__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: a + b)

    def __radd__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: b + a)

    def __sub__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: a - b)

    def __rsub__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: b - a)

    def __mul__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: a * b)

    def __rmul__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: b * a)

    def __truediv__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: a / b if b else math.nan)

    def __rtruediv__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: b / a if a else math.nan)

    def __floordiv__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: a // b if b else math.nan)

    def __rfloordiv__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: b // a if a else math.nan)

    def __mod__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: a % b if b else math.nan)

    def __rmod__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: b % a if a else math.nan)

    def __lt__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: float(a < b))

    def __le__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: float(a <= b))

    def __gt__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: float(a > b))

    def __ge__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: float(a >= b))

    def __pow__(self, other: Any) -> Any:  # a perplexity: 2 ** mean (02.mean_loss's variant)
        return self._derived(other, lambda a, b: a**b)

    def __rpow__(self, other: Any) -> Any:
        return self._derived(other, lambda a, b: b**a)

    def __neg__(self) -> PendingLoss:
        return PendingLoss(self._note, self.sources, -self.value)

    def __pos__(self) -> PendingLoss:
        return PendingLoss(self._note, self.sources, self.value)

    def __abs__(self) -> PendingLoss:
        return PendingLoss(self._note, self.sources, abs(self.value))

    def astype(self, dtype: Any) -> PendingLoss:
        return PendingLoss(self._note, self.sources, self.value)

    def mean(self, *args: Any, **kwargs: Any) -> PendingLoss:
        return self.astype(None)

    sum = mean

    # -- what waits
    def block_until_ready(self) -> PendingLoss:
        self._note(SYNC_WAIT, self.sources)
        return self

    def is_ready(self) -> bool:
        if not self._polled:
            object.__setattr__(self, "_polled", True)
            return False
        self._note(SYNC_WAIT, self.sources)  # asked again after pending: a busy wait
        return True

    def _number(self) -> float:
        self._note(SYNC_CONVERT, self.sources)
        return self.value

    def __float__(self) -> float:
        return float(self._number())

    def __int__(self) -> int:
        return int(self._number())

    def __bool__(self) -> bool:
        return bool(self._number())

    def item(self) -> float:
        return float(self._number())

    tolist = item

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        return np.asarray(self._number(), dtype=dtype or np.float32)

    def __format__(self, spec: str) -> str:
        return format(self._number(), spec)

    def __repr__(self) -> str:
        return f"Array({self._number()}, dtype=float32)"

    __str__ = __repr__


# The grader's own copy of each run's record (which x each call got, the syncs, the calls
# taken out), by id of its _LossRun: the stand-in f and each loss note into it by this
# module's global name, so that no attribute or closure cell of what the answer is handed
# reaches it. The run's own lists are what the answer can reach (f.__self__, a loss's
# noter); one that differs from this copy when the answer returns was changed by it
# (round 20: f.__self__.syncs.clear()).
_RECORDS: dict[int, tuple[list[int], list[Any], set[int]]] = {}


def _record_of(run_id: int) -> tuple[list[int], list[Any], set[int]]:
    return _RECORDS.get(run_id) or ([], [], set())


@dataclass
class _LossRun:
    xs: list[Any]
    calls: list[int] = field(default_factory=list)  # which x each call got (-1: another)
    syncs: list[_Sync] = field(default_factory=list)
    returned: Any = None
    error: LearnerCodeError | None = None
    traced: bool = False  # f was called on a tracer: jit, vmap or another transformation of f
    watching: bool = False  # the learner's code is running: real jax arrays' syncs are noted
    quiet: int = 0  # > 0 while the grader's own code (f, a noted call) runs inside that
    tampered: bool = False  # the answer changed what the grader had put in JAX for the run
    record_changed: bool = False  # the answer changed the run's record (its syncs, its calls)
    polled: dict[int, Any] = field(default_factory=dict)  # arrays asked is_ready() once
    # The calls whose loss left its stand-in through a door the grader made: a conversion
    # or JAX reading it (``__jax_array__``). A right mean with a loss that never did was
    # read out of the stand-in's insides, past every wait and conversion the check sees.
    taken: set[int] = field(default_factory=set)

    def f(self, *args: Any, **kwargs: Any) -> PendingLoss:
        self.quiet += 1  # np.asarray(arg) below is the grader's reading, not the answer's
        try:
            if any(is_tracer(arg) for arg in args):
                self.traced = True
            which = next(
                (
                    i
                    for i, x in enumerate(self.xs)
                    if not kwargs and len(args) == 1 and _is_x(x, args[0])
                ),
                -1,
            )
        finally:
            self.quiet -= 1
        call = len(self.calls)
        self.calls.append(which)
        _record_of(id(self))[0].append(which)
        value = BATCH_LOSSES[which] if which >= 0 else 0.0
        return PendingLoss(self._noter(), frozenset({call}), value)

    def _noter(self) -> Callable[[str, frozenset[int]], None]:
        syncs, calls, taken, run_id = self.syncs, self.calls, self.taken, id(self)

        def note(kind: str, sources: frozenset[int]) -> None:
            kept_calls, kept_syncs, kept_taken = _record_of(run_id)
            if kind != SYNC_WAIT:
                taken.update(sources)
                kept_taken.update(sources)
            if kind != SYNC_READ:
                syncs.append(_Sync(kind, len(calls), sources))
                kept_syncs.append(_Sync(kind, len(kept_calls), sources))

        return note

    def changed_by_answer(self) -> bool:
        """The run's record differs from the grader's own copy: the answer changed it."""
        calls, syncs, taken = _record_of(id(self))
        return (calls, syncs, taken) != (self.calls, self.syncs, self.taken)

    def note_array(self, kind: str) -> bool:
        """Note a wait for or a conversion of a real jax array made while the answer ran;
        False when it is not the answer's (the run is over, or the grader is reading).
        Which losses the array holds is not known: it may hold every call's so far."""
        if not self.watching or self.quiet:
            return False
        if self.calls:  # before the first call, nothing of f's can be waited for
            sync = _Sync(kind, len(self.calls), frozenset(range(len(self.calls))))
            self.syncs.append(sync)
            kept_calls, kept_syncs, _ = _record_of(id(self))
            kept_syncs.append(_Sync(kind, len(kept_calls), frozenset(range(len(kept_calls)))))
        return True


def _array_boundary(run: _LossRun) -> list[tuple[Any, str, Any]]:
    """Where JAX reads a real jax array's value or waits for it, as (owner, name,
    replacement that notes it in ``run``): ``ArrayImpl._value`` (float, int, bool,
    tolist, format, repr, __array__ all read it), ``ArrayImpl.item`` (which reads the
    value through NumPy's buffer protocol on the CPU, not ``_value``), the method
    ``block_until_ready``, ``is_ready``, and the batched wait ``jax.block_until_ready``
    makes for two arrays or more. An empty list where this JAX lays them out otherwise:
    the check then sees the stand-ins' own syncs only, as it did before."""
    try:
        from jax._src import array as jax_array
        from jax._src.lib import xla_client

        impl = jax_array.ArrayImpl
        value = vars(impl)["_value"]
        originals = {name: vars(impl)[name] for name in ("item", "block_until_ready", "is_ready")}
        batched = vars(xla_client)["batched_block_until_ready"]
    except (ImportError, KeyError, TypeError):
        return []
    if not isinstance(value, property) or value.fget is None:
        return []
    read = value.fget

    def noted(kind: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if not run.note_array(kind):
                return fn(*args, **kwargs)
            run.quiet += 1  # what it calls inside (item's NumPy read) is this one sync
            try:
                return fn(*args, **kwargs)
            finally:
                run.quiet -= 1

        return wrapper

    def method(name: str) -> Callable[..., Any]:
        return lambda array, *args, **kwargs: originals[name](array, *args, **kwargs)

    def is_ready(array: Any) -> Any:
        if run.watching and not run.quiet and id(array) not in run.polled:
            run.polled[id(array)] = array  # kept, so that its id names it alone
            return False  # its work is pending, as the stand-ins' is, the first time
        return noted(SYNC_WAIT, method("is_ready"))(array)  # asked again: a busy wait

    return [
        (impl, "_value", property(noted(SYNC_CONVERT, read))),
        (impl, "item", noted(SYNC_CONVERT, method("item"))),
        (impl, "block_until_ready", noted(SYNC_WAIT, method("block_until_ready"))),
        (impl, "is_ready", is_ready),
        (xla_client, "batched_block_until_ready", noted(SYNC_WAIT, batched)),
    ]


def _stand_in_type_known() -> bool:
    """Tell JAX, once per session, what a stand-in is where a jitted jnp function meets
    one: a float32 scalar when traced, the real array ``__jax_array__`` makes when
    dispatched (JAX 0.10 no longer calls ``__jax_array__`` there itself, and refuses).
    Registered for good, as JAX registers its own types (this JAX has no way to take a
    handler back); a stand-in read so reads its value and notes nothing, so a stand-in
    an answer keeps changes no later check. False where this JAX has no such tables."""
    try:
        from jax._src import core, dtypes
    except ImportError:
        return False
    avals = getattr(core, "pytype_aval_mappings", None)
    register = getattr(dtypes, "register_canonicalize_value_handler", None)
    if not isinstance(avals, dict) or register is None:
        return False
    if PendingLoss not in avals:
        register(PendingLoss, lambda loss: PendingLoss.__jax_array__(loss))
        scalar = core.ShapedArray((), np.dtype(np.float32))
        avals[PendingLoss] = lambda _: scalar
    return True


@contextlib.contextmanager
def _watching_jax(run: _LossRun) -> Iterator[None]:
    """While the answer runs, real jax arrays' waits and conversions are noted; all is
    put back in the ``finally``, and ``run.tampered`` set when the answer changed any of
    it. The replacements note only while ``run.watching`` is set, so one the answer kept
    does nothing for a later check. Where this JAX refuses one of them, none is made:
    the stand-ins' own syncs judge, as before."""
    applied: list[tuple[Any, str, Any, Any]] = []
    try:
        _stand_in_type_known()
        for owner, name, replacement in _array_boundary(run):
            original = vars(owner)[name]
            setattr(owner, name, replacement)
            applied.append((owner, name, original, replacement))
    except Exception:  # an attribute this JAX will not let be set, a table laid out otherwise
        for owner, name, original, _ in reversed(applied):
            setattr(owner, name, original)
        applied.clear()
    try:
        run.watching = bool(applied)
        yield
    finally:
        run.watching = False
        for owner, name, original, replacement in reversed(applied):
            if vars(owner).get(name) is not replacement:
                run.tampered = True
            setattr(owner, name, original)
        run.polled.clear()


def _is_x(x: Any, arg: Any) -> bool:
    if arg is x:
        return True
    try:
        return np.shape(arg) == x.shape and bool(np.array_equal(np.asarray(arg), x))
    except Exception:
        return False


def _loss_run(answer: Callable[..., Any], sizes: tuple[int, ...] = BATCH_SIZES) -> _LossRun:
    xs = [np.linspace(0.0, 1.0, size, dtype=np.float32) + i for i, size in enumerate(sizes)]
    run = _LossRun(xs=xs)
    _RECORDS[id(run)] = ([], [], set())
    try:
        with _watching_jax(run):
            value, raised = raw_call(answer, (run.f, list(xs)))
        run.record_changed = run.changed_by_answer()
        run.returned = learner_result(answer, (run.f, list(xs)), value, raised)
    except LearnerCodeError as exc:
        run.error = exc
    finally:
        run.record_changed = run.record_changed or run.changed_by_answer()
        _RECORDS.pop(id(run), None)
    return run


def _on_device(value: Any) -> bool:
    """A jax array, a pending stand-in, or a list or tuple of them."""
    if isinstance(value, list | tuple):
        return bool(value) and all(_on_device(item) for item in value)
    return isinstance(value, PendingLoss) or is_jax_array(value)


def _loss_verdict(answer: Callable[..., Any]) -> tuple[str | None, str | None]:
    """(mistake id, rule message); (None, None) when the answer is right."""
    run = _loss_run(answer)
    if run.record_changed:
        return None, i18n._(
            "Your function changed the record the grader's stand-in f keeps of what was done "
            "to it (its calls, its waits) while it ran, so this check cannot tell what "
            "waited. Compute the mean; leave f and its results as they are."
        )
    if run.tampered:
        return None, i18n._(
            "Your function changed how JAX reads or waits for an array (a method of "
            "jax.Array's, or what jax.block_until_ready calls) while it ran, so this check "
            "cannot tell what waited."
        )
    if run.traced:
        return "transformed-f", None  # a transformation traced f, whatever came of it
    if run.error is not None:
        error = run.error.error
        if not run.calls:  # it failed before calling f: stacking xs, whose sizes differ?
            same_size = _loss_run(answer, (BATCH_SIZES[0],) * len(BATCH_SIZES))
            if same_size.traced:
                return "transformed-f", None  # it stacks xs to transform f: one size only
            if same_size.error is None and -1 in same_size.calls:
                return "other-argument", None  # it hands f the stacked batches
        if isinstance(error, ValueError) and "__jax_array__" in str(error):
            if -1 in run.calls:
                return "other-argument", None  # f got something else than an x of xs
            return None, _stand_in_not_taken()  # right with a real array: not the answer's fault
        if isinstance(error, ValueError) and re.search(
            "zero-dimensional arrays cannot be concatenated", str(error), re.IGNORECASE
        ):
            return "concatenated-scalars", None
        if isinstance(error, TypeError) and "numerator/denominator" in str(error):
            return "exact-fractions", None  # statistics.mean: a Fraction of each loss
        raise run.error
    n = len(run.xs)
    if not run.calls:
        return "never-called", None
    each = sorted(run.calls) == list(range(n))
    if not each:
        if sorted(run.calls) == sorted(list(range(n)) * 2):
            return "called-twice", None
        if -1 not in run.calls and len(set(run.calls)) == len(run.calls) < n:
            return "skipped-batches", None  # each call on an x of xs, but not on every x
        if -1 not in run.calls and set(run.calls) == set(range(n)):
            return "extra-call", None  # every x, and some again: a warm-up call (round 18)
        return "other-argument", None
    early = [sync for sync in run.syncs if sync.after_calls < n]
    if any(sync.kind == SYNC_CONVERT for sync in early):
        return "float-per-batch", None
    if early:
        return "wait-per-batch", None
    if _on_device(run.returned):
        return "device-array", None
    conversions = [sync for sync in run.syncs if sync.kind == SYNC_CONVERT]
    if len(conversions) > 1:
        return "host-mean", None
    returned = run.returned
    if not isinstance(returned, float):
        return None, i18n._("You returned {what}, not a Python float.").format(
            what=describe(returned)
        )
    mean = sum(BATCH_LOSSES) / n
    if math.isclose(returned, _reported(mean), rel_tol=1e-5):
        if not run.taken >= set(range(len(run.calls))):
            return None, _read_past_the_stand_in()
        return _fewer_batches(answer)
    if math.isclose(returned, _reported(BATCH_LOSSES[run.calls[-1]]), rel_tol=1e-5):
        return "last-only", None
    weighted = sum(loss * size for loss, size in zip(BATCH_LOSSES, BATCH_SIZES, strict=True))
    if math.isclose(returned, _reported(weighted / sum(BATCH_SIZES)), rel_tol=1e-5):
        return "weighted-by-size", None
    if _rounded_to_half(returned, mean):
        return "half-precision", None
    if math.isclose(returned, sum(BATCH_LOSSES), rel_tol=1e-5):
        return None, i18n._(
            "You returned the sum of the losses, {total}, not their mean over the {n} batches."
        ).format(total=short_repr(returned), n=n)
    if n > 1 and math.isclose(returned, _reported(sum(BATCH_LOSSES) / (n - 1)), rel_tol=1e-5):
        # round 19: the sum over len(xs) - 1, a sample variance's count
        return None, i18n._(
            "You divided the losses' sum, {total}, by {fewer}, one less than the {n} batches: "
            "a mean divides by the number of losses."
        ).format(total=short_repr(sum(BATCH_LOSSES)), fewer=n - 1, n=n)
    for size in sorted(set(BATCH_SIZES) - {n, n - 1}):
        if math.isclose(returned, _reported(sum(BATCH_LOSSES) / size), rel_tol=1e-5):
            # round 21: the sum over len(xs[0]), a batch's size
            return None, i18n._(
                "You divided the losses' sum, {total}, by {size}, the size of one batch "
                "(the length of one x of xs), not by the number of batches, {n}."
            ).format(total=short_repr(sum(BATCH_LOSSES)), size=size, n=n)
    base = LOSS_VARIANTS.current("02.mean_loss")["base"]
    for other, formula in ((0.0, "mean"), (math.e, "e ** mean"), (2.0, "2 ** mean")):
        reported = other**mean if other else mean
        if other != base and math.isclose(returned, reported, rel_tol=1e-5):
            # round 19: another variant's report (the perplexity e ** mean on the page)
            return None, i18n._(
                "You returned {got}, which is {other} for the losses' mean, {mean}: another "
                "variant's report of it. This page's mean_loss returns {formula}, {want}."
            ).format(
                got=short_repr(returned),
                other=formula,
                mean=short_repr(mean),
                formula=LOSS_VARIANTS.current("02.mean_loss")["formula"],
                want=short_repr(_reported(mean)),
            )
    if LOSS_VARIANTS.current("02.mean_loss")["base"]:
        return None, i18n._(
            "You returned {got}; {formula} over the {n} losses is {want} (their mean is {mean})."
        ).format(
            got=short_repr(returned),
            formula=LOSS_VARIANTS.current("02.mean_loss")["formula"],
            n=n,
            want=short_repr(_reported(mean)),
            mean=short_repr(mean),
        )
    return None, i18n._("You returned {got}; the mean of the {n} losses is {mean}.").format(
        got=short_repr(returned), n=n, mean=short_repr(mean)
    )


# A second run on fewer batches than the page's four: a count typed in, or a mean rounded
# to 16 bits, gives the page's mean exactly (1.0, 2.0, 3.5 and 5.5 are 16-bit numbers).
FEWER_SIZES = (3, 5, 2)


def _half_precision(value: float) -> set[float]:
    return {float(np.asarray(value, dtype=dtype)) for dtype in (jnp.bfloat16, np.float16)}


def _rounded_to_half(returned: float, mean: float) -> bool:
    """The mean, or what the variant reports of it, rounded to bfloat16 or float16."""
    rounded = _half_precision(_reported(mean))
    rounded |= {float(_reported(value)) for value in _half_precision(mean)}
    rounded |= {value for value in rounded for value in _half_precision(value)}
    return any(math.isclose(returned, value, rel_tol=1e-6) for value in rounded)


def _fewer_batches(answer: Callable[..., Any]) -> tuple[str | None, str | None]:
    """The verdict on three batches, once the page's four gave the right mean."""
    run = _loss_run(answer, FEWER_SIZES)
    if run.error is not None:
        raise run.error
    returned, n = run.returned, len(FEWER_SIZES)
    mean = sum(BATCH_LOSSES[:n]) / n
    if not isinstance(returned, float) or math.isclose(returned, _reported(mean), rel_tol=1e-5):
        return None, None
    if math.isclose(returned, _reported(sum(BATCH_LOSSES[:n]) / BATCHES), rel_tol=1e-5):
        return "page-count", None
    if any(
        math.isclose(returned, floored, rel_tol=1e-5)
        for floored in (_reported(float(math.floor(mean))), float(math.floor(_reported(mean))))
    ):
        return "floored", None
    if _rounded_to_half(returned, mean):
        return "half-precision", None
    return None, i18n._(
        "On {n} batches you returned {got}; the mean of their {n} losses is {mean}."
    ).format(got=short_repr(returned), n=n, mean=short_repr(_reported(mean)))


def _read_past_the_stand_in() -> str:
    return i18n._(
        "Your function returned the right mean, yet at least one batch's loss never left "
        "the grader's stand-in the ways a jax array's value leaves it: no conversion to "
        "Python and no jax operation read it. It was read out of the stand-in's insides, "
        "so this check cannot see when, or whether, it waited."
    )


def _stand_in_not_taken() -> str:
    return i18n._(
        "A jnp function was given one of the grader's stand-in losses directly, which it "
        "cannot read (a real jax array it would). This check's f returns stand-ins so that it "
        "can see what waits; jnp.stack, jnp.array and jnp.asarray read them, and every jax "
        "operation on what they make works."
    )


def check_mean_loss(answer: Any, expected: Any) -> str | None:
    if not callable(answer):
        return i18n._("Expected a function mean_loss(f, xs), but this is {what}.").format(
            what=describe(answer)
        )
    mistake, message = _loss_verdict(answer)
    if mistake is not None:
        return i18n._("The mean was not computed with one sync at the end ({mistake}).").format(
            mistake=mistake
        )
    return message


def _loss_mistake(mistake: str) -> Callable[[Any], bool]:
    return lambda answer: callable(answer) and _loss_verdict(answer)[0] == mistake


def _mean_loss(f, xs):
    losses = [f(x) for x in xs]
    return float(_reported(jnp.mean(jnp.stack(losses))))


def _float_per_batch(f, xs):
    return sum(float(f(x)) for x in xs) / len(xs)


def _concatenated_losses(f, xs):
    return float(jnp.mean(jnp.concatenate([f(x) for x in xs])))  # 0-d losses: ValueError


def _warms_up_first(f, xs):
    f(xs[0]).block_until_ready()  # a warm-up call on the first batch, waited for
    losses = [f(x) for x in xs]
    return float(_reported(jnp.mean(jnp.stack(losses))))


def _wait_per_batch(f, xs):
    losses = [jax.block_until_ready(f(x)) for x in xs]
    return float(jnp.mean(jnp.stack(losses)))


def _device_mean(f, xs):
    return jnp.mean(jnp.stack([f(x) for x in xs]))


def _host_mean(f, xs):
    losses = [f(x) for x in xs]
    return sum(float(loss) for loss in losses) / len(losses)


def _statistics_mean(f, xs):
    return statistics.mean(f(x) for x in xs)


def _last_only(f, xs):
    for x in xs:
        loss = f(x)
    return float(_reported(jnp.asarray(loss)))


def _weighted_by_size(f, xs):
    losses = [f(x) * len(x) for x in xs]
    return float(_reported(jnp.sum(jnp.stack(losses)) / sum(len(x) for x in xs)))


def _page_count(f, xs):
    return float(_reported(jnp.sum(jnp.stack([f(x) for x in xs])) / 4))


def _half_mean(f, xs):
    return float(_reported(jnp.mean(jnp.stack([f(x) for x in xs]).astype(jnp.bfloat16))))


def _floored(f, xs):
    return float(_reported(sum(f(x) for x in xs) // len(xs)))


def _jits_f(f, xs):
    fast = jax.jit(f)
    return float(jnp.mean(jnp.stack([fast(x) for x in xs])))


def _never_calls_f(f, xs):
    return 0.0


def _drops_the_last(f, xs):
    return float(jnp.mean(jnp.stack([f(x) for x in xs[:-1]])))


def _passes_the_list(f, xs):
    return float(f(jnp.stack(xs)))


def _calls_twice(f, xs):
    jax.block_until_ready([f(x) for x in xs])
    return float(jnp.mean(jnp.stack([f(x) for x in xs])))


# --- 02.which_dispatch and 02.first_calls: a set of letters --------------------------------

CALLS = "ABCDE"  # both exercises ask about five lines, A to E

# Lines the reveal cell does not time: it times four others (`* 2`, float(), .tolist(),
# block_until_ready), so running it first shows the rule, not these five lines' answer.
# B and E look alike (Python's max, jnp.maximum) and differ only by the rule (issue 34:
# when B was bool(... > 0) and E `> 0`, the reveal's float() and `* 2` paired with them).
DISPATCH_ONLY = "ACE"
DISPATCH_WHY = {
    "A": i18n.N_(
        "A times only the dispatch: .shape is known from x's shape before any work is "
        "done, so reading it waits for nothing."
    ),
    "B": i18n.N_(
        "B times the work: Python's max compares the two with >, and to pick the larger "
        "it needs a Python True or False, a value, so it waits for the dot product."
    ),
    "C": i18n.N_(
        "C times only the dispatch: jnp.sqrt is one more jax operation, queued behind the "
        "dot product, and nothing in the line needs a number."
    ),
    "D": i18n.N_(
        "D times the work: np.asarray copies the values into a NumPy array, so it waits for them."
    ),
    "E": i18n.N_(
        "E times only the dispatch: jnp.maximum is one more jax operation and gives a jax "
        "array; nothing in the line needs the value."
    ),
}

# Calls the reveal cell does not make: it makes three others (new values, a new shape, a
# new dtype), so it shows the rule without pairing one call with each option (issue 34:
# its five calls once mapped one to one onto these); B's NumPy array, C's new program and
# E's strided slice need the rule carried over.
COMPILE = "ACDE"  # the calls that compile, after jnp.cumprod(a) ran once on float32[1000]
WHY = {
    "A": i18n.N_(
        "A compiles: a > 0.5 is a bool array, a new dtype for cumprod, so new machine code."
    ),
    "B": i18n.N_(
        "B reuses the compiled cumprod: np.asarray(a) * 2 is a NumPy float32 array of "
        "shape (1000,), copied to the device first, then the same code runs. A transfer "
        "is not a compile."
    ),
    "C": i18n.N_(
        "C compiles: jax.jit(lambda v: jnp.cumprod(v)) is a new program, traced and "
        "compiled on its first call, even though jnp.cumprod itself ran on a before."
    ),
    "D": i18n.N_(
        "D compiles: a.reshape(10, 100) holds the same 1000 numbers, but its shape (10, "
        "100) is new, and code is compiled per shape, not per number of elements."
    ),
    "E": i18n.N_(
        "E compiles: a[::2] holds every second element, an array of shape (500,), and "
        "cumprod has code for shape (1000,) only."
    ),
}


def letters_of(answer: Any) -> frozenset[str] | None:
    """ "B, c e" or "BCE" -> {"B", "C", "E"}; None if not letters (a list of them included:
    ``listed_slip`` refuses it)."""
    return letter_set(answer, CALLS)


@dataclass(frozen=True)
class LetterSet:
    """The letters of the lines that do something (compile, time only the dispatch);
    ``read`` is None for what names no lines. ``ask`` says what to answer, with {what}
    for what the answer was; ``why`` says, per letter, what that line does."""

    ask: str
    why: dict[str, str]

    read = staticmethod(letters_of)

    def __call__(self, answer: Any, expected: str) -> str | None:
        if listed_slip(self, answer, expected) is not None:
            return listed_slip(self, answer, expected)
        chosen = letters_of(answer)
        if chosen is None and letters_slip(answer, CALLS):
            return letters_slip(answer, CALLS)
        if chosen is None and isinstance(answer, str):
            strays = sorted(
                {
                    ch
                    for ch in str.upper(answer)
                    if ch not in CALLS + " ,;+&/().:[]" and not str.isspace(ch)
                }
            )
            return i18n.ngettext(
                "{letters} is not among the calls: answer with letters A to E only, as one "
                'string such as "AD".',
                "{letters} are not among the calls: answer with letters A to E only, as one "
                'string such as "AD".',
                len(strays),
            ).format(letters=", ".join(map(repr, strays)))
        if chosen is None:
            return i18n._(self.ask).format(what=describe(answer))
        right = frozenset(expected)
        if chosen == right:
            return None
        wrong = sorted(chosen ^ right)
        return " ".join(
            [i18n._("Not every letter is right."), *(i18n._(self.why[letter]) for letter in wrong)]
        )


FIRST_CALLS = LetterSet(
    ask=i18n.N_(
        "Answer with the letters of the calls that compile, as one string such "
        'as "AD" (letters A to E), but this is {what}.'
    ),
    why=WHY,
)
WHICH_DISPATCH = LetterSet(
    ask=i18n.N_(
        "Answer with the letters of the lines that time only the dispatch, as one string "
        'such as "AD" (letters A to E), but this is {what}.'
    ),
    why=DISPATCH_WHY,
)


EXERCISES = (
    Exercise(
        id="02.which_dispatch",
        title="Spot the measurements that time only the dispatch",
        prediction=True,
        explanation=(
            "A, C and E. A line waits for the dot product only where it needs the value: "
            "Python's `max` (B), which must decide which number is larger, and `np.asarray` "
            "(D) do, as `float()`, `.tolist()` and `block_until_ready()` in the table do. "
            "`.shape` (A) is known from x's shape before any work, and `jnp.sqrt` (C) and "
            "`jnp.maximum` (E) are jax operations, "
            "dispatched behind the dot product like `* 2` in the table: their lines "
            "return before the work is done. In the table, `* 2` is close to the "
            "unblocked `jnp.dot` above, the three others to the blocked one."
        ),
        reference=lambda: DISPATCH_ONLY,
        rule=WHICH_DISPATCH,
        hints=(
            "A jax operation returns before its work is done. For each line, ask: does "
            "Python need the dot product's value, a number, to finish the line?",
            "A Python True or False (Python's max compares with >) or a NumPy array needs "
            "the value, so it waits. Another jax operation on the result (jnp.maximum is "
            "one) is dispatched too, and a shape is known before the work is done.",
            'only_dispatch = "ACE"',
        ),
        solution='only_dispatch = "ACE"',
        mistakes=(
            Mistake(
                id="nothing-dispatch-only",
                message="Some of these lines do return before the work is done: a line "
                "waits only where Python needs the dot product's value. A jax operation "
                "on the result is queued behind it, as * 2 is in the table.",
                example=lambda: "",
            ),
            Mistake(
                id="shape-waits",
                message="A times only the dispatch too: .shape comes from x's shape, known "
                "before the dot product runs, so reading it waits for nothing. Only a line "
                "that needs the result's value waits.",
                example=lambda: "CE",
            ),
            Mistake(
                id="bool-waits",
                message="B waits for the work: Python's max compares the two numbers with "
                ">, and picking the larger takes a Python True or False, which needs the dot "
                "product's value, as float() does. jnp.maximum (E) is a jax operation and "
                "waits for nothing.",
                example=lambda: "ABCE",
            ),
            Mistake(
                id="numpy-waits",
                message="D waits for the work: np.asarray copies the values into a NumPy "
                "array, so it needs them, as .tolist() does.",
                example=lambda: "ACDE",
            ),
            Mistake(
                id="every-line",
                message="Not every line skips the wait: B and D need the dot product's "
                "value (a comparison Python decides, a NumPy array), so they wait for the "
                "work.",
                example=lambda: "ABCDE",
            ),
        ),
        success="A, C and E: a shape and more jax operations need no value, so nothing in "
        "those lines waits for the dot product.",
    ),
    Exercise(
        id="02.mean_loss",
        title="Bring one number back, once",
        reference=lambda: _mean_loss,
        rule=check_mean_loss,
        hints=(
            "Which lines of the helper need a loss's value, and so wait for its work? A jax "
            "operation on arrays that are still being computed needs no value: it is "
            "dispatched, as the calls are.",
            "Keep every f(x) a jax array until the last call has been made, let JAX take the "
            "mean of them (jnp.stack and jnp.mean, or + and /), and convert that one array "
            "to a Python float at the very end.",
            "return float({inline})",
        ),
        solution="def mean_loss(f, xs):\n    losses = [f(x) for x in xs]\n    return float({code})",
        mistakes=(
            Mistake(
                id="float-per-batch",
                message="A batch's loss was brought back to Python before the next batch was "
                "dispatched. A Python number (float(), .item(), print, an if, NumPy) needs the "
                "value, so it waits for that batch's work, and the device idles while Python "
                "dispatches the next call: the helper's slowness, kept.",
                example=lambda: _float_per_batch,
                matches=_loss_mistake("float-per-batch"),
            ),
            Mistake(
                id="wait-per-batch",
                message="A loss was waited for inside the loop, before the last batch was "
                "dispatched: each wait stops Python until that batch is done, so the device "
                "idles while the next call is dispatched, as it did in the helper.",
                example=lambda: _wait_per_batch,
                matches=_loss_mistake("wait-per-batch"),
            ),
            Mistake(
                id="device-array",
                message="You returned a jax array (or several), not the Python float the "
                "helper returns: "
                "nothing brought the mean back to Python, so the log line would wait for it "
                "later, and a jax array is not a float.",
                example=lambda: _device_mean,
                matches=_loss_mistake("device-array"),
            ),
            Mistake(
                id="host-mean",
                message="You took the mean in Python or NumPy, after bringing every loss back "
                "to the host: nothing waited before the last call, but each batch's loss made "
                "its own copy to the host, where the task asks for one value back.",
                example=lambda: _host_mean,
                matches=_loss_mistake("host-mean"),
            ),
            Mistake(  # round 20
                id="exact-fractions",
                message="statistics.mean works on Python numbers only: it turns each value "
                "into an exact fraction of two integers, which a jax array cannot give, so it "
                "fails on the losses. And each loss made a Python number would be one wait and "
                "one copy to the host per batch, where the task asks for one value back.",
                example=lambda: _statistics_mean,
                matches=_loss_mistake("exact-fractions"),
            ),
            Mistake(
                id="last-only",
                message="You returned the last batch's loss, not the mean over every batch: "
                "each loop pass replaced the loss of the one before.",
                example=lambda: _last_only,
                matches=_loss_mistake("last-only"),
            ),
            Mistake(
                id="concatenated-scalars",
                message="Each f(x) is one loss, an array of shape (): a 0-d array, with no axis. "
                "Concatenating joins arrays along an axis they already have, so a list of 0-d "
                "losses cannot be concatenated: that call raised, and no mean was taken.",
                example=lambda: _concatenated_losses,
                matches=_loss_mistake("concatenated-scalars"),
            ),
            Mistake(
                id="weighted-by-size",
                message="You weighted each batch's loss by the batch's size. The task's mean, "
                "like the helper's, counts each f(x) once, whatever its batch holds: the "
                "losses' sum over len(xs).",
                example=lambda: _weighted_by_size,
                matches=_loss_mistake("weighted-by-size"),
            ),
            Mistake(
                id="transformed-f",
                message="Your function hands f to a JAX transformation (jit, vmap, lax.map, "
                "...). The batches may differ in size, so the task calls f once per batch, as "
                "the helper does; and a transformation does not wait either: its call returns "
                "before the work is done, as f's does.",
                example=lambda: _jits_f,
                matches=_loss_mistake("transformed-f"),
            ),
            Mistake(
                id="never-called",
                message="Your function never called the f it was given (map(f, xs) and a "
                "generator run nothing until something consumes them).",
                example=lambda: _never_calls_f,
                matches=_loss_mistake("never-called"),
            ),
            Mistake(
                id="skipped-batches",
                message="f was called on only some of the batches in xs: each call got an x "
                "of xs, but fewer calls were made than xs holds, so some batch has no loss.",
                example=lambda: _drops_the_last,
                matches=_loss_mistake("skipped-batches"),
            ),
            Mistake(
                id="other-argument",
                message="f was not called once on each x of xs: f takes one batch, and it got "
                "something else (the whole list, or other values).",
                example=lambda: _passes_the_list,
                matches=_loss_mistake("other-argument"),
            ),
            Mistake(  # round 18
                id="extra-call",
                message="f got every x of xs, and some of them more than once (a warm-up call "
                "before the loop, say): that batch's work is done twice, time that whoever "
                "times mean_loss pays for, and that no loss needs.",
                example=lambda: _warms_up_first,
                matches=_loss_mistake("extra-call"),
            ),
            Mistake(
                id="called-twice",
                message="You called f twice on each x: twice the work, and twice the time for "
                "whoever times mean_loss.",
                example=lambda: _calls_twice,
                matches=_loss_mistake("called-twice"),
            ),
            Mistake(
                id="page-count",
                message="On three batches your mean is their losses' sum over 4, the page's "
                "number of batches: the count in your function is a number typed in, not the "
                "length of the xs it was given, so any other number of batches gets a wrong mean.",
                example=lambda: _page_count,
                matches=_loss_mistake("page-count"),
            ),
            Mistake(
                id="half-precision",
                message="Your result is rounded to 16 bits: bfloat16 and float16 keep about 3 "
                "significant digits, so a mean such as 6.5 / 3 loses the rest (the page's four "
                "losses and their mean, 3.0, happen to be exact in 16 bits).",
                example=lambda: _half_mean,
                matches=_loss_mistake("half-precision"),
            ),
            Mistake(
                id="floored",
                message="Your mean lost its fraction: on three batches whose losses' mean is "
                "not a whole number, you returned it rounded down. Floor division (//) rounds "
                "its quotient down to a whole number; a mean keeps what follows the point (the "
                "page's mean, 3.0, happens to be whole).",
                example=lambda: _floored,
                matches=_loss_mistake("floored"),
            ),
        ),
        success="Every batch dispatched before anything waited, the mean taken by JAX, and "
        "one number brought back to Python at the end.",
        variants=LOSS_VARIANTS,
    ),
    Exercise(
        id="02.first_calls",
        title="Predict which calls compile",
        prediction=True,
        explanation=(
            "A, C, D and E. Compiled code is kept per function, shape and dtype. `a > 0.5` "
            "is a bool array (A), a new dtype; `a.reshape(10, 100)` (D) holds the same "
            "1000 numbers in a new shape, and `a[::2]` (E) 500 of them, another new shape; "
            "`jax.jit(lambda v: jnp.cumprod(v))` (C) is a new program, so it compiles even "
            "on `a`. B's NumPy float32 array of shape (1000,) is copied to the device and "
            "runs the code compiled for its shape and dtype: a transfer, not a compile. The "
            "table shows the rule on the page's three calls: new values reuse the code, a "
            "new shape or dtype compiles."
        ),
        reference=lambda: COMPILE,
        rule=FIRST_CALLS,
        hints=(
            "XLA compiles code for one shape and dtype at a time, and caches it for the "
            "function it was traced from. Values are not part of that.",
            "Work out each argument's shape and dtype, and whether the function called is "
            "jnp.cumprod itself or a new program. Where the array comes from, NumPy or "
            "JAX, does not matter; its shape and dtype do, however they were made.",
            'compiles = "ACDE"',
        ),
        solution='compiles = "ACDE"',
        mistakes=(
            Mistake(
                id="eager-never-compiles",
                message="Eager operations compile too, not only jax.jit: jnp.cumprod is "
                "compiled by XLA the first time it meets a new shape or dtype. Look for new "
                "shapes, dtypes and functions.",
                example=lambda: "C",
                matches=lambda answer: letters_of(answer) == frozenset("C"),
            ),
            Mistake(
                id="nothing-compiles",
                message="You named no call, as if every one reused code compiled before. "
                "But C's jax.jit of a new lambda is a new program, and eager jnp.cumprod is "
                "compiled by XLA for each new shape and dtype it meets. Look for new shapes, "
                "dtypes and functions.",
                example=lambda: "",
                matches=lambda answer: letters_of(answer) == frozenset(),
            ),
            Mistake(
                id="numpy-input",
                message="B does not compile: np.asarray(a) * 2 is a NumPy float32 array of "
                "shape (1000,), so JAX copies it to the device and reuses the compiled "
                "cumprod. A transfer costs time, but it is not a compile.",
                example=lambda: "ABCDE",
            ),
            Mistake(
                id="jit-wrapper",
                message="C compiles too: jax.jit of a function is a new program to trace and "
                "compile, even though jnp.cumprod ran before on the same array.",
                example=lambda: "ADE",
            ),
            Mistake(
                id="slice-reuses",
                message="E compiles too: a[::2] is an array of shape (500,), not a's "
                "(1000,), and code is compiled per shape, wherever the array came from.",
                example=lambda: "ACD",
            ),
            Mistake(
                id="same-size",
                message="D compiles too: a.reshape(10, 100) has the same 1000 elements, but "
                "its shape is new, and code is compiled per shape, not per size.",
                example=lambda: "ACE",
            ),
        ),
        success="A (a new dtype, bool), C (a new jitted program), D and E (new shapes) "
        "compile; B, a NumPy array of a's shape and dtype, reuses cumprod's code.",
    ),
    Exercise(
        id="02.time_call",
        # No variants (issue 38): the answer is a timing function judged by what it measures
        # on the check's own functions; no value a variant could change decides its verdict.
        title="Write an honest timing function",
        reference=lambda: _honest,
        rule=TIME_CALL,
        hints=(
            "Two things fool a timer: the first call compiles, and JAX returns before "
            "the work is done.",
            "Call f(*args) once before starting the clock, wrap every timed call in "
            "jax.block_until_ready(...), read time.perf_counter() around the loop, and "
            "divide by the number of timed calls.",
            "def time_call(f, *args, repeats=20):\n    jax.block_until_ready(f(*args))\n"
            "    start = time.perf_counter()\n    for _ in range(repeats):\n        ...",
        ),
        solution=(
            "def time_call(f, *args, repeats=20):\n"
            "    jax.block_until_ready(f(*args))  # warm-up: compile outside the clock\n"
            "    start = time.perf_counter()\n"
            "    for _ in range(repeats):\n"
            "        jax.block_until_ready(f(*args))\n"
            "    return (time.perf_counter() - start) / repeats"
        ),
        mistakes=(
            Mistake(
                id="used-timing",
                message="Your time_call hands the timing to jaxtour.timing, the lesson's own "
                "helper: this exercise asks you to write the timing yourself.",
                example=lambda: _with_timing,
                matches=reads_or_calls("jaxtour.timing", TIMERS, TIMERS_CALLED),
                also_accepted=True,
            ),
            Mistake(
                id="never-called",
                message="Your time_call never called f, so it timed nothing: the grader's f "
                "takes a different time at every check, so no fixed number can be right.",
                example=lambda: _never_calls,
                matches=TIME_CALL.made("never-called"),
            ),
            Mistake(
                id="not-measured",
                message="Your time_call returned the same number for both of the grader's "
                "stand-ins, though one's calls take several times as long as the "
                "other's: a number that does not follow the work was not measured.",
                example=lambda: _fixed_number,
                matches=TIME_CALL.made("not-measured"),
            ),
            Mistake(
                id="packed-args",
                message="You called f(args): that passes the whole tuple of arguments as "
                "one argument, so f found its second argument missing.",
                example=lambda: _packed,
                matches=TIME_CALL.made("packed-args"),
            ),
            Mistake(
                id="jitted",
                message="You wrapped f in jax.jit. time_call times f as it is given: the "
                "caller decides whether f is jitted. (The grader's stand-in cannot be traced.)",
                example=lambda: _jitted,
                matches=TIME_CALL.made("jitted"),
            ),
            Mistake(
                id="read-attribute",
                message="There is no attribute on f to read the time from: the grader's "
                "stand-in hides how long its work takes and changes it at every check.",
                example=lambda: _reads_attribute,
                matches=TIME_CALL.made("read-attribute"),
            ),
            Mistake(
                id="other-arguments",
                message="f was called with arrays other than the ones time_call received: a "
                "global from the notebook is not what the caller asked to time.",
                example=lambda: _global_arguments,
                matches=TIME_CALL.made("other-arguments"),
            ),
            Mistake(  # round 19
                id="wait-not-called",
                message="You timed only the dispatch: your code names block_until_ready but "
                "never calls it (no parentheses), so Python looks the method up and drops it, "
                "and nothing waits. A timed call ends when its result is ready, not when f "
                "returns.",
                example=lambda: _wait_not_called,
                matches=lambda answer: (
                    TIME_CALL.made("dispatch-only")(answer) and _wait_named_not_called(answer)
                ),
            ),
            Mistake(  # round 21
                id="shape-read",
                message="You timed only the dispatch: a result's shape and dtype are known "
                "when f returns, before its work is done, so reading them waits for nothing. "
                "A timed call ends when its result is ready, not when f returns.",
                example=lambda: _shape_read,
                matches=lambda answer: (
                    TIME_CALL.made("dispatch-only")(answer) and _metadata_read_to_wait(answer)
                ),
            ),
            Mistake(
                id="dispatch-only",
                message="You timed only the dispatch: the clock stopped while the timed calls' "
                "work was still queued. A timed call ends when its result is ready, not when f "
                "returns.",
                example=lambda: _dispatch_only,
                matches=TIME_CALL.made("dispatch-only"),
            ),
            Mistake(
                id="cpu-clock",
                message="time.process_time (like time.thread_time) counts only the CPU time "
                "spent computing, and waiting for a device costs almost none: your function "
                "waited for every result, but that clock did not see the wait.",
                example=lambda: _process_time,
                matches=TIME_CALL.made("cpu-clock"),
            ),
            Mistake(
                id="wait-outside-clock",
                message="Your timing is shorter than the work: your clock stopped while the "
                "timed calls' work was still queued on the device. A jax call returns when its "
                "work is handed over, and a wait the clock does not span is not timed.",
                example=lambda: _wait_outside_clock,
                matches=TIME_CALL.made("wait-outside-clock"),
            ),
            Mistake(
                id="milliseconds",
                message="That looks like milliseconds: 1000 times the right number, which is "
                "in seconds.",
                example=lambda: _milliseconds,
                matches=TIME_CALL.made("milliseconds"),
            ),
            Mistake(
                id="microseconds",
                message="That looks like microseconds: a million times the right number, "
                "which is in seconds.",
                example=lambda: _microseconds,
                matches=TIME_CALL.made("microseconds"),
            ),
            Mistake(
                id="nanoseconds",
                message="That looks like nanoseconds (time.perf_counter_ns counts in ns): a "
                "billion times the right number, which is in seconds.",
                example=lambda: _nanoseconds,
                matches=TIME_CALL.made("nanoseconds"),
            ),
            Mistake(
                id="first-call",
                message=f"You timed the first call, which compiles: on the stand-in that "
                f"compiles for {SLOW_COMPILE_S:g} s, that is what you measured, not the work of "
                "a call that runs code already compiled.",
                example=lambda: _compile_included,
                matches=TIME_CALL.made("first-call"),
            ),
            Mistake(
                id="no-warm-up",
                message="The first call, which compiles, is inside your clock and averaged "
                "into your result. On the stand-in that compiles in a moment it hardly shows; "
                f"on the one that compiles for {SLOW_COMPILE_S:g} s your timing is too long.",
                example=lambda: _no_warm_up,
                matches=TIME_CALL.made("no-warm-up"),
            ),
            Mistake(
                id="total",
                message="That is the total time of all the calls you timed, not the time of "
                "one call.",
                example=lambda: _total,
                matches=TIME_CALL.made("total"),
            ),
            Mistake(
                id="total-with-first",
                message="That is the total of all your calls, the first one (which compiles) "
                "included, not the time of one call that runs code already compiled.",
                example=lambda: _total_with_first,
                matches=TIME_CALL.made("total-with-first"),
            ),
            Mistake(
                id="warm-up-not-waited",
                message="Your number is close, but the warm-up call was never waited for: "
                "its work was still queued when your clock started, so your first timed "
                "call waited for it too (on a GPU, with few timed calls, that shows). The "
                "warm-up is finished only when its result is ready.",
                example=lambda: _warm_up_not_waited,
                matches=TIME_CALL.made("warm-up-not-waited"),
            ),
            Mistake(
                id="clock-after-call",
                message="Your clock starts after f has returned: the dispatch, part of what "
                "every call costs, happens before your clock runs, so your timing holds only "
                "the wait. A call's time runs from before f is called until its result is "
                "ready.",
                example=lambda: _clock_after_call,
                matches=TIME_CALL.made("clock-after-call"),
            ),
            Mistake(
                id="miscounted-calls",
                message="Your number is the time your clock saw divided by one call more or "
                "one fewer than it timed (a loop variable ends one below the number of "
                "rounds, for one): on few calls that is several per cent off. The time of "
                "one call is the total over exactly the calls inside the clock.",
                example=lambda: _divided_by_last_index,
                matches=TIME_CALL.made("miscounted-calls"),
            ),
        ),
        success="Warmed up and blocked, your timing follows each stand-in's work, whatever "
        "its compile costs.",
        time_limit_s=30,
    ),
)
