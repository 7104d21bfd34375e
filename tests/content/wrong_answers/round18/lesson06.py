"""Round 18, lesson 06 (Update arrays without mutation, and keep functions pure):
answers from the lesson's text alone.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 06.set_first: swap_ends(x), first and last swapped, dtype kept ----------------


def r18_swap_port_unchanged(x):
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r18_swap_sequential(x):
    x = x.at[0].set(x[-1])
    x = x.at[-1].set(x[0])
    return x


def r18_swap_flip(x):
    return jnp.flip(x)


def r18_swap_numpy_copy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return jnp.array(y)


def r18_swap_len_index(x):
    n = x.shape[0]
    return x.at[0].set(x[n - 1]).at[n].set(x[0])


def r18_swap_second_last(x):
    return x.at[0].set(x[-2]).at[-2].set(x[0])


def r18_swap_concat(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])


def r18_swap_zeros_float(x):
    y = jnp.zeros(x.shape)
    y = y.at[:].set(x)
    return y.at[0].set(x[-1]).at[-1].set(x[0])


def r18_swap_two_copies(x):
    first = x.at[0].set(x[-1])  # noqa: F841
    last = x.at[-1].set(x[0])
    return last


def r18_swap_no_return(x):
    y = x.at[0].set(x[-1]).at[-1].set(x[0])  # noqa: F841


def r18_swap_int32_first(x):
    x = x.astype(jnp.int32)
    return x.at[0].set(x[-1]).at[-1].set(x[0])


def r18_swap_ends_only(x):
    return jnp.array([x[-1], x[0]])


def r18_swap_right_fancy(x):
    return x.at[jnp.array([0, -1])].set(x[jnp.array([-1, 0])])


def r18_swap_right_permutation(x):
    n = x.shape[0]
    perm = jnp.arange(n).at[0].set(n - 1).at[n - 1].set(0)
    return x[perm]


def r18_swap_right_where(x):
    n = x.shape[0]
    i = jnp.arange(n)
    return jnp.where(i == 0, x[n - 1], jnp.where(i == n - 1, x[0], x))


# ---- 06.out_of_bounds: x.at[jnp.array([0, 10])].set(7) -----------------------------

# ---- 06.scale_column: column j times factor, floored, int32 -------------------------


def r18_scale_multiply_method(m, j, factor):
    return m.at[:, j].multiply(factor)


def r18_scale_round(m, j, factor):
    return m.at[:, j].set(jnp.round(m[:, j] * factor).astype(jnp.int32))


def r18_scale_ceil(m, j, factor):
    return m.at[:, j].set(jnp.ceil(m[:, j] * factor).astype(jnp.int32))


def r18_scale_row(m, j, factor):
    return m.at[j].set(jnp.floor(m[j] * factor).astype(jnp.int32))


def r18_scale_float_result(m, j, factor):
    mf = m.astype(jnp.float32)
    return mf.at[:, j].set(jnp.floor(mf[:, j] * factor))


def r18_scale_whole_table(m, j, factor):
    return jnp.floor(m * factor).astype(jnp.int32)


def r18_scale_index_mul(m, j, factor):
    return jax.ops.index_mul(m, jax.ops.index[:, j], factor)


def r18_scale_numpy_inplace(m, j, factor):
    out = np.array(m)
    out[:, j] = np.floor(out[:, j] * factor)
    return jnp.array(out)


def r18_scale_slice_j(m, j, factor):
    col = m[:, j : j + 1]
    return m.at[:, j : j + 1].set(jnp.floor(col * factor).astype(jnp.int32))


def r18_scale_arange_mask(m, j, factor):
    is_col = jnp.arange(m.shape[1]) == j
    scaled = jnp.floor(m * factor).astype(jnp.int32)
    return jnp.where(is_col[None, :], scaled, m)


def r18_scale_divide(m, j, factor):
    return m.at[:, j].set(jnp.floor(m[:, j] / factor).astype(jnp.int32))


def r18_scale_add(m, j, factor):
    return m.at[:, j].add(jnp.floor(m[:, j] * factor).astype(jnp.int32))


def r18_scale_column_only(m, j, factor):
    return jnp.floor(m[:, j] * factor).astype(jnp.int32)


def r18_scale_right_floordiv(m, j, factor):
    new_col = ((m[:, j] * factor) // 1).astype("int32")
    return m.at[:, j].set(new_col)


def r18_scale_right_transpose(m, j, factor):
    t = m.T
    return t.at[j].set(jax.lax.floor(t[j].astype(jnp.float32) * factor).astype(jnp.int32)).T


def r18_scale_right_mask_mod(m, j, factor):
    ncols = m.shape[1]
    is_col = jnp.arange(ncols) == (j % ncols)
    scaled = jnp.floor(m * factor).astype(m.dtype)
    return jnp.where(is_col, scaled, m)


# ---- 06.count_labels: int32 counts of 0..n-1, -1 padding not counted ----------------


def r18_count_plain_add(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1)


def r18_count_set_plus_one(labels, n):
    counts = jnp.zeros(n, jnp.int32)
    return counts.at[labels].set(counts[labels] + (labels >= 0))


def r18_count_float(labels, n):
    return jnp.zeros(n).at[jnp.where(labels >= 0, labels, n)].add(1)


def r18_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)


def r18_count_boolean_mask(labels, n):
    kept = labels[labels >= 0]
    return jnp.zeros(n, jnp.int32).at[kept].add(1)


def r18_count_mode_drop(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1, mode="drop")


def r18_count_where_zero(labels, n):
    return jnp.zeros(n, jnp.int32).at[jnp.where(labels >= 0, labels, 0)].add(1)


def r18_count_greater_than_zero(labels, n):
    return jnp.zeros(n, jnp.int32).at[jnp.where(labels > 0, labels, n)].add(1)


def r18_count_n_plus_one_unsliced(labels, n):
    return jnp.zeros(n + 1, jnp.int32).at[labels].add(1)


def r18_count_unique(labels, n):
    values, counts = jnp.unique(labels[labels >= 0], return_counts=True)
    return jnp.zeros(n, jnp.int32).at[values].set(counts)


def r18_count_comprehension(labels, n):
    return jnp.array([jnp.sum(labels == k) for k in range(n)], dtype=jnp.int32)


def r18_count_wrong_axis(labels, n):
    onehot = labels[None, :] == jnp.arange(n)[:, None]
    return jnp.sum(onehot, axis=0)


def r18_count_right_onehot(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n)[None, :], axis=0, dtype=jnp.int32)


def r18_count_right_shift(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels + 1].add(1)[1:]


def r18_count_right_vmap(labels, n):
    return jax.vmap(lambda k: jnp.count_nonzero(labels == k).astype(jnp.int32))(jnp.arange(n))


def r18_count_right_add_mask(labels, n):
    return jnp.zeros((n,), "int32").at[labels].add((labels >= 0).astype(jnp.int32))


ROUND_18 = [
    Wrong(
        "06.set_first",
        "kept the port: .at[].set results thrown away",
        lambda: r18_swap_port_unchanged,
    ),
    Wrong(
        "06.set_first", "reassigned x, second set reads the new x[0]", lambda: r18_swap_sequential
    ),
    Wrong("06.set_first", "jnp.flip: reverses the whole array", lambda: r18_swap_flip),
    Wrong("06.set_first", "NumPy copy and tuple swap, back to jnp", lambda: r18_swap_numpy_copy),
    Wrong(
        "06.set_first", "wrote the last at index len(x), past the end", lambda: r18_swap_len_index
    ),
    Wrong("06.set_first", "swapped with x[-2] instead of x[-1]", lambda: r18_swap_second_last),
    Wrong("06.set_first", "concatenate of ends and middle slices", lambda: r18_swap_concat),
    Wrong(
        "06.set_first", "built the result in jnp.zeros: float dtype", lambda: r18_swap_zeros_float
    ),
    Wrong(
        "06.set_first", "two updates of x, returned only the second", lambda: r18_swap_two_copies
    ),
    Wrong("06.set_first", "forgot the return statement", lambda: r18_swap_no_return),
    Wrong("06.set_first", "cast x to int32 first, to be safe", lambda: r18_swap_int32_first),
    Wrong("06.set_first", "returned just the two swapped ends", lambda: r18_swap_ends_only),
    Wrong("06.out_of_bounds", "typed A, thinking writes clamp like reads", lambda: "A"),
    Wrong("06.out_of_bounds", "typed C, one bad index drops the whole update", lambda: "C"),
    Wrong("06.out_of_bounds", "typed D, thinking updates check bounds", lambda: "D"),
    Wrong("06.out_of_bounds", "typed the error name instead of a letter", lambda: "IndexError"),
    Wrong("06.out_of_bounds", "typed A's array, [7, 2, 7]", lambda: "[7, 2, 7]"),
    Wrong("06.out_of_bounds", "typed C's array, unchanged x", lambda: "Array([1, 2, 3])"),
    Wrong("06.out_of_bounds", "hedged between A and B", lambda: "A/B"),
    Wrong("06.out_of_bounds", "left the placeholder ...", lambda: ...),
    Wrong("06.out_of_bounds", "typed a word, clamped", lambda: "clamped"),
    Wrong(
        "06.scale_column",
        ".at[:, j].multiply: truncates toward zero",
        lambda: r18_scale_multiply_method,
    ),
    Wrong("06.scale_column", "jnp.round instead of floor", lambda: r18_scale_round),
    Wrong("06.scale_column", "jnp.ceil instead of floor", lambda: r18_scale_ceil),
    Wrong("06.scale_column", "scaled row j, m.at[j]", lambda: r18_scale_row),
    Wrong("06.scale_column", "floored in float32, never cast back", lambda: r18_scale_float_result),
    Wrong("06.scale_column", "scaled every column", lambda: r18_scale_whole_table),
    Wrong("06.scale_column", "kept the old jax.ops.index_mul", lambda: r18_scale_index_mul),
    Wrong(
        "06.scale_column",
        "NumPy copy, in-place column, back to jnp",
        lambda: r18_scale_numpy_inplace,
    ),
    Wrong("06.scale_column", "slice j:j+1 to keep 2-D, empty for j=-1", lambda: r18_scale_slice_j),
    Wrong(
        "06.scale_column",
        "arange(ncols) == j mask, no match for j<0",
        lambda: r18_scale_arange_mask,
    ),
    Wrong("06.scale_column", "divided the column by factor", lambda: r18_scale_divide),
    Wrong("06.scale_column", ".add of the scaled column, not .set", lambda: r18_scale_add),
    Wrong("06.scale_column", "returned only the scaled column", lambda: r18_scale_column_only),
    Wrong("06.count_labels", ".at[labels].add(1): -1 counts as n-1", lambda: r18_count_plain_add),
    Wrong(
        "06.count_labels",
        "NumPy read-add-set: repeats counted once",
        lambda: r18_count_set_plus_one,
    ),
    Wrong("06.count_labels", "counts in float jnp.zeros(n)", lambda: r18_count_float),
    Wrong("06.count_labels", "jnp.bincount: -1 counted as label 0", lambda: r18_count_bincount),
    Wrong(
        "06.count_labels", "boolean mask labels[labels >= 0] first", lambda: r18_count_boolean_mask
    ),
    Wrong("06.count_labels", "mode='drop' thinking it drops -1", lambda: r18_count_mode_drop),
    Wrong("06.count_labels", "padding replaced by 0 before adding", lambda: r18_count_where_zero),
    Wrong(
        "06.count_labels",
        "kept labels > 0, label 0 never counted",
        lambda: r18_count_greater_than_zero,
    ),
    Wrong(
        "06.count_labels",
        "n+1 slots for padding, never sliced",
        lambda: r18_count_n_plus_one_unsliced,
    ),
    Wrong("06.count_labels", "jnp.unique with return_counts", lambda: r18_count_unique),
    Wrong("06.count_labels", "list comprehension over range(n)", lambda: r18_count_comprehension),
    Wrong("06.count_labels", "one-hot summed over the wrong axis", lambda: r18_count_wrong_axis),
]

RIGHT_18 = [
    Right("06.set_first", "one fancy-index set of both ends", lambda: r18_swap_right_fancy),
    Right(
        "06.set_first",
        "index with a swapped arange permutation",
        lambda: r18_swap_right_permutation,
    ),
    Right("06.set_first", "nested jnp.where on positions", lambda: r18_swap_right_where),
    Right("06.out_of_bounds", "lower-case b", lambda: "b"),
    Right("06.out_of_bounds", "B with a leading space", lambda: " B"),
    Right("06.out_of_bounds", "B with a full stop", lambda: "B."),
    Right("06.scale_column", "(x // 1) then astype('int32')", lambda: r18_scale_right_floordiv),
    Right("06.scale_column", "via the transpose, lax.floor", lambda: r18_scale_right_transpose),
    Right(
        "06.scale_column", "column mask with j % ncols, jnp.where", lambda: r18_scale_right_mask_mod
    ),
    Right("06.count_labels", "one-hot compare summed over labels", lambda: r18_count_right_onehot),
    Right("06.count_labels", "shift labels by one, drop slot 0", lambda: r18_count_right_shift),
    Right("06.count_labels", "vmap of count_nonzero over 0..n-1", lambda: r18_count_right_vmap),
    Right(
        "06.count_labels", ".add of the int mask, padding adds 0", lambda: r18_count_right_add_mask
    ),
]
