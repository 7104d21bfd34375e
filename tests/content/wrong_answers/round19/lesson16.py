"""Round 19, lesson 16 (Write a first Pallas kernel): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np  # noqa: F401
from jax.experimental import pallas as pl

from tests.content.wrong_answers.round4._common import Right, Wrong

# ---- the lesson's setup names -------------------------------------------------------

BM, BN, BK = 16, 128, 128


def r19_interpret():
    # the page's INTERPRET, read when a kernel is called (importing this file starts no JAX)
    return jax.default_backend() not in ("tpu", "gpu")


# ---- 16.block_owner: grid for index_map (j, i) and out[20, 300] (right: B) ---------

# ---- 16.naive_matmul: 12 runs, the last k block's product stays (right: B) --------

# ---- 16.fix_scores: x @ y.T with y's block index (j, k) -----------------------------


def r19_scores_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r19_scores_unchanged(x, y):
    # the page's scores_buggy, run again: "it works on square y"
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r19_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                  pl.BlockSpec((BN, BK), lambda i, j, k: (k, j))],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_matmul_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)


def r19_scores_transposed_copy(x, y):
    # tiled_matmul on y.T: right numbers, but the kernel gets a transposed copy
    yt = y.T
    (m, d), (_, n) = x.shape, yt.shape
    return pl.pallas_call(
        r19_matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                  pl.BlockSpec((BK, BN), lambda i, j, k: (k, j))],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, yt)


def r19_scores_grid_n_d_swapped(x, y):
    # y's index fixed, but the grid's j counts d and k counts n: right when n == d
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r19_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, d // BN, n // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                  pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_scores_kernel_no_zero(x_ref, y_ref, o_ref):
    o_ref[...] += jax.lax.dot_general(  # no pl.when: adds to what the block held
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r19_scores_no_zeroing(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r19_scores_kernel_no_zero,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                  pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_scores_kernel_when0(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)  # the first grid axis, not k
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r19_scores_when_axis0(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r19_scores_kernel_when0,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                  pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_scores_kernel_k_first(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r19_scores_k_first(x, y):
    # k moved first in the grid: right in the interpreter only
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r19_scores_kernel_k_first,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(d // BK, m // BM, n // BN),
        in_specs=[pl.BlockSpec((BM, BK), lambda k, i, j: (i, k)),
                  pl.BlockSpec((BN, BK), lambda k, i, j: (j, k))],
        out_specs=pl.BlockSpec((BM, BN), lambda k, i, j: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_scores_x_index_too(x, y):
    # "fixed" both operands by swapping their index pairs
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r19_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (k, i)),
                  pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_scores_out_shape_swapped(x, y):
    # out_shape (n, m) and the output's blocks turned to match
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r19_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((n, m), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                  pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_scores_no_kernel(x, y):
    return jnp.einsum("md,nd->mn", x, y)  # the right numbers, without Pallas


def r19_scores_hardcoded_grid(x, y):
    # the grid of the page's x (16, 256) and y (256, 256), typed in
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r19_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(1, 2, 2),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                  pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_scores_kernel_overwrite(x_ref, y_ref, o_ref):
    o_ref[...] = jax.lax.dot_general(  # written, not added: the last k block stays
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r19_scores_overwrite(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r19_scores_kernel_overwrite,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                  pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_scores_grid_rows_by_bn(x, y):
    # the row count divided by BN, not BM: most row blocks never written
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r19_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(pl.cdiv(m, BN), n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                  pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_scores_right_dot_general(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r19_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(pl.cdiv(m, BM), pl.cdiv(n, BN), pl.cdiv(d, BK)),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                  pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))],  # y's row block is j
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_scores_kernel_block_T(x_ref, y_ref, o_ref):
    k = pl.program_id(2)

    @pl.when(k == 0)
    def _():
        o_ref[...] = jnp.zeros((BM, BN), jnp.float32)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...].T, preferred_element_type=jnp.float32)


def r19_scores_right_block_T(x, y):
    m, d = x.shape
    n = y.shape[0]
    return pl.pallas_call(
        r19_scores_kernel_block_T,
        out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                  pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


def r19_scores_kernel_einsum(x_ref, y_ref, o_ref):
    part = jnp.einsum("ik,jk->ij", x_ref[...], y_ref[...], preferred_element_type=jnp.float32)
    first = pl.program_id(2) == 0
    o_ref[...] = jnp.where(first, part, o_ref[...] + part)  # starts over at k == 0


def r19_scores_right_einsum_where(x, y):
    (m, d), (n, _) = x.shape, y.shape
    spec_y = pl.BlockSpec(block_shape=(BN, BK), index_map=lambda i, j, k: (j, k))
    return pl.pallas_call(
        r19_scores_kernel_einsum,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)), spec_y],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=r19_interpret(),
    )(x, y)


# ---- 16.row_sums: out[r, 0] = sum over c of x[r, c] * w[0, c], a kernel --------------


def r19_rows_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _r19_rows_call(kernel, x, w, *, grid=None, x_map=None, w_map=None, o_map=None,
                   out_shape=None):
    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=out_shape or jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=grid or (m // BM, n // BN),
        in_specs=[pl.BlockSpec((BM, BN), x_map or (lambda i, k: (i, k))),
                  pl.BlockSpec((1, BN), w_map or (lambda i, k: (0, k)))],
        out_specs=pl.BlockSpec((BM, 1), o_map or (lambda i, k: (i, 0))),
        interpret=r19_interpret(),
    )(x, w)


def r19_rows_kernel_no_zero(x_ref, w_ref, o_ref):
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r19_rows_no_zeroing(x, w):
    return _r19_rows_call(r19_rows_kernel_no_zero, x, w)


def r19_rows_kernel_overwrite(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r19_rows_overwrite(x, w):
    return _r19_rows_call(r19_rows_kernel_overwrite, x, w)


def r19_rows_w_first_block(x, w):
    return _r19_rows_call(r19_rows_kernel, x, w, w_map=lambda i, k: (0, 0))


def r19_rows_w_index_i(x, w):
    return _r19_rows_call(r19_rows_kernel, x, w, w_map=lambda i, k: (i, k))


def r19_rows_kernel_no_keepdims(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1)  # (BM,) into a (BM, 1) block


def r19_rows_no_keepdims(x, w):
    return _r19_rows_call(r19_rows_kernel_no_keepdims, x, w)


def r19_rows_kernel_axis0(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=0, keepdims=True)  # over the rows


def r19_rows_sum_axis0(x, w):
    return _r19_rows_call(r19_rows_kernel_axis0, x, w)


def r19_rows_k_first(x, w):
    # the summed axis first in the grid: right only in the interpreter
    m, n = x.shape

    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    return _r19_rows_call(kernel, x, w, grid=(n // BN, m // BM),
                          x_map=lambda k, i: (i, k), w_map=lambda k, i: (0, k),
                          o_map=lambda k, i: (i, 0))


def r19_rows_kernel_when_axis0(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)  # zeroes on the row axis, not the summed one
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r19_rows_when_axis0(x, w):
    return _r19_rows_call(r19_rows_kernel_when_axis0, x, w)


def r19_rows_flat_out(x, w):
    m, n = x.shape
    return pl.pallas_call(
        r19_rows_kernel,
        out_shape=jax.ShapeDtypeStruct((m,), jnp.float32),  # (m,), not (m, 1)
        grid=(m // BM, n // BN),
        in_specs=[pl.BlockSpec((BM, BN), lambda i, k: (i, k)),
                  pl.BlockSpec((1, BN), lambda i, k: (0, k))],
        out_specs=pl.BlockSpec((BM,), lambda i, k: (i,)),
        interpret=r19_interpret(),
    )(x, w)


def r19_rows_no_kernel(x, w):
    return jnp.sum(x * w, axis=1, keepdims=True)  # jnp alone


def r19_rows_kernel_python_if(x_ref, w_ref, o_ref):
    if pl.program_id(1) == 0:  # a Python if on a traced id
        o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r19_rows_python_if(x, w):
    return _r19_rows_call(r19_rows_kernel_python_if, x, w)


def r19_rows_out_index_k(x, w):
    # the output block follows k too, as x's does
    return _r19_rows_call(r19_rows_kernel, x, w, o_map=lambda i, k: (i, k))


def r19_rows_kernel_mean(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.mean(x_ref[...] * w_ref[...], axis=1, keepdims=True)  # mean per block


def r19_rows_block_means(x, w):
    return _r19_rows_call(r19_rows_kernel_mean, x, w)


def r19_rows_grid_by_bm(x, w):
    # the column steps counted with BM: too many, past the end of x
    m, n = x.shape
    return _r19_rows_call(r19_rows_kernel, x, w, grid=(m // BM, n // BM))


def r19_rows_right_dot(x, w):
    m, n = x.shape

    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.dot(x_ref[...], w_ref[...].T, preferred_element_type=jnp.float32)

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(pl.cdiv(m, BM), pl.cdiv(n, BN)),
        in_specs=[pl.BlockSpec((BM, BN), lambda i, k: (i, k)),
                  pl.BlockSpec((1, BN), lambda i, k: (0, k))],
        out_specs=pl.BlockSpec((BM, 1), lambda i, k: (i, 0)),
        interpret=r19_interpret(),
    )(x, w)


def r19_rows_right_plain(x, w):
    return _r19_rows_call(r19_rows_kernel, x, w)


def r19_rows_right_dot_general_where(x, w):
    m, n = x.shape

    def kernel(x_ref, w_ref, o_ref):
        part = jax.lax.dot_general(x_ref[...], w_ref[...], (((1,), (1,)), ((), ())),
                                   preferred_element_type=jnp.float32)  # (BM, 1)
        o_ref[...] = jnp.where(pl.program_id(1) == 0, part, o_ref[...] + part)

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(m // BM, n // BN),
        in_specs=[pl.BlockSpec((BM, BN), lambda r, c: (r, c)),
                  pl.BlockSpec((1, BN), lambda r, c: (0, c))],
        out_specs=pl.BlockSpec((BM, 1), lambda r, c: (r, 0)),
        interpret=r19_interpret(),
    )(x, w)


ROUND_19 = [
    # 16.block_owner (right: B)
    Wrong("16.block_owner", "A: grid counts output blocks, program (1, 2)", lambda: "A"),
    Wrong("16.block_owner", "C: 3 by 2 grid, ids equal the block", lambda: "C"),
    Wrong("16.block_owner", "d: index_map only reassigns writers", lambda: "d"),
    Wrong("16.block_owner", "E: Pallas derives the grid", lambda: "E"),
    Wrong("16.block_owner", "typed the value, 21", lambda: "21"),
    Wrong("16.block_owner", "typed the grid", lambda: "(3, 2)"),
    Wrong("16.block_owner", "both rows with 21, B and D", lambda: "BD"),
    Wrong("16.block_owner", "A with a full stop", lambda: "A."),
    Wrong("16.block_owner", "hedged: B or C", lambda: "B or C"),
    Wrong("16.block_owner", "typed the value 12", lambda: "12"),
    Wrong("16.block_owner", "lowercase c with spaces", lambda: " c "),
    # 16.naive_matmul (right: B)
    Wrong("16.naive_matmul", "A: Pallas loops over k inside a run", lambda: "A"),
    Wrong("16.naive_matmul", "C: runs on one block add up", lambda: "C"),
    Wrong("16.naive_matmul", "D: only the last k step runs", lambda: "D"),
    Wrong("16.naive_matmul", "e: the first write wins", lambda: "e"),
    Wrong("16.naive_matmul", "typed the run count", lambda: "12"),
    Wrong("16.naive_matmul", "B and D: both end with the last block", lambda: "BD"),
    Wrong("16.naive_matmul", "C with a full stop", lambda: "C."),
    Wrong("16.naive_matmul", "typed the expression", lambda: "x[:, 256:] @ y[256:, :]"),
    Wrong("16.naive_matmul", "hedged: B or D", lambda: "B or D"),
    Wrong("16.naive_matmul", "typed 4 runs", lambda: "4"),
    Wrong("16.naive_matmul", "lowercase a", lambda: " a"),
    # 16.fix_scores
    Wrong("16.fix_scores", "left the index map (k, j)", lambda: r19_scores_unchanged),
    Wrong("16.fix_scores", "tiled_matmul on a transposed copy of y",
          lambda: r19_scores_transposed_copy),
    Wrong("16.fix_scores", "grid's j counts d, k counts n", lambda: r19_scores_grid_n_d_swapped),
    Wrong("16.fix_scores", "dropped the pl.when zeroing", lambda: r19_scores_no_zeroing),
    Wrong("16.fix_scores", "pl.when on program_id(0)", lambda: r19_scores_when_axis0),
    Wrong("16.fix_scores", "moved k first in the grid", lambda: r19_scores_k_first),
    Wrong("16.fix_scores", "swapped x's index pair too", lambda: r19_scores_x_index_too),
    Wrong("16.fix_scores", "out_shape (n, m)", lambda: r19_scores_out_shape_swapped),
    Wrong("16.fix_scores", "einsum without a kernel", lambda: r19_scores_no_kernel),
    Wrong("16.fix_scores", "typed the page's grid (1, 2, 2)", lambda: r19_scores_hardcoded_grid),
    Wrong("16.fix_scores", "writes each k block instead of adding",
          lambda: r19_scores_overwrite),
    Wrong("16.fix_scores", "row steps counted with BN, not BM", lambda: r19_scores_grid_rows_by_bn),
    # 16.row_sums
    Wrong("16.row_sums", "no zeroing on the first column step", lambda: r19_rows_no_zeroing),
    Wrong("16.row_sums", "writes each block's sum, no +=", lambda: r19_rows_overwrite),
    Wrong("16.row_sums", "w's index_map always (0, 0)", lambda: r19_rows_w_first_block),
    Wrong("16.row_sums", "w's index_map (i, k), as x's", lambda: r19_rows_w_index_i),
    Wrong("16.row_sums", "sum without keepdims", lambda: r19_rows_no_keepdims),
    Wrong("16.row_sums", "summed over axis 0, the rows", lambda: r19_rows_sum_axis0),
    Wrong("16.row_sums", "summed axis first in the grid", lambda: r19_rows_k_first),
    Wrong("16.row_sums", "pl.when on the row axis", lambda: r19_rows_when_axis0),
    Wrong("16.row_sums", "out_shape (m,) with 1-D blocks", lambda: r19_rows_flat_out),
    Wrong("16.row_sums", "jnp only, no kernel", lambda: r19_rows_no_kernel),
    Wrong("16.row_sums", "Python if on program_id", lambda: r19_rows_python_if),
    Wrong("16.row_sums", "output index_map (i, k)", lambda: r19_rows_out_index_k),
    Wrong("16.row_sums", "added each block's mean, not its sum", lambda: r19_rows_block_means),
    Wrong("16.row_sums", "column steps counted with BM", lambda: r19_rows_grid_by_bm),
]

RIGHT_19 = [
    Right("16.block_owner", "lowercase b", lambda: "b"),
    Right("16.block_owner", "B with a full stop", lambda: "B."),
    Right("16.block_owner", "B with spaces", lambda: "  B "),
    Right("16.naive_matmul", "lowercase b with a space", lambda: " b"),
    Right("16.naive_matmul", "B with a full stop", lambda: "B."),
    Right("16.naive_matmul", "plain B", lambda: "B"),
    Right("16.fix_scores", "index map (j, k), grid from pl.cdiv",
          lambda: r19_scores_right_dot_general),
    Right("16.fix_scores", "jnp.dot with the block transposed in the kernel",
          lambda: r19_scores_right_block_T),
    Right("16.fix_scores", "einsum kernel, jnp.where restart at k == 0",
          lambda: r19_scores_right_einsum_where),
    Right("16.row_sums", "jnp.dot of x's block and w's block transposed",
          lambda: r19_rows_right_dot),
    Right("16.row_sums", "sum of x * w with keepdims, via a helper", lambda: r19_rows_right_plain),
    Right("16.row_sums", "dot_general into (BM, 1), jnp.where restart",
          lambda: r19_rows_right_dot_general_where),
]
