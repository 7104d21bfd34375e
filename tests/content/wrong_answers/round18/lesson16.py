"""Round 18, lesson 16 (first Pallas kernel): answers from the lesson's text alone."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np  # noqa: F401
from jax.experimental import pallas as pl

from tests.content.wrong_answers.round4._common import Right, Wrong

# The lesson's setup.
BACKEND = jax.default_backend()
INTERPRET = BACKEND not in ("tpu", "gpu")
BM, BN, BK = 16, 128, 128

# ---- 16.block_owner: grid for index_map (j, i) and out[20, 300] (letter) -------------

# ---- 16.naive_matmul: a matmul kernel that writes instead of adding (letter) ---------

# ---- 16.fix_scores: x @ y.T with y's BlockSpec fixed ---------------------------------


def r18_scores_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r18_scores_call(x, y, y_map, kernel=r18_scores_kernel, y_block=(BN, BK)):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)), pl.BlockSpec(y_block, y_map)],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r18_scores_unchanged(x, y):
    return r18_scores_call(x, y, lambda i, j, k: (k, j))


def r18_scores_block_back(x, y):
    # index map left as (k, j), block shape turned back to the matmul's (BK, BN)
    return r18_scores_call(x, y, lambda i, j, k: (k, j), y_block=(BK, BN))


def r18_scores_transposed_copy(x, y):
    yt = y.T  # then the matmul's specs fit as they are
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


def r18_scores_plain_jnp(x, y):
    return x @ y.T


def r18_scores_k_first(x, y):
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


def r18_scores_kernel_no_zero(x_ref, y_ref, o_ref):
    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r18_scores_no_zeroing(x, y):
    return r18_scores_call(x, y, lambda i, j, k: (j, k), kernel=r18_scores_kernel_no_zero)


def r18_scores_kernel_python_if(x_ref, y_ref, o_ref):
    if pl.program_id(2) == 0:
        o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r18_scores_python_if(x, y):
    return r18_scores_call(x, y, lambda i, j, k: (j, k), kernel=r18_scores_kernel_python_if)


def r18_scores_grid_n_d_swapped(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r18_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, d // BN, n // BK),  # n and d mixed up: right only when n == d
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r18_scores_kernel_zero_axis0(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r18_scores_zero_wrong_axis(x, y):
    return r18_scores_call(x, y, lambda i, j, k: (j, k), kernel=r18_scores_kernel_zero_axis0)


def r18_scores_kernel_plain_dot(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)


def r18_scores_plain_dot(x, y):
    # fixed the map, and "simplified" the product to a plain dot
    return r18_scores_call(x, y, lambda i, j, k: (j, k), kernel=r18_scores_kernel_plain_dot)


def r18_scores_kernel_assign(x_ref, y_ref, o_ref):
    o_ref[...] = jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def r18_scores_assign(x, y):
    return r18_scores_call(x, y, lambda i, j, k: (j, k), kernel=r18_scores_kernel_assign)


def r18_scores_out_map_swapped(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        r18_scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (j, i)),
        interpret=INTERPRET,
    )(x, y)


def r18_scores_right_map(x, y):
    return r18_scores_call(x, y, lambda i, j, k: (j, k))


def r18_scores_right_dot_t(x, y):
    m, d = x.shape
    n = y.shape[0]

    def kernel(x_ref, y_ref, o_ref):
        k = pl.program_id(2)
        part = jnp.dot(x_ref[...], y_ref[...].T, preferred_element_type=jnp.float32)

        @pl.when(k == 0)
        def _():
            o_ref[...] = part

        @pl.when(k > 0)
        def _():
            o_ref[...] = o_ref[...] + part

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        grid=(pl.cdiv(m, BM), pl.cdiv(n, BN), pl.cdiv(d, BK)),
        in_specs=[
            pl.BlockSpec(block_shape=(BM, BK), index_map=lambda i, j, k: (i, k)),
            pl.BlockSpec(block_shape=(BN, BK), index_map=lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec(block_shape=(BM, BN), index_map=lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def r18_scores_right_einsum(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(axis=2) == 0)
        def _():
            o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)

        o_ref[...] += jnp.einsum(
            "ik,jk->ij", x_ref[...], y_ref[...], preferred_element_type=jnp.float32
        )

    grid = (x.shape[0] // BM, y.shape[0] // BN, x.shape[1] // BK)
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((x.shape[0], y.shape[0]), x.dtype),
        grid=grid,
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


# ---- 16.row_sums: weighted row sums out[r, 0] = sum_c x[r, c] * w[0, c] --------------


def r18_rows_call(x, w, kernel, grid=None, w_map=lambda i, j: (0, j), reshape=False):
    m, n = x.shape
    out = pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=grid if grid is not None else (m // BM, n // BN),
        in_specs=[pl.BlockSpec((BM, BN), lambda i, j: (i, j)), pl.BlockSpec((1, BN), w_map)],
        out_specs=pl.BlockSpec((BM, 1), lambda i, j: (i, 0)),
        interpret=INTERPRET,
    )(x, w)
    return out.reshape(m) if reshape else out


def r18_rows_kernel_ok(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r18_rows_kernel_no_zero(x_ref, w_ref, o_ref):
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r18_rows_no_zeroing(x, w):
    return r18_rows_call(x, w, r18_rows_kernel_no_zero)


def r18_rows_kernel_assign(x_ref, w_ref, o_ref):
    o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r18_rows_assign(x, w):
    return r18_rows_call(x, w, r18_rows_kernel_assign)


def r18_rows_kernel_no_keepdims(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1)


def r18_rows_no_keepdims(x, w):
    return r18_rows_call(x, w, r18_rows_kernel_no_keepdims)


def r18_rows_kernel_axis0(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=0, keepdims=True)


def r18_rows_axis0(x, w):
    return r18_rows_call(x, w, r18_rows_kernel_axis0)


def r18_rows_w_map_swapped(x, w):
    return r18_rows_call(x, w, r18_rows_kernel_ok, w_map=lambda i, j: (j, 0))


def r18_rows_reduction_first(x, w):
    m, n = x.shape

    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

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


def r18_rows_plain_jnp(x, w):
    return jnp.sum(x * w, axis=1, keepdims=True)


def r18_rows_kernel_unweighted(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...], axis=1, keepdims=True)


def r18_rows_unweighted(x, w):
    return r18_rows_call(x, w, r18_rows_kernel_unweighted)


def r18_rows_flat(x, w):
    return r18_rows_call(x, w, r18_rows_kernel_ok, reshape=True)


def r18_rows_grid_by_bm(x, w):
    m, n = x.shape
    return r18_rows_call(x, w, r18_rows_kernel_ok, grid=(m // BM, n // BM))


def r18_rows_kernel_zero_axis0(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r18_rows_zero_wrong_axis(x, w):
    return r18_rows_call(x, w, r18_rows_kernel_zero_axis0)


def r18_rows_kernel_squared(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum((x_ref[...] - w_ref[...]) ** 2, axis=1, keepdims=True)


def r18_rows_squared_variant(x, w):
    return r18_rows_call(x, w, r18_rows_kernel_squared)


def r18_rows_hardcoded_grid(x, w):
    return r18_rows_call(x, w, r18_rows_kernel_ok, grid=(2, 2))


def r18_rows_right_dot(x, w):
    m, n = x.shape

    def kernel(x_ref, w_ref, o_ref):
        j = pl.program_id(1)
        part = jnp.dot(x_ref[...], w_ref[...].T, preferred_element_type=jnp.float32)

        @pl.when(j == 0)
        def _():
            o_ref[...] = part

        @pl.when(j != 0)
        def _():
            o_ref[...] += part

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(pl.cdiv(m, BM), pl.cdiv(n, BN)),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
            pl.BlockSpec((1, BN), lambda i, j: (0, j)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda i, j: (i, 0)),
        interpret=INTERPRET,
    )(x, w)


def r18_rows_right_dot_general(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros(o_ref.shape, jnp.float32)

        o_ref[...] += jax.lax.dot_general(
            x_ref[...], w_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    return r18_rows_call(x, w, kernel)


def r18_rows_right_loop_cols(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        acc = jnp.zeros((BM, 1), jnp.float32)
        prod = x_ref[...] * w_ref[...]
        for c in range(0, BN, 32):  # in four slices of 32 columns
            acc = acc + prod[:, c : c + 32].sum(axis=-1)[:, None]
        o_ref[...] = o_ref[...] + acc

    return r18_rows_call(x, w, kernel)


ROUND_18 = [
    # 16.block_owner (right: B)
    Wrong("16.block_owner", "typed A: grid counts the output's blocks", lambda: "A"),
    Wrong("16.block_owner", "typed C: ids (1, 2) write block (1, 2)", lambda: "C"),
    Wrong("16.block_owner", "typed D: grid (2, 3) and value 21", lambda: "D"),
    Wrong("16.block_owner", "typed E: Pallas derives the grid", lambda: "E"),
    Wrong("16.block_owner", "gave the value, 21", lambda: 21),
    Wrong("16.block_owner", "gave the grid as a string", lambda: "(3, 2)"),
    Wrong("16.block_owner", "B or C, both say grid (3, 2)", lambda: "B or C"),
    Wrong("16.block_owner", "typed lowercase d", lambda: "d"),
    Wrong("16.block_owner", "left the placeholder", lambda: ...),
    Wrong("16.block_owner", "gave the value 12 as a string", lambda: "12"),
    # 16.naive_matmul (right: B)
    Wrong("16.naive_matmul", "typed A: Pallas loops over k itself", lambda: "A"),
    Wrong("16.naive_matmul", "typed C: shared blocks add up", lambda: "C"),
    Wrong("16.naive_matmul", "typed D: runs only at the last k step", lambda: "D"),
    Wrong("16.naive_matmul", "typed E: later writes are dropped", lambda: "E"),
    Wrong("16.naive_matmul", "B and D, both end with the last block", lambda: "BD"),
    Wrong("16.naive_matmul", "gave the run count", lambda: 12),
    Wrong("16.naive_matmul", "described the result in words", lambda: "last k block"),
    Wrong("16.naive_matmul", "typed lowercase a", lambda: "a"),
    Wrong("16.naive_matmul", "left the placeholder", lambda: ...),
    Wrong("16.naive_matmul", "typed C with a dot", lambda: "C."),
    # 16.fix_scores
    Wrong("16.fix_scores", "copied scores_buggy unchanged", lambda: r18_scores_unchanged),
    Wrong("16.fix_scores", "turned y's block back to (BK, BN)", lambda: r18_scores_block_back),
    Wrong("16.fix_scores", "handed the kernel y.T", lambda: r18_scores_transposed_copy),
    Wrong("16.fix_scores", "plain x @ y.T, no kernel", lambda: r18_scores_plain_jnp),
    Wrong("16.fix_scores", "put k first in the grid", lambda: r18_scores_k_first),
    Wrong("16.fix_scores", "fixed the map, dropped the zeroing", lambda: r18_scores_no_zeroing),
    Wrong("16.fix_scores", "Python if on program_id", lambda: r18_scores_python_if),
    Wrong(
        "16.fix_scores",
        "grid takes n and d in the wrong places",
        lambda: r18_scores_grid_n_d_swapped,
    ),
    Wrong("16.fix_scores", "zeroes on program_id(0)", lambda: r18_scores_zero_wrong_axis),
    Wrong(
        "16.fix_scores", "fixed the map, product without transpose", lambda: r18_scores_plain_dot
    ),
    Wrong("16.fix_scores", "fixed the map, writes with = not +=", lambda: r18_scores_assign),
    Wrong(
        "16.fix_scores", "swapped the output's index map too", lambda: r18_scores_out_map_swapped
    ),
    # 16.row_sums
    Wrong("16.row_sums", "no zeroing of the output block", lambda: r18_rows_no_zeroing),
    Wrong("16.row_sums", "writes each block's sum with =", lambda: r18_rows_assign),
    Wrong("16.row_sums", "sum without keepdims", lambda: r18_rows_no_keepdims),
    Wrong("16.row_sums", "summed down the columns, axis 0", lambda: r18_rows_axis0),
    Wrong("16.row_sums", "w's index map (j, 0) instead of (0, j)", lambda: r18_rows_w_map_swapped),
    Wrong("16.row_sums", "column steps first in the grid", lambda: r18_rows_reduction_first),
    Wrong("16.row_sums", "plain jnp, no kernel", lambda: r18_rows_plain_jnp),
    Wrong("16.row_sums", "forgot to multiply by w", lambda: r18_rows_unweighted),
    Wrong("16.row_sums", "returned shape (m,), not (m, 1)", lambda: r18_rows_flat),
    Wrong("16.row_sums", "column steps counted with BM", lambda: r18_rows_grid_by_bm),
    Wrong("16.row_sums", "zeroes on program_id(0)", lambda: r18_rows_zero_wrong_axis),
    Wrong("16.row_sums", "squared distance, another variant", lambda: r18_rows_squared_variant),
    Wrong("16.row_sums", "grid=(2, 2) from the lesson's shapes", lambda: r18_rows_hardcoded_grid),
]

RIGHT_18 = [
    Right("16.block_owner", "lowercase b", lambda: "b"),
    Right("16.block_owner", "B with a leading space", lambda: " B"),
    Right("16.block_owner", "B with a dot", lambda: "B."),
    Right("16.naive_matmul", "lowercase b", lambda: "b"),
    Right("16.naive_matmul", "B with spaces around", lambda: " B "),
    Right("16.naive_matmul", "lowercase b with a dot", lambda: "b."),
    Right("16.fix_scores", "y's index map (j, k), nothing else", lambda: r18_scores_right_map),
    Right(
        "16.fix_scores", "dot with y block .T, when/else, cdiv grid", lambda: r18_scores_right_dot_t
    ),
    Right("16.fix_scores", "einsum ik,jk->ij in the kernel", lambda: r18_scores_right_einsum),
    Right("16.row_sums", "dot with w's block transposed, when/else", lambda: r18_rows_right_dot),
    Right("16.row_sums", "dot_general contracting the columns", lambda: r18_rows_right_dot_general),
    Right(
        "16.row_sums", "sums the block in slices of 32 columns", lambda: r18_rows_right_loop_cols
    ),
]
