"""The grader's kept outputs, sealed between reads (``grader/sealed.py``): what is opened is
what was sealed, whatever was sealed after it; no sealed array is an array."""

from __future__ import annotations

import gc

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from jaxtour.grader.sealed import opened, seal

VALUES = {
    "float32": lambda: jnp.linspace(-3.0, 3.0, 12, dtype=jnp.float32).reshape(3, 4),
    "int32": lambda: jnp.arange(-5, 5, dtype=jnp.int32),
    "bool": lambda: jnp.array([True, False, True]),
    "bfloat16": lambda: jnp.array([1.5, -2.25, 1e3], dtype=jnp.bfloat16),
    "scalar": lambda: jnp.float32(2.5),
    "weak": lambda: jnp.asarray(2.0) * 3,
    "empty": lambda: jnp.zeros((0, 3)),
    "numpy": lambda: np.arange(6.0).reshape(2, 3),
    "tree": lambda: {"w": jnp.ones((2, 2)), "b": (jnp.zeros(2), None, 1.5)},
}


def _same(a, b) -> bool:
    leaves_a, tree_a = jax.tree.flatten(a)
    leaves_b, tree_b = jax.tree.flatten(b)
    if tree_a != tree_b:
        return False
    for x, y in zip(leaves_a, leaves_b, strict=True):
        if type(x) is not type(y) and not (isinstance(x, jax.Array) and isinstance(y, jax.Array)):
            return False
        if hasattr(x, "dtype") and (x.dtype != y.dtype or np.shape(x) != np.shape(y)):
            return False
        if getattr(x, "weak_type", False) != getattr(y, "weak_type", False):
            return False
        if not np.array_equal(np.asarray(x), np.asarray(y)):
            return False
    return True


@pytest.mark.parametrize("kind", VALUES)
def test_what_is_opened_is_what_was_sealed_even_after_a_larger_one(kind):
    value = VALUES[kind]()
    sealed = seal(value)
    assert _same(opened(sealed), value)
    seal(jnp.ones(1 << 16))  # the pad grows: what was sealed before still opens
    assert _same(opened(sealed), value)
    if kind == "weak":  # a weakly typed scalar is kept as it is
        assert sealed is value
    elif jax.tree.leaves(value):
        assert jax.tree.leaves(opened(sealed))[0] is not jax.tree.leaves(opened(sealed))[0]


def test_a_sealed_output_is_no_array_an_answer_can_find():
    value = jnp.arange(7.0) * 3.25
    sealed = seal(value)
    del value
    arrays = [o for o in gc.get_objects() if isinstance(o, np.ndarray | jax.Array)]
    arrays += list(jax.live_arrays())
    assert not any(
        getattr(a, "shape", None) == (7,) and np.array_equal(np.asarray(a), np.arange(7.0) * 3.25)
        for a in arrays
    )
    assert np.array_equal(np.asarray(opened(sealed)), np.arange(7.0) * 3.25)


def test_what_cannot_be_sealed_is_kept_as_it_is():
    key = jax.random.key(0)
    assert seal(key) is key
    assert seal("text") == "text"
