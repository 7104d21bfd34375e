"""Round 16, lesson 06 (immutability and purity): answers written from the lesson's text alone."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---------------------------------------------------------------- 06.set_first


def r16_swap_port(x):
    x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r16_swap_first_line_kept(x):
    x = x.at[0].set(x[-1])
    x.at[-1].set(x[0])
    return x


def r16_swap_sequential(x):
    y = x.at[0].set(x[-1])
    y = y.at[-1].set(y[0])
    return y


def r16_swap_flip(x):
    return jnp.flip(x)


def r16_swap_roll(x):
    return jnp.roll(x, 1)


def r16_swap_concat(x):
    return jnp.concatenate([x[-1:], x[1:-1], x[:1]])


def r16_swap_index4(x):
    return x.at[0].set(x[4]).at[4].set(x[0])


def r16_swap_zeros_float(x):
    y = jnp.zeros(x.shape).at[1:-1].set(x[1:-1])
    return y.at[0].set(x[-1]).at[-1].set(x[0])


def r16_swap_numpy_copy(x):
    y = np.array(x)
    y[0], y[-1] = y[-1], y[0]
    return jnp.asarray(y)


def r16_swap_first_two(x):
    return x.at[0].set(x[1]).at[1].set(x[0])


def r16_swap_list(x):
    return jnp.array([x[-1], *x[1:-1], x[0]])


def r16_swap_chain(x):
    return x.at[0].set(x[-1]).at[-1].set(x[0])


def r16_swap_perm(x):
    n = x.shape[0]
    order = jnp.arange(n).at[0].set(n - 1).at[-1].set(0)
    return x[order]


def r16_swap_fancy(x):
    return x.at[jnp.array([0, -1])].set(x[jnp.array([-1, 0])])


def r16_swap_where(x):
    i = jnp.arange(x.shape[0])
    return jnp.where(i == 0, x[-1], jnp.where(i == x.shape[0] - 1, x[0], x))


# ------------------------------------------------------------ 06.scale_column


def r16_scale_multiply(m, j, factor):
    return m.at[:, j].multiply(factor)


def r16_scale_astype(m, j, factor):
    return m.at[:, j].set((m[:, j] * factor).astype(jnp.int32))


def r16_scale_round(m, j, factor):
    return m.at[:, j].set(jnp.round(m[:, j] * factor).astype(jnp.int32))


def r16_scale_ceil(m, j, factor):
    return m.at[:, j].set(jnp.ceil(m[:, j] * factor).astype(jnp.int32))


def r16_scale_row(m, j, factor):
    return m.at[j].set(jnp.floor(m[j] * factor).astype(jnp.int32))


def r16_scale_float_table(m, j, factor):
    cols = jnp.arange(m.shape[1])
    return jnp.floor(m * jnp.where(cols == j % m.shape[1], factor, 1.0))


def r16_scale_mask_negative_j(m, j, factor):
    keep = jnp.arange(m.shape[1]) == j
    return jnp.where(keep, jnp.floor(m * factor), m).astype(jnp.int32)


def r16_scale_floor_divide(m, j, factor):
    return m.at[:, j].set(jnp.floor_divide(m[:, j], 1 / factor).astype(jnp.int32))


def r16_scale_all_columns(m, j, factor):
    return jnp.floor(m * factor).astype(jnp.int32)


def r16_scale_numpy(m, j, factor):
    out = np.array(m)
    out[:, j] = np.floor(out[:, j] * factor)
    return jnp.asarray(out)


def r16_scale_percent(m, j, factor):
    return m.at[:, j].set(m[:, j] * int(factor * 100) // 100)


def r16_scale_column_only(m, j, factor):
    return jnp.floor(m[:, j] * factor).astype(jnp.int32)


def r16_scale_one_based(m, j, factor):
    return m.at[:, j - 1].set(jnp.floor(m[:, j - 1] * factor).astype(jnp.int32))


def r16_scale_floordiv_one(m, j, factor):
    return m.at[:, j].set(m[:, j] * factor // 1)


def r16_scale_where_mod(m, j, factor):
    keep = jnp.arange(m.shape[1]) == j % m.shape[1]
    return jnp.where(keep, jnp.floor(m * factor), m).astype(jnp.int32)


def r16_scale_apply(m, j, factor):
    return m.at[:, j].apply(lambda column: jnp.floor(column * factor).astype(column.dtype))


# ------------------------------------------------------------ 06.count_labels


def r16_count_plain_add(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1)


def r16_count_drop(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(1, mode="drop")


def r16_count_bincount(labels, n):
    return jnp.bincount(labels, length=n)


def r16_count_bool_mask(labels, n):
    return jnp.bincount(labels[labels >= 0], length=n)


def r16_count_float(labels, n):
    return jnp.zeros(n).at[labels].add(labels >= 0)


def r16_count_pad_to_zero(labels, n):
    return jnp.zeros(n, jnp.int32).at[jnp.where(labels >= 0, labels, 0)].add(1)


def r16_count_numpy_plus(labels, n):
    counts = jnp.zeros(n, jnp.int32)
    return counts.at[labels].set(counts[labels] + (labels >= 0))


def r16_count_greater_zero(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add((labels > 0).astype(jnp.int32))


def r16_count_onehot_axis1(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=1)


def r16_count_clip(labels, n):
    return jnp.zeros(n, jnp.int32).at[jnp.where(labels >= 0, labels, n)].add(1, mode="clip")


def r16_count_bincount_minlength(labels, n):
    return jnp.bincount(labels, minlength=n)


def r16_count_histogram(labels, n):
    return jnp.histogram(labels, bins=n, range=(0, n))[0]


def r16_count_onehot(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=0)


def r16_count_extra_slot(labels, n):
    return jnp.zeros(n + 1, jnp.int32).at[labels].add(1)[:-1]


def r16_count_shift(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels + 1].add(1)[1:]


def r16_count_bool_add(labels, n):
    return jnp.zeros(n, jnp.int32).at[labels].add(labels >= 0)


def r16_count_bincount_sentinel(labels, n):
    return jnp.bincount(jnp.where(labels >= 0, labels, n), length=n)


ROUND_16 = [
    # 06.set_first
    Wrong("06.set_first", "returned the page's port unchanged", lambda: r16_swap_port),
    Wrong(
        "06.set_first",
        "kept the first .at result, dropped the second",
        lambda: r16_swap_first_line_kept,
    ),
    Wrong(
        "06.set_first", "second write reads the already-updated y[0]", lambda: r16_swap_sequential
    ),
    Wrong(
        "06.set_first", "jnp.flip: right for length 2-3, reverses the middle", lambda: r16_swap_flip
    ),
    Wrong("06.set_first", "jnp.roll by one instead of a swap", lambda: r16_swap_roll),
    Wrong(
        "06.set_first",
        "concatenate of slices: length 1 gives two elements",
        lambda: r16_swap_concat,
    ),
    Wrong(
        "06.set_first", "hard-coded index 4 from the page's five elements", lambda: r16_swap_index4
    ),
    Wrong(
        "06.set_first",
        "copy built with jnp.zeros: float32 for int input",
        lambda: r16_swap_zeros_float,
    ),
    Wrong(
        "06.set_first", "NumPy copy and tuple swap (fails under jit)", lambda: r16_swap_numpy_copy
    ),
    Wrong(
        "06.set_first",
        "swapped the first two elements, not first and last",
        lambda: r16_swap_first_two,
    ),
    Wrong("06.set_first", "jnp.array of unpacked list: length 1 doubles it", lambda: r16_swap_list),
    # 06.out_of_bounds
    Wrong("06.out_of_bounds", "A: writes clamp as the read did", lambda: "A"),
    Wrong("06.out_of_bounds", "C: whole update dropped", lambda: "C"),
    Wrong("06.out_of_bounds", "D: update raises IndexError", lambda: "D"),
    Wrong("06.out_of_bounds", "format: lower case b", lambda: "b"),
    Wrong("06.out_of_bounds", "format: B with a parenthesis", lambda: "B)"),
    Wrong(
        "06.out_of_bounds",
        "format: letter with its reason",
        lambda: "B - the out of bounds one is dropped",
    ),
    Wrong("06.out_of_bounds", "two letters, hedging between B and C", lambda: "BC"),
    Wrong("06.out_of_bounds", "the array printed instead of a letter", lambda: "[7, 2, 3]"),
    # 06.scale_column
    Wrong(
        "06.scale_column", ".at[:, j].multiply: truncates toward zero", lambda: r16_scale_multiply
    ),
    Wrong("06.scale_column", "astype(int32) without floor: -2.2 -> -2", lambda: r16_scale_astype),
    Wrong("06.scale_column", "jnp.round instead of floor", lambda: r16_scale_round),
    Wrong("06.scale_column", "jnp.ceil instead of floor", lambda: r16_scale_ceil),
    Wrong("06.scale_column", "scaled row j (m.at[j]) not column j", lambda: r16_scale_row),
    Wrong(
        "06.scale_column", "mask times table, floor, left as float32", lambda: r16_scale_float_table
    ),
    Wrong(
        "06.scale_column",
        "arange == j mask: negative j matches nothing",
        lambda: r16_scale_mask_negative_j,
    ),
    Wrong(
        "06.scale_column",
        "floor_divide by 1/factor: exact products drop by one",
        lambda: r16_scale_floor_divide,
    ),
    Wrong("06.scale_column", "scaled and floored every column", lambda: r16_scale_all_columns),
    Wrong("06.scale_column", "NumPy copy and in-place column write", lambda: r16_scale_numpy),
    Wrong(
        "06.scale_column", "integer percent int(factor*100): 0.29 -> 28", lambda: r16_scale_percent
    ),
    Wrong("06.scale_column", "returned only the scaled column", lambda: r16_scale_column_only),
    Wrong("06.scale_column", "treated j as 1-based (column j - 1)", lambda: r16_scale_one_based),
    # 06.count_labels
    Wrong(
        "06.count_labels",
        ".at[labels].add(1): -1 counted in the last label",
        lambda: r16_count_plain_add,
    ),
    Wrong("06.count_labels", "mode='drop' thinking -1 is out of bounds", lambda: r16_count_drop),
    Wrong(
        "06.count_labels", "jnp.bincount as is: padding counted as 0", lambda: r16_count_bincount
    ),
    Wrong(
        "06.count_labels",
        "boolean mask then bincount (fails under jit)",
        lambda: r16_count_bool_mask,
    ),
    Wrong("06.count_labels", "jnp.zeros(n) default float32 counts", lambda: r16_count_float),
    Wrong(
        "06.count_labels",
        "padding mapped to label 0 and still counted",
        lambda: r16_count_pad_to_zero,
    ),
    Wrong(
        "06.count_labels",
        "NumPy counts[labels] + 1 as .set: repeats count once",
        lambda: r16_count_numpy_plus,
    ),
    Wrong(
        "06.count_labels", "mask labels > 0: label 0 never counted", lambda: r16_count_greater_zero
    ),
    Wrong(
        "06.count_labels",
        "one-hot comparison summed over the wrong axis",
        lambda: r16_count_onehot_axis1,
    ),
    Wrong(
        "06.count_labels",
        "padding sent to n but mode='clip' puts it at n-1",
        lambda: r16_count_clip,
    ),
    Wrong(
        "06.count_labels",
        "bincount with minlength (padding to 0, no jit)",
        lambda: r16_count_bincount_minlength,
    ),
    Wrong(
        "06.count_labels", "jnp.histogram counts: float32, not int32", lambda: r16_count_histogram
    ),
]
RIGHT_16 = [
    Right("06.set_first", "chained .at reading both values from the old x", lambda: r16_swap_chain),
    Right("06.set_first", "gather with a swapped arange permutation", lambda: r16_swap_perm),
    Right("06.set_first", "one .at with two indices and two values", lambda: r16_swap_fancy),
    Right("06.set_first", "nested jnp.where over positions", lambda: r16_swap_where),
    Right("06.out_of_bounds", "B: the out of bounds write is dropped", lambda: "B"),
    Right(
        "06.scale_column", "product // 1 then .set casts to int32", lambda: r16_scale_floordiv_one
    ),
    Right("06.scale_column", "jnp.where over a mask with j % ncols", lambda: r16_scale_where_mod),
    Right("06.scale_column", ".at[:, j].apply with a floor lambda", lambda: r16_scale_apply),
    Right("06.count_labels", "one-hot comparison summed over axis 0", lambda: r16_count_onehot),
    Right(
        "06.count_labels",
        "n + 1 slots, -1 lands in the extra one, sliced off",
        lambda: r16_count_extra_slot,
    ),
    Right("06.count_labels", "labels shifted by one, slot 0 sliced off", lambda: r16_count_shift),
    Right("06.count_labels", "adds the boolean labels >= 0 per label", lambda: r16_count_bool_add),
    Right(
        "06.count_labels",
        "bincount with padding moved past the end",
        lambda: r16_count_bincount_sentinel,
    ),
]
