"""What a time limit counts, what it says when it stops a check, and the gaps it closes.

The limit counts the learner's own time: compiling (as JAX reports it) is not, up to a
ceiling on the wall time. A stopped check says what was slow: a Python loop (and its
line), compiling on every call, or one call Python cannot interrupt. Limits nest (an
answer that checks itself keeps the outer deadline), and the placeholder test runs under
the limit too. As in test_time_limits.py, every runaway answer gives up on its own long
after the limit and then returns a wrong value, so the verdict says whether the limit
acted; no test reads a clock.
"""

from __future__ import annotations

import time

import jax
import jax.numpy as jnp
import pytest
from jax import lax

from jaxtour import checks
from jaxtour.grader import judge as judge_module
from jaxtour.grader import limits
from jaxtour.grader.judge import judge
from jaxtour.grader.rules import SameFunction
from jaxtour.grader.spec import Exercise, Mistake

RUNAWAY_S = 120.0
BACKEND_COMPILE = "/jax/core/compile/backend_compile_duration"


def _exercise(time_limit_s: float, cases: int = 6) -> Exercise:
    """A cumulative sum, checked on ``cases`` inputs of different lengths."""
    return Exercise(
        id="99.running_total",
        title="running total",
        reference=lambda: jnp.cumsum,
        rule=SameFunction(
            inputs=lambda: [(jnp.arange(n, dtype=jnp.float32),) for n in range(3, 3 + cases)]
        ),
        hints=("h1", "h2"),
        solution="running_total = jnp.cumsum",
        mistakes=(Mistake(id="negated", message="negated", example=lambda: lambda x: -x),),
        time_limit_s=time_limit_s,
    )


# --- compiling is not the learner's own time -----------------------------------------------


def _scan_made_each_call(xs):
    """Right, and compiles on every call: lax.scan, unjitted, of a body made anew."""

    def step(total, x):
        total = total + x
        return total, total

    _, totals = lax.scan(step, jnp.zeros((), xs.dtype), xs)
    return totals


def _reports_compiling(xs):
    """Right; each call spends 0.2 s that JAX reports as compiling (as a compile does)."""
    time.sleep(0.2)
    jax.monitoring.record_event_duration_secs(BACKEND_COMPILE, 0.2)
    return jnp.cumsum(xs)


def test_a_right_answer_reported_compiling_on_every_call_is_not_stopped():
    # 6 calls, 1.2 s reported as compiling, against a limit of 0.3 s: only the learner's
    # own time counts.
    feedback = judge(_exercise(time_limit_s=0.3), _reports_compiling)
    assert feedback.status == "correct", feedback.text()


def test_an_unjitted_scan_is_not_stopped_for_compiling_on_every_call():
    # 12 calls, each compiling a new scan (about 0.2 s each on a 2-core machine; tracing
    # and running it, the learner's own time, a tenth of that), against 1.5 s.
    feedback = judge(_exercise(time_limit_s=1.5, cases=12), _scan_made_each_call)
    assert feedback.status == "correct", feedback.text()


def _compiles_forever(xs):
    give_up = time.monotonic() + RUNAWAY_S
    while time.monotonic() < give_up:
        time.sleep(0.05)
        jax.monitoring.record_event_duration_secs(BACKEND_COMPILE, 0.05)
    return xs


def test_compiling_without_end_is_stopped_at_the_ceiling_and_named(monkeypatch):
    # A wall-time ceiling of 1.5 s, reached while the answer's own time (Python between
    # its 0.05 s "compiles") stays far below its 1 s limit.
    monkeypatch.setattr(limits, "ceiling", lambda seconds: seconds + 0.5)
    feedback = judge(_exercise(time_limit_s=1.0), _compiles_forever)
    assert feedback.status == "timeout", feedback.text()
    assert feedback.mistake == "compiles-every-call"


# --- what a stopped check says ---------------------------------------------------------


def _loops_without_end(xs):
    give_up = time.monotonic() + RUNAWAY_S
    total = 0
    while time.monotonic() < give_up:
        total += 1
    return xs


def test_a_python_loop_is_named_with_its_line():
    feedback = judge(_exercise(time_limit_s=0.3), _loops_without_end)
    assert feedback.status == "timeout", feedback.text()
    assert feedback.mistake == "slow-python"
    assert "_loops_without_end" in feedback.message  # where it was stopped


def _one_long_builtin(xs):
    sum(range(10**8))  # one C call: SIGALRM's handler waits for it to return
    return -xs


def test_a_call_python_cannot_interrupt_is_said_to_have_run_past_the_limit():
    feedback = judge(_exercise(time_limit_s=0.1), _one_long_builtin)
    assert feedback.status == "timeout", feedback.text()
    assert feedback.mistake == "uninterruptible"


# --- nested limits and the placeholder test ----------------------------------------------


def _spin(x):
    give_up = time.monotonic() + RUNAWAY_S
    while time.monotonic() < give_up:
        pass
    return x


def _checks_itself_then_spins(xs):
    checks.check(
        "01.center", lambda x: x - jnp.mean(x, axis=-1, keepdims=True)
    )  # a whole check, and its limit
    return _spin(-xs)


def _checks_a_runaway(xs):
    checks.check("01.center", _spin)  # the inner limit is long; the outer one is not
    return -xs


@pytest.mark.parametrize(
    "answer", [_checks_itself_then_spins, _checks_a_runaway], ids=["after", "during"]
)
def test_a_check_inside_a_check_keeps_the_outer_deadline(answer):
    before = limits.default_time_limit()
    checks.set_time_limit(RUNAWAY_S * 2)  # the inner check's own limit: never reached
    try:
        feedback = judge(_exercise(time_limit_s=0.5), answer)
    finally:
        checks.set_time_limit(before)
    assert feedback.status == "timeout", feedback.text()
    assert checks.check(
        "01.center", lambda x: x - jnp.mean(x, axis=-1, keepdims=True)
    ).passed  # still works after


def test_the_placeholder_test_runs_under_the_limit(monkeypatch):
    def slow_placeholder_test(answer):
        _spin(answer)
        return False

    monkeypatch.setattr(judge_module, "is_placeholder", slow_placeholder_test)
    feedback = judge(_exercise(time_limit_s=0.3), jnp.cumsum)
    assert feedback.status == "timeout", feedback.text()


class _EndlessAttributes:
    def __getattr__(self, name):
        return _spin(self)


def test_an_answer_with_endless_attributes_gets_a_verdict():
    feedback = checks.check("01.center", _EndlessAttributes())
    assert feedback.status in ("incorrect", "timeout"), feedback.text()
