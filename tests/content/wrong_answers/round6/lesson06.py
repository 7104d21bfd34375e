"""Round 6, lesson 06 (immutability and purity): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 06.set_first


def _x():
    return jnp.array([7, 2, 9, 4, -1])


def r6_swap_reads_y():
    x = _x()
    y = x.at[0].set(x[-1])
    y = y.at[-1].set(y[0])  # reads the new first element, already overwritten
    return y


def r6_swap_second_from_x():
    x = _x()
    y = x.at[0].set(x[-1])
    y = x.at[-1].set(x[0])  # starts again from x: the first update is lost
    return y


def r6_swap_discarded():
    x = _x()
    y = x.copy()
    y.at[0].set(x[-1])  # results thrown away, as if .at[] worked in place
    y.at[-1].set(x[0])
    return y


def r6_swap_numpy():
    x = _x()
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return y


def r6_swap_one_indexed():
    x = _x()
    return x.at[1].set(x[-1]).at[-1].set(x[1])


def r6_swap_minus_two():
    x = _x()
    return x.at[0].set(x[-1]).at[-2].set(x[0])


def r6_swap_add():
    x = _x()
    return x.at[0].add(x[-1]).at[-1].add(x[0])


def r6_swap_same_order():
    x = _x()
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends])  # forgot to flip the values


def r6_swap_explicit_index():
    x = _x()
    return x.at[0].set(x[4]).at[4].set(x[0])


def r6_swap_fancy():
    x = _x()
    return x.at[jnp.array([0, -1])].set(x[jnp.array([-1, 0])])


def r6_swap_concat():
    x = _x()
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])


def r6_swap_temps():
    x = _x()
    first, last = x[0], x[-1]
    y = x.at[0].set(last)
    y = y.at[-1].set(first)
    return y


# ---------------------------------------------------------------- 06.scale_column


def r6_scale_row(m, j, factor):
    return m.at[j].multiply(factor)


def r6_scale_set(m, j, factor):
    return m.at[:, j].set(factor)


def r6_scale_column_only(m, j, factor):
    return m[:, j] * factor


def r6_scale_all(m, j, factor):
    return m * factor


def r6_scale_add(m, j, factor):
    return m.at[:, j].add(factor)


def r6_scale_numpy(m, j, factor):
    m = np.array(m)
    m[:, j] *= factor
    return m


def r6_scale_no_return(m, j, factor):
    m = m.at[:, j].multiply(factor)


def r6_scale_one_indexed(m, j, factor):
    return m.at[:, j - 1].multiply(factor)


def r6_scale_old_api(m, j, factor):
    return jax.ops.index_mul(m, jax.ops.index[:, j], factor)


def r6_scale_from_j_on(m, j, factor):
    return m.at[:, j:].multiply(factor)


def r6_scale_set_product(m, j, factor):
    return m.at[:, j].set(m[:, j] * factor)


def r6_scale_transposed(m, j, factor):
    return m.T.at[j].multiply(factor).T


def r6_scale_ellipsis(m, j, factor):
    return m.at[..., j].multiply(factor)


# ---------------------------------------------------------------- 06.count_labels


def r6_count_set(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].set(1)


def r6_count_float(labels, n):
    return jnp.zeros(n).at[labels].add(1)


def r6_count_numpy_plus_equals(labels, n):
    counts = np.zeros(n, dtype=int)
    counts[np.asarray(labels)] += 1
    return counts


def r6_count_read_then_set(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    return counts.at[labels].set(counts[labels] + 1)  # NumPy's += spelled out


def r6_count_bincount_no_length(labels, n):
    return jnp.bincount(labels)


def r6_count_n_plus_one(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)


def r6_count_zeros_like(labels, n):
    return jnp.zeros_like(labels).at[labels].add(1)


def r6_count_ones(labels, n):
    return jnp.ones(n, dtype=jnp.int32).at[labels].add(1)


def r6_count_add_labels(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels)


def r6_count_wrong_axis(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=1)


def r6_count_unique(labels, n):
    return jnp.unique(labels, return_counts=True)[1]


def r6_count_histogram(labels, n):
    return jnp.histogram(labels, bins=n)[0]


def r6_count_bincount_length(labels, n):
    return jnp.bincount(labels, length=n)


def r6_count_one_hot(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=0)


def r6_count_dtype_int(labels, n):
    return jnp.zeros(n, dtype=int).at[labels].add(1)


def r6_count_ones_like(labels, n):
    counts = jnp.zeros((n,), jnp.int32)
    return counts.at[labels].add(jnp.ones_like(labels))


ROUND_6 = [
    # 06.set_first
    Wrong("06.set_first", "second update reads from y, whose first element is already overwritten", r6_swap_reads_y),
    Wrong("06.set_first", "second update starts again from x, dropping the first", r6_swap_second_from_x),
    Wrong("06.set_first", "y = x.copy() then y.at[...].set(...) with the results thrown away", r6_swap_discarded),
    Wrong("06.set_first", "NumPy copy and tuple swap: y is a NumPy array, not a jax array", r6_swap_numpy),
    Wrong("06.set_first", "swaps elements 1 and -1, counting from one", r6_swap_one_indexed),
    Wrong("06.set_first", "writes the old first element at -2 instead of -1", r6_swap_minus_two),
    Wrong("06.set_first", ".add instead of .set at both ends", r6_swap_add),
    Wrong("06.set_first", "x.at[ends].set(x[ends]) with the values not flipped: y equals x", r6_swap_same_order),
    Wrong("06.set_first", "x[::-1]: reverses the whole array", lambda: _x()[::-1]),
    Wrong("06.set_first", "jnp.roll(x, 1): rotates instead of swapping", lambda: jnp.roll(_x(), 1)),
    Wrong("06.set_first", "only the first update: x.at[0].set(x[-1])", lambda: _x().at[0].set(_x()[-1])),
    # 06.out_of_bounds
    Wrong("06.out_of_bounds", "A: thinks writes clamp as reads do", lambda: "A"),
    Wrong("06.out_of_bounds", "C: right array, wrong reason (a write past the end of memory)", lambda: "C"),
    Wrong("06.out_of_bounds", "D: thinks updates check their index, unlike reads", lambda: "D"),
    Wrong("06.out_of_bounds", "lowercase c", lambda: "c"),
    Wrong("06.out_of_bounds", "lowercase a", lambda: "a"),
    Wrong("06.out_of_bounds", "hedges 'B or C'", lambda: "B or C"),
    Wrong("06.out_of_bounds", "writes the array instead of a letter: jnp.array([1, 2, 3])", lambda: jnp.array([1, 2, 3])),
    Wrong("06.out_of_bounds", "the printed result as a string", lambda: "Array([1, 2, 3])"),
    Wrong("06.out_of_bounds", "left the placeholder ... (Ellipsis)", lambda: ...),
    # 06.scale_column
    Wrong("06.scale_column", "m.at[j].multiply: scales row j", lambda: r6_scale_row),
    Wrong("06.scale_column", "m.at[:, j].set(factor): sets the column to factor", lambda: r6_scale_set),
    Wrong("06.scale_column", "returns only the scaled column m[:, j] * factor", lambda: r6_scale_column_only),
    Wrong("06.scale_column", "scales the whole matrix", lambda: r6_scale_all),
    Wrong("06.scale_column", ".add(factor) instead of .multiply", lambda: r6_scale_add),
    Wrong("06.scale_column", "NumPy copy with m[:, j] *= factor: returns a NumPy array", lambda: r6_scale_numpy),
    Wrong("06.scale_column", "m = m.at[:, j].multiply(factor) with no return", lambda: r6_scale_no_return),
    Wrong("06.scale_column", "column j - 1, counting from one", lambda: r6_scale_one_indexed),
    Wrong("06.scale_column", "kept the old jax.ops.index_mul call", lambda: r6_scale_old_api),
    Wrong("06.scale_column", "slice m.at[:, j:]: scales every column from j on", lambda: r6_scale_from_j_on),
    # 06.count_labels
    Wrong("06.count_labels", ".at[labels].set(1): marks presence, repeats not counted", lambda: r6_count_set),
    Wrong("06.count_labels", "jnp.zeros(n) without a dtype: float32 counts", lambda: r6_count_float),
    Wrong("06.count_labels", "NumPy counts[labels] += 1: drops repeats and returns NumPy", lambda: r6_count_numpy_plus_equals),
    Wrong("06.count_labels", "counts.at[labels].set(counts[labels] + 1): NumPy's += spelled out, repeats lost", lambda: r6_count_read_then_set),
    Wrong("06.count_labels", "jnp.bincount(labels) without length=n: too short when the top labels are missing", lambda: r6_count_bincount_no_length),
    Wrong("06.count_labels", "jnp.zeros(n + 1): one count too many", lambda: r6_count_n_plus_one),
    Wrong("06.count_labels", "jnp.zeros_like(labels): as long as labels, not n", lambda: r6_count_zeros_like),
    Wrong("06.count_labels", "starts from jnp.ones: every count one too high", lambda: r6_count_ones),
    Wrong("06.count_labels", ".add(labels): adds the label values instead of 1", lambda: r6_count_add_labels),
    Wrong("06.count_labels", "one-hot comparison summed over axis=1: per label entry, not per class", lambda: r6_count_wrong_axis),
    Wrong("06.count_labels", "jnp.unique(return_counts=True): counts only the labels present", lambda: r6_count_unique),
    Wrong("06.count_labels", "jnp.histogram(labels, bins=n)[0]: float counts over bins of the data's range", lambda: r6_count_histogram),
]

RIGHT_6 = [
    Right("06.set_first", "explicit indices 0 and 4", r6_swap_explicit_index),
    Right("06.set_first", "one fancy-index update, values read from x in flipped order", r6_swap_fancy),
    Right("06.set_first", "jnp.concatenate of the last, the middle and the first", r6_swap_concat),
    Right("06.set_first", "saves first and last in variables, then two updates", r6_swap_temps),
    Right("06.out_of_bounds", "'B'", lambda: "B"),
    Right("06.out_of_bounds", "lowercase 'b'", lambda: "b"),
    Right("06.out_of_bounds", "'B' with a trailing newline", lambda: "B\n"),
    Right("06.scale_column", "m.at[:, j].set(m[:, j] * factor)", lambda: r6_scale_set_product),
    Right("06.scale_column", "through the transpose: m.T.at[j].multiply(factor).T", lambda: r6_scale_transposed),
    Right("06.scale_column", "m.at[..., j].multiply(factor)", lambda: r6_scale_ellipsis),
    Right("06.scale_column", "a lambda: m.at[:, j].multiply(factor)", lambda: (lambda m, j, factor: m.at[:, j].multiply(factor))),
    Right("06.count_labels", "jnp.bincount(labels, length=n)", lambda: r6_count_bincount_length),
    Right("06.count_labels", "one-hot comparison summed over axis=0", lambda: r6_count_one_hot),
    Right("06.count_labels", "jnp.zeros(n, dtype=int).at[labels].add(1)", lambda: r6_count_dtype_int),
    Right("06.count_labels", ".add(jnp.ones_like(labels)) on int32 zeros", lambda: r6_count_ones_like),
]
