"""Lesson 06: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers import Wrong

# The lesson's own x, as a learner's swap_ends might read it by mistake (06.set_first).
x = jnp.array([7, 2, 9, 4, -1])


def copy_then_update(x):
    y = x.copy()
    y.at[0].set(x[-1])
    y.at[-1].set(x[0])
    return y


def numpy_copy_and_assign(x):
    y = np.asarray(x).copy()
    y[0], y[-1] = y[-1], y[0]
    return y


def trailing_comma(x):
    y = (x.at[0].set(x[-1]).at[-1].set(x[0]),)
    return y


def swap_reading_the_update(x):
    # the NumPy temp-less swap, translated one line at a time
    y = x.at[0].set(x[-1])
    y = y.at[-1].set(y[0])
    return y


def swap_last_first(x):
    y = x.at[-1].set(x[0])
    y = y.at[0].set(y[-1])
    return y


def flip_it(x):
    return jnp.flip(x)


def s44_swap_notebook_x(v):
    # the lesson's x read instead of the argument
    return x.at[0].set(x[-1]).at[-1].set(x[0])


def s44_swap_numpy_temp(x):
    # the NumPy swap with a temporary, one .at[] per line, the temporary read last
    y = x
    y = y.at[0].set(y[-1])
    return y.at[-1].set(y[0])


def s44_swap_two_sets_on_x(x):
    # both updates made on x, the first one lost
    y = x.at[0].set(x[-1])
    y = x.at[-1].set(x[0])
    return y


def r1_swap_printed(x):
    return print(x.at[0].set(x[-1]).at[-1].set(x[0]))


# --- 06.scale_column --------------------------------------------------------------------


def assign_column(m, j, factor):
    m[:, j] = m[:, j] * factor
    return m


def scale_row_explicit(m, j, factor):
    return m.at[j, :].multiply(factor)


def index_update_port(m, j, factor):
    return jax.ops.index_update(m, jax.ops.index[:, j], m[:, j] * factor)


def one_based_column(m, j, factor):
    return m.at[:, j - 1].multiply(factor)


def no_return_column(m, j, factor):
    m.at[:, j].multiply(factor)


def numpy_copy_column(m, j, factor):
    out = np.array(m, dtype=np.float32)
    out[:, j] *= factor
    return out


def ref_times_factor(m, j, factor):
    return m.at[:, j] * factor


def hardcoded_column(m, j, factor):
    return m.at[:, 1].multiply(factor)


def columns_from_j(m, j, factor):
    return m.at[:, j:].multiply(factor)


def set_product(m, j, factor):
    return m.at[:, j].set(m[j] * factor)


# --- 06.count_labels --------------------------------------------------------------------


def loop_without_assign(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    for label in labels:
        counts.at[label].add(1)
    return counts


def bincount_no_length(labels, n):
    return jnp.bincount(labels)


def numpy_bincount(labels, n):
    labels = np.asarray(labels)
    return np.bincount(labels[labels >= 0], minlength=n)


def zeros_like_labels(labels, n):
    return jnp.zeros_like(labels).at[labels].add(1)


def add_at_numpy(labels, n):
    counts = np.zeros(n, dtype=int)
    np.add.at(counts, np.asarray(labels), 1)
    return counts


def unique_counts(labels, n):
    _, counts = jnp.unique(labels, return_counts=True)
    return counts


def literal_port(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    return counts.at[labels].set(counts[labels] + 1)


def histogram_counts(labels, n):
    return jnp.histogram(labels, bins=n, range=(0, n))[0]


def one_hot_sum(labels, n):
    return jax.nn.one_hot(labels, n).sum(axis=0)


def forgot_return_counts(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    counts = counts.at[labels].add(1)  # noqa: F841


def unique_tuple(labels, n):
    return jnp.unique(labels, return_counts=True)


def count_labels_numpy(labels, n):  # the lesson's NumPy function
    counts = np.zeros(n, dtype=int)
    for label in labels:
        if label >= 0:  # -1 is padding
            counts[label] += 1
    return counts


def loop_kept(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    for label in labels:
        if label >= 0:
            counts = counts.at[label].add(1)
    return counts


def comprehension_per_label(labels, n):
    return jnp.array([jnp.sum(labels == i) for i in range(n)], dtype=jnp.int32)


def numpy_function_wrapped(labels, n):
    return jnp.asarray(count_labels_numpy(np.asarray(labels), n), dtype=jnp.int32)


def columns_through_j(m, j, factor):
    return m.at[:, : j + 1].multiply(factor)


WRONG_ANSWERS = (
    # 06.set_first
    Wrong(
        "06.set_first",
        "x.copy(), then .at[] twice, results dropped",
        lambda: copy_then_update,
        "unchanged",
    ),
    Wrong(
        "06.set_first", "NumPy copy, swapped in place", lambda: numpy_copy_and_assign, "numpy-copy"
    ),
    Wrong("06.set_first", "a trailing comma makes a tuple", lambda: trailing_comma, "in-a-tuple"),
    Wrong(
        "06.set_first", "second update reads y", lambda: swap_reading_the_update, "both-ends-last"
    ),
    Wrong(
        "06.set_first", "last end first, then reads y", lambda: swap_last_first, "both-ends-first"
    ),
    Wrong("06.set_first", "jnp.flip: the whole array", lambda: flip_it, "reversed"),
    Wrong(
        "06.set_first",
        ".tolist() at the end",
        lambda: lambda x: x.at[0].set(x[-1]).at[-1].set(x[0]).tolist(),
        "python-list",
    ),
    Wrong(
        "06.set_first",
        ".set without calling it",
        lambda: lambda x: x.at[0].set,
        "method-not-called",
    ),
    Wrong(
        "06.set_first",
        "only the first end written",
        lambda: lambda x: x.at[0].set(x[-1]),
        "both-ends-last",
    ),
    Wrong("06.set_first", "argsort-free sort", lambda: lambda x: jnp.sort(x), "sorted"),
    Wrong("06.set_first", "jnp.roll by one", lambda: lambda x: jnp.roll(x, 1), "rotated"),
    # 06.out_of_bounds
    Wrong("06.out_of_bounds", "the error's name", lambda: "IndexError", "numpy-index-error"),
    Wrong("06.out_of_bounds", "lowercase a", lambda: "a", "clamped-like-read"),
    Wrong(
        "06.out_of_bounds",
        "the array written out",
        lambda: "Array([1, 2, 3])",
        says="one of",
    ),
    Wrong("06.out_of_bounds", "ran it and kept the array", lambda: x.at[10].set(5), "ran-it"),
    # 06.out_of_bounds now asks about x.at[jnp.array([0, 10])].set(7): C is the whole update
    # dropped, so the letters written for "C" are labelled with its new mistake
    Wrong("06.out_of_bounds", "' C ' with spaces", lambda: " C ", "whole-update-dropped"),
    Wrong("06.out_of_bounds", "the word 'clamped'", lambda: "clamped", says="one of"),
    # 06.scale_column
    Wrong("06.scale_column", "m[:, j] = ... in place", lambda: assign_column, "mutates-input"),
    Wrong("06.scale_column", "m.at[j, :]: a row", lambda: scale_row_explicit, "scaled-row"),
    Wrong("06.scale_column", "index_update port", lambda: index_update_port, "removed-api"),
    Wrong(
        "06.scale_column",
        "j - 1: counting columns from one",
        lambda: one_based_column,
        "one-based-column",
    ),
    Wrong("06.scale_column", "no return", lambda: no_return_column, "returns-none"),
    Wrong(
        "06.scale_column",
        "a NumPy copy scaled in place",
        lambda: numpy_copy_column,
        "float-products",
    ),
    Wrong("06.scale_column", "m.at[:, j] * factor", lambda: ref_times_factor, "ref-not-array"),
    Wrong("06.scale_column", "column 1 hardcoded", lambda: hardcoded_column, "fixed-column"),
    Wrong(
        "06.scale_column",
        "m.at[:, j:]: the columns from j on",
        lambda: columns_from_j,
        "other-columns",
    ),
    Wrong("06.scale_column", "set to m[j] * factor", lambda: set_product, "wrong-length-update"),
    # 06.count_labels
    Wrong("06.count_labels", "a loop of .at[] not kept", lambda: loop_without_assign, "discarded"),
    Wrong(
        "06.count_labels",
        "jnp.bincount without length",
        lambda: bincount_no_length,
        "sized-by-labels",
    ),
    Wrong(
        "06.count_labels",
        "np.bincount",
        lambda: numpy_bincount,
        says="NumPy needs real numbers",
    ),
    Wrong("06.count_labels", "zeros_like(labels)", lambda: zeros_like_labels, "one-per-sample"),
    Wrong(
        "06.count_labels",
        "np.add.at on a NumPy array, the padding added too",
        lambda: add_at_numpy,
        "padding-counted-last",
    ),
    Wrong("06.count_labels", "jnp.unique counts", lambda: unique_counts, "present-only"),
    Wrong("06.count_labels", "counts[labels] + 1, set", lambda: literal_port, "presence"),
    Wrong("06.count_labels", "jnp.histogram", lambda: histogram_counts, "float-counts"),
    Wrong("06.count_labels", "one_hot(...).sum(0)", lambda: one_hot_sum, "float-counts"),
    Wrong("06.count_labels", "no return", lambda: forgot_return_counts, "returns-none"),
    Wrong("06.count_labels", "jnp.unique's pair", lambda: unique_tuple, "returns-tuple"),
    Wrong("06.count_labels", "a loop of .at[] updates, kept", lambda: loop_kept, "python-loop"),
    Wrong(
        "06.count_labels",
        "a comprehension over range(n)",
        lambda: comprehension_per_label,
        "python-loop",
    ),
    Wrong(
        "06.count_labels",
        "the lesson's NumPy function, wrapped",
        lambda: numpy_function_wrapped,
        "python-loop",
    ),
)


# --- held out: written before the grader saw them, then labelled ---------------------------


def scale_by_power(m, j, factor):
    return m.at[:, j].power(factor)


def scale_by_divide(m, j, factor):
    return m.at[:, j].divide(factor)


def row_set_times(m, j, factor):
    return m.at[j].set(m[j] * factor)


def copy_then_in_place(m, j, factor):
    m = m.copy()
    m[:, j] *= factor
    return m


def numpy_view_in_place(m, j, factor):
    m = np.asarray(m)
    m[:, j] = m[:, j] * factor
    return jnp.asarray(m)


def swapped_j_factor(m, j, factor):
    return m.at[:, factor].multiply(j)


def numpy_vectorized_count(labels, n):
    counts = np.zeros(n, dtype=np.int32)
    counts[np.asarray(labels)] += 1
    return jnp.asarray(counts)


def one_count_too_many(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)


def counts_from_ones(labels, n):
    return jnp.ones(n, dtype=jnp.int32).at[labels].add(labels >= 0)


def total_count(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1).sum()


def one_hot_unsummed(labels, n):
    return jax.nn.one_hot(labels, n, dtype=jnp.int32)


def bincount_as_float(labels, n):
    return jnp.bincount(labels, length=n).astype(jnp.float32)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.set_first",
        "only the last end written",
        lambda: lambda x: x.at[-1].set(x[0]),
        "both-ends-first",
    ),
    Wrong("06.set_first", "return print(...): None", lambda: r1_swap_printed, named="returns-none"),
    Wrong(
        "06.set_first",
        "[None]: a 1x5 row",
        lambda: lambda x: x.at[0].set(x[-1]).at[-1].set(x[0])[None],
        says="values are right",
    ),
    Wrong(
        "06.set_first",
        ".astype(float) at the end",
        lambda: lambda x: x.at[0].set(x[-1]).at[-1].set(x[0]).astype(float),
        "float-copy",
    ),
    Wrong("06.out_of_bounds", "the mode's name 'clip'", lambda: "clip", says="one of"),
    Wrong("06.out_of_bounds", "'B or C'", lambda: "B or C", says="one of"),
    Wrong("06.out_of_bounds", "True", lambda: True, says="as a string"),
    Wrong("06.out_of_bounds", "lower-case d", lambda: "d", "numpy-index-error"),
    Wrong("06.out_of_bounds", "the array typed as a string", lambda: "[1, 2, 5]", says="one of"),
    Wrong("06.scale_column", "m.at[j].set(m[j] * factor)", lambda: row_set_times, "scaled-row"),
    Wrong(
        "06.scale_column",
        "m.copy(), then in place",
        lambda: copy_then_in_place,
        says="JAX arrays are immutable",
    ),
    Wrong("06.scale_column", ".power(factor)", lambda: scale_by_power, "power-not-multiplied"),
    Wrong("06.scale_column", ".divide(factor)", lambda: scale_by_divide, "divided-not-multiplied"),
    Wrong(
        "06.scale_column",
        "np.asarray, assigned in place",
        lambda: numpy_view_in_place,
        "mutates-input",
    ),
    Wrong("06.scale_column", "j and factor swapped", lambda: swapped_j_factor, "float-index"),
    Wrong("06.scale_column", "m.at[:, :j + 1]", lambda: columns_through_j, "other-columns"),
    Wrong(
        "06.count_labels", "NumPy's counts[labels] += 1", lambda: numpy_vectorized_count, "presence"
    ),
    Wrong("06.count_labels", "zeros(n + 1)", lambda: one_count_too_many, says="too many"),
    Wrong(
        "06.count_labels",
        "counts start from ones",
        lambda: counts_from_ones,
        named="started-from-ones",
    ),
    Wrong("06.count_labels", "summed to one total", lambda: total_count, "total"),
    Wrong(
        "06.count_labels", "one_hot rows, never summed", lambda: one_hot_unsummed, "one-hot-rows"
    ),
    Wrong(
        "06.count_labels",
        "bincount as float32, the padding as 0",
        lambda: bincount_as_float,
        "padding-counted-first",
    ),
)


# --- round 2: written from the lesson's text alone (issue 21), then labelled ---------------


def r2_scale_mul(m, j, factor):
    return m.at[:, j].mul(factor)


def r2_scale_from_j_on(m, j, factor):
    return m.at[:, j:].multiply(factor)


def r2_scale_augmented(m, j, factor):
    m.at[:, j] *= factor
    return m


def r2_scale_int_factor(m, j, factor):
    return m.at[:, j].multiply(int(factor))


def r2_scale_result_dropped(m, j, factor):
    m.at[:, j].multiply(factor)
    return m


def r2_count_histogram(labels, n):
    return jnp.histogram(labels, bins=n)[0]


def r2_count_unique(labels, n):
    return jnp.unique(labels, return_counts=True)[1]


def r2_count_from_ones(labels, n):
    return jnp.ones(n, jnp.int32).at[jnp.where(labels < 0, n, labels)].add(1)


def r2_count_one_too_many(labels, n):
    return jnp.zeros(n + 1, jnp.int32).at[labels].add(1)


def r2_count_one_hot(labels, n):
    return jax.nn.one_hot(labels, n).sum(axis=0)


ROUND_2 = (
    Wrong(
        "06.set_first",
        "the swap typed out as floats",
        lambda: lambda x: jnp.array([-1.0, 2.0, 9.0, 4.0, 7.0]),
        named="typed-out",
    ),
    Wrong("06.set_first", "x[::-1]", lambda: lambda x: x[::-1], named="reversed"),
    Wrong(
        "06.set_first",
        "(swap, x): the original kept beside it",
        lambda: lambda x: (x.at[0].set(x[-1]).at[-1].set(x[0]), x),
        named="in-a-tuple",
    ),
    Wrong("06.out_of_bounds", '"A": clamped', lambda: "A", named="clamped-like-read"),
    # (C is now "the whole update dropped": the label follows the redesigned question)
    Wrong("06.out_of_bounds", '"C": lost past the end', lambda: "C", named="whole-update-dropped"),
    Wrong("06.out_of_bounds", '"D": IndexError', lambda: "D", named="numpy-index-error"),
    Wrong(
        "06.out_of_bounds",
        '"C or B"',
        lambda: "C or B",
        says="'C or B' names 2 options; the question asks for one",
    ),
    Wrong("06.out_of_bounds", "[1, 2, 3], the result typed", lambda: [1, 2, 3], named="ran-it"),
    Wrong(
        "06.scale_column", "columns j and after", lambda: r2_scale_from_j_on, named="other-columns"
    ),
    Wrong(
        "06.scale_column", "m.at[:, j] *= factor", lambda: r2_scale_augmented, named="ref-not-array"
    ),
    Wrong("06.scale_column", "int(factor)", lambda: r2_scale_int_factor, named="factor-rounded"),
    Wrong(
        "06.scale_column",
        "the update's result dropped",
        lambda: r2_scale_result_dropped,
        named="unchanged",
    ),
    Wrong(
        "06.count_labels",
        "jnp.histogram(labels, bins=n)",
        lambda: r2_count_histogram,
        named="histogram-bins",
    ),
    Wrong("06.count_labels", "jnp.unique's counts", lambda: r2_count_unique, named="present-only"),
    Wrong(
        "06.count_labels",
        "counting from ones",
        lambda: r2_count_from_ones,
        named="started-from-ones",
    ),
    Wrong(
        "06.count_labels",
        "n + 1 counters",
        lambda: r2_count_one_too_many,
        says="It has shape (6,), but the expected shape is",
    ),
    Wrong("06.count_labels", "one_hot summed", lambda: r2_count_one_hot, named="float-counts"),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_2)

# --- round 3: written from the lesson's text alone; unlabelled, measured by rounds.py -------


def r3_scale_row(m, j, factor):
    return m.at[j].multiply(factor)


def r3_scale_column_only(m, j, factor):
    return m[:, j] * factor


def r3_scale_result_dropped(m, j, factor):
    m.at[:, j].multiply(factor)
    return m


def r3_count_set_one(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].set(1)


def r3_count_float_zeros(labels, n):
    return jnp.zeros(n).at[labels].add(1)


def r3_count_bincount(labels, n):
    return jnp.bincount(labels)


ROUND_3 = (
    Wrong("06.set_first", "x.at[0] without .set", lambda: lambda x: x.at[0], named="no-method"),
    Wrong("06.out_of_bounds", '"A": clamped like the read', lambda: "A"),
    Wrong("06.out_of_bounds", '"D": IndexError as NumPy', lambda: "D"),
    Wrong("06.out_of_bounds", "the option's words for B", lambda: "the update is dropped"),
    Wrong("06.scale_column", "m.at[j]: row j scaled", lambda: r3_scale_row),
    Wrong("06.scale_column", "only the scaled column returned", lambda: r3_scale_column_only),
    Wrong(
        "06.scale_column",
        ".at[].multiply result dropped, m returned",
        lambda: r3_scale_result_dropped,
    ),
    Wrong("06.count_labels", ".at[labels].set(1): presence", lambda: r3_count_set_one),
    Wrong("06.count_labels", "jnp.zeros(n) float counts", lambda: r3_count_float_zeros),
    Wrong("06.count_labels", "jnp.bincount without length", lambda: r3_count_bincount),
)
# Round 3 joins the corpus where it found a family: its labelled answers.
WRONG_ANSWERS = (*WRONG_ANSWERS, *(w for w in ROUND_3 if not w.expects_generic))


# --- Issue 35's round: answers that the regular inputs let through -------------------------


def r4_count_reduce(labels, n):
    # no for, no comprehension: reduce calls the lambda once per label all the same
    # (round 4's answer, given the padding check the task has had since)
    return functools.reduce(
        lambda counts, label: counts.at[label].add(label >= 0),
        labels,
        jnp.zeros(n, dtype=jnp.int32),
    )


def r4_count_map_one_hot(labels, n):
    return sum(map(lambda label: jax.nn.one_hot(label, n, dtype=jnp.int32), labels))


def r4_count_exec(labels, n):
    scope = {"jnp": jnp, "labels": labels, "n": n}
    exec(
        "counts = jnp.zeros(n, dtype=jnp.int32)\n"
        "for label in labels:\n"
        "    if label >= 0:\n"
        "        counts = counts.at[label].add(1)\n",
        scope,
    )
    return scope["counts"]


def r4_count_reduce_tolist(labels, n):
    return functools.reduce(
        lambda counts, label: counts.at[label].add(1) if label >= 0 else counts,
        labels.tolist(),
        jnp.zeros(n, dtype=jnp.int32),
    )


ROUND_4 = (
    Wrong(
        "06.count_labels",
        "functools.reduce over the labels",
        lambda: r4_count_reduce,
        "python-per-label",
    ),
    Wrong(
        "06.count_labels",
        "sum(map(one_hot, labels))",
        lambda: r4_count_map_one_hot,
        "python-per-label",
    ),
    Wrong(
        "06.count_labels", "the loop in a string, exec'd", lambda: r4_count_exec, "python-per-label"
    ),
    Wrong(
        "06.count_labels",
        "reduce over labels.tolist()",
        lambda: r4_count_reduce_tolist,
        "python-per-label",
    ),
)
ROUND_4 = (
    *ROUND_4,
    Wrong(
        "06.count_labels",
        "reduce, jitted with n static",
        lambda: jax.jit(r4_count_reduce, static_argnums=1),
        "python-per-label",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_4)


# --- 06.count_labels and 06.scale_column redesigned (labels padded with -1; an int32 table
# scaled to float32): answers to the new tasks, written before the grader saw them.


def r6_count_mode_drop(labels, n):
    # mode="drop" drops indices out of bounds; -1 is not one
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1, mode="drop")


def r6_count_bincount_length(labels, n):
    return jnp.bincount(labels, length=n)


def r6_count_clip(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.clip(labels, 0, n - 1)].add(1)


def r6_count_abs(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.abs(labels)].add(1)


def r6_count_float_where(labels, n):
    return jnp.zeros(n).at[labels].add(jnp.where(labels >= 0, 1.0, 0.0))


def r6_scale_kept_int(m, j, factor):
    return m.at[:, j].multiply(factor)


def r6_scale_cast_after(m, j, factor):
    return m.at[:, j].multiply(factor).astype(jnp.float32)


def r6_scale_row_as_float(m, j, factor):
    return jnp.asarray(m, dtype=jnp.float32).at[j].multiply(factor)


def r6_scale_set_as_float(m, j, factor):
    return m.astype(jnp.float32).at[:, j].set(factor)


def r6_scale_numpy_int_copy(m, j, factor):
    out = np.asarray(m).copy()
    out[:, j] *= factor
    return jnp.asarray(out, dtype=jnp.float32)


def r6_swap_add(x):
    return x.at[0].add(x[-1]).at[-1].add(x[0])


def r6_swap_second_last(x):
    return x.at[-2].set(x[0]).at[0].set(x[-1])


def r6_swap_from_one(x):
    return x.at[1].set(x[-1]).at[-1].set(x[1])


def r6_count_numpy_minlength(labels, n):
    return jnp.asarray(np.bincount(np.asarray(labels), minlength=n), dtype=jnp.int32)


def r6_count_one_hot_wrong_axis(labels, n):
    return (labels[:, None] == jnp.arange(n)[None, :]).sum(axis=1).astype(jnp.int32)


REDESIGNED = (
    Wrong(
        "06.count_labels",
        "np.bincount with minlength, padding and all",
        lambda: r6_count_numpy_minlength,
        "numpy-bincount-negative",
    ),
    Wrong(
        "06.count_labels",
        "one-hot comparison summed over the labels' axis",
        lambda: r6_count_one_hot_wrong_axis,
        "one-per-sample",
    ),
    Wrong(
        "06.scale_column",
        "a NumPy int copy scaled in place",
        lambda: r6_scale_numpy_int_copy,
        "numpy-int-in-place",
    ),
    Wrong("06.set_first", ".add at both ends", lambda: r6_swap_add, "ends-added"),
    Wrong(
        "06.set_first", "the first end written at -2", lambda: r6_swap_second_last, "middle-changed"
    ),
    Wrong("06.set_first", "indices counted from 1", lambda: r6_swap_from_one, "middle-changed"),
    Wrong(
        "06.count_labels",
        "add with mode='drop'",
        lambda: r6_count_mode_drop,
        "padding-counted-last",
    ),
    Wrong(
        "06.count_labels",
        "jnp.bincount with length",
        lambda: r6_count_bincount_length,
        "padding-counted-first",
    ),
    Wrong(
        "06.count_labels",
        "labels clipped to 0..n-1",
        lambda: r6_count_clip,
        "padding-counted-first",
    ),
    Wrong(
        "06.count_labels", "abs of the labels", lambda: r6_count_abs, "padding-counted-as-a-label"
    ),
    Wrong(
        "06.count_labels",
        "padding skipped, float counts",
        lambda: r6_count_float_where,
        "float-counts",
    ),
    Wrong(
        "06.scale_column",
        "the int32 table updated as is",
        lambda: r6_scale_kept_int,
        "truncated",
    ),
    Wrong(
        "06.scale_column",
        "converted to float32 after the update",
        lambda: r6_scale_cast_after,
        "truncated",
    ),
    Wrong("06.scale_column", "row j of a float copy", lambda: r6_scale_row_as_float, "scaled-row"),
    Wrong(
        "06.scale_column",
        "float copy, column set to factor",
        lambda: r6_scale_set_as_float,
        "set-not-multiply",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *REDESIGNED)


SWAP_ENDS = (  # 06.set_first as a function (issue 35: an array typed out passed the value form)
    Wrong(
        "06.set_first",
        "the lesson's x read, not the argument",
        lambda: s44_swap_notebook_x,
        "typed-out",
    ),
    Wrong(
        "06.set_first",
        "a temporary y = x, each end read from y",
        lambda: s44_swap_numpy_temp,
        "both-ends-last",
    ),
    Wrong(
        "06.set_first",
        "two updates of x, the first one dropped",
        lambda: s44_swap_two_sets_on_x,
        "both-ends-first",
    ),
    Wrong(
        "06.set_first",
        "the swap of the lesson's x typed out",
        lambda: lambda x: jnp.array([-1, 2, 9, 4, 7]),
        "typed-out",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *SWAP_ENDS)


def s44_count_ones_padding_counted(labels, n):
    return jnp.ones(n, dtype=jnp.int32).at[labels].add(1)


def s44_count_ones_like(labels, n):
    counts = jnp.ones_like(jnp.arange(n))
    return counts.at[jnp.where(labels >= 0, labels, n)].add(1)


def s44_count_full_one(labels, n):
    return jnp.full(n, 1, dtype=jnp.int32).at[labels].add(labels >= 0)


STARTED_FROM_ONES = (  # round 6's 'starts from jnp.ones' got only '5 of 5 values differ'
    Wrong(
        "06.count_labels",
        "jnp.ones, padding counted as n - 1",
        lambda: s44_count_ones_padding_counted,
        "started-from-ones",
    ),
    Wrong(
        "06.count_labels",
        "ones_like of an arange, padding sent past the end",
        lambda: s44_count_ones_like,
        "started-from-ones",
    ),
    Wrong(
        "06.count_labels",
        "jnp.full(n, 1), the mask added",
        lambda: s44_count_full_one,
        "started-from-ones",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *STARTED_FROM_ONES)


# Round 7's families (issue 35): rounded products, label 0 dropped with the padding (both
# were generic), and 06.set_first's indices written for a 5-long x, or each end rewritten
# with its own value (told "the new array was not kept", a cause it did not have).


def s44_scale_rounded(m, j, factor):
    return jnp.round(m.astype(jnp.float32).at[:, j].multiply(factor))


def s44_scale_rint_column(m, j, factor):
    table = m.astype(jnp.float32)
    return table.at[:, j].set(jnp.rint(table[:, j] * factor))


def s44_scale_around(m, j, factor):
    return jnp.around(m.astype(jnp.float32).at[:, j].multiply(factor))


def s44_count_positive_mask(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels > 0)


def s44_count_positive_where(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels > 0, labels, n)].add(1)


def s44_count_positive_drop(labels, n):
    safe = jnp.where(labels > 0, labels, n)
    return jnp.zeros(n, dtype=jnp.int32).at[safe].add(1, mode="drop")


def s44_swap_index_four(x):
    return x.at[0].set(x[4]).at[4].set(x[0])


def s44_swap_len_of_lesson_x(x):
    last = 4  # len(x) - 1 for the lesson's x
    y = x.at[0].set(x[last])
    return y.at[last].set(x[0])


def s44_swap_same_order(x):
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends])


ROUND_7_FAMILIES = (
    Wrong(
        "06.scale_column", "jnp.round of the result", lambda: s44_scale_rounded, "other-rounding"
    ),
    Wrong(
        "06.scale_column", "jnp.rint on the column", lambda: s44_scale_rint_column, "other-rounding"
    ),
    Wrong(
        "06.scale_column", "jnp.around of the result", lambda: s44_scale_around, "other-rounding"
    ),
    Wrong(
        "06.count_labels",
        "labels > 0 as the mask",
        lambda: s44_count_positive_mask,
        "label-zero-skipped",
    ),
    Wrong(
        "06.count_labels",
        "labels > 0 kept, the rest sent past the end",
        lambda: s44_count_positive_where,
        "label-zero-skipped",
    ),
    Wrong(
        "06.count_labels",
        "labels > 0 kept, mode='drop'",
        lambda: s44_count_positive_drop,
        "label-zero-skipped",
    ),
    Wrong("06.set_first", "index 4 for the last", lambda: s44_swap_index_four, "five-long-only"),
    Wrong(
        "06.set_first",
        "last = 4 from the lesson's x",
        lambda: s44_swap_len_of_lesson_x,
        "five-long-only",
    ),
    Wrong(
        "06.set_first",
        "the same order on both sides of the fancy index",
        lambda: s44_swap_same_order,
        "unchanged",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *ROUND_7_FAMILIES)


def s44_count_padding_to_zero(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels < 0, 0, labels)].add(1)


def s44_count_maximum_zero(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.maximum(labels, 0)].add(1)


PADDING_MADE_ZERO = (  # round 7's 'padding sent to label 0' was told jnp.bincount did it
    Wrong(
        "06.count_labels",
        "the padding replaced by 0",
        lambda: s44_count_padding_to_zero,
        "padding-counted-first",
    ),
    Wrong(
        "06.count_labels",
        "jnp.maximum(labels, 0)",
        lambda: s44_count_maximum_zero,
        "padding-counted-first",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *PADDING_MADE_ZERO)


# --- session 45: 06.out_of_bounds asks about x.at[jnp.array([0, 10])].set(7); the reveal
# cell's one-index update shows the write dropped, which B and C both give.
S45 = (
    Wrong(
        "06.out_of_bounds",
        "C: the reveal's x.at[10].set(5) came back unchanged, so this does too",
        lambda: "C",
        named="whole-update-dropped",
    ),
    Wrong(
        "06.out_of_bounds",
        "ran the asked update and kept its array",
        lambda: jnp.array([1, 2, 3]).at[jnp.array([0, 10])].set(7),
        "ran-it",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S45)


# --- session 45: the auditor's wrong diagnosis of 06.scale_column: an answer that only casts
# m was told of an .at[] update it never made; "unchanged" now needs .at in the code.


def s45_scale_cast_only(m, j, factor):
    return m.astype(jnp.float32)


def s45_scale_asarray_only(m, j, factor):
    return jnp.asarray(m, dtype=jnp.float32)


def s45_scale_update_dropped(m, j, factor):
    out = m.astype(jnp.float32)
    out.at[:, j].multiply(factor)  # the new array is thrown away
    return out


S45_SCALE = (
    Wrong(
        "06.scale_column",
        "only cast with astype",
        lambda: s45_scale_cast_only,
        "unchanged-no-update",
    ),
    Wrong(
        "06.scale_column",
        "only converted with jnp.asarray",
        lambda: s45_scale_asarray_only,
        "unchanged-no-update",
    ),
    Wrong(
        "06.scale_column",
        "the .at[] update's result thrown away",
        lambda: s45_scale_update_dropped,
        "unchanged",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S45_SCALE)


# 06.set_first as a fix of the lesson's port (swap_ends_port, session 46): the cheap routes
# a reader takes from the page, each refused with what it did.


def s46_port_copied(x):
    # the port above, renamed: both updates thrown away
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def s46_port_with_error_fix(x):
    # the error's "x = x.at[idx].set(y)" applied to each line of the port
    x = x.at[0].set(x[-1])
    x = x.at[-1].set(x[0])
    return x


def s46_port_returns_second_update(x):
    x.at[0].set(x[-1])
    return x.at[-1].set(x[0])  # only the last update kept


S46_PORT = (
    Wrong(
        "06.set_first", "the port renamed, updates dropped", lambda: s46_port_copied, "unchanged"
    ),
    Wrong(
        "06.set_first",
        "the error's x = x.at[...] on each line of the port",
        lambda: s46_port_with_error_fix,
        "both-ends-last",
    ),
    Wrong(
        "06.set_first",
        "only the port's second update returned",
        lambda: s46_port_returns_second_update,
        "both-ends-first",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S46_PORT)


# 06.set_first, round 9 (session 46): a swap assembled from slices, wrong on a 1-long x (the
# check now has one), and the last end never written, each said as what it did.


def s46b_swap_concat(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])  # a 1-long x comes back 2 long


def s46b_swap_stacked_ends(x):
    return jnp.hstack([x[-1], x[1:-1], x[0]])


def s46b_swap_len_index(x):
    n = len(x)
    return x.at[0].set(x[n]).at[n].set(x[0])  # x[n] clamps, the write at n is dropped


def s46b_swap_second_not_kept(x):
    y = x.at[0].set(x[-1])
    y.at[-1].set(x[0])
    return y


S46B_SWAP = (
    Wrong(
        "06.set_first",
        "slices of the ends concatenated",
        lambda: s46b_swap_concat,
        named="one-long-doubled",
    ),
    Wrong(
        "06.set_first",
        "the ends and the middle stacked",
        lambda: s46b_swap_stacked_ends,
        named="one-long-doubled",
    ),
    Wrong(
        "06.set_first",
        "len(x) as the last index",
        lambda: s46b_swap_len_index,
        named="both-ends-last",
    ),
    Wrong(
        "06.set_first",
        "the second update's result not kept",
        lambda: s46b_swap_second_not_kept,
        named="both-ends-last",
    ),
)
WRONG_ANSWERS = (*WRONG_ANSWERS, *S46B_SWAP)


# 06.count_labels, round 9 (session 46): -1 taken for the first of n + 1 slots (it is the last).


def s46b_count_front_slot(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)[1:]


def s46b_count_front_slot_sliced(labels, n):
    counts = jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)
    return counts[1 : n + 1]


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.count_labels",
        "n + 1 slots, the first dropped for -1",
        lambda: s46b_count_front_slot,
        named="padding-slot-first",
    ),
    Wrong(
        "06.count_labels",
        "n + 1 slots, counts[1 : n + 1] kept",
        lambda: s46b_count_front_slot_sliced,
        named="padding-slot-first",
    ),
)


# --- round 10: a wrong answer once accepted, a wrong diagnosis fixed -----------------------
def r10f_swap_by_differences(x):
    first, last = x[0], x[-1]
    return x.at[0].add(last - first).at[-1].add(first - last)  # inexact in floats


def r10f_scale_back_to_table_dtype(m, j, factor):
    scaled = m.astype(jnp.float32).at[:, j].multiply(factor)
    return scaled.astype(m.dtype)  # int32 again: the fractions cut off


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.set_first",
        "moved each end by adding the difference",
        lambda: r10f_swap_by_differences,
        "swapped-by-arithmetic",
    ),
    Wrong(
        "06.scale_column",
        "scaled a float copy, then cast back to m.dtype",
        lambda: r10f_scale_back_to_table_dtype,
        "cut-toward-zero",
    ),
)


# --- session 48: round 11's generic swap, named (issue 35) ---------------------------------
def s48_swap_second_to_end(x):
    first, last = x[1], x[-1]  # "the first" counted from 1
    return x.at[0].set(last).at[-1].set(first)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.set_first",
        "the second element written to the last end",
        lambda: s48_swap_second_to_end,
        named="second-to-last-end",
    ),
)


# --- session 49: round 13's negative j and weighted padding, named (issue 35) -------------
def s49_scale_where_column_equals_j(m, j, factor):
    columns = jnp.arange(m.shape[1])
    return jnp.where(columns == j, jnp.floor(m * factor), m).astype(m.dtype)  # none is -2


def s49_scale_add_scaled_column(m, j, factor):
    m = m.astype(jnp.float32)
    return m.at[:, j].add(factor * m[:, j])  # column + factor * column


def s49_count_padding_weight_minus_one(labels, n):
    weights = jnp.where(labels < 0, -1, 1)  # "cancel" the padding: it still lands at n - 1
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(weights)


# --- session 49 (j06): 06.scale_column keeps the int32 table and rounds column j (floor on
# the page; ceil and round in variants). The held-out reader's join (the old task's answer)
# and the routes next to it, each refused for what it gets wrong.


def s49_scale_old_join_float16(m, j, factor):
    return m.astype(jnp.float16).at[:, j].multiply(factor)


def s49_scale_floor_of_float_table(m, j, factor):
    return jnp.floor(m.astype(jnp.float32).at[:, j].multiply(factor))


def s49_scale_ceil_into_table(m, j, factor):
    return m.at[:, j].set(jnp.ceil(m[:, j] * factor).astype(m.dtype))


def s49_scale_trunc_into_table(m, j, factor):
    return m.at[:, j].set(jnp.trunc(m[:, j] * factor).astype(m.dtype))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.scale_column",
        "where(arange(width) == j, ...): a negative j matches no column",
        lambda: s49_scale_where_column_equals_j,
        named="negative-column",
    ),
    Wrong(
        "06.scale_column",
        ".at[:, j].add(factor * column): times 1 + factor",
        lambda: s49_scale_add_scaled_column,
        named="product-added",
    ),
    Wrong(
        "06.count_labels",
        "padding weighted -1, at label n - 1",
        lambda: s49_count_padding_weight_minus_one,
        named="padding-weighted-last",
    ),
    Wrong(
        "06.scale_column",
        "the old float16 join: astype, then .multiply",
        lambda: s49_scale_old_join_float16,
        "float-products",
    ),
    Wrong(
        "06.scale_column",
        "jnp.floor of a float32 table, left float",
        lambda: s49_scale_floor_of_float_table,
        "float-result",
    ),
    Wrong(
        "06.scale_column",
        "jnp.ceil written into the table",
        lambda: s49_scale_ceil_into_table,
        "other-rounding",
    ),
    Wrong(
        "06.scale_column",
        "jnp.trunc written into the table",
        lambda: s49_scale_trunc_into_table,
        "cut-toward-zero",
    ),
)


# --- session 50 (f14a): round 14's 06 diagnoses made true of the answer (issue 35) --------


def s50_scale_int_cast(m, j, factor):
    return m.at[:, j].set((m[:, j] * factor).astype(jnp.int16))


def s50_scale_sign_floor(m, j, factor):
    p = m[:, j] * factor
    return m.at[:, j].set((jnp.sign(p) * jnp.floor(jnp.abs(p))).astype(m.dtype))


def s50_scale_apply_round(m, j, factor):
    return m.at[:, j].apply(lambda column: jnp.floor(column * factor))


def s50_scale_every_column(m, j, factor):
    return jnp.floor(m * factor).astype(m.dtype)


def s50_scale_row_floored(m, j, factor):
    return m.at[j, :].set(jnp.floor(m[j, :] * factor).astype(m.dtype))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.scale_column", "cast to int16 before set", lambda: s50_scale_int_cast, "cut-toward-zero"
    ),
    Wrong(
        "06.scale_column",
        "sign times floor of the size",
        lambda: s50_scale_sign_floor,
        "cut-toward-zero",
    ),
    Wrong(
        "06.scale_column", ".at[].apply of a floor", lambda: s50_scale_apply_round, "apply-floats"
    ),
    Wrong(
        "06.scale_column",
        "every column floored, kept int32",
        lambda: s50_scale_every_column,
        "whole-matrix",
    ),
    Wrong(
        "06.scale_column", "row j floored, kept int32", lambda: s50_scale_row_floored, "scaled-row"
    ),
)


def s50_swap_last_at_size(x):
    return x.at[0].set(x[-1]).at[x.size].set(x[0])


def s50_count_short_bincount(labels, n):
    return jnp.bincount(jnp.where(labels < 0, n, labels), length=n - 1).astype(jnp.int32)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.set_first", "last written at x.size", lambda: s50_swap_last_at_size, "both-ends-last"
    ),
    Wrong("06.out_of_bounds", "C's array typed in", lambda: jnp.array([1, 2, 3]), "option-array"),
    Wrong(
        "06.count_labels",
        "bincount with length n - 1",
        lambda: s50_count_short_bincount,
        "one-slot-short",
    ),
)

# --- session 51 (f15a): round 15's generic families in 06, named (issue 35) -------------


def s51_swap_sum_apart(x):
    total = x[0] + x[-1]
    first = total - x[0]
    return x.at[0].set(first).at[-1].set(total - first)


def s51_scale_column_floored_alone(m, j, factor):
    return (m[:, j] * factor // 1).astype(jnp.int32)


def s51_scale_factor_rounded(m, j, factor):
    return m.at[:, j].set(jnp.floor(m[:, j] * jnp.round(factor)).astype(jnp.int32))


def s51_scale_floor_divide_inverse(m, j, factor):
    inverse = 1.0 / factor
    return m.at[:, j].set(jnp.floor_divide(m[:, j], inverse).astype(jnp.int32))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.set_first",
        "ends swapped through their sum",
        lambda: s51_swap_sum_apart,
        "swapped-by-arithmetic",
    ),
    Wrong(
        "06.scale_column",
        "column j floored with // 1, returned alone",
        lambda: s51_scale_column_floored_alone,
        "column-only",
    ),
    Wrong(
        "06.scale_column",
        "factor rounded to nearest before the product",
        lambda: s51_scale_factor_rounded,
        "factor-rounded",
    ),
    Wrong(
        "06.scale_column",
        "floor_divide by the inverse of factor",
        lambda: s51_scale_floor_divide_inverse,
        "floor-divided-by-inverse",
    ),
)


# --- round 16: a factor that is no whole number of hundredths ------------------------------
def r16f_scale_percent(m, j, factor):
    pct = int(factor * 100)  # "25 %"
    return m.at[:, j].set(m[:, j] * pct // 100)


def r16f_scale_rounded_factor(m, j, factor):
    f = round(factor, 2)
    return m.at[:, j].set(jnp.floor(m[:, j] * f).astype(m.dtype))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.scale_column",
        "int(factor * 100) as a percent, // 100",
        lambda: r16f_scale_percent,
        "factor-in-hundredths",
    ),
    Wrong(
        "06.scale_column",
        "factor rounded to 2 decimals first",
        lambda: r16f_scale_rounded_factor,
        "factor-in-hundredths",
    ),
)


# --- round 16: the padding sent past the end, and clamped back by mode="clip" -------------
def r16f_count_clip_past_end(labels, n):
    safe = jnp.where(labels < 0, n, labels)  # past the end: dropped, I thought
    return jnp.zeros(n, jnp.int32).at[safe].add(1, mode="clip")


def r16f_count_clip_big_index(labels, n):
    idx = jnp.where(labels == -1, 10**6, labels)
    return jnp.zeros((n,), dtype=jnp.int32).at[idx].add(jnp.ones_like(idx), mode="clip")


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.count_labels",
        "padding mapped to n, added with mode='clip'",
        lambda: r16f_count_clip_past_end,
        "padding-clamped",
    ),
    Wrong(
        "06.count_labels",
        "padding mapped to 10**6, mode='clip'",
        lambda: r16f_count_clip_big_index,
        "padding-clamped",
    ),
)


# --- round 17: mode="clip" on the raw labels; jnp.unique's counts with size=n --------------
def r17f_count_clip_raw(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    return counts.at[labels].add(1, mode="clip")  # -1 is no index past the end


def r17f_count_clip_padding_equal(labels, n):
    idx = jnp.where(labels == -1, n, labels)  # n: past the end, clamped back to n - 1
    return jnp.zeros(n, jnp.int32).at[idx].add(1, mode="clip")


def r17f_count_unique_sized(labels, n):
    _, counts = jnp.unique(labels, return_counts=True, size=n, fill_value=0)
    return counts


def r17f_count_unique_unpadded(labels, n):
    kept = labels[labels >= 0]
    return jnp.unique(kept, return_counts=True, size=n)[1]


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.count_labels",
        "mode='clip' on the labels as given",
        lambda: r17f_count_clip_raw,
        "padding-counted-last",
    ),
    Wrong(
        "06.count_labels",
        "padding == -1 mapped to n, mode='clip'",
        lambda: r17f_count_clip_padding_equal,
        "padding-clamped",
    ),
    Wrong(
        "06.count_labels",
        "jnp.unique counts with size=n",
        lambda: r17f_count_unique_sized,
        "present-only-sized",
    ),
    Wrong(
        "06.count_labels",
        "jnp.unique counts of the kept labels, size=n",
        lambda: r17f_count_unique_unpadded,
        "present-only-sized",
    ),
)


# --- round 18: a cast before the swap, the column divided or added, the slice j:j+1 --------
def r18f_swap_int32_first(x):
    x = x.astype(jnp.int32)
    return x.at[0].set(x[-1]).at[-1].set(x[0])


def r18f_swap_in_float16(x):
    y = jnp.asarray(x, dtype=jnp.float16)
    return y.at[jnp.array([0, -1])].set(y[jnp.array([-1, 0])])


def r18f_scale_divide(m, j, factor):
    return m.at[:, j].set(jnp.floor(m[:, j] / factor).astype(jnp.int32))


def r18f_scale_add(m, j, factor):
    return m.at[:, j].add(jnp.floor(m[:, j] * factor).astype(jnp.int32))


def r18f_scale_slice_j(m, j, factor):
    col = m[:, j : j + 1]
    return m.at[:, j : j + 1].set(jnp.floor(col * factor).astype(jnp.int32))


def r18f_scale_slice_j_dynamic(m, j, factor):
    col = jax.lax.dynamic_slice_in_dim(m, j, 1, axis=1) if j >= 0 else m[:, j : j + 1]
    return m.at[:, j : j + 1].set(jnp.floor(col * factor).astype(m.dtype))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.set_first",
        "cast x to int32 first, to be safe",
        lambda: r18f_swap_int32_first,
        "dtype-changed",
    ),
    Wrong(
        "06.set_first",
        "float16 copy, ends set by index pairs",
        lambda: r18f_swap_in_float16,
        "dtype-changed",
    ),
    Wrong(
        "06.scale_column",
        "divided the column by factor",
        lambda: r18f_scale_divide,
        "divided-not-multiplied",
    ),
    Wrong(
        "06.scale_column",
        ".add of the scaled column, not .set",
        lambda: r18f_scale_add,
        "product-added",
    ),
    Wrong(
        "06.scale_column",
        "slice j:j+1 to keep 2-D, empty for j=-1",
        lambda: r18f_scale_slice_j,
        "empty-slice-at-last-column",
    ),
    Wrong(
        "06.scale_column",
        "dynamic slice for j >= 0, j:j+1 otherwise",
        lambda: r18f_scale_slice_j_dynamic,
        "empty-slice-at-last-column",
    ),
)


# ---- round 19's families (fix19-1) ---------------------------------------------------------


def r19f_swap_by_value(x):
    first, last = x[0], x[-1]
    return jnp.where(x == first, last, jnp.where(x == last, first, x))


def r19f_swap_by_value_select(x):
    return jnp.select([x == x[-1], x == x[0]], [x[0], x[-1]], x)


def r19f_swap_put_default(x):
    return jnp.put(x, jnp.array([0, -1]), jnp.array([x[-1], x[0]]))


def r19f_col_truncate_minus_one(m, j, factor):
    prod = m[:, j] * factor
    down = prod.astype(jnp.int32) - (prod < 0)
    return m.at[:, j].set(down.astype(jnp.int32))


def r19f_col_floor_by_modulo(m, j, factor):
    prod = m[:, j] * factor
    down = jnp.where(prod < 0, jnp.trunc(prod) - 1, jnp.trunc(prod))
    return m.at[:, j].set(down.astype(m.dtype))


def r19f_cnt_no_newaxis(labels, n):
    return jnp.sum(labels == jnp.arange(n), axis=0)


def r19f_cnt_one_hot_by_hand(labels, n):
    return (jnp.arange(n) == labels).astype(jnp.int32).sum(0)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.set_first",
        "swap by value with jnp.where",
        lambda: r19f_swap_by_value,
        "swapped-by-value",
    ),
    Wrong(
        "06.set_first",
        "swap by value with jnp.select",
        lambda: r19f_swap_by_value_select,
        "swapped-by-value",
    ),
    Wrong(
        "06.set_first",
        "jnp.put without inplace=False",
        lambda: r19f_swap_put_default,
        says="changes its array in place in NumPy",
    ),
    Wrong(
        "06.scale_column",
        "truncate, minus 1 for negatives",
        lambda: r19f_col_truncate_minus_one,
        "whole-products-moved",
    ),
    Wrong(
        "06.scale_column",
        "trunc, and trunc - 1 below zero",
        lambda: r19f_col_floor_by_modulo,
        "whole-products-moved",
    ),
    Wrong(
        "06.count_labels",
        "labels == arange(n) without [:, None]",
        lambda: r19f_cnt_no_newaxis,
        says="their shapes do not line up",
    ),
    Wrong(
        "06.count_labels",
        "arange(n) == labels, summed on axis 0",
        lambda: r19f_cnt_one_hot_by_hand,
        says="their shapes do not line up",
    ),
)


# ---- round 20's families (fix20-a) ---------------------------------------------------------


def r20f_swap_onehot_arithmetic(x):
    n = x.shape[0]
    first_hot = jnp.eye(n)[0]
    last_hot = jnp.eye(n)[-1]
    return x + (x[-1] - x[0]) * first_hot + (x[0] - x[-1]) * last_hot


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.set_first",
        "arithmetic with float one-hot rows",
        lambda: r20f_swap_onehot_arithmetic,
        says="a float array it met",
    ),
)


# ---- round 21's families (fix21-a) ---------------------------------------------------------


def r21f_count_zero_last(labels, n):
    # -1 lands on the last label, so that count is padding: zero it
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1).at[-1].set(0)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.count_labels",
        "zeroed the last label's count",
        lambda: r21f_count_zero_last,
        named="last-label-zeroed",
    ),
)

from tests.content.wrong_answers.round21 import lesson06 as _r21  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "06.set_first",
        ".at indexed with a Python list",
        lambda: _r21.r21_swap_list_index,
        named="list-index",
    ),
)
