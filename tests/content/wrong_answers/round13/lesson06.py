"""Round 13, lesson 06 (immutability and purity): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 06.set_first: swap_ends(x) ----------------------------------------------------------


def r13_swap_port_copied(x):
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r13_swap_reads_updated(x):
    y = x.at[0].set(x[-1])
    y = y.at[-1].set(y[0])  # y[0] is already the old last element
    return y


def r13_swap_second_not_kept(x):
    y = x.at[0].set(x[-1])
    y.at[-1].set(x[0])  # result of the second update dropped
    return y


def r13_swap_reverse(x):
    return x[::-1]  # right for lengths 1 to 3 only


def r13_swap_concat(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])  # length 1 becomes length 2


def r13_swap_values_not_reversed(x):
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends])


def r13_swap_roll(x):
    return jnp.roll(x, 1)


def r13_swap_float_buffer(x):
    out = jnp.zeros(x.shape).at[:].set(x)  # float32 buffer, dtype lost
    return out.at[0].set(x[-1]).at[-1].set(x[0])


def r13_swap_numpy_copy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return jnp.asarray(y)


def r13_swap_index_n(x):
    n = x.shape[0]
    return x.at[0].set(x[n - 1]).at[n].set(x[0])  # index n is past the end: dropped


def r13_swap_where_off_by_one(x):
    i = jnp.arange(x.shape[0])
    n = x.shape[0]
    return jnp.where(i == 0, x[-1], jnp.where(i == n, x[0], x))


def r13_swap_gather(x):
    n = x.shape[0]
    order = jnp.arange(n).at[0].set(n - 1).at[n - 1].set(0)
    return x[order]


def r13_swap_pair_index(x):
    return x.at[jnp.array([0, -1])].set(x[jnp.array([-1, 0])])


def r13_swap_where(x):
    i = jnp.arange(x.shape[0])
    return jnp.where(i == 0, x[-1], jnp.where(i == x.shape[0] - 1, x[0], x))


def r13_swap_flip_ends(x):
    ends = jnp.array([0, -1])
    return x.at[ends].set(jnp.flip(x)[ends])


def r13_swap_copy_first(x):
    y = jnp.array(x, copy=True)
    first, last = y[0], y[-1]
    y = y.at[0].set(last)
    y = y.at[-1].set(first)
    return y


# --- 06.scale_column: scale_column(m, j, factor), float32 --------------------------------


def r13_scale_int_kept(m, j, factor):
    return m.at[:, j].multiply(factor)


def r13_scale_cast_after(m, j, factor):
    return m.at[:, j].multiply(factor).astype(jnp.float32)


def r13_scale_row(m, j, factor):
    return m.astype(jnp.float32).at[j].multiply(factor)


def r13_scale_set(m, j, factor):
    return m.astype(jnp.float32).at[:, j].set(factor)


def r13_scale_divide(m, j, factor):
    return m.astype(jnp.float32).at[:, j].multiply(1 / factor)


def r13_scale_whole(m, j, factor):
    return m.astype(jnp.float32) * factor


def r13_scale_slice_from_j(m, j, factor):
    return m.astype(jnp.float32).at[:, j:].multiply(factor)  # right when j is last


def r13_scale_set_int(m, j, factor):
    return m.at[:, j].set(m[:, j] * factor)  # stays int32, truncated


def r13_scale_add(m, j, factor):
    mf = m.astype(jnp.float32)
    return mf.at[:, j].add(mf[:, j] * factor)


def r13_scale_numpy(m, j, factor):
    out = np.asarray(m, dtype=np.float32)
    out[:, j] *= factor
    return jnp.asarray(out)


def r13_scale_mask_rows(m, j, factor):
    rows = jnp.arange(m.shape[0]) == j
    return m * jnp.where(rows, factor, 1.0)[:, None]


def r13_scale_mask_no_negative(m, j, factor):
    cols = jnp.arange(m.shape[1])
    return m * jnp.where(cols == j, factor, 1.0)  # j = -1 matches no column


def r13_scale_float16(m, j, factor):
    return m.astype(jnp.float16).at[:, j].multiply(factor)


def r13_scale_set_product(m, j, factor):
    mf = m.astype(jnp.float32)
    return mf.at[:, j].set(mf[:, j] * factor)


def r13_scale_mask_mod(m, j, factor):
    cols = jnp.arange(m.shape[1])
    return m * jnp.where(cols == j % m.shape[1], factor, 1.0)


def r13_scale_python_float(m, j, factor):
    return m.astype(float).at[:, j].multiply(factor)  # float is float32 without x64


def r13_scale_transpose(m, j, factor):
    return jnp.asarray(m, dtype="float32").T.at[j].multiply(factor).T


def r13_scale_ellipsis(m, j, factor):
    return m.astype(jnp.float32).at[..., j].multiply(jnp.float32(factor))


# --- 06.count_labels: count_labels(labels, n), int32 --------------------------------------


def r13_count_add_all(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)  # -1 lands on n - 1


def r13_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)  # -1 clipped into label 0


def r13_count_bool_mask(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels[labels >= 0]].add(1)


def r13_count_float(labels, n):
    return jnp.zeros(n).at[jnp.where(labels >= 0, labels, n)].add(1)


def r13_count_plus_equals(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    return counts.at[labels].set(counts[labels] + 1)  # NumPy's counts[labels] += 1


def r13_count_pad_to_zero(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels >= 0, labels, 0)].add(1)


def r13_count_greater_zero(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add((labels > 0).astype(jnp.int32))


def r13_count_clip(labels, n):
    idx = jnp.where(labels >= 0, labels, n)
    return jnp.zeros(n, dtype=jnp.int32).at[idx].add(1, mode="clip")


def r13_count_histogram(labels, n):
    return jnp.histogram(labels, bins=n, range=(0, n))[0]  # float32 counts


def r13_count_short(labels, n):
    return jnp.bincount(labels + 1, length=n)[1:]  # n - 1 counts


def r13_count_one_hot_float(labels, n):
    return jax.nn.one_hot(labels, n).sum(axis=0)


def r13_count_padding_weight(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(jnp.where(labels >= 0, 1, -1))


def r13_count_weighted(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add((labels >= 0).astype(jnp.int32))


def r13_count_compare(labels, n):
    return (labels[:, None] == jnp.arange(n)[None, :]).sum(axis=0, dtype=jnp.int32)


def r13_count_shift(labels, n):
    return jnp.bincount(labels + 1, length=n + 1)[1:].astype(jnp.int32)


def r13_count_bincount_dropped(labels, n):
    return jnp.bincount(jnp.where(labels >= 0, labels, n), length=n)


def r13_count_one_hot_int(labels, n):
    return jax.nn.one_hot(labels, n, dtype=jnp.int32).sum(axis=0)


ROUND_13 = [
    Wrong(
        "06.set_first",
        "copied the page's port: .at[] results thrown away",
        lambda: r13_swap_port_copied,
    ),
    Wrong(
        "06.set_first",
        "second update reads y[0] after it was overwritten",
        lambda: r13_swap_reads_updated,
    ),
    Wrong(
        "06.set_first",
        "kept the first .at[] result, not the second",
        lambda: r13_swap_second_not_kept,
    ),
    Wrong("06.set_first", "x[::-1]: right for lengths up to 3 only", lambda: r13_swap_reverse),
    Wrong(
        "06.set_first",
        "concatenate of slices: length 1 gives two elements",
        lambda: r13_swap_concat,
    ),
    Wrong(
        "06.set_first",
        "set both ends from x[[0, -1]]: values not reversed",
        lambda: r13_swap_values_not_reversed,
    ),
    Wrong(
        "06.set_first", "jnp.roll(x, 1): a rotation, right for length 2 only", lambda: r13_swap_roll
    ),
    Wrong(
        "06.set_first",
        "built into jnp.zeros(x.shape): int dtype lost to float32",
        lambda: r13_swap_float_buffer,
    ),
    Wrong(
        "06.set_first", "NumPy copy and tuple swap: fails under jit", lambda: r13_swap_numpy_copy
    ),
    Wrong(
        "06.set_first", "last index written as n, past the end: dropped", lambda: r13_swap_index_n
    ),
    Wrong(
        "06.set_first",
        "jnp.where with i == n for the last element",
        lambda: r13_swap_where_off_by_one,
    ),
    Wrong("06.out_of_bounds", "A: thought writes clamp like reads", lambda: "A"),
    Wrong("06.out_of_bounds", "C: whole update dropped", lambda: "C"),
    Wrong("06.out_of_bounds", "D: thought an update checks bounds", lambda: "D"),
    Wrong("06.out_of_bounds", "two letters, unsure between B and C", lambda: "BC"),
    Wrong("06.out_of_bounds", "A with its reason typed in", lambda: "A: clamped like the read"),
    Wrong("06.out_of_bounds", "lower-case a", lambda: "a"),
    Wrong("06.out_of_bounds", "typed the word 'clamp'", lambda: "clamp"),
    Wrong("06.out_of_bounds", "option d, in a hurry", lambda: "option d"),
    Wrong("06.out_of_bounds", "C) with a parenthesis", lambda: "C)"),
    Wrong("06.out_of_bounds", "left the placeholder: Ellipsis", lambda: ...),
    Wrong(
        "06.scale_column",
        "at[:, j].multiply on the int32 table: truncated",
        lambda: r13_scale_int_kept,
    ),
    Wrong(
        "06.scale_column",
        "multiplied in int32, cast to float32 afterwards",
        lambda: r13_scale_cast_after,
    ),
    Wrong("06.scale_column", "at[j] scales row j, not column j", lambda: r13_scale_row),
    Wrong(
        "06.scale_column", "set the column to factor instead of multiplying", lambda: r13_scale_set
    ),
    Wrong(
        "06.scale_column",
        "divided by factor (unit conversion read backwards)",
        lambda: r13_scale_divide,
    ),
    Wrong("06.scale_column", "scaled the whole table", lambda: r13_scale_whole),
    Wrong(
        "06.scale_column",
        "at[:, j:]: scales column j and every one after",
        lambda: r13_scale_slice_from_j,
    ),
    Wrong(
        "06.scale_column",
        "at[:, j].set(m[:, j] * factor) on int32: truncated",
        lambda: r13_scale_set_int,
    ),
    Wrong(
        "06.scale_column", "added column * factor: column times 1 + factor", lambda: r13_scale_add
    ),
    Wrong("06.scale_column", "NumPy copy and *=: fails under jit", lambda: r13_scale_numpy),
    Wrong(
        "06.scale_column",
        "mask built on the rows instead of the columns",
        lambda: r13_scale_mask_rows,
    ),
    Wrong(
        "06.scale_column",
        "column mask arange == j: misses a negative j",
        lambda: r13_scale_mask_no_negative,
    ),
    Wrong("06.scale_column", "cast to float16 instead of float32", lambda: r13_scale_float16),
    Wrong(
        "06.count_labels",
        "at[labels].add(1): padding -1 counted as label n - 1",
        lambda: r13_count_add_all,
    ),
    Wrong(
        "06.count_labels",
        "jnp.bincount(labels, length=n): -1 counted as 0",
        lambda: r13_count_bincount,
    ),
    Wrong(
        "06.count_labels",
        "boolean mask labels[labels >= 0]: fails under jit",
        lambda: r13_count_bool_mask,
    ),
    Wrong(
        "06.count_labels", "right counts in float32 (jnp.zeros default)", lambda: r13_count_float
    ),
    Wrong(
        "06.count_labels",
        "ported counts[labels] += 1: repeats count once",
        lambda: r13_count_plus_equals,
    ),
    Wrong(
        "06.count_labels",
        "padding replaced by 0: counted as label 0",
        lambda: r13_count_pad_to_zero,
    ),
    Wrong(
        "06.count_labels",
        "weights labels > 0: label 0 never counted",
        lambda: r13_count_greater_zero,
    ),
    Wrong(
        "06.count_labels",
        "padding sent to n with mode='clip': lands on n - 1",
        lambda: r13_count_clip,
    ),
    Wrong(
        "06.count_labels",
        "jnp.histogram counts: right values, float32",
        lambda: r13_count_histogram,
    ),
    Wrong(
        "06.count_labels",
        "bincount(labels + 1, length=n)[1:]: one count short",
        lambda: r13_count_short,
    ),
    Wrong(
        "06.count_labels",
        "one_hot(...).sum(0): right values, float32",
        lambda: r13_count_one_hot_float,
    ),
    Wrong("06.count_labels", "padding adds -1, at label n - 1", lambda: r13_count_padding_weight),
]

RIGHT_13 = [
    Right("06.set_first", "gather with a swapped index vector", lambda: r13_swap_gather),
    Right(
        "06.set_first",
        "one .at[] with both ends, values read reversed",
        lambda: r13_swap_pair_index,
    ),
    Right("06.set_first", "nested jnp.where on the position", lambda: r13_swap_where),
    Right("06.set_first", "values for the ends taken from jnp.flip(x)", lambda: r13_swap_flip_ends),
    Right(
        "06.set_first",
        "explicit copy, ends saved first, two reassignments",
        lambda: r13_swap_copy_first,
    ),
    Right("06.out_of_bounds", "B", lambda: "B"),
    Right("06.out_of_bounds", "lower-case b", lambda: "b"),
    Right("06.out_of_bounds", "B with spaces around it", lambda: " B "),
    Right(
        "06.scale_column", "cast, then set the column to its product", lambda: r13_scale_set_product
    ),
    Right(
        "06.scale_column",
        "multiply by a column mask, negative j taken mod width",
        lambda: r13_scale_mask_mod,
    ),
    Right("06.scale_column", "astype(float), float32 without x64", lambda: r13_scale_python_float),
    Right("06.scale_column", "transpose, scale row j, transpose back", lambda: r13_scale_transpose),
    Right("06.scale_column", "at[..., j] with factor as float32", lambda: r13_scale_ellipsis),
    Right(
        "06.count_labels", "adds 1 for a real label and 0 for padding", lambda: r13_count_weighted
    ),
    Right("06.count_labels", "compare with arange(n), sum as int32", lambda: r13_count_compare),
    Right("06.count_labels", "bincount of labels + 1, first bin dropped", lambda: r13_count_shift),
    Right(
        "06.count_labels",
        "padding sent to n, bincount length n drops it",
        lambda: r13_count_bincount_dropped,
    ),
    Right("06.count_labels", "one_hot with dtype int32, summed", lambda: r13_count_one_hot_int),
]
