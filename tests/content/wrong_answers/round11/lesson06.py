"""Round 11, lesson 06 (immutability and purity): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong


# ---- 06.set_first ----------------------------------------------------------------------
def r11_swap_sequential(x):
    y = x.at[0].set(x[-1])
    y = y.at[-1].set(y[0])  # reads the already-updated first element
    return y


def r11_swap_one_end(x):
    return x.at[0].set(x[-1])


def r11_swap_flip(x):
    return jnp.flip(x)  # right for lengths up to 3 only


def r11_swap_roll(x):
    return jnp.roll(x, 1)


def r11_swap_len_index(x):
    return x.at[0].set(x[-1]).at[len(x)].set(x[0])  # index len(x) is out of bounds, dropped


def r11_swap_numpy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return jnp.asarray(y)  # fails on a tracer under jit


def r11_swap_concat(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])  # length 1 gives 2 elements


def r11_swap_page_port(x):
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r11_swap_wrong_source(x):
    return x.at[0].set(x[-1]).at[-1].set(x[1])  # x[1] instead of x[0]


def r11_swap_no_reverse(x):
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends])  # forgot to reverse the values


def r11_swap_float(x):
    return jnp.where(
        jnp.arange(x.shape[0]) == 0,
        x[-1] * 1.0,
        jnp.where(jnp.arange(x.shape[0]) == x.shape[0] - 1, x[0] * 1.0, x),
    )


def r11_swap_fancy(x):
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends[::-1]])


def r11_swap_perm(x):
    n = x.shape[0]
    idx = jnp.arange(n).at[0].set(n - 1).at[-1].set(0)
    return x[idx]


def r11_swap_where_flip(x):
    pos = jnp.arange(x.shape[0])
    return jnp.where((pos == 0) | (pos == x.shape[0] - 1), x[::-1], x)


def r11_swap_temp(x):
    first, last = x[0], x[-1]
    out = x.at[-1].set(first)
    out = out.at[0].set(last)
    return out


# ---- 06.scale_column -------------------------------------------------------------------
def r11_col_int(m, j, factor):
    return m.at[:, j].multiply(factor)  # stays int32, truncated


def r11_col_cast_after(m, j, factor):
    return m.at[:, j].multiply(factor).astype(jnp.float32)


def r11_col_row(m, j, factor):
    return m.astype(jnp.float32).at[j].multiply(factor)


def r11_col_set(m, j, factor):
    return m.astype(jnp.float32).at[:, j].set(factor)


def r11_col_all(m, j, factor):
    return m.astype(jnp.float32) * factor


def r11_col_slice_from(m, j, factor):
    return m.astype(jnp.float32).at[:, j:].multiply(factor)


def r11_col_int_factor(m, j, factor):
    return m.astype(jnp.float32).at[:, j].multiply(int(factor))


def r11_col_add(m, j, factor):
    return m.astype(jnp.float32).at[:, j].add(factor)


def r11_col_bf16(m, j, factor):
    return m.astype(jnp.bfloat16).at[:, j].multiply(factor)


def r11_col_row_vector(m, j, factor):
    scale = jnp.ones(m.shape[0]).at[j].set(factor)
    return m * scale[:, None]  # scales row j


def r11_col_numpy(m, j, factor):
    out = np.array(m, dtype=np.float32)
    out[:, j] *= factor
    return jnp.asarray(out)  # fails on a tracer under jit


def r11_col_where(m, j, factor):
    return jnp.where(jnp.arange(m.shape[1]) == j, m * factor, m).astype(jnp.float32)


def r11_col_transpose(m, j, factor):
    return m.T.astype(jnp.float32).at[j].multiply(factor).T


def r11_col_astype_float(m, j, factor):
    return m.astype(float).at[:, j].multiply(factor)


def r11_col_scale_vector(m, j, factor):
    scale = jnp.ones(m.shape[1], dtype=jnp.float32).at[j].set(factor)
    return jnp.asarray(m, dtype=jnp.float32) * scale


# ---- 06.count_labels -------------------------------------------------------------------
def r11_count_wraps(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1)  # -1 counted as n - 1


def r11_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)  # -1 clipped into label 0


def r11_count_mask(labels, n):
    return jnp.bincount(labels[labels >= 0], length=n)  # shape depends on values


def r11_count_set(labels, n):
    return jnp.zeros(n, jnp.int32).at[jnp.where(labels >= 0, labels, n)].set(1)


def r11_count_float(labels, n):
    return jnp.zeros(n).at[jnp.where(labels >= 0, labels, n)].add(1)


def r11_count_drop_mode(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1, mode="drop")  # -1 still wraps


def r11_count_axis1(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=1)


def r11_count_pad_to_zero(labels, n):
    return jnp.zeros(n, jnp.int32).at[jnp.where(labels >= 0, labels, 0)].add(1)


def r11_count_histogram(labels, n):
    return jnp.histogram(labels, bins=n, range=(0, n))[0]  # float counts


def r11_count_short(labels, n):
    return jnp.zeros(n - 1, jnp.int32).at[jnp.where(labels >= 0, labels, n)].add(1)


def r11_count_where_n(labels, n):
    return jnp.bincount(jnp.where(labels >= 0, labels, n), length=n)


def r11_count_shift(labels, n):
    return jnp.bincount(labels + 1, length=n + 1)[1:]


def r11_count_onehot(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=0, dtype=jnp.int32)


def r11_count_bool_weights(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(labels >= 0)


ROUND_11 = [
    Wrong(
        "06.set_first", "second set reads the updated first element", lambda: r11_swap_sequential
    ),
    Wrong("06.set_first", "only the first element set", lambda: r11_swap_one_end),
    Wrong("06.set_first", "flip: right up to length 3", lambda: r11_swap_flip),
    Wrong("06.set_first", "roll by one", lambda: r11_swap_roll),
    Wrong("06.set_first", "at[len(x)]: out of bounds, dropped", lambda: r11_swap_len_index),
    Wrong("06.set_first", "NumPy copy and tuple swap", lambda: r11_swap_numpy),
    Wrong("06.set_first", "concatenate ends: length 1 doubles", lambda: r11_swap_concat),
    Wrong("06.set_first", "page's port, results not assigned", lambda: r11_swap_page_port),
    Wrong("06.set_first", "x[1] written to the end", lambda: r11_swap_wrong_source),
    Wrong("06.set_first", "fancy index, values not reversed", lambda: r11_swap_no_reverse),
    Wrong("06.set_first", "where with * 1.0: ints become floats", lambda: r11_swap_float),
    Wrong("06.out_of_bounds", "A: clamped like the read", lambda: "A"),
    Wrong("06.out_of_bounds", "C: whole update dropped", lambda: "C"),
    Wrong("06.out_of_bounds", "D: IndexError", lambda: "D"),
    Wrong("06.out_of_bounds", "lower-case b", lambda: "b"),
    Wrong("06.out_of_bounds", "the array written out", lambda: "[7, 2, 3]"),
    Wrong("06.out_of_bounds", "the result array itself", lambda: jnp.array([7, 2, 3])),
    Wrong("06.out_of_bounds", "A and B", lambda: "AB"),
    Wrong("06.scale_column", "multiply on int32: truncated, int dtype", lambda: r11_col_int),
    Wrong("06.scale_column", "cast to float32 after the int multiply", lambda: r11_col_cast_after),
    Wrong("06.scale_column", "at[j]: row j scaled", lambda: r11_col_row),
    Wrong("06.scale_column", "set instead of multiply", lambda: r11_col_set),
    Wrong("06.scale_column", "whole table scaled", lambda: r11_col_all),
    Wrong("06.scale_column", "at[:, j:]: every column from j on", lambda: r11_col_slice_from),
    Wrong("06.scale_column", "int(factor): 0.5 becomes 0", lambda: r11_col_int_factor),
    Wrong("06.scale_column", "add instead of multiply", lambda: r11_col_add),
    Wrong("06.scale_column", "bfloat16 instead of float32", lambda: r11_col_bf16),
    Wrong("06.scale_column", "scale vector broadcast over rows", lambda: r11_col_row_vector),
    Wrong("06.scale_column", "NumPy copy, in-place *=", lambda: r11_col_numpy),
    Wrong("06.count_labels", "at[labels].add(1): -1 lands on n-1", lambda: r11_count_wraps),
    Wrong("06.count_labels", "bincount: -1 counted as 0", lambda: r11_count_bincount),
    Wrong("06.count_labels", "boolean mask before bincount", lambda: r11_count_mask),
    Wrong("06.count_labels", "set(1) instead of add", lambda: r11_count_set),
    Wrong("06.count_labels", "float32 zeros", lambda: r11_count_float),
    Wrong("06.count_labels", "mode='drop' thought to drop -1", lambda: r11_count_drop_mode),
    Wrong("06.count_labels", "one-hot summed over axis 1", lambda: r11_count_axis1),
    Wrong("06.count_labels", "padding mapped to label 0", lambda: r11_count_pad_to_zero),
    Wrong("06.count_labels", "jnp.histogram: float counts", lambda: r11_count_histogram),
    Wrong("06.count_labels", "zeros(n - 1): one label short", lambda: r11_count_short),
]
RIGHT_11 = [
    Right("06.set_first", "fancy index with reversed ends", lambda: r11_swap_fancy),
    Right("06.set_first", "permutation index array", lambda: r11_swap_perm),
    Right("06.set_first", "where on positions, x[::-1] values", lambda: r11_swap_where_flip),
    Right("06.set_first", "temporaries, last set first", lambda: r11_swap_temp),
    Right("06.out_of_bounds", "B", lambda: "B"),
    Right("06.scale_column", "where over columns then astype", lambda: r11_col_where),
    Right("06.scale_column", "transpose, scale row j, transpose", lambda: r11_col_transpose),
    Right("06.scale_column", "astype(float): float32 without x64", lambda: r11_col_astype_float),
    Right("06.scale_column", "per-column scale vector", lambda: r11_col_scale_vector),
    Right("06.count_labels", "bincount with padding moved to n", lambda: r11_count_where_n),
    Right("06.count_labels", "bincount of labels + 1, first bin dropped", lambda: r11_count_shift),
    Right("06.count_labels", "one-hot compare summed over axis 0", lambda: r11_count_onehot),
    Right("06.count_labels", "add the mask as weights", lambda: r11_count_bool_weights),
]
