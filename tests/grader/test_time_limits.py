"""Learner code runs under a time limit, and the kernel stays usable afterwards."""

from __future__ import annotations

import threading
import time

import jax.numpy as jnp
import pytest

from jaxtour import checks
from jaxtour.grader import limits
from jaxtour.grader.judge import judge
from jaxtour.grader.rules import SameFunction
from jaxtour.grader.spec import Exercise, Mistake

# Runaway answers that would give up on their own after RUNAWAY_S, long after any limit a
# test sets, and then return a wrong answer. So a limit that works gives "timeout", and
# one that does not gives "incorrect" (never a hung test): the verdict says which, and
# no test reads a clock to decide.
RUNAWAY_S = 120.0


def _spin(x):
    give_up = time.monotonic() + RUNAWAY_S
    while time.monotonic() < give_up:
        pass
    return x


def _sleep(x):
    time.sleep(RUNAWAY_S)
    return x


def _stubborn(x):
    give_up = time.monotonic() + RUNAWAY_S
    while time.monotonic() < give_up:
        try:
            time.sleep(1)
        except Exception:  # a learner's blanket except must not defeat the limit
            pass
    return x


@pytest.mark.parametrize("answer", [_spin, _sleep, _stubborn], ids=["loop", "sleep", "except"])
def test_runaway_code_is_stopped_by_the_limit(answer, short_time_limit):
    feedback = checks.check("01.center", answer)
    assert feedback.status == "timeout", feedback.text()
    assert f"longer than {short_time_limit:g} s" in feedback.message
    assert checks.check(
        "01.center", lambda x: x - jnp.mean(x, axis=-1, keepdims=True)
    ).passed  # still works after


def test_an_exercise_can_declare_its_own_limit():
    exercise = Exercise(
        id="99.slow",
        title="slow",
        reference=lambda: lambda x: x,
        rule=SameFunction(inputs=lambda: [(1.0,)]),
        hints=("h1", "h2"),
        solution="slow = lambda x: x",
        mistakes=(Mistake(id="negated", message="negated", example=lambda: lambda x: -x),),
        time_limit_s=0.3,
    )
    feedback = judge(exercise, _spin)
    assert feedback.status == "timeout"
    assert "longer than 0.3 s" in feedback.message


def test_the_global_limit_is_configurable_and_validated():
    before = limits.default_time_limit()
    try:
        checks.set_time_limit(3)
        assert limits.default_time_limit() == 3.0
        with pytest.raises(ValueError):
            checks.set_time_limit(0)
    finally:
        checks.set_time_limit(before)


def test_outside_the_main_thread_checks_run_without_a_limit():
    results = {}

    def worker():
        results["available"] = limits.limits_available()
        results["feedback"] = checks.check(
            "01.center", lambda x: x - jnp.mean(x, axis=-1, keepdims=True)
        )

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join(30)
    assert results["available"] is False
    assert results["feedback"].passed


def test_a_real_kernel_survives_a_timeout():
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3")
    try:
        reply = client.execute_interactive(
            "from jaxtour import checks\n"
            "import jax.numpy as jnp\n"
            "assert checks.check('01.center', lambda x: x - jnp.mean(x, axis=-1, keepdims=True)).passed\n"
            "checks.set_time_limit(1)\n"
            "def center(x):\n    while True: pass\n"
            "status = checks.check('01.center', center).status",
            timeout=120,
        )
        assert reply["content"]["status"] == "ok"
        outputs = []
        client.execute_interactive(
            "print(status, 1 + 1)",
            timeout=120,
            output_hook=lambda msg: outputs.append(msg["content"].get("text", "")),
        )
        assert "timeout 2" in "".join(outputs)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
