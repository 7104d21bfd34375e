"""Round 16, lesson 16 (a first Pallas kernel): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from tests.content.wrong_answers.round4._common import Right, Wrong

BACKEND = jax.default_backend()
INTERPRET = BACKEND not in ("tpu", "gpu")  # no Pallas compiler on a CPU: interpret
BM, BN, BK = 16, 128, 128

# ---------------------------------------------------------------- 16.fix_scores


def scores_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def _scores_call(kernel, x, y, grid, x_map, y_map, o_map, y_block=(BN, BK), dtype=None, n=None):
    m = x.shape[0]
    n = y.shape[0] if n is None else n
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), dtype or x.dtype),
        grid=grid,
        in_specs=[pl.BlockSpec((BM, BK), x_map), pl.BlockSpec(y_block, y_map)],
        out_specs=pl.BlockSpec((BM, BN), o_map),
        interpret=INTERPRET,
    )(x, y)


def r16_scores_right(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def _scores_kernel_dot_t(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...].T, preferred_element_type=jnp.float32)


def r16_scores_right_dot_t_cdiv(x, y):
    (m, d), (n, _) = x.shape, y.shape
    grid = (pl.cdiv(m, BM), pl.cdiv(n, BN), pl.cdiv(d, BK))
    return _scores_call(
        _scores_kernel_dot_t,
        x,
        y,
        grid,
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def _scores_whole_d_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r16_scores_right_whole_d_blocks(x, y):
    # no k axis: each block spans all of d (a block may span a whole dimension)
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        _scores_whole_d_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, d), lambda i, j: (i, 0)),
            pl.BlockSpec((BN, d), lambda i, j: (j, 0)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def _scores_two_whens(x_ref, y_ref, o_ref):
    part = jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )
    k = pl.program_id(2)

    @pl.when(k == 0)
    def _():
        o_ref[...] = part

    @pl.when(k > 0)
    def _():
        o_ref[...] = o_ref[...] + part


def r16_scores_right_two_whens(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_two_whens,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def r16_scores_buggy_copy(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        scores_kernel,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (k, j),
        lambda i, j, k: (i, j),
    )


def _matmul_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)


def r16_scores_transposed_copy(x, y):
    yt = y.T
    (m, d), (_, n) = x.shape, yt.shape
    return _scores_call(
        _matmul_kernel,
        x,
        yt,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (k, j),
        lambda i, j, k: (i, j),
        y_block=(BK, BN),
        n=n,
    )


def r16_scores_grid_n_d_swapped(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        scores_kernel,
        x,
        y,
        (m // BM, d // BN, n // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def _scores_no_zero(x_ref, y_ref, o_ref):
    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r16_scores_dropped_when(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_no_zero,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def _scores_k_first_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r16_scores_k_first(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_k_first_kernel,
        x,
        y,
        (d // BK, m // BM, n // BN),
        lambda k, i, j: (i, k),
        lambda k, i, j: (j, k),
        lambda k, i, j: (i, j),
    )


def _scores_zero_on_j(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r16_scores_when_axis_1(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_zero_on_j,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def _scores_assign(x_ref, y_ref, o_ref):
    o_ref[...] = jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r16_scores_assign_not_add(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_assign,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def r16_scores_x_map_swapped(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        scores_kernel,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (k, i),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def r16_scores_page_grid(x, y):
    # the page's x (16, 256) and y (256, 256): a grid of (1, 2, 2)
    return _scores_call(
        scores_kernel,
        x,
        y,
        (1, 2, 2),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def r16_scores_x_block_fixed(x, y):
    # y's map fixed, and x's block "does not move along k" either
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        scores_kernel,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, 0),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def r16_scores_last_k_zeroes(x, y):
    (m, d), (n, _) = x.shape, y.shape
    last = d // BK - 1

    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == last)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    return _scores_call(
        kernel,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


# ---------------------------------------------------------------- 16.row_sums


def _row_sums_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _row_sums_call(kernel, x, w, grid, x_map, w_map, o_map, dtype=jnp.float32):
    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), dtype),
        grid=grid,
        in_specs=[pl.BlockSpec((BM, BN), x_map), pl.BlockSpec((1, BN), w_map)],
        out_specs=pl.BlockSpec((BM, 1), o_map),
        interpret=INTERPRET,
    )(x, w)


def r16_rows_right(x, w):
    m, n = x.shape
    return pl.pallas_call(
        _row_sums_kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
            pl.BlockSpec((1, BN), lambda i, j: (0, j)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda i, j: (i, 0)),
        interpret=INTERPRET,
    )(x, w)


def _row_sums_dot(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], w_ref[...].T, preferred_element_type=jnp.float32)


def r16_rows_right_dot(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_dot,
        x,
        w,
        (pl.cdiv(m, BM), pl.cdiv(n, BN)),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, 0),
    )


def _row_sums_two_whens(x_ref, w_ref, o_ref):
    part = (x_ref[...] * w_ref[...]).sum(axis=-1, keepdims=True).astype(jnp.float32)
    j = pl.program_id(1)

    @pl.when(j == 0)
    def _():
        o_ref[...] = part

    @pl.when(j != 0)
    def _():
        o_ref[...] = o_ref[...] + part


def r16_rows_right_two_whens(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_two_whens,
        x,
        w,
        (m // BM, n // BN),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, 0),
    )


def _row_sums_assign(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r16_rows_assign(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_assign,
        x,
        w,
        (m // BM, n // BN),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, 0),
    )


def _row_sums_no_zero(x_ref, w_ref, o_ref):
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r16_rows_no_zero(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_no_zero,
        x,
        w,
        (m // BM, n // BN),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, 0),
    )


def r16_rows_w_map_i(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_kernel,
        x,
        w,
        (m // BM, n // BN),
        lambda i, j: (i, j),
        lambda i, j: (0, i),
        lambda i, j: (i, 0),
    )


def _row_sums_kernel_cols_first(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r16_rows_reduction_axis_first(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_kernel_cols_first,
        x,
        w,
        (n // BN, m // BM),
        lambda j, i: (i, j),
        lambda j, i: (0, j),
        lambda j, i: (i, 0),
    )


def r16_rows_block_sizes_swapped_in_grid(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_kernel,
        x,
        w,
        (m // BN, n // BM),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, 0),
    )


def _row_sums_unweighted(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...], axis=1, keepdims=True)


def r16_rows_unweighted(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_unweighted,
        x,
        w,
        (m // BM, n // BN),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, 0),
    )


def _row_sums_zero_on_i(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r16_rows_when_axis_0(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_zero_on_i,
        x,
        w,
        (m // BM, n // BN),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, 0),
    )


def _row_sums_python_if(x_ref, w_ref, o_ref):
    if pl.program_id(1) == 0:
        o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r16_rows_python_if(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_python_if,
        x,
        w,
        (m // BM, n // BN),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, 0),
    )


def r16_rows_dtype_of_x(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_kernel,
        x,
        w,
        (m // BM, n // BN),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, 0),
        dtype=x.dtype,
    )


def r16_rows_one_column_block(x, w):
    # grid from the first block of columns only: n // BN read as 1
    m, n = x.shape
    return _row_sums_call(
        _row_sums_kernel,
        x,
        w,
        (m // BM, 1),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, 0),
    )


def r16_rows_out_map_ij(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_kernel,
        x,
        w,
        (m // BM, n // BN),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, j),
    )


def _row_sums_mean(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.mean(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r16_rows_block_mean(x, w):
    m, n = x.shape
    return _row_sums_call(
        _row_sums_mean,
        x,
        w,
        (m // BM, n // BN),
        lambda i, j: (i, j),
        lambda i, j: (0, j),
        lambda i, j: (i, 0),
    )


ROUND_16 = [
    # 16.block_owner (answer: B)
    Wrong("16.block_owner", "A: grid counts blocks, value 12", lambda: "A"),
    Wrong("16.block_owner", "C: grid (3, 2), value 12", lambda: "C"),
    Wrong("16.block_owner", "D: grid (2, 3), value 21", lambda: "D"),
    Wrong("16.block_owner", "E: any grid", lambda: "E"),
    Wrong("16.block_owner", "lower-case b", lambda: "b"),
    Wrong("16.block_owner", "the value only", lambda: "21"),
    Wrong("16.block_owner", "the grid only", lambda: "(3, 2)"),
    Wrong("16.block_owner", "B) as in a list", lambda: "B)"),
    Wrong("16.block_owner", "the two that say 21", lambda: "BD"),
    # 16.naive_matmul (answer: B)
    Wrong("16.naive_matmul", "A: 4 runs, k looped inside", lambda: "A"),
    Wrong("16.naive_matmul", "C: writes add up", lambda: "C"),
    Wrong("16.naive_matmul", "D: runs only at the last k", lambda: "D"),
    Wrong("16.naive_matmul", "E: first write kept", lambda: "E"),
    Wrong("16.naive_matmul", "lower-case b", lambda: "b"),
    Wrong("16.naive_matmul", "the run count", lambda: "12"),
    Wrong("16.naive_matmul", "both last-block options", lambda: "B, D"),
    Wrong("16.naive_matmul", "typed 'option B'", lambda: "option B"),
    # 16.fix_scores
    Wrong("16.fix_scores", "the buggy kernel unchanged", lambda: r16_scores_buggy_copy),
    Wrong(
        "16.fix_scores",
        "tiled matmul on a transposed copy of y",
        lambda: r16_scores_transposed_copy,
    ),
    Wrong(
        "16.fix_scores",
        "grid with n and d swapped: right when n == d",
        lambda: r16_scores_grid_n_d_swapped,
    ),
    Wrong("16.fix_scores", "fixed the map, dropped the pl.when", lambda: r16_scores_dropped_when),
    Wrong("16.fix_scores", "k first, pl.when on axis 0", lambda: r16_scores_k_first),
    Wrong("16.fix_scores", "zeroes when program_id(1) == 0", lambda: r16_scores_when_axis_1),
    Wrong("16.fix_scores", "= instead of += with the map fixed", lambda: r16_scores_assign_not_add),
    Wrong(
        "16.fix_scores", "fixed y's map, swapped x's to (k, i)", lambda: r16_scores_x_map_swapped
    ),
    Wrong("16.fix_scores", "grid (1, 2, 2) from the page's shapes", lambda: r16_scores_page_grid),
    Wrong(
        "16.fix_scores", "fixed y's map, x's map left at (i, 0)", lambda: r16_scores_x_block_fixed
    ),
    Wrong("16.fix_scores", "zeroes at the last k step", lambda: r16_scores_last_k_zeroes),
    # 16.row_sums
    Wrong("16.row_sums", "= instead of +=: last column block only", lambda: r16_rows_assign),
    Wrong("16.row_sums", "no zeroing: starts from NaN", lambda: r16_rows_no_zero),
    Wrong("16.row_sums", "w's block picked by i", lambda: r16_rows_w_map_i),
    Wrong("16.row_sums", "column axis first in the grid", lambda: r16_rows_reduction_axis_first),
    Wrong("16.row_sums", "grid (m // BN, n // BM)", lambda: r16_rows_block_sizes_swapped_in_grid),
    Wrong("16.row_sums", "plain row sums, w ignored", lambda: r16_rows_unweighted),
    Wrong("16.row_sums", "zeroes when program_id(0) == 0", lambda: r16_rows_when_axis_0),
    Wrong("16.row_sums", "Python if on program_id", lambda: r16_rows_python_if),
    Wrong("16.row_sums", "out dtype from x: bf16 x gives bf16", lambda: r16_rows_dtype_of_x),
    Wrong("16.row_sums", "one column block in the grid", lambda: r16_rows_one_column_block),
    Wrong(
        "16.row_sums",
        "output map (i, j): out of range, interpreter clamps",
        lambda: r16_rows_out_map_ij,
    ),
    Wrong("16.row_sums", "mean of each block, not sum", lambda: r16_rows_block_mean),
]

RIGHT_16 = [
    Right("16.block_owner", "B", lambda: "B"),
    Right("16.naive_matmul", "B", lambda: "B"),
    Right("16.fix_scores", "y's index_map (j, k)", lambda: r16_scores_right),
    Right(
        "16.fix_scores",
        "jnp.dot with y block .T, pl.cdiv grid",
        lambda: r16_scores_right_dot_t_cdiv,
    ),
    Right("16.fix_scores", "no k axis: blocks span d", lambda: r16_scores_right_whole_d_blocks),
    Right("16.fix_scores", "set at k == 0, add after", lambda: r16_scores_right_two_whens),
    Right("16.row_sums", "pl.when zero, += keepdims sum", lambda: r16_rows_right),
    Right("16.row_sums", "dot with w's block transposed, cdiv grid", lambda: r16_rows_right_dot),
    Right("16.row_sums", "set at j == 0, add after", lambda: r16_rows_right_two_whens),
]
