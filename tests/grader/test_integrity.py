"""Answers are read by their exact built-in types; the modules the grader reads stay pristine.

Sneaky answers of each kind (a subclass whose methods lie or act, a value that rebinds
a module when it is used), then right and wrong answers to every exercise are judged as
if the sneaky ones had never run.
"""

from __future__ import annotations

import builtins
import functools
import math
import operator
import subprocess
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from jaxtour import checks
from jaxtour.exercises import all_exercises
from jaxtour.grader.mistakes import reads_code_only
from jaxtour.grader.rules import SameFunction
from tests import verdicts
from tests.helpers import ROOT, TEST_XLA_FLAGS, kernel_env

IDS = checks.list_exercises()


class LyingDict(dict):
    def items(self):
        return [("w", jnp.zeros(3))]

    def __iter__(self):
        return iter(["w"])

    def keys(self):
        return ["w"]


class ClockFloat(float):
    def __float__(self):
        time.perf_counter = lambda: 0.0
        return 4.0

    def __eq__(self, other):
        return True

    __hash__ = float.__hash__


class LyingTuple(tuple):
    def __iter__(self):
        return iter([jnp.zeros(3)])

    def __len__(self):
        return 1


class LyingList(list):
    def __iter__(self):
        math.isclose = lambda *args, **kwargs: True
        return iter([1.0])


class LyingArray(np.ndarray):
    def __array__(self, dtype=None, copy=None):
        np.allclose = lambda *args, **kwargs: True
        return np.array([1.0, 2.0, 3.0], dtype=np.float32)

    def __eq__(self, other):
        return np.ones(np.shape(other), bool)


class FakeJaxArray(jax.Array):
    shape = (3,)
    dtype = jnp.float32

    def __array__(self, dtype=None, copy=None):
        return np.array([1.0, 2.0, 3.0], dtype=np.float32)


def rebinds_every_guarded_module(x):
    for module, name in [
        (time, "perf_counter"),
        (math, "isclose"),
        (builtins, "abs"),
        (np, "isclose"),
        (np.linalg, "norm"),
        (np.random, "default_rng"),
        (jax, "jit"),
        (jnp, "mean"),
        (jax.lax, "add"),
        (jax.tree, "map"),
        (jax.tree_util, "tree_flatten"),
        (jax.random, "key"),
    ]:
        setattr(module, name, lambda *args, **kwargs: 0)
    return x - x.mean(axis=-1, keepdims=True)


def lying_array():
    return np.zeros(3, dtype=np.float32).view(LyingArray)


SNEAKY = {
    "lying-dict": ("00.first_array", lambda: LyingDict(w=1)),
    "clock-float": ("00.first_array", lambda: ClockFloat(1.0)),
    "lying-tuple": ("00.first_array", lambda: LyingTuple((1, 2))),
    "lying-list": ("00.first_array", lambda: LyingList([9, 9])),
    "lying-ndarray": ("00.first_array", lying_array),
    "fake-jax-array": ("00.first_array", lambda: FakeJaxArray()),
    "rebinds-modules": ("01.center", lambda: rebinds_every_guarded_module),
    "returns-lying-dict": ("04.sgd_step", lambda: lambda *args: LyingDict(layers=[])),
}


def _guarded_state():
    return {
        (m.__name__, n): getattr(m, n)
        for m in (time, math, builtins, np, np.linalg, np.random, jax, jnp)
        for n in dir(m)
        if not n.startswith("_")
    }


@pytest.mark.parametrize("kind", sorted(SNEAKY))
def test_a_sneaky_answer_is_never_accepted_and_changes_nothing(kind):
    exercise_id, make = SNEAKY[kind]
    before = _guarded_state()
    feedback = checks.check(exercise_id, make())
    assert not feedback.passed, feedback.text()
    assert "bug in jaxtour" not in feedback.message
    assert _guarded_state() == before


def test_a_check_that_rebinds_a_module_is_refused_by_name():
    feedback = checks.check("01.center", rebinds_every_guarded_module)
    assert feedback.status == "error"
    assert "refused" in feedback.message
    assert "jax.numpy.mean" in feedback.message or "more" in feedback.message


def _rebinds(module, name):
    def answer(x):
        setattr(module, name, lambda *args, **kwargs: 0)
        return x - x.mean(axis=-1, keepdims=True)

    return answer


@pytest.mark.parametrize(
    ("module", "name"),
    [
        (functools, "reduce"),
        (functools, "partial"),
        (functools, "lru_cache"),
        (operator, "add"),
        (operator, "itemgetter"),
        (operator, "index"),
        (jax.nn, "relu"),
        (jax.nn, "softmax"),
        (jax.nn, "one_hot"),
    ],
    ids=lambda value: getattr(value, "__name__", value),
)
def test_jax_nn_operator_and_functools_are_guarded(module, name):
    """A check that rebinds a member of these modules is refused by that name, and the
    module is as it was afterwards; the next check judges with the real function."""
    original = getattr(module, name)
    feedback = checks.check("01.center", _rebinds(module, name))
    assert feedback.status == "error", feedback.text()
    assert "refused" in feedback.message
    assert f"{module.__name__}.{name}" in feedback.message
    assert getattr(module, name) is original
    assert checks.check("01.center", checks._reference("01.center")).passed


def test_a_notebook_rebinding_of_operator_is_set_aside_for_the_check():
    original = operator.add
    try:
        operator.add = lambda *args: 0  # the notebook's own, before the check
        assert checks.check("01.center", checks._reference("01.center")).passed
        assert not checks.check("01.center", lambda x: x).passed
        assert operator.add(2, 3) == 0  # left in place for the learner
    finally:
        operator.add = original


def test_subclasses_are_read_by_their_exact_types():
    from jaxtour.grader.plain import plain

    assert plain(LyingDict(w=1, b=2)) == {"w": 1, "b": 2}
    assert type(plain(ClockFloat(2.5))) is float and plain(ClockFloat(2.5)) == 2.5
    assert plain(LyingTuple((1, 2))) == (1, 2)
    assert plain(LyingList([1, 2])) == [1, 2]
    assert type(plain(lying_array())) is np.ndarray
    assert checks.check("00.first_array", LyingTuple(())).status == "incorrect"


def run_every_sneaky_answer():
    for exercise_id, make in SNEAKY.values():
        checks.check(exercise_id, make())


@pytest.fixture(scope="module")
def after_every_sneaky_answer():
    run_every_sneaky_answer()


@pytest.mark.parametrize("exercise_id", IDS)
def test_every_reference_is_still_right_after_the_sneaky_answers(exercise_id):
    """tests/verdicts.py runs every sneaky answer in this process before it judges the
    first exercise, and judges each reference once, for this test and test_exercises."""
    feedback = verdicts.judged(exercise_id).reference
    assert verdicts._sneaky_ran
    assert feedback.passed, feedback.text()


@pytest.mark.parametrize(
    ("exercise_id", "wrong"),
    [
        ("00.first_array", jnp.array([9.0, 9.0, 9.0])),
        ("00.first_array", jnp.arange(1.0, 5.0)),
        ("01.center", lambda x: x),
        ("02.which_dispatch", "Z"),
    ],
)
def test_known_wrong_answers_stay_wrong_after_the_sneaky_answers(
    after_every_sneaky_answer, exercise_id, wrong
):
    assert not checks.check(exercise_id, wrong).passed


POISONED_BEFORE_THE_FIRST_CHECK = """
import sys
from jaxtour import checks
assert "jax" not in sys.modules     # so the snapshot comes from the import hook
import jax, jax.numpy as jnp, numpy as np
jnp.mean = lambda *a, **k: 0.0      # rebound in the notebook before any check
jnp.allclose = lambda *a, **k: True
np.isclose = lambda *a, **k: True
jax.tree.map = lambda *a, **k: None
assert "jax" in sys.modules
# The measured verdicts judge against fixed timings, as in every test (tests/conftest.py):
# a real roofline and speed-up measured here cost 1.5 s of CPU and prove nothing of this.
from jaxtour.exercises import lesson08, lesson15
from tests import stand_ins
lesson08.measure_band = stand_ins.speedup_band
roof = stand_ins.roofline()
lesson15.device_roofline = lambda: roof
bad = [i for i in checks.list_exercises()
       if not checks.check(i, checks._reference(i)).passed]
assert not bad, bad
assert not checks.check("01.center", lambda x: x).passed
assert not checks.check("00.first_array", jnp.array([9.0, 9.0, 9.0])).passed
assert jnp.mean(1) == 0.0           # the learner's own rebinding is left in place
print("ok")
"""


def test_references_are_built_with_pristine_modules_when_jax_was_poisoned_first():
    eight_devices = "--xla_force_host_platform_device_count=8"  # lesson 10's checks need 8
    run = subprocess.run(
        [sys.executable, "-c", POISONED_BEFORE_THE_FIRST_CHECK],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,  # where `tests` is importable
        # The run's compile cache (tests.helpers.kernel_env): programs the workers compiled
        # for the same references are read back, not compiled again (a key is the program).
        # Compiled as the workers compile (TEST_XLA_FLAGS): 37 s of the suite's slowest tests.
        env={
            **kernel_env(),
            "XLA_FLAGS": f"{eight_devices} {TEST_XLA_FLAGS}",
            "JAX_PLATFORMS": "cpu",
        },
    )
    assert run.stdout.strip().endswith("ok"), run.stderr[-3000:]


def test_jitted_is_the_wrapper_jax_made_not_an_attribute_an_answer_sets():
    """A plain function given a ``.lower`` (what jax.jit's wrapper has) is still not
    jitted; a function that makes a jax.jit inside on each call is not jitted either; the
    reference, jitted, is."""
    from jaxtour.exercises import exercise
    from jaxtour.grader.rules import is_jitted

    def step(w, grad, t, clip):
        if clip == "value":
            grad = jnp.clip(grad, -1.0, 1.0)
        elif clip == "norm":
            grad = grad * jnp.minimum(1.0, 1.0 / jnp.linalg.norm(grad))
        return w - jnp.minimum(1.0, (t + 1) / 4) * grad

    step.lower = lambda *args: None  # what the old check looked for

    def jits_inside(w, grad, t, clip):
        return jax.jit(step, static_argnames="clip")(w, grad, t, clip)

    reference = exercise("07.stale_global").reference()
    assert is_jitted(reference)
    for answer in (step, jits_inside):
        assert not is_jitted(answer)
        feedback = checks.check("07.stale_global", answer)
        assert feedback.mistake == "not-jitted", feedback.text()
        assert ".lower" not in feedback.message


# Every exercise whose answer is a function compared case by case with the reference.
CASE_BY_CASE = [e for e in all_exercises().values() if isinstance(e.rule, SameFunction)]


def _poison():
    """What an answer's call can do to the functions the grader computes with, and to
    JAX's configuration (x64 on: float64 outputs where the check began in float32)."""
    jax.config.update("jax_enable_x64", True)
    for module, name in [
        (jnp, "mean"),
        (jnp, "sum"),
        (jnp, "where"),
        (jnp, "zeros"),
        (np, "mean"),
        (np, "sum"),
        (jax.lax, "add"),
        (jax.nn, "relu"),
        (operator, "add"),
        (functools, "reduce"),
        (jax, "grad"),
        (jax, "vmap"),
        (jax.tree, "map"),
    ]:
        setattr(module, name, lambda *args, **kwargs: 0)


def _poisons_after(function):
    # The poison is the test's, not the answer's code: bound as a default, where the
    # grader does not look for the answer's loops (its loop would be a Python loop
    # in the answer, which 11.scan_ema refuses before running it).
    def answer(*args, _then=_poison, **kwargs):
        try:
            return function(*args, **kwargs)
        finally:
            _then()

    return answer


def check_poisoned(exercise) -> list:
    """The reference and a declared mistake's example, each poisoning the grader after it
    ran (``_poisons_after``): their two verdicts."""
    wrong = next(  # one the answer's code alone does not show: the answer must run
        m.example()
        for m in exercise.mistakes
        if callable(m.example()) and not reads_code_only(m.matches)
    )
    given = []
    for answer in (exercise.reference(), wrong):
        try:
            given.append(checks.check(exercise.id, _poisons_after(answer)))
        finally:
            jax.config.update("jax_enable_x64", False)
    return given


@pytest.mark.parametrize("exercise", CASE_BY_CASE, ids=lambda e: e.id)
def test_what_the_grader_computes_after_the_answer_ran_is_the_grader_s_own(exercise):
    """The reference's and the mistakes' outputs are computed when first needed, which can
    be in the middle of a check, after the answer ran and rebound what they use or
    switched x64 on. From a cold cache, an answer that does both on its first call (once
    right, once a declared mistake) is refused by name; then the reference passes and
    every declared mistake is named: nothing the grader kept was computed with the
    answer's functions or configuration. (tests/verdicts.py does it all once per process,
    before the verdicts tests/content/test_exercises.py reads: ``check_poisoned`` from a
    cold cache of outputs, then the reference and every mistake's example.)"""
    judged = verdicts.judged(exercise.id)
    assert judged.poisoned is not None and len(judged.poisoned) == 2
    for feedback in judged.poisoned:
        assert feedback.status == "error", feedback.text()
        assert "refused" in feedback.message and "jax.numpy.mean" in feedback.message
    assert judged.reference.passed, judged.reference.text()
    for mistake in exercise.mistakes:
        named = judged.mistakes[mistake.id].english
        assert named.mistake == mistake.id, named.text()


def _step_that_keeps_t_in_a_nonlocal():
    """07.stale_global's step, right values, that stores its traced t in a variable of
    the enclosing function, and reads another that is assigned only after it is made
    (``ValueError: Cell is empty`` for whoever reads its closure before then)."""
    from jaxtour.exercises.lesson07 import _step

    last_t = None

    def step(w, grad, t, clip):
        nonlocal last_t
        last_t = t  # the traced t, kept past its trace
        if clip is None:
            return schedule
        return _step(w, grad, t, clip)

    jitted = jax.jit(step, static_argnames="clip")
    return jitted
    schedule = None  # noqa: F841 - never reached: the cell stays empty


def test_a_leaked_tracer_is_named_whatever_else_keeps_the_answer_alive():
    """Issue 35, family 4: 07.stale_global's ``leaked-tracer`` verdict read the leak
    checker's message, and JAX builds that message by walking up whatever refers to the
    leaked tracer, reading each function's closure: where that walk failed (an empty
    cell on the way), the answer was "correct". What is on the way depends on what else
    is alive (tests/verdicts.py's docstring: all the examples kept alive until every
    English check had run changed the verdict)."""
    exercise = all_exercises()["07.stale_global"]
    feedback = checks.check(exercise.id, _step_that_keeps_t_in_a_nonlocal())
    assert feedback.mistake == "leaked-tracer", feedback.text()
    assert checks.check(exercise.id, checks._reference(exercise.id)).passed
