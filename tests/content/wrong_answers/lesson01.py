"""Lesson 01: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import copy

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers import Wrong

# --- 01.overflow_fix: learners' functions -----------------------------------------------


def cubes_float_after_sum(v):
    return jnp.sum(v**3).astype(jnp.float32)


def cubes_int64(v):
    # jnp.int64 without jax_enable_x64: JAX warns and keeps int32
    return jnp.sum(v.astype(jnp.int64) ** 3)


def cubes_numpy_int64(v):
    return np.sum(np.asarray(v, dtype=np.int64) ** 3)


def cubes_uint32(v):
    return jnp.sum(v.astype(jnp.uint32) ** 3)


def cubes_sum_dtype(v):
    return jnp.sum(v**3, dtype=jnp.float32)


def cubes_power_then_astype(v):
    return jnp.sum(jnp.power(v, 3).astype(jnp.float32))


def cubes_float16(v):
    return jnp.sum(v.astype(jnp.float16) ** 3)


def cubes_item(v):
    return jnp.sum(v.astype(jnp.float32) ** 3).item()


def cubes_python_loop(v):
    return sum(int(k) ** 3 for k in v)


def cubes_numpy_float(v):
    return np.sum(np.asarray(v, dtype=float) ** 3)


def cubes_notebook_v(values):
    return jnp.sum(v.astype(jnp.float32) ** 3)


def cubes_cube_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 3


def cubes_dot_of_floats(v):
    floats = v.astype(jnp.float32)
    return jnp.dot(floats, floats)


def cubes_no_return(v):
    jnp.sum(v.astype(jnp.float32) ** 3)


def cubes_python_loop_on_jax(v):
    return sum(k**3 for k in v)


def cubes_cumsum(v):
    return jnp.cumsum(v.astype(jnp.float32) ** 3)


v = jnp.arange(2000)  # the lesson's own v


# --- 01.numpy_copy ------------------------------------------------------------------------


def flag_asarray(x):
    flagged = np.asarray(x)
    flagged[0] = -1
    return flagged


def flag_jax_copy(x):
    flagged = x.copy()
    flagged[0] = -1
    return flagged


def flag_device_get(x):
    flagged = jax.device_get(x)
    flagged[0] = -1
    return flagged


def flag_copy_false(x):
    flagged = np.array(x, copy=False)
    flagged[0] = -1
    return flagged


def flag_at_set(x):
    return x.at[0].set(-1)


def flag_second(x):
    flagged = np.array(x)
    flagged[1] = -1
    return flagged


def flag_float(x):
    flagged = np.array(x, dtype=float)
    flagged[0] = -1
    return flagged


def flag_concatenate(x):
    return np.concatenate([[-1], np.array(x)[1:]])


def flag_returns_x(x):
    flagged = np.array(x)
    flagged[0] = -1
    return x


def flag_list(x):
    flagged = list(np.array(x))
    flagged[0] = -1
    return flagged


def flag_no_return(x):
    flagged = np.array(x)
    flagged[0] = -1


def flag_to_py(x):
    flagged = x.to_py()
    flagged[0] = -1
    return flagged


from_numpy = jnp.asarray(np.array([1, 2, 3]))  # the lesson's own array


def flag_lesson_array(x):
    flagged = np.array(from_numpy)
    flagged[0] = -1
    return flagged


# --- 01.center ------------------------------------------------------------------------------


def center_numpy(x):
    x = np.asarray(x)
    return x - x.mean()


def center_columns(x):
    return x - x.mean(0)


def center_axis_1(x):
    return x - x.mean(axis=1)


def center_last_axis(x):
    return x - jnp.mean(x, axis=-1)


def center_standardize(x):
    return (x - x.mean()) / x.std()


def center_by_shape(x):
    return x - jnp.sum(x) / x.shape[0]


def center_reversed(x):
    return x.mean() - x


def center_median(x):
    return x - jnp.median(x)


def center_mean_not_called(x):
    return x - x.mean


def center_no_return(x):
    x = x - jnp.mean(x)


def center_tuple(x):
    mean = jnp.mean(x)
    return x - mean, mean


data = jnp.array([1.0, 2.0, 3.0, 4.0])


def center_global(x):
    return data - jnp.mean(data)


OVERFLOW = "01.overflow_fix"

WRONG_ANSWERS = (
    # --- 01.arange
    # --- 01.default_dtype
    # --- 01.overflow_fix
    Wrong(
        OVERFLOW, "astype(float32) after the sum", lambda: cubes_float_after_sum, "int32-overflow"
    ),
    Wrong(OVERFLOW, "astype(jnp.int64) without x64", lambda: cubes_int64, "int32-overflow"),
    Wrong(
        OVERFLOW, "NumPy int64: exact here, but NumPy's", lambda: cubes_numpy_int64, "numpy-result"
    ),
    Wrong(OVERFLOW, "uint32: cubes are never negative", lambda: cubes_uint32, "int32-overflow"),
    Wrong(
        OVERFLOW,
        "jnp.sum(v**3, dtype=jnp.float32)",
        lambda: cubes_sum_dtype,
        "converted-after-cubing",
    ),
    Wrong(
        OVERFLOW,
        "jnp.power, then astype",
        lambda: cubes_power_then_astype,
        "converted-after-cubing",
    ),
    Wrong(OVERFLOW, "float16 to save memory", lambda: cubes_float16, "half-precision"),
    Wrong(OVERFLOW, ".item() on the right sum", lambda: cubes_item, "python-number"),
    Wrong(OVERFLOW, "a Python loop over int(k) ** 3", lambda: cubes_python_loop, "python-number"),
    Wrong(OVERFLOW, "NumPy float64", lambda: cubes_numpy_float, "numpy-result"),
    Wrong(OVERFLOW, "the notebook's v, not the argument", lambda: cubes_notebook_v, "ignores-v"),
    Wrong(OVERFLOW, "(sum of v) cubed", lambda: cubes_cube_of_sum, "cube-of-sum"),
    Wrong(OVERFLOW, "the dot product of floats", lambda: cubes_dot_of_floats, "squares"),
    Wrong(OVERFLOW, "no return statement", lambda: cubes_no_return, "returns-none"),
    # --- 01.numpy_copy
    # --- 01.center
    # held-out answers (phase 1 of the held-out test)
    Wrong(
        OVERFLOW,
        "a Python loop over the jax array",
        lambda: cubes_python_loop_on_jax,
        "int32-overflow",
    ),
    Wrong(
        OVERFLOW,
        "jnp.cumsum: every running total",
        lambda: cubes_cumsum,
        says="Expected one number",
    ),
    Wrong(OVERFLOW, "bfloat16, as on a TPU", lambda: cubes_bfloat16, "half-precision"),
    Wrong(OVERFLOW, "v * v * v in int32", lambda: cubes_times_itself, "int32-overflow"),
)


# --- held-out answers -------------------------------------------------------------------


def cubes_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def cubes_times_itself(v):
    return jnp.sum(v * v * v, dtype=jnp.int32)


def flag_deepcopy(x):
    flagged = copy.deepcopy(x)
    flagged[0] = -1
    return flagged


def flag_setflags(x):
    flagged = np.asarray(x)
    flagged.setflags(write=True)
    flagged[0] = -1
    return flagged


def flag_decremented(x):
    flagged = np.array(x)
    flagged[0] -= 1
    return flagged


def flag_wrapped(x):
    flagged = np.array([x])
    flagged[0] = -1
    return flagged


def flag_zero(x):
    flagged = np.array(x)
    flagged[0] = 0
    return flagged


def flag_int32(x):
    flagged = np.array(x, dtype=np.int32)
    flagged[0] = -1
    return flagged


def center_midrange(x):
    return x - (x.max() + x.min()) / 2


def center_listcomp(x):
    return [xi - jnp.mean(x) for xi in x]


def center_py_sum(x):
    return x - sum(x) / len(x)


def center_middle(x):
    return x - x[len(x) // 2]


def center_axes01(x):
    return x - jnp.mean(x, axis=(0, 1))


def center_std(x):
    return x - jnp.std(x)


# --- issue 21's listed cases, re-verified against today's exercises --------------------------
# sum_of_cubes is now 01.overflow_fix; its "use // instead of /" for code with no / is gone
# (the // message lives in 03.central_difference, where it asks the code for a //).


def cubes_int_sum_times_one(v):
    return jnp.sum(v**3) * 1.0  # the int32 sum has wrapped before the float comes in


def flag_first_returns_the_element(x):
    flagged = np.array(x)
    flagged[0] = -1
    return flagged[0]  # one number, the same -1 whatever x is: not "the same array"


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "01.overflow_fix",
        "int32 cubes summed, then * 1.0",
        lambda: cubes_int_sum_times_one,
        named="int32-overflow",
    ),
)


# --- round 2: written from the lesson's text alone (issue 21), then labelled ---------------


def r2_cubes_squared_first(v):
    return jnp.sum((v**2).astype(jnp.float32) * v)  # v**2 already wrapped in int32


def r2_cubes_square_of_sum(v):
    return jnp.sum(v.astype(jnp.float32)) ** 2  # Nicomachus: true for 0, 1, ..., n-1 only


def r2_cubes_power_sum_dtype(v):
    return jnp.sum(jnp.power(v, 3), dtype=jnp.float32)


def r2_cubes_einsum(v):
    return jnp.einsum("i,i,i->", v, v, v)


def r2_cubes_bfloat16(v):
    return jnp.sum(v.astype(jnp.bfloat16) ** 3)


def r2_flag_at_set(x):
    return x.copy().at[0].set(-1)


def r2_flag_float_copy(x):
    flagged = np.array(x, dtype=float)
    flagged[0] = -1
    return flagged


def r2_flag_plus_one(x):
    flagged = np.array(x)
    flagged[0] = 1
    return flagged


def r2_flag_concatenate(x):
    return np.concatenate([[-1], np.array(x)[1:]])


def r2_flag_no_return(x):
    flagged = np.array(x)
    flagged[0] = -1


ROUND_2 = (
    Wrong(
        "01.overflow_fix",
        "squared in int32, then float",
        lambda: r2_cubes_squared_first,
        named="power-partly-wrapped",  # round 21's family: v ** 2 wrapped before the float
    ),
    Wrong(
        "01.overflow_fix",
        "square of the sum (a formula)",
        lambda: r2_cubes_square_of_sum,
        says="You have 1.44499e+13, but the exact sum is",
    ),
    Wrong(
        "01.overflow_fix",
        "sum(power(v, 3), dtype=float32)",
        lambda: r2_cubes_power_sum_dtype,
        named="converted-after-cubing",
    ),
    Wrong(
        "01.overflow_fix",
        "einsum of v three times",
        lambda: r2_cubes_einsum,
        named="int32-overflow",
    ),
    Wrong(
        "01.overflow_fix",
        "bfloat16 before cubing",
        lambda: r2_cubes_bfloat16,
        named="half-precision",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_2)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_cubes_one_factor_float(v):
    return jnp.sum(v * v * v.astype(jnp.float32))


def r3_cubes_times_one_point_oh(v):
    return jnp.sum(v**3 * 1.0)


def r3_cubes_squares_like_the_dot(v):
    floats = v.astype(jnp.float32)
    return jnp.sum(floats**2)


def r3_flag_setflags(x):
    y = np.asarray(x)
    y.setflags(write=True)
    y[0] = -1
    return y


def r3_flag_back_to_jax(x):
    y = np.array(x)
    y[0] = -1
    return jnp.asarray(y)


def r3_flag_index_one(x):
    y = np.array(x)
    y[1] = -1
    return y


def r3_center_column_means(x):
    return x - jnp.mean(x, axis=0)


def r3_center_sum_over_len(x):
    return x - jnp.sum(x) / len(x)


def r3_center_median(x):
    return x - jnp.median(x)


ROUND_3 = (
    Wrong(
        "01.overflow_fix", "v * v * float(v): v*v still int32", lambda: r3_cubes_one_factor_float
    ),
    Wrong(
        "01.overflow_fix",
        "sum(v**3 * 1.0): float after cubing",
        lambda: r3_cubes_times_one_point_oh,
    ),
    Wrong(
        "01.overflow_fix", "squares, as in the dot product", lambda: r3_cubes_squares_like_the_dot
    ),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- issue 35: the statistic subtracted, named when it holds on every input -----------------

ISSUE_35 = ()
WRONG_ANSWERS = (*WRONG_ANSWERS, *ISSUE_35)
# --- Issue 35's round: answers that the regular inputs let through -------------------------


def r4_flag_smallest(x):
    flagged = np.array(x)
    flagged[flagged.argmin()] = -1  # on an ascending input, the smallest is the first
    return flagged


def r4_flag_where_min(x):
    return np.where(np.asarray(x) == np.min(np.asarray(x)), -1, np.array(x))


def r4_flag_largest_sorted_back(x):
    flagged = np.array(x)
    flagged[np.argmax(flagged)] = -1
    return flagged


ROUND_4 = ()
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_4)


# --- issue 35, round 4's family: flags the first value wherever it recurs -------------------


def r4_flag_equal_first(x):
    flagged = np.array(x)
    flagged[flagged == flagged[0]] = -1
    return flagged


def r4_flag_where_equal_first(x):
    x = np.array(x)
    return np.where(x == x[0], -1, x)


def r4_flag_loop_equal_first(x):
    flagged = np.array(x)
    first = flagged[0]
    for i in range(len(flagged)):
        if flagged[i] == first:
            flagged[i] = -1
    return flagged


EQUAL_TO_FIRST = ()
WRONG_ANSWERS = (*WRONG_ANSWERS, *EQUAL_TO_FIRST)


# --- issue 34: 01.default_dtype is a dtype and its reason, one letter ---------------------
DTYPE_AND_REASON = (
    Wrong("01.default_dtype", "NumPy's float64 (A)", lambda: "A", "numpy-width"),
    Wrong("01.default_dtype", "ran it: float32, no float64 in JAX (C)", lambda: "c", "no-float64"),
    Wrong(
        "01.default_dtype",
        "asarray shares NumPy's memory (D)",
        lambda: "(D)",
        "shares-numpy-memory",
    ),
    Wrong("01.default_dtype", "ran it and typed the dtype", lambda: "float32", "dtype-not-letter"),
    Wrong("01.default_dtype", "jnp.float32, the type", lambda: jnp.float32, "dtype-not-letter"),
    Wrong(
        "01.default_dtype",
        "both float32 letters (round 7: was called a dtype)",
        lambda: "B, C",
        says="names 2 options",
    ),
    Wrong("01.default_dtype", "'f32', the jaxpr spelling", lambda: "f32", "dtype-not-letter"),
    Wrong("01.default_dtype", "both float32 options", lambda: "BC", says="names 2 options"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *DTYPE_AND_REASON)


# --- issue 34: 01.center centers each row, along the last axis, in any number of dims -----
def i34_center_whole(x):
    return x - x.mean()


def i34_center_axis0(x):
    return x - jnp.mean(x, axis=0)


def i34_center_axis1_kept(x):
    return x - x.mean(axis=1, keepdims=True)


def i34_center_no_keepdims(x):
    means = jnp.mean(x, axis=-1)
    return x - means


def i34_center_transposed(x):
    return (x.T - x.mean(axis=-1)).T  # right in 2-D only: .T reverses every axis


def i34_center_row_max(x):
    return x - x.max(axis=-1, keepdims=True)


def i34_center_numpy(x):
    a = np.asarray(x)
    return a - a.mean(axis=-1, keepdims=True)


def i34_center_len(x):
    return x - jnp.sum(x, axis=-1, keepdims=True) / len(x)


def i34_center_standardize(x):
    m = x.mean(axis=-1, keepdims=True)
    return (x - m) / x.std(axis=-1, keepdims=True)


CENTER_ROWS = (
    Wrong(
        "01.center",
        "the old task: the mean of all elements",
        lambda: i34_center_whole,
        "whole-mean",
    ),
    Wrong("01.center", "axis=0, NumPy's first axis", lambda: i34_center_axis0, "column-means"),
    Wrong("01.center", "axis=1 with keepdims", lambda: i34_center_axis1_kept, "axis-on-1d"),
    Wrong(
        "01.center", "axis=-1, no keepdims", lambda: i34_center_no_keepdims, "axis-mean-no-keepdims"
    ),
    Wrong(
        "01.center",
        "transpose, subtract, transpose back",
        lambda: i34_center_transposed,
        "two-d-only",
    ),
    Wrong("01.center", "each row's max", lambda: i34_center_row_max, "row-extreme"),
    Wrong("01.center", "NumPy all the way", lambda: i34_center_numpy, "numpy-output"),
    Wrong("01.center", "sum over len(x)", lambda: i34_center_len, "len-not-size"),
    Wrong("01.center", "standardized rows", lambda: i34_center_standardize, "standardized"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *CENTER_ROWS)


# --- issue 34: 01.numpy_copy runs np.fill_diagonal on a jax array's values -----------------
def i34_fill_view(m):
    a = np.asarray(m)
    np.fill_diagonal(a, -1)
    return a


def i34_fill_returned(m):
    a = np.array(m)
    return np.fill_diagonal(a, -1)


def i34_fill_jax_copy(m):
    a = m.copy()
    np.fill_diagonal(a, -1)
    return a


def i34_fill_device_get(m):
    a = jax.device_get(m)
    np.fill_diagonal(a, -1)
    return a


def i34_fill_float(m):
    a = np.array(m, dtype=float)
    np.fill_diagonal(a, -1)
    return a


def i34_fill_at(m):
    n = m.shape[0]
    return m.at[jnp.arange(n), jnp.arange(n)].set(-1)


def r17_fill_error_passed(m):
    view = np.asarray(m)
    try:
        view[np.diag_indices(len(view))] = -1
    except ValueError:
        pass  # the read-only error, hidden
    return view


def r17_view_returned(m):
    flagged = np.array(m)
    np.fill_diagonal(flagged, -1)
    return np.asarray(m)  # the flagged copy is left behind


def i34_fill_flipped(m):
    a = np.array(m)
    np.fill_diagonal(np.fliplr(a), -1)
    return a


def i34_fill_zero(m):
    a = np.array(m)
    np.fill_diagonal(a, 0)
    return a


def i34_fill_first_only(m):
    a = np.array(m)
    a[0, 0] = -1
    return a


FILL_DIAGONAL = (
    Wrong(
        "01.numpy_copy", "np.asarray, then fill in place", lambda: i34_fill_view, "read-only-view"
    ),
    Wrong(
        "01.numpy_copy",
        "returns what fill_diagonal returns",
        lambda: i34_fill_returned,
        "returns-none",
    ),
    Wrong(
        "01.numpy_copy",
        "m.copy(): still a jax array",
        lambda: i34_fill_jax_copy,
        "filled-jax-array",
    ),
    Wrong(
        "01.numpy_copy",
        "jax.device_get: a read-only view too",
        lambda: i34_fill_device_get,
        "read-only-view",
    ),
    Wrong("01.numpy_copy", "np.array(m, dtype=float)", lambda: i34_fill_float, "changed-dtype"),
    Wrong("01.numpy_copy", ".at[] set: a jax array", lambda: i34_fill_at, "still-jax"),
    Wrong("01.numpy_copy", "the flipped diagonal", lambda: i34_fill_flipped, "antidiagonal"),
    Wrong("01.numpy_copy", "filled with 0", lambda: i34_fill_zero, "other-flag"),
    Wrong("01.numpy_copy", "only m[0, 0]", lambda: i34_fill_first_only, "corner-only"),
    Wrong(
        "01.numpy_copy",
        "view filled by index, the read-only error passed over",
        lambda: r17_fill_error_passed,
        "view-unfilled",
    ),
    Wrong(
        "01.numpy_copy",
        "a copy flagged, the view of m returned",
        lambda: r17_view_returned,
        "view-unfilled",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *FILL_DIAGONAL)


# --- issue 34: 01.arange counts the odd numbers down from any odd n -----------------------
def i34_odds_up(n):
    return jnp.arange(1, n + 1, 2)


def i34_odds_stop_one(n):
    return jnp.arange(n, 1, -2)


def i34_odds_stop_minus_two(n):
    return jnp.arange(n, -2, -2)


def i34_odds_positive_step(n):
    return jnp.arange(n, 0, 2)


def i34_odds_numpy(n):
    return np.arange(n, 0, -2)


def i34_odds_floats(n):
    return jnp.arange(n, 0, -2.0)


def i34_odds_fixed(n):
    return jnp.arange(19, 0, -2)


def i34_odds_every_number(n):
    return jnp.arange(n, 0, -1)


def i34_odds_flipped_page(n):
    return jnp.flip(jnp.arange(1, 20, 2))


def i34_odds_reversed_up(n):
    return jnp.arange(1, n, 2)[::-1]


def i34_odds_list(n):
    return list(range(n, 0, -2))


ODDS_DOWN = (
    Wrong("01.arange", "counted up, the old task", lambda: i34_odds_up, "ascending"),
    Wrong("01.arange", "stop at 1, as if included", lambda: i34_odds_stop_one, "stops-early"),
    Wrong("01.arange", "stop at -2: one too far", lambda: i34_odds_stop_minus_two, "past-one"),
    Wrong("01.arange", "a positive step", lambda: i34_odds_positive_step, "positive-step"),
    Wrong("01.arange", "np.arange", lambda: i34_odds_numpy, "numpy-array"),
    Wrong("01.arange", "a float step", lambda: i34_odds_floats, "floats"),
    Wrong("01.arange", "the notebook's 19 written in", lambda: i34_odds_fixed, "ignores-n"),
    Wrong("01.arange", "step -1", lambda: i34_odds_every_number, "step-one"),
    Wrong("01.arange", "1..19 flipped, n unused", lambda: i34_odds_flipped_page, "ignores-n"),
    Wrong("01.arange", "reversed, but n left out", lambda: i34_odds_reversed_up, "misses-n"),
    Wrong("01.arange", "a Python list", lambda: i34_odds_list, "python-range"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ODDS_DOWN)


# --- 01.center: one number subtracted per row, or for the whole of x, that is no row mean --
def s44_center_whole_median(x):
    return x - jnp.median(x)


def s44_center_first_row_mean(x):
    return x - jnp.mean(x[0])


def s44_center_row_midrange(x):
    return x - (x.max(axis=-1, keepdims=True) + x.min(axis=-1, keepdims=True)) / 2


def s44_center_first_element(x):
    return x - x[..., :1]


CENTER_SHIFTS = (
    Wrong("01.center", "the median of all of x", lambda: s44_center_whole_median, "one-shift"),
    Wrong(
        "01.center", "the first row's mean for all", lambda: s44_center_first_row_mean, "one-shift"
    ),
    Wrong(
        "01.center", "each row's midrange", lambda: s44_center_row_midrange, "row-shift-not-mean"
    ),
    Wrong(
        "01.center",
        "each row's first element",
        lambda: s44_center_first_element,
        "row-shift-not-mean",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *CENTER_SHIFTS)


def s44_center_copy(x):
    return jnp.array(x)


def s44_center_mean_of_centered(x):
    centered = x - jnp.mean(x, axis=-1, keepdims=True)
    return centered + jnp.mean(x, axis=-1, keepdims=True)  # undone


def s44_center_astype(x):
    return x.astype(jnp.float32)


UNCHANGED = (
    Wrong("01.center", "a copy of x", lambda: s44_center_copy, "unchanged"),
    Wrong(
        "01.center",
        "centered, then the mean added back",
        lambda: s44_center_mean_of_centered,
        "unchanged",
    ),
    Wrong("01.center", "x cast to float32", lambda: s44_center_astype, "unchanged"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *UNCHANGED)


# --- round 7: a size or a number of dimensions written into the code ----------------------
def s44_flag_fixed_three(m):
    a = np.array(m)
    a[0, 0] = a[1, 1] = a[2, 2] = -1
    return a


def s44_flag_range_three(m):
    a = np.array(m)
    a[range(3), range(3)] = -1
    return a


def s44_center_none_index(x):
    return x - x.mean(axis=-1)[:, None]


def s44_center_reshape_two_d(x):
    return x - jnp.mean(x, axis=-1)[:, jnp.newaxis]


FIXED_SHAPES = (
    Wrong(
        "01.numpy_copy",
        "three diagonal cells written out",
        lambda: s44_flag_fixed_three,
        "fixed-size",
    ),
    Wrong("01.numpy_copy", "range(3) as both indices", lambda: s44_flag_range_three, "fixed-size"),
    Wrong(
        "01.center", "[:, None] after the mean", lambda: s44_center_none_index, "indexed-axis-on-1d"
    ),
    Wrong("01.center", "[:, jnp.newaxis]", lambda: s44_center_reshape_two_d, "indexed-axis-on-1d"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *FIXED_SHAPES)


# --- round 8: a wrong diagnosis fixed ---------------------------------------------------
def r8_flag_two_indices(m):
    a = np.array(m)
    a[[0, 1], [0, 1]] = -1  # the diagonal of a 2 x 2 m
    return a


ROUND_8_FIXED = (
    Wrong(
        "01.numpy_copy",
        "diagonal indices hard-coded for 2x2",
        lambda: r8_flag_two_indices,
        "part-of-diagonal",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_8_FIXED)


# --- round 10: wrong diagnoses fixed --------------------------------------------------------
def r10f_flag_stops_short(m):
    a = np.array(m)
    for i in range(len(a) - 1):  # one short of the last row
        a[i, i] = -1
    return a


def r10f_flag_from_list(m):
    a = np.array(m.tolist())  # Python numbers: int64
    np.fill_diagonal(a, -1)
    return a


def r10f_center_column(x):
    means = jnp.mean(x, axis=-1)
    return x - means.reshape(means.size, 1)  # one column: fits 2-D only


ROUND_10_FIXED = (
    Wrong(
        "01.center",
        "means as one (size, 1) column",
        lambda: r10f_center_column,
        "means-in-one-column",
    ),
    Wrong(
        "01.numpy_copy",
        "range(len(a) - 1): the last one missed",
        lambda: r10f_flag_stops_short,
        "misses-last",
    ),
    Wrong(
        "01.numpy_copy",
        "rebuilt from m.tolist(): int64",
        lambda: r10f_flag_from_list,
        "widened-dtype",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_10_FIXED)


def r11f_cubes_from_first(v):
    cubes = v.astype(jnp.float32) ** 3
    return cubes[0] + jnp.sum(cubes[1:])  # the first cube to start from: none when v is empty


def r11f_flag_above(m):
    a = np.array(m)
    a.flat[1 :: len(a) + 1] = -1  # starts at 1: the diagonal above the main one
    return a


def r11f_center_axis_one(x):
    return x - jnp.mean(x, axis=1 if x.ndim > 1 else 0, keepdims=True)


ROUND_11_FIXED = (
    Wrong(OVERFLOW, "starts from cubes[0]", lambda: r11f_cubes_from_first, "fails-on-empty"),
    Wrong(
        "01.numpy_copy",
        "flat[1::n+1]: the diagonal above",
        lambda: r11f_flag_above,
        "off-the-diagonal",
    ),
    Wrong(
        "01.center",
        "axis 1 past 1-D, 3-D too",
        lambda: r11f_center_axis_one,
        "axis-last-for-2d-only",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_11_FIXED)


# --- round 13's families, fixed (issue 35) ---------------------------------------------------


def r13f_odds_none_below_one(n):
    if n < 3:
        return jnp.zeros(0, dtype=int)  # "no odd numbers below 3"
    return jnp.arange(n, 0, -2)


def r13f_odds_linspace_half(n):
    return jnp.linspace(n, 1, n // 2 + 2).astype(jnp.int32)  # one point too many


ROUND_13_FIXED = (
    Wrong(
        "01.arange",
        "n < 3 special-cased to an empty int array",
        lambda: r13f_odds_none_below_one,
        "empty-at-last",
    ),
    Wrong(
        "01.arange",
        "linspace with n // 2 + 2 points, as int32",
        lambda: r13f_odds_linspace_half,
        "linspace-count",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_13_FIXED)


# --- session 50 (f14a): round 14's linspace cut and nan on an empty v, named (issue 35) ---


def s50_odds_linspace_int(n):
    return jnp.linspace(n, 1, n // 2 + 1).astype(int)


def s50_cubes_mean_scaled(v):
    cubes = v.astype(jnp.float32) ** 3
    return cubes.mean() * len(v)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "01.arange",
        "linspace, n // 2 + 1 points, astype(int)",
        lambda: s50_odds_linspace_int,
        "linspace-cut",
    ),
    Wrong(
        "01.overflow_fix",
        "mean of the cubes times len(v)",
        lambda: s50_cubes_mean_scaled,
        "nan-on-empty",
    ),
)

# --- session 51 (f15a): round 15's generic families in 01, named (issue 35) -------------


def s51_odds_from_even_below(n):
    return jnp.arange(n - 1, 1, -2)  # 18, 16, ..., 2 for n = 19


def s51_flag_eye_times(m):
    return np.eye(len(m), dtype=np.asarray(m).dtype) * -1


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "01.arange",
        "from n - 1 by -2, stop 1: evens down to 2",
        lambda: s51_odds_from_even_below,
        "evens",
    ),
    Wrong(
        "01.numpy_copy",
        "identity times the flag: m's values gone",
        lambda: s51_flag_eye_times,
        "diagonal-alone",
    ),
)


# --- round 16: an integer dtype written in; the row means transposed ---------------------
def r16f_flag_as_int(m):
    a = np.asarray(m).astype(np.int32)  # the page's m is int32
    np.fill_diagonal(a, -1)
    return a


def r16f_flag_int_copy(m):
    a = np.array(m, dtype=int)
    a[np.arange(len(a)), np.arange(len(a))] = -1
    return a


def r16f_center_means_row(x):
    means = x.mean(axis=-1, keepdims=True)
    return x - means.T


def r16f_center_means_swapaxes(x):
    return x - jnp.swapaxes(jnp.mean(x, axis=-1, keepdims=True), 0, -1)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "01.numpy_copy",
        "astype(np.int32) before the fill",
        lambda: r16f_flag_as_int,
        "forced-integers",
    ),
    Wrong(
        "01.numpy_copy",
        "np.array(m, dtype=int), fancy index",
        lambda: r16f_flag_int_copy,
        "forced-integers",
    ),
    Wrong(
        "01.center", "keepdims means, then .T", lambda: r16f_center_means_row, "means-transposed"
    ),
    Wrong(
        "01.center",
        "keepdims means, swapaxes(0, -1)",
        lambda: r16f_center_means_swapaxes,
        "means-transposed",
    ),
)


# --- round 16: linspace's float32 points are a hair off their odd numbers; still floats


def r16f_odds_linspace_count(n):
    return jnp.linspace(n, 1, n // 2 + 1)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "01.arange",
        "linspace from n down to 1, n // 2 + 1 points",
        lambda: r16f_odds_linspace_count,
        "floats",
    ),
)


# --- round 18 (fix18-3): a read-only diagonal() view of a writable copy, not jax memory; a
# diagonal partly flagged, not set to another value (audit W: read-only-view, other-flag)


def r18f_copy_diagonal_view(m):
    a = np.array(m)
    a.diagonal()[:] = -1
    return a


def r18f_copy_loop_skips_first(m):
    a = np.array(m)
    for i in range(1, len(a)):
        a[i, i] = -1
    return a


def r18f_copy_odd_rows_only(m):
    a = np.array(m)
    for i in range(1, len(a), 2):  # every other row, from the second
        a[i, i] = -1
    return a


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "01.numpy_copy",
        "wrote through a.diagonal() view",
        lambda: r18f_copy_diagonal_view,
        named="diagonal-view",
    ),
    Wrong(
        "01.numpy_copy",
        "loop from 1 skips a[0, 0]",
        lambda: r18f_copy_loop_skips_first,
        named="misses-first",
    ),
    Wrong(
        "01.numpy_copy",
        "range(1, n, 2): every other diagonal element",
        lambda: r18f_copy_odd_rows_only,
        named="some-of-diagonal",
    ),
)


# ---- round 19's families (fix19-1) ---------------------------------------------------------


def r19f_center_double(x):
    y = x - jnp.mean(x, axis=-1, keepdims=True)
    return y - jnp.mean(y, axis=0, keepdims=True)  # columns centered too


def r19f_center_columns_first(x):
    y = x - x.mean(axis=0, keepdims=True)
    return y - y.mean(axis=-1, keepdims=True)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "01.center",
        "centers the columns afterwards too",
        lambda: r19f_center_double,
        named="centered-along-another-axis-too",
    ),
    Wrong(
        "01.center",
        "centers the columns first, then the rows",
        lambda: r19f_center_columns_first,
        named="centered-along-another-axis-too",
    ),
)


# ---- round 20's families (fix20-a) ---------------------------------------------------------


def r20f_overflow_mean(v):
    return jnp.mean(v.astype(jnp.float32) ** 3)


def r20f_overflow_back_to_int(v):
    return jnp.sum(v.astype(jnp.float32) ** 3).astype(jnp.int32)


def r20f_center_row_loop(x):
    return jnp.stack([row - row.mean() for row in x])


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong("01.overflow_fix", "jnp.mean, not jnp.sum", lambda: r20f_overflow_mean, "mean-not-sum"),
    Wrong(
        "01.overflow_fix",
        "right float32 sum, cast back to int32",
        lambda: r20f_overflow_back_to_int,
        named="back-to-int32",
    ),
    Wrong(
        "01.center",
        "a Python loop over the rows, stacked",
        lambda: r20f_center_row_loop,
        named="loop-over-first-axis",
    ),
)


# ---- round 21's families (fix21-a) ---------------------------------------------------------

from tests.content.wrong_answers.round21 import lesson01 as _r21  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "01.overflow_fix",
        "v**2 in int32 times float v",
        lambda: _r21.r21_overflow_square_in_int,
        named="power-partly-wrapped",
    ),
    Wrong(
        "01.overflow_fix",
        "formula for 0..n-1: assumes v = arange",
        lambda: _r21.r21_overflow_formula,
        named="length-only",
    ),
)
