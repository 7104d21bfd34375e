"""Whatever a learner passes, check() answers with short feedback and never raises."""

from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from jaxtour import checks
from jaxtour.grader.feedback import STATUSES, Feedback

EXERCISE_IDS = checks.list_exercises()
BY_LESSON = {
    lesson: [i for i in EXERCISE_IDS if i[:2] == lesson]
    for lesson in sorted({exercise_id[:2] for exercise_id in EXERCISE_IDS})
}
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


@pytest.mark.parametrize("lesson", list(BY_LESSON), ids=lambda n: f"{n}.every_exercise")
def test_odd_answer_gets_feedback(lesson, capfd):
    """Each odd answer, for each exercise of the lesson: short feedback, not a pass,
    nothing on stderr. One test a lesson: as 1,300 tests (one an exercise and answer),
    pytest's own work per test cost more CPU than the checks (CONTRIBUTING.md)."""
    failed = []
    for exercise_id in BY_LESSON[lesson]:
        for kind, make in ODD_ANSWERS.items():
            feedback = checks.check(exercise_id, make())
            err = capfd.readouterr().err
            try:
                _assert_good_feedback(feedback)
                assert feedback.status in ("incorrect", "error"), feedback.status
                assert err == "", err
            except AssertionError as error:
                failed.append(f"{exercise_id}, {kind}: {error}\n{feedback.text()}")
    assert not failed, "\n\n".join(failed)


def test_specific_messages_for_specific_oddities():
    nan = checks.check("00.first_array", jnp.array([1.0, jnp.nan, jnp.inf]))
    assert nan.message == (
        "It has 1 NaN and 1 Inf where finite values were expected, the first at index (1,)."
    )
    assert "tracer" in checks.check("00.first_array", _leaked_tracer()).message
    # two pieces end to end (not the rows of a 2-D array), said without the code that joins
    pieces = checks.check("00.first_array", [jnp.array([1.0]), jnp.array([2.0, 3.0])]).message
    assert "end to end" in pieces and "rows" not in pieces and "jnp." not in pieces
    first_array = checks._reference("00.first_array")
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


# --- generated answers: every family of odd value, given to every exercise -----------
#
# A fixed sample, built the same on every run. Each exercise gets every scalar kind bare;
# a numpy and a JAX array of each dtype, the shape and planted value taken in turn (the
# exercises together reach every dtype x shape x planted value of both lists); containers
# of those (empty, nested, a list of equal-shaped arrays); functions returning each family
# or raising each of four errors; iterators. test_the_sample_reaches_every_family holds
# that. Until 2026-12-06 hypothesis drew "ten thousand" answers: derandomized, it drew the
# same 154 answers in every lesson, 68 of them iterators over integers, none of them a bare
# array, no JAX array anywhere (CONTRIBUTING.md, "Tests that stay green and fast").

ARRAY_DTYPES = [np.bool_, np.int8, np.int32, np.int64, np.uint8, np.float16, np.float32]
ARRAY_DTYPES += [np.float64, np.complex64, np.complex128, "datetime64[s]", "U3", object]
ARRAY_SHAPES = [(), (0,), (5,), (2, 3), (1, 2, 3)]
JAX_DTYPES = [np.bool_, np.int8, np.int32, np.uint8, np.float16, np.float32, np.complex64]
JAX_SHAPES = [(), (0,), (1,), (3,), (4,), (10,), (2, 3), (3, 4), (1, 1, 5)]
PLANTED = [np.nan, np.inf, -np.inf, -0.0]  # in the float and complex arrays


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


# (dtype, shape, planted): every dtype at every rank, empty and scalar included; each
# float and complex dtype with each planted value
NUMPY_CASES = [
    (d, shape, special)
    for d in ARRAY_DTYPES
    for shape, special in [(s, None) for s in ARRAY_SHAPES]
    + [((4,), p) for p in PLANTED if np.dtype(d).kind in "fc"]
]
JAX_CASES = [
    (d, shape, special)
    for d in JAX_DTYPES
    for shape in JAX_SHAPES
    for special in (None, *PLANTED[:2])
]


@functools.cache
def _numpy_arrays() -> list:
    return [
        _make_array(d, shape, seed, special) for seed, (d, shape, special) in enumerate(NUMPY_CASES)
    ]


@functools.cache
def _jax_arrays() -> list:
    """Made when a test asks (putting an array on the device costs milliseconds; at import
    each of the four workers would pay it while collecting)."""
    return [
        jnp.asarray(_make_array(d, shape, seed, special))
        for seed, (d, shape, special) in enumerate(JAX_CASES)
    ]


SCALARS = [None, False, True, 0, 7, -(2**70), 3.5, math.nan, math.inf, -math.inf, -0.0]
SCALARS += [1 - 2j, "", "jnp.arange(10)", "ы\x00", b"", b"\x00\xff", Ellipsis]
RAISING = [RaisingEq, RaisingArray, RaisingBool, RaisingRepr]
ERRORS = [ValueError, TypeError, KeyError, ZeroDivisionError]


def _one_of_each_dtype(cases: list, index: int) -> list[int]:
    """Positions in ``cases`` of one case of each dtype, for the exercise at ``index``:
    each dtype's cases in turn (exercise 0 the first of each, exercise 1 the second, ...,
    shifted by one from dtype to dtype), so any run of as many exercises as a dtype has
    cases reaches them all."""
    groups: dict = {}
    for position, (dtype, _, _) in enumerate(cases):
        groups.setdefault(np.dtype(dtype), []).append(position)
    return [group[(index + j) % len(group)] for j, group in enumerate(groups.values())]


def _function_returning(value):
    return lambda *args: value


def _function_raising(kind):
    def broken(*args):
        raise kind("raised on purpose")

    return broken


# the same objects for every exercise, as a learner's function checked for one exercise
# and then another (the grader keeps what it made of a function while it is unchanged)
SHARED_FUNCTIONS = [_function_returning(None)] + [_function_raising(kind) for kind in ERRORS]


def generated_answers(index: int) -> list:
    """The odd answers given to the exercise at ``index`` of EXERCISE_IDS, made afresh
    (an iterator is used up by one check)."""
    numpy_arrays = [_numpy_arrays()[i] for i in _one_of_each_dtype(NUMPY_CASES, index)]
    jax_arrays = [_jax_arrays()[i] for i in _one_of_each_dtype(JAX_CASES, index)]
    # which of them go into containers and functions: another in turn for each exercise
    numpy_arrays = numpy_arrays[index % 13 :] + numpy_arrays[: index % 13]
    jax_arrays = jax_arrays[index % 7 :] + jax_arrays[: index % 7]
    scalar, other = SCALARS[index % len(SCALARS)], SCALARS[(index + 7) % len(SCALARS)]
    leaves = [*SCALARS, *(cls() for cls in RAISING), *numpy_arrays, *jax_arrays]
    containers = [
        [],
        (),
        {},
        [scalar, numpy_arrays[0], jax_arrays[0]],
        (jax_arrays[1], other),
        {"a": numpy_arrays[1], "": jax_arrays[2], "x": RAISING[index % 4]()},
        [{"k": (jax_arrays[3], None)}, [numpy_arrays[2]], ()],
        [jax_arrays[4], jax_arrays[4], jax_arrays[4]],  # pieces of equal shape
    ]
    returned = [scalar, numpy_arrays[3], jax_arrays[5], *containers[3:7], (None,)]
    returned += [(other, {"k": numpy_arrays[4]}), ({"": jax_arrays[6]}, 3.5), [-1.5, 2.0]]
    returned += [[{}, {"a": scalar}]]  # pairs (a value and its aux), two floats, dicts
    functions = [_function_returning(value) for value in returned] + SHARED_FUNCTIONS
    iterators = [iter([]), iter([index, -1, 2**40])]
    return leaves + containers + functions + iterators


@pytest.mark.parametrize("lesson", list(BY_LESSON), ids=lambda n: f"{n}.every_exercise")
def test_generated_answers_never_raise(lesson):
    """Each exercise of the lesson answers each of its generated answers with feedback."""
    for exercise_id in BY_LESSON[lesson]:
        for answer in generated_answers(EXERCISE_IDS.index(exercise_id)):
            try:
                _assert_good_feedback(checks.check(exercise_id, answer))
            except Exception as error:
                error.add_note(f"{exercise_id}, answer: {_shown(answer)}")
                raise


def test_the_sample_reaches_every_family():
    """Every exercise gets every scalar, raising object, container, function and iterator
    form, a numpy array of each dtype and a JAX array of each; the exercises together
    get every numpy and JAX case (dtype, shape, planted value)."""
    n = len(EXERCISE_IDS)
    for cases, dtypes in ((NUMPY_CASES, ARRAY_DTYPES), (JAX_CASES, JAX_DTYPES)):
        picks = [_one_of_each_dtype(cases, i) for i in range(n)]
        assert {case for pick in picks for case in pick} == set(range(len(cases)))
        for pick in picks:
            assert [np.dtype(cases[case][0]) for case in pick] == list(map(np.dtype, dtypes))
    kinds = {np.dtype(d).kind for d, _, _ in NUMPY_CASES}
    assert kinds == set("biufcMUO")
    assert {(np.dtype(d), s) for d, s, _ in NUMPY_CASES} >= {
        (np.dtype(d), s) for d in ARRAY_DTYPES for s in ARRAY_SHAPES
    }
    answers = generated_answers(0)
    assert all(a is b for a, b in zip(answers, SCALARS, strict=False))
    assert {type(a) for a in answers} >= {*RAISING, np.ndarray, list, tuple, dict}
    raised = set()
    for answer in answers:
        if callable(answer) and answer.__name__ == "broken":
            with pytest.raises(Exception) as error:
                answer()
            raised.add(type(error.value))
    assert raised == set(ERRORS)
    assert sum(type(a).__name__ == "list_iterator" for a in answers) == 2


def _shown(answer) -> str:
    try:
        return repr(answer)
    except Exception:  # RaisingRepr, or a container holding one
        return f"<{type(answer).__name__} whose repr raises>"


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
