"""Round 17, lesson 16 (first Pallas kernel): answers written from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from tests.content.wrong_answers.round4._common import Right, Wrong

BACKEND = jax.default_backend()
INTERPRET = BACKEND not in ("tpu", "gpu")
BM, BN, BK = 16, 128, 128

# --------------------------------------------------------------- 16.fix_scores


def scores_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def _scores_call(kernel, x, y, y_map, grid=None, y_block=(BN, BK), out_map=None):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=grid or (m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)), pl.BlockSpec(y_block, y_map)],
        out_specs=pl.BlockSpec((BM, BN), out_map or (lambda i, j, k: (i, j))),
        interpret=INTERPRET,
    )(x, y)


def r17_scores_unchanged(x, y):
    return _scores_call(scores_kernel, x, y, lambda i, j, k: (k, j))


def r17_scores_block_turned_back(x, y):
    # y's block shape turned back to tiled_matmul's (BK, BN), the index map kept
    return _scores_call(scores_kernel, x, y, lambda i, j, k: (k, j), y_block=(BK, BN))


def r17_scores_no_zeroing(x, y):
    def kernel(x_ref, y_ref, o_ref):
        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


def r17_scores_k_first(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    (m, d), (n, _) = x.shape, y.shape
    # right in the interpreter only: each output block is left and come back to
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


def r17_scores_transposed_copy(x, y):
    def matmul_kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

    yt = y.T  # the page's tiled matmul, on a transposed copy of y
    (m, d), (_, n) = x.shape, yt.shape
    return pl.pallas_call(
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BK, BN), lambda i, j, k: (k, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, yt)


def r17_scores_jnp(x, y):
    return jnp.einsum("md,nd->mn", x, y)


def r17_scores_when_axis0(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)  # the zeroing left on the grid's first axis
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


def r17_scores_untransposed_dot(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        # contracting dims "fixed" as well, to (1, 0): y's block is no longer transposed
        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (0,)), ((), ())), preferred_element_type=jnp.float32
        )

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


def r17_scores_out_map_too(x, y):
    # swapped the output's index map as well as y's
    return _scores_call(scores_kernel, x, y, lambda i, j, k: (j, k), out_map=lambda i, j, k: (j, i))


def r17_scores_assign(x, y):
    def kernel(x_ref, y_ref, o_ref):
        o_ref[...] = jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


def r17_scores_right(x, y):
    return _scores_call(scores_kernel, x, y, lambda i, j, k: (j, k))


def r17_scores_right_transpose_in_kernel(x, y):
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


def r17_scores_right_where_first(x, y):
    def kernel(x_ref, y_ref, o_ref):
        first = pl.program_id(2) == 0
        part = jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )
        o_ref[...] = jnp.where(first, part, o_ref[...] + part)  # no pl.when: a select

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


def r17_scores_right_two_whens(x, y):
    def kernel(x_ref, y_ref, o_ref):
        k = pl.program_id(2)
        part = jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

        @pl.when(k == 0)
        def _():
            o_ref[...] = part

        @pl.when(k > 0)
        def _():
            o_ref[...] += part

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


# ----------------------------------------------------------------- 16.row_sums


def _row_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _row_call(kernel, x, w, w_map=None, x_map=None, grid=None, interpret=None):
    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=grid or (m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, BN), x_map or (lambda i, j: (i, j))),
            pl.BlockSpec((1, BN), w_map or (lambda i, j: (0, j))),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda i, j: (i, 0)),
        interpret=INTERPRET if interpret is None else interpret,
    )(x, w)


def r17_rows_no_zeroing(x, w):
    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    return _row_call(kernel, x, w)


def r17_rows_assign(x, w):
    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)  # last block only

    return _row_call(kernel, x, w)


def r17_rows_w_map_i(x, w):
    return _row_call(_row_kernel, x, w, w_map=lambda i, j: (0, i))


def r17_rows_columns_first(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    m, n = x.shape
    # the column axis first: right in the interpreter, output blocks revisited apart
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(n // BN, m // BM),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda j, i: (i, j)),
            pl.BlockSpec((1, BN), lambda j, i: (0, j)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda j, i: (i, 0)),
        interpret=INTERPRET,
    )(x, w)


def r17_rows_unweighted(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...], axis=1, keepdims=True)

    return _row_call(kernel, x, w)


def r17_rows_no_grid(x, w):
    m, n = x.shape
    return pl.pallas_call(
        lambda x_ref, w_ref, o_ref: o_ref.__setitem__(
            ..., jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)
        ),
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        interpret=INTERPRET,
    )(x, w)


def r17_rows_interpret_true(x, w):
    return _row_call(_row_kernel, x, w, interpret=True)  # hard-coded, not INTERPRET


def r17_rows_weights_squared(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum((x_ref[...] - w_ref[...]) ** 2, axis=1, keepdims=True)

    return _row_call(kernel, x, w)  # another variant's sum, not this page's


def r17_rows_when_wrong_axis(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)  # copied the matmul's zeroing onto the row axis
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    return _row_call(kernel, x, w)


def r17_rows_grid_swapped(x, w):
    m, n = x.shape
    return _row_call(_row_kernel, x, w, grid=(n // BN, m // BM))


def r17_rows_right(x, w):
    return _row_call(_row_kernel, x, w)


def r17_rows_right_dot(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.dot(
            x_ref[...],
            w_ref[...].T,
            precision=jax.lax.Precision.HIGHEST,
            preferred_element_type=jnp.float32,
        )

    return _row_call(kernel, x, w)


def r17_rows_right_cdiv_where(x, w):
    def kernel(x_ref, w_ref, o_ref):
        part = (x_ref[...] * w_ref[...]).sum(axis=-1)[:, None]
        o_ref[...] = jnp.where(pl.program_id(1) == 0, part, o_ref[...] + part)

    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(pl.cdiv(m, BM), pl.cdiv(n, BN)),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda r, c: (r, c)),
            pl.BlockSpec((1, BN), lambda r, c: (0, c)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda r, c: (r, 0)),
        interpret=INTERPRET,
    )(x, w)


ROUND_17 = [
    # 16.block_owner: B
    Wrong("16.block_owner", "A: grid counts the output's blocks", lambda: "A"),
    Wrong("16.block_owner", "C: ids equal the block index", lambda: "C"),
    Wrong("16.block_owner", "D: grid (2, 3) with the swap's 21", lambda: "D"),
    Wrong("16.block_owner", "E: thought Pallas derives the grid", lambda: "E"),
    Wrong("16.block_owner", "the value, not the letter", lambda: "21"),
    Wrong("16.block_owner", "the grid, not the letter", lambda: "(3, 2)"),
    Wrong("16.block_owner", "B and D, both say 21", lambda: "BD"),
    # 16.naive_matmul: B
    Wrong("16.naive_matmul", "A: thought Pallas loops k inside a run", lambda: "A"),
    Wrong("16.naive_matmul", "C: thought writes to a block add up", lambda: "C"),
    Wrong("16.naive_matmul", "D: thought only the last k step runs", lambda: "D"),
    Wrong("16.naive_matmul", "E: thought the first write wins", lambda: "E"),
    Wrong("16.naive_matmul", "the run count", lambda: "12"),
    Wrong("16.naive_matmul", "B with a closing paren", lambda: "B)"),
    Wrong("16.naive_matmul", "B and D, both give the last partial", lambda: "B or D"),
    # 16.fix_scores
    Wrong("16.fix_scores", "the buggy call, unchanged", lambda: r17_scores_unchanged),
    Wrong(
        "16.fix_scores", "y's block turned back to (BK, BN)", lambda: r17_scores_block_turned_back
    ),
    Wrong("16.fix_scores", "index map fixed, pl.when dropped", lambda: r17_scores_no_zeroing),
    Wrong("16.fix_scores", "k first on the grid: interpreter-only", lambda: r17_scores_k_first),
    Wrong("16.fix_scores", "the page's matmul on y.T", lambda: r17_scores_transposed_copy),
    Wrong("16.fix_scores", "einsum, no kernel", lambda: r17_scores_jnp),
    Wrong("16.fix_scores", "zeroing on program_id(0)", lambda: r17_scores_when_axis0),
    Wrong(
        "16.fix_scores",
        "index map fixed, contraction changed too",
        lambda: r17_scores_untransposed_dot,
    ),
    Wrong("16.fix_scores", "output index map swapped as well", lambda: r17_scores_out_map_too),
    Wrong("16.fix_scores", "index map fixed, = instead of +=", lambda: r17_scores_assign),
    # 16.row_sums
    Wrong("16.row_sums", "no zeroing: += on NaN", lambda: r17_rows_no_zeroing),
    Wrong("16.row_sums", "= instead of +=: last column block", lambda: r17_rows_assign),
    Wrong("16.row_sums", "w's index map takes the row id", lambda: r17_rows_w_map_i),
    Wrong("16.row_sums", "column axis first: interpreter-only", lambda: r17_rows_columns_first),
    Wrong("16.row_sums", "weights forgotten: plain row sums", lambda: r17_rows_unweighted),
    Wrong("16.row_sums", "no grid or blocks: one whole-array run", lambda: r17_rows_no_grid),
    Wrong("16.row_sums", "interpret=True hard-coded", lambda: r17_rows_interpret_true),
    Wrong(
        "16.row_sums", "squared distance: another variant's sum", lambda: r17_rows_weights_squared
    ),
    Wrong("16.row_sums", "zeroing on program_id(0)", lambda: r17_rows_when_wrong_axis),
    Wrong("16.row_sums", "grid steps swapped: (n // BN, m // BM)", lambda: r17_rows_grid_swapped),
]
RIGHT_17 = [
    Right("16.block_owner", "B", lambda: "B"),
    Right("16.block_owner", "lower case b", lambda: "b"),
    Right("16.naive_matmul", "B", lambda: "B"),
    Right("16.naive_matmul", "B with spaces", lambda: "  B"),
    Right("16.fix_scores", "y's index map (j, k)", lambda: r17_scores_right),
    Right(
        "16.fix_scores",
        "(j, k), and jnp.dot on the block's .T",
        lambda: r17_scores_right_transpose_in_kernel,
    ),
    Right("16.fix_scores", "jnp.where instead of pl.when", lambda: r17_scores_right_where_first),
    Right("16.fix_scores", "two pl.when: set, then add", lambda: r17_scores_right_two_whens),
    Right("16.row_sums", "sum of x * w, keepdims", lambda: r17_rows_right),
    Right("16.row_sums", "x block @ w block .T, highest precision", lambda: r17_rows_right_dot),
    Right("16.row_sums", "pl.cdiv grid, jnp.where accumulator", lambda: r17_rows_right_cdiv_where),
]
