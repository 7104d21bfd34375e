"""The grader's kept outputs (a reference's, a mistake example's), sealed between reads.

``rules.outputs_on`` keeps every output it computed for the next checks. Kept as arrays,
they were the answer's to find: a function answer that walks ``jax.live_arrays()`` or
``gc.get_objects()`` for the newest array of its input's shape that differs from it got
the expected value of a case the grader had computed in an earlier check (round 19's red
team; ``tests/grader/test_sneaky_families.py``). Sealed, each array leaf is kept as bytes
mixed with a random pad of this process (no array, nor its bytes as they are), and each
read builds a fresh array of the same dtype, shape, weak type and device.

What cannot be sealed is kept as it is: a PRNG key array, an array over several devices
(lesson 10's and 14's shardings are compared), a tracer, anything that is not a NumPy or
a jax array.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from jaxtour.grader.pristine import np
from jaxtour.lazy import is_jax_array, jax

_pad: list[Any] = [np.zeros(0, dtype=np.uint8)]


def _pad_of(size: int) -> Any:
    """The process's random pad, at least ``size`` bytes long."""
    if _pad[0].size < size:
        _pad[0] = np.frombuffer(os.urandom(max(size, 2 * _pad[0].size, 4096)), dtype=np.uint8)
    return _pad[0][:size]


@dataclass(frozen=True)
class _Sealed:
    data: bytes
    dtype: Any
    shape: tuple[int, ...]
    device: Any  # None: a NumPy array; else the device of an uncommitted (False) or
    committed: bool  # committed jax array
    weak: bool

    def opened(self) -> Any:
        raw = np.frombuffer(self.data, dtype=np.uint8) ^ _pad_of(len(self.data))
        host = raw.view(self.dtype).reshape(self.shape)
        if self.device is None:
            return host.copy()
        if self.committed:
            value = jax.device_put(host, self.device)
        else:
            value = jax.numpy.asarray(host)
        if self.weak:
            from jax._src.lax import lax as lax_internal

            value = lax_internal._convert_element_type(value, value.dtype, weak_type=True)  # noqa: SLF001
        return value


def _seal_leaf(leaf: Any) -> Any:
    if type(leaf) is np.ndarray and leaf.dtype != object:
        host, device, committed, weak = leaf, None, False, False
    elif is_jax_array(leaf):
        try:
            if jax.dtypes.issubdtype(leaf.dtype, jax.dtypes.prng_key):
                return leaf
            devices = leaf.sharding.device_set
            if len(devices) != 1 or not leaf.is_fully_addressable:
                return leaf
            host = np.asarray(leaf)
            device = next(iter(devices))
            committed = bool(getattr(leaf, "_committed", True))
            weak = bool(getattr(leaf, "weak_type", False))
        except Exception:  # noqa: BLE001 - a tracer, a deleted buffer: kept as it is
            return leaf
    else:
        return leaf
    data = np.ascontiguousarray(host).reshape(-1).view(np.uint8)
    mixed = (data ^ _pad_of(data.size)).tobytes()
    return _Sealed(mixed, host.dtype, tuple(host.shape), device, committed, weak)


def seal(tree: Any) -> Any:
    """``tree`` with every array leaf that can be sealed sealed."""
    try:
        return jax.tree.map(_seal_leaf, tree)
    except Exception:  # noqa: BLE001 - what no pytree function walks is kept as it is
        return tree


def opened(tree: Any) -> Any:
    """A fresh copy of what ``seal`` sealed."""
    return jax.tree.map(
        lambda leaf: leaf.opened() if type(leaf) is _Sealed else leaf,
        tree,
        is_leaf=lambda leaf: type(leaf) is _Sealed,
    )
