"""Whatever a learner passes, check() answers with short feedback and never raises."""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jaxtour import checks
from jaxtour.grader.feedback import STATUSES, Feedback

EXERCISE_IDS = checks.list_exercises()
ANSWERS_IN_TOTAL = 10_000
MAX_LINES = 15


class RaisingEq:
    def __eq__(self, other):
        raise RuntimeError("__eq__ says no")

    __hash__ = object.__hash__


class RaisingArray:
    def __array__(self, *args, **kwargs):
        raise RuntimeError("__array__ says no")


class RaisingLen(list):
    def __len__(self):
        raise RuntimeError("__len__ says no")


class RaisingBool:
    def __bool__(self):
        raise RuntimeError("__bool__ says no")


class RaisingRepr:
    def __repr__(self):
        raise RuntimeError("__repr__ says no")


def _leaked_tracer():
    leaked = []
    jax.jit(lambda x: leaked.append(x) or x)(1.0)
    return leaked[0]


def _generator():
    yield from range(10)


ODD_ANSWERS = {
    "None": lambda: None,
    "string": lambda: "jnp.arange(10)",
    "int": lambda: -42,  # negative: 42 would be a plausible jit speed-up (08.speedup)
    "float": lambda: 3.5,
    "function-for-a-value": lambda: lambda x: x,
    "generator": _generator,
    "raising-eq": RaisingEq,
    "raising-array": RaisingArray,
    "raising-len": lambda: RaisingLen([1, 2]),
    "raising-bool": RaisingBool,
    "raising-repr": RaisingRepr,
    "list-of-arrays": lambda: [jnp.array(1.0), jnp.array(2.0), jnp.array(3.0)],
    "nan-and-inf": lambda: jnp.array([1.0, jnp.nan, jnp.inf]),
    "complex": lambda: jnp.arange(10) + 0j,
    "bool": lambda: jnp.arange(10) > 4,
    "leaked-tracer": _leaked_tracer,
    "function-returning-a-tuple": lambda: lambda x: (x, x),
    "function-returning-a-dict": lambda: lambda x: {"centered": x},
    "function-returning-a-generator": lambda: lambda x: (v for v in x),
    "function-raising": lambda: lambda x: 1 / 0,
}


def _assert_good_feedback(feedback):
    assert isinstance(feedback, Feedback)
    assert feedback.status in STATUSES
    assert len(feedback.message.splitlines()) <= MAX_LINES
    assert feedback.text() and feedback._repr_html_()


@pytest.mark.parametrize("kind", list(ODD_ANSWERS))
@pytest.mark.parametrize("exercise_id", EXERCISE_IDS)
def test_odd_answer_gets_feedback(exercise_id, kind, capfd):
    feedback = checks.check(exercise_id, ODD_ANSWERS[kind]())
    _assert_good_feedback(feedback)
    assert feedback.status in ("incorrect", "error")
    assert capfd.readouterr().err == ""


def test_specific_messages_for_specific_oddities():
    nan = checks.check("00.first_array", jnp.array([1.0, jnp.nan, jnp.inf]))
    assert nan.message == (
        "It has 1 NaN and 1 Inf where finite values were expected, the first at index (1,)."
    )
    assert "tracer" in checks.check("00.first_array", _leaked_tracer()).message
    # two pieces end to end (not the rows of a 2-D array), said without the code that joins
    pieces = checks.check("00.first_array", [jnp.array([1.0]), jnp.array([2.0, 3.0])]).message
    assert "end to end" in pieces and "rows" not in pieces and "jnp." not in pieces
    first_array = checks.reference_answer("00.first_array")
    assert "dtype complex64" in checks.check("00.first_array", first_array * 1j).message
    assert "dtype bool" in checks.check("00.first_array", first_array > 1).message
    assert "generator" in checks.check("00.first_array", _generator()).message
    tuple_out = checks.check("01.center", ODD_ANSWERS["function-returning-a-tuple"]())
    assert "tuple of 2 items" in tuple_out.message


def test_a_100_megabyte_array_gets_short_feedback_everywhere():
    """How fast is a benchmark (benchmarks/run.py, feedback latency), not a test: each
    check has the corpus's wall-clock limit (at a load of 15 on 2 cores, the 10 s default
    timed out 01.default_dtype, 2026-12-06)."""
    from jaxtour.grader import limits
    from tests.verdicts import TIME_LIMIT_S

    big = np.zeros(25_000_000, dtype=np.float32)  # 100 MB
    before = limits.default_time_limit()
    limits.set_time_limit(TIME_LIMIT_S)
    try:
        for answer in (big, jnp.asarray(big)):
            for exercise_id in EXERCISE_IDS:
                feedback = checks.check(exercise_id, answer)
                _assert_good_feedback(feedback)
                assert feedback.status != "timeout", feedback.text()
    finally:
        limits.set_time_limit(before)


# --- property-based: thousands of generated answers ---------------------------------

ARRAY_DTYPES = [np.bool_, np.int8, np.int32, np.int64, np.uint8, np.float16, np.float32]
ARRAY_DTYPES += [np.float64, np.complex64, np.complex128, "datetime64[s]", "U3", object]
JAX_DTYPES = [np.bool_, np.int8, np.int32, np.uint8, np.float16, np.float32, np.complex64]
SPECIALS = [None, np.nan, np.inf, -np.inf, 0.0, -0.0]


def _make_array(dtype, shape, seed, special):
    """A seeded random array, sometimes with a NaN, an Inf or a signed zero planted in it."""
    rng = np.random.default_rng(seed)
    values = rng.normal(scale=1e3, size=shape)
    if special is not None and values.size and np.dtype(dtype).kind in "fc":
        values.flat[seed % values.size] = special
    try:
        return values.astype(dtype)
    except (TypeError, ValueError):
        return np.full(shape, "x", dtype=object)


shapes = st.lists(st.integers(0, 6), max_size=3).map(tuple)
seeds = st.integers(0, 2**16)
numpy_arrays = st.builds(
    _make_array, st.sampled_from(ARRAY_DTYPES), shapes, seeds, st.sampled_from(SPECIALS)
)
# Putting an array on the device costs milliseconds, more than most checks, so the jax
# arrays come from a pool made once: every dtype, shape and planted special value.
JAX_SHAPES = [(), (0,), (1,), (3,), (4,), (10,), (2, 3), (3, 4), (1, 1, 5)]
JAX_POOL = [
    jnp.asarray(_make_array(dtype, shape, seed, special))
    for seed, (dtype, shape, special) in enumerate(
        (d, sh, sp) for d in JAX_DTYPES for sh in JAX_SHAPES for sp in (None, np.nan, np.inf)
    )
]
jax_arrays = st.sampled_from(JAX_POOL)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.complex_numbers(),
    st.text(max_size=12),
    st.binary(max_size=8),
    st.sampled_from([RaisingEq, RaisingArray, RaisingBool, RaisingRepr]).map(lambda cls: cls()),
    st.just(Ellipsis),
)
values = st.recursive(
    st.one_of(scalars, numpy_arrays, jax_arrays),
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.tuples(children, children),
        st.dictionaries(st.text(max_size=4), children, max_size=3),
    ),
    max_leaves=6,
)


def _function_returning(value):
    return lambda *args: value


def _function_raising(kind):
    def broken(*args):
        raise kind("raised on purpose")

    return broken


functions = st.one_of(
    values.map(_function_returning),
    st.sampled_from([ValueError, TypeError, KeyError, ZeroDivisionError]).map(_function_raising),
)


class Fresh:
    """One generated answer, given afresh to each exercise: an iterator is made again for
    each (the first check would have used it up); any other answer is the same object."""

    def __init__(self, answer, iterate=False):
        self.answer, self.iterate = answer, iterate

    def __call__(self):
        return iter(self.answer) if self.iterate else self.answer

    def __repr__(self):  # the falsifying example hypothesis prints
        try:
            shown = repr(self.answer)
        except Exception:  # RaisingRepr, or a container holding one
            shown = f"<{type(self.answer).__name__} whose repr raises>"
        return f"iter({shown})" if self.iterate else shown


def _same(answer):
    return Fresh(answer)


def _iterator(xs):
    return Fresh(xs, iterate=True)


# Each drawn once for every exercise of a lesson.
odd_answers = st.one_of(
    values.map(_same), functions.map(_same), st.lists(st.integers()).map(_iterator)
)

PER_EXERCISE = math.ceil(ANSWERS_IN_TOTAL / len(EXERCISE_IDS))
BY_LESSON = {
    lesson: [i for i in EXERCISE_IDS if i[:2] == lesson]
    for lesson in sorted({exercise_id[:2] for exercise_id in EXERCISE_IDS})
}


@pytest.mark.parametrize("lesson", list(BY_LESSON), ids=lambda n: f"{n}.every_exercise")
def test_generated_answers_never_raise(lesson):
    """PER_EXERCISE generated answers per exercise (ten thousand in all), each answered.
    Each answer is drawn once and given to every exercise of the lesson: drawing it cost a
    quarter of this test's CPU (2026-12-06, lessons 01 and 04: 14.0 s, 4.2 s of it
    outside the checks) when each exercise drew its own."""
    tried = []

    @settings(
        max_examples=PER_EXERCISE,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(answer=odd_answers)
    def answered(answer):
        tried.append(1)
        for exercise_id in BY_LESSON[lesson]:
            _assert_good_feedback(checks.check(exercise_id, answer()))

    answered()
    assert len(tried) >= PER_EXERCISE


def test_fix_aux_order_takes_an_aux_with_more_keys_than_the_two_it_names():
    """05.fix_aux_order asks that both parts stay logged under their keys: a third key
    beside them is still a right answer; a part missing or changed is not."""

    def parts(x, y):
        return jnp.mean((x - y) ** 2), 0.1 * jnp.sum(x**2)

    def extra_total(x, y):
        mse, penalty = parts(x, y)
        return mse + penalty, {"mse": mse, "penalty": penalty, "total": mse + penalty}

    def penalty_missing(x, y):
        mse, penalty = parts(x, y)
        return mse + penalty, {"mse": mse, "total": mse + penalty}

    assert checks.check("05.fix_aux_order", extra_total).status == "correct"
    assert checks.check("05.fix_aux_order", penalty_missing).status != "correct"
