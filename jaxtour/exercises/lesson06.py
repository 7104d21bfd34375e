"""Exercises for lessons/06_immutability_and_purity.ipynb: updated copies with .at[],
indices out of bounds, a 2-D update ported from the removed jax.ops API, and NumPy's
in-place loop ported to one .at[] call."""

from __future__ import annotations

import functools
import math
import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxtour.exercises.common import jax, jnp
from jaxtour.grader import pristine
from jaxtour.grader.mistakes import (
    behaves_like,
    call_or_none,
    deletes_input,
    equals_value,
    fails_with,
    ignores_arguments,
    ignores_one_argument,
    learner_functions,
    loops_in_python,
    mutates_input,
    only_strings,
    output_or_none,
    returns_none,
    runs_python_per_element,
)
from jaxtour.grader.rules import (
    Choice,
    SameFunction,
    cases_of_this_check,
    outputs_on,
)
from jaxtour.grader.spec import Exercise, Mistake, Variants
from jaxtour.lazy import is_jax_array, is_tracer

# --- 06.set_first -----------------------------------------------------------------------
# swap_ends(x): a function, checked on the grader's arrays and on arrays drawn afresh at
# every check, so that only the operation passes (a swapped array typed out cannot).


def _ends_inputs():
    """Unordered, odd- and even-sized, negative, float, 2-long and 1-long arrays: a swap of
    the ends differs from reversing, sorting or rotating each one, and on the 1-long one (its
    first element is its last) a swap assembled from pieces of x takes that element twice."""
    return [
        (jnp.array([7, 2, 9, 4, -1]),),
        (jnp.array([3.5, -2.0, 0.25, 8.0, 1.0, -6.5]),),
        (jnp.array([-4, 11]),),
        (jnp.array([5, 0, -3, 12, 6, 2, 9], dtype=jnp.int32),),
        (jnp.array([6]),),
        # A swap is exact: moved by adding differences, 1e8 + (0.1 - 1e8) is 0.0 in float32.
        (jnp.array([0.1, 3.0, 1e8], dtype=jnp.float32),),
        # An element between the ends equal to an end's value (round 19: a swap by value,
        # jnp.where(x == x[0], x[-1], ...), passed every input of distinct values); the
        # second and the second-to-last differ from both ends, so that a swap written at
        # index 1 or -2 still shows.
        (jnp.array([4, 1, 8, 4, 6, 0, 7], dtype=jnp.int32),),
    ]


_DRAWN = random.SystemRandom()  # never the learner's random state


_DRAWN_SIZES: list[int] = []  # the two lengths, drawn at the session's first check


def _drawn_ends():
    """Two arrays drawn at each check, of distinct values in a shuffled order: a typed-out
    answer or a lookup of the grader's own arrays meets a new one every time. Their lengths
    are drawn once a session: lengths drawn at each check made every warm check compile
    the answer's and the reference's operations again for a length not seen yet (4
    programs a check, until all twelve had been drawn), where new values need none."""
    if not _DRAWN_SIZES:
        _DRAWN_SIZES.extend((_DRAWN.randint(3, 9), _DRAWN.randint(10, 16)))
    cases = []
    for size in _DRAWN_SIZES:
        values = _DRAWN.sample(range(-50, 50), size)
        cases.append((jnp.array(values, dtype=jnp.int32),))
    return cases


def _swap_ends(x):
    return x.at[0].set(x[-1]).at[-1].set(x[0])


def _swapped_by_value(x):
    """Each end's value replaced wherever it occurs (round 19): right when no element between
    the ends equals an end."""
    return jnp.where(x == x[0], x[-1], jnp.where(x == x[-1], x[0], x))


@dataclass(frozen=True)
class OnDrawnToo:
    """``fixed`` on the grader's own cases (its mistakes read those), then the same
    comparison on cases drawn afresh at every check by ``drawn``."""

    fixed: SameFunction
    drawn: Callable[[], list[tuple[Any, ...]]]

    def __call__(self, answer: Any, expected: Any) -> str | None:
        problem = self.fixed(answer, expected)
        if problem is not None:
            return problem
        drawn = self.drawn()  # this check's own cases, judged by the same rule
        return SameFunction(inputs=lambda: drawn, output=self.fixed.output)(answer, expected)


def _swap_in_another_dtype(answer: Any) -> bool:
    """Round 18: the ends swapped, in a dtype x was cast to first (int32 "to be safe"),
    on every case, and on some case values the cast changed (a fraction dropped): the
    right numbers in floats, where x holds integers, are float-copy's."""
    if not callable(answer):
        return False
    cases = cases_of_this_check(_ends_inputs, _ends_inputs)
    lost = False
    for index, args in enumerate(cases):
        got = output_or_none(_ends_inputs, answer, index, args)
        if not is_jax_array(got) or got.shape != args[0].shape:
            return False
        swapped = _swap_ends(args[0])
        if not np.array_equal(np.asarray(got), np.asarray(swapped.astype(got.dtype))):
            return False
        values = np.asarray(got).astype(np.float64)
        lost = lost or not np.array_equal(values, np.asarray(swapped).astype(np.float64))
    return lost


def _swap_cast_to_int32(x):
    x = x.astype(jnp.int32)
    return x.at[0].set(x[-1]).at[-1].set(x[0])


def _swap_deleting_x(x):
    out = x.at[0].set(x[-1]).at[-1].set(x[0])
    if is_jax_array(x) and not is_tracer(x):
        x.delete()
    return out


def _unchanged(x):
    return x


def _forgot_return(x):
    y = _swap_ends(x)  # noqa: F841


def _both_ends_last(x):
    """The last element written from the updated array (or never written): x[-1] at
    both ends."""
    y = x.at[0].set(x[-1])
    return y.at[-1].set(y[0])


def _both_ends_first(x):
    """The mirror slip: the last end written first, then the first end read from it."""
    y = x.at[-1].set(x[0])
    return y.at[0].set(y[-1])


def _ends_added(x):
    """.add where .set was meant: each end becomes the sum of both ends."""
    return x.at[0].add(x[-1]).at[-1].add(x[0])


def _fifth_is_last(x):
    """Indices written for the lesson's 5-long x: 4 for the last element."""
    return x.at[0].set(x[4]).at[4].set(x[0])


def _fifth_and_sixth(x):
    """The last element read at 4 and written at 5 (one past it): the write is dropped."""
    return x.at[0].set(x[4]).at[5].set(x[0])


def _swapped_second_and_last(x):
    return x.at[1].set(x[-1]).at[-1].set(x[1])


def _middle_changed(answer) -> bool:
    """On every case, an array of x's shape in which an element between the ends changed,
    while an end holds the other end's value or the values are x's in another order: one
    update written at another index than 0 or -1 (an index counted from 1, or -2)."""
    if not callable(answer):
        return False
    for index, (x,) in enumerate(cases_of_this_check(_ends_inputs, _ends_inputs)):
        got = output_or_none(_ends_inputs, answer, index, (x,))
        if not (is_jax_array(got) or isinstance(got, np.ndarray)):
            return False
        got, x = np.asarray(got), np.asarray(x)
        if got.shape != x.shape or len(x) < 3 or np.array_equal(got[1:-1], x[1:-1]):
            if len(x) < 3 and got.shape == x.shape:
                continue  # no element between the ends: nothing to see here
            return False
        moved_end = got[0] == x[-1] or got[-1] == x[0]
        if not (moved_end or sorted(got.tolist()) == sorted(x.tolist())):
            return False
    return True


def _swapped_by_arithmetic(x):
    """The ends moved by adding their difference: exact on integers, rounded on floats."""
    difference = x[-1] - x[0]
    return x.at[0].add(difference).at[-1].add(-difference)


def _swap_rounded(answer) -> bool:
    """On every case, x's shape and dtype with the ends swapped up to the rounding of a sum
    at the larger end's scale (a few float ulps of it), and exact between them, and not
    exact on some case: the ends moved by arithmetic (a difference added, a sum taken
    apart), not by a write."""
    if not callable(answer):
        return False
    rounded = []

    def test(got, want):
        if not (is_jax_array(got) or isinstance(got, np.ndarray)) or got.dtype != want.dtype:
            return False
        got, want = np.asarray(got), np.asarray(want)
        if got.shape != want.shape or not np.array_equal(got[1:-1], want[1:-1]):
            return False
        if not np.issubdtype(want.dtype, np.floating):
            return np.array_equal(got, want)
        scale = np.max(np.abs(want[[0, -1]])) * np.finfo(want.dtype).eps * 4
        rounded.append(not np.array_equal(got, want))
        return bool(np.all(np.abs(got - want) <= scale))

    return _each_output(answer, test) and any(rounded)


def _each_output(answer, test) -> bool:
    """``test(output, right_output)`` holds on every one of the grader's cases."""
    if not callable(answer):
        return False
    cases = cases_of_this_check(_ends_inputs, _ends_inputs)
    for index, (args, want) in enumerate(
        zip(cases, outputs_on(_ends_inputs, _swap_ends), strict=True)
    ):
        if not test(output_or_none(_ends_inputs, answer, index, args), want):
            return False
    return True


def _pieces_joined(x):
    """The swap assembled from slices of x: the last element, the middle, the first. On a
    1-long x the first and the last are one element, taken twice."""
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])


def _one_long_doubled(answer) -> bool:
    """Right on every case longer than 1, and two elements back from the 1-long one."""

    def test(got, want):
        if not (is_jax_array(got) or isinstance(got, np.ndarray)):
            return False
        if np.shape(want) == (1,):
            return np.shape(got) == (2,)
        return equals_value(want)(got)

    return _each_output(answer, test)


def _numpy_result(answer) -> bool:
    return _each_output(
        answer, lambda got, want: isinstance(got, np.ndarray) and equals_value(want)(got)
    )


def _python_sequence(answer) -> bool:
    return _each_output(
        answer,
        lambda got, want: (
            isinstance(got, list | tuple)
            and not any(is_jax_array(item) for item in got)
            and equals_value(want)(got)
        ),
    )


def _right_array_in_tuple(answer) -> bool:
    """A tuple holding the right jax array: a trailing comma, or a second value after a
    comma."""
    return _each_output(
        answer,
        lambda got, want: (
            isinstance(got, tuple)
            and any(is_jax_array(item) and equals_value(want)(item) for item in got)
        ),
    )


def _float_where_int(answer) -> bool:
    """The right numbers, but floats where x holds integers (typed out, or converted)."""
    found = []

    def test(got, want):
        if not (is_jax_array(got) and equals_value(want)(got)):
            return False
        if np.asarray(want).dtype.kind in "iu":
            found.append(np.asarray(got).dtype.kind == "f")
        return True

    return _each_output(answer, test) and any(found)


def _is_index_ref(answer) -> bool:
    """``x.at[0]`` without a method, on every case: jax's _IndexUpdateRef, which only
    selects."""
    return _each_output(answer, lambda got, want: type(got).__name__ == "_IndexUpdateRef")


def _returns_a_function(answer) -> bool:
    """A method such as ``x.at[0].set`` returned uncalled, on every case."""
    return _each_output(answer, lambda got, want: callable(got))


# --- 06.out_of_bounds -------------------------------------------------------------------

OUT_OF_BOUNDS_OPTIONS = ("A", "B", "C", "D")
OUT_OF_BOUNDS_TEXTS = (
    "`Array([7, 2, 7])`: each write out of bounds is clamped to the last element, as the "
    "read above was",
    "`Array([7, 2, 3])`: each index is a write of its own; the one out of bounds is "
    "dropped, the other is made",
    "`Array([1, 2, 3])`: an index out of bounds drops the whole update, every index in it",
    "it raises `IndexError`: unlike a read, an update checks its indices",
)
_OUT_OF_BOUNDS = Choice(OUT_OF_BOUNDS_OPTIONS, texts=OUT_OF_BOUNDS_TEXTS)


def _says_index_error(answer) -> bool:
    """Option D however written, or the error's name written out."""
    return _OUT_OF_BOUNDS.read(answer) == "D" or (
        isinstance(answer, str) and "indexerror" in answer.lower()
    )


def _ran_it(answer) -> bool:
    """The result of x.at[jnp.array([0, 10])].set(7) (or the function) where a letter was
    asked; a letter in a tuple or list (a trailing comma, brackets) is the Choice rule's
    slip."""
    if isinstance(answer, tuple | list):
        return not only_strings(answer)
    return is_jax_array(answer) or isinstance(answer, np.ndarray) or callable(answer)


def _option_array(answer) -> bool:
    """The array option A or C shows (not B's, which running the update gives too), typed
    in as an array where its letter was asked (round 14: jnp.array([7, 2, 7]))."""
    if not (is_jax_array(answer) or isinstance(answer, np.ndarray)):
        return False
    got = np.asarray(answer)
    return got.shape == (3,) and any(np.array_equal(got, shown) for shown in ([7, 2, 7], [1, 2, 3]))


# --- 06.scale_column --------------------------------------------------------------------


def _negative_j_unchanged(m, j, factor):
    """Column j scaled for j >= 0, nothing for a negative j: a mask arange(n) == j, which
    no column number equals when j counts from the end."""
    return _scale_column(m, j, factor) if j >= 0 else m


def _column_as_slice(m, j, factor):
    """Round 18: column j as the slice j:j+1, rounded as asked: for j = -1 that is -1:0,
    which selects nothing, so the last column is never scaled."""
    return m.at[:, j : j + 1].set(_rounding()(m[:, j : j + 1] * factor).astype(m.dtype))


def _names_read(code) -> set[str]:
    """The names (globals and attributes) ``code`` and the code nested in it read."""
    names = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= _names_read(const)
    return names


def _updates_with_at(answer: Any) -> bool:
    """The answer's own code (or a function of the notebook's it calls) reads ``.at``."""
    return any("at" in _names_read(fn.__code__) for fn in learner_functions(answer))


def _update_not_kept(m, j, factor):
    m.at[:, j].set(jnp.floor(m[:, j] * factor).astype(m.dtype))
    return m


def _returns_m(answer: Any) -> bool:
    """m's values come back, whatever the dtype: nothing was multiplied."""
    return behaves_like(lambda m, j, factor: m, _matrix_inputs, whole=True)(answer)


def _matrix_inputs():
    """Count tables (int32) and fractional factors, positive and negative: each way of
    rounding (down, up, nearest) and the cast toward zero of an .at[] update on int32
    differ on some case; no product is a tie (x.5), and each is exact in float32."""
    i32 = jnp.int32
    return [
        (jnp.arange(6, dtype=i32).reshape(2, 3), 1, 0.75),
        (jnp.array([[3, 1], [5, 2], [7, 4]], dtype=i32), 0, -1.25),
        (jnp.arange(12, dtype=i32).reshape(3, 4), 1, 2.25),
        # a negative j counts from the end, as m[:, j] does (round 13: a mask arange == j
        # matched no column)
        (jnp.array([[2, 4, 7, 8], [1, 3, 5, 6]], dtype=i32), -2, 1.25),
        # factors that are no whole number of hundredths (round 16: int(factor * 100)
        # passed): 0.12 for 0.125 rounds 8 (floor) and 29 (round) otherwise, -0.12 for
        # -0.125 rounds 8 otherwise (ceil)
        (jnp.array([[8, 1], [29, 2], [3, 5]], dtype=i32), 0, 0.125),
        (jnp.array([[4, 8], [6, 5]], dtype=i32), 1, -0.125),
        # the last column as j = -1 (round 18: the slice j:j+1, which keeps a column 2-D, is
        # -1:0 there, empty, and no case had j = -1)
        (jnp.array([[1, 6, 3], [4, 2, 9]], dtype=i32), -1, -0.75),
    ]


def _hundredths(m, j, factor):
    """The factor cut to whole hundredths first: 0.125 becomes 0.12."""
    return m.at[:, j].set(_rounding()(m[:, j] * int(factor * 100) / 100).astype(m.dtype))


def _numpy_matrix_inputs():
    return [(np.arange(6.0).reshape(2, 3), 1, 10.0)]


# How column j's products become whole counts: the jnp function (hints, solution, the
# reference) and examples of it (the task's line; no product of the check's inputs).
_ROUNDINGS = {
    "floor": "2.7 → 2, -2.2 → -3",
    "ceil": "2.2 → 3, -2.7 → -2",
    "round": "2.7 → 3, 2.2 → 2, -2.7 → -3, -2.2 → -2",
}

COLUMN_VARIANTS = Variants(
    default={"fn": "floor", "sample": "2.7 → 2, -2.2 → -3"},  # a literal: the board reads it
    draw=lambda rng: (lambda fn: {"fn": fn, "sample": _ROUNDINGS[fn]})(
        rng.choice(("ceil", "round"))
    ),
    shown="scale_column rounds each product of column j like this: {sample}.",
)


def _rounding():
    """The learner's variant's jnp rounding function (variant 0: jnp.floor)."""
    return getattr(jnp, COLUMN_VARIANTS.current("06.scale_column")["fn"])


def _rounded_with(fn):
    """Column j scaled and rounded by ``fn``, the table kept int32."""

    def rounded(m, j, factor):
        return m.at[:, j].set(fn(m[:, j] * factor).astype(m.dtype))

    rounded.__name__ = rounded.__qualname__ = f"rounded_with_{fn.__name__}"
    return rounded


_ROUNDED = {fn: _rounded_with(getattr(jnp, fn)) for fn in _ROUNDINGS}


def _scale_column(m, j, factor):
    return _ROUNDED[COLUMN_VARIANTS.current("06.scale_column")["fn"]](m, j, factor)


def _float_products(m, j, factor):
    """The old task's answer: the table made float32, column j's products unrounded."""
    return m.astype(jnp.float32).at[:, j].multiply(factor)


def _products_in(dtype):
    def products(m, j, factor):
        return m.astype(dtype).at[:, j].multiply(factor)

    products.__name__ = products.__qualname__ = f"products_in_{jnp.dtype(dtype).name}"
    return products


# the old task's variants: float32, float16 and bfloat16 tables
_FLOAT_PRODUCTS = [
    behaves_like(_products_in(dtype), _matrix_inputs, whole=True)
    for dtype in (jnp.float32, jnp.float16, jnp.bfloat16)
]


def _float_rounded(m, j, factor):
    """The right counts, in a float32 table."""
    return _scale_column(m, j, factor).astype(jnp.float32)


def _other_rounding(answer) -> bool:
    """Column j rounded by another of the three ways (any dtype) than the variant's."""
    asked = COLUMN_VARIANTS.current("06.scale_column")["fn"]
    return any(
        behaves_like(_ROUNDED[fn], _matrix_inputs, whole=True)(answer)
        for fn in _ROUNDINGS
        if fn != asked
    )


def _whole_products_moved_by_one(m, j, factor):
    """The variant's rounding, but each product that is a whole number below zero moved down
    by one (round 19: a floor by hand, the cast toward zero minus 1 for every product below
    zero, takes -1 to -2)."""
    products = m[:, j] * factor
    moved = (products < 0) & (products == jnp.round(products))
    return m.at[:, j].set((_rounding()(products) - moved).astype(m.dtype))


def _whole_products_moved(answer) -> bool:
    """Right on every element but some of column j whose product is a whole number, each of
    those one away from it: a rounding by hand that moves the products it should leave."""
    moved = False
    for m, j, factor in _matrix_inputs():
        got = call_or_none(answer, m, j, factor)
        if got is None or np.shape(got) != m.shape:
            return False
        got = np.asarray(got, dtype=np.float64)
        expected = np.asarray(_scale_column(m, j, factor), dtype=np.float64)
        products = np.zeros(m.shape)
        products[:, j] = np.asarray(m, dtype=np.float64)[:, j] * factor
        off = got != expected
        if not off.any():
            continue
        whole = (products == np.round(products)) & (np.arange(m.shape[1]) == j % m.shape[1])
        if not (whole[off].all() and np.all(np.abs(got - expected)[off] == 1)):
            return False
        moved = True
    return moved


def _returns_floats(answer) -> bool:
    result = call_or_none(answer, *_matrix_inputs()[0])
    return hasattr(result, "dtype") and jnp.issubdtype(result.dtype, jnp.floating)


def _kept_int(m, j, factor):
    """m.at[:, j].multiply(factor) on an int32 table: the products cast back to int32
    (their fractions dropped), written without the FutureWarning JAX gives for it."""
    return m.at[:, j].set((m[:, j] * factor).astype(m.dtype))


def _on_floats(wrong):
    """``wrong`` run after m is converted to the float dtype asked (made once per slip)."""

    def on_floats(m, j, factor):
        return wrong(m.astype(jnp.float32), j, factor)

    on_floats.__name__ = on_floats.__qualname__ = f"{wrong.__name__}_on_floats"
    return on_floats


def _scale_row(m, j, factor):
    return m.at[j].multiply(factor)


def _scale_row_by_mask(m, j, factor):
    """Row j scaled through a mask arange(rows) == j, which no row equals for a negative j."""
    return _scale_row(m, j, factor) if j >= 0 else m


def _scale_all(m, j, factor):
    return m * factor


def _column_only(m, j, factor):
    return m[:, j] * factor


def _add_column(m, j, factor):
    return m.at[:, j].add(factor)


def _add_product(m, j, factor):
    """The product added to the column: column j times 1 + factor (round 13)."""
    return m.at[:, j].add(m[:, j] * factor)


def _set_column(m, j, factor):
    return m.at[:, j].set(factor)


def _transposed(m, j, factor):
    return m.T.at[j].multiply(factor)


def _scale_in_place(m, j, factor):
    m[:, j] *= factor
    return m


def _numpy_int_in_place(m, j, factor):
    out = np.array(m)
    out[:, j] *= factor
    return out


def _old_index_mul(m, j, factor):
    return jax.ops.index_mul(m, jax.ops.index[:, j], factor)


def _one_based_column(m, j, factor):
    return m.at[:, j - 1].multiply(factor)


def _fixed_column(m, j, factor):
    return _scale_column(m, 1, factor)


def _fixed_factor(m, j, factor):
    return _scale_column(m, j, 10.0)


def _column_variants():
    """One call, and the same call with j changed."""
    m = jnp.arange(12.0).reshape(3, 4)
    return [[(m, 0, 2.0), (m, 2, 2.0)], [(m, 1, 2.0), (m, 3, 2.0)]]


def _factor_variants():
    """One call, and the same call with factor changed."""
    m = jnp.arange(12.0).reshape(3, 4)
    return [[(m, 1, 2.0), (m, 1, -3.0)], [(m, 2, 0.5), (m, 2, 4.0)]]


def _divide_column(m, j, factor):
    return m.at[:, j].divide(factor)


def _power_column(m, j, factor):
    return m.at[:, j].power(factor)


def _ref_times_factor(m, j, factor):
    return m.at[:, j] * factor


def _no_return_column(m, j, factor):
    m.at[:, j].set(jnp.floor(m[:, j] * factor).astype(m.dtype))


def _row_into_column(m, j, factor):
    return m.astype(jnp.float32).at[:, j].set(m[j] * factor)


def _columns_from_j(m, j, factor):
    return m.at[:, j:].multiply(factor)


def _scaled_columns(answer, m, factor) -> set[int] | None:
    """The columns of ``answer`` that are m's times factor, if every other column is m's
    own (None if some column is neither)."""
    got, m = np.asarray(answer), np.asarray(m)
    if got.shape != m.shape:
        return None
    scaled = set()
    for column in range(m.shape[1]):
        product = m[:, column] * factor
        # .at[] on int32 cuts toward zero; floor, ceil or round: the task's roundings
        whole = [f(product) for f in (np.trunc, np.floor, np.ceil, np.round)]
        if np.allclose(got[:, column], m[:, column]):  # kept (a rounding may agree with it)
            continue
        if any(np.allclose(got[:, column], w) for w in [product, *whole]):
            scaled.add(column)
        else:
            return None
    return scaled


def _column_only_rounded(answer) -> bool:
    """Only column j comes back, its products rounded any of the ways (or cut toward
    zero), on every case: the table's other columns are missing."""
    if not callable(answer):
        return False
    for index, (m, j, factor) in enumerate(cases_of_this_check(_matrix_inputs, _matrix_inputs)):
        got = output_or_none(_matrix_inputs, answer, index, (m, j, factor))
        if not (is_jax_array(got) or isinstance(got, np.ndarray)):
            return False
        got, product = np.asarray(got), np.asarray(m)[:, j] * factor
        if got.shape != product.shape:
            return False
        ways = [f(product) for f in (np.trunc, np.floor, np.ceil, np.round)]
        if not any(np.allclose(got, way) for way in ways):
            return False
    return True


def _floor_divided_by_inverse(m, j, factor):
    """Column j floor-divided by 1 / factor: the product as a quotient, whose rounding puts
    a whole product (4 * 0.75 = 3) just under it in float32, floored one lower."""
    return m.at[:, j].set((m[:, j] // (1 / factor)).astype(m.dtype))


def _factor_made_whole(fn):
    def scaled(m, j, factor):
        return _scale_column(m, j, fn(factor))

    scaled.__name__ = scaled.__qualname__ = f"factor_{fn.__name__}"
    return scaled


# the factor made whole before the product: cut (int), floored, raised or rounded
_WHOLE_FACTORS = [
    _factor_made_whole(fn) for fn in (int, math.floor, math.ceil, lambda f: float(round(f)))
]


def _factor_rounded(answer) -> bool:
    return any(behaves_like(wrong, _matrix_inputs, whole=True)(answer) for wrong in _WHOLE_FACTORS)


def _same_values(result: Any, m: Any) -> bool:
    try:
        return np.shape(result) == m.shape and bool(np.array_equal(np.asarray(result), m))
    except Exception:
        return False


def _other_columns_scaled(answer) -> bool:
    """Column j and others beside it (a slice such as j: or :j+1), or another single
    column than j, multiplied by factor; the rest unchanged."""
    if not callable(answer):
        return False
    wrong = False
    for m, j, factor in _matrix_inputs():
        result = answer(m, j, factor)
        scaled = _scaled_columns(result, m, factor)
        if not scaled and j < 0 and _same_values(result, m):
            continue  # a slice with a negative j (:j + 1 is :0 for j = -1) selects nothing
        if not scaled:  # some column neither m's nor scaled, or none scaled
            return False
        # every column scaled is the whole matrix, unless another input shows otherwise
        wrong = wrong or (scaled != {j % m.shape[1]} and len(scaled) < m.shape[1])
    return wrong


_ON_FLOATS = {
    wrong: _on_floats(wrong)
    for wrong in (
        _scale_row,
        _column_only,
        _add_column,
        _add_product,
        _divide_column,
        _power_column,
        _set_column,
        _transposed,
        _one_based_column,
        _columns_from_j,
    )
}


def _quietly(wrong):
    """``wrong`` without the FutureWarning JAX gives for a float written into an int32
    array (the grader's own computation: a warning there is no warning of the answer's)."""

    def quiet(m, j, factor):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            return wrong(m, j, factor)

    quiet.__name__ = quiet.__qualname__ = f"{wrong.__name__}_quietly"
    return quiet


_QUIET = {wrong: _quietly(wrong) for wrong in _ON_FLOATS}
_ROW_BY_MASK = _on_floats(_scale_row_by_mask)


def _rounded_as_asked(wrong):
    """``wrong`` on floats, then rounded as the variant asks, the table int32 again: the
    slip made, and the rest of the task done right (round 18: the column divided by
    factor, or its rounded products added to it, then floored)."""

    def rounded(m, j, factor):
        return _rounding()(_ON_FLOATS[wrong](m, j, factor)).astype(m.dtype)

    rounded.__name__ = rounded.__qualname__ = f"{wrong.__name__}_rounded_as_asked"
    return rounded


_ROUNDED_SLIPS = {wrong: _rounded_as_asked(wrong) for wrong in _ON_FLOATS}


def _slip_on_table(wrong):
    """Behaves like ``wrong`` (any dtype), on m as given or converted to float first, or
    with its results rounded as the task asks."""
    raw = behaves_like(_QUIET[wrong], _matrix_inputs, whole=True)
    on_floats = behaves_like(_ON_FLOATS[wrong], _matrix_inputs, whole=True)
    rounded = behaves_like(_ROUNDED_SLIPS[wrong], _matrix_inputs, whole=True)
    return lambda answer: raw(answer) or on_floats(answer) or rounded(answer)


def _at_update_casts(answer) -> bool:
    """JAX warned, while the answer ran (plainly, on the first case), that an .at[] update
    casts floats into an integer table: the update itself cut the fractions."""
    functions = learner_functions(answer)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        call_or_none(functions[0] if functions else answer, *_matrix_inputs()[0])
    return any(
        issubclass(warning.category, FutureWarning) and "cannot safely cast" in str(warning.message)
        for warning in seen
    )


def _at_cast(m, j, factor):
    """The fractional products written into the int32 table by .at[] itself."""
    return m.at[:, j].multiply(factor)


# The example, quiet for the grader's display (its warning is no learner's); the probe
# above reads the function behind it (__wrapped__, as through jax.jit), which warns.
_QUIET_AT_CAST = _quietly(_at_cast)
_QUIET_AT_CAST.__wrapped__ = _at_cast


def _cut_by_trunc(m, j, factor):
    """The products cut toward zero by the answer's own trunc, then written."""
    return m.at[:, j].set(jnp.trunc(m[:, j] * factor).astype(m.dtype))


def _truncated(answer) -> bool:
    """The products of column j cut toward zero, as an .at[] update on int32 casts them,
    in any dtype (the variant's own rounding agrees with that cast on no check), where JAX
    warned of that cast; or JAX refusing it (a future release raises for it)."""
    if fails_with("TypeError", r"incompatible types|cannot safely cast", _matrix_inputs)(answer):
        return True
    return behaves_like(_kept_int, _matrix_inputs, whole=True)(answer) and _at_update_casts(answer)


def _every_column_scaled(answer) -> bool:
    """Every column multiplied by factor (rounded any of the ways, or not), on every case:
    the whole table scaled, whatever j is."""
    if not callable(answer):
        return False
    for index, (m, j, factor) in enumerate(cases_of_this_check(_matrix_inputs, _matrix_inputs)):
        got = output_or_none(_matrix_inputs, answer, index, (m, j, factor))
        if not (is_jax_array(got) or isinstance(got, np.ndarray)):
            return False
        got, m = np.asarray(got), np.asarray(m)
        if got.shape != m.shape:
            return False
        product = m * factor
        ways = [product, *(f(product) for f in (np.trunc, np.floor, np.ceil, np.round))]
        for column in range(m.shape[1]):
            if not any(np.allclose(got[:, column], way[:, column]) for way in ways):
                return False
    return True


def _row_scaled(answer) -> bool:
    """Row j multiplied by factor (rounded any way, or not), the rest of m unchanged, on
    every case: one index selects a row."""
    if not callable(answer):
        return False
    for index, (m, j, factor) in enumerate(cases_of_this_check(_matrix_inputs, _matrix_inputs)):
        got = output_or_none(_matrix_inputs, answer, index, (m, j, factor))
        if not (is_jax_array(got) or isinstance(got, np.ndarray)):
            return False
        rows = np.shape(m)[0]
        if not -rows <= j < rows:
            return False
        scaled = _scaled_columns(np.asarray(got).T, np.asarray(m).T, factor)
        if scaled != {j % rows}:
            return False
    return True


def _apply_returns_floats(answer) -> bool:
    """.at[].apply given a function whose floats the int32 table cannot take: apply casts
    nothing, and XLA's verifier refuses the update."""
    return fails_with("ValueError", "Cannot lower jaxpr with verifier errors", _matrix_inputs)(
        answer
    ) and any("apply" in _names_read(fn.__code__) for fn in learner_functions(answer))


def _apply_floor(m, j, factor):
    return m.at[:, j].apply(lambda c: jnp.floor(c * factor))


def _list_index_swap(x):
    """Round 21: .at[] indexed with a Python list of the two ends."""
    return x.at[[0, -1]].set(jnp.stack([x[-1], x[0]]))


# --- 06.count_labels --------------------------------------------------------------------


def _label_inputs():
    # Three lengths, not more: a learner's function runs op by op, and eager JAX compiles
    # each operation once per shape (a wrong answer's first check: 0.2 s a length). Not
    # one: the total count (the number of labels) must differ between cases. Every case
    # is padded with -1, in unequal amounts; the largest label is n - 2 in two cases and
    # n - 3 in the third, so counts sized by the labels differ from n - 1 counts.
    return [
        (jnp.array([0, 2, 2, 3, 2, -1, -1]), 5),
        (jnp.array([1, 1, 1, 0, -1]), 3),
        (jnp.array([4, 0, 4, 1, -1, -1, -1]), 7),
        # more labels and more of them than a lesson's page uses (round 18: an answer right
        # for n <= 8 only passed), the padding between them, and label n - 1 among them
        # (round 21: the last count zeroed, to take the padding's -1 out, passed)
        (jnp.array([37, 3, 37, 19, 0, -1, 39, 37, -1, 3, 0]), 40),
    ]


def _count_labels(labels, n):
    # a -1 becomes n, past the end: .at[].add drops an update out of bounds
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels < 0, n, labels)].add(1)


def _unpadded(labels):
    """The labels without their padding (a boolean index: called plainly, never jitted)."""
    return labels[labels >= 0]


def _padding_last(labels, n):
    """Every label counted, the padding too: a -1 counts from the end, as label n - 1."""
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)


def _padding_clamped(labels, n):
    """The padding sent past the end, and mode="clip" clamping it to label n - 1 (round 16)."""
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels >= 0, labels, n)].add(1, mode="clip")


def _constants(code) -> set[Any]:
    """The constants ``code`` and the code nested in it hold."""
    found = set()
    for const in code.co_consts:
        if hasattr(const, "co_consts"):
            found |= _constants(const)
        elif isinstance(const, str):
            found.add(const)
    return found


def _writes_clamped(answer: Any) -> bool:
    """The padding counted as label n - 1 by a scatter in mode "clip" that was handed an
    index past the end (the padding sent to n, then clamped back). A -1 handed to it as it
    is lands on n - 1 in every mode (round 17: mode="clip" on the raw labels), and is not
    this mistake."""
    if not behaves_like(_padding_last, _label_inputs, whole=True)(answer):
        return False
    labels, n = _label_inputs()[0]
    try:
        return _clamped_scatter(jax.make_jaxpr(lambda labels: answer(labels, n))(labels), labels)
    except Exception:  # it does not trace: read its code for the mode instead
        return any("clip" in _constants(fn.__code__) for fn in learner_functions(answer))


def _clamped_scatter(closed: Any, labels: Any) -> bool:
    """Whether running ``closed`` on ``labels`` hands a scatter in mode "clip" an index
    outside its operand (equations run one by one, into nested jit programs)."""
    found = []

    def run(jaxpr: Any, consts: Any, args: list[Any]) -> list[Any]:
        env = dict(zip(jaxpr.constvars, consts, strict=True))
        env.update(zip(jaxpr.invars, args, strict=True))

        def read(var: Any) -> Any:
            return var.val if type(var).__name__ == "Literal" else env[var]

        for eqn in jaxpr.eqns:
            ins = [read(var) for var in eqn.invars]
            inner = eqn.params.get("jaxpr")
            if eqn.primitive.name in ("jit", "pjit") and inner is not None:
                outs = run(inner.jaxpr, inner.consts, ins)
            else:
                if eqn.primitive.name.startswith("scatter") and (
                    getattr(eqn.params.get("mode"), "name", "") == "CLIP"
                ):
                    bounds = [
                        np.shape(ins[0])[dim]
                        for dim in eqn.params["dimension_numbers"].scatter_dims_to_operand_dims
                    ]
                    index = np.asarray(ins[1])
                    found.append(bool(np.any((index < 0) | (index >= np.array(bounds)))))
                outs = eqn.primitive.bind(*ins, **eqn.params)
                if not eqn.primitive.multiple_results:
                    outs = [outs]
            env.update(zip(eqn.outvars, outs, strict=True))
        return [read(var) for var in jaxpr.outvars]

    run(closed.jaxpr, closed.consts, [labels])
    return any(found)


def _padding_first(labels, n):
    """The padding counted as label 0: jnp.bincount (and a clip to 0) treat -1 as 0."""
    return jnp.bincount(labels, length=n).astype(jnp.int32)


# Each slip below is written on the labels as given, padding and all. A learner who
# dropped the padding and still made the slip gives what ``_on_unpadded`` makes of it;
# ``_slip`` matches either.
def _presence(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].set(1)


def _discarded(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    counts.at[labels].add(1)
    return counts


def _one_per_sample(labels, n):
    return jnp.zeros(len(labels), dtype=jnp.int32).at[labels].add(1)


def _sized_by_labels(labels, n):
    return jnp.zeros(int(labels.max()) + 1, dtype=jnp.int32).at[labels].add(1)


def _added_labels(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels)


def _float_counts(labels, n):
    return jnp.zeros(n).at[labels].add(1)


def _float_counts_padding_dropped(labels, n):
    """Right counts as floats: jnp.zeros(n) without a dtype, the padding sent past the end."""
    return jnp.zeros(n).at[jnp.where(labels < 0, n, labels)].add(1)


# The two unique-based mistakes, computed by NumPy: jnp.unique has a data-dependent shape,
# so run op by op it compiled about 30 programs a case (1.6 s of a wrong answer's first
# check); its values and dtypes (counts in JAX's default int) are the same.
def _present_counts(labels, n):
    return jnp.asarray(pristine.np.unique(pristine.np.asarray(labels), return_counts=True)[1])


def _present_counts_sized(labels, n):
    """jnp.unique(labels, return_counts=True, size=n)[1]: the present values' counts in
    their sorted order, zeros after them up to n (round 17)."""
    counts = pristine.np.unique(pristine.np.asarray(labels), return_counts=True)[1][:n]
    return jnp.asarray(pristine.np.pad(counts, (0, n - len(counts))).astype(pristine.np.int32))


def _unique_pair(labels, n):
    values, counts = pristine.np.unique(pristine.np.asarray(labels), return_counts=True)
    return jnp.asarray(values), jnp.asarray(counts)


def _total_count(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1).sum()


def _one_hot_rows(labels, n):
    return jax.nn.one_hot(labels, n)


def _histogram_by_data(labels, n):
    return jnp.histogram(labels, bins=n)[0]


def _on_unpadded(wrong):
    """``wrong`` run on the labels without their padding (one function per slip, made
    once here, so that its outputs are computed once)."""

    def unpadded(labels, n):
        return wrong(_unpadded(labels), n)

    unpadded.__name__ = unpadded.__qualname__ = f"{wrong.__name__}_unpadded"
    return unpadded


_UNPADDED = {
    wrong: _on_unpadded(wrong)
    for wrong in (
        _presence,
        _one_per_sample,
        _sized_by_labels,
        _added_labels,
        _float_counts,
        _present_counts,
        _present_counts_sized,
        _total_count,
        _one_hot_rows,
        _histogram_by_data,
    )
}


def _padding_counted_as_one_label(answer) -> bool:
    """The right counts plus all the padding added to one label, on every case."""
    if not callable(answer):
        return False
    cases = cases_of_this_check(_label_inputs, _label_inputs)
    for index, (labels, n) in enumerate(cases):
        out = output_or_none(_label_inputs, answer, index, (labels, n))
        if out is None or pristine.np.shape(out) != (n,):
            return False
        labels = pristine.np.asarray(labels)
        extra = pristine.np.asarray(out) - pristine.np.asarray(_count_labels(labels, n))
        padding = int((labels < 0).sum())
        if sorted(extra.tolist()) != [0] * (n - 1) + [padding]:
            return False
    return True


def _padding_weighted_last(answer) -> bool:
    """The right counts but label n - 1's, off by the padding times one weight other than
    0 and 1 (1 is padding-counted-last), the same on every case: each -1 still indexes
    label n - 1 and adds its weight there (round 13: a weight of -1)."""
    if not callable(answer):
        return False
    cases = cases_of_this_check(_label_inputs, _label_inputs)
    weights = set()
    for index, (labels, n) in enumerate(cases):
        out = output_or_none(_label_inputs, answer, index, (labels, n))
        if out is None or pristine.np.shape(out) != (n,):
            return False
        labels = pristine.np.asarray(labels)
        extra = pristine.np.asarray(out) - pristine.np.asarray(_count_labels(labels, n))
        padding = int((labels < 0).sum())
        if padding == 0 or extra[:-1].any() or extra[-1] % padding:
            return False
        weights.add(int(extra[-1]) // padding)
    return len(weights) == 1 and weights.isdisjoint({0, 1})


def _padding_subtracted(labels, n):
    """Each -1 adds -1, at label n - 1: the padding weighted, not dropped."""
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(jnp.where(labels >= 0, 1, -1))


def _padding_elsewhere(labels, n):
    """abs(): each -1 counted as label 1."""
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.abs(labels)].add(1)


def _one_entry_per_sample(answer) -> bool:
    """A 1-D result with one entry per label given (padding included) on every case, and
    so not n entries on some: the counts were made per sample, not per label value."""
    if not callable(answer):
        return False
    other = False
    cases = cases_of_this_check(_label_inputs, _label_inputs)
    for index, (labels, n) in enumerate(cases):
        out = output_or_none(_label_inputs, answer, index, (labels, n))
        if out is None or pristine.np.shape(out) != (len(labels),):
            return False
        other = other or len(labels) != n
    return other


def _numpy_bincount(labels, n):
    return jnp.asarray(pristine.np.bincount(pristine.np.asarray(labels), minlength=n))


def _sized_by_labels_shape(answer) -> bool:
    """One count per value from 0 to the largest label that occurs, on every case (and
    so fewer than n on some): counts sized by the labels, whatever was counted in them."""
    if not callable(answer):
        return False
    short = False
    cases = cases_of_this_check(_label_inputs, _label_inputs)
    for index, (labels, n) in enumerate(cases):
        out = output_or_none(_label_inputs, answer, index, (labels, n))
        size = int(pristine.np.asarray(labels).max()) + 1
        if out is None or pristine.np.shape(out) != (size,):
            return False
        short = short or size != n
    return short


def _one_slot_short(labels, n):
    return jnp.zeros(n - 1, dtype=jnp.int32).at[labels].add(1)


def _one_slot_short_shape(answer) -> bool:
    """n - 1 counts on every case (whatever was counted in them): one slot too few."""
    if not callable(answer):
        return False
    cases = cases_of_this_check(_label_inputs, _label_inputs)
    for index, (labels, n) in enumerate(cases):
        out = output_or_none(_label_inputs, answer, index, (labels, n))
        if out is None or pristine.np.shape(out) != (n - 1,):
            return False
    return True


def _ones_start(labels, n):
    """Counts started from ones, the padding dropped: every count one too high."""
    return _count_labels(labels, n) + 1


def _front_slot_dropped(labels, n):
    """n + 1 slots, the first dropped for the padding: -1 went to the last slot instead, so
    each label's count lands one place early and the padding's count comes last."""
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)[1:]


def _zero_skipped(labels, n):
    """Label 0 left out with the padding (labels > 0 taken for labels >= 0)."""
    return _count_labels(labels, n).at[0].set(0)


def _last_zeroed(labels, n):
    """The padding counted as label n - 1, then that count set to 0: label n - 1's own
    occurrences dropped with it."""
    return _count_labels(labels, n).at[-1].set(0)


def _started_from_ones(answer) -> bool:
    """On every case, each count one more than the right one, or than the counts with the
    padding counted (as label n - 1 or 0): the counts started from ones, not zeros."""
    if not callable(answer):
        return False
    cases = cases_of_this_check(_label_inputs, _label_inputs)
    kinds = (_count_labels, _padding_last, _padding_first)
    for index, args in enumerate(cases):
        got = output_or_none(_label_inputs, answer, index, args)
        if not (is_jax_array(got) or isinstance(got, np.ndarray)):
            return False
        got = np.asarray(got)
        if got.dtype.kind not in "iuf":
            return False
        if not any(
            got.shape == np.shape(want) and np.array_equal(got - 1, np.asarray(want))
            for want in (outputs_on(_label_inputs, kind)[index] for kind in kinds)
        ):
            return False
    return True


def _slip(wrong):
    """Behaves like ``wrong`` (any dtype), with the padding dropped or not."""
    raw = behaves_like(wrong, _label_inputs, whole=True)
    unpadded = behaves_like(_UNPADDED[wrong], _label_inputs, whole=True)
    return lambda answer: raw(answer) or unpadded(answer)


def _returns_tuple(answer) -> bool:
    """A tuple or a list on every case (the outputs the rule read: the answer runs once)."""
    cases = enumerate(cases_of_this_check(_label_inputs, _label_inputs))
    return callable(answer) and all(
        isinstance(output_or_none(_label_inputs, answer, index, args), tuple | list)
        for index, args in cases
    )


def _no_return_counts(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    counts = counts.at[labels].add(1)  # noqa: F841


def _looped_count(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    for label in labels:
        if label >= 0:
            counts = counts.at[label].add(1)
    return counts


def _label_lengths():
    """Two of the check's own cases, shortest first (5 labels, then 7; the same shapes:
    no new compile): Python that runs once per label runs more often on the second."""
    cases = _label_inputs()
    return [cases[1], cases[0]]


def _reduced_count(labels, n):
    return functools.reduce(
        lambda counts, label: counts.at[label].add(label >= 0),
        labels,
        jnp.zeros(n, dtype=jnp.int32),
    )


def _numpy_fancy_in_place(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    counts[labels] += 1
    return counts


def _jit_j_static(f: Callable[..., Any]) -> Callable[..., Any]:
    """scale_column as the check calls it: compiled, the column number j and factor fixed
    (a factor traced would refuse a right .at[:, j].apply(lambda c: c * factor): JAX's
    apply cannot close over a tracer)."""
    return jax.jit(f, static_argnums=(1, 2))


def _jit_n_static(f: Callable[..., Any]) -> Callable[..., Any]:
    """count_labels as the check calls it: compiled, the number of labels n fixed."""
    return jax.jit(f, static_argnums=1)


EXERCISES = (
    Exercise(
        id="06.set_first",
        title="Fix a port of NumPy's swap that swaps nothing",
        reference=lambda: _swap_ends,
        rule=OnDrawnToo(
            SameFunction(inputs=_ends_inputs, transform=lambda f: jax.jit(f)), drawn=_drawn_ends
        ),
        hints=(
            "The port calls .at[...].set(...) twice and returns x. An update never changes "
            "x: it builds a new array and returns it, and the port throws both away.",
            "Two elements change, so two updates. Each update returns a new array and x "
            "never changes: which array do you read each new value from?",
            "return x.at[0].set(x[-1]).at[-1].set(x[0])",
        ),
        solution="def swap_ends(x):\n    return x.at[0].set(x[-1]).at[-1].set(x[0])",
        mistakes=(
            Mistake(
                id="returns-none",
                message="Your function returns None: it has no return statement.",
                example=lambda: _forgot_return,
                matches=returns_none(_ends_inputs),
            ),
            Mistake(
                id="list-index",
                message="JAX refuses a Python list as an index, where NumPy takes it: NumPy "
                "reads a list of positions as positions, JAX wants them in an array. Its error "
                "speaks of multidimensional indexing, but the list is the cause.",
                example=lambda: _list_index_swap,
                matches=fails_with("TypeError", "non-tuple sequence", _ends_inputs),
            ),
            Mistake(
                id="typed-out",
                message="Your function returns the same array whatever x it is given: a swap typed "
                "out, or made from the notebook's own x. The check calls it on arrays of "
                "other lengths and values, some drawn afresh at every check, and your "
                "result follows none of them.",
                example=lambda: lambda x: jnp.array([-1, 2, 9, 4, 7]),
                matches=ignores_arguments(_ends_inputs),
            ),
            Mistake(
                id="unchanged",
                message="Your function returns x unchanged: neither end moved. Either the new array"
                " an .at[] update returns was not kept (the update never changes x itself),"
                " or each end was written with the value it already had.",
                example=lambda: _unchanged,
                matches=behaves_like(_unchanged, _ends_inputs, whole=True),
            ),
            Mistake(
                id="no-method",
                message="This only selects elements: .at[...] is not an array until one of "
                "its methods builds the updated copy.",
                example=lambda: lambda x: x.at[0],
                matches=_is_index_ref,
            ),
            Mistake(
                id="method-not-called",
                message="Your function returns a function, not an array: an .at[...] method "
                "such as .set, named without its call, is the method itself, and it builds "
                "nothing.",
                example=lambda: lambda x: x.at[0].set,
                matches=_returns_a_function,
            ),
            Mistake(
                id="both-ends-last",
                message="Both ends now hold x's last element: the first end got it, and the last "
                "end got it too, where x's first element belongs, so x's first element is "
                "gone from your result. What your code wrote at the last end was not x's "
                "first element as x came in, or no write to the last end reached the array "
                "returned: an update not kept, or a write at an index past the end (len(x) is "
                "one past it), which JAX drops without a word.",
                example=lambda: _both_ends_last,
                matches=behaves_like(_both_ends_last, _ends_inputs, whole=True),
            ),
            Mistake(
                id="second-to-last-end",
                message="The first end is right, but the last end got x's second element, not "
                "its first: positions count from 0, as in NumPy, so 1 is the second.",
                example=lambda: lambda x: x.at[0].set(x[-1]).at[-1].set(x[1]),
                matches=behaves_like(
                    lambda x: x.at[0].set(x[-1]).at[-1].set(x[1]), _ends_inputs, whole=True
                ),
            ),
            Mistake(
                id="both-ends-first",
                message="Both ends now hold x's first element: the last end got it, and the first "
                "end got it too, where x's last element belongs, so x's last element is "
                "gone from your result. What your code wrote at the first end was not x's "
                "last element as x came in, or no write to the first end reached the array "
                "returned.",
                example=lambda: _both_ends_first,
                matches=behaves_like(_both_ends_first, _ends_inputs, whole=True),
            ),
            Mistake(
                id="ends-added",
                message="Both ends hold the sum of the two ends: .add adds its value to the "
                "element already there, so each end kept its own value too.",
                example=lambda: _ends_added,
                matches=behaves_like(_ends_added, _ends_inputs, whole=True),
            ),
            Mistake(
                id="swapped-by-arithmetic",
                message="Your ends trade their values by arithmetic (a difference added to one "
                "and taken from the other, or a sum taken apart), and float arithmetic rounds: "
                "next to 1e8, float32 cannot hold 0.1, so 1e8 - (1e8 - 0.1) is 0.0, and the 0.1 "
                "that should reach the last end is lost. Exact on integers, not on floats.",
                example=lambda: _swapped_by_arithmetic,
                matches=_swap_rounded,
            ),
            Mistake(  # round 18
                id="dtype-changed",
                message="Your ends are swapped, but in another dtype than x's: x was "
                "converted before the swap, and a float x made integers lost every fraction "
                "(3.5 became 3, -6.5 became -6). A swap moves two elements and changes "
                "nothing else, the dtype included.",
                example=lambda: _swap_cast_to_int32,
                matches=_swap_in_another_dtype,
            ),
            Mistake(  # round 18's sneaky answer
                id="deletes-input",
                message="Your function deletes the array it was given: the swap it returns is "
                "right, but the caller's x is gone afterwards, and any later use of it raises. "
                "A function that updates a jax array returns a new one and leaves its input "
                "as it was.",
                example=lambda: _swap_deleting_x,
                matches=deletes_input(_ends_inputs),
                also_accepted=True,
            ),
            Mistake(
                id="reversed",
                message="The whole array is reversed: only the two ends trade places, and the "
                "elements between them keep their order.",
                example=lambda: lambda x: x[::-1],
                matches=behaves_like(lambda x: x[::-1], _ends_inputs, whole=True),
            ),
            Mistake(
                id="sorted",
                message="The array is sorted: the smallest element came first because of its "
                "value, not its place. The task swaps the first and last positions, whatever "
                "they hold.",
                example=lambda: jnp.sort,
                matches=behaves_like(lambda x: jnp.sort(x), _ends_inputs, whole=True),
            ),
            Mistake(
                id="rotated",
                message="Every element moved one place along (a rotation): the last came to the "
                "front and pushed the others back, so the elements between the ends moved "
                "too.",
                example=lambda: lambda x: jnp.roll(x, 1),
                matches=behaves_like(lambda x: jnp.roll(x, 1), _ends_inputs, whole=True),
            ),
            Mistake(
                id="five-long-only",
                message="Your function swaps the ends of a 5-long array only: an index written as "
                "4 (or 5) names the last element of the lesson's x, not of every x: on an array "
                "of another length, 4 is not the last position.",
                example=lambda: _fifth_and_sixth,
                matches=lambda answer: (
                    behaves_like(_fifth_is_last, _ends_inputs, whole=True)(answer)
                    or behaves_like(_fifth_and_sixth, _ends_inputs, whole=True)(answer)
                ),
            ),
            Mistake(  # round 19
                id="swapped-by-value",
                message="Your function swaps values, not positions: every element equal to x's "
                "first element became the last one's, and every element equal to the last "
                "became the first one's, so an element between the ends that happens to hold "
                "an end's value changed too. The swap moves what is at the two ends, whatever "
                "the other elements hold.",
                example=lambda: _swapped_by_value,
                matches=behaves_like(_swapped_by_value, _ends_inputs, whole=True),
            ),
            Mistake(
                id="middle-changed",
                message="An element between the ends changed: an update was written at another "
                "index than the first or the last (an index counted from 1, or -2 for the "
                "last), so an element between them is no longer where x had it.",
                example=lambda: _swapped_second_and_last,
                matches=_middle_changed,
            ),
            Mistake(
                id="one-long-doubled",
                message="Right on every array but the 1-long one, which came back with 2 elements: "
                "your new array was assembled from pieces of x (its last element, the ones "
                "between, its first), and when x has one element its first and its last are"
                " that same element, taken twice, so your result is one longer than x.",
                example=lambda: _pieces_joined,
                matches=_one_long_doubled,
            ),
            Mistake(
                id="numpy-copy",
                message="Right values when called plainly, but a NumPy array, made the NumPy way: "
                "the check also calls your function under jax.jit, where x is a stand-in with no "
                "values for NumPy to copy.",
                example=lambda: lambda x: np.array(_swap_ends(x)),
                matches=_numpy_result,
            ),
            Mistake(
                id="python-list",
                message="Right values, but a Python list. The exercise asks for a jax array "
                "built from x.",
                example=lambda: lambda x: _swap_ends(x).tolist(),
                matches=_python_sequence,
            ),
            Mistake(
                id="in-a-tuple",
                message="This is a tuple with the right array inside: a trailing comma, or a "
                "second value after a comma, makes one.",
                example=lambda: lambda x: (_swap_ends(x),),
                matches=_right_array_in_tuple,
            ),
            Mistake(
                id="float-copy",
                message="Right numbers, but floats where x holds integers. An update of x "
                "keeps x's dtype; an array typed out or converted does not.",
                example=lambda: lambda x: _swap_ends(x).astype(jnp.float32),
                matches=_float_where_int,
            ),
        ),
        success="Both ends swapped in a new array, and x is unchanged: each value was read "
        "from x, which no update touches.",
    ),
    Exercise(
        id="06.out_of_bounds",
        title="Predict what an update partly out of bounds does",
        reference=lambda: "B",
        rule=_OUT_OF_BOUNDS,
        hints=(
            "JAX does not raise for an index out of bounds: the error would have to come "
            "back from the device. The cell after the check runs an update whose one index "
            "is out of bounds; here one index of two is, and the other is not.",
            "An update with an array of indices makes one write per index, and the update's "
            "rule (its mode) is applied to each write on its own. Which element would a "
            "clamped write change, and what happens to the write at 0?",
            "Each write is judged alone: the one past the end is dropped, the one at 0 is "
            'made: answer = "B".',
        ),
        solution='answer = "B"',
        mistakes=(
            Mistake(
                id="numpy-index-error",
                message="That is NumPy's behaviour. JAX raises no IndexError for an index out of "
                "bounds, on a read or an update: the check would have to run on the device, for "
                "every index, on every call. The cell above read x[10] without an error, too.",
                example=lambda: "D",
                matches=_says_index_error,
            ),
            Mistake(
                id="clamped-like-read",
                message="Reading x[10] clamps to the last element, so this is a fair guess, but "
                "an update out of bounds does not write into x[2]: updates follow another rule "
                "than reads.",
                example=lambda: "A",
            ),
            Mistake(
                id="whole-update-dropped",
                message="C drops the whole update because one of its indices is out of bounds. An "
                "update with an array of indices is one write per index, and the mode is applied "
                "to each write on its own.",
                example=lambda: "C",
            ),
            Mistake(
                id="option-array",
                message="This is the array an option shows, typed in as an array, not a "
                "letter: running the update gives another array. The exercise asks for the "
                "letter of the option you predict, as a string.",
                example=lambda: jnp.array([7, 2, 7]),
                matches=_option_array,
            ),
            Mistake(
                id="ran-it",
                message="This is a result, not a letter. The exercise asks for a prediction, "
                'such as answer = "A": decide before running it.',
                example=lambda: jnp.array([1, 2, 3]).at[jnp.array([0, 10])].set(7),
                matches=_ran_it,
            ),
        ),
        success="Each index of an update is a write of its own: out of bounds, that write is "
        "dropped (not clamped, as a read is), and the writes in bounds are made.",
        prediction=True,
        explanation=(
            "B: `Array([7, 2, 3])`. An update with an array of indices makes one write per "
            "index, and the update's rule (its default `mode`) applies to each write on its "
            "own: `x[0]` becomes 7, and the write at 10, out of bounds, is dropped. Dropped, "
            "not clamped: clamping would overwrite `x[2]`, an element nobody asked to change; "
            '`mode="clip"` does that, only when asked (the cells after the check show both '
            "on one index).\n\n"
            "Not every read clamps either. `jnp.take`, the function form of reading by "
            "index, fills by default: the most negative int32 for integers, NaN for "
            "floats (the `jnp.take` cell below).\n\n"
            "So, out of bounds: indexing `x[i]` clamps, `.at[i].set` (like `.add` and the"
            " others) drops that write, `jnp.take` fills, and none of them says a word. "
            "An index computed one too far is a silent bug in JAX; check your index "
            "arithmetic, or pass `mode=` to say what you want."
        ),
    ),
    Exercise(
        id="06.scale_column",
        title="Port old jax.ops code to .at[]: a column of an int32 table, scaled and rounded",
        reference=lambda: _scale_column,
        rule=SameFunction(inputs=_matrix_inputs, transform=_jit_j_static),
        hints=(
            "jax.ops.index_mul(m, idx, v) became m.at[idx].multiply(v); jax.ops.index[...] "
            "is just the index you would write between square brackets, and m[:, j] is "
            "column j, as in NumPy.",
            "An .at[] update returns an array of the dtype it started from: what it writes "
            "into int32 is cast to int32, and that cast drops a fraction toward zero. Is that "
            "your rounding for a product below zero? Round the products before the write.",
            "return m.at[:, j].set(jnp.{fn}(m[:, j] * factor).astype(m.dtype))",
        ),
        solution=(
            "def scale_column(m, j, factor):\n"
            "    return m.at[:, j].set(jnp.{fn}(m[:, j] * factor).astype(m.dtype))"
        ),
        mistakes=(
            Mistake(
                id="called-it",
                message="This is one result, a matrix. The check wants the function "
                "scale_column itself, to run it on matrices of its own.",
                example=lambda: _scale_column(*_matrix_inputs()[0]),
                matches=is_jax_array,
            ),
            Mistake(
                id="ignores-arguments",
                message="Your function returns the same matrix whatever it is given: it "
                "uses notebook variables instead of its arguments m, j and factor.",
                example=lambda: lambda m, j, factor: jnp.ones((2, 3)),
                matches=ignores_arguments(_matrix_inputs),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None. An .at[] update changes nothing in place: it "
                "returns a new matrix, and nothing is returned from your function.",
                example=lambda: _no_return_column,
                matches=returns_none(_matrix_inputs),
            ),
            Mistake(
                id="ref-not-array",
                message="An .at[...] selection only selects the column: it is not an array, so it "
                "cannot be multiplied with *.",
                example=lambda: _ref_times_factor,
                matches=fails_with("TypeError", "_IndexUpdateRef", _matrix_inputs),
            ),
            Mistake(
                id="wrong-length-update",
                message="The values written into column j do not fit it: a column of m has "
                "m.shape[0] elements, and a row has m.shape[1]. Indexing with j alone selects a "
                "row, not a column.",
                example=lambda: _row_into_column,
                matches=fails_with(
                    "ValueError", "Incompatible types for broadcasting", _matrix_inputs
                ),
            ),
            Mistake(
                id="float-index",
                message="A float was used as an index: indices must be integers. j is the "
                "column number and factor the multiplier; did you swap them?",
                example=lambda: lambda m, j, factor: m.at[:, factor].multiply(j),
                matches=fails_with("TypeError", r"Indexer must have integer", _matrix_inputs),
            ),
            Mistake(
                id="removed-api",
                message="jax.ops.index_mul (like index_update and index_add) was removed in JAX "
                "0.3.2, so this code fails on any JAX since.",
                example=lambda: _old_index_mul,
                matches=fails_with("AttributeError", r"jax\.ops", _matrix_inputs),
            ),
            Mistake(
                id="numpy-int-in-place",
                message="NumPy refused to store the fractional products in an int32 array in "
                "place: *= keeps the array's dtype, and NumPy will not drop the fractions silently "
                "(JAX's .at[] would, toward zero).",
                example=lambda: _numpy_int_in_place,
                matches=fails_with("UFuncTypeError", "Cannot cast ufunc", _matrix_inputs),
            ),
            Mistake(
                id="mutates-input",
                message="Your function changes the array it is given: on a NumPy array the "
                "caller's m changes too, and on a jax array it fails, since a jax array is never "
                "changed in place.",
                example=lambda: _scale_in_place,
                matches=mutates_input(_numpy_matrix_inputs),
                also_accepted=True,
            ),
            Mistake(
                id="truncated",
                message="Column j's products lost their fractions toward zero (-3.75 became -3, "
                "0.75 became 0): an .at[] update on an int32 table casts what it writes to "
                "int32, and that cast cuts toward zero, whatever the sign (JAX only warns that "
                "the types are incompatible). It is not the rounding asked: {sample}.",
                example=lambda: _QUIET_AT_CAST,
                matches=_truncated,
            ),
            Mistake(
                id="cut-toward-zero",
                message="Column j's products lost their fractions toward zero (-3.75 became -3, "
                "0.75 became 0), and your own code cut them: a conversion to an integer dtype "
                "drops the fraction toward zero whatever the sign, as trunc does, and as a "
                "floor of the size with the sign put back does. It is not the rounding asked: "
                "{sample}.",
                example=lambda: _cut_by_trunc,
                matches=behaves_like(_kept_int, _matrix_inputs, whole=True),
            ),
            Mistake(
                id="apply-floats",
                message="The function given to .at[:, j].apply returns floats (the column times "
                "factor is float32, and a rounding keeps it float), and the table is int32: "
                "apply does not cast what its function returns to the table's dtype (set "
                'does), so JAX cannot compile the update (the "verifier errors": a float result '
                "in an int32 scatter).",
                example=lambda: _apply_floor,
                matches=_apply_returns_floats,
            ),
            Mistake(
                id="float-products",
                message="Column j holds the products with their fractions, in a float table: "
                "the task asks for whole counts in an int32 table, each product of column j "
                "rounded like this: {sample}.",
                example=lambda: _float_products,
                matches=lambda answer: (
                    any(match(answer) for match in _FLOAT_PRODUCTS) and _returns_floats(answer)
                ),
            ),
            Mistake(
                id="float-result",
                message="The counts are right, but your function returns a float table: the "
                "table is int32, and the task keeps it int32.",
                example=lambda: _float_rounded,
                matches=lambda answer: (
                    behaves_like(_scale_column, _matrix_inputs, whole=True)(answer)
                    and _returns_floats(answer)
                ),
            ),
            Mistake(
                id="factor-in-hundredths",
                message="Your factor is cut to whole hundredths before it multiplies the column: "
                "on the check's factor 0.125, which is 12.5 hundredths, a count of 8 is "
                "multiplied by 0.12 and comes to 0.96, where 8 × 0.125 is exactly 1. A factor "
                "is any float, not a percentage.",
                example=lambda: _hundredths,
                matches=behaves_like(_hundredths, _matrix_inputs, whole=True),
            ),
            Mistake(
                id="other-rounding",
                message="Column j's products are rounded to whole numbers, but another way than "
                "the task asks: {sample}. Compare where your counts went for the products below "
                "zero and above it.",
                example=lambda: _ROUNDED["ceil" if _rounding() is not jnp.ceil else "floor"],
                matches=_other_rounding,
            ),
            Mistake(
                id="scaled-row",
                message="You scaled row j: one index selects a row, as it does in NumPy.",
                example=lambda: _ON_FLOATS[_scale_row],
                matches=lambda answer: (
                    _slip_on_table(_scale_row)(answer)
                    or behaves_like(_ROW_BY_MASK, _matrix_inputs, whole=True)(answer)
                    or _row_scaled(answer)
                ),
            ),
            Mistake(
                id="column-only",
                message="This returns only the scaled column: the other columns of the table are "
                "missing from your result.",
                example=lambda: _ON_FLOATS[_column_only],
                matches=lambda answer: (
                    _slip_on_table(_column_only)(answer) or _column_only_rounded(answer)
                ),
            ),
            Mistake(
                id="added-not-multiplied",
                message="You added factor to the column, where index_mul multiplies it.",
                example=lambda: _ON_FLOATS[_add_column],
                matches=_slip_on_table(_add_column),
            ),
            Mistake(
                id="product-added",
                message="Column j holds its values times 1 + factor, not times factor: the "
                "product was added to the column, where index_mul puts the product in its "
                "place.",
                example=lambda: _ON_FLOATS[_add_product],
                matches=_slip_on_table(_add_product),
            ),
            Mistake(
                id="divided-not-multiplied",
                message="You divided the column by factor, where index_mul multiplies it.",
                example=lambda: _ON_FLOATS[_divide_column],
                matches=_slip_on_table(_divide_column),
            ),
            Mistake(
                id="power-not-multiplied",
                message="You raised the column to the power factor, where index_mul multiplies it.",
                example=lambda: _ON_FLOATS[_power_column],
                matches=_slip_on_table(_power_column),
            ),
            Mistake(
                id="set-not-multiply",
                message="You replaced the column with factor, where index_mul multiplies it.",
                example=lambda: _ON_FLOATS[_set_column],
                matches=_slip_on_table(_set_column),
            ),
            Mistake(
                id="transposed-result",
                message="The right column is scaled, but the result is transposed (m.T): the "
                "column was reached through the transpose, which was never undone.",
                example=lambda: _ON_FLOATS[_transposed],
                matches=_slip_on_table(_transposed),
            ),
            Mistake(
                id="one-based-column",
                message="You scaled column j - 1. JAX counts columns from 0, as NumPy does, and "
                "j is already the index.",
                example=lambda: _ON_FLOATS[_one_based_column],
                matches=_slip_on_table(_one_based_column),
            ),
            Mistake(
                id="whole-matrix",
                message="You multiplied the whole matrix: every other column changed too.",
                example=lambda: _scale_all,
                matches=_every_column_scaled,
            ),
            Mistake(
                id="unchanged",
                message="Your function returns m as it was: an .at[] update builds a new array and "
                "leaves m unchanged, and the new array is not what your function returns.",
                example=lambda: _update_not_kept,
                matches=lambda answer: _returns_m(answer) and _updates_with_at(answer),
            ),
            Mistake(
                id="unchanged-no-update",
                message="Your function returns m's values as they were: column j is not "
                "multiplied by factor anywhere in the result.",
                example=lambda: lambda m, j, factor: m.astype(jnp.float32),
                matches=_returns_m,
            ),
            Mistake(
                id="factor-rounded",
                message="Column j is multiplied by the factor made a whole number (0.75 "
                "became 0 or 1, -1.25 became -1 or -2): its fraction was dropped before the "
                "multiplication, where the task rounds the products.",
                example=lambda: _WHOLE_FACTORS[0],
                matches=_factor_rounded,
            ),
            Mistake(
                id="floor-divided-by-inverse",
                message="Column j is floor-divided by 1 / factor, and 1 / factor is rounded in "
                "float32 (1 / 0.75 is a little more than 4/3): a product that should be whole, "
                "4 * 0.75 = 3, comes out just under 3 as a quotient and floors to 2. A division "
                "by the inverse is not the same float as the product.",
                example=lambda: _floor_divided_by_inverse,
                matches=behaves_like(_floor_divided_by_inverse, _matrix_inputs, whole=True),
            ),
            Mistake(  # round 19
                id="whole-products-moved",
                message="Your rounding is right on every product with a fraction, but it moved "
                "a product that is a whole number already by one (4 × 0.75 is exactly 3, and "
                "8 × -0.125 exactly -1). A whole number stays as it is whichever way one rounds: "
                "a correction by hand, one added or taken away for every product below (or "
                "above) zero, has to leave those alone.",
                example=lambda: _whole_products_moved_by_one,
                matches=_whole_products_moved,
            ),
            Mistake(
                id="fixed-column",
                message="Your function scales the same column whatever j is: a column number is "
                "written into it instead of the argument j.",
                example=lambda: _fixed_column,
                matches=ignores_one_argument(_column_variants),
            ),
            Mistake(
                id="fixed-factor",
                message="Your function gives the same result whatever factor is: a number is "
                "written in its place instead of the argument factor.",
                example=lambda: _fixed_factor,
                matches=ignores_one_argument(_factor_variants),
            ),
            Mistake(
                id="negative-column",
                message="With a negative j your function changes no column, and the check "
                "passes j = -2: as in m[:, j], a negative index counts from the end, so -2 is "
                "column m.shape[1] - 2.",
                example=lambda: _negative_j_unchanged,
                matches=behaves_like(_negative_j_unchanged, _matrix_inputs, whole=True),
            ),
            Mistake(  # round 18
                id="empty-slice-at-last-column",
                message="With j = -1 your function changes no column: the column as a slice "
                "from j to j + 1 is -1:0 there, and a slice stops before its end, so from the "
                "last column up to the first it selects nothing. Every other j works, which "
                "hides it; -1 is the last column, as a negative index counts from the end.",
                example=lambda: _column_as_slice,
                matches=behaves_like(_column_as_slice, _matrix_inputs, whole=True),
            ),
            Mistake(
                id="other-columns",
                message="Other columns than column j were multiplied too (or instead): a slice from"
                " j selects every column from j on, and a shifted index another column.",
                example=lambda: _ON_FLOATS[_columns_from_j],
                matches=_other_columns_scaled,
            ),
        ),
        success="The index is NumPy's, the update is JAX's, and the dtype is the table's: "
        "an .at[] update casts what it writes to int32, toward zero, so the products were "
        "rounded before the write.",
        variants=COLUMN_VARIANTS,
    ),
    Exercise(
        id="06.count_labels",
        title="Port a NumPy counting loop that skips padding to .at[]",
        reference=lambda: _count_labels,
        rule=SameFunction(inputs=_label_inputs, transform=_jit_n_static),
        hints=(
            "Start from jnp.zeros(n, dtype=jnp.int32), the counts before any label is seen. "
            "counts[label] += 1 is the in-place update JAX refuses; .at[] takes the whole "
            "labels array at once, and every repeat of an index adds.",
            "A -1 is no out-of-bounds index: like NumPy, .at[] reads it as the last position. "
            "Which indices does an .at[] update drop, and what could the padding become?",
            "Replace each -1 by n with jnp.where: an update at index n is past the end, and "
            ".at[].add drops it. Or add 0 instead of 1 for the padding.",
        ),
        solution=(
            "def count_labels(labels, n):\n"
            "    # a -1 becomes n, past the end: .at[].add drops an update out of bounds\n"
            "    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels < 0, n, labels)].add(1)"
        ),
        mistakes=(
            Mistake(
                id="called-it",
                message="This is one result, an array of counts. The check wants the function "
                "count_labels itself, to run it on labels of its own.",
                example=lambda: _count_labels(*_label_inputs()[0]),
                matches=is_jax_array,
            ),
            Mistake(
                id="ignores-arguments",
                message="Your function returns the same counts whatever it is given: it uses "
                "notebook variables instead of its arguments labels and n.",
                example=lambda: lambda labels, n: jnp.array([1, 0, 3, 1, 0]),
                matches=ignores_arguments(_label_inputs),
            ),
            Mistake(
                id="numpy-in-place",
                message="counts[...] += 1 is NumPy's in-place update, and jax arrays refuse it: "
                "they never change.",
                example=lambda: _numpy_fancy_in_place,
                matches=fails_with("TypeError", r"immutable|item assignment", _label_inputs),
            ),
            Mistake(
                id="returns-none",
                message="Your function returns None. An .at[] update changes nothing in place: it "
                "returns the new counts, and nothing is returned from your function.",
                example=lambda: _no_return_counts,
                matches=returns_none(_label_inputs),
            ),
            Mistake(
                id="returns-tuple",
                message="Your function returns a tuple, not one array of counts. jnp.unique "
                "with return_counts gives (values, counts), with counts only for the labels "
                "that occur; the task wants n counts, zeros included.",
                example=lambda: _unique_pair,
                matches=_returns_tuple,
            ),
            Mistake(
                id="numpy-bincount-negative",
                message="np.bincount refuses a negative value, and the padding is -1: NumPy checks "
                "what .at[] would quietly read as the last index.",
                example=lambda: _numpy_bincount,
                matches=fails_with("ValueError", "no negative elements", _label_inputs),
            ),
            Mistake(
                id="padding-clamped",
                message="Every label is counted right, but so is the padding, as label n - 1: your "
                "update names mode 'clip', which clamps an index past the end to the last one, "
                "n - 1, as a read is clamped. It does not drop that write.",
                example=lambda: _padding_clamped,
                matches=_writes_clamped,
            ),
            Mistake(
                id="padding-counted-last",
                message="Every label is counted right, but so is the padding, as label n - 1: for "
                ".at[] a -1 is a valid index that counts from the end, as in NumPy. It is not out "
                "of bounds, so no mode drops it.",
                example=lambda: _padding_last,
                matches=lambda answer: (
                    behaves_like(_padding_last, _label_inputs, whole=True)(answer)
                    and not _writes_clamped(answer)
                ),
            ),
            Mistake(
                id="padding-weighted-last",
                message="Every label is counted right but label n - 1, whose count is off by a "
                "multiple of the padding: each -1 is still a valid index, label n - 1, counted "
                "from the end as in NumPy, and adds there the weight you gave the padding. "
                "The padding must not change any count.",
                example=lambda: _padding_subtracted,
                matches=_padding_weighted_last,
            ),
            Mistake(
                id="padding-counted-first",
                message="Every label is counted right, but so is the padding, as label 0: "
                "something turned -1 into 0 (jnp.bincount and a clip to the range of labels "
                "do, and so does putting 0 in its place), and 0 is a real label. The padding is "
                "no label and must not be counted at all.",
                example=lambda: _padding_first,
                matches=behaves_like(_padding_first, _label_inputs, whole=True),
            ),
            Mistake(
                id="padding-slot-first",
                message="Each count sits one place early (label 1's at 0, and so on), and the "
                "last holds the padding: of n + 1 slots, the first was dropped as the padding's, "
                "but a -1 counts from the end, as in NumPy, so the padding went to the last slot, "
                "and the slot dropped was label 0's.",
                example=lambda: _front_slot_dropped,
                matches=behaves_like(_front_slot_dropped, _label_inputs, whole=True),
            ),
            Mistake(
                id="padding-counted-as-a-label",
                message="Every label is counted right, but so is the padding, all of it as one "
                "label: what turned -1 into that label (an absolute value, a remainder, a clip) "
                "made it a valid index. The padding is no label and must not be counted at all.",
                example=lambda: _padding_elsewhere,
                matches=_padding_counted_as_one_label,
            ),
            Mistake(
                id="present-only",
                message="These are the counts of the values that occur, as jnp.unique(..., "
                "return_counts=True) gives them. Labels that never occur have no count at all "
                "here, where they need a 0.",
                example=lambda: _UNPADDED[_present_counts],
                matches=_slip(_present_counts),
            ),
            Mistake(
                id="present-only-sized",
                message="These are the counts of the values that occur, in their sorted order, "
                "as jnp.unique(..., return_counts=True, size=n) gives them: the k-th count "
                "belongs to the k-th smallest value that occurs (the padding's -1 among them, "
                "if it was kept), not to label k, and the zeros size= adds go at the end, not "
                "to the labels that never occur.",
                example=lambda: _present_counts_sized,
                matches=_slip(_present_counts_sized),
            ),
            Mistake(
                id="discarded",
                message="All zeros: an .at[] update returns a new array and leaves the one it "
                "starts from as it was, and your function returns the one it started from.",
                example=lambda: _discarded,
            ),
            Mistake(
                id="presence",
                message="Each label counts at most 1: setting writes once per distinct label "
                "however often it occurs, like NumPy's vectorized counts[labels] += 1.",
                example=lambda: _UNPADDED[_presence],
                matches=_slip(_presence),
            ),
            Mistake(
                id="label-zero-skipped",
                message="Every label is counted right but label 0, which counts nothing: the "
                "test that leaves the padding out leaves 0 out too. Only -1 is padding; 0 is a "
                "label like the others.",
                example=lambda: _zero_skipped,
                matches=behaves_like(_zero_skipped, _label_inputs, whole=True),
            ),
            Mistake(
                id="last-label-zeroed",
                message="Every label is counted right but label n - 1, which counts 0 even where "
                "it occurs: the padding's -1 indexes the last count, and setting that count to 0 "
                "afterwards drops every real n - 1 with the padding. The padding must add nothing "
                "in the first place.",
                example=lambda: _last_zeroed,
                matches=behaves_like(_last_zeroed, _label_inputs, whole=True),
            ),
            Mistake(
                id="started-from-ones",
                message="The counts started from ones instead of zeros, so every label, one never "
                "seen included, counts one more than it occurs.",
                example=lambda: _ones_start,
                matches=_started_from_ones,
            ),
            Mistake(
                id="one-per-sample",
                message="Your counts have one entry per sample (len(labels)). There should be "
                "one per label value, n of them.",
                example=lambda: _UNPADDED[_one_per_sample],
                matches=lambda answer: (
                    _slip(_one_per_sample)(answer) or _one_entry_per_sample(answer)
                ),
            ),
            Mistake(
                id="sized-by-labels",
                message="Your counts stop at the largest label that occurs. Labels that never "
                "occur still get a count, 0: there are n of them, whatever labels holds.",
                example=lambda: _UNPADDED[_sized_by_labels],
                matches=_sized_by_labels_shape,
            ),
            Mistake(
                id="one-slot-short",
                message="Your counts have n - 1 entries, on every input: labels run from 0 to "
                "n - 1, so there are n of them, and label n - 1 has no count in yours.",
                example=lambda: _one_slot_short,
                matches=_one_slot_short_shape,
            ),
            Mistake(
                id="total",
                message="This is one number, the total of all counts, not one count per label "
                "value.",
                example=lambda: _UNPADDED[_total_count],
                matches=_slip(_total_count),
            ),
            Mistake(
                id="one-hot-rows",
                message="These are one-hot rows, one per sample: shape (len(labels), n), not one "
                "count per label.",
                example=lambda: _UNPADDED[_one_hot_rows],
                matches=_slip(_one_hot_rows),
            ),
            Mistake(
                id="histogram-bins",
                message="jnp.histogram without range= spreads its n bins evenly from the "
                "smallest value present to the largest, so a bin is no label: its edges "
                "depend on which labels occur (and on the padding, if it is still there).",
                example=lambda: _UNPADDED[_histogram_by_data],
                matches=_slip(_histogram_by_data),
            ),
            Mistake(
                id="added-labels",
                message="You added the labels themselves: each occurrence should count 1, "
                "whatever its label's value.",
                example=lambda: _UNPADDED[_added_labels],
                matches=_slip(_added_labels),
            ),
            Mistake(
                id="float-counts",
                message="The counts are right, but they are floats, not int32 (jnp.zeros(n), "
                "jax.nn.one_hot and jnp.histogram all make float32 unless told a dtype). Counts "
                "are integers.",
                example=lambda: _float_counts_padding_dropped,
            ),
            Mistake(
                id="python-loop",
                message="Your function loops in Python (a for or while loop, or a comprehension, "
                "here or in a function it calls), and the exercise asks for none: a loop runs one "
                "small update per label.",
                example=lambda: _looped_count,
                matches=loops_in_python,
                also_accepted=True,
            ),
            Mistake(
                id="python-per-label",
                message="Your function runs Python once per label (functools.reduce or map calling "
                "a function for each element, a loop given to exec, a callback that loops): a "
                "Python loop all the same, and the exercise asks for none.",
                example=lambda: _reduced_count,
                matches=runs_python_per_element(_label_lengths),
                also_accepted=True,
            ),
        ),
        success="Every repeat of an index adds, and the padding is not counted: for .at[] a "
        "-1 is NumPy's last position, not out of bounds, so it had to be sent past the end, "
        "where the update is dropped, or add nothing.",
    ),
)
