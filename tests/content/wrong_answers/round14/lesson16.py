"""Round 14, lesson 16 (first Pallas kernel): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from tests.content.wrong_answers.round4._common import Right, Wrong

BM, BN, BK = 16, 128, 128
INTERPRET = jax.default_backend() not in ("tpu", "gpu")
_DIMS = (((1,), (1,)), ((), ()))  # contract the last axes: x's block times y's transposed


# 16.fix_scores -----------------------------------------------------------------------------
def _scores_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], _DIMS, preferred_element_type=jnp.float32
    )


def _scores_call(kernel, x, y, y_map, n=None, grid=None, x_map=None, out_map=None):
    (m, d), (n0, _) = x.shape, y.shape
    n = n0 if n is None else n
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=grid or (m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), x_map or (lambda i, j, k: (i, k))),
            pl.BlockSpec((BN, BK), y_map),
        ],
        out_specs=pl.BlockSpec((BM, BN), out_map or (lambda i, j, k: (i, j))),
        interpret=INTERPRET,
    )(x, y)


def r14_scores_unchanged(x, y):
    return _scores_call(_scores_kernel, x, y, lambda i, j, k: (k, j))


def r14_scores_n_from_d(x, y):
    (_, _), (_, n) = x.shape, y.shape  # tiled_matmul's unpacking: n is y's columns
    return _scores_call(_scores_kernel, x, y, lambda i, j, k: (j, k), n=n)


def _scores_kernel_when_i(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], _DIMS, preferred_element_type=jnp.float32
    )


def r14_scores_when_axis0(x, y):
    return _scores_call(_scores_kernel_when_i, x, y, lambda i, j, k: (j, k))


def r14_scores_k_first(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_kernel_when_i,
        x,
        y,
        lambda k, i, j: (j, k),
        grid=(d // BK, m // BM, n // BN),
        x_map=lambda k, i, j: (i, k),
        out_map=lambda k, i, j: (i, j),
    )


def _scores_kernel_no_zero(x_ref, y_ref, o_ref):
    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], _DIMS, preferred_element_type=jnp.float32
    )


def r14_scores_no_zero(x, y):
    return _scores_call(_scores_kernel_no_zero, x, y, lambda i, j, k: (j, k))


def _scores_kernel_assign(x_ref, y_ref, o_ref):
    o_ref[...] = jax.lax.dot_general(
        x_ref[...], y_ref[...], _DIMS, preferred_element_type=jnp.float32
    )


def r14_scores_assign(x, y):
    return _scores_call(_scores_kernel_assign, x, y, lambda i, j, k: (j, k))


def r14_scores_y_no_k(x, y):
    return _scores_call(_scores_kernel, x, y, lambda i, j, k: (j, 0))


def r14_scores_grid_j_k_swapped(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_kernel, x, y, lambda i, j, k: (j, k), grid=(m // BM, d // BK, n // BN)
    )


def _scores_kernel_no_transpose(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)


def r14_scores_no_transpose(x, y):
    return _scores_call(_scores_kernel_no_transpose, x, y, lambda i, j, k: (j, k))


def _scores_kernel_when_one(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 1)  # counted k steps from 1
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], _DIMS, preferred_element_type=jnp.float32
    )


def r14_scores_when_one(x, y):
    return _scores_call(_scores_kernel_when_one, x, y, lambda i, j, k: (j, k))


def _scores_kernel_plain_dot(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...].T, preferred_element_type=jnp.float32)


def r14_scores_right_dot_T(x, y):
    return _scores_call(_scores_kernel_plain_dot, x, y, lambda i, j, k: (j, k))


def _matmul_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)


def r14_scores_right_transpose_first(x, y):
    yt = y.T  # (d, n): then it is tiled_matmul's product
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


def r14_scores_right_tuple_specs(x, y):
    m, d = x.shape
    n = y.shape[0]
    x_spec = pl.BlockSpec(block_shape=(BM, BK), index_map=lambda i, j, k: (i, k))
    y_spec = pl.BlockSpec(block_shape=(BN, BK), index_map=lambda i, j, k: (j, k))
    return pl.pallas_call(
        _scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        grid=(pl.cdiv(m, BM), pl.cdiv(n, BN), pl.cdiv(d, BK)),
        in_specs=(x_spec, y_spec),
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


# 16.row_sums -------------------------------------------------------------------------------
def _rs_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _row_call(kernel, x, w, grid=None, w_map=None, o_map=None, x_map=None):
    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=grid or (m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, BN), x_map or (lambda i, j: (i, j))),
            pl.BlockSpec((1, BN), w_map or (lambda i, j: (0, j))),
        ],
        out_specs=pl.BlockSpec((BM, 1), o_map or (lambda i, j: (i, 0))),
        interpret=INTERPRET,
    )(x, w)


def _rs_no_zero(x_ref, w_ref, o_ref):
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r14_rs_no_zero(x, w):
    return _row_call(_rs_no_zero, x, w)


def _rs_assign(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r14_rs_assign(x, w):
    return _row_call(_rs_assign, x, w)


def r14_rs_w_map_i(x, w):
    return _row_call(_rs_kernel, x, w, w_map=lambda i, j: (i, j))


def _rs_when_axis0(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r14_rs_when_axis0(x, w):
    return _row_call(_rs_when_axis0, x, w)


def r14_rs_columns_first(x, w):
    m, n = x.shape
    return _row_call(
        _rs_when_axis0,
        x,
        w,
        grid=(n // BN, m // BM),
        x_map=lambda j, i: (i, j),
        w_map=lambda j, i: (0, j),
        o_map=lambda j, i: (i, 0),
    )


def r14_rs_one_column_block(x, w):
    m, n = x.shape
    return _row_call(_rs_kernel, x, w, grid=(m // BM, 1))


def r14_rs_grid_constants_swapped(x, w):
    m, n = x.shape
    return _row_call(_rs_kernel, x, w, grid=(m // BN, n // BM))


def _rs_unweighted(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...], axis=1, keepdims=True)


def r14_rs_unweighted(x, w):
    return _row_call(_rs_unweighted, x, w)


def _rs_zero_both(x_ref, w_ref, o_ref):
    @pl.when((pl.program_id(0) == 0) & (pl.program_id(1) == 0))
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r14_rs_zero_both(x, w):
    return _row_call(_rs_zero_both, x, w)


def _rs_python_if(x_ref, w_ref, o_ref):
    if pl.program_id(1) == 0:
        o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r14_rs_python_if(x, w):
    return _row_call(_rs_python_if, x, w)


def r14_rs_out_map_j(x, w):
    return _row_call(_rs_kernel, x, w, o_map=lambda i, j: (i, j))


def _rs_matvec(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], w_ref[...].T, preferred_element_type=jnp.float32)


def r14_rs_right_matvec(x, w):
    return _row_call(_rs_matvec, x, w)


def _rs_two_whens(x_ref, w_ref, o_ref):
    part = jnp.sum(x_ref[...] * w_ref[...], axis=-1)[:, None]
    j = pl.program_id(1)

    @pl.when(j == 0)
    def _():
        o_ref[...] = part

    @pl.when(j > 0)
    def _():
        o_ref[...] = o_ref[...] + part


def r14_rs_right_two_whens(x, w):
    return _row_call(_rs_two_whens, x, w)


def _rs_loop_cols(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    xb, wb = x_ref[...], w_ref[...]
    o_ref[...] += (xb * wb).sum(axis=1).reshape(BM, 1)


def r14_rs_right_cdiv(x, w):
    m, n = x.shape
    return _row_call(_rs_loop_cols, x, w, grid=(pl.cdiv(m, BM), pl.cdiv(n, BN)))


ROUND_14 = [
    # 16.block_owner (right: B)
    Wrong("16.block_owner", "A: grid counts blocks, written by (1, 2)", lambda: "A"),
    Wrong("16.block_owner", "C: right grid, ids equal block index", lambda: "C"),
    Wrong("16.block_owner", "D: grid (2, 3), value 21", lambda: "D"),
    Wrong("16.block_owner", "E: Pallas derives the grid", lambda: "E"),
    Wrong("16.block_owner", "the value instead of a letter", lambda: "21"),
    Wrong("16.block_owner", "lower case with a paren", lambda: "b)"),
    Wrong("16.block_owner", "letter with trailing comment", lambda: "B  # grid (3, 2)"),
    Wrong("16.block_owner", "two letters, unsure", lambda: "BC"),
    Wrong("16.block_owner", "the grid typed instead of a letter", lambda: "(3, 2)"),
    Wrong("16.block_owner", "letter with a period", lambda: "B."),
    # 16.naive_matmul (right: B)
    Wrong("16.naive_matmul", "A: Pallas loops over k inside a run", lambda: "A"),
    Wrong("16.naive_matmul", "C: writes to one block add up", lambda: "C"),
    Wrong("16.naive_matmul", "D: runs only at the last k step", lambda: "D"),
    Wrong("16.naive_matmul", "E: later writes dropped", lambda: "E"),
    Wrong("16.naive_matmul", "B and D both give the last block", lambda: "BD"),
    Wrong("16.naive_matmul", "the run count instead of a letter", lambda: "12"),
    Wrong("16.naive_matmul", "option written as words", lambda: "option B"),
    Wrong("16.naive_matmul", "letter in a tuple", lambda: ("B",)),
    Wrong("16.naive_matmul", "lower case", lambda: "b"),
    Wrong("16.naive_matmul", "letter with its reason", lambda: "B: the last partial product stays"),
    # 16.fix_scores
    Wrong("16.fix_scores", "the buggy specs unchanged", lambda: r14_scores_unchanged),
    Wrong(
        "16.fix_scores",
        "y map fixed, n from y.shape[1]: square y only",
        lambda: r14_scores_n_from_d,
    ),
    Wrong("16.fix_scores", "y map fixed, zeroes on program_id(0)", lambda: r14_scores_when_axis0),
    Wrong(
        "16.fix_scores", "k moved first: right only in the interpreter", lambda: r14_scores_k_first
    ),
    Wrong("16.fix_scores", "dropped the pl.when zeroing", lambda: r14_scores_no_zero),
    Wrong("16.fix_scores", "= instead of +=", lambda: r14_scores_assign),
    Wrong("16.fix_scores", "y map (j, 0): first k block only", lambda: r14_scores_y_no_k),
    Wrong(
        "16.fix_scores", "grid's j and k step counts swapped", lambda: r14_scores_grid_j_k_swapped
    ),
    Wrong(
        "16.fix_scores", "map fixed, plain jnp.dot: no transpose", lambda: r14_scores_no_transpose
    ),
    Wrong("16.fix_scores", "map fixed, zeroes at k == 1", lambda: r14_scores_when_one),
    # 16.row_sums
    Wrong("16.row_sums", "no zeroing of the output block", lambda: r14_rs_no_zero),
    Wrong("16.row_sums", "= instead of +=: last column block only", lambda: r14_rs_assign),
    Wrong(
        "16.row_sums",
        "w's index_map (i, j): out of bounds, interpreter clamps",
        lambda: r14_rs_w_map_i,
    ),
    Wrong("16.row_sums", "zeroes on program_id(0)", lambda: r14_rs_when_axis0),
    Wrong(
        "16.row_sums",
        "column axis first: right only in the interpreter",
        lambda: r14_rs_columns_first,
    ),
    Wrong("16.row_sums", "grid with one column block", lambda: r14_rs_one_column_block),
    Wrong("16.row_sums", "grid divides m by BN and n by BM", lambda: r14_rs_grid_constants_swapped),
    Wrong("16.row_sums", "forgot the weights", lambda: r14_rs_unweighted),
    Wrong("16.row_sums", "zeroes only in program (0, 0)", lambda: r14_rs_zero_both),
    Wrong("16.row_sums", "Python if on program_id", lambda: r14_rs_python_if),
    Wrong(
        "16.row_sums",
        "output index_map (i, j): out of bounds, interpreter clamps",
        lambda: r14_rs_out_map_j,
    ),
]

RIGHT_14 = [
    Right("16.block_owner", "B", lambda: "B"),
    Right("16.naive_matmul", "B", lambda: "B"),
    Right(
        "16.fix_scores",
        "y map (j, k), cdiv grid, specs a tuple",
        lambda: r14_scores_right_tuple_specs,
    ),
    Right("16.fix_scores", "jnp.dot with the block transposed", lambda: r14_scores_right_dot_T),
    Right(
        "16.fix_scores",
        "y.T outside, tiled_matmul's kernel",
        lambda: r14_scores_right_transpose_first,
    ),
    Right("16.row_sums", "jnp.dot with w's block transposed", lambda: r14_rs_right_matvec),
    Right("16.row_sums", "two pl.when: set, then add", lambda: r14_rs_right_two_whens),
    Right("16.row_sums", "pl.cdiv grid, reshape to (BM, 1)", lambda: r14_rs_right_cdiv),
]
