"""Round 7, lesson 06 (immutability and purity): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---------------------------------------------------------------- 06.set_first


def _x():
    # the exercise cell makes its own x
    return jnp.array([7, 2, 9, 4, -1])


def r7_swap_chained():
    x = _x()
    y = x.at[0].set(x[-1])
    y = y.at[-1].set(y[0])  # reads the new first element
    return y


def r7_swap_first_only():
    x = _x()
    return x.at[0].set(x[-1])


def r7_swap_flip():
    return jnp.flip(_x())


def r7_swap_reverse_slice():
    return _x()[::-1]


def r7_swap_roll():
    return jnp.roll(_x(), 1)


def r7_swap_numpy():
    x = _x()
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return y


def r7_swap_hardcoded_float():
    return jnp.array([-1.0, 2.0, 9.0, 4.0, 7.0])


def r7_swap_inner():
    x = _x()
    return x.at[1].set(x[-2]).at[-2].set(x[1])


def r7_swap_index_len():
    x = _x()
    return x.at[0].set(x[4]).at[5].set(x[0])


def r7_swap_same_order():
    x = _x()
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends])


def r7_swap_list():
    values = _x().tolist()
    values[0], values[-1] = values[-1], values[0]
    return values


def r7_swap_first_two():
    x = _x()
    return x.at[0].set(x[1]).at[1].set(x[0])


def r7_swap_in_place_attempt():
    # tried x[0], x[-1] = ..., got the error, then returned x
    return _x()


def r7_swap_right_chain_from_x():
    x = _x()
    return x.at[0].set(x[-1]).at[-1].set(x[0])


def r7_swap_right_fancy():
    x = _x()
    return x.at[jnp.array([0, -1])].set(x[jnp.array([-1, 0])])


def r7_swap_right_concat():
    x = _x()
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])


def r7_swap_right_add():
    x = _x()
    first, last = x[0], x[-1]
    return x.at[0].add(last - first).at[-1].add(first - last)


# ---------------------------------------------------------------- 06.scale_column


def r7_scale_int(m, j, factor):
    return m.at[:, j].multiply(factor)


def r7_scale_row(m, j, factor):
    return m.astype(jnp.float32).at[j].multiply(factor)


def r7_scale_cast_after(m, j, factor):
    return m.at[:, j].multiply(factor).astype(jnp.float32)


def r7_scale_whole(m, j, factor):
    return (m * factor).astype(jnp.float32)


def r7_scale_set(m, j, factor):
    return m.astype(jnp.float32).at[:, j].set(factor)


def r7_scale_column_only(m, j, factor):
    return m[:, j] * factor


def r7_scale_numpy(m, j, factor):
    a = np.array(m, dtype=np.float32)
    a[:, j] *= factor
    return a


def r7_scale_old_api(m, j, factor):
    return jax.ops.index_mul(m.astype(jnp.float32), jax.ops.index[:, j], factor)


def r7_scale_one_based(m, j, factor):
    return m.astype(jnp.float32).at[:, j - 1].multiply(factor)


def r7_scale_add(m, j, factor):
    return m.astype(jnp.float32).at[:, j].add(factor)


def r7_scale_rounded(m, j, factor):
    return jnp.round(m.astype(jnp.float32).at[:, j].multiply(factor))


def r7_scale_set_into_int(m, j, factor):
    return m.at[:, j].set(m[:, j] * factor)


def r7_scale_unchanged(m, j, factor):
    return m.astype(jnp.float32)


def r7_scale_right_multiply(m, j, factor):
    return m.astype(jnp.float32).at[:, j].multiply(factor)


def r7_scale_right_set(m, j, factor):
    out = jnp.asarray(m, dtype=jnp.float32)
    return out.at[:, j].set(out[:, j] * factor)


def r7_scale_right_transpose(m, j, factor):
    return m.T.astype(jnp.float32).at[j].multiply(factor).T


def r7_scale_right_weights(m, j, factor):
    weights = jnp.ones(m.shape[1], dtype=jnp.float32).at[j].set(factor)
    return m * weights


# ---------------------------------------------------------------- 06.count_labels


def r7_count_plain_add(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)


def r7_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)


def r7_count_numpy_fancy(labels, n):
    counts = np.zeros(n, dtype=np.int32)
    labels = np.asarray(labels)
    counts[labels[labels >= 0]] += 1
    return counts


def r7_count_float(labels, n):
    return jnp.zeros(n).at[jnp.where(labels >= 0, labels, n)].add(1)


def r7_count_set(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels >= 0, labels, n)].set(1)


def r7_count_positive(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels > 0)


def r7_count_where_zero(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels >= 0, labels, 0)].add(1)


def r7_count_adds_labels(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels)


def r7_count_too_long(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)


def r7_count_histogram(labels, n):
    return jnp.histogram(labels, bins=n, range=(0, n))[0]


def r7_count_mode_drop(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1, mode="drop")


def r7_count_unique(labels, n):
    return jnp.unique(labels, return_counts=True)[1]


def r7_count_one_hot_float(labels, n):
    return jax.nn.one_hot(labels, n).sum(axis=0)


def r7_count_right_where_n(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels >= 0, labels, n)].add(1)


def r7_count_right_mask_add(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add((labels >= 0).astype(jnp.int32))


def r7_count_right_compare(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=0, dtype=jnp.int32)


def r7_count_right_longer_then_slice(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)[:n]


def r7_count_right_one_hot(labels, n):
    return jax.nn.one_hot(labels, n, dtype=jnp.int32).sum(axis=0)


ROUND_7 = [
    # 06.set_first
    Wrong("06.set_first", "second write reads the already-changed array", lambda: r7_swap_chained()),
    Wrong("06.set_first", "set the first element only", lambda: r7_swap_first_only()),
    Wrong("06.set_first", "jnp.flip: reverses the middle too", lambda: r7_swap_flip()),
    Wrong("06.set_first", "x[::-1]", lambda: r7_swap_reverse_slice()),
    Wrong("06.set_first", "jnp.roll by one", lambda: r7_swap_roll()),
    Wrong("06.set_first", "NumPy copy and swap: a NumPy array", lambda: r7_swap_numpy()),
    Wrong("06.set_first", "sneaky: typed the result in, as floats", lambda: r7_swap_hardcoded_float()),
    Wrong("06.set_first", "swapped x[1] and x[-2]", lambda: r7_swap_inner()),
    Wrong("06.set_first", "last index written as 5: the write is dropped", lambda: r7_swap_index_len()),
    Wrong("06.set_first", "fancy index with the same order on both sides", lambda: r7_swap_same_order()),
    Wrong("06.set_first", "a Python list", lambda: r7_swap_list()),
    Wrong("06.set_first", "swapped the first two", lambda: r7_swap_first_two()),
    Wrong("06.set_first", "gave up and kept x", lambda: r7_swap_in_place_attempt()),
    # 06.out_of_bounds
    Wrong("06.out_of_bounds", "A: clamped like the read", lambda: "A"),
    Wrong("06.out_of_bounds", "C: written past the end", lambda: "C"),
    Wrong("06.out_of_bounds", "D: NumPy's IndexError", lambda: "D"),
    Wrong("06.out_of_bounds", "a in lower case", lambda: "a"),
    Wrong("06.out_of_bounds", "both letters for [1, 2, 3]", lambda: "BC"),
    Wrong("06.out_of_bounds", "the array's repr", lambda: "Array([1, 2, 3])"),
    Wrong("06.out_of_bounds", "c in lower case", lambda: "c"),
    Wrong("06.out_of_bounds", "the values as a list string", lambda: "[1, 2, 3]"),
    Wrong("06.out_of_bounds", "the resulting array itself", lambda: jnp.array([1, 2, 3])),
    # 06.scale_column
    Wrong("06.scale_column", "multiply on int32: truncates, stays int32", lambda: r7_scale_int),
    Wrong("06.scale_column", "row j, not column j", lambda: r7_scale_row),
    Wrong("06.scale_column", "cast to float32 after the int multiply", lambda: r7_scale_cast_after),
    Wrong("06.scale_column", "scales the whole table", lambda: r7_scale_whole),
    Wrong("06.scale_column", "set column to factor", lambda: r7_scale_set),
    Wrong("06.scale_column", "returns the scaled column alone", lambda: r7_scale_column_only),
    Wrong("06.scale_column", "NumPy copy, in place: a NumPy array", lambda: r7_scale_numpy),
    Wrong("06.scale_column", "the old jax.ops.index_mul", lambda: r7_scale_old_api),
    Wrong("06.scale_column", "column j - 1: one-based habit", lambda: r7_scale_one_based),
    Wrong("06.scale_column", "adds the factor", lambda: r7_scale_add),
    Wrong("06.scale_column", "rounds back to whole counts", lambda: r7_scale_rounded),
    Wrong("06.scale_column", "set the float column into the int32 table", lambda: r7_scale_set_into_int),
    Wrong("06.scale_column", "sneaky: only converted to float32", lambda: r7_scale_unchanged),
    # 06.count_labels
    Wrong("06.count_labels", "at[labels].add(1): -1 counts as the last label", lambda: r7_count_plain_add),
    Wrong("06.count_labels", "jnp.bincount: -1 lands in bin 0", lambda: r7_count_bincount),
    Wrong("06.count_labels", "NumPy fancy +=: repeats counted once", lambda: r7_count_numpy_fancy),
    Wrong("06.count_labels", "float32 counts", lambda: r7_count_float),
    Wrong("06.count_labels", "set(1): presence, not counts", lambda: r7_count_set),
    Wrong("06.count_labels", "labels > 0: label 0 never counted", lambda: r7_count_positive),
    Wrong("06.count_labels", "padding sent to label 0", lambda: r7_count_where_zero),
    Wrong("06.count_labels", "adds the labels, not ones", lambda: r7_count_adds_labels),
    Wrong("06.count_labels", "n + 1 slots, not sliced back", lambda: r7_count_too_long),
    Wrong("06.count_labels", "jnp.histogram: float counts", lambda: r7_count_histogram),
    Wrong("06.count_labels", "mode='drop' thinking -1 is out of bounds", lambda: r7_count_mode_drop),
    Wrong("06.count_labels", "jnp.unique counts: only the labels present, -1 included", lambda: r7_count_unique),
    Wrong("06.count_labels", "one_hot sum: float32", lambda: r7_count_one_hot_float),
]

RIGHT_7 = [
    Right("06.set_first", "both values read from x", lambda: r7_swap_right_chain_from_x()),
    Right("06.set_first", "fancy index, reversed on the right", lambda: r7_swap_right_fancy()),
    Right("06.set_first", "concatenate the ends around the middle", lambda: r7_swap_right_concat()),
    Right("06.set_first", "add the differences", lambda: r7_swap_right_add()),
    Right("06.out_of_bounds", "B", lambda: "B"),
    Right("06.out_of_bounds", "b in lower case", lambda: "b"),
    Right("06.out_of_bounds", "B with a trailing space", lambda: "B "),
    Right("06.scale_column", "astype then at[:, j].multiply", lambda: r7_scale_right_multiply),
    Right("06.scale_column", "asarray float32, set the scaled column", lambda: r7_scale_right_set),
    Right("06.scale_column", "transpose, scale row j, transpose back", lambda: r7_scale_right_transpose),
    Right("06.scale_column", "multiply by a weight row", lambda: r7_scale_right_weights),
    Right("06.count_labels", "padding sent past the end, dropped", lambda: r7_count_right_where_n),
    Right("06.count_labels", "adds 1 for a label, 0 for padding", lambda: r7_count_right_mask_add),
    Right("06.count_labels", "compare with arange, sum", lambda: r7_count_right_compare),
    Right("06.count_labels", "one slot more, sliced off", lambda: r7_count_right_longer_then_slice),
    Right("06.count_labels", "one_hot with dtype int32", lambda: r7_count_right_one_hot),
]
