"""Test fixtures. Shared helpers (paths, notebooks) are in tests/helpers.py; the
environment every run gets (CPU only, no progress recorded) is set in ../conftest.py.

No test depends on how fast the machine is: 08.speedup's measurement is a stand-in for
the whole session (tests/stand_ins.py) unless a test asks for ``real_speedup_timing``, and
so are the device's roofs that 15.bound and 15.estimate judge against."""

from __future__ import annotations

import functools
import signal
import threading
from pathlib import Path

import pytest

from tests import stand_ins
from tests.helpers import LESSON_NOTEBOOKS


def pytest_configure(config):
    """15.bound and 15.estimate judge against stand-in roofs (tests/stand_ins.py) from the
    start: test modules ask for their references while they are collected."""
    from jaxtour.exercises import lesson15

    roof = stand_ins.roofline()
    lesson15.device_roofline = lambda: roof


@pytest.fixture(scope="session", autouse=True)
def stand_in_speedup_timing():
    """08.speedup judges against stand-in timings (tests/stand_ins.py), session-wide, so
    module-scoped fixtures that check answers see them too."""
    from jaxtour.exercises import lesson08

    real = lesson08.measure_band
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lesson08, "measure_band", stand_ins.speedup_band)
        lesson08.forget_measurements()
        yield real  # the real measure_band, for real_speedup_timing
    lesson08.forget_measurements()


@pytest.fixture
def real_speedup_timing(monkeypatch, stand_in_speedup_timing):
    """The checker measures this machine for real, for the length of one test."""
    from jaxtour.exercises import lesson08

    monkeypatch.setattr(lesson08, "measure_band", stand_in_speedup_timing)
    lesson08.forget_measurements()
    yield
    lesson08.forget_measurements()


def _sigint() -> tuple[object, bool]:
    """SIGINT's handler in this process, and whether this thread blocks it."""
    return (
        signal.getsignal(signal.SIGINT),
        signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, ()),
    )


@pytest.fixture(autouse=True)
def sigint_left_as_found():
    """A test that changes SIGINT (the stop button's signal: its handler, or blocks it) and
    does not put it back fails, and it is put back: a later test in the same worker that
    presses the stop button would see no KeyboardInterrupt, failing a test that did not
    leak it (tests/hosts/conftest.py says how a run's workers can start with it ignored)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    found = _sigint()
    yield
    left = _sigint()
    if left != found:
        if found[0] is not None:
            signal.signal(signal.SIGINT, found[0])
        how = signal.SIG_BLOCK if found[1] else signal.SIG_UNBLOCK
        signal.pthread_sigmask(how, {signal.SIGINT})
        pytest.fail(
            f"this test left SIGINT's handler {left[0]!r}, blocked {left[1]} (it found "
            f"{found[0]!r}, blocked {found[1]}): a later test in this process that presses "
            "the stop button would see no KeyboardInterrupt",
            pytrace=False,
        )


@pytest.fixture(params=LESSON_NOTEBOOKS, ids=lambda p: p.stem)
def lesson(request) -> Path:
    return request.param


@pytest.fixture
def short_time_limit():
    """Checks stop after 0.5 s for the length of one test."""
    from jaxtour.grader import limits

    before = limits.default_time_limit()
    limits.set_time_limit(0.5)
    yield 0.5
    limits.set_time_limit(before)


@pytest.fixture
def corpus_time_limit():
    """Checks with the corpus's wall-clock limit (tests/verdicts.py TIME_LIMIT_S) for the
    length of one test: for answers that are slow on purpose (every trace clearing JAX's
    caches), whose 10 s default judged the machine's load (07.static_window timed out in a
    fresh-clone run at a load of 7 on 2 cores, 2026-12-07)."""
    from jaxtour.grader import limits
    from tests import verdicts

    before = limits.default_time_limit()
    limits.set_time_limit(verdicts.TIME_LIMIT_S)
    yield verdicts.TIME_LIMIT_S
    limits.set_time_limit(before)


@functools.cache
def _lesson14_functions_run_together() -> None:
    """Every function the tests give 14.global_mean (the reference, the mistakes' examples,
    the realistic wrong answers), run in one launch of 2 JAX processes instead of one
    launch each: the rule then finds each one's run made, as on a learner's second Check."""
    from jaxtour.exercises import all_exercises, lesson14
    from tests.content.wrong_answers.lesson14 import WRONG_ANSWERS

    exercise = all_exercises()["14.global_mean"]
    answers = [exercise.reference()] + [mistake.example() for mistake in exercise.mistakes]
    answers += [wrong.answer() for wrong in WRONG_ANSWERS if wrong.exercise_id == exercise.id]
    lesson14.run_in_processes(answers)


@pytest.fixture(scope="module", autouse=True)
def lesson14_runs_for_the_corpus(request):
    """test_wrong_answers checks the whole corpus in a module-scoped fixture."""
    if request.module.__name__.endswith("test_wrong_answers"):
        _lesson14_functions_run_together()


@pytest.fixture(autouse=True)
def lesson14_runs_for_its_tests(request):
    if "14.global_mean" in request.node.nodeid:
        _lesson14_functions_run_together()
