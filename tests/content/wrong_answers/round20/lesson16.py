"""Round 20, lesson 16 (a first Pallas kernel): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from tests.content.wrong_answers.round4._common import Right, Wrong

# The lesson's setup, as the learner's notebook has it.
BACKEND = jax.default_backend()
INTERPRET = BACKEND not in ("tpu", "gpu")  # no Pallas compiler on a CPU: interpret
BM, BN, BK = 16, 128, 128

# ---- 16.block_owner: grid for index_map (j, i), and out[20, 300] (a letter) ----------

# ---- 16.naive_matmul: 12 runs, each overwrites: the last k's product (a letter) -------

# ---- 16.fix_scores: x @ y.T with y's index_map fixed ---------------------------------


def r20_scores_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r20_scores_unchanged(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r20_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (k, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_transposed_copy(x, y):
    (m, d), (n, _) = x.shape, y.shape
    yt = y.T  # (d, n): then tiled_matmul's BlockSpecs fit

    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BK, BN), lambda i, j, k: (k, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, yt)


def r20_scores_plain_jnp(x, y):
    return x @ y.T


def r20_scores_grid_n_d_swapped(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r20_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, d // BN, n // BK),  # y is (n, d): took d for the columns
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_no_zeroing(x, y):
    def kernel(x_ref, y_ref, o_ref):
        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_when_axis0(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_k_first(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(d // BK, m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda k, i, j: (i, k)),
            pl.BlockSpec((BN, BK), lambda k, i, j: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda k, i, j: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_overwrite(x, y):
    def kernel(x_ref, y_ref, o_ref):
        o_ref[...] = jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_rows_by_bn(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r20_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(pl.cdiv(m, BN), n // BN, d // BK),  # rows counted in blocks of 128
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_out_shape_swapped(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r20_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((n, m), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_contract_1_0(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jax.lax.dot_general(  # contracts x's columns with y's rows
            x_ref[...], y_ref[...], (((1,), (0,)), ((), ())), preferred_element_type=jnp.float32
        )

    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_x_map_also_changed(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r20_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (k, i)),  # "fixed" both operands
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_right_transpose_block(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.dot(x_ref[...], y_ref[...].T, preferred_element_type=jnp.float32)

    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_right_einsum(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)

        o_ref[...] = o_ref[...] + jnp.einsum(
            "md,nd->mn", x_ref[...], y_ref[...], preferred_element_type=jnp.float32
        )

    m, d = x.shape
    n = y.shape[0]
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_right_named_maps(x, y):
    def x_block(i, j, k):
        return i, k

    def y_block(i, j, k):
        return j, k  # y is (n, d): its row block follows the output's column j

    def o_block(i, j, k):
        return i, j

    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r20_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(pl.cdiv(m, BM), pl.cdiv(n, BN), pl.cdiv(d, BK)),
        in_specs=[
            pl.BlockSpec(block_shape=(BM, BK), index_map=x_block),
            pl.BlockSpec(block_shape=(BN, BK), index_map=y_block),
        ],
        out_specs=pl.BlockSpec(block_shape=(BM, BN), index_map=o_block),
        interpret=INTERPRET,
    )(x, y)


def r20_scores_right_where_init(x, y):
    def kernel(x_ref, y_ref, o_ref):
        so_far = jnp.where(pl.program_id(2) == 0, 0.0, o_ref[...])
        o_ref[...] = so_far + jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


# ---- 16.row_sums: out[r, 0] = sum over c of x[r, c] * w[0, c], as a kernel -----------


def _row_sums_call(kernel, x, w, grid=None, x_map=None, w_map=None, o_map=None):
    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=grid or (m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, BN), x_map or (lambda i, k: (i, k))),
            pl.BlockSpec((1, BN), w_map or (lambda i, k: (0, k))),
        ],
        out_specs=pl.BlockSpec((BM, 1), o_map or (lambda i, k: (i, 0))),
        interpret=INTERPRET,
    )(x, w)


def r20_rows_no_zeroing(x, w):
    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    return _row_sums_call(kernel, x, w)


def r20_rows_overwrite(x, w):
    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    return _row_sums_call(kernel, x, w)


def r20_rows_axis0(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=0, keepdims=True)

    return _row_sums_call(kernel, x, w)


def r20_rows_no_keepdims(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1)

    return _row_sums_call(kernel, x, w)


def _zero_then_add(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r20_rows_w_map_swapped(x, w):
    return _row_sums_call(_zero_then_add, x, w, w_map=lambda i, k: (k, 0))


def r20_rows_k_first(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    m, n = x.shape
    return _row_sums_call(
        kernel,
        x,
        w,
        grid=(n // BN, m // BM),
        x_map=lambda k, i: (i, k),
        w_map=lambda k, i: (0, k),
        o_map=lambda k, i: (i, 0),
    )


def r20_rows_grid_rows_by_bn(x, w):
    m, n = x.shape
    return _row_sums_call(_zero_then_add, x, w, grid=(pl.cdiv(m, BN), n // BN))


def r20_rows_plain_jnp(x, w):
    return jnp.sum(x * w, axis=1, keepdims=True)


def r20_rows_when_axis0(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    return _row_sums_call(kernel, x, w)


def r20_rows_squared_distance(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum((x_ref[...] - w_ref[...]) ** 2, axis=1, keepdims=True)

    return _row_sums_call(kernel, x, w)


def r20_rows_w_first_block_only(x, w):
    return _row_sums_call(_zero_then_add, x, w, w_map=lambda i, k: (0, 0))


def r20_rows_forgot_w(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...], axis=1, keepdims=True)

    return _row_sums_call(kernel, x, w)


def r20_rows_python_if(x, w):
    def kernel(x_ref, w_ref, o_ref):
        if pl.program_id(1) == 0:
            o_ref[...] = jnp.zeros_like(o_ref)
        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    return _row_sums_call(kernel, x, w)


def r20_rows_flat_output(x, w):
    m, n = x.shape

    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1)

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m,), jnp.float32),
        grid=(m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda i, k: (i, k)),
            pl.BlockSpec((1, BN), lambda i, k: (0, k)),
        ],
        out_specs=pl.BlockSpec((BM,), lambda i, k: (i,)),
        interpret=INTERPRET,
    )(x, w)


def r20_rows_right_dot(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.dot(x_ref[...], w_ref[...].T, preferred_element_type=jnp.float32)

    return _row_sums_call(kernel, x, w)


def r20_rows_right_where_init(x, w):
    def kernel(x_ref, w_ref, o_ref):
        k = pl.program_id(1)
        partial = (x_ref[...] * w_ref[...]).sum(axis=-1)[:, None]
        o_ref[...] = jnp.where(k == 0, 0.0, o_ref[...]) + partial

    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(pl.cdiv(m, BM), pl.cdiv(n, BN)),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda i, k: (i, k)),
            pl.BlockSpec((1, BN), lambda i, k: (0, k)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda i, k: (i, 0)),
        interpret=INTERPRET,
    )(x, w)


def r20_rows_right_einsum_named(x, w):
    rows, cols = x.shape

    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(axis=1) == 0)
        def init():
            o_ref[...] = jnp.zeros((BM, 1), jnp.float32)

        o_ref[...] = o_ref[...] + jnp.einsum("rc,oc->ro", x_ref[...], w_ref[...])

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((rows, 1), jnp.float32),
        grid=(rows // BM, cols // BN),
        in_specs=[
            pl.BlockSpec(block_shape=(BM, BN), index_map=lambda r, c: (r, c)),
            pl.BlockSpec(block_shape=(1, BN), index_map=lambda r, c: (0, c)),
        ],
        out_specs=pl.BlockSpec(block_shape=(BM, 1), index_map=lambda r, c: (r, 0)),
        interpret=INTERPRET,
    )(x, w)


def r20_rows_right_loop_columns(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        xs, ws = x_ref[...], w_ref[...]
        acc = jnp.zeros((BM, 1), jnp.float32)
        for start in range(0, BN, 32):  # the block in four slices of 32 columns
            acc = acc + jnp.sum(
                xs[:, start : start + 32] * ws[:, start : start + 32], axis=1, keepdims=True
            )
        o_ref[...] += acc

    return _row_sums_call(kernel, x, w)


ROUND_20 = [
    # 16.block_owner (B is right)
    Wrong("16.block_owner", "A: grid counts blocks down then across", lambda: "A"),
    Wrong("16.block_owner", "C: program (1, 2) writes block (1, 2)", lambda: "C"),
    Wrong("16.block_owner", "D: grid (2, 3), map only reassigns", lambda: "D"),
    Wrong("16.block_owner", "E: thought Pallas derives the grid", lambda: "e"),
    Wrong("16.block_owner", "BD: both say 21, typed both", lambda: "BD"),
    Wrong("16.block_owner", "typed the value at [20, 300]", lambda: "21"),
    Wrong("16.block_owner", "typed the grid", lambda: "(3, 2)"),
    Wrong("16.block_owner", "typed 12, ids of block (1, 2)", lambda: "12"),
    Wrong("16.block_owner", "AC: both say 12, typed both", lambda: "AC"),
    Wrong("16.block_owner", "typed the output's block grid", lambda: "(2, 3)"),
    # 16.naive_matmul (B is right)
    Wrong("16.naive_matmul", "A: thought Pallas loops k inside a run", lambda: "A"),
    Wrong("16.naive_matmul", "C: thought shared blocks add up", lambda: "C"),
    Wrong("16.naive_matmul", "D: thought only the last k step runs", lambda: "D"),
    Wrong("16.naive_matmul", "E: thought later writes are dropped", lambda: "E"),
    Wrong("16.naive_matmul", "BD: both end with the last k block", lambda: "BD"),
    Wrong("16.naive_matmul", "typed the run count", lambda: "12"),
    Wrong("16.naive_matmul", "typed 4, one run per output block", lambda: "4"),
    Wrong("16.naive_matmul", "typed the result, x @ y", lambda: "x @ y"),
    Wrong("16.naive_matmul", "typed the partial product", lambda: "x[:, 256:] @ y[256:, :]"),
    Wrong("16.naive_matmul", "AC: both return x @ y, typed both", lambda: "AC"),
    # 16.fix_scores
    Wrong("16.fix_scores", "resubmitted the buggy index_map (k, j)", lambda: r20_scores_unchanged),
    Wrong(
        "16.fix_scores",
        "hands the kernel y.T, tiled_matmul's specs",
        lambda: r20_scores_transposed_copy,
    ),
    Wrong("16.fix_scores", "x @ y.T with no kernel", lambda: r20_scores_plain_jnp),
    Wrong(
        "16.fix_scores",
        "map fixed, grid takes d for the columns",
        lambda: r20_scores_grid_n_d_swapped,
    ),
    Wrong("16.fix_scores", "map fixed, dropped the pl.when zeroing", lambda: r20_scores_no_zeroing),
    Wrong("16.fix_scores", "map fixed, pl.when on program_id(0)", lambda: r20_scores_when_axis0),
    Wrong("16.fix_scores", "k moved first in the grid", lambda: r20_scores_k_first),
    Wrong("16.fix_scores", "map fixed, = instead of +=", lambda: r20_scores_overwrite),
    Wrong("16.fix_scores", "row steps counted with BN", lambda: r20_scores_rows_by_bn),
    Wrong(
        "16.fix_scores", "out_shape (n, m) instead of (m, n)", lambda: r20_scores_out_shape_swapped
    ),
    Wrong(
        "16.fix_scores", "map fixed, dot_general contracts (1, 0)", lambda: r20_scores_contract_1_0
    ),
    Wrong(
        "16.fix_scores", "changed x's map to (k, i) as well", lambda: r20_scores_x_map_also_changed
    ),
    # 16.row_sums
    Wrong("16.row_sums", "accumulates without zeroing", lambda: r20_rows_no_zeroing),
    Wrong("16.row_sums", "= instead of +=: last column block only", lambda: r20_rows_overwrite),
    Wrong("16.row_sums", "sums over axis 0", lambda: r20_rows_axis0),
    Wrong("16.row_sums", "sum without keepdims into a (BM, 1) block", lambda: r20_rows_no_keepdims),
    Wrong("16.row_sums", "w's index_map (k, 0) instead of (0, k)", lambda: r20_rows_w_map_swapped),
    Wrong("16.row_sums", "column axis first in the grid", lambda: r20_rows_k_first),
    Wrong("16.row_sums", "row steps counted in blocks of BN", lambda: r20_rows_grid_rows_by_bn),
    Wrong("16.row_sums", "plain jnp, no kernel", lambda: r20_rows_plain_jnp),
    Wrong("16.row_sums", "pl.when on the row axis", lambda: r20_rows_when_axis0),
    Wrong("16.row_sums", "squared distance, another variant", lambda: r20_rows_squared_distance),
    Wrong(
        "16.row_sums",
        "w's index_map (0, 0): first w block always",
        lambda: r20_rows_w_first_block_only,
    ),
    Wrong("16.row_sums", "forgot the weights: plain row sums", lambda: r20_rows_forgot_w),
    Wrong("16.row_sums", "Python if on program_id", lambda: r20_rows_python_if),
    Wrong("16.row_sums", "1-D output of shape (m,)", lambda: r20_rows_flat_output),
]

RIGHT_20 = [
    Right("16.block_owner", "lower-case letter", lambda: "b"),
    Right("16.block_owner", "letter in brackets", lambda: "(B)"),
    Right("16.block_owner", "letter and a full stop", lambda: "B."),
    Right("16.naive_matmul", "lower-case letter", lambda: "b"),
    Right("16.naive_matmul", "letter with a leading space", lambda: " B"),
    Right("16.naive_matmul", "letter and a colon", lambda: "B:"),
    Right(
        "16.fix_scores",
        "y's block transposed in the kernel with .T",
        lambda: r20_scores_right_transpose_block,
    ),
    Right(
        "16.fix_scores", "einsum md,nd->mn, zeros(shape, dtype)", lambda: r20_scores_right_einsum
    ),
    Right(
        "16.fix_scores",
        "named index_map functions, pl.cdiv grid",
        lambda: r20_scores_right_named_maps,
    ),
    Right(
        "16.fix_scores",
        "jnp.where picks 0 on the first k step",
        lambda: r20_scores_right_where_init,
    ),
    Right("16.row_sums", "block times w's block transposed, jnp.dot", lambda: r20_rows_right_dot),
    Right(
        "16.row_sums",
        "jnp.where resets on the first column step",
        lambda: r20_rows_right_where_init,
    ),
    Right("16.row_sums", "einsum, keyword BlockSpecs", lambda: r20_rows_right_einsum_named),
    Right("16.row_sums", "Python loop over 32-column slices", lambda: r20_rows_right_loop_columns),
]
