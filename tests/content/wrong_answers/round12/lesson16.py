"""Round 12, lesson 16 (Write a first Pallas kernel): answers written from the lesson's text
alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from tests.content.wrong_answers.round4._common import Right, Wrong

BACKEND = jax.default_backend()
INTERPRET = BACKEND not in ("tpu", "gpu")
BM, BN, BK = 16, 128, 128


def tiled_matmul(kernel, x, y):
    (m, d), (_, n) = x.shape, y.shape
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
    )(x, y)


def matmul_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)


def scores_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def _scores_call(kernel, x, y, y_map, *, grid=None, out_shape=None):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        kernel,
        out_shape=out_shape or jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=grid or (m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)), pl.BlockSpec((BN, BK), y_map)],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


# ---- 16.fix_scores: right ----------------------------------------------------------------


def r12_scores_fixed(x, y):
    return _scores_call(scores_kernel, x, y, lambda i, j, k: (j, k))


def r12_scores_bn_bk_swapped(x, y):
    # grid written with BK for n and BN for d: both are 128, so the same grid
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        scores_kernel, x, y, lambda i, j, k: (j, k), grid=(m // BM, n // BK, d // BN)
    )


def _scores_kernel_dot_t(x_ref, y_ref, o_ref):
    k = pl.program_id(2)
    partial = jnp.dot(x_ref[...], y_ref[...].T, preferred_element_type=jnp.float32)
    o_ref[...] = jnp.where(k == 0, partial, o_ref[...] + partial)  # no pl.when


def r12_scores_where(x, y):
    return _scores_call(_scores_kernel_dot_t, x, y, lambda i, j, k: (j, k))


def r12_scores_transpose_outside(x, y):
    return tiled_matmul(matmul_kernel, x, y.T)  # y.T outside, the matmul kernel unchanged


def r12_scores_grid_ji(x, y):
    # programs ordered (j, i, k): column blocks outermost, index maps to match
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(n // BN, m // BM, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda j, i, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda j, i, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda j, i, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


# ---- 16.fix_scores: wrong ----------------------------------------------------------------


def r12_scores_unchanged(x, y):
    return _scores_call(scores_kernel, x, y, lambda i, j, k: (k, j))


def r12_scores_n_from_tiled(x, y):
    # shapes unpacked as in tiled_matmul: n is y.shape[1], which is d
    (m, d), (_, n) = x.shape, y.shape
    return _scores_call(
        scores_kernel,
        x,
        y,
        lambda i, j, k: (j, k),
        grid=(m // BM, n // BN, d // BK),
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
    )


def _scores_kernel_dot(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)


def r12_scores_kernel_dot(x, y):
    # "fixed" the kernel to a plain dot, kept the index map (k, j): x @ y
    return _scores_call(_scores_kernel_dot, x, y, lambda i, j, k: (k, j))


def r12_scores_double_transpose(x, y):
    # fixed the index map and also passed y.T: transposed twice
    return _scores_call(scores_kernel, x, y.T, lambda i, j, k: (j, k))


def _scores_kernel_no_zero(x_ref, y_ref, o_ref):
    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r12_scores_no_zero(x, y):
    return _scores_call(_scores_kernel_no_zero, x, y, lambda i, j, k: (j, k))


def _scores_kernel_when0(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)  # the first grid axis, not k's
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r12_scores_when_axis0(x, y):
    return _scores_call(_scores_kernel_when0, x, y, lambda i, j, k: (j, k))


def _scores_kernel_assign(x_ref, y_ref, o_ref):
    o_ref[...] = jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r12_scores_assign(x, y):
    return _scores_call(_scores_kernel_assign, x, y, lambda i, j, k: (j, k))


def r12_scores_map_ki(x, y):
    return _scores_call(scores_kernel, x, y, lambda i, j, k: (k, i))  # swapped the wrong ids


def r12_scores_k_first(x, y):
    # k moved first in the grid (and pl.when to axis 0): an output block is not revisited
    # on consecutive steps: the interpreter gives x @ y.T, a TPU v5e did not (32x384 case)
    (m, d), (n, _) = x.shape, y.shape

    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

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


def r12_scores_grid_short_k(x, y):
    (m, d), (n, _) = x.shape, y.shape  # d // BN // 2: halved "because y is transposed"
    return _scores_call(
        scores_kernel, x, y, lambda i, j, k: (j, k), grid=(m // BM, n // BN, max(1, d // (2 * BK)))
    )


def r12_scores_out_transposed(x, y):
    # (y @ x.T).T with the fixed kernel: x's m rows now take 128-wide blocks
    return r12_scores_fixed(y, x).T


def r12_scores_jnp_inside(x, y):
    # a kernel that ignores its blocks' position: each program multiplies the same blocks
    return _scores_call(scores_kernel, x, y, lambda i, j, k: (0, k))


# ---- 16.row_sums -------------------------------------------------------------------------


def _row_sums_call(kernel, x, w, *, grid=None, w_map=None, out_map=None, dtype=jnp.float32):
    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), dtype),
        grid=grid or (m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
            pl.BlockSpec((1, BN), w_map or (lambda i, j: (0, j))),
        ],
        out_specs=pl.BlockSpec((BM, 1), out_map or (lambda i, j: (i, 0))),
        interpret=INTERPRET,
    )(x, w)


def _rs_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rs_kernel_matvec(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros((BM, 1), jnp.float32)

    o_ref[...] += jnp.dot(x_ref[...], w_ref[...].T, preferred_element_type=jnp.float32)


def _rs_kernel_first_assign(x_ref, w_ref, o_ref):
    part = (x_ref[...] * w_ref[...]).sum(axis=-1)[:, None]
    j = pl.program_id(1)

    @pl.when(j == 0)
    def _():
        o_ref[...] = part

    @pl.when(j > 0)
    def _():
        o_ref[...] = o_ref[...] + part


def _rs_kernel_loop(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    acc = jnp.zeros((BM, 1), jnp.float32)
    for c in range(0, BN, 32):  # four slices of 32 columns, a Python loop at trace time
        acc = acc + jnp.sum(x_ref[:, c : c + 32] * w_ref[:, c : c + 32], axis=1, keepdims=True)
    o_ref[...] += acc


def r12_rs_right(x, w):
    return _row_sums_call(_rs_kernel, x, w)


def r12_rs_matvec(x, w):
    return _row_sums_call(_rs_kernel_matvec, x, w)


def r12_rs_first_assign(x, w):
    return _row_sums_call(_rs_kernel_first_assign, x, w)


def r12_rs_loop_cdiv(x, w):
    m, n = x.shape
    return _row_sums_call(_rs_kernel_loop, x, w, grid=(pl.cdiv(m, BM), pl.cdiv(n, BN)))


def _rs_kernel_no_zero(x_ref, w_ref, o_ref):
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rs_kernel_assign(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rs_kernel_when_i(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)  # zeroes on the first row block only
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rs_kernel_zero_after(x_ref, w_ref, o_ref):
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    @pl.when(pl.program_id(1) == 0)  # zeroing placed after the sum
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)


def _rs_kernel_no_w(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...], axis=1, keepdims=True)


def _rs_kernel_mean(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.mean(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rs_kernel_when_1(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 1)  # "the first step" counted from 1
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rs_kernel_last_k(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == pl.num_programs(1) - 1)  # zero on the last step
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r12_rs_no_zero(x, w):
    return _row_sums_call(_rs_kernel_no_zero, x, w)


def r12_rs_assign(x, w):
    return _row_sums_call(_rs_kernel_assign, x, w)  # right only when n == 128


def r12_rs_when_i(x, w):
    return _row_sums_call(_rs_kernel_when_i, x, w)


def r12_rs_zero_after(x, w):
    return _row_sums_call(_rs_kernel_zero_after, x, w)


def r12_rs_no_w(x, w):
    return _row_sums_call(_rs_kernel_no_w, x, w)


def r12_rs_mean(x, w):
    return _row_sums_call(_rs_kernel_mean, x, w)


def r12_rs_when_1(x, w):
    return _row_sums_call(_rs_kernel_when_1, x, w)


def r12_rs_zero_last(x, w):
    return _row_sums_call(_rs_kernel_last_k, x, w)


def r12_rs_w_map_i(x, w):
    return _row_sums_call(_rs_kernel, x, w, w_map=lambda i, j: (0, i))  # i for j


def r12_rs_w_map_first(x, w):
    return _row_sums_call(_rs_kernel, x, w, w_map=lambda i, j: (0, 0))  # first w block


def r12_rs_grid_bn_rows(x, w):
    m, n = x.shape
    return _row_sums_call(_rs_kernel, x, w, grid=(m // BN, n // BN))  # BN for BM


def r12_rs_grid_one_col(x, w):
    m, n = x.shape
    return _row_sums_call(_rs_kernel, x, w, grid=(m // BM, 1))  # one column block


def r12_rs_grid_minus_one(x, w):
    m, n = x.shape
    return _row_sums_call(_rs_kernel, x, w, grid=(m // BM, n // BN - 1 or 1))


def r12_rs_bf16_out(x, w):
    return _row_sums_call(
        _rs_kernel, x.astype(jnp.bfloat16), w.astype(jnp.bfloat16), dtype=jnp.bfloat16
    )  # smaller dtype, fewer bytes


def r12_rs_squeezed(x, w):
    return _row_sums_call(_rs_kernel, x, w)[:, 0]  # shape (m,), not (m, 1)


ROUND_12 = [
    # 16.block_owner (B: grid (3, 2); block (1, 2) is written by the program (2, 1): 21)
    Wrong("16.block_owner", "A: the grid counts blocks down, then across", lambda: "A"),
    Wrong("16.block_owner", "C: 3 by 2, program ids equal the block index", lambda: "C"),
    Wrong("16.block_owner", "D: a 2 by 3 grid, value 21", lambda: "D"),
    Wrong("16.block_owner", "E: Pallas derives the grid from the shapes", lambda: "E"),
    Wrong("16.block_owner", "lower case b", lambda: "b"),
    Wrong("16.block_owner", "the letter with its reason", lambda: "B: grid (3, 2), value 21"),
    Wrong("16.block_owner", "the value, not a letter", lambda: "21"),
    Wrong("16.block_owner", "the value as an int", lambda: 21),
    Wrong("16.block_owner", "two letters: B and D both give 21", lambda: "BD"),
    Wrong("16.block_owner", "the grid as a tuple", lambda: (3, 2)),
    Wrong("16.block_owner", "letter in parentheses, as a bullet", lambda: "(B)"),
    Wrong("16.block_owner", "B with a trailing period", lambda: "B."),
    # 16.naive_matmul (B: 12 runs, the last k block's partial product stays)
    Wrong("16.naive_matmul", "A: thought Pallas loops over k inside a run", lambda: "A"),
    Wrong("16.naive_matmul", "C: runs sharing a block add to it", lambda: "C"),
    Wrong("16.naive_matmul", "D: only the last k step runs", lambda: "D"),
    Wrong("16.naive_matmul", "E: the first write wins", lambda: "E"),
    Wrong("16.naive_matmul", "lower case b", lambda: "b"),
    Wrong("16.naive_matmul", "B and D: both say the last k block stays", lambda: "BD"),
    Wrong("16.naive_matmul", "the count of runs", lambda: "12"),
    Wrong("16.naive_matmul", "the count as an int", lambda: 12),
    Wrong("16.naive_matmul", "the option's first words", lambda: "12 runs"),
    Wrong("16.naive_matmul", "D written as a word", lambda: "last"),
    Wrong("16.naive_matmul", "letter and reason", lambda: "B, the last partial product stays"),
    # 16.fix_scores
    Wrong("16.fix_scores", "the buggy BlockSpecs unchanged", lambda: r12_scores_unchanged),
    Wrong(
        "16.fix_scores",
        "n taken from y.shape[1] as in tiled_matmul",
        lambda: r12_scores_n_from_tiled,
    ),
    Wrong(
        "16.fix_scores", "changed the kernel to jnp.dot, kept (k, j)", lambda: r12_scores_kernel_dot
    ),
    Wrong("16.fix_scores", "fixed the map and passed y.T too", lambda: r12_scores_double_transpose),
    Wrong("16.fix_scores", "fixed the map, dropped the zeroing", lambda: r12_scores_no_zero),
    Wrong("16.fix_scores", "zeroes when program_id(0) == 0", lambda: r12_scores_when_axis0),
    Wrong(
        "16.fix_scores", "fixed the map, kernel assigns instead of +=", lambda: r12_scores_assign
    ),
    Wrong("16.fix_scores", "y's map (k, i): swapped the wrong ids", lambda: r12_scores_map_ki),
    Wrong(
        "16.fix_scores",
        "k first in the grid: revisits are not consecutive",
        lambda: r12_scores_k_first,
    ),
    Wrong(
        "16.fix_scores", "halved the k steps for the transposed y", lambda: r12_scores_grid_short_k
    ),
    Wrong(
        "16.fix_scores",
        "y's map (0, k): always the first row block of y",
        lambda: r12_scores_jnp_inside,
    ),
    Wrong(
        "16.fix_scores",
        "(y @ x.T).T: fine only when m % 128 == 0",
        lambda: r12_scores_out_transposed,
    ),
    # 16.row_sums
    Wrong("16.row_sums", "no zeroing: interpreter's NaN stays", lambda: r12_rs_no_zero),
    Wrong("16.row_sums", "assigns each block's sum: last column block only", lambda: r12_rs_assign),
    Wrong("16.row_sums", "zeroes when program_id(0) == 0", lambda: r12_rs_when_i),
    Wrong("16.row_sums", "zeroing placed after the +=", lambda: r12_rs_zero_after),
    Wrong("16.row_sums", "forgot the weights: plain row sums", lambda: r12_rs_no_w),
    Wrong("16.row_sums", "jnp.mean instead of jnp.sum in the kernel", lambda: r12_rs_mean),
    Wrong("16.row_sums", "zeroes at program_id(1) == 1", lambda: r12_rs_when_1),
    Wrong("16.row_sums", "zeroes on the last column step", lambda: r12_rs_zero_last),
    Wrong("16.row_sums", "w's index_map uses i instead of j", lambda: r12_rs_w_map_i),
    Wrong(
        "16.row_sums", "w's index_map (0, 0): first block of w always", lambda: r12_rs_w_map_first
    ),
    Wrong("16.row_sums", "grid rows m // BN instead of m // BM", lambda: r12_rs_grid_bn_rows),
    Wrong("16.row_sums", "grid with one column step", lambda: r12_rs_grid_one_col),
    Wrong("16.row_sums", "grid n // BN - 1 column steps", lambda: r12_rs_grid_minus_one),
    Wrong("16.row_sums", "bfloat16 inputs and output to save bytes", lambda: r12_rs_bf16_out),
    Wrong("16.row_sums", "result squeezed to shape (m,)", lambda: r12_rs_squeezed),
]

RIGHT_12 = [
    Right("16.block_owner", "B", lambda: "B"),
    Right("16.naive_matmul", "B", lambda: "B"),
    Right("16.fix_scores", "y's index_map (j, k)", lambda: r12_scores_fixed),
    Right(
        "16.fix_scores",
        "grid written with BK and BN swapped (both 128)",
        lambda: r12_scores_bn_bk_swapped,
    ),
    Right(
        "16.fix_scores",
        "dot with .T and jnp.where on k instead of pl.when",
        lambda: r12_scores_where,
    ),
    Right(
        "16.fix_scores",
        "y.T outside, the lesson's matmul kernel",
        lambda: r12_scores_transpose_outside,
    ),
    Right("16.fix_scores", "grid ordered (j, i, k), maps to match", lambda: r12_scores_grid_ji),
    Right("16.row_sums", "accumulate over j with pl.when", lambda: r12_rs_right),
    Right("16.row_sums", "x block @ w block.T, a (BM, 1) product", lambda: r12_rs_matvec),
    Right(
        "16.row_sums", "assign on j == 0, add on j > 0, two pl.when", lambda: r12_rs_first_assign
    ),
    Right(
        "16.row_sums", "Python loop over 32-column slices, pl.cdiv grid", lambda: r12_rs_loop_cdiv
    ),
]
