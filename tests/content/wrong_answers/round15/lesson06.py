"""Round 15, lesson 06 (immutability and purity): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 06.set_first


def r15_swap_chain_from_y(x):
    y = x.at[0].set(x[-1])
    return y.at[-1].set(y[0])  # reads the new first element


def r15_swap_concat(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])  # length 1 gives two elements


def r15_swap_flip(x):
    return jnp.flip(x)


def r15_swap_roll(x):
    return jnp.roll(x, 1)


def r15_swap_zeros_float(x):
    out = jnp.zeros(x.shape[0])
    out = out.at[1:-1].set(x[1:-1])
    return out.at[0].set(x[-1]).at[-1].set(x[0])


def r15_swap_numpy_copy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return jnp.asarray(y)


def r15_swap_index_n(x):
    n = x.shape[0]
    return x.at[0].set(x[n - 1]).at[n].set(x[0])  # n is past the end: dropped


def r15_swap_int_cast(x):
    first = int(x[0])
    return x.at[0].set(x[-1]).at[-1].set(first)


def r15_swap_by_differences(x):
    d = x[-1] - x[0]
    return x.at[0].add(d).at[-1].add(-d)


def r15_swap_list_build(x):
    return jnp.array([x[-1], *x[1:-1], x[0]])


def r15_swap_one_chain(x):
    return x.at[0].set(x[-1]).at[-1].set(x[0])


def r15_swap_fancy(x):
    ends = jnp.array([0, -1])
    return x.at[ends].set(x[ends[::-1]])


def r15_swap_perm(x):
    n = x.shape[0]
    idx = jnp.arange(n).at[0].set(n - 1).at[-1].set(0)
    return x[idx]


def r15_swap_where(x):
    i = jnp.arange(x.shape[0])
    return jnp.where(i == 0, x[-1], jnp.where(i == x.shape[0] - 1, x[0], x))


# ---------------------------------------------------------------- 06.scale_column


def r15_scale_multiply(m, j, factor):
    return m.at[:, j].multiply(factor)  # cast truncates toward zero


def r15_scale_astype_only(m, j, factor):
    return m.at[:, j].set((m[:, j] * factor).astype(jnp.int32))


def r15_scale_round(m, j, factor):
    return m.at[:, j].set(jnp.round(m[:, j] * factor).astype(jnp.int32))


def r15_scale_row(m, j, factor):
    return m.at[j].set(jnp.floor(m[j] * factor).astype(jnp.int32))


def r15_scale_float_out(m, j, factor):
    return m.astype(jnp.float32).at[:, j].set(jnp.floor(m[:, j] * factor))


def r15_scale_floordiv_inverse(m, j, factor):
    return m.at[:, j].set((m[:, j] // (1 / factor)).astype(jnp.int32))


def r15_scale_mask_arange(m, j, factor):
    cols = jnp.arange(m.shape[1])
    scaled = jnp.floor(m * factor).astype(jnp.int32)
    return jnp.where(cols == j, scaled, m)  # j = -1 matches no column


def r15_scale_whole_table(m, j, factor):
    return jnp.floor(m * factor).astype(jnp.int32)


def r15_scale_column_only(m, j, factor):
    return jnp.floor(m[:, j] * factor).astype(jnp.int32)


def r15_scale_floor_factor(m, j, factor):
    return m.at[:, j].multiply(jnp.floor(factor)).astype(jnp.int32)


def r15_scale_ceil(m, j, factor):
    return m.at[:, j].set(jnp.ceil(m[:, j] * factor).astype(jnp.int32))


def r15_scale_np_floor(m, j, factor):
    return m.at[:, j].set(np.floor(m[:, j] * factor).astype(np.int32))


def r15_scale_set_float(m, j, factor):
    return m.at[:, j].set(jnp.floor(m[:, j] * factor))  # set casts to int32 itself


def r15_scale_floordiv_one(m, j, factor):
    return m.at[:, j].set((m[:, j] * factor // 1).astype(int))


def r15_scale_where_mod(m, j, factor):
    cols = jnp.arange(m.shape[1])
    scaled = jnp.floor(m * factor)
    return jnp.where(cols == j % m.shape[1], scaled, m).astype(jnp.int32)


# ---------------------------------------------------------------- 06.count_labels


def r15_count_plain_add(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1)


def r15_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)


def r15_count_bool_mask(labels, n):
    return jnp.bincount(labels[labels >= 0], length=n)


def r15_count_set(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].set(1)


def r15_count_pad_to_zero(labels, n):
    safe = jnp.where(labels >= 0, labels, 0)
    return jnp.zeros(n, jnp.int32).at[safe].add(1)


def r15_count_mode_drop(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1, mode="drop")


def r15_count_one_hot(labels, n):
    return jax.nn.one_hot(labels, n).sum(axis=0)  # float32


def r15_count_float_zeros(labels, n):
    return jnp.zeros(n).at[labels].add(labels >= 0)


def r15_count_gt_zero(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(labels > 0)


def r15_count_extra_slot(labels, n):
    safe = jnp.where(labels >= 0, labels, n)
    return jnp.zeros(n + 1, jnp.int32).at[safe].add(1)  # slot n left in


def r15_count_compare_axis1(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=1)


def r15_count_shift(labels, n):
    return jnp.zeros(n + 1, jnp.int32).at[labels + 1].add(1)[1:]


def r15_count_compare(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n)[None, :], axis=0)


def r15_count_bincount_weights(labels, n):
    return jnp.bincount(labels, weights=(labels >= 0) * 1, length=n)


def r15_count_where_n(labels, n):
    safe = jnp.where(labels < 0, n, labels)
    return jnp.zeros((n,), dtype="int32").at[safe].add(1)


def r15_swap_port_as_shown(x):
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r15_swap_where_minus_one(x):
    i = jnp.arange(x.shape[0])
    return jnp.where(i == 0, x[-1], jnp.where(i == -1, x[0], x))  # no position equals -1


def r15_scale_apply(m, j, factor):
    return m.at[:, j].apply(lambda c: jnp.floor(c * factor).astype(m.dtype))


ROUND_15 = [
    Wrong(
        "06.set_first", "second .at reads y[0], already overwritten", lambda: r15_swap_chain_from_y
    ),
    Wrong(
        "06.set_first", "concatenate last/middle/first: length 1 doubles", lambda: r15_swap_concat
    ),
    Wrong("06.set_first", "jnp.flip reverses every element", lambda: r15_swap_flip),
    Wrong("06.set_first", "jnp.roll(x, 1) thinking it swaps the ends", lambda: r15_swap_roll),
    Wrong("06.set_first", "builds into jnp.zeros: float32 result", lambda: r15_swap_zeros_float),
    Wrong(
        "06.set_first", "NumPy copy and tuple swap, fails under jit", lambda: r15_swap_numpy_copy
    ),
    Wrong(
        "06.set_first",
        "last index written as n, dropped as out of bounds",
        lambda: r15_swap_index_n,
    ),
    Wrong(
        "06.set_first",
        "int(x[0]) saved first: floats truncated, jit fails",
        lambda: r15_swap_int_cast,
    ),
    Wrong(
        "06.set_first",
        "swap by adding the difference: floats round",
        lambda: r15_swap_by_differences,
    ),
    Wrong("06.set_first", "jnp.array of a list: length 1 gives two", lambda: r15_swap_list_build),
    Wrong("06.out_of_bounds", "A: clamped like the read", lambda: "A"),
    Wrong("06.out_of_bounds", "C: whole update dropped", lambda: "C"),
    Wrong("06.out_of_bounds", "D: updates check indices", lambda: "D"),
    Wrong("06.out_of_bounds", "lower-case a", lambda: "a"),
    Wrong("06.out_of_bounds", "two letters, undecided", lambda: "B or C"),
    Wrong("06.out_of_bounds", "option with its reason", lambda: "A: clamped to last element"),
    Wrong("06.out_of_bounds", "typed the array instead of a letter", lambda: "Array([7, 2, 7])"),
    Wrong("06.out_of_bounds", "C with a paren", lambda: "C)"),
    Wrong(
        "06.scale_column",
        ".at[:, j].multiply(factor): cast truncates -2.2 to -2",
        lambda: r15_scale_multiply,
    ),
    Wrong(
        "06.scale_column", "astype(int32) with no floor: toward zero", lambda: r15_scale_astype_only
    ),
    Wrong("06.scale_column", "jnp.round instead of floor", lambda: r15_scale_round),
    Wrong("06.scale_column", "m.at[j] scales row j", lambda: r15_scale_row),
    Wrong(
        "06.scale_column",
        "floor kept in float32: table no longer int32",
        lambda: r15_scale_float_out,
    ),
    Wrong(
        "06.scale_column",
        "floor-divides by 1/factor: 4 // (1/0.75) is 2",
        lambda: r15_scale_floordiv_inverse,
    ),
    Wrong(
        "06.scale_column",
        "column mask arange == j: negative j scales none",
        lambda: r15_scale_mask_arange,
    ),
    Wrong("06.scale_column", "scales the whole table", lambda: r15_scale_whole_table),
    Wrong("06.scale_column", "returns only the scaled column", lambda: r15_scale_column_only),
    Wrong(
        "06.scale_column", "floors the factor before multiplying", lambda: r15_scale_floor_factor
    ),
    Wrong("06.scale_column", "jnp.ceil: rounded the wrong way", lambda: r15_scale_ceil),
    Wrong("06.scale_column", "np.floor on the column: fails under jit", lambda: r15_scale_np_floor),
    Wrong(
        "06.count_labels",
        ".at[labels].add(1): -1 counts as the last label",
        lambda: r15_count_plain_add,
    ),
    Wrong(
        "06.count_labels", "jnp.bincount: padding clipped into label 0", lambda: r15_count_bincount
    ),
    Wrong(
        "06.count_labels",
        "boolean mask labels[labels >= 0]: fails under jit",
        lambda: r15_count_bool_mask,
    ),
    Wrong("06.count_labels", ".at[labels].set(1): repeats not accumulated", lambda: r15_count_set),
    Wrong(
        "06.count_labels", "padding moved to index 0, still counted", lambda: r15_count_pad_to_zero
    ),
    Wrong("06.count_labels", "mode='drop' thinking it drops -1", lambda: r15_count_mode_drop),
    Wrong("06.count_labels", "sum of one_hot: right counts but float32", lambda: r15_count_one_hot),
    Wrong("06.count_labels", "jnp.zeros(n) float counts", lambda: r15_count_float_zeros),
    Wrong("06.count_labels", "adds labels > 0: label 0 never counted", lambda: r15_count_gt_zero),
    Wrong(
        "06.count_labels", "padding sent to slot n of n+1, slot kept", lambda: r15_count_extra_slot
    ),
    Wrong(
        "06.count_labels", "one-hot comparison summed over axis 1", lambda: r15_count_compare_axis1
    ),
    Wrong(
        "06.set_first", "the page's port, results of .at dropped", lambda: r15_swap_port_as_shown
    ),
    Wrong(
        "06.set_first",
        "jnp.where on position == -1: last never set",
        lambda: r15_swap_where_minus_one,
    ),
]

RIGHT_15 = [
    Right("06.set_first", "one chain, both values read from the old x", lambda: r15_swap_one_chain),
    Right("06.set_first", "fancy index [0, -1] set from reversed pair", lambda: r15_swap_fancy),
    Right("06.set_first", "gather with a swapped arange permutation", lambda: r15_swap_perm),
    Right("06.set_first", "nested jnp.where on positions", lambda: r15_swap_where),
    Right("06.out_of_bounds", "B", lambda: "B"),
    Right("06.scale_column", "set a float floor, .set casts to int32", lambda: r15_scale_set_float),
    Right("06.scale_column", "// 1 as floor, astype(int)", lambda: r15_scale_floordiv_one),
    Right("06.scale_column", "jnp.where on columns with j % ncols", lambda: r15_scale_where_mod),
    Right("06.count_labels", "labels + 1 into n + 1 slots, drop slot 0", lambda: r15_count_shift),
    Right("06.count_labels", "one-hot comparison summed over axis 0", lambda: r15_count_compare),
    Right(
        "06.count_labels",
        "bincount with (labels >= 0) * 1 as weights",
        lambda: r15_count_bincount_weights,
    ),
    Right(
        "06.count_labels", "padding sent to n, dropped as out of bounds", lambda: r15_count_where_n
    ),
    Right("06.scale_column", ".at[:, j].apply with a floor lambda", lambda: r15_scale_apply),
]
