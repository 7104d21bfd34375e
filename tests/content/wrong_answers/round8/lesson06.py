"""Round 8, lesson 06 (immutability and purity): answers written from the lesson's text alone."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- 06.set_first ------------------------------------------------------------


def r8_swap_chained_reads_new(x):
    y = x.at[0].set(x[-1])
    return y.at[-1].set(y[0])  # y[0] is already the old last element


def r8_swap_first_only(x):
    return x.at[0].set(x[-1])


def r8_swap_reverse(x):
    return x[::-1]


def r8_swap_roll(x):
    return jnp.roll(x, 1)


def r8_swap_numpy_habit(x):
    y = x.copy()
    y[0], y[-1] = y[-1], y[0]  # jax arrays refuse item assignment
    return y


def r8_swap_via_numpy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return y


def r8_swap_discarded(x):
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r8_swap_no_reverse(x):
    idx = jnp.array([0, -1])
    return x.at[idx].set(x[idx])


def r8_swap_float(x):
    y = x.astype(jnp.float32)
    return y.at[0].set(x[-1]).at[-1].set(x[0])


def r8_swap_second(x):
    return x.at[0].set(x[-1]).at[-1].set(x[1])


def r8_swap_returns_none(x):
    x = x.at[0].set(x[-1]).at[-1].set(x[0])


def r8_swap_last_copied(x):
    return x.at[0].set(x[-1]).at[-1].set(x[-1])


def r8_swap_chain(x):
    first, last = x[0], x[-1]
    return x.at[0].set(last).at[-1].set(first)


def r8_swap_fancy(x):
    n = x.shape[0]
    ends = jnp.array([0, n - 1])
    return x.at[ends].set(x[ends[::-1]])


def r8_swap_permutation(x):
    n = x.shape[0]
    order = jnp.arange(n).at[0].set(n - 1).at[n - 1].set(0)
    return x[order]


def r8_swap_where(x):
    n = x.shape[0]
    i = jnp.arange(n)
    return jnp.where(i == 0, x[n - 1], jnp.where(i == n - 1, x[0], x))


# ---- 06.scale_column ---------------------------------------------------------


def r8_col_int(m, j, factor):
    return m.at[:, j].multiply(factor)  # stays int32


def r8_col_row(m, j, factor):
    return m.astype(jnp.float32).at[j].multiply(factor)


def r8_col_set(m, j, factor):
    return m.astype(jnp.float32).at[:, j].set(factor)


def r8_col_next(m, j, factor):
    return m.astype(jnp.float32).at[:, j + 1].multiply(factor)


def r8_col_all(m, j, factor):
    return m * factor


def r8_col_cast_late(m, j, factor):
    return m.at[:, j].multiply(factor).astype(jnp.float32)


def r8_col_float16(m, j, factor):
    return m.astype(jnp.float16).at[:, j].multiply(factor)


def r8_col_add(m, j, factor):
    return m.astype(jnp.float32).at[:, j].add(factor)


def r8_col_divide(m, j, factor):
    return m.astype(jnp.float32).at[:, j].divide(factor)


def r8_col_old_ops(m, j, factor):
    return jax.ops.index_mul(m.astype(jnp.float32), jax.ops.index[:, j], factor)


def r8_col_numpy(m, j, factor):
    a = np.array(m, dtype=np.float32)
    a[:, j] *= factor
    return a


def r8_col_column_only(m, j, factor):
    return m[:, j].astype(jnp.float32) * factor


def r8_col_in_place(m, j, factor):
    m = m.astype(jnp.float32)
    m[:, j] *= factor
    return m


def r8_col_set_product(m, j, factor):
    out = m.astype(jnp.float32)
    return out.at[:, j].set(out[:, j] * factor)


def r8_col_where(m, j, factor):
    is_col = jnp.arange(m.shape[1]) == j
    return jnp.where(is_col, m * factor, m).astype(jnp.float32)


def r8_col_weights(m, j, factor):
    return m * jnp.ones(m.shape[1], dtype=jnp.float32).at[j].set(factor)


def r8_col_apply(m, j, factor):
    return jnp.asarray(m, dtype=jnp.float32).at[:, j].apply(lambda c: c * factor)


# ---- 06.count_labels ---------------------------------------------------------


def r8_count_plain(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)  # -1 counts as n - 1


def r8_count_float(labels, n):
    return jnp.zeros(n).at[labels].add(1)


def r8_count_set(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].set(1)


def r8_count_numpy_fancy(labels, n):
    counts = np.zeros(n, dtype=np.int32)
    counts[np.asarray(labels)] += 1
    return jnp.asarray(counts)


def r8_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)  # -1 clipped to 0


def r8_count_mode_drop(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1, mode="drop")


def r8_count_pad_to_zero(labels, n):
    safe = jnp.where(labels < 0, 0, labels)
    return jnp.zeros(n, dtype=jnp.int32).at[safe].add(1)


def r8_count_shift_no_room(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels + 1].add(1)[1:]


def r8_count_histogram(labels, n):
    counts, _ = jnp.histogram(labels, bins=n)
    return counts


def r8_count_onehot_float(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=0).astype(jnp.float32)


def r8_count_n_plus_one(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n + 1), axis=0)


def r8_count_unique(labels, n):
    _, counts = jnp.unique(labels, return_counts=True)
    return counts


def r8_count_out_of_range(labels, n):
    safe = jnp.where(labels >= 0, labels, n)
    return jnp.zeros(n, dtype=jnp.int32).at[safe].add(1)


def r8_count_weights(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add((labels >= 0).astype(jnp.int32))


def r8_count_shift(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels + 1].add(1)[1:]


def r8_count_onehot(labels, n):
    return (labels[:, None] == jnp.arange(n)[None, :]).sum(axis=0, dtype=jnp.int32)


ROUND_8 = [
    Wrong("06.set_first", "second update reads the updated array",
          lambda: r8_swap_chained_reads_new),
    Wrong("06.set_first", "sets the first element only", lambda: r8_swap_first_only),
    Wrong("06.set_first", "reverses the whole array", lambda: r8_swap_reverse),
    Wrong("06.set_first", "jnp.roll by one", lambda: r8_swap_roll),
    Wrong("06.set_first", "NumPy swap on x.copy()", lambda: r8_swap_numpy_habit),
    Wrong("06.set_first", "swap done in NumPy, NumPy array returned", lambda: r8_swap_via_numpy),
    Wrong("06.set_first", ".at results thrown away, x returned", lambda: r8_swap_discarded),
    Wrong("06.set_first", "ends set to themselves, no reversal", lambda: r8_swap_no_reverse),
    Wrong("06.set_first", "cast to float32 first", lambda: r8_swap_float),
    Wrong("06.set_first", "last gets x[1], not x[0]", lambda: r8_swap_second),
    Wrong("06.set_first", "assigns to x, returns nothing", lambda: r8_swap_returns_none),
    Wrong("06.set_first", "last element written to both ends", lambda: r8_swap_last_copied),
    Wrong("06.out_of_bounds", "A: clamped like the read", lambda: "A"),
    Wrong("06.out_of_bounds", "C: written past the end", lambda: "C"),
    Wrong("06.out_of_bounds", "D: raises IndexError", lambda: "D"),
    Wrong("06.out_of_bounds", "lower case b", lambda: "b"),
    Wrong("06.out_of_bounds", "B and C, same array", lambda: "BC"),
    Wrong("06.out_of_bounds", "the resulting array written out", lambda: "Array([1, 2, 3])"),
    Wrong("06.out_of_bounds", "the letter and a reason", lambda: "B: the update is dropped"),
    Wrong("06.scale_column", "at[:, j].multiply on int32: stays int", lambda: r8_col_int),
    Wrong("06.scale_column", "at[j]: scales row j", lambda: r8_col_row),
    Wrong("06.scale_column", "sets the column to factor", lambda: r8_col_set),
    Wrong("06.scale_column", "column j + 1, off by one", lambda: r8_col_next),
    Wrong("06.scale_column", "scales the whole table", lambda: r8_col_all),
    Wrong("06.scale_column", "multiplies in int32, casts after", lambda: r8_col_cast_late),
    Wrong("06.scale_column", "float16 table", lambda: r8_col_float16),
    Wrong("06.scale_column", "adds factor to the column", lambda: r8_col_add),
    Wrong("06.scale_column", "divides the column by factor", lambda: r8_col_divide),
    Wrong("06.scale_column", "old jax.ops.index_mul copied", lambda: r8_col_old_ops),
    Wrong("06.scale_column", "done in NumPy, NumPy array out", lambda: r8_col_numpy),
    Wrong("06.scale_column", "returns only the scaled column", lambda: r8_col_column_only),
    Wrong("06.scale_column", "in-place m[:, j] *= factor", lambda: r8_col_in_place),
    Wrong("06.count_labels", "at[labels].add(1): padding counts as n - 1", lambda: r8_count_plain),
    Wrong("06.count_labels", "float32 zeros, padding counted", lambda: r8_count_float),
    Wrong("06.count_labels", "at[labels].set(1): presence, not counts", lambda: r8_count_set),
    Wrong("06.count_labels", "NumPy counts[labels] += 1", lambda: r8_count_numpy_fancy),
    Wrong("06.count_labels", "jnp.bincount: -1 counted as label 0", lambda: r8_count_bincount),
    Wrong("06.count_labels", "mode='drop': -1 still wraps", lambda: r8_count_mode_drop),
    Wrong("06.count_labels", "padding replaced by 0, counted as 0", lambda: r8_count_pad_to_zero),
    Wrong("06.count_labels", "labels + 1 into n slots: last label lost",
          lambda: r8_count_shift_no_room),
    Wrong("06.count_labels", "jnp.histogram with n bins", lambda: r8_count_histogram),
    Wrong("06.count_labels", "one-hot sum as float32", lambda: r8_count_onehot_float),
    Wrong("06.count_labels", "one-hot over n + 1 labels", lambda: r8_count_n_plus_one),
    Wrong("06.count_labels", "jnp.unique counts", lambda: r8_count_unique),
]
RIGHT_8 = [
    Right("06.set_first", "ends read first, then chained .at", lambda: r8_swap_chain),
    Right("06.set_first", "fancy index of both ends", lambda: r8_swap_fancy),
    Right("06.set_first", "gather with a swapped permutation", lambda: r8_swap_permutation),
    Right("06.set_first", "nested jnp.where on positions", lambda: r8_swap_where),
    Right("06.out_of_bounds", "B", lambda: "B"),
    Right("06.scale_column", "set the column to its product", lambda: r8_col_set_product),
    Right("06.scale_column", "jnp.where on the column index", lambda: r8_col_where),
    Right("06.scale_column", "multiply by a row of weights", lambda: r8_col_weights),
    Right("06.scale_column", ".at[:, j].apply", lambda: r8_col_apply),
    Right("06.count_labels", "padding sent out of range, dropped", lambda: r8_count_out_of_range),
    Right("06.count_labels", "adds a 0/1 weight per label", lambda: r8_count_weights),
    Right("06.count_labels", "shifted by one into n + 1 slots", lambda: r8_count_shift),
    Right("06.count_labels", "one-hot comparison summed as int32", lambda: r8_count_onehot),
]
