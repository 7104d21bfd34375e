"""Round 15, lesson 16 (a first Pallas kernel): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from tests.content.wrong_answers.round4._common import Right, Wrong

BM, BN, BK = 16, 128, 128
INTERPRET = jax.default_backend() not in ("tpu", "gpu")


# ---------------------------------------------------------------- 16.fix_scores


def _dot_t(a, b):
    return jax.lax.dot_general(a, b, (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32)


def scores_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += _dot_t(x_ref[...], y_ref[...])


def _scores_call(kernel, x, y, grid, x_map, y_map, out_map):
    m, n = x.shape[0], y.shape[0]
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=grid,
        in_specs=[pl.BlockSpec((BM, BK), x_map), pl.BlockSpec((BN, BK), y_map)],
        out_specs=pl.BlockSpec((BM, BN), out_map),
        interpret=INTERPRET,
    )(x, y)


def r15_scores_unchanged(x, y):
    """The buggy call, index_map (k, j) for y left as it was."""
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (k, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r15_scores_grid_n_d_swapped(x, y):
    """y's index_map fixed, but the grid's j and k counts swapped: right when n == d."""
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, d // BN, n // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def _scores_kernel_k_first(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += _dot_t(x_ref[...], y_ref[...])


def r15_scores_k_first(x, y):
    """Fixed, with k as the first grid axis: right only in the interpreter."""
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_kernel_k_first,
        x,
        y,
        (d // BK, m // BM, n // BN),
        lambda k, i, j: (i, k),
        lambda k, i, j: (j, k),
        lambda k, i, j: (i, j),
    )


def _scores_kernel_when_axis0(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)  # meant: the first k step
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += _dot_t(x_ref[...], y_ref[...])


def r15_scores_when_axis0(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_kernel_when_axis0,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def _scores_kernel_transposed_block(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...].T, preferred_element_type=jnp.float32)


def r15_scores_fix_product_only(x, y):
    """Rewrote the product as x @ y_block.T; the index_map (k, j) stays."""
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_kernel_transposed_block,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (k, j),
        lambda i, j, k: (i, j),
    )


def _scores_kernel_assign(x_ref, y_ref, o_ref):
    o_ref[...] = _dot_t(x_ref[...], y_ref[...])


def r15_scores_assign(x, y):
    """Fixed index_map, but = where += was: right only when d is 128."""
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_kernel_assign,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def r15_scores_y_transposed_into_buggy(x, y):
    """Hands y.T to the buggy function, as if the bug were y's layout."""
    return r15_scores_unchanged(x, y.T)


def r15_scores_no_kernel(x, y):
    return x @ y.T


def r15_scores_x_map_swapped(x, y):
    """y fixed to (j, k), and x's changed to (k, i) too, for symmetry."""
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


def _scores_kernel_no_transpose(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)


def r15_scores_fixed_map_plain_dot(x, y):
    """Map fixed to (j, k), and dot_general 'simplified' to jnp.dot: y's block untransposed."""
    d = x.shape[1]
    return _scores_call(
        _scores_kernel_no_transpose,
        x,
        y,
        (x.shape[0] // BM, y.shape[0] // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def r15_scores_k_count_from_n(x, y):
    """k's step count taken from y's first axis: right only when n == d."""
    m, n = x.shape[0], y.shape[0]
    return _scores_call(
        scores_kernel,
        x,
        y,
        (m // BM, n // BN, n // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


def r15_scores_right(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),  # y's row block j, column k
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def _matmul_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)


def r15_scores_right_tiled_matmul_of_yt(x, y):
    """The page's matmul kernel on y.T, transposed outside the kernel."""
    yt = y.T
    (m, d), (_, n) = x.shape, yt.shape
    return pl.pallas_call(
        _matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BK, BN), lambda i, j, k: (k, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, yt)


def r15_scores_right_j_outer(x, y):
    """Grid (j, i, k): column blocks outermost, k still last."""
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_kernel_transposed_block,
        x,
        y,
        (n // BN, m // BM, d // BK),
        lambda j, i, k: (i, k),
        lambda j, i, k: (j, k),
        lambda j, i, k: (i, j),
    )


def _scores_kernel_where(x_ref, y_ref, o_ref):
    first = pl.program_id(2) == 0
    partial = _dot_t(x_ref[...], y_ref[...])
    o_ref[...] = jnp.where(first, 0.0, o_ref[...]) + partial


def r15_scores_right_where_init(x, y):
    """jnp.where on the first k step instead of pl.when."""
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_kernel_where,
        x,
        y,
        (m // BM, n // BN, d // BK),
        lambda i, j, k: (i, k),
        lambda i, j, k: (j, k),
        lambda i, j, k: (i, j),
    )


# ---------------------------------------------------------------- 16.row_sums


def _rs_call(kernel, x, w, *, grid=None, x_map=None, w_map=None, out_map=None, reduce_first=False):
    m, n = x.shape
    if grid is None:
        grid = (n // BN, m // BM) if reduce_first else (m // BM, n // BN)
    if reduce_first:
        x_map = x_map or (lambda k, i: (i, k))
        w_map = w_map or (lambda k, i: (0, k))
        out_map = out_map or (lambda k, i: (i, 0))
    else:
        x_map = x_map or (lambda i, k: (i, k))
        w_map = w_map or (lambda i, k: (0, k))
        out_map = out_map or (lambda i, k: (i, 0))
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=grid,
        in_specs=[pl.BlockSpec((BM, BN), x_map), pl.BlockSpec((1, BN), w_map)],
        out_specs=pl.BlockSpec((BM, 1), out_map),
        interpret=INTERPRET,
    )(x, w)


def _rs_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rs_kernel_assign(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r15_rs_assign(x, w):
    """= instead of +=: the last column block only (right when n is 128)."""
    return _rs_call(_rs_kernel_assign, x, w)


def _rs_kernel_no_init(x_ref, w_ref, o_ref):
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r15_rs_no_init(x, w):
    """+= with no zeroing first: adds to whatever the output held."""
    return _rs_call(_rs_kernel_no_init, x, w)


def r15_rs_w_first_block(x, w):
    """w's index_map (0, 0): the first 128 weights for every column block."""
    return _rs_call(_rs_kernel, x, w, w_map=lambda i, k: (0, 0))


def _rs_kernel_unweighted(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...], axis=1, keepdims=True)


def r15_rs_unweighted(x, w):
    return _rs_call(_rs_kernel_unweighted, x, w)


def _rs_kernel_k_first(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r15_rs_reduce_first(x, w):
    """Grid (column blocks, row blocks): each output block revisited, not consecutive."""
    return _rs_call(_rs_kernel_k_first, x, w, reduce_first=True)


def _rs_kernel_when_rows(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)  # meant: the first column block
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r15_rs_when_rows(x, w):
    return _rs_call(_rs_kernel_when_rows, x, w)


def r15_rs_hard_grid(x, w):
    """Grid typed as (2, 2) while trying it on a (32, 256) x."""
    return _rs_call(_rs_kernel, x, w, grid=(2, 2))


def r15_rs_squeezed(x, w):
    """Squeezed to shape (m,) at the end."""
    return _rs_call(_rs_kernel, x, w)[:, 0]


def r15_rs_no_kernel(x, w):
    return jnp.sum(x * w, axis=1, keepdims=True)


def _rs_kernel_whole_rows(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r15_rs_whole_rows(x, w):
    """Blocks spanning all n columns, grid (m // BM,): not the BN blocks asked for."""
    m, n = x.shape
    return pl.pallas_call(
        _rs_kernel_whole_rows,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(m // BM,),
        in_specs=[pl.BlockSpec((BM, n), lambda i: (i, 0)), pl.BlockSpec((1, n), lambda i: (0, 0))],
        out_specs=pl.BlockSpec((BM, 1), lambda i: (i, 0)),
        interpret=INTERPRET,
    )(x, w)


def r15_rs_grid_names_swapped(x, w):
    """Grid (m // BN, n // BM): block sizes mixed up in the counts."""
    m, n = x.shape
    return _rs_call(_rs_kernel, x, w, grid=(max(m // BN, 1), n // BM))


def r15_rs_right(x, w):
    return _rs_call(_rs_kernel, x, w)


def _rs_kernel_dot(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], w_ref[...].T, preferred_element_type=jnp.float32)


def r15_rs_right_dot(x, w):
    """x block @ w block transposed: a (BM, 1) product."""
    return _rs_call(_rs_kernel_dot, x, w)


def _rs_kernel_where(x_ref, w_ref, o_ref):
    previous = jnp.where(pl.program_id(1) == 0, 0.0, o_ref[...])
    o_ref[...] = previous + jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r15_rs_right_where(x, w):
    """jnp.where drops the old block on the first step, no pl.when."""
    return _rs_call(_rs_kernel_where, x, w)


def _rs_kernel_last_step(x_ref, w_ref, o_ref):
    k = pl.program_id(1)

    @pl.when(k == 0)
    def _():
        o_ref[...] = jnp.zeros((BM, 1), jnp.float32)

    o_ref[:, 0:1] = o_ref[:, 0:1] + (x_ref[...] * w_ref[...]).sum(axis=-1)[:, None]


def r15_rs_right_sliced(x, w):
    """Written with explicit slices and a [:, None]."""
    return _rs_call(_rs_kernel_last_step, x, w)


ROUND_15 = [
    # 16.block_owner: B
    Wrong("16.block_owner", "A: grid counts blocks down, across", lambda: "A"),
    Wrong("16.block_owner", "C: ids equal to the block index", lambda: "C"),
    Wrong("16.block_owner", "D: right value, wrong grid", lambda: "D"),
    Wrong("16.block_owner", "E: grid derived by Pallas", lambda: "E"),
    Wrong("16.block_owner", "the value 21, not a letter", lambda: 21),
    Wrong("16.block_owner", "B and D, both 21", lambda: "BD"),
    Wrong("16.block_owner", "lower case b", lambda: "b"),
    Wrong("16.block_owner", "the grid typed out", lambda: "(3, 2)"),
    Wrong("16.block_owner", "'B)'", lambda: "B)"),
    # 16.naive_matmul: B
    Wrong("16.naive_matmul", "A: 4 runs, k looped inside", lambda: "A"),
    Wrong("16.naive_matmul", "C: writes add up", lambda: "C"),
    Wrong("16.naive_matmul", "D: only the last k step runs", lambda: "D"),
    Wrong("16.naive_matmul", "E: later writes dropped", lambda: "E"),
    Wrong("16.naive_matmul", "the run count, 12", lambda: "12"),
    Wrong("16.naive_matmul", "B and D, same result", lambda: "BD"),
    Wrong("16.naive_matmul", "lower case b", lambda: "b"),
    Wrong("16.naive_matmul", "'option B'", lambda: "option B"),
    # 16.fix_scores
    Wrong("16.fix_scores", "the buggy call unchanged", lambda: r15_scores_unchanged),
    Wrong(
        "16.fix_scores", "fixed map, grid's n and d swapped", lambda: r15_scores_grid_n_d_swapped
    ),
    Wrong(
        "16.fix_scores", "fixed, k first: right in the interpreter only", lambda: r15_scores_k_first
    ),
    Wrong("16.fix_scores", "fixed map, pl.when on axis 0", lambda: r15_scores_when_axis0),
    Wrong(
        "16.fix_scores",
        "product rewritten, index_map (k, j) kept",
        lambda: r15_scores_fix_product_only,
    ),
    Wrong("16.fix_scores", "fixed map, = instead of +=", lambda: r15_scores_assign),
    Wrong(
        "16.fix_scores",
        "y.T handed to the buggy function",
        lambda: r15_scores_y_transposed_into_buggy,
    ),
    Wrong("16.fix_scores", "x @ y.T, no kernel", lambda: r15_scores_no_kernel),
    Wrong(
        "16.fix_scores",
        "fixed map, product changed to plain jnp.dot",
        lambda: r15_scores_fixed_map_plain_dot,
    ),
    Wrong("16.fix_scores", "fixed map, k's count from y's rows", lambda: r15_scores_k_count_from_n),
    Wrong(
        "16.fix_scores", "y fixed, x's map flipped to (k, i) too", lambda: r15_scores_x_map_swapped
    ),
    # 16.row_sums
    Wrong("16.row_sums", "= instead of +=", lambda: r15_rs_assign),
    Wrong("16.row_sums", "+= with no zeroing first", lambda: r15_rs_no_init),
    Wrong("16.row_sums", "w's index_map (0, 0)", lambda: r15_rs_w_first_block),
    Wrong("16.row_sums", "forgot the weights", lambda: r15_rs_unweighted),
    Wrong("16.row_sums", "reduction axis first in the grid", lambda: r15_rs_reduce_first),
    Wrong("16.row_sums", "pl.when on the row axis", lambda: r15_rs_when_rows),
    Wrong("16.row_sums", "grid hard-coded (2, 2)", lambda: r15_rs_hard_grid),
    Wrong("16.row_sums", "squeezed to shape (m,)", lambda: r15_rs_squeezed),
    Wrong("16.row_sums", "jnp.sum, no kernel", lambda: r15_rs_no_kernel),
    Wrong("16.row_sums", "whole-row blocks, not BN columns", lambda: r15_rs_whole_rows),
    Wrong("16.row_sums", "grid counts with BM and BN swapped", lambda: r15_rs_grid_names_swapped),
]
RIGHT_15 = [
    Right("16.block_owner", "B", lambda: "B"),
    Right("16.naive_matmul", "B", lambda: "B"),
    Right("16.fix_scores", "y's index_map (j, k)", lambda: r15_scores_right),
    Right(
        "16.fix_scores",
        "the page's matmul kernel on y.T",
        lambda: r15_scores_right_tiled_matmul_of_yt,
    ),
    Right(
        "16.fix_scores", "grid (j, i, k), product as x @ block.T", lambda: r15_scores_right_j_outer
    ),
    Right("16.fix_scores", "jnp.where for the first k step", lambda: r15_scores_right_where_init),
    Right("16.row_sums", "pl.when zeroing, += of the weighted sum", lambda: r15_rs_right),
    Right("16.row_sums", "x block @ w block.T", lambda: r15_rs_right_dot),
    Right("16.row_sums", "jnp.where instead of pl.when", lambda: r15_rs_right_where),
    Right("16.row_sums", "explicit slices and [:, None]", lambda: r15_rs_right_sliced),
]
