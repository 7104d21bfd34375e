"""Round 21, lesson 06 (immutability and purity): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 06.set_first: swap_ends(x), a new array with first and last swapped ------------


def r21_swap_sequential(x):
    x = x.at[0].set(x[-1])
    x = x.at[-1].set(x[0])  # x[0] is already the old last
    return x


def r21_swap_first_update_lost(x):
    x.at[0].set(x[-1])  # result not kept
    return x.at[-1].set(x[0])


def r21_swap_concatenate(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])


def r21_swap_reverse(x):
    return x[::-1]


def r21_swap_roll(x):
    return jnp.roll(x, 1)


def r21_swap_numpy_copy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return jnp.asarray(y)


def r21_swap_copy_assign(x):
    y = x.copy()
    y[0], y[-1] = y[-1], y[0]
    return y


def r21_swap_float_mask(x):
    n = x.shape[0]
    step = jnp.zeros(n).at[0].set(1.0).at[n - 1].set(-1.0)
    return x + step * (x[-1] - x[0])


def r21_swap_add_difference(x):
    d = x[-1] - x[0]
    return x.at[0].add(d).at[-1].add(-d)


def r21_swap_len_index(x):
    n = len(x)
    return x.at[0].set(x[n]).at[n].set(x[0])  # off by one: n is past the end


def r21_swap_index_update(x):
    y = jax.ops.index_update(x, 0, x[-1])
    return jax.ops.index_update(y, -1, x[0])


def r21_swap_list_index(x):
    return x.at[[0, -1]].set(jnp.stack([x[-1], x[0]]))


def r21_swap_second(x):
    # "the elements between them in place" read as a rotation of the ends inward
    return x.at[0].set(x[-1]).at[-1].set(x[1])


def r21_swap_right_saved(x):
    first, last = x[0], x[-1]
    return x.at[0].set(last).at[-1].set(first)


def r21_swap_right_fancy(x):
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends[::-1]])


def r21_swap_right_where(x):
    positions = jnp.arange(x.shape[0])
    last = x.shape[0] - 1
    return jnp.where(positions == 0, x[-1], jnp.where(positions == last, x[0], x))


def r21_swap_right_permutation(x):
    n = x.shape[0]
    order = jnp.arange(n).at[0].set(n - 1).at[n - 1].set(0)
    return x[order]


def r21_swap_right_concat_guarded(x):
    if x.shape[0] < 2:
        return jnp.array(x, copy=True)
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])


# ---- 06.out_of_bounds: prediction (B) -------------------------------------------------

# ---- 06.scale_column: column j times factor, floored, int32 -------------------------


def r21_scale_multiply(m, j, factor):
    return m.at[:, j].multiply(factor)  # cast to int32 truncates toward zero


def r21_scale_round(m, j, factor):
    return m.at[:, j].set(jnp.round(m[:, j] * factor).astype(jnp.int32))


def r21_scale_ceil(m, j, factor):
    return m.at[:, j].set(jnp.ceil(m[:, j] * factor).astype(jnp.int32))


def r21_scale_float_table(m, j, factor):
    return m.astype(jnp.float32).at[:, j].set(jnp.floor(m[:, j] * factor))


def r21_scale_row(m, j, factor):
    return m.at[j].set(jnp.floor(m[j] * factor).astype(jnp.int32))


def r21_scale_column_only(m, j, factor):
    return jnp.floor(m[:, j] * factor).astype(jnp.int32)


def r21_scale_numpy(m, j, factor):
    table = np.array(m)
    table[:, j] = np.floor(table[:, j] * factor)
    return jnp.asarray(table)


def r21_scale_index_mul(m, j, factor):
    return jax.ops.index_mul(m, jax.ops.index[:, j], factor)


def r21_scale_int_factor(m, j, factor):
    return m.at[:, j].multiply(int(factor))  # no float warning this way


def r21_scale_reciprocal_floordiv(m, j, factor):
    return m.at[:, j].set((m[:, j] // (1 / factor)).astype(jnp.int32))


def r21_scale_mask_no_mod(m, j, factor):
    columns = jnp.arange(m.shape[1])
    scaled = jnp.floor(m * factor).astype(jnp.int32)
    return jnp.where(columns == j, scaled, m)  # j = -1 matches no column


def r21_scale_whole_table(m, j, factor):
    return jnp.floor(m * factor).astype(jnp.int32)


def r21_scale_floor_factor(m, j, factor):
    return m.at[:, j].multiply(jnp.floor(factor).astype(jnp.int32))


def r21_scale_percent(m, j, factor):
    # integer arithmetic only: the factor as a whole number of hundredths
    percent = int(factor * 100)
    return m.at[:, j].set((m[:, j] * percent) // 100)


def r21_scale_right_floordiv_one(m, j, factor):
    column = (m[:, j] * factor) // 1
    return m.at[:, j].set(column.astype(m.dtype))


def r21_scale_right_where_mod(m, j, factor):
    columns = jnp.arange(m.shape[1])
    scaled = jnp.int32(jnp.floor(m * factor))
    return jnp.where(columns == j % m.shape[1], scaled, m)


def r21_scale_right_transpose(m, j, factor):
    t = m.T
    return t.at[j].set(jnp.floor(factor * t[j]).astype(jnp.int32)).T


def r21_scale_right_dynamic_slice(m, j, factor):
    column = jnp.floor(m[:, j] * factor).astype(jnp.int32)[:, None]
    return jax.lax.dynamic_update_slice(m, column, (0, j % m.shape[1]))


# ---- 06.count_labels: counts of 0..n-1, -1 padding dropped, int32, no Python loop ----


def r21_count_wraps(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)


def r21_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)


def r21_count_inplace(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    counts[labels] += 1
    return counts


def r21_count_set(labels, n):
    valid = jnp.where(labels >= 0, labels, n)
    return jnp.zeros(n, dtype=jnp.int32).at[valid].set(1)


def r21_count_boolean_mask(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels[labels >= 0]].add(1)


def r21_count_float(labels, n):
    valid = jnp.where(labels >= 0, labels, n)
    return jnp.zeros(n).at[valid].add(1)


def r21_count_unique(labels, n):
    _, counts = jnp.unique(labels[labels >= 0], return_counts=True)
    return counts.astype(jnp.int32)


def r21_count_clip_mode(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1, mode="clip")


def r21_count_zero_last(labels, n):
    # -1 lands on the last label, so that count is padding: zero it
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1).at[-1].set(0)


def r21_count_where_zero(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels >= 0, labels, 0)].add(1)


def r21_count_for_loop(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    for label in labels:
        counts = counts.at[label].add(jnp.where(label >= 0, 1, 0))
    return counts


def r21_count_one_hot_float(labels, n):
    return jnp.sum(jax.nn.one_hot(labels, n), axis=0)


def r21_count_histogram(labels, n):
    counts, _ = jnp.histogram(labels, bins=n, range=(0, n))
    return counts


def r21_count_right_shift(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels + 1].add(1)[1:]


def r21_count_right_spare_slot(labels, n):
    # one spare slot at the end catches the -1 padding
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)[:n]


def r21_count_right_subtract_padding(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)
    return counts.at[n - 1].add(-jnp.sum(labels == -1, dtype=jnp.int32))


def r21_count_right_compare(labels, n):
    hits = labels[:, None] == jnp.arange(n)[None, :]
    return jnp.sum(hits, axis=0, dtype=jnp.int32)


def r21_count_right_one_hot_cast(labels, n):
    return jax.nn.one_hot(labels, n, dtype=jnp.int32).sum(axis=0)


def r21_count_right_segment_sum(labels, n):
    return jax.ops.segment_sum(jnp.ones_like(labels, dtype=jnp.int32), labels, num_segments=n)


def r21_count_right_weights(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add((labels >= 0).astype(jnp.int32))


def r21_count_right_fori(labels, n):
    def body(i, counts):
        label = labels[i]
        return counts.at[label].add(jnp.where(label >= 0, 1, 0))

    return jax.lax.fori_loop(0, labels.shape[0], body, jnp.zeros(n, dtype=jnp.int32))


ROUND_21 = [
    Wrong("06.set_first", "second update reads the already-set x[0]", lambda: r21_swap_sequential),
    Wrong("06.set_first", "first .at result not kept", lambda: r21_swap_first_update_lost),
    Wrong("06.set_first", "concatenate: doubles a one-element array", lambda: r21_swap_concatenate),
    Wrong("06.set_first", "reversed the whole array", lambda: r21_swap_reverse),
    Wrong("06.set_first", "jnp.roll by one", lambda: r21_swap_roll),
    Wrong("06.set_first", "swapped in a NumPy copy, back to jnp", lambda: r21_swap_numpy_copy),
    Wrong("06.set_first", "x.copy() then item assignment", lambda: r21_swap_copy_assign),
    Wrong("06.set_first", "arithmetic swap with a float mask", lambda: r21_swap_float_mask),
    Wrong("06.set_first", "added the difference at each end", lambda: r21_swap_add_difference),
    Wrong("06.set_first", "used len(x) as the last index", lambda: r21_swap_len_index),
    Wrong("06.set_first", "the article's jax.ops.index_update", lambda: r21_swap_index_update),
    Wrong("06.set_first", ".at indexed with a Python list", lambda: r21_swap_list_index),
    Wrong("06.set_first", "last set to x[1] instead of x[0]", lambda: r21_swap_second),
    Wrong("06.out_of_bounds", "typed A, writes clamp like reads", lambda: "A"),
    Wrong("06.out_of_bounds", "typed C, the whole update dropped", lambda: "C"),
    Wrong("06.out_of_bounds", "typed D, updates check their indices", lambda: "D"),
    Wrong("06.out_of_bounds", "hedged between A and B", lambda: "A or B"),
    Wrong("06.out_of_bounds", "typed the array instead of a letter", lambda: "Array([7, 2, 3])"),
    Wrong("06.out_of_bounds", "thought 10 wraps mod 3: typed [7, 7, 3]", lambda: "[7, 7, 3]"),
    Wrong("06.out_of_bounds", "trailing comma made a tuple", lambda: ("B",)),
    Wrong("06.out_of_bounds", "left the placeholder ...", lambda: ...),
    Wrong("06.out_of_bounds", "typed the option's number, 2", lambda: 2),
    Wrong("06.out_of_bounds", "typed IndexError, the error's name", lambda: "IndexError"),
    Wrong("06.scale_column", ".at multiply: truncates toward zero", lambda: r21_scale_multiply),
    Wrong("06.scale_column", "rounded to nearest", lambda: r21_scale_round),
    Wrong("06.scale_column", "rounded up with ceil", lambda: r21_scale_ceil),
    Wrong("06.scale_column", "returned a float32 table", lambda: r21_scale_float_table),
    Wrong("06.scale_column", "scaled row j instead of column j", lambda: r21_scale_row),
    Wrong("06.scale_column", "returned only the scaled column", lambda: r21_scale_column_only),
    Wrong("06.scale_column", "NumPy copy with in-place column", lambda: r21_scale_numpy),
    Wrong("06.scale_column", "the old jax.ops.index_mul", lambda: r21_scale_index_mul),
    Wrong(
        "06.scale_column", "int(factor) to avoid the float warning", lambda: r21_scale_int_factor
    ),
    Wrong("06.scale_column", "floor-divided by 1 / factor", lambda: r21_scale_reciprocal_floordiv),
    Wrong(
        "06.scale_column", "column mask compared with j, no modulo", lambda: r21_scale_mask_no_mod
    ),
    Wrong("06.scale_column", "scaled the whole table", lambda: r21_scale_whole_table),
    Wrong("06.scale_column", "floored the factor, not the product", lambda: r21_scale_floor_factor),
    Wrong("06.scale_column", "integer hundredths: int(factor * 100)", lambda: r21_scale_percent),
    Wrong("06.count_labels", ".at[labels].add(1): -1 counts as last", lambda: r21_count_wraps),
    Wrong("06.count_labels", "jnp.bincount with length=n", lambda: r21_count_bincount),
    Wrong("06.count_labels", "counts[labels] += 1 in place", lambda: r21_count_inplace),
    Wrong("06.count_labels", ".at[...].set(1): presence, not counts", lambda: r21_count_set),
    Wrong("06.count_labels", "boolean mask labels[labels >= 0]", lambda: r21_count_boolean_mask),
    Wrong("06.count_labels", "float32 counts from jnp.zeros(n)", lambda: r21_count_float),
    Wrong("06.count_labels", "jnp.unique with return_counts", lambda: r21_count_unique),
    Wrong("06.count_labels", "mode='clip' thinking it drops", lambda: r21_count_clip_mode),
    Wrong("06.count_labels", "zeroed the last label's count", lambda: r21_count_zero_last),
    Wrong("06.count_labels", "padding mapped to label 0", lambda: r21_count_where_zero),
    Wrong("06.count_labels", "a Python for loop over labels", lambda: r21_count_for_loop),
    Wrong("06.count_labels", "summed one_hot, left float32", lambda: r21_count_one_hot_float),
    Wrong("06.count_labels", "jnp.histogram counts (float)", lambda: r21_count_histogram),
]

RIGHT_21 = [
    Right("06.set_first", "ends saved in names, then chained .at", lambda: r21_swap_right_saved),
    Right("06.set_first", "one fancy-index .at with reversed ends", lambda: r21_swap_right_fancy),
    Right("06.set_first", "nested jnp.where on positions", lambda: r21_swap_right_where),
    Right("06.set_first", "gather with a swapped arange", lambda: r21_swap_right_permutation),
    Right(
        "06.set_first", "concatenate, guarded for length < 2", lambda: r21_swap_right_concat_guarded
    ),
    Right("06.out_of_bounds", "lower case with a space", lambda: " b"),
    Right("06.out_of_bounds", "upper case with a dot", lambda: "B."),
    Right("06.out_of_bounds", "plain B", lambda: "B"),
    Right("06.scale_column", "float floor division by 1", lambda: r21_scale_right_floordiv_one),
    Right(
        "06.scale_column", "jnp.where on columns, j modulo width", lambda: r21_scale_right_where_mod
    ),
    Right("06.scale_column", "on the transpose's row j", lambda: r21_scale_right_transpose),
    Right(
        "06.scale_column",
        "lax.dynamic_update_slice of the column",
        lambda: r21_scale_right_dynamic_slice,
    ),
    Right("06.count_labels", "shift by one, drop slot 0", lambda: r21_count_right_shift),
    Right(
        "06.count_labels", "n + 1 slots, -1 lands in the spare", lambda: r21_count_right_spare_slot
    ),
    Right(
        "06.count_labels",
        "count, then remove the padding from n-1",
        lambda: r21_count_right_subtract_padding,
    ),
    Right("06.count_labels", "compare with arange, sum as int32", lambda: r21_count_right_compare),
    Right("06.count_labels", "one_hot with dtype=int32", lambda: r21_count_right_one_hot_cast),
    Right("06.count_labels", "jax.ops.segment_sum", lambda: r21_count_right_segment_sum),
    Right("06.count_labels", "add 0/1 weights at each label", lambda: r21_count_right_weights),
    Right("06.count_labels", "lax.fori_loop body", lambda: r21_count_right_fori),
]
