"""Round 17, lesson 06 (immutability and purity): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# --- 06.set_first -------------------------------------------------------------------


def r17_swap_port_as_shown(x):
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r17_swap_sequential(x):
    x = x.at[0].set(x[-1])
    x = x.at[-1].set(x[0])  # reads the new first element
    return x


def r17_swap_first_only_kept(x):
    x = x.at[0].set(x[-1])
    x.at[-1].set(x[0])  # second result thrown away
    return x


def r17_swap_concat(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])  # length 1 -> length 2


def r17_swap_unpack(x):
    return jnp.array([x[-1], *x[1:-1], x[0]])


def r17_swap_flip(x):
    return jnp.flip(x)


def r17_swap_roll(x):
    return jnp.roll(x, 1)


def r17_swap_len_index(x):
    n = len(x)
    return x.at[0].set(x[n - 1]).at[n].set(x[0])  # n is past the end: dropped


def r17_swap_numpy_copy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return jnp.asarray(y)


def r17_swap_float(x):
    y = x.astype(jnp.float32)
    return y.at[0].set(x[-1]).at[-1].set(x[0])


def r17_swap_no_reverse(x):
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends])


def r17_swap_chained(x):
    first, last = x[0], x[-1]
    return x.at[0].set(last).at[-1].set(first)


def r17_swap_gather(x):
    n = x.shape[0]
    idx = jnp.arange(n).at[0].set(n - 1).at[-1].set(0)
    return x[idx]


def r17_swap_where(x):
    i = jnp.arange(x.shape[0])
    return jnp.where(i == 0, x[-1], jnp.where(i == x.shape[0] - 1, x[0], x))


def r17_swap_fancy_pair(x):
    return x.at[jnp.array([0, -1])].set(x[jnp.array([-1, 0])])


# --- 06.scale_column ----------------------------------------------------------------


def r17_scale_multiply(m, j, factor):
    return m.at[:, j].multiply(factor)  # astype truncates: -2.2 -> -2


def r17_scale_row(m, j, factor):
    return m.at[j].set(jnp.floor(m[j] * factor).astype(jnp.int32))


def r17_scale_round(m, j, factor):
    return m.at[:, j].set(jnp.round(m[:, j] * factor).astype(jnp.int32))


def r17_scale_trunc(m, j, factor):
    return m.at[:, j].set(jnp.trunc(m[:, j] * factor).astype(jnp.int32))


def r17_scale_float_table(m, j, factor):
    f = m.astype(jnp.float32)
    return f.at[:, j].set(jnp.floor(f[:, j] * factor))


def r17_scale_where_neg_j(m, j, factor):
    cols = jnp.arange(m.shape[1])
    return jnp.where(cols == j, jnp.floor(m * factor), m).astype(jnp.int32)


def r17_scale_int_factor(m, j, factor):
    return m.at[:, j].multiply(int(factor))


def r17_scale_ceil(m, j, factor):
    return m.at[:, j].set(-(-(m[:, j] * factor) // 1))


def r17_scale_numpy_floor(m, j, factor):
    return m.at[:, j].set(np.floor(m[:, j] * factor).astype(np.int32))


def r17_scale_neg_j_off(m, j, factor):
    if j < 0:
        j = m.shape[1] + j - 1
    return m.at[:, j].set(jnp.floor(m[:, j] * factor).astype(jnp.int32))


def r17_scale_floordiv(m, j, factor):
    return m.at[:, j].set(m[:, j] * factor // 1)  # the set casts the whole floats


def r17_scale_where_mod(m, j, factor):
    cols = jnp.arange(m.shape[1])
    scaled = jnp.floor(m * factor).astype(m.dtype)
    return jnp.where(cols == j % m.shape[1], scaled, m)


def r17_scale_floor_divide(m, j, factor):
    col = jnp.floor_divide(m[:, j] * factor, 1.0).astype(jnp.int32)
    return m.at[:, j].set(col)


# --- 06.count_labels ----------------------------------------------------------------


def r17_count_plain_add(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1)


def r17_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)  # -1 clipped to label 0


def r17_count_mode_drop(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1, mode="drop")


def r17_count_where_zero(labels, n):
    safe = jnp.where(labels >= 0, labels, 0)
    return jnp.zeros(n, jnp.int32).at[safe].add(1)


def r17_count_float(labels, n):
    safe = jnp.where(labels >= 0, labels, n)
    return jnp.zeros(n).at[safe].add(1)


def r17_count_bool_index(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels[labels >= 0]].add(1)


def r17_count_axis1(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=1)


def r17_count_shift_short(labels, n):
    return jnp.bincount(labels + 1, length=n)[1:]


def r17_count_histogram(labels, n):
    return jnp.histogram(labels, bins=n, range=(0, n))[0]


def r17_count_mode_clip(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1, mode="clip")


def r17_count_bool_add(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(labels >= 0)


def r17_count_onehot_sum(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=0)


def r17_count_shift(labels, n):
    return jnp.bincount(labels + 1, length=n + 1)[1:]


def r17_count_where_n(labels, n):
    return jnp.bincount(jnp.where(labels < 0, n, labels), length=n)


def r17_count_unique(labels, n):
    return jnp.unique(labels, return_counts=True, size=n)[1]


def r17_scale_astype_int(m, j, factor):
    return m.at[:, j].set(jnp.floor(m[:, j] * factor).astype(int))


ROUND_17 = [
    Wrong(
        "06.set_first",
        "the page's port as shown, results discarded",
        lambda: r17_swap_port_as_shown,
    ),
    Wrong(
        "06.set_first",
        "second set reads the already-updated first element",
        lambda: r17_swap_sequential,
    ),
    Wrong(
        "06.set_first",
        "kept the first .at result, dropped the second",
        lambda: r17_swap_first_only_kept,
    ),
    Wrong(
        "06.set_first", "concatenate last/middle/first: length 1 doubles", lambda: r17_swap_concat
    ),
    Wrong(
        "06.set_first", "jnp.array of unpacked pieces: length 1 doubles", lambda: r17_swap_unpack
    ),
    Wrong("06.set_first", "jnp.flip reverses the middle too", lambda: r17_swap_flip),
    Wrong("06.set_first", "jnp.roll by one", lambda: r17_swap_roll),
    Wrong(
        "06.set_first",
        "wrote the last at index len(x), dropped out of bounds",
        lambda: r17_swap_len_index,
    ),
    Wrong(
        "06.set_first", "NumPy copy and tuple swap, fails under jit", lambda: r17_swap_numpy_copy
    ),
    Wrong("06.set_first", "cast to float32 to be safe, dtype lost", lambda: r17_swap_float),
    Wrong(
        "06.set_first", "fancy index set with the ends not reversed", lambda: r17_swap_no_reverse
    ),
    Wrong("06.out_of_bounds", "A: writes clamp like reads do", lambda: "A"),
    Wrong("06.out_of_bounds", "C: model of one scatter that fails as a whole", lambda: "C"),
    Wrong("06.out_of_bounds", "D: NumPy model, updates check indices", lambda: "D"),
    Wrong("06.out_of_bounds", "the array as text instead of the letter", lambda: "[7, 2, 3]"),
    Wrong("06.out_of_bounds", "two letters, undecided", lambda: "B or C"),
    Wrong("06.out_of_bounds", "lower case a", lambda: "a"),
    Wrong(
        "06.scale_column",
        ".at[:, j].multiply: astype truncates toward zero",
        lambda: r17_scale_multiply,
    ),
    Wrong("06.scale_column", "scaled row j instead of column j", lambda: r17_scale_row),
    Wrong("06.scale_column", "jnp.round instead of floor", lambda: r17_scale_round),
    Wrong("06.scale_column", "jnp.trunc: right for positive factors only", lambda: r17_scale_trunc),
    Wrong(
        "06.scale_column",
        "floored in a float table, never cast back",
        lambda: r17_scale_float_table,
    ),
    Wrong(
        "06.scale_column",
        "jnp.where on arange == j: negative j never matches",
        lambda: r17_scale_where_neg_j,
    ),
    Wrong(
        "06.scale_column",
        "int(factor) first so the dtype stays int32",
        lambda: r17_scale_int_factor,
    ),
    Wrong("06.scale_column", "-(-x // 1) trick: that is ceil, not floor", lambda: r17_scale_ceil),
    Wrong(
        "06.scale_column", "np.floor on the column: fails under jit", lambda: r17_scale_numpy_floor
    ),
    Wrong("06.scale_column", "own negative-j conversion off by one", lambda: r17_scale_neg_j_off),
    Wrong(
        "06.count_labels",
        ".at[labels].add(1): -1 counts into the last label",
        lambda: r17_count_plain_add,
    ),
    Wrong(
        "06.count_labels",
        "jnp.bincount(length=n): -1 clipped to label 0",
        lambda: r17_count_bincount,
    ),
    Wrong(
        "06.count_labels", "mode='drop' alone: -1 still wraps to n - 1", lambda: r17_count_mode_drop
    ),
    Wrong("06.count_labels", "padding mapped to 0 and counted there", lambda: r17_count_where_zero),
    Wrong("06.count_labels", "right counts in float32 zeros", lambda: r17_count_float),
    Wrong(
        "06.count_labels",
        "boolean mask to drop padding: fails under jit",
        lambda: r17_count_bool_index,
    ),
    Wrong("06.count_labels", "one-hot compare summed over the wrong axis", lambda: r17_count_axis1),
    Wrong(
        "06.count_labels", "shift by one but length n: n - 1 counts", lambda: r17_count_shift_short
    ),
    Wrong(
        "06.count_labels",
        "jnp.histogram: float counts, last bin closed",
        lambda: r17_count_histogram,
    ),
    Wrong("06.count_labels", "mode='clip': -1 still wraps to n - 1", lambda: r17_count_mode_clip),
    Wrong(
        "06.count_labels",
        "jnp.unique counts: per distinct value, -1 first",
        lambda: r17_count_unique,
    ),
]
RIGHT_17 = [
    Right("06.set_first", "read both ends first, then chain two sets", lambda: r17_swap_chained),
    Right("06.set_first", "gather with a swapped index permutation", lambda: r17_swap_gather),
    Right("06.set_first", "nested jnp.where on positions", lambda: r17_swap_where),
    Right("06.set_first", "one fancy-index set with reversed ends", lambda: r17_swap_fancy_pair),
    Right("06.out_of_bounds", "B", lambda: "B"),
    Right("06.out_of_bounds", "B with spaces around", lambda: " B "),
    Right(
        "06.scale_column", "// 1 floors, .set casts the floats to int32", lambda: r17_scale_floordiv
    ),
    Right("06.scale_column", "jnp.where on arange == j % ncols", lambda: r17_scale_where_mod),
    Right("06.scale_column", "jnp.floor_divide by 1.0 then astype", lambda: r17_scale_floor_divide),
    Right(
        "06.count_labels",
        "add the mask labels >= 0 itself at every label",
        lambda: r17_count_bool_add,
    ),
    Right("06.count_labels", "one-hot compare summed over axis 0", lambda: r17_count_onehot_sum),
    Right("06.count_labels", "bincount of labels + 1, first bin dropped", lambda: r17_count_shift),
    Right("06.count_labels", "padding moved to n, bincount drops it", lambda: r17_count_where_n),
    Right("06.scale_column", "astype(int), int32 with x64 off", lambda: r17_scale_astype_int),
]
