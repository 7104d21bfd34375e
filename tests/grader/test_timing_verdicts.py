"""The timing exercises judge what an answer did, and their verdicts hold on a busy machine.

02.time_call runs the learner's function on stand-ins whose work time changes at every
check; 02.mean_loss on a stand-in that returns fresh arrays at every call. The slow test
checks the same honest answer and the same wrong one 20 times each while two processes
burn the CPU.
"""

from __future__ import annotations

import time
import timeit

import jax
import jax.numpy as jnp
import pytest

from jaxtour import checks


def honest(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / repeats


def no_warm_up(f, *args):  # the answer: the first call's compile is averaged in
    return timeit.timeit(lambda: f(*args).block_until_ready(), number=100) / 100


def check(exercise_id, answer):
    feedback = checks.check(exercise_id, answer)
    return feedback.status, feedback.mistake


# --- each finding of "A grader that is never fooled" gets its own diagnosis ------------------


def packed(f, *args):
    jax.block_until_ready(f(args))
    start = time.perf_counter()
    jax.block_until_ready(f(args))
    return time.perf_counter() - start


def reads_attribute(f, *args):
    return f.work_s


def constant(f, *args):
    return 0.004


def total(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.perf_counter()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return time.perf_counter() - start


def process_time(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.process_time()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return (time.process_time() - start) / repeats


def process_time_busy(f, *args, repeats=20):
    """A CPU clock around calls that also burn CPU (as a garbage collection between its
    reads does): its figure is above the work, and still no wall time."""
    jax.block_until_ready(f(*args))
    start = time.process_time()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
        sum(range(1_000_000))
    return (time.process_time() - start) / repeats


def process_time_unchanged(f, *args, repeats=20):
    """A CPU clock that did not move (the calls took less CPU than it counts): 0.0."""
    jax.block_until_ready(f(*args))
    start = time.process_time()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return start - start


def nanoseconds(f, *args, repeats=20):
    jax.block_until_ready(f(*args))
    start = time.perf_counter_ns()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return (time.perf_counter_ns() - start) / repeats


@pytest.mark.parametrize(
    ("answer", "mistake"),
    [
        (no_warm_up, "no-warm-up"),
        (packed, "packed-args"),
        (reads_attribute, "read-attribute"),
        (constant, "never-called"),
        (total, "total"),
        (process_time, "cpu-clock"),
        (process_time_busy, "cpu-clock"),
        (process_time_unchanged, "cpu-clock"),
        (nanoseconds, "nanoseconds"),
    ],
    ids=lambda value: getattr(value, "__name__", value),
)
def test_each_wrong_timing_gets_its_own_diagnosis(answer, mistake):
    assert check("02.time_call", answer) == ("incorrect", mistake)


def test_the_honest_timing_is_accepted():
    assert check("02.time_call", honest) == ("correct", None)


def written_in(seconds, measured=0.0):
    """A time_call that calls f, waits, and returns a number of its own (plus, if asked,
    a sliver of what it measured, so that the two stand-ins do not get the same number)."""

    def time_call(f, *args):
        start = time.perf_counter()
        jax.block_until_ready(f(*args))
        jax.block_until_ready(f(*args))
        return seconds + measured * (time.perf_counter() - start)

    return time_call


@pytest.mark.parametrize("seconds", [0.003, 0.005, 0.0065, 0.0075, 0.009, 0.012])
def test_a_number_written_in_never_passes_whatever_it_is(seconds):
    """The reader of lesson 08 passed 08.speedup with a constant: here no number is honest
    for both stand-ins (their work ranges are apart), and one number for both is named."""
    assert check("02.time_call", written_in(seconds)) == ("incorrect", "not-measured")
    status, mistake = check("02.time_call", written_in(seconds, measured=1e-6))
    assert status == "incorrect" and mistake != "not-measured"


def _work_time_in_the_closure(f):
    return next(
        cell.cell_contents.work_s for cell in f.__closure__ if hasattr(cell.cell_contents, "work_s")
    )


def reads_the_closure(f, *args):
    """Round 18's sneaky family: wait as an honest timer does, time nothing, and return
    the stand-in's own work time, read out of it."""
    jax.block_until_ready(f(*args))
    jax.block_until_ready(f(*args))
    return _work_time_in_the_closure(f)


def reads_the_result_s_slot(f, *args):
    jax.block_until_ready(f(*args))
    result = jax.block_until_ready(f(*args))
    return object.__getattribute__(result, "_log").work_s * 1.05


def reads_the_closure_s_repr(f, *args):
    import re

    jax.block_until_ready(f(*args))
    jax.block_until_ready(f(*args))
    found = re.search(r"work_s=([0-9.e-]+)", repr(f.__closure__[0].cell_contents))
    return float(found.group(1)) if found else 1e-3


@pytest.mark.parametrize(
    "answer", [reads_the_closure, reads_the_result_s_slot, reads_the_closure_s_repr]
)
def test_a_work_time_read_out_of_the_stand_in_is_never_accepted(answer):
    """The check pretends the work's time: a number that fits it, though no clock the
    answer read saw it pass, was read out of the stand-in, however it was reached. Since
    round 20 the stand-in holds no work time to reach: the answer fails where it looks."""
    status, _ = check("02.time_call", answer)
    assert status in ("incorrect", "error")


def _reachable(value, depth=3):
    """What an answer reaches from ``value`` by attributes, slots, closure cells and
    defaults (not through a function's module globals)."""
    found, todo = [], [(value, 0)]
    while todo:
        item, level = todo.pop()
        found.append(item)
        if level == depth:
            continue
        nested = [getattr(item, "__self__", None), *(getattr(item, "__defaults__", None) or ())]
        nested += [cell.cell_contents for cell in getattr(item, "__closure__", None) or ()]
        for name in getattr(type(item), "__slots__", ()):
            try:
                nested.append(object.__getattribute__(item, name))
            except AttributeError:
                pass
        nested += list(getattr(item, "__dict__", {}).values())
        todo += [(n, level + 1) for n in nested if n is not None]
    return found


def test_no_work_time_is_reachable_from_the_stand_in_or_its_results():
    """Round 20's family: the stand-in f and its results hold no object with the work time
    the verdict compares with, so it can be neither read (as an alibi clock's figure) nor
    rewritten."""
    seen = []

    def looks(f, *args):
        result = jax.block_until_ready(f(*args))
        seen.extend(_reachable(f) + _reachable(result))
        return honest(f, *args)

    checks.check("02.time_call", looks)
    assert seen and not [item for item in seen if hasattr(item, "work_s")]


def reads_the_closure_behind_an_alibi(f, *args):
    """Round 20's sneaky answer: a clock read around unwarmed calls, thrown away, and the
    work time read out of the stand-in's closure."""
    start = time.perf_counter()
    for _ in range(6):
        result = f(*args)
    result.block_until_ready()
    elapsed = time.perf_counter() - start
    for item in _reachable(f) + _reachable(result):
        if hasattr(item, "work_s"):
            return float(item.work_s)
    return elapsed / 6


def rewrites_the_stand_in(f, *args):
    for item in _reachable(f):
        if hasattr(item, "work_s"):
            item.work_s, item.compile_s = 0.004, 0.0
    start = time.perf_counter()
    f(*args).block_until_ready()
    _ = time.perf_counter() - start
    return 0.004


@pytest.mark.parametrize("answer", [reads_the_closure_behind_an_alibi, rewrites_the_stand_in])
def test_a_work_time_read_or_set_behind_an_alibi_is_refused(answer):
    status, _ = check("02.time_call", answer)
    assert status == "incorrect"


def waits_for_one_round_means_another(f, xs):
    jax.block_until_ready([f(x) for x in xs])
    return float(jnp.mean(jnp.stack([f(x) for x in xs])))


def test_a_second_round_of_calls_is_named_and_one_round_passes():
    assert check("02.mean_loss", waits_for_one_round_means_another) == (
        "incorrect",
        "called-twice",
    )
    right = lambda f, xs: float(sum(f(x) for x in xs) / len(xs))  # noqa: E731
    assert check("02.mean_loss", right) == ("correct", None)


def _timed(f, args, repeats=20):
    start = time.perf_counter()
    for _ in range(repeats):
        jax.block_until_ready(f(*args))
    return (time.perf_counter() - start) / repeats


def warm_up_left_queued(f, *args):
    f(*args)
    return _timed(f, args)


def warm_up_asked_if_ready(f, *args):
    f(*args).is_ready()  # asks, does not wait
    return _timed(f, args)


def two_warm_ups_the_last_waited(f, *args):
    f(*args)
    jax.block_until_ready(f(*args))  # waits for both: the work runs in order
    return _timed(f, args)


def warm_up_read_as_a_float(f, *args):
    float(f(*args))  # reading the value waits for it
    return _timed(f, args)


def median_of_waited_samples_first_dropped(f, *args):
    samples = []
    for _ in range(21):
        start = time.perf_counter()
        f(*args).block_until_ready()
        samples.append(time.perf_counter() - start)
    return sorted(samples[1:])[10]


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        (warm_up_left_queued, ("incorrect", "warm-up-not-waited")),
        (warm_up_asked_if_ready, ("incorrect", "warm-up-not-waited")),
        (two_warm_ups_the_last_waited, ("correct", None)),
        (warm_up_read_as_a_float, ("correct", None)),
        (median_of_waited_samples_first_dropped, ("correct", None)),
    ],
    ids=lambda value: getattr(value, "__name__", str(value)),
)
def test_a_warm_up_counts_when_its_work_was_waited_for_before_the_clock(answer, verdict):
    """Round 3: a warm-up left queued passed, its number hardly moved by it. Whether the
    first call's work was waited for before the second began is read from the log."""
    assert check("02.time_call", answer) == verdict


# --- the stand-ins pretend their time: every clock a learner times with sees it ----------

# How a learner reads a clock, as the expression that gives seconds. Each is timed in a
# function of this module, as a notebook cell's function reads the notebook's globals.
CLOCKS = {
    "time.perf_counter": "time.perf_counter()",
    "time.perf_counter_ns": "time.perf_counter_ns() / 1e9",
    "time.monotonic": "time.monotonic()",
    "time.time": "time.time()",
    "from time import perf_counter": "perf_counter()",
    "a default argument": "clock()",
    "datetime.now": "datetime.datetime.now().timestamp()",
    "time.clock_gettime": "time.clock_gettime(time.CLOCK_MONOTONIC)",
}
# The grader cannot show its pretended time on these: the answer runs again, for real.
UNSEEN = {"datetime.now", "time.clock_gettime"}

TIMED = """
def {name}(f, *args, clock=time.perf_counter):
    {warm_up}
    start = {read}
    for _ in range(20):
        jax.block_until_ready(f(*args))
    return ({read} - start) / 20
"""


def _timed_with(read: str, warm_up: bool):
    import datetime  # noqa: F401  (read by the generated answers)
    from time import perf_counter  # noqa: F401

    name = "warmed" if warm_up else "cold"
    source = TIMED.format(
        name=name, read=read, warm_up="jax.block_until_ready(f(*args))" if warm_up else "pass"
    )
    names = {"time": time, "jax": jax, **locals()}
    exec(source, names)  # the answer's globals: a namespace of its own, as a notebook's
    return names[name], names


def _timeit_timed(warm_up: bool):
    def answer(f, *args):
        if warm_up:
            jax.block_until_ready(f(*args))
        return timeit.Timer(lambda: jax.block_until_ready(f(*args))).timeit(20) / 20

    return answer


@pytest.mark.parametrize("clock", [*CLOCKS, "timeit.Timer"])
def test_every_clock_a_learner_times_with_gets_the_same_verdicts(clock):
    """The same verdicts whatever clock the answer reads; the stand-ins' compile and work
    are pretended (no real waiting) wherever the grader can show the pretended time."""
    from jaxtour.exercises import lesson02

    before = {name: getattr(time, name) for name in lesson02.WALL_CLOCKS + lesson02.CPU_CLOCKS}
    timeit_defaults = (timeit.timeit.__defaults__, timeit.Timer.__init__.__defaults__)
    for warm_up, verdict in ((True, ("correct", None)), (False, ("incorrect", "no-warm-up"))):
        if clock == "timeit.Timer":
            answer, names = _timeit_timed(warm_up), None
        else:
            answer, names = _timed_with(CLOCKS[clock], warm_up)
        assert check("02.time_call", answer) == verdict, (clock, warm_up)
        run = lesson02._run(answer, lesson02.SLOW_COMPILE_S, lesson02.SLOW_WORK_S)
        assert run.log.virtual == (clock not in UNSEEN), clock
        if names is not None:  # the clock imported by name, and the default, put back
            assert names["perf_counter"] is before["perf_counter"]
            assert answer.__kwdefaults__ == {"clock": before["perf_counter"]}
    assert {name: getattr(time, name) for name in before} == before
    assert (timeit.timeit.__defaults__, timeit.Timer.__init__.__defaults__) == timeit_defaults
    assert timeit.default_timer is before["perf_counter"]
