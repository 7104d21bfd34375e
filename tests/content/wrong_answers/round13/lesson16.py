"""Round 13, lesson 16 (a first Pallas kernel): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from tests.content.wrong_answers.round4._common import Right, Wrong

BACKEND = jax.default_backend()
INTERPRET = BACKEND not in ("tpu", "gpu")
BM, BN, BK = 16, 128, 128


# ---- 16.fix_scores ------------------------------------------------------------------------
def scores_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def _scores_call(kernel, x, y, grid, y_spec, n=None, x_spec=None, out_spec=None):
    m = x.shape[0]
    n = y.shape[0] if n is None else n
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=grid,
        in_specs=[x_spec or pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)), y_spec],
        out_specs=out_spec or pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r13_scores_right(x, y):
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


def r13_scores_n_from_d(x, y):
    (m, d), (_, n) = x.shape, y.shape  # copied from tiled_matmul: n is really d
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


def r13_scores_block_shape_back(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        scores_kernel,
        x,
        y,
        (m // BM, n // BN, d // BK),
        pl.BlockSpec((BK, BN), lambda i, j, k: (k, j)),
    )


def _plain_dot_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (0,)), ((), ())), preferred_element_type=jnp.float32
    )


def r13_scores_contract_axis0(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _plain_dot_kernel,
        x,
        y,
        (m // BM, n // BN, d // BK),
        pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
    )


def r13_scores_k_not_last(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        scores_kernel,
        x,
        y,
        (m // BM, d // BK, n // BN),
        pl.BlockSpec((BN, BK), lambda i, k, j: (j, k)),
        x_spec=pl.BlockSpec((BM, BK), lambda i, k, j: (i, k)),
        out_spec=pl.BlockSpec((BM, BN), lambda i, k, j: (i, j)),
    )


def _no_zero_kernel(x_ref, y_ref, o_ref):
    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r13_scores_no_zeroing(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _no_zero_kernel,
        x,
        y,
        (m // BM, n // BN, d // BK),
        pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
    )


def _assign_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r13_scores_assign(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _assign_kernel,
        x,
        y,
        (m // BM, n // BN, d // BK),
        pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
    )


def _zero_last_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == pl.num_programs(2) - 1)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r13_scores_zero_last(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _zero_last_kernel,
        x,
        y,
        (m // BM, n // BN, d // BK),
        pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
    )


def r13_scores_index_ij(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        scores_kernel,
        x,
        y,
        (m // BM, n // BN, d // BK),
        pl.BlockSpec((BN, BK), lambda i, j, k: (j, i)),
    )


def r13_scores_grid_d_n_swapped(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        scores_kernel,
        x,
        y,
        (m // BM, d // BK, n // BN),
        pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
    )


def r13_scores_transpose_outside(x, y):
    yt = y.T  # (d, n): then the page's own tiled matmul pattern
    (m, d), (_, n) = x.shape, yt.shape

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


def _dot_t_kernel(x_ref, y_ref, o_ref):
    k = pl.program_id(2)
    partial = jnp.dot(x_ref[...], y_ref[...].T, preferred_element_type=jnp.float32)
    o_ref[...] = jnp.where(k == 0, 0.0, o_ref[...]) + partial


def r13_scores_dot_transpose(x, y):
    m, d = x.shape
    n = y.shape[0]
    return pl.pallas_call(
        _dot_t_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        grid=(pl.cdiv(m, BM), pl.cdiv(n, BN), pl.cdiv(d, BK)),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


# ---- 16.row_sums --------------------------------------------------------------------------
def _rows_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rows_call(kernel, x, w, grid=None, w_map=None, out_map=None, x_map=None):
    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=grid or (m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, BN), x_map or (lambda i, j: (i, j))),
            pl.BlockSpec((1, BN), w_map or (lambda i, j: (0, j))),
        ],
        out_specs=pl.BlockSpec((BM, 1), out_map or (lambda i, j: (i, 0))),
        interpret=INTERPRET,
    )(x, w)


def _rows_assign_kernel(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r13_rows_assign(x, w):
    return _rows_call(_rows_assign_kernel, x, w)


def r13_rows_w_map_j0(x, w):
    return _rows_call(_rows_kernel, x, w, w_map=lambda i, j: (j, 0))


def _rows_zero_i_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r13_rows_zero_on_i(x, w):
    return _rows_call(_rows_zero_i_kernel, x, w)


def r13_rows_column_major_grid(x, w):
    m, n = x.shape

    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)  # the first column block
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    # j outer, i inner: an output block is revisited, but not on consecutive steps
    return _rows_call(
        kernel,
        x,
        w,
        grid=(n // BN, m // BM),
        x_map=lambda j, i: (i, j),
        w_map=lambda j, i: (0, j),
        out_map=lambda j, i: (i, 0),
    )


def _rows_unweighted_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...], axis=1, keepdims=True)


def r13_rows_unweighted(x, w):
    return _rows_call(_rows_unweighted_kernel, x, w)


def _rows_python_if_kernel(x_ref, w_ref, o_ref):
    if pl.program_id(1) == 0:
        o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r13_rows_python_if(x, w):
    return _rows_call(_rows_python_if_kernel, x, w)


def r13_rows_grid_one_row_block(x, w):
    m, n = x.shape
    return _rows_call(_rows_kernel, x, w, grid=(1, n // BN))


def r13_rows_grid_n_over_bm(x, w):
    m, n = x.shape
    return _rows_call(_rows_kernel, x, w, grid=(m // BM, n // BM))


def _rows_mean_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.mean(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r13_rows_mean(x, w):
    return _rows_call(_rows_mean_kernel, x, w)


def r13_rows_right(x, w):
    return _rows_call(_rows_kernel, x, w)


def _rows_dot_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros((BM, 1), jnp.float32)

    o_ref[...] += jnp.dot(x_ref[...], w_ref[...].T, preferred_element_type=jnp.float32)


def r13_rows_dot(x, w):
    return _rows_call(_rows_dot_kernel, x, w)


def _rows_where_kernel(x_ref, w_ref, o_ref):
    partial = jnp.sum(x_ref[...] * w_ref[...], axis=-1, keepdims=True)
    o_ref[...] = jnp.where(pl.program_id(1) == 0, partial, o_ref[...] + partial)


def r13_rows_where_first(x, w):
    m, n = x.shape
    return pl.pallas_call(
        _rows_where_kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(pl.cdiv(m, BM), pl.cdiv(n, BN)),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda r, c: (r, c)),
            pl.BlockSpec((1, BN), lambda r, c: (0, c)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda r, c: (r, 0)),
        interpret=INTERPRET,
    )(x, w)


def _rows_loop_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    acc = jnp.zeros((BM, 1), jnp.float32)
    for c in range(0, BN, 32):  # the block in four slices
        acc = acc + jnp.sum(x_ref[:, c : c + 32] * w_ref[:, c : c + 32], axis=1, keepdims=True)
    o_ref[...] += acc


def r13_rows_sliced_loop(x, w):
    return _rows_call(_rows_loop_kernel, x, w)


ROUND_13 = [
    # 16.block_owner (right: B)
    Wrong("16.block_owner", "A: grid counts blocks down then across", lambda: "A"),
    Wrong("16.block_owner", "C: program ids equal block index", lambda: "C"),
    Wrong("16.block_owner", "D: grid (2, 3), value 21", lambda: "D"),
    Wrong("16.block_owner", "E: Pallas derives the grid", lambda: "E"),
    Wrong("16.block_owner", "the value instead of a letter", lambda: "21"),
    Wrong("16.block_owner", "the grid as a tuple", lambda: (3, 2)),
    Wrong("16.block_owner", "B and D: unsure which grid", lambda: "BD"),
    Wrong("16.block_owner", "option c", lambda: "option c"),
    # 16.naive_matmul (right: B)
    Wrong("16.naive_matmul", "A: Pallas loops over k itself", lambda: "A"),
    Wrong("16.naive_matmul", "C: runs add into the block", lambda: "C"),
    Wrong("16.naive_matmul", "D: runs only at the last k step", lambda: "D"),
    Wrong("16.naive_matmul", "E: first write wins", lambda: "E"),
    Wrong("16.naive_matmul", "the run count instead of a letter", lambda: "12"),
    Wrong("16.naive_matmul", "B and D: same result", lambda: "BD"),
    Wrong("16.naive_matmul", "D) typed in a hurry", lambda: "D)"),
    Wrong("16.naive_matmul", "the result named in words", lambda: "last k block"),
    # 16.fix_scores
    Wrong(
        "16.fix_scores",
        "n from y.shape[1], as in tiled_matmul: right when n == d",
        lambda: r13_scores_n_from_d,
    ),
    Wrong(
        "16.fix_scores",
        "y's block back to (BK, BN), map (k, j)",
        lambda: r13_scores_block_shape_back,
    ),
    Wrong(
        "16.fix_scores",
        "fixed the map, and contracted y on axis 0",
        lambda: r13_scores_contract_axis0,
    ),
    Wrong("16.fix_scores", "grid with k in the middle", lambda: r13_scores_k_not_last),
    Wrong("16.fix_scores", "dropped the zeroing", lambda: r13_scores_no_zeroing),
    Wrong("16.fix_scores", "= instead of +=", lambda: r13_scores_assign),
    Wrong("16.fix_scores", "zeroes at the last k step", lambda: r13_scores_zero_last),
    Wrong("16.fix_scores", "y's map (j, i)", lambda: r13_scores_index_ij),
    Wrong(
        "16.fix_scores",
        "fixed the map, but swapped the grid's n and d",
        lambda: r13_scores_grid_d_n_swapped,
    ),
    # 16.row_sums
    Wrong("16.row_sums", "= instead of +=: last column block only", lambda: r13_rows_assign),
    Wrong("16.row_sums", "w's index_map (j, 0): always w's first block", lambda: r13_rows_w_map_j0),
    Wrong("16.row_sums", "zeroed on program_id(0)", lambda: r13_rows_zero_on_i),
    Wrong(
        "16.row_sums",
        "grid with columns outer: revisits are not consecutive",
        lambda: r13_rows_column_major_grid,
    ),
    Wrong("16.row_sums", "forgot the weights", lambda: r13_rows_unweighted),
    Wrong("16.row_sums", "Python if on program_id", lambda: r13_rows_python_if),
    Wrong("16.row_sums", "grid of one row block", lambda: r13_rows_grid_one_row_block),
    Wrong("16.row_sums", "grid's column count n // BM", lambda: r13_rows_grid_n_over_bm),
    Wrong("16.row_sums", "jnp.mean in the kernel", lambda: r13_rows_mean),
]

RIGHT_13 = [
    Right("16.block_owner", "B", lambda: "B"),
    Right("16.block_owner", "b", lambda: "b"),
    Right("16.naive_matmul", "B", lambda: "B"),
    Right("16.naive_matmul", "B with a space", lambda: "B "),
    Right("16.fix_scores", "y's map (j, k)", lambda: r13_scores_right),
    Right(
        "16.fix_scores",
        "y transposed outside, tiled matmul kernel",
        lambda: r13_scores_transpose_outside,
    ),
    Right(
        "16.fix_scores",
        "dot with .T, where for the first k, cdiv grid",
        lambda: r13_scores_dot_transpose,
    ),
    Right("16.row_sums", "pl.when zeroing, += sum", lambda: r13_rows_right),
    Right("16.row_sums", "dot with w.T in the kernel", lambda: r13_rows_dot),
    Right("16.row_sums", "where on the first column step", lambda: r13_rows_where_first),
    Right("16.row_sums", "four column slices summed in a loop", lambda: r13_rows_sliced_loop),
]
