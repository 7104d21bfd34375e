"""08.speedup: the checker's own measurement decides, robustly, and never for long.

The learner's measure_speedup (the answer, which the check calls) times the step, and the
checker times it too, on a machine whose load may change in between. An honest answer
must be accepted however busy the machine is; a loop counter, a time in seconds or an
upside-down ratio never. Each test fixes what the checker measures (a queued band, or
tests/stand_ins.py), so no verdict depends on this machine's speed; one test uses the
real clock.
"""

from __future__ import annotations

import subprocess
import sys
import time

import jax
import pytest

from jaxtour import checks
from jaxtour.exercises import lesson08
from jaxtour.exercises.lesson08 import SpeedupBand


def returns(value):
    """A learner's measure_speedup that returned ``value`` (08.speedup's answer is the
    function; the check calls it)."""

    def measure_speedup(step, *args):
        if getattr(step, "jaxtour_control", False):  # the check's control step
            return lesson08.CONTROL_STAND_IN
        return value

    return measure_speedup


def _band(low: float, high: float, age_s: float = 0.0) -> SpeedupBand:
    """A measurement as measure_band would record it, ``age_s`` seconds ago."""
    return SpeedupBand(
        low=low,
        high=high,
        seen_low=low * lesson08.MARGIN_LOW,
        seen_high=high / lesson08.MARGIN_HIGH,
        typical=(low * high) ** 0.5,
        eager_s=2e-3,
        jit_s=5e-5,
        measured_at=time.monotonic() - age_s,
    )


@pytest.fixture
def measurements(monkeypatch):
    """Control what the checker measures: each call of measure_band pops the next band."""
    queued: list[SpeedupBand] = []
    calls = {"n": 0}

    def fake_measure_band(rounds: int = lesson08.ROUNDS) -> SpeedupBand:
        calls["n"] += 1
        return queued.pop(0)

    lesson08.forget_measurements()
    monkeypatch.setattr(lesson08, "measure_band", fake_measure_band)
    yield queued, calls
    lesson08.forget_measurements()


def test_an_answer_inside_the_measured_range_is_accepted(measurements):
    queued, calls = measurements
    queued.append(_band(10.0, 400.0))
    assert checks.check("08.speedup", returns(37.25)).status == "correct"
    assert checks.check("08.speedup", returns(250.5)).status == "correct"
    assert calls["n"] == 1  # the measurement serves later checks


@pytest.mark.parametrize("counter", [100, 300, 300.0, 299])
def test_a_loop_counter_is_refused_even_inside_the_range(measurements, counter):
    queued, _ = measurements
    queued.append(_band(10.0, 400.0))
    feedback = checks.check("08.speedup", returns(counter))
    assert feedback.status == "incorrect"
    assert feedback.mistake == "whole-number"


def test_an_unlucky_old_measurement_is_measured_again_before_refusing(measurements):
    queued, calls = measurements
    lesson08._measured.append(_band(1.0, 20.0, age_s=lesson08.RECHECK_AFTER_S + 5))
    queued.append(_band(10.0, 400.0))
    assert checks.check("08.speedup", returns(120.5)).status == "correct"
    assert calls["n"] == 1


def test_a_fresh_measurement_refuses_without_measuring_again(measurements):
    queued, calls = measurements
    queued.append(_band(10.0, 400.0))
    feedback = checks.check("08.speedup", returns(20000.5))
    assert feedback.status == "incorrect"
    assert "above the range" in feedback.message
    assert calls["n"] == 1


def test_an_expired_measurement_is_not_used(measurements):
    queued, calls = measurements
    lesson08._measured.append(_band(1.0, 20.0, age_s=lesson08.FRESH_S + 1))
    queued.append(_band(10.0, 400.0))
    assert checks.check("08.speedup", returns(120.5)).status == "correct"
    assert calls["n"] == 1


def test_the_range_shown_never_prints_like_the_answer(measurements):
    queued, calls = measurements
    queued += [_band(12.0, 400.0), _band(12.0, 400.0)]  # a near miss: measured twice
    message = checks.check("08.speedup", returns(11.996)).message
    assert "11.996 is below" in message and "(12 to 400)" in message
    assert calls["n"] == 2


def test_a_near_miss_is_measured_again_and_passes_if_both_timings_then_agree(measurements):
    """A right measurement disturbed by a busy machine: the answer's second figure and the
    checker's second range agree; a figure far off is refused after one measurement."""
    queued, calls = measurements
    queued += [_band(30.0, 400.0), _band(10.0, 400.0)]
    figures = iter([20.5, 35.5])

    def measure_speedup(step, *args):
        if getattr(step, "jaxtour_control", False):  # the check's control step
            return lesson08.CONTROL_STAND_IN
        return next(figures)

    assert checks.check("08.speedup", measure_speedup).status == "correct"
    assert calls["n"] == 2


def test_a_figure_that_ignores_the_step_is_refused(measurements):
    """The held-out reader's constant: plausible for the lesson's step, the same for the
    control step, whose speed-up is near 1 (issue 35)."""
    queued, _ = measurements
    queued.append(_band(10.0, 400.0))
    for value in (23.7, 60.4, 150.5):
        feedback = checks.check("08.speedup", lambda step, *args, v=value: v)
        assert feedback.status == "incorrect"
        assert feedback.mistake == "same-for-any-step", feedback.text()


def test_a_control_step_sped_up_like_the_lesson_step_is_named_unblocked(measurements):
    queued, _ = measurements
    queued.append(_band(10.0, 400.0))

    def measure_speedup(step, *args):
        return 30.5 if getattr(step, "jaxtour_control", False) else 37.25

    feedback = checks.check("08.speedup", measure_speedup)
    assert feedback.mistake == "control-not-blocked", feedback.text()


@pytest.mark.parametrize(
    ("answer", "mistake"),
    [(5e-5, "seconds-not-ratio"), (1 / 37.0, "below-one"), (0.3, "below-one")],
)
def test_answers_below_one_are_named(measurements, answer, mistake):
    queued, _ = measurements
    queued.append(_band(10.0, 400.0))
    assert checks.check("08.speedup", returns(answer)).mistake == mistake


# --- a percentage where the ratio was asked ------------------------------------------


def _seen(seen_low: float, seen_high: float, age_s: float = 0.0) -> SpeedupBand:
    """A measurement that saw ratios from ``seen_low`` to ``seen_high``."""
    return _band(seen_low / lesson08.MARGIN_LOW, seen_high * lesson08.MARGIN_HIGH, age_s)


@pytest.mark.parametrize(
    "percentage",
    [
        lambda ratio: 100 * (1 - 1 / ratio),  # % of the time saved
        lambda ratio: 1 - 1 / ratio,  # the same, as a fraction
        lambda ratio: 100 * (ratio - 1),  # % faster
    ],
    ids=["percent-saved", "fraction-saved", "percent-faster"],
)
def test_a_percentage_of_the_checkers_own_measurement_is_named(measurements, percentage):
    queued, _ = measurements
    queued.append(_seen(30.0, 60.0))
    typical = lesson08.speedup_band().typical
    feedback = checks.check("08.speedup", returns(percentage(typical)))
    assert feedback.status == "incorrect"
    assert feedback.mistake == "percentage"
    assert "percentage" in feedback.message and "not a ratio" in feedback.message


@pytest.mark.parametrize("slip", [1e3, 1e6], ids=["ms-over-s", "us-over-s"])
def test_a_unit_slip_is_not_taken_for_percent_faster(measurements, slip):
    """A ratio 1000 times too big reads as "% faster" of a ratio 10 times too big as
    well; the unit slip is the likelier cause, and its message is the one given."""
    queued, _ = measurements
    queued.append(_seen(30.0, 600.0))
    feedback = checks.check("08.speedup", returns(45.2537123 * slip))
    assert feedback.mistake == "thousand-times-off", feedback.text()
    assert "different units" in feedback.message


@pytest.mark.parametrize(
    ("scale", "mistake"),
    [
        (1e6, "thousand-times-off"),  # eager in µs over jit in s
        (10.0, "loop-total"),  # the eager time a loop's total over 10 calls
        (0.1, "loop-total"),  # the jit time's total over 10 calls, or its compile inside
        # 100 times the ratio reads as "% faster" too (100 * (ratio - 1)): "percentage"
    ],
)
def test_a_unit_slip_and_a_loop_total_are_named_each_for_what_it_is(measurements, scale, mistake):
    queued, _ = measurements
    queued.append(_seen(35.0, 45.0))
    typical = lesson08.speedup_band().typical
    feedback = checks.check("08.speedup", returns(typical * scale))
    assert feedback.mistake == mistake, feedback.text()
    assert "upside down" not in feedback.message
    if mistake == "loop-total":  # too small by 10 is also a compile inside the jit time
        assert "first call" in feedback.message


@pytest.mark.parametrize(
    "scale",
    [
        1e-3,  # eager in ms over jit in µs, or a jit loop of 1000 calls
        1e-2,  # the jit time a loop's total over 100 calls
    ],
)
def test_a_figure_below_one_gets_every_cause_a_number_cannot_tell_apart(measurements, scale):
    """Under 1, a loop total or a unit slip in the jit time gives the same number as a
    compile inside it or a ratio upside down: below-one names them all, and no single
    cause is asserted (round 3: a mean with the compile inside was told "a loop's
    total")."""
    queued, _ = measurements
    queued.append(_seen(35.0, 45.0))
    typical = lesson08.speedup_band().typical
    feedback = checks.check("08.speedup", returns(typical * scale))
    assert feedback.mistake == "below-one", feedback.text()
    for cause in ("upside down", "first call", "loop's total", "units"):
        assert cause in feedback.message


def test_a_ratio_upside_down_is_not_taken_for_a_unit_slip(measurements):
    """Near a speed-up of 31.6, 1 / ratio and ratio / 1000 coincide: the upside-down
    reading (below-one, which lists it) is given, not a unit slip."""
    queued, _ = measurements
    queued.append(_seen(28.0, 36.0))
    typical = lesson08.speedup_band().typical
    assert checks.check("08.speedup", returns(1 / typical)).mistake == "below-one"


def test_a_percentage_saved_from_the_checkers_own_medians_is_named():
    """The stand-in machine (tests/stand_ins.py): a speed-up of about 40, so the time
    saved, about 97.5 %, is no plausible ratio there."""
    lesson08.forget_measurements()
    band = lesson08.speedup_band()
    feedback = checks.check("08.speedup", returns(100 * (1 - band.jit_s / band.eager_s)))
    assert feedback.mistake == "percentage", feedback.text()


@pytest.mark.parametrize("near_100", [95.25, 98.75])
def test_where_the_speed_up_is_near_100_a_percentage_saved_passes(measurements, near_100):
    """Where the machine's speed-up is near 100 the two readings coincide: 99 % saved is
    a speed-up of 100, and the number passes (a whole number would read as a loop count)."""
    queued, _ = measurements
    queued.append(_seen(80.0, 130.0))
    assert checks.check("08.speedup", returns(near_100)).status == "correct"


@pytest.mark.parametrize("honest", [8.5, 24.5, 30.25, 45.25, 59.75, 74.9, 95.5, 150.5, 350.5])
def test_an_honest_ratio_is_not_taken_for_a_percentage(measurements, honest):
    queued, _ = measurements
    queued.append(_seen(30.0, 60.0))
    assert checks.check("08.speedup", returns(honest)).status == "correct"


def test_the_price_an_honest_ratio_just_below_100_far_above_what_the_checker_saw(measurements):
    """The one place the two readings are told apart wrongly (see PERCENT_PAD): 97.5 would
    be an honest ratio 1.6 times the highest the checker saw, or 97.5 % of a speed-up of
    40 saved. It is read as the percentage; a fresh measurement decides, never an old one."""
    queued, _ = measurements
    queued.append(_seen(30.0, 60.0))
    assert checks.check("08.speedup", returns(97.5)).mistake == "percentage"
    assert checks.check("08.speedup", returns(95.5)).status == "correct"
    assert checks.check("08.speedup", returns(98.9)).status == "correct"


def test_a_percentage_is_refused_only_after_measuring_again(measurements):
    queued, calls = measurements
    lesson08._measured.append(_seen(30.0, 60.0, age_s=lesson08.RECHECK_AFTER_S + 5))
    queued.append(_seen(70.0, 120.0))  # now 97.8 is a plausible ratio too
    assert checks.check("08.speedup", returns(97.8)).status == "correct"
    assert calls["n"] == 1
    lesson08.forget_measurements()
    lesson08._measured.append(_seen(30.0, 60.0, age_s=lesson08.RECHECK_AFTER_S + 5))
    queued.append(_seen(35.0, 55.0))
    assert checks.check("08.speedup", returns(97.8)).mistake == "percentage"
    assert calls["n"] == 2


# --- on this machine's real clock ------------------------------------------------------


def _measure_speedup(step, *args, calls=20):
    """The exercise's solution: warmed up, every call blocked, eager over jitted."""

    def seconds_per_call(f):
        jax.block_until_ready(f(*args))
        start = time.perf_counter()
        for _ in range(calls):
            jax.block_until_ready(f(*args))
        return (time.perf_counter() - start) / calls

    return seconds_per_call(step) / seconds_per_call(jax.jit(step))


FORM_MISTAKES = ("a-number", "used-timing", "whole-number", "clock-before-ready")


def test_the_real_clock_path_measures_and_answers_without_error(real_speedup_timing):
    """The one real-timing test: the official solution, timed as a learner times it, and
    checked against the checker's real measurement of this machine. What the verdict is
    depends on how busy the machine is between the two measurements (a CI run at load 10
    once refused it as "10 or 100 times away"), so it is not asserted here: 20 rounds on a
    busy machine, side by side with a wrong answer, are in benchmarks/timing_verdicts.py.
    Asserted is what does not depend on the clock: the real measurement runs, its range
    is well formed around what it saw, and the answer gets a verdict, not an error."""
    band = lesson08.speedup_band()
    assert 1.0 <= band.low <= band.seen_low <= band.typical <= band.seen_high <= band.high
    assert band.eager_s > 0 and band.jit_s > 0
    feedback = checks.check("08.speedup", _measure_speedup)
    assert feedback.status in ("correct", "incorrect"), feedback.text()
    # On a loaded moment the figure may be refused for how far it is from the checker's;
    # never for what the answer's form or clock does, which the load cannot change.
    assert feedback.mistake not in FORM_MISTAKES, feedback.text()


# --- an unblocked clock, named for what it is on a busy machine (issue 35, session 46) ----


def _unblocked(step, *args):
    """Round 8's reader: warmed up, then one call timed per side, never waited for."""
    fast = jax.jit(step)
    fast(*args)
    step(*args)
    start = time.perf_counter()
    step(*args)
    eager = time.perf_counter() - start
    start = time.perf_counter()
    fast(*args)
    return eager / (time.perf_counter() - start)


@pytest.fixture
def busy_machine():
    """Two processes that burn a CPU each for the test (this machine's load plus two): the
    load that bent the verdict on an unblocked clock when it compared two figures."""
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


def test_an_unblocked_clock_is_named_whatever_the_load(measurements, busy_machine):
    """The verdict reads what the code did (no wait between a call and the clock read
    after it), not a figure or a readiness the load moves: the same answer, checked three
    times beside two burning CPUs, is named each time for both sides."""
    queued, _ = measurements
    queued.append(_band(1.0, 1e6))  # any figure is plausible: only the clock can refuse
    for _ in range(3):
        feedback = checks.check("08.speedup", _unblocked)
        assert feedback.mistake == "clock-before-ready", feedback.text()


def _paused_before_each_read(step, *args):
    """_unblocked, with the pause a loaded machine can put between a dispatch and the read
    made explicit: by each read the product is done, but nothing waited for it."""
    fast = jax.jit(step)
    fast(*args)
    step(*args)
    start = time.perf_counter()
    step(*args), step(*args)
    time.sleep(0.3)
    eager = time.perf_counter() - start
    jax.block_until_ready(fast(*args))
    start = time.perf_counter()
    fast(*args), fast(*args)
    time.sleep(0.3)
    return eager / (time.perf_counter() - start)


def test_a_result_finished_by_a_pause_was_still_not_waited_for():
    """Session 54: judged by readiness at the read, a dispatching thread paused for longer
    than the work found it done, and an unwaited side passed for waited (CI, twice in
    2026-12-07's runs). Without a wait between them, a call's result is early at the read
    after it, however long the pause."""
    lesson08._control_figures.clear()
    assert lesson08._structure(_paused_before_each_read) == "early"


def _timed_with(wait):
    """A solution that waits for each call's result with ``wait``."""

    def measure_speedup(step, *args):
        def per_call(f):
            wait(f(*args))
            start = time.perf_counter()
            for _ in range(4):
                wait(f(*args))
            return (time.perf_counter() - start) / 4

        return per_call(step) / per_call(jax.jit(step))

    return measure_speedup


def _poll(out):
    while not out[1].is_ready():
        pass


HONEST_WAITS = {
    "jax.block_until_ready(out)": jax.block_until_ready,
    "out[1].block_until_ready()": lambda out: out[1].block_until_ready(),
    "params' leaf .block_until_ready()": lambda out: out[0]["b"].block_until_ready(),
    "float(loss)": lambda out: float(out[1]),
    "loss.item()": lambda out: out[1].item(),
    "np.asarray(loss)": lambda out: __import__("numpy").asarray(out[1]),
    "jax.device_get(out)": jax.device_get,
    "a sum of the params, waited for": lambda out: jax.block_until_ready(
        sum(jax.numpy.sum(p) for p in out[0].values())
    ),
    "tree.map over the leaves": lambda out: jax.tree.map(lambda a: a.block_until_ready(), out),
    "is_ready polled": _poll,
}


@pytest.mark.parametrize("wait", HONEST_WAITS.values(), ids=HONEST_WAITS.keys())
def test_every_way_of_waiting_is_seen_as_a_wait(wait, busy_machine):
    """A wait the profile hook sees with its arrays, a method in C++ named on the line, a
    NumPy conversion, a wait for an array made from the results: each is a wait, on a
    busy machine too (the results are ready at the read because they were waited for)."""
    lesson08._control_figures.clear()
    assert lesson08._structure(_timed_with(wait)) is None


# --- round 16 (session 53): what the code did on the control step decides ------------------


def _median_of_single_calls(step, *args):
    """An honest method other than the checker's loop: medians of single blocked calls.
    Its figure for the lesson's step is fixed here, a near miss above the queued range."""
    fast = jax.jit(step)
    medians = []
    for f in (step, fast):
        jax.block_until_ready(f(*args))
        times = []
        for _ in range(7):
            start = time.perf_counter()
            jax.block_until_ready(f(*args))
            times.append(time.perf_counter() - start)
        medians.append(sorted(times)[3])
    figure = medians[0] / medians[1]
    return figure if getattr(step, "jaxtour_control", False) else 100.5


def _totals_of_unequal_loops(step, *args):
    """The same near miss, from the totals of 4 eager and 40 jitted calls."""
    fast = jax.jit(step)
    jax.block_until_ready(fast(*args)), jax.block_until_ready(step(*args))
    totals = []
    for f, calls in ((step, 4), (fast, 40)):
        start = time.perf_counter()
        for _ in range(calls):
            jax.block_until_ready(f(*args))
        totals.append(time.perf_counter() - start)
    figure = totals[0] / totals[1]
    return figure if getattr(step, "jaxtour_control", False) else 100.5


def test_a_near_miss_timed_honestly_on_the_control_step_is_accepted(measurements):
    """A figure above the range but within NEAR_MISS of it passes when the control step
    shows an honest timing (warm, several calls a side, each waited for, the figure its
    per-call times give); the same figure from unequal loops' totals is refused and named.
    What is asserted is read from the calls and clock reads, not from a duration."""
    queued, _ = measurements
    queued.extend(_band(5.0, 50.0) for _ in range(6))
    assert checks.check("08.speedup", _median_of_single_calls).passed
    feedback = checks.check("08.speedup", _totals_of_unequal_loops)
    assert feedback.mistake == "loop-totals", feedback.text()


def _eager_cold_loop(calls: int, rounds: int = 1):
    """jit warmed up, the eager side not: ``rounds`` timed loops of ``calls`` blocked eager
    calls each (the first holds the first eager call), the figure from the fastest round."""

    def measure_speedup(step, *args):
        fast = jax.jit(step)
        jax.block_until_ready(fast(*args))
        best = []
        for f in (step, fast):
            times = []
            for _ in range(rounds):
                start = time.perf_counter()
                for _ in range(calls):
                    jax.block_until_ready(f(*args))
                times.append((time.perf_counter() - start) / calls)
            best.append(min(times))
        return best[0] / best[1]

    return measure_speedup


def test_a_cold_first_eager_call_is_named_only_where_it_weighs_in_the_figure():
    """Timed among a few calls, the first eager call (its operations compiled, in a fresh
    session) is a slip; spread over lesson08.COLD_SPREAD calls or more, or in the first of
    several equal rounds whose best is taken (timeit.repeat), it is not (round 17: three
    such right answers were refused). Read from the calls and clock reads alone."""
    from jaxtour.exercises import lesson08

    assert lesson08._structure(_eager_cold_loop(5)) == "eager-first-timed"
    assert lesson08._structure(_eager_cold_loop(lesson08.COLD_SPREAD)) != "eager-first-timed"
    assert lesson08._structure(_eager_cold_loop(5, rounds=3)) != "eager-first-timed"
