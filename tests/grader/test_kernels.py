"""grader/kernels.py: a Pallas call read from an answer's traced program."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from jaxtour.grader.kernels import (
    Operand,
    empty_grid,
    kernel_does_none_of,
    one_call,
    revisits,
    revisits_output,
)


def _inputs():
    return [(jnp.ones((32, 128)),), (jnp.ones((48, 256)),)]


def _kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


def _doubled(grid_of, x_map, out_map):
    def double(x):
        m, n = x.shape
        return pl.pallas_call(
            _kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=grid_of(m, n),
            in_specs=[pl.BlockSpec((16, 128), x_map)],
            out_specs=pl.BlockSpec((16, 128), out_map),
            interpret=True,
        )(x)

    return double


def test_the_grid_and_each_programs_blocks_in_run_order():
    answer = _doubled(lambda m, n: (m // 16, n // 128), lambda i, j: (i, j), lambda i, j: (j, i))
    calls = one_call(answer, _inputs)
    assert calls is not None
    second = calls[1]
    assert second.grid == (3, 2)
    assert second.programs == ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1))
    assert second.inputs[0].indices == second.programs
    assert second.outputs[0].indices == ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2))
    assert second.inputs[0].shape == (48, 256) and second.inputs[0].block == (16, 128)


def test_a_block_left_and_come_back_to_is_a_revisit_a_block_kept_is_not():
    def operand(*indices):
        return Operand(shape=(32, 128), block=(16, 128), indices=tuple(indices))

    assert not revisits(operand((0, 0), (0, 0), (1, 0), (1, 0)))
    assert revisits(operand((0, 0), (1, 0), (0, 0), (1, 0)))
    # a summed axis first: each output block visited once per step of it
    k_first = _doubled(lambda m, n: (2, m // 16), lambda k, i: (i, 0), lambda k, i: (i, 0))
    k_last = _doubled(lambda m, n: (m // 16, 2), lambda i, k: (i, 0), lambda i, k: (i, 0))
    assert revisits_output(_inputs)(k_first)
    assert not revisits_output(_inputs)(k_last)


def test_an_axis_of_no_steps_and_what_is_not_a_kernel():
    never = _doubled(lambda m, n: (m // 128, n // 128), lambda i, j: (i, j), lambda i, j: (i, j))
    assert empty_grid(_inputs)(never)
    assert one_call(lambda x: x * 2, _inputs) is None  # no pallas_call: nothing read
    assert not revisits_output(_inputs)(lambda x: x * 2)
    assert one_call(42, _inputs) is None


def _copy_kernel(r_ref, o_ref):
    o_ref[...] = r_ref[...]


def _through(kernel, result):
    m, n = result.shape
    spec = pl.BlockSpec((16, 128), lambda i, j: (i, j))
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(result.shape, result.dtype),
        grid=(m // 16, n // 128),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(result)


def _squared_kernel(x_ref, o_ref):
    o_ref[...] = jnp.dot(x_ref[...], x_ref[...].T)[:, :1] + 0 * x_ref[...]


def test_a_kernel_that_only_copies_work_done_outside_it_does_none_of_the_work():
    """Round 18's sneaky family: the work made before the kernel that makes the result,
    by jnp or by another kernel (its own primitives do not count), that kernel only copying
    (or adding 0 times an input): read from that kernel's body, whatever its values."""
    asks_product = kernel_does_none_of(("dot_general",), _inputs)
    assert asks_product(lambda x: _through(_copy_kernel, x @ jnp.ones((x.shape[1], x.shape[1]))))
    assert asks_product(lambda x: _through(_copy_kernel, _through(_squared_kernel, x)))
    assert asks_product(lambda x: _through(_kernel, x * 3))  # arithmetic, but no product
    assert not asks_product(lambda x: _through(_squared_kernel, x))
    assert not asks_product(lambda x: _through(_squared_kernel, _through(_copy_kernel, x)))
    assert not asks_product(lambda x: x @ jnp.ones((x.shape[1], x.shape[1])))  # no kernel: not this
