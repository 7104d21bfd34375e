"""An interrupt stops a check and says so; a session that gets in the way is named.

Neither is "a bug in jaxtour": that sentence is kept for failures nothing in the
session explains.
"""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import threading
import time

import jax.numpy as jnp
import numpy as np
import pytest

from jaxtour import checks
from jaxtour.grader.judge import INTERRUPTED_MESSAGE

BUG = "bug in jaxtour"


def interrupted_by_keyboard(*args):
    raise KeyboardInterrupt


SIGNALLED = """
import signal
from jaxtour import checks

# As in a kernel running a cell (ipykernel handles SIGINT while it executes one), whatever
# the test worker this process inherited its signal state from.
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

def interrupted_by_signal(x):
    signal.raise_signal(signal.SIGINT)  # what Jupyter's stop button sends
    return x

feedback = checks.check("01.center", interrupted_by_signal)
print(feedback.status)
print(feedback.message.splitlines()[0])
print(checks.check("01.center", checks._reference("01.center")).status)
"""


class InterruptedArray:
    def __array__(self, dtype=None, copy=None):
        raise KeyboardInterrupt


@pytest.mark.parametrize(
    ("exercise_id", "answer"),
    [
        ("01.center", interrupted_by_keyboard),
        ("06.scale_column", interrupted_by_keyboard),
        ("00.first_array", InterruptedArray()),
    ],
)
def test_an_interrupt_stops_the_check_and_says_so(exercise_id, answer):
    feedback = checks.check(exercise_id, answer)
    if isinstance(answer, InterruptedArray) and feedback.status == "incorrect":
        return  # read without calling __array__: nothing to interrupt
    assert feedback.status == "error"
    assert feedback.message.startswith(INTERRUPTED_MESSAGE)
    assert BUG not in feedback.message
    assert checks.check("01.center", checks._reference("01.center")).passed


def test_show_displays_the_interruption_then_lets_it_stop_the_cell(capsys):
    with pytest.raises(KeyboardInterrupt):
        checks.show("01.center", lambda: interrupted_by_keyboard)
    assert "Checking was interrupted" in capsys.readouterr().out
    checks.show("01.center", lambda: checks._reference("01.center"))  # fine again


# Answers that reach the whole process: builtins rebound while they run, the streams
# closed. Run in their own process: in a test worker they break the worker's own
# threads (xdist's channel reader reads with the rebound ``len`` and ``isinstance``,
# takes the channel for closed and, five seconds later, interrupts the worker
# mid-test), which is the answer's doing, not the grader's.
WHOLE_PROCESS = """
import builtins, sys
from jaxtour import checks

def patches_isinstance(x):
    builtins.isinstance = lambda *args: False
    return x - x.mean(axis=-1, keepdims=True)

def patches_issubclass_and_len(x):
    builtins.issubclass = lambda *args: True
    builtins.len = lambda *args: 0
    return x - x.mean(axis=-1, keepdims=True)

def closes_stdout(x):
    sys.stdout.close()
    return x - x.mean(axis=-1, keepdims=True)

def closes_the_real_stdout_too(x):
    print("bye")
    sys.stdout.close()
    sys.stderr.close()
    return x * 0

builtin = (builtins.isinstance, builtins.issubclass, builtins.len)
stdout, stderr = sys.stdout, sys.stderr
for answer in (patches_isinstance, patches_issubclass_and_len):
    feedback = checks.check("01.center", answer)
    put_back = (builtins.isinstance, builtins.issubclass, builtins.len) == builtin
    named = "builtins." in feedback.message
    print(answer.__name__, feedback.status, put_back, named, "bug in jaxtour" in feedback.message)
for answer in (closes_stdout, closes_the_real_stdout_too):
    feedback = checks.check("01.center", answer)
    intact = (sys.stdout, sys.stderr) == (stdout, stderr) and not sys.stdout.closed
    print(answer.__name__, feedback.status, intact, "bug in jaxtour" in feedback.message)
print("after", checks.check("01.center", checks._reference("01.center")).status)
"""


def test_whole_process_answers_are_put_back_and_a_real_sigint_stops_the_check():
    """In a process of their own (one for both: a Python that imports JAX and checks
    01.center the first time costs 2-3 s of CPU): answers that reach the whole process are
    named and put back; then a real SIGINT, which must not reach a test worker's own
    machinery, stops the check and says so, and the next check is judged."""
    run = subprocess.run(
        [sys.executable, "-c", WHOLE_PROCESS + SIGNALLED],
        capture_output=True,
        text=True,
        timeout=300,
    )
    lines = run.stdout.splitlines()
    assert lines[-8:-3] == [
        "patches_isinstance error True True False",
        "patches_issubclass_and_len error True True False",
        "closes_stdout correct True False",
        "closes_the_real_stdout_too incorrect True False",
        "after correct",
    ], run.stdout + run.stderr[-2000:]
    status, first_line, after = lines[-3:]
    assert status == "error" and first_line.startswith(INTERRUPTED_MESSAGE), run.stdout
    assert BUG not in "\n".join(lines[-3:]) and after == "correct", run.stdout


@pytest.mark.parametrize("mode", ["raise", "call"])
def test_numpy_raising_on_warnings_is_named_when_it_stops_a_check(mode):
    wrong = [jnp.array([jnp.inf, jnp.inf, 1.0]), jnp.array([1e38, -1e38, 0.0] * 5)]
    with (
        np.errstate(all=mode, call=lambda *args: None) if mode == "call" else np.errstate(all=mode)
    ):
        for exercise_id in ["01.arange", "01.center", "00.first_array"]:
            assert checks.check(exercise_id, checks._reference(exercise_id)).passed
        for answer in wrong:
            feedback = checks.check("00.first_array", answer)
            assert not feedback.passed
            assert BUG not in feedback.message
            if feedback.status == "error":
                assert "np.seterr" in feedback.message


def test_a_real_grader_failure_still_says_so(monkeypatch):
    from jaxtour.grader import judge

    def broken(*args):
        raise RuntimeError("a bug in the grader")

    monkeypatch.setattr(judge, "_verdict", broken)
    feedback = checks.check("00.first_array", checks._reference("00.first_array"))
    assert BUG in feedback.message


def _center(x):
    return x - jnp.mean(x, axis=-1, keepdims=True)


def _stop_button(signum, frame):
    raise KeyboardInterrupt


def test_a_thread_an_answer_leaves_cannot_interrupt_a_later_check():
    """A Timer or thread started by an answer signalled the process in the middle of a
    later check, which said it was interrupted. The thread is stopped when its check
    ends, and that check is refused by name; the later one is judged."""
    go = threading.Event()
    started, stopped = [], []

    def interrupt_later():
        try:
            while not go.is_set():
                time.sleep(0.01)
            os.kill(os.getpid(), signal.SIGUSR1)
        except SystemExit:  # how the grader stops it: caught here, so pytest reports none
            stopped.append(threading.current_thread())

    def leaves_a_thread(x):
        started.append(threading.Thread(target=interrupt_later, daemon=True))
        started[-1].start()
        return _center(x)

    def slow_but_right(x):
        go.set()
        time.sleep(0.5)  # the thread, were it alive, would signal now
        return _center(x)

    handler = signal.signal(signal.SIGUSR1, _stop_button)  # as a stop button would act
    try:
        feedback = checks.check("01.center", leaves_a_thread)
        assert feedback.status == "error" and "threading.Thread()" in feedback.message
        for thread in started:
            thread.join(5)
        assert started and set(stopped) == set(started)  # each stopped at its next step
        later = checks.check("01.center", slow_but_right)
        assert later.status == "correct", later.message
    finally:
        signal.signal(signal.SIGUSR1, signal.SIG_IGN)  # threads left alive signal now
        go.set()
        time.sleep(0.2)
        signal.signal(signal.SIGUSR1, handler)


def _judging() -> bool:
    """Whether the grader is judging an answer (its verdict, in the answer's world)."""
    frame = sys._getframe()
    while frame is not None:
        if frame.f_code.co_name == "_verdict" and "grader" in frame.f_code.co_filename:
            return True
        frame = frame.f_back
    return False


def test_an_answer_s_garbage_is_finalized_between_checks_never_in_one():
    """An object with ``__del__`` (or a ``weakref.finalize``) that an answer left as
    garbage ran whenever the collector next collected: inside a later check, where what
    it did (rebind np.isclose) refused that check. The collector waits while the grader
    judges, so a finalizer runs after it (in the notebook's time, or as its check ends),
    and the next check sets aside what it did."""
    ran = []
    isclose = np.isclose

    class Leftover:
        def __del__(self):
            ran.append(_judging())
            np.isclose = lambda *args, **kwargs: np.True_

    def leaves_garbage(x):
        for _ in range(50):
            leftover = Leftover()
            leftover.me = leftover  # a cycle: only the collector frees it
        return _center(x)

    def makes_cycles(x):
        for _ in range(20_000):
            cycle = []
            cycle.append(cycle)
        return _center(x)

    try:
        assert checks.check("01.center", leaves_garbage).passed
        assert checks.check("01.center", makes_cycles).passed
        assert not checks.check("01.center", lambda x: x).passed
        assert checks.check("00.first_array", checks._reference("00.first_array")).passed
        gc.collect()
        assert ran and not any(ran), ran
    finally:
        np.isclose = isclose


def test_a_thread_older_than_the_check_is_left_alone_and_one_the_answer_starts_is_stopped():
    """A thread started with ``_thread`` (an xdist worker's channel reader is one) that
    first asks ``threading`` for its current thread during a check gets a stand-in
    (``_DummyThread``) there: it is not new, and stopping it (SystemExit in its loop)
    ended that worker's reading, so the worker quit in the middle of the run. A thread
    the answer starts with ``_thread`` is new, whatever ``threading`` lists: stopped and
    named."""
    import _thread

    running, ask, asked, stop = (threading.Event() for _ in range(4))
    seen = []

    def reader():  # runs before the check; asks for its thread only during it
        try:
            running.set()
            ask.wait(30)
            seen.append(threading.current_thread())
            asked.set()
            stop.wait(30)
            seen.append("alive")
        except SystemExit:
            seen.append("stopped")

    _thread.start_new_thread(reader, ())
    assert running.wait(30)  # running Python before the check starts, as a reader is

    def asks_the_reader(x):
        ask.set()
        asked.wait(30)
        return _center(x)

    try:
        feedback = checks.check("01.center", asks_the_reader)
        assert feedback.status == "correct", feedback.message
    finally:
        stop.set()
    deadline = time.monotonic() + 30
    while len(seen) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert seen[1:] == ["alive"]

    stopped = []

    def lingers():
        try:
            while True:
                time.sleep(0.01)
        except SystemExit:
            stopped.append(True)

    def starts_a_raw_thread(x):
        _thread.start_new_thread(lingers, ())
        return _center(x)

    feedback = checks.check("01.center", starts_a_raw_thread)
    assert feedback.status == "error" and "threading.Thread()" in feedback.message
    deadline = time.monotonic() + 30
    while not stopped and time.monotonic() < deadline:
        time.sleep(0.01)
    assert stopped
    assert checks.check("01.center", _center).status == "correct"
