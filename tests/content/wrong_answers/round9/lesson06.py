"""Round 9, lesson 06 (Immutability and purity): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 06.set_first


def r9_swap_chained_reads_new(x):
    y = x.at[0].set(x[-1])
    y = y.at[-1].set(y[0])  # y[0] is already the old last element
    return y


def r9_swap_discarded(x):
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r9_swap_numpy_style(x):
    y = x.copy()
    y[0], y[-1] = y[-1], y[0]
    return y


def r9_swap_first_only(x):
    return x.at[0].set(x[-1])


def r9_swap_flip(x):
    return jnp.flip(x)


def r9_swap_index_one(x):
    return x.at[0].set(x[-1]).at[1].set(x[0])


def r9_swap_len_index(x):
    n = len(x)
    return x.at[0].set(x[n]).at[n].set(x[0])  # x[n] clamps, the write is dropped


def r9_swap_concat(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])  # length 1 comes back as 2


def r9_swap_no_reversal(x):
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends])


def r9_swap_second_dropped(x):
    y = x.at[0].set(x[-1])
    y.at[-1].set(x[0])
    return y


def r9_swap_numpy_result(x):
    a = np.array(x)
    a[0], a[-1] = a[-1], a[0]
    return a


def r9_swap_float(x):
    return x.astype(jnp.float32).at[0].set(x[-1]).at[-1].set(x[0])


def r9_swap_saved_ends(x):
    first, last = x[0], x[-1]
    return x.at[0].set(last).at[-1].set(first)


def r9_swap_fancy(x):
    return x.at[jnp.array([0, -1])].set(x[jnp.array([-1, 0])])


def r9_swap_permutation(x):
    n = x.shape[0]
    order = jnp.arange(n).at[0].set(n - 1).at[-1].set(0)
    return x[order]


def r9_swap_where(x):
    i = jnp.arange(x.shape[0])
    return jnp.where(i == 0, x[-1], jnp.where(i == x.shape[0] - 1, x[0], x))


# ---------------------------------------------------------------- 06.scale_column


def r9_scale_int(m, j, factor):
    return m.at[:, j].multiply(factor)


def r9_scale_cast_late(m, j, factor):
    return m.at[:, j].multiply(factor).astype(jnp.float32)


def r9_scale_row(m, j, factor):
    return m.astype(jnp.float32).at[j].multiply(factor)


def r9_scale_set_factor(m, j, factor):
    return m.astype(jnp.float32).at[:, j].set(factor)


def r9_scale_set_int(m, j, factor):
    return m.at[:, j].set(m[:, j] * factor)  # written back into int32


def r9_scale_whole(m, j, factor):
    return m * factor


def r9_scale_divide(m, j, factor):
    return m.astype(jnp.float32).at[:, j].multiply(1 / factor)


def r9_scale_index_mul(m, j, factor):
    return jax.ops.index_mul(m.astype(jnp.float32), jax.ops.index[:, j], factor)


def r9_scale_from_j(m, j, factor):
    return m.astype(jnp.float32).at[:, j:].multiply(factor)


def r9_scale_numpy(m, j, factor):
    a = np.array(m, dtype=np.float32)
    a[:, j] *= factor
    return a


def r9_scale_one_based(m, j, factor):
    return m.astype(jnp.float32).at[:, j - 1].multiply(factor)


def r9_scale_transposed(m, j, factor):
    return m.T.astype(jnp.float32).at[j].multiply(factor)


def r9_scale_set_product(m, j, factor):
    f = m.astype(jnp.float32)
    return f.at[:, j].set(f[:, j] * factor)


def r9_scale_where(m, j, factor):
    columns = jnp.arange(m.shape[1])
    return jnp.where(columns == j, m * factor, m).astype(jnp.float32)


def r9_scale_broadcast(m, j, factor):
    per_column = jnp.ones(m.shape[1], dtype=jnp.float32).at[j].set(factor)
    return m * per_column


def r9_scale_asarray(m, j, factor):
    return jnp.asarray(m, dtype=jnp.float32).at[:, j].multiply(factor)


# ---------------------------------------------------------------- 06.count_labels


def r9_count_plain(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)  # -1 lands on n - 1


def r9_count_mode_drop(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1, mode="drop")


def r9_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)


def r9_count_float(labels, n):
    return jnp.zeros(n).at[jnp.where(labels >= 0, labels, n)].add(1)


def r9_count_set(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels >= 0, labels, n)].set(1)


def r9_count_add_at(labels, n):
    counts = np.zeros(n, dtype=int)
    labels = np.asarray(labels)
    np.add.at(counts, labels[labels >= 0], 1)
    return counts


def r9_count_unique(labels, n):
    return jnp.unique(labels, return_counts=True)[1]


def r9_count_histogram(labels, n):
    return jnp.histogram(labels, bins=n, range=(0, n))[0]


def r9_count_wrong_axis(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=1)


def r9_count_fill_zero(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels >= 0, labels, 0)].add(1)


def r9_count_front_slot(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)[1:]  # thought -1 goes first


def r9_count_numpy_fancy(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    return counts.at[labels].set(counts[labels] + 1)  # NumPy's counts[labels] += 1


def r9_count_weights(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add((labels >= 0).astype(jnp.int32))


def r9_count_one_hot(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n)[None, :], axis=0)


def r9_count_bincount_shifted(labels, n):
    return jnp.bincount(jnp.where(labels < 0, n, labels), length=n + 1)[:n]


def r9_count_extra_slot(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)[:n]  # -1 wraps to slot n


ROUND_9 = [
    Wrong(
        "06.set_first", "second .at read from the updated array", lambda: r9_swap_chained_reads_new
    ),
    Wrong("06.set_first", ".at results thrown away, x returned", lambda: r9_swap_discarded),
    Wrong("06.set_first", "the NumPy tuple swap on x.copy()", lambda: r9_swap_numpy_style),
    Wrong("06.set_first", "only the first element set", lambda: r9_swap_first_only),
    Wrong("06.set_first", "jnp.flip: reversed everything", lambda: r9_swap_flip),
    Wrong("06.set_first", "wrote the old first at index 1", lambda: r9_swap_index_one),
    Wrong("06.set_first", "len(x) as the last index: write dropped", lambda: r9_swap_len_index),
    Wrong("06.set_first", "concatenate of slices: length 1 doubles", lambda: r9_swap_concat),
    Wrong("06.set_first", "fancy index, values not reversed", lambda: r9_swap_no_reversal),
    Wrong("06.set_first", "second update not assigned", lambda: r9_swap_second_dropped),
    Wrong("06.set_first", "swapped in a NumPy copy, returned NumPy", lambda: r9_swap_numpy_result),
    Wrong("06.set_first", "made floats first, dtype lost", lambda: r9_swap_float),
    Wrong("06.out_of_bounds", "A: writes clamp like reads", lambda: "A"),
    Wrong("06.out_of_bounds", "C: the whole update dropped", lambda: "C"),
    Wrong("06.out_of_bounds", "D: updates check their indices", lambda: "D"),
    Wrong("06.out_of_bounds", "lower-case b", lambda: "b"),
    Wrong(
        "06.out_of_bounds", "B with the reason after it", lambda: "B (out-of-bounds write dropped)"
    ),
    Wrong("06.out_of_bounds", "two letters, unsure", lambda: "AB"),
    Wrong("06.out_of_bounds", "typed the array instead of a letter", lambda: "[7, 2, 3]"),
    Wrong("06.out_of_bounds", "A with a reason", lambda: "A, clamped like x[10]"),
    Wrong("06.out_of_bounds", "wrote 'Option B'", lambda: "Option B"),
    Wrong("06.out_of_bounds", "the error name, meaning D", lambda: "IndexError"),
    Wrong("06.scale_column", "at[:, j].multiply on the int32 table", lambda: r9_scale_int),
    Wrong(
        "06.scale_column", "multiplied in int32, cast to float after", lambda: r9_scale_cast_late
    ),
    Wrong("06.scale_column", "at[j]: scaled row j", lambda: r9_scale_row),
    Wrong("06.scale_column", ".set(factor) instead of .multiply", lambda: r9_scale_set_factor),
    Wrong("06.scale_column", "set m[:, j] * factor back into int32", lambda: r9_scale_set_int),
    Wrong("06.scale_column", "whole table times factor", lambda: r9_scale_whole),
    Wrong("06.scale_column", "divided by the factor", lambda: r9_scale_divide),
    Wrong("06.scale_column", "kept the old jax.ops.index_mul", lambda: r9_scale_index_mul),
    Wrong("06.scale_column", "slice j: scaled every column from j on", lambda: r9_scale_from_j),
    Wrong("06.scale_column", "NumPy copy with *=, returned NumPy", lambda: r9_scale_numpy),
    Wrong("06.scale_column", "column j - 1, counting from one", lambda: r9_scale_one_based),
    Wrong(
        "06.scale_column", "worked on m.T and returned it transposed", lambda: r9_scale_transposed
    ),
    Wrong("06.count_labels", ".at[labels].add(1): -1 counted as n - 1", lambda: r9_count_plain),
    Wrong("06.count_labels", "mode='drop', thinking it drops -1", lambda: r9_count_mode_drop),
    Wrong("06.count_labels", "jnp.bincount: -1 clipped into label 0", lambda: r9_count_bincount),
    Wrong("06.count_labels", "right drop trick on float zeros", lambda: r9_count_float),
    Wrong("06.count_labels", ".set(1): presence, not counts", lambda: r9_count_set),
    Wrong("06.count_labels", "np.add.at on a NumPy copy", lambda: r9_count_add_at),
    Wrong("06.count_labels", "jnp.unique counts, -1 included", lambda: r9_count_unique),
    Wrong("06.count_labels", "jnp.histogram: float counts", lambda: r9_count_histogram),
    Wrong("06.count_labels", "one-hot summed over the label axis", lambda: r9_count_wrong_axis),
    Wrong("06.count_labels", "padding replaced by 0, then counted", lambda: r9_count_fill_zero),
    Wrong("06.count_labels", "n + 1 slots, dropped the first", lambda: r9_count_front_slot),
    Wrong(
        "06.count_labels", "counts[labels] + 1 set back: repeats lost", lambda: r9_count_numpy_fancy
    ),
]

RIGHT_9 = [
    Right("06.set_first", "both ends saved before any update", lambda: r9_swap_saved_ends),
    Right("06.set_first", "fancy index set from the reversed ends", lambda: r9_swap_fancy),
    Right("06.set_first", "permuted index array, then gathered", lambda: r9_swap_permutation),
    Right("06.set_first", "nested jnp.where on positions", lambda: r9_swap_where),
    Right("06.out_of_bounds", "B", lambda: "B"),
    Right(
        "06.scale_column", "float copy, set column to column * factor", lambda: r9_scale_set_product
    ),
    Right("06.scale_column", "where over column numbers, cast", lambda: r9_scale_where),
    Right("06.scale_column", "per-column factors broadcast", lambda: r9_scale_broadcast),
    Right("06.scale_column", "asarray(float32) then at multiply", lambda: r9_scale_asarray),
    Right("06.count_labels", "padding weighted 0 in the add", lambda: r9_count_weights),
    Right("06.count_labels", "one-hot comparison summed over rows", lambda: r9_count_one_hot),
    Right(
        "06.count_labels",
        "bincount with padding moved past the end",
        lambda: r9_count_bincount_shifted,
    ),
    Right("06.count_labels", "n + 1 slots, -1 wraps to the extra one", lambda: r9_count_extra_slot),
]
