"""Round 20, lesson 06 (immutability and purity): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 06.set_first: swap_ends(x), first and last swapped, x unchanged ------------------


def r20_swap_port_as_is(x):
    # the lesson's port: results of .at[] thrown away
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r20_swap_sequential(x):
    x = x.at[0].set(x[-1])
    x = x.at[-1].set(x[0])  # x[0] is already the old last
    return x


def r20_swap_in_place(x):
    x[0], x[-1] = x[-1], x[0]
    return x


def r20_swap_via_numpy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return jnp.asarray(y)


def r20_swap_concatenate(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])


def r20_swap_flip(x):
    return jnp.flip(x)


def r20_swap_roll(x):
    return jnp.roll(x, 1)


def r20_swap_index_n(x):
    n = x.shape[0]
    first, last = x[0], x[n - 1]
    return x.at[0].set(last).at[n].set(first)


def r20_swap_onehot_arithmetic(x):
    n = x.shape[0]
    first_hot = jnp.eye(n)[0]
    last_hot = jnp.eye(n)[-1]
    return x + (x[-1] - x[0]) * first_hot + (x[0] - x[-1]) * last_hot


def r20_swap_python_int(x):
    first, last = int(x[0]), int(x[-1])
    return x.at[0].set(last).at[-1].set(first)


def r20_swap_add_difference(x):
    diff = x[0] - x[-1]
    return x.at[0].add(-diff).at[-1].add(diff)


def r20_swap_one_based(x):
    return x.at[1].set(x[-1]).at[-1].set(x[1])


def r20_swap_kept_one(x):
    y = x.at[0].set(x[-1])
    y = x.at[-1].set(x[0])
    return y


def r20_swap_right_index_array(x):
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends[::-1]])


def r20_swap_right_permutation(x):
    n = x.shape[0]
    order = jnp.arange(n).at[0].set(n - 1).at[n - 1].set(0)
    return jnp.take(x, order)


def r20_swap_right_where(x):
    positions = jnp.arange(x.shape[0])
    return jnp.where(positions == 0, x[-1], jnp.where(positions == x.shape[0] - 1, x[0], x))


def r20_swap_right_temp(x):
    first = x[0]
    last = x[-1]
    y = x.at[0].set(last)
    y = y.at[-1].set(first)
    return y


# ---- 06.scale_column: column j times factor, floored, int32 -------------------------


def r20_scale_multiply(m, j, factor):
    # .multiply casts back to int32: truncates toward zero
    return m.at[:, j].multiply(factor)


def r20_scale_round(m, j, factor):
    return m.at[:, j].set(jnp.round(m[:, j] * factor).astype(jnp.int32))


def r20_scale_ceil(m, j, factor):
    return m.at[:, j].set(jnp.ceil(m[:, j] * factor).astype(jnp.int32))


def r20_scale_float_table(m, j, factor):
    table = m.astype(jnp.float32)
    return table.at[:, j].set(jnp.floor(table[:, j] * factor))


def r20_scale_row(m, j, factor):
    return m.at[j].set(jnp.floor(m[j] * factor).astype(jnp.int32))


def r20_scale_whole_table(m, j, factor):
    return jnp.floor(m * factor).astype(jnp.int32)


def r20_scale_python_loop(m, j, factor):
    for i in range(m.shape[0]):
        m = m.at[i, j].set(int(m[i, j] * factor))
    return m


def r20_scale_numpy_roundtrip(m, j, factor):
    table = np.array(m)
    table[:, j] = np.floor(table[:, j] * factor)
    return jnp.asarray(table, dtype=jnp.int32)


def r20_scale_index_mul(m, j, factor):
    return jnp.floor(jax.ops.index_mul(m, jax.ops.index[:, j], factor)).astype(jnp.int32)


def r20_scale_where_unnormalized(m, j, factor):
    # a mask of the column; a negative j matches no column
    in_column = jnp.arange(m.shape[1]) == j
    scaled = jnp.floor(m * factor).astype(jnp.int32)
    return jnp.where(in_column, scaled, m)


def r20_scale_floor_divide(m, j, factor):
    # floor division by the reciprocal
    return m.at[:, j].set((m[:, j] // (1 / factor)).astype(jnp.int32))


def r20_scale_int_factor(m, j, factor):
    # kept the arithmetic in integers
    return m.at[:, j].multiply(int(factor))


def r20_scale_right_apply(m, j, factor):
    return m.at[:, j].apply(lambda column: jnp.floor(column * factor).astype(jnp.int32))


def r20_scale_right_where_mod(m, j, factor):
    in_column = jnp.arange(m.shape[1]) == j % m.shape[1]
    return jnp.where(in_column, jnp.floor(m * factor).astype(jnp.int32), m)


def r20_scale_right_floordiv_one(m, j, factor):
    column = m[..., j] * factor
    return m.at[..., j].set(jax.lax.convert_element_type(column // 1, jnp.int32))


# ---- 06.count_labels: counts of labels 0..n-1, padding -1 not counted ----------------


def r20_count_plain_add(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1)


def r20_count_numpy_plus_equals(labels, n):
    counts = jnp.zeros(n, jnp.int32)
    valid = jnp.where(labels >= 0, labels, n)
    return counts.at[valid].set(counts[jnp.clip(valid, 0, n - 1)] + 1)


def r20_count_filter_first(labels, n):
    kept = labels[labels >= 0]
    return jnp.zeros(n, jnp.int32).at[kept].add(1)


def r20_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)


def r20_count_float_zeros(labels, n):
    return jnp.zeros(n).at[labels].add(jnp.where(labels >= 0, 1, 0))


def r20_count_padding_to_zero(labels, n):
    return jnp.zeros(n, jnp.int32).at[jnp.where(labels < 0, 0, labels)].add(1)


def r20_count_histogram(labels, n):
    counts, _edges = jnp.histogram(labels, bins=n, range=(0, n))
    return counts


def r20_count_loop(labels, n):
    counts = jnp.zeros(n, jnp.int32)
    for label in labels:
        if label >= 0:
            counts = counts.at[label].add(1)
    return counts


def r20_count_unique(labels, n):
    _values, counts = jnp.unique(labels[labels >= 0], return_counts=True)
    return counts.astype(jnp.int32)


def r20_count_extra_slot(labels, n):
    # one spare slot for the padding, not sliced off
    return jnp.zeros(n + 1, jnp.int32).at[labels].add(1)


def r20_count_skip_zero(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(jnp.where(labels > 0, 1, 0))


def r20_count_onehot_wrong_axis(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n)[None, :], axis=1, dtype=jnp.int32)


def r20_count_no_broadcast(labels, n):
    return jnp.sum(labels == jnp.arange(n), dtype=jnp.int32)


def r20_count_right_onehot(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=0, dtype=jnp.int32)


def r20_count_right_bool_update(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels >= 0)


def r20_count_right_spare_slot(labels, n):
    return jnp.zeros(n + 1, jnp.int32).at[labels].add(1)[:n]


def r20_count_right_segment_sum(labels, n):
    return jax.ops.segment_sum(jnp.ones_like(labels, dtype=jnp.int32), labels, num_segments=n)


def r20_count_right_padding_past_end(labels, n):
    # padding moved past the end, where an .at[] update is dropped
    return jnp.zeros((n,), jnp.int32).at[jnp.where(labels < 0, n, labels)].add(1)


ROUND_20 = [
    # 06.set_first
    Wrong("06.set_first", "the lesson's port: .at[] results discarded", lambda: r20_swap_port_as_is),
    Wrong("06.set_first", "two updates in a row, no saved first", lambda: r20_swap_sequential),
    Wrong("06.set_first", "NumPy tuple assignment x[0], x[-1] = ...", lambda: r20_swap_in_place),
    Wrong("06.set_first", "swapped in a NumPy copy, back to jnp", lambda: r20_swap_via_numpy),
    Wrong("06.set_first", "concatenate last, middle, first", lambda: r20_swap_concatenate),
    Wrong("06.set_first", "jnp.flip the whole array", lambda: r20_swap_flip),
    Wrong("06.set_first", "jnp.roll by one", lambda: r20_swap_roll),
    Wrong("06.set_first", "last index written as n, not n - 1", lambda: r20_swap_index_n),
    Wrong("06.set_first", "arithmetic with float one-hot rows", lambda: r20_swap_onehot_arithmetic),
    Wrong("06.set_first", "saved the ends with int()", lambda: r20_swap_python_int),
    Wrong("06.set_first", "added the difference to each end", lambda: r20_swap_add_difference),
    Wrong("06.set_first", "first element taken as index 1", lambda: r20_swap_one_based),
    Wrong("06.set_first", "both updates on x, kept only the second", lambda: r20_swap_kept_one),
    # 06.out_of_bounds
    Wrong("06.out_of_bounds", "typed A: writes clamp like reads", lambda: "A"),
    Wrong("06.out_of_bounds", "typed C: the whole update dropped", lambda: "C"),
    Wrong("06.out_of_bounds", "typed D: updates check their indices", lambda: "D"),
    Wrong("06.out_of_bounds", "typed lowercase a", lambda: "a"),
    Wrong("06.out_of_bounds", "typed ' c' with a space", lambda: " c"),
    Wrong("06.out_of_bounds", "typed 'D.'", lambda: "D."),
    Wrong("06.out_of_bounds", "typed the array A shows", lambda: "Array([7, 2, 7])"),
    Wrong("06.out_of_bounds", "typed 'IndexError'", lambda: "IndexError"),
    Wrong("06.out_of_bounds", "typed 'A)'", lambda: "A)"),
    Wrong("06.out_of_bounds", "hedged: 'A or B'", lambda: "A or B"),
    Wrong("06.out_of_bounds", "typed lowercase d", lambda: "d"),
    # 06.scale_column
    Wrong("06.scale_column", ".at[:, j].multiply(factor): truncates", lambda: r20_scale_multiply),
    Wrong("06.scale_column", "jnp.round, to nearest", lambda: r20_scale_round),
    Wrong("06.scale_column", "jnp.ceil, rounded up", lambda: r20_scale_ceil),
    Wrong("06.scale_column", "returned a float32 table", lambda: r20_scale_float_table),
    Wrong("06.scale_column", "scaled row j, not column j", lambda: r20_scale_row),
    Wrong("06.scale_column", "scaled the whole table", lambda: r20_scale_whole_table),
    Wrong("06.scale_column", "Python loop over rows with int()", lambda: r20_scale_python_loop),
    Wrong("06.scale_column", "in place on a NumPy copy", lambda: r20_scale_numpy_roundtrip),
    Wrong("06.scale_column", "kept the old jax.ops.index_mul", lambda: r20_scale_index_mul),
    Wrong("06.scale_column", "column mask arange == j: negative j missed", lambda: r20_scale_where_unnormalized),
    Wrong("06.scale_column", "floor-divided by 1 / factor", lambda: r20_scale_floor_divide),
    Wrong("06.scale_column", "multiplied by int(factor)", lambda: r20_scale_int_factor),
    # 06.count_labels
    Wrong("06.count_labels", ".at[labels].add(1): -1 lands on n - 1", lambda: r20_count_plain_add),
    Wrong("06.count_labels", "set(counts[labels] + 1), NumPy's +=", lambda: r20_count_numpy_plus_equals),
    Wrong("06.count_labels", "filtered labels[labels >= 0] first", lambda: r20_count_filter_first),
    Wrong("06.count_labels", "jnp.bincount(labels, length=n)", lambda: r20_count_bincount),
    Wrong("06.count_labels", "float zeros: float32 counts", lambda: r20_count_float_zeros),
    Wrong("06.count_labels", "padding mapped to label 0, then counted", lambda: r20_count_padding_to_zero),
    Wrong("06.count_labels", "jnp.histogram with n bins", lambda: r20_count_histogram),
    Wrong("06.count_labels", "the NumPy loop with .at[] inside", lambda: r20_count_loop),
    Wrong("06.count_labels", "jnp.unique with return_counts", lambda: r20_count_unique),
    Wrong("06.count_labels", "n + 1 slots, the spare one returned too", lambda: r20_count_extra_slot),
    Wrong("06.count_labels", "mask labels > 0: label 0 never counted", lambda: r20_count_skip_zero),
    Wrong("06.count_labels", "one-hot comparison summed over axis 1", lambda: r20_count_onehot_wrong_axis),
    Wrong("06.count_labels", "labels == arange(n) without broadcasting", lambda: r20_count_no_broadcast),
]

RIGHT_20 = [
    Right("06.set_first", "one .at[] with an index array [0, -1]", lambda: r20_swap_right_index_array),
    Right("06.set_first", "a permutation of indices and jnp.take", lambda: r20_swap_right_permutation),
    Right("06.set_first", "nested jnp.where on positions", lambda: r20_swap_right_where),
    Right("06.set_first", "ends saved first, then two .at[] sets", lambda: r20_swap_right_temp),
    Right("06.out_of_bounds", "typed ' b'", lambda: " b"),
    Right("06.out_of_bounds", "typed 'B.'", lambda: "B."),
    Right("06.out_of_bounds", "typed lowercase b", lambda: "b"),
    Right("06.scale_column", ".at[:, j].apply with floor and astype", lambda: r20_scale_right_apply),
    Right("06.scale_column", "jnp.where on a column mask with j % ncols", lambda: r20_scale_right_where_mod),
    Right("06.scale_column", "// 1 and lax.convert_element_type", lambda: r20_scale_right_floordiv_one),
    Right("06.count_labels", "one-hot comparison summed over axis 0", lambda: r20_count_right_onehot),
    Right("06.count_labels", ".add(labels >= 0): booleans as the update", lambda: r20_count_right_bool_update),
    Right("06.count_labels", "n + 1 slots, the spare one sliced off", lambda: r20_count_right_spare_slot),
    Right("06.count_labels", "jax.ops.segment_sum of ones", lambda: r20_count_right_segment_sum),
    Right("06.count_labels", "padding moved to index n, dropped", lambda: r20_count_right_padding_past_end),
]
