"""Lesson 06: realistic wrong answers (see the package docstring for the labels)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from tests.content.wrong_answers import Wrong

# The exercise cell's own x, as the learner's code sees it.
x = jnp.array([1, 2, 3])


def copy_then_update():
    y = x.copy()
    y.at[0].set(123)
    return y


def numpy_copy_and_assign():
    y = np.asarray(x).copy()
    y[0] = 123
    return y


def trailing_comma():
    y = (x.at[0].set(123),)
    return y


def one_based():
    y = x
    y = y.at[1].set(123)
    return y


# --- 06.scale_column --------------------------------------------------------------------


def assign_column(m, j, factor):
    m[:, j] = m[:, j] * factor
    return m


def scale_row_explicit(m, j, factor):
    return m.at[j, :].multiply(factor)


def index_update_port(m, j, factor):
    return jax.ops.index_update(m, jax.ops.index[:, j], m[:, j] * factor)


def one_based_column(m, j, factor):
    return m.at[:, j - 1].multiply(factor)


def no_return_column(m, j, factor):
    m.at[:, j].multiply(factor)


def numpy_copy_column(m, j, factor):
    out = np.array(m)
    out[:, j] *= factor
    return out


def ref_times_factor(m, j, factor):
    return m.at[:, j] * factor


def hardcoded_column(m, j, factor):
    return m.at[:, 1].multiply(factor)


def columns_from_j(m, j, factor):
    return m.at[:, j:].multiply(factor)


def set_product(m, j, factor):
    return m.at[:, j].set(m[j] * factor)


# --- 06.count_labels --------------------------------------------------------------------


def loop_without_assign(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    for label in labels:
        counts.at[label].add(1)
    return counts


def bincount_no_length(labels, n):
    return jnp.bincount(labels)


def numpy_bincount(labels, n):
    return np.bincount(np.asarray(labels), minlength=n)


def zeros_like_labels(labels, n):
    return jnp.zeros_like(labels).at[labels].add(1)


def add_at_numpy(labels, n):
    counts = np.zeros(n, dtype=int)
    np.add.at(counts, np.asarray(labels), 1)
    return counts


def unique_counts(labels, n):
    _, counts = jnp.unique(labels, return_counts=True)
    return counts


def literal_port(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    return counts.at[labels].set(counts[labels] + 1)


def histogram_counts(labels, n):
    return jnp.histogram(labels, bins=n, range=(0, n))[0]


def one_hot_sum(labels, n):
    return jax.nn.one_hot(labels, n).sum(axis=0)


def forgot_return_counts(labels, n):
    counts = jnp.zeros(n, dtype=jnp.int32)
    counts = counts.at[labels].add(1)  # noqa: F841


def unique_tuple(labels, n):
    return jnp.unique(labels, return_counts=True)


WRONG_ANSWERS = (
    # 06.set_first
    Wrong("06.set_first", "x.copy(), then .at[] without keeping it", copy_then_update, "unchanged"),
    Wrong("06.set_first", "NumPy copy, assigned in place", numpy_copy_and_assign, "numpy-copy"),
    Wrong("06.set_first", "a trailing comma makes a tuple", trailing_comma, "in-a-tuple"),
    Wrong("06.set_first", "counting from one: index 1", one_based, "wrong-index"),
    Wrong("06.set_first", ".tolist() at the end", lambda: x.at[0].set(123).tolist(), "python-list"),
    Wrong(
        "06.set_first",
        ".set without calling it",
        lambda: x.at[0].set,
        says="did you mean to call it?",
    ),
    Wrong(
        "06.set_first",
        "concatenate: 123 in front",
        lambda: jnp.concatenate([jnp.array([123]), x]),
        "inserted",
    ),
    Wrong("06.set_first", "x[0] + 123 set", lambda: x.at[0].set(x[0] + 123), "added"),
    Wrong("06.set_first", "a slice from 0 on", lambda: x.at[0:].set(123), "whole-array"),
    Wrong("06.set_first", "the updated element only", lambda: x.at[0].set(123)[0]),
    # 06.out_of_bounds
    Wrong("06.out_of_bounds", "the error's name", lambda: "IndexError", "numpy-index-error"),
    Wrong("06.out_of_bounds", "lowercase b", lambda: "b", "clamped-like-read"),
    Wrong(
        "06.out_of_bounds",
        "the array written out",
        lambda: "Array([1, 2, 3])",
        says="one of",
    ),
    Wrong("06.out_of_bounds", "ran it and kept the array", lambda: x.at[10].set(5), "ran-it"),
    Wrong("06.out_of_bounds", "' D ' with spaces", lambda: " D ", "grows"),
    Wrong("06.out_of_bounds", "the word 'clamped'", lambda: "clamped", says="one of"),
    # 06.scale_column
    Wrong("06.scale_column", "m[:, j] = ... in place", lambda: assign_column, "mutates-input"),
    Wrong("06.scale_column", "m.at[j, :]: a row", lambda: scale_row_explicit, "scaled-row"),
    Wrong("06.scale_column", "index_update port", lambda: index_update_port, "removed-api"),
    Wrong(
        "06.scale_column",
        "j - 1: counting columns from one",
        lambda: one_based_column,
        "one-based-column",
    ),
    Wrong("06.scale_column", "no return", lambda: no_return_column, "returns-none"),
    Wrong(
        "06.scale_column",
        "a NumPy copy scaled in place",
        lambda: numpy_copy_column,
        says="build it with jnp instead of np",
    ),
    Wrong("06.scale_column", "m.at[:, j] * factor", lambda: ref_times_factor, "ref-not-array"),
    Wrong("06.scale_column", "column 1 hardcoded", lambda: hardcoded_column, "fixed-column"),
    Wrong("06.scale_column", "m.at[:, j:]: the columns from j on", lambda: columns_from_j),
    Wrong("06.scale_column", "set to m[j] * factor", lambda: set_product, "wrong-length-update"),
    # 06.count_labels
    Wrong("06.count_labels", "a loop of .at[] not kept", lambda: loop_without_assign, "discarded"),
    Wrong(
        "06.count_labels",
        "jnp.bincount without length",
        lambda: bincount_no_length,
        "sized-by-labels",
    ),
    Wrong(
        "06.count_labels",
        "np.bincount",
        lambda: numpy_bincount,
        says="build it with jnp instead of np",
    ),
    Wrong("06.count_labels", "zeros_like(labels)", lambda: zeros_like_labels, "one-per-sample"),
    Wrong(
        "06.count_labels",
        "np.add.at on a NumPy array",
        lambda: add_at_numpy,
        says="build it with jnp instead of np",
    ),
    Wrong("06.count_labels", "jnp.unique counts", lambda: unique_counts, "present-only"),
    Wrong("06.count_labels", "counts[labels] + 1, set", lambda: literal_port, "presence"),
    Wrong("06.count_labels", "jnp.histogram", lambda: histogram_counts, "float-counts"),
    Wrong("06.count_labels", "one_hot(...).sum(0)", lambda: one_hot_sum, "float-counts"),
    Wrong("06.count_labels", "no return", lambda: forgot_return_counts, "returns-none"),
    Wrong("06.count_labels", "jnp.unique's pair", lambda: unique_tuple, "returns-tuple"),
)
