"""Round 4, lesson 06 (immutability and purity): answers written from the lesson's text alone."""
from __future__ import annotations

import numpy as np
import jax
import jax.numpy as jnp

from tests.content.wrong_answers.round4._common import Right, Wrong


def _x():
    return jnp.array([1, 2, 3])


# ---------------------------------------------------------------- 06.set_first


def r4_set_numpy():
    x = _x()
    y = np.array(x)
    y[0] = 123
    return y


def r4_set_discarded():
    x = _x()
    x.at[0].set(123)
    y = x
    return y


# ---------------------------------------------------------------- 06.scale_column: wrong


def r4_scale_row(m, j, factor):
    return m.at[j, :].multiply(factor)


def r4_scale_set(m, j, factor):
    return m.at[:, j].set(factor)


def r4_scale_add(m, j, factor):
    return m.at[:, j].add(factor)


def r4_scale_numpy(m, j, factor):
    out = np.array(m)
    out[:, j] *= factor
    return out


def r4_scale_one_based(m, j, factor):
    return m.at[:, j - 1].multiply(factor)


def r4_scale_whole(m, j, factor):
    return m * factor


def r4_scale_discarded(m, j, factor):
    m.at[:, j].multiply(factor)
    return m


def r4_scale_column_only(m, j, factor):
    return m[:, j] * factor


def r4_scale_transposed(m, j, factor):
    return m.T.at[j].multiply(factor)


def r4_scale_tail(m, j, factor):
    return m.at[:, j:].multiply(factor)


def r4_scale_old_api(m, j, factor):
    return jax.ops.index_mul(m, jax.ops.index[:, j], factor)


# ---------------------------------------------------------------- 06.scale_column: right


def r4_scale_set_product(m, j, factor):
    return m.at[:, j].set(m[:, j] * factor)


def r4_scale_where(m, j, factor):
    cols = jnp.arange(m.shape[1])
    return jnp.where(cols == j % m.shape[1], m * factor, m)


def r4_scale_loop(m, j, factor):
    result = m
    for i in range(m.shape[0]):
        result = result.at[i, j].multiply(factor)
    return result


def r4_scale_ellipsis(m, j, factor):
    return m.at[..., j].multiply(factor)


# ---------------------------------------------------------------- 06.count_labels: wrong


def r4_count_set(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].set(1)


def r4_count_float(labels, n):
    counts = jnp.zeros(n)
    return counts.at[labels].add(1)


def r4_count_loop(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    for label in labels:
        counts = counts.at[label].add(1)
    return counts


def r4_count_bincount_nolength(labels, n):
    return jnp.bincount(labels)


def r4_count_numpy_fancy(labels, n):
    counts = np.zeros(n, dtype=int)
    counts[np.asarray(labels)] += 1
    return counts


def r4_count_size_plus_one(labels, n):
    return jnp.zeros(n + 1, dtype=jnp.int32).at[labels].add(1)


def r4_count_add_labels(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels].add(labels)


def r4_count_one_based(labels, n):
    return jnp.zeros(n, dtype=jnp.int32).at[labels - 1].add(1)


def r4_count_unique(labels, n):
    return jnp.unique(labels, return_counts=True)[1].astype(jnp.int32)


def r4_count_wrong_axis(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n), axis=1)


def r4_count_comprehension(labels, n):
    return jnp.array([jnp.sum(labels == k) for k in range(n)], dtype=jnp.int32)


# ---------------------------------------------------------------- 06.count_labels: right


def r4_count_bincount(labels, n):
    return jnp.bincount(labels, length=n).astype(jnp.int32)


def r4_count_onehot_sum(labels, n):
    return jnp.sum(labels[:, None] == jnp.arange(n)[None, :], axis=0, dtype=jnp.int32)


def r4_count_ones_like(labels, n):
    counts = jnp.zeros((n,), jnp.int32)
    counts = counts.at[labels].add(jnp.ones_like(labels, dtype=jnp.int32))
    return counts


def r4_count_nn_one_hot(labels, n):
    return jax.nn.one_hot(labels, n, dtype=jnp.int32).sum(axis=0)


ROUND_4 = (
    # 06.set_first
    Wrong("06.set_first", "replaces index 1 (1-based thinking): x.at[1].set(123) gives [1, 123, 3]", lambda: _x().at[1].set(123)),
    Wrong("06.set_first", "NumPy habit: copies x to a NumPy array and assigns y[0] = 123; the values are right but y is a NumPy array, not a jax array", r4_set_numpy),
    Wrong("06.set_first", "uses .add(123) instead of .set(123): first element becomes 124", lambda: _x().at[0].add(123)),
    Wrong("06.set_first", "wrote the result as a float array jnp.array([123.0, 2.0, 3.0]): float32, not int32 like x", lambda: jnp.array([123.0, 2.0, 3.0])),
    Wrong("06.set_first", "forgot the method: y = x.at[0], an index-update helper, not an array", lambda: _x().at[0]),
    Wrong("06.set_first", "called x.at[0].set(123) without keeping the result, then y = x: y is the unchanged [1, 2, 3]", r4_set_discarded),
    Wrong("06.set_first", "sets every element: x.at[:].set(123)", lambda: _x().at[:].set(123)),
    Wrong("06.set_first", "prepends 123 with jnp.concatenate([[123], x]) instead of replacing: 4 elements", lambda: jnp.concatenate([jnp.array([123]), _x()])),
    Wrong("06.set_first", "replaces the last element: x.at[-1].set(123)", lambda: _x().at[-1].set(123)),
    Wrong("06.set_first", "a Python list [123, 2, 3] instead of a jax array", lambda: [123, 2, 3]),
    # 06.out_of_bounds
    Wrong("06.out_of_bounds", "picks A: expects an IndexError as in NumPy", lambda: "A"),
    Wrong("06.out_of_bounds", "picks B: assumes the write is clamped like the read x[10]", lambda: "B"),
    Wrong("06.out_of_bounds", "picks D: thinks the array grows to fit index 10", lambda: "D"),
    Wrong("06.out_of_bounds", "lowercase b: clamping, like the read", lambda: "b"),
    Wrong("06.out_of_bounds", "lowercase a: an IndexError", lambda: "a"),
    Wrong("06.out_of_bounds", "sets answer to the resulting array x.at[10].set(5) instead of a letter", lambda: jnp.array([1, 2, 3]).at[10].set(5)),
    Wrong("06.out_of_bounds", "answers 'E', not an option", lambda: "E"),
    Wrong("06.out_of_bounds", "hedges: 'B or C'", lambda: "B or C"),
    # 06.scale_column
    Wrong("06.scale_column", "scales row j (m.at[j, :]) instead of column j", lambda: r4_scale_row),
    Wrong("06.scale_column", "uses .set(factor): column j becomes factor instead of being multiplied by it", lambda: r4_scale_set),
    Wrong("06.scale_column", "uses .add(factor) instead of .multiply(factor)", lambda: r4_scale_add),
    Wrong("06.scale_column", "NumPy port: copies to np.array and does out[:, j] *= factor; values right but returns a NumPy array, not a jax array", lambda: r4_scale_numpy),
    Wrong("06.scale_column", "treats j as 1-based: scales column j - 1", lambda: r4_scale_one_based),
    Wrong("06.scale_column", "multiplies the whole matrix by factor, ignoring j", lambda: r4_scale_whole),
    Wrong("06.scale_column", "calls m.at[:, j].multiply(factor) but returns m, so the update is thrown away and m comes back unchanged", lambda: r4_scale_discarded),
    Wrong("06.scale_column", "returns only the scaled column m[:, j] * factor, not the whole matrix", lambda: r4_scale_column_only),
    Wrong("06.scale_column", "scales row j of m.T (the right column) but forgets to transpose back: returns the transposed matrix", lambda: r4_scale_transposed),
    Wrong("06.scale_column", "slice m.at[:, j:] scales column j and every column after it (right only when j is the last column)", lambda: r4_scale_tail),
    Wrong("06.scale_column", "keeps the old API jax.ops.index_mul, which no longer exists", lambda: r4_scale_old_api),
    # 06.count_labels
    Wrong("06.count_labels", "uses .at[labels].set(1): marks which labels occur (1 each), does not count repeats", lambda: r4_count_set),
    Wrong("06.count_labels", "starts from jnp.zeros(n), float32, so the counts are float32 not int32", lambda: r4_count_float),
    Wrong("06.count_labels", "ports the NumPy for-loop with .at[label].add(1) on each label: right values but a Python loop, which the task forbids", lambda: r4_count_loop),
    Wrong("06.count_labels", "jnp.bincount(labels) without length=n: the result has max(labels)+1 entries, which is n only when label n-1 occurs", lambda: r4_count_bincount_nolength),
    Wrong("06.count_labels", "NumPy fancy-index counts[labels] += 1 on a NumPy array: repeated labels counted once, and the result is NumPy", lambda: r4_count_numpy_fancy),
    Wrong("06.count_labels", "off by one in the size: jnp.zeros(n + 1) gives n + 1 counts", lambda: r4_count_size_plus_one),
    Wrong("06.count_labels", "adds the labels themselves (.add(labels)) instead of 1 per occurrence", lambda: r4_count_add_labels),
    Wrong("06.count_labels", "assumes 1-based labels and indexes labels - 1: every count shifted left, label 0 wraps to the end", lambda: r4_count_one_based),
    Wrong("06.count_labels", "jnp.unique(..., return_counts=True)[1]: counts of the labels that occur only, so labels with zero count are missing (right only when every label 0..n-1 occurs)", lambda: r4_count_unique),
    Wrong("06.count_labels", "one-hot comparison summed over the wrong axis (axis=1): one 1 per label entry instead of per-class counts", lambda: r4_count_wrong_axis),
    Wrong("06.count_labels", "list comprehension over range(n) of jnp.sum(labels == k): right values, but a comprehension, which the task forbids", lambda: r4_count_comprehension),
)

RIGHT_4 = (
    Right("06.set_first", "concatenates [123] with x[1:]", lambda: jnp.concatenate([jnp.array([123], dtype=jnp.int32), _x()[1:]])),
    Right("06.set_first", "index array and value array: x.at[jnp.array([0])].set(jnp.array([123]))", lambda: _x().at[jnp.array([0])].set(jnp.array([123]))),
    Right("06.set_first", "slice update x.at[:1].set(123) with explicit mode='drop'", lambda: _x().at[:1].set(123, mode="drop")),
    Right("06.out_of_bounds", "lowercase 'c'", lambda: "c"),
    Right("06.out_of_bounds", "' C ' with spaces", lambda: " C "),
    Right("06.out_of_bounds", "'C' with a trailing newline", lambda: "C\n"),
    Right("06.scale_column", "reads the column, multiplies, and writes it back with .set", lambda: r4_scale_set_product),
    Right("06.scale_column", "jnp.where on a column-index mask (negative j normalised with %)", lambda: r4_scale_where),
    Right("06.scale_column", "Python loop over rows with .at[i, j].multiply (no loop ban in this exercise)", lambda: r4_scale_loop),
    Right("06.scale_column", "m.at[..., j].multiply(factor) with an Ellipsis", lambda: r4_scale_ellipsis),
    Right("06.count_labels", "jnp.bincount with length=n", lambda: r4_count_bincount),
    Right("06.count_labels", "one-hot comparison summed over axis 0 with dtype int32", lambda: r4_count_onehot_sum),
    Right("06.count_labels", ".at[labels].add(ones_like(labels)) on zeros((n,), int32)", lambda: r4_count_ones_like),
    Right("06.count_labels", "jax.nn.one_hot(..., dtype=int32).sum(axis=0)", lambda: r4_count_nn_one_hot),
)
