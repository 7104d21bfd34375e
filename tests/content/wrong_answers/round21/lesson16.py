"""Round 21, lesson 16 (a first Pallas kernel): answers from the lesson's text alone.

The page's setup defines BM, BN, BK (copied here) and INTERPRET, which asks JAX for its
backend; to start no backend when this module is imported, each answer asks at call
time instead: `interpret=jax.default_backend() not in ("tpu", "gpu")`.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from tests.content.wrong_answers.round4._common import Right, Wrong

BM, BN, BK = 16, 128, 128  # block rows, block columns, and the summed axis's block

# ---- 16.block_owner: grid and out[20, 300] with index_map (j, i) (a letter; B) -------

# ---- 16.naive_matmul: a matmul kernel that overwrites (a letter; B) ------------------

# ---- 16.fix_scores: x @ y.T in a kernel, with y's index_map fixed -------------------


def _scores_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def _scores_call(kernel, x, y, y_map, *, grid=None, out_shape=None, y_block=(BN, BK)):
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        kernel,
        out_shape=out_shape or jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=grid or (m // BM, n // BN, d // BK),
        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)), pl.BlockSpec(y_block, y_map)],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=jax.default_backend() not in ("tpu", "gpu"),
    )(x, y)


def r21_scores_buggy_copied(x, y):
    return _scores_call(_scores_kernel, x, y, lambda i, j, k: (k, j))


def r21_scores_block_turned_back(x, y):
    # y's block back to (BK, BN), index map unchanged: the blocks are y's, not y.T's
    return _scores_call(_scores_kernel, x, y, lambda i, j, k: (k, j), y_block=(BK, BN))


def r21_scores_transposed_copy(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

    yt = y.T
    (m, d), (_, n) = x.shape, yt.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BK, BN), lambda i, j, k: (k, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=jax.default_backend() not in ("tpu", "gpu"),
    )(x, yt)


def r21_scores_no_kernel(x, y):
    return jnp.einsum("md,nd->mn", x, y)


def r21_scores_no_zeroing(x, y):
    def kernel(x_ref, y_ref, o_ref):
        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


def r21_scores_zero_on_axis0(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)  # i, not k
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


def r21_scores_shapes_from_matmul(x, y):
    # tiled_matmul's unpacking kept: n is read as y.shape[1], which is d
    (m, d), (_, n) = x.shape, y.shape
    return pl.pallas_call(
        _scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=jax.default_backend() not in ("tpu", "gpu"),
    )(x, y)


def r21_scores_k_first(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)  # k is now the first grid axis
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
        interpret=jax.default_backend() not in ("tpu", "gpu"),
    )(x, y)


def r21_scores_overwrites(x, y):
    def kernel(x_ref, y_ref, o_ref):
        o_ref[...] = jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


def r21_scores_python_if(x, y):
    def kernel(x_ref, y_ref, o_ref):
        if pl.program_id(2) == 0:
            o_ref[...] = jnp.zeros_like(o_ref)
        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
        )

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


def r21_scores_contract_rows(x, y):
    # the map fixed, but the product no longer transposes y's block
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


def r21_scores_grid_swapped(x, y):
    (m, d), (n, _) = x.shape, y.shape
    return _scores_call(
        _scores_kernel, x, y, lambda i, j, k: (j, k), grid=(n // BN, m // BM, d // BK)
    )


def r21_scores_right_dot_of_transpose(x, y):
    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros(o_ref.shape, jnp.float32)

        o_ref[...] += jnp.dot(x_ref[...], y_ref[...].T, preferred_element_type=jnp.float32)

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


def r21_scores_right_where_zero(x, y):
    def kernel(x_ref, y_ref, o_ref):
        first = pl.program_id(2) == 0
        partial = jnp.einsum(
            "md,nd->mn", x_ref[...], y_ref[...], preferred_element_type=jnp.float32
        )
        o_ref[...] = jnp.where(first, 0.0, o_ref[...]) + partial

    m, d = x.shape
    n = y.shape[0]

    def y_block(row, col, step):
        return col, step  # y's rows follow the output's columns

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda row, col, step: (row, step)),
            pl.BlockSpec((BN, BK), y_block),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda row, col, step: (row, col)),
        interpret=jax.default_backend() not in ("tpu", "gpu"),
    )(x, y)


def r21_scores_right_last_step_flag(x, y):
    def kernel(x_ref, y_ref, o_ref):
        k = pl.program_id(2)

        @pl.when(k == 0)
        def _():
            o_ref[...] = jax.lax.dot_general(
                x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
            )

        @pl.when(k > 0)
        def _():
            o_ref[...] += jax.lax.dot_general(
                x_ref[...], y_ref[...], (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
            )

    return _scores_call(kernel, x, y, lambda i, j, k: (j, k))


# ---- 16.row_sums: weighted row sums in a kernel, the column axis reduced -------------


def _rows_call(
    kernel,
    x,
    w,
    *,
    grid=None,
    w_map=lambda i, k: (0, k),
    out_shape=None,
    out_block=(BM, 1),
    w_block=(1, BN),
):
    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=out_shape or jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=grid or (m // BM, n // BN),
        in_specs=[pl.BlockSpec((BM, BN), lambda i, k: (i, k)), pl.BlockSpec(w_block, w_map)],
        out_specs=pl.BlockSpec(out_block, lambda i, k: (i, 0)),
        interpret=jax.default_backend() not in ("tpu", "gpu"),
    )(x, w)


def _rows_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r21_rows_no_zeroing(x, w):
    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    return _rows_call(kernel, x, w)


def r21_rows_k_first(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(n // BN, m // BM),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda k, i: (i, k)),
            pl.BlockSpec((1, BN), lambda k, i: (0, k)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda k, i: (i, 0)),
        interpret=jax.default_backend() not in ("tpu", "gpu"),
    )(x, w)


def r21_rows_w_map_swapped(x, w):
    return _rows_call(_rows_kernel, x, w, w_map=lambda i, k: (k, 0))


def r21_rows_w_first_block(x, w):
    return _rows_call(_rows_kernel, x, w, w_map=lambda i, k: (0, 0))


def r21_rows_overwrites(x, w):
    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    return _rows_call(kernel, x, w)


def r21_rows_sum_axis0(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=0, keepdims=True)

    return _rows_call(kernel, x, w)


def r21_rows_fixed_grid(x, w):
    return _rows_call(_rows_kernel, x, w, grid=(2, 2))


def r21_rows_no_kernel(x, w):
    return jnp.sum(x * w, axis=1, keepdims=True)


def r21_rows_flat_output(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1)

    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m,), jnp.float32),
        grid=(m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda i, k: (i, k)),
            pl.BlockSpec((1, BN), lambda i, k: (0, k)),
        ],
        out_specs=pl.BlockSpec((BM,), lambda i, k: (i,)),
        interpret=jax.default_backend() not in ("tpu", "gpu"),
    )(x, w)


def r21_rows_python_if(x, w):
    def kernel(x_ref, w_ref, o_ref):
        if pl.program_id(1) == 0:
            o_ref[...] = jnp.zeros_like(o_ref)
        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    return _rows_call(kernel, x, w)


def r21_rows_zero_on_last_step(x, w):
    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

        @pl.when(pl.program_id(1) == pl.num_programs(1) - 1)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

    return _rows_call(kernel, x, w)


def r21_rows_grid_by_bm(x, w):
    # the column steps counted in BM, not BN: 8 times too many for n
    m, n = x.shape
    return _rows_call(_rows_kernel, x, w, grid=(m // BM, n // BM))


def r21_rows_right_dot(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros(o_ref.shape, o_ref.dtype)

        o_ref[...] += jnp.dot(x_ref[...], w_ref[...].T, preferred_element_type=jnp.float32)

    return _rows_call(kernel, x, w)


def r21_rows_right_where(x, w):
    def kernel(x_ref, w_ref, o_ref):
        step = pl.program_id(1)
        part = (x_ref[...] * w_ref[...]).sum(axis=-1)[:, None]
        o_ref[...] = jnp.where(step == 0, part, o_ref[...] + part)

    m, n = x.shape
    rows, cols = m // BM, n // BN
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(rows, cols),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda r, c: (r, c)),
            pl.BlockSpec((1, BN), lambda r, c: (0, c)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda r, c: (r, 0)),
        interpret=jax.default_backend() not in ("tpu", "gpu"),
    )(x, w)


def r21_rows_right_cdiv(x, w):
    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.einsum("rc,oc->ro", x_ref[...], w_ref[...])

    m, n = x.shape
    return _rows_call(kernel, x, w, grid=(pl.cdiv(m, BM), pl.cdiv(n, BN)))


ROUND_21 = [
    # 16.block_owner
    Wrong("16.block_owner", "A: grid counts blocks, ids = block", lambda: "A"),
    Wrong("16.block_owner", "C: grid (3, 2) but ids = block index", lambda: "C"),
    Wrong("16.block_owner", "D: grid (2, 3), value 21", lambda: "D"),
    Wrong("16.block_owner", "E: Pallas derives the grid", lambda: "E"),
    Wrong("16.block_owner", "BC: both say grid (3, 2)", lambda: "BC"),
    Wrong("16.block_owner", "BD: both say 21", lambda: "BD"),
    Wrong("16.block_owner", "typed the value", lambda: 21),
    Wrong("16.block_owner", "typed the grid", lambda: "(3, 2)"),
    Wrong("16.block_owner", "typed the other value, 12", lambda: "12"),
    Wrong("16.block_owner", "left the placeholder", lambda: ...),
    # 16.naive_matmul
    Wrong("16.naive_matmul", "A: Pallas loops over k itself", lambda: "A"),
    Wrong("16.naive_matmul", "C: writes to one block add up", lambda: "C"),
    Wrong("16.naive_matmul", "D: runs only at the last k step", lambda: "D"),
    Wrong("16.naive_matmul", "E: later writes are dropped", lambda: "E"),
    Wrong("16.naive_matmul", "BD: both give the last partial product", lambda: "BD"),
    Wrong("16.naive_matmul", "BE: unsure which block stays", lambda: "BE"),
    Wrong("16.naive_matmul", "typed the count of runs", lambda: 12),
    Wrong(
        "16.naive_matmul",
        "typed the result's formula, not a letter",
        lambda: "x[:, 256:] @ y[256:, :]",
    ),
    Wrong("16.naive_matmul", "left the placeholder", lambda: ...),
    Wrong("16.naive_matmul", "empty string", lambda: ""),
    # 16.fix_scores
    Wrong("16.fix_scores", "submitted the buggy version", lambda: r21_scores_buggy_copied),
    Wrong(
        "16.fix_scores", "turned y's block back to (BK, BN)", lambda: r21_scores_block_turned_back
    ),
    Wrong(
        "16.fix_scores",
        "tiled matmul on y.T (a transposed copy)",
        lambda: r21_scores_transposed_copy,
    ),
    Wrong("16.fix_scores", "einsum without a kernel", lambda: r21_scores_no_kernel),
    Wrong("16.fix_scores", "map fixed, pl.when zeroing dropped", lambda: r21_scores_no_zeroing),
    Wrong("16.fix_scores", "zeroed on program_id(0), not 2", lambda: r21_scores_zero_on_axis0),
    Wrong(
        "16.fix_scores",
        "kept tiled_matmul's (_, n) = y.shape",
        lambda: r21_scores_shapes_from_matmul,
    ),
    Wrong("16.fix_scores", "k as the first grid axis", lambda: r21_scores_k_first),
    Wrong("16.fix_scores", "map fixed, but = instead of +=", lambda: r21_scores_overwrites),
    Wrong("16.fix_scores", "Python if on program_id", lambda: r21_scores_python_if),
    Wrong(
        "16.fix_scores", "map fixed, jnp.dot without transposing", lambda: r21_scores_contract_rows
    ),
    Wrong("16.fix_scores", "grid's first two axes swapped", lambda: r21_scores_grid_swapped),
    # 16.row_sums
    Wrong("16.row_sums", "no zeroing of the output block", lambda: r21_rows_no_zeroing),
    Wrong("16.row_sums", "summed axis first in the grid", lambda: r21_rows_k_first),
    Wrong("16.row_sums", "w's index map (k, 0)", lambda: r21_rows_w_map_swapped),
    Wrong("16.row_sums", "w's index map always (0, 0)", lambda: r21_rows_w_first_block),
    Wrong("16.row_sums", "= instead of +=: last column block only", lambda: r21_rows_overwrites),
    Wrong("16.row_sums", "summed over axis 0", lambda: r21_rows_sum_axis0),
    Wrong("16.row_sums", "grid fixed at (2, 2)", lambda: r21_rows_fixed_grid),
    Wrong("16.row_sums", "jnp without a kernel", lambda: r21_rows_no_kernel),
    Wrong("16.row_sums", "output of shape (m,)", lambda: r21_rows_flat_output),
    Wrong("16.row_sums", "Python if on program_id", lambda: r21_rows_python_if),
    Wrong(
        "16.row_sums",
        "zeroed at the last step instead of the first",
        lambda: r21_rows_zero_on_last_step,
    ),
    Wrong("16.row_sums", "column steps n // BM", lambda: r21_rows_grid_by_bm),
]

RIGHT_21 = [
    Right("16.block_owner", "lowercase", lambda: "b"),
    Right("16.block_owner", "with a full stop", lambda: "B."),
    Right("16.block_owner", "with a leading space", lambda: " B"),
    Right("16.naive_matmul", "lowercase with a space", lambda: " b"),
    Right("16.naive_matmul", "with a closing parenthesis", lambda: "B)"),
    Right("16.naive_matmul", "with spaces around", lambda: " B "),
    Right(
        "16.fix_scores",
        "map (j, k), jnp.dot of the block's .T",
        lambda: r21_scores_right_dot_of_transpose,
    ),
    Right(
        "16.fix_scores",
        "einsum in the kernel, where instead of when",
        lambda: r21_scores_right_where_zero,
    ),
    Right(
        "16.fix_scores",
        "first step assigns, later ones add",
        lambda: r21_scores_right_last_step_flag,
    ),
    Right("16.row_sums", "jnp.dot with w's block transposed", lambda: r21_rows_right_dot),
    Right("16.row_sums", "where on the step instead of pl.when", lambda: r21_rows_right_where),
    Right("16.row_sums", "grid by pl.cdiv, einsum in the kernel", lambda: r21_rows_right_cdiv),
]
