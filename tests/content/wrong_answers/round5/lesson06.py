"""Round 5, lesson 06 (immutability and purity): answers written from the lesson's text alone."""
from __future__ import annotations

import functools

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong

x = jnp.array([7, 2, 9, 4, -1])


# ---------------------------------------------------------------- 06.set_first


def w6_swap_chained_reads_updated():
    # second value read from the already-updated array
    y = x.at[0].set(x[-1])
    y = y.at[-1].set(y[0])
    return y


def w6_swap_same_order():
    # one fancy-index set, but forgot to flip the order of the values: nothing swaps
    return x.at[jnp.array([0, -1])].set(x[jnp.array([0, -1])])


def w6_swap_numpy_array():
    # does it in NumPy and forgets to come back to jax
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return y


def w6_swap_first_only():
    return x.at[0].set(x[-1])


def w6_swap_reverse():
    return x[::-1]


def w6_swap_off_by_one():
    # uses len(x) - 2 as the last index
    return x.at[0].set(x[len(x) - 2]).at[len(x) - 2].set(x[0])


def w6_swap_roll():
    return jnp.roll(x, 1)


def w6_swap_index_one():
    # thinks indices start at 1
    return x.at[1].set(x[-1]).at[-1].set(x[1])


def w6_swap_float():
    return x.astype(jnp.float32).at[jnp.array([0, -1])].set(x[jnp.array([-1, 0])].astype(jnp.float32))


def w6_swap_last_first_updated():
    # sets the last first, then reads the new last for the first: both ends 7
    y = x.at[-1].set(x[0])
    y = y.at[0].set(y[-1])
    return y


def w6_swap_first_two():
    # swaps the first two elements (copied the tuple-swap on the wrong indices)
    return x.at[jnp.array([0, 1])].set(x[jnp.array([1, 0])])


def r6_swap_fancy():
    return x.at[jnp.array([0, -1])].set(x[jnp.array([-1, 0])])


def r6_swap_saved_ends():
    first, last = x[0], x[-1]
    return x.at[0].set(last).at[-1].set(first)


def r6_swap_concatenate():
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])


def r6_swap_chained_from_x():
    # both values read from x, which never changes
    return x.at[0].set(x[4]).at[4].set(x[0])


# ---------------------------------------------------------------- 06.scale_column


def w6_scale_row(m, j, factor):
    return m.at[j].multiply(factor)


def w6_scale_set(m, j, factor):
    return m.at[:, j].set(factor)


def w6_scale_column_only(m, j, factor):
    return m[:, j] * factor


def w6_scale_inplace(m, j, factor):
    m[:, j] *= factor
    return m


def w6_scale_inplace_no_return(m, j, factor):
    m.at[:, j].multiply(factor)
    return m


def w6_scale_add(m, j, factor):
    return m.at[:, j].add(factor)


def w6_scale_everything(m, j, factor):
    return m * factor


def w6_scale_old_api(m, j, factor):
    return jax.ops.index_mul(m, jax.ops.index[:, j], factor)


def w6_scale_from_column(m, j, factor):
    # slices columns j and after
    return m.at[:, j:].multiply(factor)


def w6_scale_numpy(m, j, factor):
    out = np.array(m)
    out[:, j] *= factor
    return out


def w6_scale_transposed_index(m, j, factor):
    return m.T.at[j].multiply(factor)


def w6_scale_index_pair(m, j, factor):
    # m.at[j, :] thinking the column comes first
    return m.at[j, :].multiply(factor)


def r6_scale_set_product(m, j, factor):
    return m.at[:, j].set(m[:, j] * factor)


def r6_scale_transpose_back(m, j, factor):
    return m.T.at[j].multiply(factor).T


def r6_scale_where(m, j, factor):
    cols = jnp.arange(m.shape[1])
    return jnp.where(cols == j, m * factor, m).astype(m.dtype)


def r6_scale_ellipsis(m, j, factor):
    return m.at[..., j].multiply(factor)


# ---------------------------------------------------------------- 06.count_labels


def w6_count_set(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].set(1)


def w6_count_numpy_plus_equals(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    counts[labels] += 1
    return counts


def w6_count_float(labels, n):
    return jnp.zeros(n).at[labels].add(1)


def w6_count_bincount_no_length(labels, n):
    return jnp.bincount(labels)


def w6_count_no_keep(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    counts.at[labels].add(1)
    return counts


def w6_count_n_minus_one(labels, n):
    return jnp.zeros(n - 1, dtype=jnp.int32).at[labels].add(1)


def w6_count_numpy_fancy(labels, n):
    counts = np.zeros(n, dtype=np.int32)
    counts[np.asarray(labels)] += 1
    return jnp.asarray(counts)


def w6_count_add_labels(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels)


def w6_count_swapped(labels, n):
    # indexes by range(n) and adds the labels
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.arange(n)].add(labels[:n])


def w6_count_unique(labels, n):
    values, counts = jnp.unique(labels, return_counts=True)
    return counts


def w6_count_python_loop(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    for label in labels:
        counts = counts.at[label].add(1)
    return counts


def w6_count_max(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].max(1)


def w6_count_int64_numpy(labels, n):
    # numpy dtype=int habit, result is a NumPy int64 array
    return np.bincount(np.asarray(labels), minlength=n)


def r6_count_bincount(labels, n):
    return jnp.bincount(labels, length=n).astype(jnp.int32)


def r6_count_ones_like(labels, n):
    counts = jnp.zeros((n,), jnp.int32)
    return counts.at[labels].add(jnp.ones_like(labels, dtype=jnp.int32))


def r6_count_one_hot(labels, n):
    return (labels[:, None] == jnp.arange(n)).sum(axis=0).astype(jnp.int32)


def r6_count_zeros_like_range(labels, n):
    return jnp.zeros_like(jnp.arange(n, dtype=jnp.int32)).at[labels].add(1)


ROUND_5 = [
    # 06.set_first
    Wrong("06.set_first", "chains .at[0].set(x[-1]) then reads the new first element for the last: last stays -1", w6_swap_chained_reads_updated),
    Wrong("06.set_first", "one fancy-index set with the values in the same order: nothing swaps", w6_swap_same_order),
    Wrong("06.set_first", "swaps in a NumPy copy and leaves y a NumPy array", w6_swap_numpy_array),
    Wrong("06.set_first", "sets only the first element", w6_swap_first_only),
    Wrong("06.set_first", "reverses the whole array", w6_swap_reverse),
    Wrong("06.set_first", "off by one: swaps with x[len(x) - 2]", w6_swap_off_by_one),
    Wrong("06.set_first", "jnp.roll(x, 1): moves the last to the front but shifts the rest", w6_swap_roll),
    Wrong("06.set_first", "counts from 1: swaps x[1] and x[-1]", w6_swap_index_one),
    Wrong("06.set_first", "right swap but converted to float32", w6_swap_float),
    Wrong("06.set_first", "sets the last first, then reads the updated last for the first: both ends 7", w6_swap_last_first_updated),
    Wrong("06.set_first", "swaps the first two elements instead of the ends", w6_swap_first_two),
    Wrong("06.set_first", "left y as x (read that x must stay as it was)", lambda: x),
    # 06.out_of_bounds
    Wrong("06.out_of_bounds", "A: writes clamp like the read did", lambda: "A"),
    Wrong("06.out_of_bounds", "C: right array, wrong reason (written past the end)", lambda: "C"),
    Wrong("06.out_of_bounds", "D: thinks updates check their index", lambda: "D"),
    Wrong("06.out_of_bounds", "the array itself instead of a letter", lambda: jnp.array([1, 2, 3])),
    Wrong("06.out_of_bounds", "'B or C'", lambda: "B or C"),
    Wrong("06.out_of_bounds", "lowercase a", lambda: "a"),
    Wrong("06.out_of_bounds", "'A' with an explanation appended", lambda: "A: clamped"),
    Wrong("06.out_of_bounds", "left the placeholder", lambda: ...),
    Wrong("06.out_of_bounds", "'IndexError'", lambda: "IndexError"),
    # 06.scale_column
    Wrong("06.scale_column", "m.at[j].multiply: scales row j", lambda: w6_scale_row),
    Wrong("06.scale_column", "m.at[:, j].set(factor): replaces the column by factor", lambda: w6_scale_set),
    Wrong("06.scale_column", "returns only the scaled column m[:, j] * factor", lambda: w6_scale_column_only),
    Wrong("06.scale_column", "NumPy in place m[:, j] *= factor: fails", lambda: w6_scale_inplace),
    Wrong("06.scale_column", "calls m.at[:, j].multiply(factor) but returns m (result dropped)", lambda: w6_scale_inplace_no_return),
    Wrong("06.scale_column", "adds factor instead of multiplying", lambda: w6_scale_add),
    Wrong("06.scale_column", "scales the whole matrix", lambda: w6_scale_everything),
    Wrong("06.scale_column", "kept the old jax.ops.index_mul", lambda: w6_scale_old_api),
    Wrong("06.scale_column", "slice j: instead of j: scales every column from j on", lambda: w6_scale_from_column),
    Wrong("06.scale_column", "does it in NumPy and returns a NumPy array", lambda: w6_scale_numpy),
    Wrong("06.scale_column", "transposes to select the column, forgets to transpose back", lambda: w6_scale_transposed_index),
    Wrong("06.scale_column", "m.at[j, :]: thinks the column index comes first", lambda: w6_scale_index_pair),
    # 06.count_labels
    Wrong("06.count_labels", ".at[labels].set(1): marks presence, no counting", lambda: w6_count_set),
    Wrong("06.count_labels", "NumPy counts[labels] += 1: item assignment fails", lambda: w6_count_numpy_plus_equals),
    Wrong("06.count_labels", "jnp.zeros(n) float counts, not int32", lambda: w6_count_float),
    Wrong("06.count_labels", "jnp.bincount(labels) without length: too short when the top labels are absent", lambda: w6_count_bincount_no_length),
    Wrong("06.count_labels", "drops the result of .at[].add and returns the zeros", lambda: w6_count_no_keep),
    Wrong("06.count_labels", "off by one: jnp.zeros(n - 1)", lambda: w6_count_n_minus_one),
    Wrong("06.count_labels", "NumPy fancy-index +=: repeated labels count once", lambda: w6_count_numpy_fancy),
    Wrong("06.count_labels", "adds the labels themselves instead of ones", lambda: w6_count_add_labels),
    Wrong("06.count_labels", "indexes by arange(n) and adds the labels", lambda: w6_count_swapped),
    Wrong("06.count_labels", "jnp.unique with return_counts: absent labels missing", lambda: w6_count_unique),
    Wrong("06.count_labels", "a Python loop of .at[label].add(1) (refused: loop)", lambda: w6_count_python_loop),
    Wrong("06.count_labels", ".at[labels].max(1): presence only", lambda: w6_count_max),
    Wrong("06.count_labels", "np.bincount with minlength: a NumPy int64 array", lambda: w6_count_int64_numpy),
]

RIGHT_5 = [
    Right("06.set_first", "one fancy-index .at[[0, -1]].set(x[[-1, 0]])", r6_swap_fancy),
    Right("06.set_first", "saves both ends first, then two chained sets", r6_swap_saved_ends),
    Right("06.set_first", "jnp.concatenate of last, middle, first", r6_swap_concatenate),
    Right("06.set_first", "x.at[0].set(x[4]).at[4].set(x[0]), reading both from the unchanged x", r6_swap_chained_from_x),
    Right("06.out_of_bounds", "'B'", lambda: "B"),
    Right("06.out_of_bounds", "lowercase 'b'", lambda: "b"),
    Right("06.out_of_bounds", "'B\\n'", lambda: "B\n"),
    Right("06.scale_column", "m.at[:, j].set(m[:, j] * factor)", lambda: r6_scale_set_product),
    Right("06.scale_column", "transpose, scale row j, transpose back", lambda: r6_scale_transpose_back),
    Right("06.scale_column", "jnp.where on a column mask, cast back to m's dtype", lambda: r6_scale_where),
    Right("06.scale_column", "m.at[..., j].multiply(factor)", lambda: r6_scale_ellipsis),
    Right("06.count_labels", "jnp.bincount(labels, length=n) cast to int32", lambda: r6_count_bincount),
    Right("06.count_labels", ".at[labels].add(jnp.ones_like(labels))", lambda: r6_count_ones_like),
    Right("06.count_labels", "one-hot comparison summed over axis 0", lambda: r6_count_one_hot),
    Right("06.count_labels", "zeros_like of an int32 range, .at[labels].add(1)", lambda: r6_count_zeros_like_range),
]
