"""Round 10, lesson 06 (immutability and purity): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 06.set_first


def r10_swap_port(x):
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r10_swap_sequential(x):
    y = x.at[0].set(x[-1])
    y = y.at[-1].set(y[0])  # y[0] is already the old last element
    return y


def r10_swap_flip(x):
    return jnp.flip(x)  # right for lengths up to 3


def r10_swap_roll(x):
    return jnp.roll(x, 1)


def r10_swap_concat(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])  # length 1 comes back as 2


def r10_swap_item(x):
    return x.at[0].set(x[-1].item()).at[-1].set(x[0].item())


def r10_swap_numpy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return jnp.asarray(y)


def r10_swap_first_lost(x):
    y = x.at[0].set(x[-1])  # noqa: F841 (never used)
    return x.at[-1].set(x[0])


def r10_swap_unpack(x):
    return jnp.array([x[-1], *x[1:-1], x[0]])  # length 1 comes back as 2


def r10_swap_add_diff(x):
    return x.at[0].add(x[-1] - x[0]).at[-1].add(x[0] - x[-1])


def r10_swap_one_based(x):
    return x.at[1].set(x[-1]).at[-1].set(x[1])


def r10_swap_fancy(x):
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends[::-1]])


def r10_swap_rebind(x):
    first = x[0]
    x = x.at[0].set(x[-1])
    x = x.at[-1].set(first)
    return x


def r10_swap_where(x):
    idx = jnp.arange(x.shape[0])
    return jnp.where(idx == 0, x[-1], jnp.where(idx == x.shape[0] - 1, x[0], x))


def r10_swap_permutation(x):
    n = len(x)
    perm = jnp.arange(n).at[0].set(n - 1).at[-1].set(0)
    return x[perm]


# ---------------------------------------------------------------- 06.scale_column


def r10_scale_int(m, j, factor):
    return m.at[:, j].multiply(factor)  # int32 table: the products are truncated


def r10_scale_cast_late(m, j, factor):
    return m.at[:, j].multiply(factor).astype(jnp.float32)


def r10_scale_row(m, j, factor):
    return m.astype(jnp.float32).at[j].multiply(factor)


def r10_scale_set(m, j, factor):
    return m.astype(jnp.float32).at[:, j].set(factor)


def r10_scale_all(m, j, factor):
    return (m * factor).astype(jnp.float32)


def r10_scale_float16(m, j, factor):
    return m.astype(jnp.float16).at[:, j].multiply(factor)


def r10_scale_numpy(m, j, factor):
    a = np.array(m, dtype=np.float32)
    a[:, j] *= factor
    return jnp.asarray(a)


def r10_scale_discarded(m, j, factor):
    table = m.astype(jnp.float32)
    table.at[:, j].multiply(factor)
    return table


def r10_scale_set_truncated(m, j, factor):
    return m.at[:, j].set(m[:, j] * factor).astype(jnp.float32)


def r10_scale_back_to_int(m, j, factor):
    return m.astype(jnp.float32).at[:, j].multiply(factor).astype(m.dtype)


def r10_scale_one_based(m, j, factor):
    return m.astype(jnp.float32).at[:, j - 1].multiply(factor)


def r10_scale_astype_float(m, j, factor):
    return m.astype(float).at[:, j].multiply(factor)


def r10_scale_factor_vector(m, j, factor):
    return m * jnp.ones(m.shape[1]).at[j].set(factor)


def r10_scale_transpose(m, j, factor):
    return jnp.float32(m).T.at[j].multiply(factor).T


def r10_scale_where(m, j, factor):
    cols = jnp.arange(m.shape[1])
    return jnp.where(cols == j % m.shape[1], m * factor, m).astype(jnp.float32)


# ---------------------------------------------------------------- 06.count_labels


def r10_count_wraps(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)  # -1 counts as n - 1


def r10_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)  # -1 is clipped into bin 0


def r10_count_float(labels, n):
    safe = jnp.where(labels >= 0, labels, n)
    return jnp.zeros(n).at[safe].add(1)  # float32 counts


def r10_count_mask(labels, n):
    return jnp.bincount(labels[labels >= 0], length=n)  # boolean mask: no fixed shape


def r10_count_to_zero(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels >= 0, labels, 0)].add(1)


def r10_count_mode_drop(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1, mode="drop")


def r10_count_shift_short(labels, n):
    return jnp.bincount(labels + 1, length=n)[1:]  # n - 1 bins left


def r10_count_positive(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels > 0)


def r10_count_presence(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels >= 0, labels, n)].set(1)


def r10_count_unique(labels, n):
    values, counts = jnp.unique(labels, return_counts=True)
    return counts[values >= 0]


def r10_count_one_hot_float(labels, n):
    return jax.nn.one_hot(labels, n).sum(axis=0)


def r10_count_histogram(labels, n):
    return jnp.histogram(labels, bins=n)[0].astype(jnp.int32)


def r10_count_wrong_axis(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=1)


def r10_count_numpy(labels, n):
    counts = np.zeros(n, dtype=np.int32)
    np.add.at(counts, np.asarray(labels)[np.asarray(labels) >= 0], 1)
    return jnp.asarray(counts)


def r10_count_bincount_past_end(labels, n):
    return jnp.bincount(jnp.where(labels < 0, n, labels), length=n)  # n is past the last bin


def r10_count_add_mask(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels >= 0)


def r10_count_shift(labels, n):
    return jnp.bincount(labels + 1, length=n + 1)[1:]


def r10_count_compare(labels, n):
    return (labels[:, None] == jnp.arange(n)[None, :]).sum(axis=0)


def r10_count_one_hot_int(labels, n):
    return jax.nn.one_hot(labels, n, dtype=jnp.int32).sum(axis=0)


def r10_count_histogram_range(labels, n):
    return jnp.histogram(labels, bins=n, range=(0, n))[0].astype(jnp.int32)


ROUND_10 = [
    Wrong("06.set_first", "the port as given: results of .at[] thrown away", lambda: r10_swap_port),
    Wrong(
        "06.set_first", "second update reads y[0], already overwritten", lambda: r10_swap_sequential
    ),
    Wrong(
        "06.set_first",
        "jnp.flip: a swap for 2 or 3 elements, a reversal beyond",
        lambda: r10_swap_flip,
    ),
    Wrong("06.set_first", "jnp.roll by one", lambda: r10_swap_roll),
    Wrong(
        "06.set_first", "concatenate last, middle, first: length 1 doubles", lambda: r10_swap_concat
    ),
    Wrong("06.set_first", ".item() of the ends: fails under jit", lambda: r10_swap_item),
    Wrong(
        "06.set_first",
        "NumPy copy, tuple swap, back to jnp: fails under jit",
        lambda: r10_swap_numpy,
    ),
    Wrong(
        "06.set_first", "first update stored in y, but x.at[] returned", lambda: r10_swap_first_lost
    ),
    Wrong(
        "06.set_first",
        "jnp.array([x[-1], *x[1:-1], x[0]]): length 1 doubles",
        lambda: r10_swap_unpack,
    ),
    Wrong(
        "06.set_first",
        "added the differences: floats lose bits, bools fail",
        lambda: r10_swap_add_diff,
    ),
    Wrong("06.set_first", "index 1 taken as the first element", lambda: r10_swap_one_based),
    Wrong("06.out_of_bounds", "A: clamped writes, as reads are", lambda: "A"),
    Wrong("06.out_of_bounds", "C: the whole update dropped", lambda: "C"),
    Wrong("06.out_of_bounds", "D: updates check their indices", lambda: "D"),
    Wrong("06.out_of_bounds", "lower-case b", lambda: "b"),
    Wrong("06.out_of_bounds", "the array it returns, as a string", lambda: "[7, 2, 3]"),
    Wrong("06.out_of_bounds", "A and B", lambda: "AB"),
    Wrong("06.out_of_bounds", "B with a trailing period", lambda: "B."),
    Wrong(
        "06.scale_column", ".at[:, j].multiply on the int32 table: truncated", lambda: r10_scale_int
    ),
    Wrong(
        "06.scale_column",
        "multiplied in int32, cast to float32 afterwards",
        lambda: r10_scale_cast_late,
    ),
    Wrong("06.scale_column", ".at[j]: row j, not column j", lambda: r10_scale_row),
    Wrong(
        "06.scale_column", ".set(factor): the column replaced by the factor", lambda: r10_scale_set
    ),
    Wrong("06.scale_column", "every column multiplied", lambda: r10_scale_all),
    Wrong("06.scale_column", "float16 to keep the table small", lambda: r10_scale_float16),
    Wrong(
        "06.scale_column",
        "NumPy float32 copy, *= on the column: fails under jit",
        lambda: r10_scale_numpy,
    ),
    Wrong(
        "06.scale_column", "float32 table made, .at[] result discarded", lambda: r10_scale_discarded
    ),
    Wrong(
        "06.scale_column",
        ".set(m[:, j] * factor) on int32: truncated, then cast",
        lambda: r10_scale_set_truncated,
    ),
    Wrong(
        "06.scale_column",
        "scaled in float32, cast back to m's dtype as in set_first",
        lambda: r10_scale_back_to_int,
    ),
    Wrong("06.scale_column", "column j read as 1-based: j - 1 scaled", lambda: r10_scale_one_based),
    Wrong(
        "06.count_labels", ".at[labels].add(1): -1 wraps to the last label", lambda: r10_count_wraps
    ),
    Wrong(
        "06.count_labels",
        "jnp.bincount(labels, length=n): -1 lands in bin 0",
        lambda: r10_count_bincount,
    ),
    Wrong(
        "06.count_labels", "padding sent past the end, but float32 zeros", lambda: r10_count_float
    ),
    Wrong(
        "06.count_labels",
        "boolean mask labels[labels >= 0]: fails under jit",
        lambda: r10_count_mask,
    ),
    Wrong(
        "06.count_labels", "padding replaced by 0: counted as label 0", lambda: r10_count_to_zero
    ),
    Wrong(
        "06.count_labels",
        "mode='drop' trusted to drop -1: it wraps first",
        lambda: r10_count_mode_drop,
    ),
    Wrong(
        "06.count_labels",
        "bincount of labels + 1 with length=n: one bin short",
        lambda: r10_count_shift_short,
    ),
    Wrong("06.count_labels", "adds labels > 0: label 0 never counted", lambda: r10_count_positive),
    Wrong(
        "06.count_labels", ".set(1): which labels occur, not how often", lambda: r10_count_presence
    ),
    Wrong("06.count_labels", "jnp.unique with return_counts", lambda: r10_count_unique),
    Wrong(
        "06.count_labels", "jax.nn.one_hot summed: float32 counts", lambda: r10_count_one_hot_float
    ),
    Wrong(
        "06.count_labels",
        "jnp.histogram with n bins, no range: -1 widens the bins",
        lambda: r10_count_histogram,
    ),
    Wrong(
        "06.count_labels",
        "one-hot comparison summed over the wrong axis",
        lambda: r10_count_wrong_axis,
    ),
    Wrong("06.count_labels", "np.add.at on a NumPy copy: fails under jit", lambda: r10_count_numpy),
]
RIGHT_10 = [
    Right(
        "06.count_labels",
        "padding mapped to n, bincount with length=n leaves it out",
        lambda: r10_count_bincount_past_end,
    ),
    Right("06.set_first", "both ends at once with an index array", lambda: r10_swap_fancy),
    Right("06.set_first", "keep the first, rebind x twice", lambda: r10_swap_rebind),
    Right("06.set_first", "nested jnp.where on the positions", lambda: r10_swap_where),
    Right("06.set_first", "gather with a swapped arange", lambda: r10_swap_permutation),
    Right("06.out_of_bounds", "B", lambda: "B"),
    Right(
        "06.scale_column", "astype(float): float32 while x64 is off", lambda: r10_scale_astype_float
    ),
    Right(
        "06.scale_column", "times a row of ones with factor at j", lambda: r10_scale_factor_vector
    ),
    Right(
        "06.scale_column",
        "jnp.float32(m), transposed, row j scaled, back",
        lambda: r10_scale_transpose,
    ),
    Right(
        "06.scale_column", "jnp.where on column positions, j taken modulo", lambda: r10_scale_where
    ),
    Right(
        "06.count_labels",
        ".at[labels].add(labels >= 0): padding adds 0",
        lambda: r10_count_add_mask,
    ),
    Right("06.count_labels", "bincount of labels + 1, first bin dropped", lambda: r10_count_shift),
    Right(
        "06.count_labels",
        "labels compared with arange(n), summed over labels",
        lambda: r10_count_compare,
    ),
    Right("06.count_labels", "one_hot with dtype=int32, summed", lambda: r10_count_one_hot_int),
    Right(
        "06.count_labels",
        "jnp.histogram over range (0, n), cast to int32",
        lambda: r10_count_histogram_range,
    ),
]
