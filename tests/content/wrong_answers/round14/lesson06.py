"""Round 14, lesson 06 (immutability and purity): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 06.set_first


def r14_swap_reassign(x):
    x = x.at[0].set(x[-1])
    x = x.at[-1].set(x[0])  # reads the new first element: the old last one
    return x


def r14_swap_concat(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])  # length 1 -> length 2


def r14_swap_reverse(x):
    return x[::-1]


def r14_swap_roll(x):
    return jnp.roll(x, 1)


def r14_swap_numpy_copy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return jnp.asarray(y)


def r14_swap_where_minus_one(x):
    idx = jnp.arange(x.shape[0])
    return jnp.where(idx == 0, x[-1], jnp.where(idx == -1, x[0], x))


def r14_swap_len_index(x):
    return x.at[0].set(x[-1]).at[len(x)].set(x[0])  # len(x) is one past the end


def r14_swap_float_mask(x):
    first = jnp.zeros(x.shape[0]).at[0].set(1.0)
    last = jnp.zeros(x.shape[0]).at[-1].set(1.0)
    d = x[-1] - x[0]
    return x + d * first - d * last  # float mask: the int array comes back float32


def r14_swap_first_only(x):
    return x.at[0].set(x[-1])


def r14_swap_copy_then_port(x):
    y = x.copy()
    y.at[0].set(x[-1])
    y.at[-1].set(x[0])
    return y


def r14_swap_unpack(x):
    return jnp.array([x[-1], *x[1:-1], x[0]])  # length 1 -> two elements


def r14_swap_chain(x):
    return x.at[0].set(x[-1]).at[-1].set(x[0])


def r14_swap_pair(x):
    return x.at[jnp.array([0, -1])].set(jnp.stack([x[-1], x[0]]))


def r14_swap_perm(x):
    n = x.shape[0]
    order = jnp.arange(n).at[0].set(n - 1).at[-1].set(0)
    return x[order]


def r14_swap_take(x):
    first, last = x[0], x[-1]
    y = x.at[-1].set(first)
    return y.at[0].set(last)


# ------------------------------------------------------------- 06.scale_column


def r14_scale_multiply(m, j, factor):
    return m.at[:, j].multiply(factor)  # cast truncates toward zero: -2.2 -> -2


def r14_scale_astype(m, j, factor):
    return m.at[:, j].set((m[:, j] * factor).astype(jnp.int32))


def r14_scale_round(m, j, factor):
    return m.at[:, j].set(jnp.round(m[:, j] * factor).astype(jnp.int32))


def r14_scale_float_out(m, j, factor):
    return m.astype(jnp.float32).at[:, j].set(jnp.floor(m[:, j] * factor))


def r14_scale_row(m, j, factor):
    return m.at[j].set(jnp.floor(m[j] * factor).astype(jnp.int32))


def r14_scale_where_cols(m, j, factor):
    cols = jnp.arange(m.shape[1])
    scaled = jnp.floor(m * factor).astype(jnp.int32)
    return jnp.where(cols == j, scaled, m)  # j = -1 never equals a column number


def r14_scale_all(m, j, factor):
    return jnp.floor(m * factor).astype(jnp.int32)


def r14_scale_ceil(m, j, factor):
    return m.at[:, j].set(jnp.ceil(m[:, j] * factor).astype(jnp.int32))


def r14_scale_trunc(m, j, factor):
    return m.at[:, j].set(jnp.trunc(m[:, j] * factor).astype(jnp.int32))


def r14_scale_int_factor(m, j, factor):
    return m.at[:, j].multiply(int(factor))  # silenced the FutureWarning the wrong way


def r14_scale_neg_floordiv(m, j, factor):
    p = m[:, j] * factor
    return m.at[:, j].set((-(-p // 1)).astype(jnp.int32))


def r14_scale_abs_floor(m, j, factor):
    p = m[:, j] * factor
    return m.at[:, j].set((jnp.sign(p) * jnp.floor(jnp.abs(p))).astype(jnp.int32))


def r14_scale_numpy(m, j, factor):
    m = np.array(m)
    m[:, j] = np.floor(m[:, j] * factor)
    return jnp.asarray(m)


def r14_scale_float_roundtrip(m, j, factor):
    scaled = m.astype(jnp.float32).at[:, j].multiply(factor)  # silences the cast warning
    return scaled.astype(jnp.int32)  # the cast truncates: -2.2 -> -2


def r14_scale_apply(m, j, factor):
    return m.at[:, j].apply(lambda c: jnp.floor(c * factor))  # float result in an int array


def r14_scale_floor_set(m, j, factor):
    return m.at[:, j].set(jnp.floor(m[:, j] * factor))  # set casts the floored floats


def r14_scale_floordiv(m, j, factor):
    return m.at[:, j].set((m[:, j] * factor // 1).astype(m.dtype))


def r14_scale_mod(m, j, factor):
    p = m[:, j] * factor
    return m.at[:, j].set((p - p % 1).astype(jnp.int32))


def r14_scale_floor_divide(m, j, factor):
    col = jnp.floor_divide(m[:, j] * factor, 1)
    return m.at[:, j].set(jnp.asarray(col, dtype=jnp.int32))


# ------------------------------------------------------------- 06.count_labels


def r14_count_plain_add(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1)  # -1 lands on n - 1


def r14_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)  # bincount clips -1 to 0


def r14_count_set_plus_one(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    return counts.at[labels].set(counts[labels] + 1)


def r14_count_bool_mask(labels, n):
    kept = labels[labels >= 0]  # fine plainly, a shape that depends on values under jit
    return jnp.zeros(n, dtype=jnp.int32).at[kept].add(1)


def r14_count_float(labels, n):
    return jnp.zeros(n).at[labels].add(labels >= 0)


def r14_count_where_zero(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels >= 0, labels, 0)].add(1)


def r14_count_gt_zero(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels > 0)


def r14_count_one_hot(labels, n):
    return jax.nn.one_hot(labels, n).sum(axis=0)  # right counts, float32


def r14_count_mode_drop(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(1, mode="drop")


def r14_count_histogram(labels, n):
    return jnp.histogram(labels, bins=n, range=(0, n))[0]


def r14_count_short(labels, n):
    return jnp.zeros(n - 1, dtype=jnp.int32).at[labels].add(1)


def r14_count_where_n(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[jnp.where(labels < 0, n, labels)].add(1)


def r14_count_bool_add(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels >= 0)


def r14_count_compare(labels, n):
    return (labels[:, None] == jnp.arange(n)[None, :]).sum(axis=0)


def r14_count_extra_slot(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)[:n]  # -1 -> slot n, cut


def r14_count_bincount_shift(labels, n):
    return jnp.bincount(jnp.where(labels < 0, n, labels), length=n)


ROUND_14 = [
    # 06.set_first
    Wrong(
        "06.set_first",
        "kept both results, second write reads the new first",
        lambda: r14_swap_reassign,
    ),
    Wrong(
        "06.set_first",
        "concatenate last/middle/first: length 1 comes back as 2",
        lambda: r14_swap_concat,
    ),
    Wrong("06.set_first", "reversed the whole array", lambda: r14_swap_reverse),
    Wrong("06.set_first", "jnp.roll by one", lambda: r14_swap_roll),
    Wrong("06.set_first", "swapped on a NumPy copy, fails under jit", lambda: r14_swap_numpy_copy),
    Wrong(
        "06.set_first",
        "jnp.where compares arange to -1 for the last",
        lambda: r14_swap_where_minus_one,
    ),
    Wrong(
        "06.set_first",
        "wrote the last at index len(x), one past the end",
        lambda: r14_swap_len_index,
    ),
    Wrong(
        "06.set_first",
        "adds the difference through float masks: dtype lost",
        lambda: r14_swap_float_mask,
    ),
    Wrong("06.set_first", "only set the first element", lambda: r14_swap_first_only),
    Wrong(
        "06.set_first",
        "added x.copy() to the port, still drops the results",
        lambda: r14_swap_copy_then_port,
    ),
    Wrong(
        "06.set_first",
        "jnp.array([x[-1], *x[1:-1], x[0]]): length 1 breaks",
        lambda: r14_swap_unpack,
    ),
    # 06.out_of_bounds
    Wrong("06.out_of_bounds", "A: writes clamp as reads do", lambda: "A"),
    Wrong("06.out_of_bounds", "C: whole update dropped", lambda: "C"),
    Wrong("06.out_of_bounds", "D: update raises IndexError", lambda: "D"),
    Wrong(
        "06.out_of_bounds", "A with its reason typed after it", lambda: "A, clamped like the read"
    ),
    Wrong("06.out_of_bounds", "two letters, unsure between B and C", lambda: "BC"),
    Wrong("06.out_of_bounds", "lower-case c with a paren", lambda: "c)"),
    Wrong("06.out_of_bounds", "typed the array A shows", lambda: "Array([7, 2, 7])"),
    Wrong("06.out_of_bounds", "passed the array of option A itself", lambda: jnp.array([7, 2, 7])),
    Wrong("06.out_of_bounds", "B or D, both letters", lambda: "B or D"),
    # 06.scale_column
    Wrong(
        "06.scale_column",
        ".at[:, j].multiply(factor): cast truncates negatives",
        lambda: r14_scale_multiply,
    ),
    Wrong("06.scale_column", "astype(int32) on the product: truncates", lambda: r14_scale_astype),
    Wrong("06.scale_column", "jnp.round instead of floor", lambda: r14_scale_round),
    Wrong(
        "06.scale_column", "floored in a float copy, returns float32", lambda: r14_scale_float_out
    ),
    Wrong("06.scale_column", "scaled row j, not column j", lambda: r14_scale_row),
    Wrong(
        "06.scale_column",
        "where(arange == j): a negative j matches nothing",
        lambda: r14_scale_where_cols,
    ),
    Wrong("06.scale_column", "scaled and floored every column", lambda: r14_scale_all),
    Wrong("06.scale_column", "jnp.ceil, rounded the wrong way", lambda: r14_scale_ceil),
    Wrong("06.scale_column", "jnp.trunc: wrong for negative products", lambda: r14_scale_trunc),
    Wrong(
        "06.scale_column",
        "multiply by int(factor) to avoid the cast warning",
        lambda: r14_scale_int_factor,
    ),
    Wrong("06.scale_column", "-(-p // 1): that is ceil, not floor", lambda: r14_scale_neg_floordiv),
    Wrong(
        "06.scale_column",
        "floor of |p| with the sign put back: truncation",
        lambda: r14_scale_abs_floor,
    ),
    Wrong("06.scale_column", "NumPy copy and in-place column write", lambda: r14_scale_numpy),
    Wrong(
        "06.scale_column",
        "multiplied in a float copy, cast back: truncates",
        lambda: r14_scale_float_roundtrip,
    ),
    Wrong("06.scale_column", ".at[:, j].apply(floor of c * factor)", lambda: r14_scale_apply),
    # 06.count_labels
    Wrong(
        "06.count_labels", ".at[labels].add(1): -1 counted at n - 1", lambda: r14_count_plain_add
    ),
    Wrong(
        "06.count_labels",
        "jnp.bincount(length=n): -1 clipped to label 0",
        lambda: r14_count_bincount,
    ),
    Wrong(
        "06.count_labels",
        "set(counts[labels] + 1): repeats count once",
        lambda: r14_count_set_plus_one,
    ),
    Wrong(
        "06.count_labels",
        "boolean mask drops padding, fails under jit",
        lambda: r14_count_bool_mask,
    ),
    Wrong("06.count_labels", "float zeros: right counts, float32", lambda: r14_count_float),
    Wrong("06.count_labels", "padding mapped to label 0", lambda: r14_count_where_zero),
    Wrong("06.count_labels", "mask labels > 0: label 0 never counted", lambda: r14_count_gt_zero),
    Wrong("06.count_labels", "one_hot summed: float32 counts", lambda: r14_count_one_hot),
    Wrong("06.count_labels", "mode='drop' thinking it drops -1", lambda: r14_count_mode_drop),
    Wrong("06.count_labels", "jnp.histogram counts: float32", lambda: r14_count_histogram),
    Wrong("06.count_labels", "zeros(n - 1): off by one in the length", lambda: r14_count_short),
]
RIGHT_14 = [
    Right("06.set_first", "chained .at sets reading the original x", lambda: r14_swap_chain),
    Right("06.set_first", "one .at with both indices and stacked values", lambda: r14_swap_pair),
    Right("06.set_first", "gather with a permutation of arange", lambda: r14_swap_perm),
    Right("06.set_first", "saved both ends first, set last then first", lambda: r14_swap_take),
    Right("06.out_of_bounds", "B", lambda: "B"),
    Right("06.scale_column", "set floored floats, set casts to int32", lambda: r14_scale_floor_set),
    Right("06.scale_column", "p // 1 floors, astype(m.dtype)", lambda: r14_scale_floordiv),
    Right("06.scale_column", "p - p % 1 floors negatives too", lambda: r14_scale_mod),
    Right(
        "06.scale_column", "floor_divide by 1 then asarray int32", lambda: r14_scale_floor_divide
    ),
    Right("06.count_labels", "padding sent to index n, dropped", lambda: r14_count_where_n),
    Right("06.count_labels", "adds the boolean labels >= 0", lambda: r14_count_bool_add),
    Right("06.count_labels", "compare with arange and sum", lambda: r14_count_compare),
    Right(
        "06.count_labels",
        "n + 1 slots, -1 lands in the extra, cut off",
        lambda: r14_count_extra_slot,
    ),
    Right(
        "06.count_labels", "bincount after moving padding to n", lambda: r14_count_bincount_shift
    ),
]
