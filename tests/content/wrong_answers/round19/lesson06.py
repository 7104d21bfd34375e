"""Round 19, lesson 06 (immutability and purity): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 06.set_first: swap_ends(x), first and last swapped, dtype kept -------------------


def r19_swap_port_as_is(x):
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r19_swap_sequential_reads_new(x):
    y = x.at[0].set(x[-1])
    y = y.at[-1].set(y[0])  # y[0] is already the old last
    return y


def r19_swap_flip(x):
    return jnp.flip(x)


def r19_swap_roll(x):
    return jnp.roll(x, 1)


def r19_swap_numpy_copy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return jnp.asarray(y)


def r19_swap_len_index(x):
    n = len(x)
    return x.at[0].set(x[n]).at[n].set(x[0])


def r19_swap_concatenate(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])


def r19_swap_zeros_buffer(x):
    out = jnp.zeros(x.shape)
    out = out.at[1:-1].set(x[1:-1])
    return out.at[0].set(x[-1]).at[-1].set(x[0])


def r19_swap_kept_only_first(x):
    x = x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r19_swap_int_conversion(x):
    first, last = int(x[0]), int(x[-1])
    return x.at[0].set(last).at[-1].set(first)


def r19_swap_by_value(x):
    first, last = x[0], x[-1]
    return jnp.where(x == first, last, jnp.where(x == last, first, x))


def r19_swap_put_default(x):
    return jnp.put(x, jnp.array([0, -1]), jnp.array([x[-1], x[0]]))


def r19_swap_right_fancy_index(x):
    return x.at[jnp.array([0, -1])].set(x[jnp.array([-1, 0])])


def r19_swap_right_permutation(x):
    n = x.shape[0]
    order = jnp.arange(n).at[0].set(n - 1).at[n - 1].set(0)
    return x[order]


def r19_swap_right_dynamic_update(x):
    first = jax.lax.dynamic_slice(x, (0,), (1,))
    last = jax.lax.dynamic_slice(x, (x.shape[0] - 1,), (1,))
    y = jax.lax.dynamic_update_slice(x, last, (0,))
    return jax.lax.dynamic_update_slice(y, first, (x.shape[0] - 1,))


def r19_swap_right_where_positions(x):
    pos = jnp.arange(x.shape[0])
    return jnp.where(pos == 0, x[-1], jnp.where(pos == x.shape[0] - 1, x[0], x))


# ---- 06.out_of_bounds: letter; answer B -------------------------------------------------

# ---- 06.scale_column: column j times factor, rounded down, int32 (variant 0) -----------


def r19_col_at_multiply(m, j, factor):
    return m.at[:, j].multiply(factor)


def r19_col_round_nearest(m, j, factor):
    return m.at[:, j].set(jnp.round(m[:, j] * factor).astype(jnp.int32))


def r19_col_ceil(m, j, factor):
    return m.at[:, j].set(jnp.ceil(m[:, j] * factor).astype(jnp.int32))


def r19_col_float_table(m, j, factor):
    f = m.astype(jnp.float32)
    return jnp.floor(f.at[:, j].multiply(factor))


def r19_col_row_j(m, j, factor):
    return m.at[j].set(jnp.floor(m[j] * factor).astype(jnp.int32))


def r19_col_all_columns(m, j, factor):
    return jnp.floor(m * factor).astype(jnp.int32)


def r19_col_old_index_mul(m, j, factor):
    return jax.ops.index_mul(m, jax.ops.index[:, j], factor)


def r19_col_mask_no_negative_j(m, j, factor):
    is_col = jnp.arange(m.shape[1]) == j  # j = -1 matches no column
    return jnp.where(is_col, jnp.floor(m * factor), m).astype(jnp.int32)


def r19_col_numpy_inplace(m, j, factor):
    out = np.array(m)
    out[:, j] = np.floor(out[:, j] * factor)
    return jnp.asarray(out)


def r19_col_truncate_minus_one(m, j, factor):
    prod = m[:, j] * factor
    down = prod.astype(jnp.int32) - (prod < 0)  # "round toward -inf" by hand
    return m.at[:, j].set(down.astype(jnp.int32))


def r19_col_only_column(m, j, factor):
    return jnp.floor(m[:, j] * factor).astype(jnp.int32)


def r19_col_int_factor(m, j, factor):
    return m.at[:, j].multiply(int(factor))  # to keep it integer


def r19_col_right_floor_divide(m, j, factor):
    col = (m[:, j] * factor) // 1
    return m.at[:, j].set(col.astype(jnp.int32))


def r19_col_right_where_mod(m, j, factor):
    ncols = m.shape[1]
    is_col = jnp.arange(ncols)[None, :] == (j % ncols)
    return jnp.where(is_col, jnp.floor(m * factor).astype(jnp.int32), m)


def r19_col_right_transpose(m, j, factor):
    t = m.T
    return t.at[j].set(jnp.floor(t[j] * factor).astype(m.dtype)).T


def r19_col_right_lax_floor(m, j, factor):
    col = jax.lax.floor(m[:, j].astype(jnp.float32) * jnp.float32(factor))
    return m.at[:, j].set(jax.lax.convert_element_type(col, jnp.int32))


# ---- 06.count_labels: counts of 0..n-1, -1 padding ignored, int32, no loop -------------


def r19_cnt_at_add_plain(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)


def r19_cnt_at_set_plus_one(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    return counts.at[labels].set(counts[labels] + 1)


def r19_cnt_bincount_length(labels, n):
    return jnp.bincount(labels, length=n)


def r19_cnt_float_one_hot(labels, n):
    return jnp.sum(jax.nn.one_hot(labels, n), axis=0)


def r19_cnt_bincount_masked(labels, n):
    return jnp.bincount(labels[labels >= 0], length=n)


def r19_cnt_unique(labels, n):
    _, counts = jnp.unique(labels[labels >= 0], return_counts=True)
    return counts


def r19_cnt_loop_at(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    for label in labels:
        if label >= 0:
            counts = counts.at[label].add(1)
    return counts


def r19_cnt_wrong_axis(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=1)


def r19_cnt_no_newaxis(labels, n):
    return jnp.sum(labels == jnp.arange(n), axis=0)


def r19_cnt_positive_only(labels, n):
    keep = labels > 0  # padding is -1, so "positive" labels
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(keep.astype(jnp.int32))


def r19_cnt_bincount_no_length(labels, n):
    return jnp.bincount(
        jnp.where(labels >= 0, labels, 0), weights=jnp.where(labels >= 0, 1, 0)
    ).astype(jnp.int32)


def r19_cnt_histogram_float(labels, n):
    counts, _ = jnp.histogram(labels, bins=n, range=(0, n))
    return counts


def r19_cnt_right_add_mask(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add((labels >= 0).astype(jnp.int32))


def r19_cnt_right_extra_slot(labels, n):
    # -1 lands in the extra last slot, which is then cut off
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)[:n]


def r19_cnt_right_compare(labels, n):
    return (labels[:, None] == jnp.arange(n)[None, :]).astype(jnp.int32).sum(axis=0)


def r19_cnt_right_drop_out_of_bounds(labels, n):
    safe = jnp.where(labels < 0, n, labels)  # past the end: the update is dropped
    return jnp.zeros(n, jnp.int32).at[safe].add(1, mode="drop")


def r19_cnt_right_one_hot_int(labels, n):
    return jax.nn.one_hot(labels, n, dtype=jnp.int32).sum(axis=0)


ROUND_19 = [
    # 06.set_first
    Wrong("06.set_first", "the port as given: results discarded", lambda: r19_swap_port_as_is),
    Wrong(
        "06.set_first",
        "second set reads the already-set first",
        lambda: r19_swap_sequential_reads_new,
    ),
    Wrong("06.set_first", "jnp.flip: reverses the whole array", lambda: r19_swap_flip),
    Wrong("06.set_first", "jnp.roll(x, 1)", lambda: r19_swap_roll),
    Wrong("06.set_first", "NumPy copy, swap, back to jnp", lambda: r19_swap_numpy_copy),
    Wrong("06.set_first", "last index written as len(x)", lambda: r19_swap_len_index),
    Wrong("06.set_first", "concatenate of slices: 1 element doubles", lambda: r19_swap_concatenate),
    Wrong("06.set_first", "built in jnp.zeros: float32 dtype", lambda: r19_swap_zeros_buffer),
    Wrong(
        "06.set_first",
        "kept the first update, dropped the second",
        lambda: r19_swap_kept_only_first,
    ),
    Wrong("06.set_first", "int() of the ends before setting", lambda: r19_swap_int_conversion),
    Wrong("06.set_first", "swap by value with jnp.where", lambda: r19_swap_by_value),
    Wrong("06.set_first", "jnp.put without inplace=False", lambda: r19_swap_put_default),
    # 06.out_of_bounds
    Wrong("06.out_of_bounds", "typed A: writes clamp like reads", lambda: "A"),
    Wrong("06.out_of_bounds", "typed C: whole update dropped", lambda: "C"),
    Wrong("06.out_of_bounds", "typed D: updates check bounds", lambda: "D"),
    Wrong("06.out_of_bounds", "typed lowercase 'a'", lambda: "a"),
    Wrong("06.out_of_bounds", "typed 'c.' with a full stop", lambda: "c."),
    Wrong("06.out_of_bounds", "typed ' D' with a space", lambda: " D"),
    Wrong("06.out_of_bounds", "typed the array it expects for A", lambda: "[7, 2, 7]"),
    Wrong("06.out_of_bounds", "typed the error name", lambda: "IndexError"),
    Wrong("06.out_of_bounds", "hedged 'A or B'", lambda: "A or B"),
    Wrong("06.out_of_bounds", "left the placeholder ...", lambda: ...),
    # 06.scale_column
    Wrong("06.scale_column", ".at[:, j].multiply: truncates toward 0", lambda: r19_col_at_multiply),
    Wrong("06.scale_column", "jnp.round: nearest, not down", lambda: r19_col_round_nearest),
    Wrong("06.scale_column", "jnp.ceil: rounds up", lambda: r19_col_ceil),
    Wrong("06.scale_column", "table cast to float32 and left so", lambda: r19_col_float_table),
    Wrong("06.scale_column", "row j, not column j", lambda: r19_col_row_j),
    Wrong("06.scale_column", "every column scaled", lambda: r19_col_all_columns),
    Wrong("06.scale_column", "kept jax.ops.index_mul", lambda: r19_col_old_index_mul),
    Wrong(
        "06.scale_column",
        "arange == j mask: negative j never hit",
        lambda: r19_col_mask_no_negative_j,
    ),
    Wrong("06.scale_column", "NumPy copy with in-place slice", lambda: r19_col_numpy_inplace),
    Wrong("06.scale_column", "truncate, minus 1 for negatives", lambda: r19_col_truncate_minus_one),
    Wrong("06.scale_column", "returns only the scaled column", lambda: r19_col_only_column),
    Wrong("06.scale_column", "int(factor) to stay integer", lambda: r19_col_int_factor),
    # 06.count_labels
    Wrong("06.count_labels", ".at[labels].add(1): -1 counts as n-1", lambda: r19_cnt_at_add_plain),
    Wrong(
        "06.count_labels",
        ".at[].set(counts[labels] + 1): no repeats",
        lambda: r19_cnt_at_set_plus_one,
    ),
    Wrong("06.count_labels", "jnp.bincount(labels, length=n)", lambda: r19_cnt_bincount_length),
    Wrong("06.count_labels", "sum of one_hot, left float32", lambda: r19_cnt_float_one_hot),
    Wrong("06.count_labels", "bincount of boolean-masked labels", lambda: r19_cnt_bincount_masked),
    Wrong("06.count_labels", "jnp.unique with return_counts", lambda: r19_cnt_unique),
    Wrong("06.count_labels", "the NumPy loop with .at[] inside", lambda: r19_cnt_loop_at),
    Wrong("06.count_labels", "comparison table summed on axis=1", lambda: r19_cnt_wrong_axis),
    Wrong("06.count_labels", "labels == arange(n) without [:, None]", lambda: r19_cnt_no_newaxis),
    Wrong("06.count_labels", "labels > 0: label 0 never counted", lambda: r19_cnt_positive_only),
    Wrong(
        "06.count_labels", "weighted bincount without length=n", lambda: r19_cnt_bincount_no_length
    ),
    Wrong("06.count_labels", "jnp.histogram counts, float dtype", lambda: r19_cnt_histogram_float),
]

RIGHT_19 = [
    Right("06.set_first", "one fancy-index set of both ends", lambda: r19_swap_right_fancy_index),
    Right("06.set_first", "permutation index array", lambda: r19_swap_right_permutation),
    Right(
        "06.set_first",
        "lax.dynamic_slice / dynamic_update_slice",
        lambda: r19_swap_right_dynamic_update,
    ),
    Right("06.set_first", "jnp.where on positions", lambda: r19_swap_right_where_positions),
    Right("06.out_of_bounds", "plain B", lambda: "B"),
    Right("06.out_of_bounds", "lowercase ' b'", lambda: " b"),
    Right("06.out_of_bounds", "'B.' with a full stop", lambda: "B."),
    Right("06.scale_column", "(m * f) // 1 then astype", lambda: r19_col_right_floor_divide),
    Right("06.scale_column", "jnp.where with j % ncols", lambda: r19_col_right_where_mod),
    Right("06.scale_column", "via the transpose's row j", lambda: r19_col_right_transpose),
    Right("06.scale_column", "lax.floor and convert_element_type", lambda: r19_col_right_lax_floor),
    Right("06.count_labels", ".at[labels].add(mask as int32)", lambda: r19_cnt_right_add_mask),
    Right("06.count_labels", "n + 1 slots, the last cut off", lambda: r19_cnt_right_extra_slot),
    Right("06.count_labels", "comparison table summed on axis 0", lambda: r19_cnt_right_compare),
    Right(
        "06.count_labels",
        "-1 moved past the end, mode='drop'",
        lambda: r19_cnt_right_drop_out_of_bounds,
    ),
    Right("06.count_labels", "one_hot with dtype=int32, summed", lambda: r19_cnt_right_one_hot_int),
]
