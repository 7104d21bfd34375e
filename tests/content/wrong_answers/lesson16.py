"""Lesson 16: realistic wrong answers (see the package docstring for the labels).

The kernels run in interpret mode, as the grader's inputs are judged on a CPU."""

from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

from tests.content.wrong_answers import Wrong

BM, BN, BK = 16, 128, 128
INTERPRET = True


def _zero_first(o_ref, axis):
    @pl.when(pl.program_id(axis) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)


# --- 16.fix_scores ------------------------------------------------------------------------
# scores(x, y) = x @ y.T, y of shape (n, d); the page's y index_map (k, j) is the bug.


def _transposed(x_block, y_block):
    return jax.lax.dot_general(
        x_block, y_block, (((1,), (1,)), ((), ())), preferred_element_type=jnp.float32
    )


def _scores_kernel(x_ref, y_ref, o_ref):
    _zero_first(o_ref, 2)
    o_ref[...] += _transposed(x_ref[...], y_ref[...])


def _scores_with(y_map, kernel=_scores_kernel, y_block=(BN, BK), x_map=None, out_map=None):
    def scores(x, y):
        (m, d), (n, _) = x.shape, y.shape
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=(m // BM, n // BN, d // BK),
            in_specs=[
                pl.BlockSpec((BM, BK), x_map or (lambda i, j, k: (i, k))),
                pl.BlockSpec(y_block, y_map),
            ],
            out_specs=pl.BlockSpec((BM, BN), out_map or (lambda i, j, k: (i, j))),
            interpret=INTERPRET,
        )(x, y)

    return scores


def scores_copied_unchanged():  # the buggy cell pasted, renamed, nothing fixed
    return _scores_with(lambda i, j, k: (k, j))


def scores_block_shape_blamed():  # y's block shape turned back to (BK, BN), map left as is
    return _scores_with(lambda i, j, k: (k, j), y_block=(BK, BN))


def _plain_dot_kernel(x_ref, y_ref, o_ref):  # transposition taken out of the kernel
    _zero_first(o_ref, 2)
    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)


def scores_dot_not_dot_general():  # index fixed, and dot_general "simplified" to jnp.dot
    return _scores_with(lambda i, j, k: (j, k), kernel=_plain_dot_kernel)


def scores_swapped_x():  # x's index_map swapped, y's block shape turned back to (BK, BN)
    return _scores_with(lambda i, j, k: (k, j), y_block=(BK, BN), x_map=lambda i, j, k: (k, i))


def _scores_no_when(x_ref, y_ref, o_ref):  # the pl.when "looked unneeded" and went
    o_ref[...] += _transposed(x_ref[...], y_ref[...])


def scores_without_when():
    return _scores_with(lambda i, j, k: (j, k), kernel=_scores_no_when)


def scores_k_outermost(x, y):  # k first, "the sum is the outer loop", pl.when moved to axis 0
    (m, d), (n, _) = x.shape, y.shape

    def kernel(x_ref, y_ref, o_ref):
        _zero_first(o_ref, 0)
        o_ref[...] += _transposed(x_ref[...], y_ref[...])

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


def scores_rows_in_wide_blocks(x, y):  # m counted in blocks of BN: 0 steps for m < 128
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        _scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BN, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def scores_shapes_as_matmul(x, y):  # (m, d), (d, n) unpacked as in tiled_matmul
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
        interpret=INTERPRET,
    )(x, y)


def scores_plain_matmul_kept():  # block shape (BN, BK) and nothing else changed but the dot
    return _scores_with(lambda i, j, k: (k, j), kernel=_plain_dot_kernel)


def _scores_assign(x_ref, y_ref, o_ref):  # the naive matmul's "=" with the transposed dot
    o_ref[...] = _transposed(x_ref[...], y_ref[...])


def scores_assigned():
    return _scores_with(lambda i, j, k: (j, k), kernel=_scores_assign)


def scores_y_rows_fixed():  # y's map (0, k): "y has one row block per k step"
    return _scores_with(lambda i, j, k: (0, k))


def scores_y_columns_fixed():  # y's map (j, 0): the rows fixed, the k block forgotten
    return _scores_with(lambda i, j, k: (j, 0))


def scores_y_map_ik():  # y's map (i, k): the output's row id where its column is meant
    return _scores_with(lambda i, j, k: (k, i))


def scores_grid_plus_one(x, y):  # "round up" written m // BM + 1: a row block past the end
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        _scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM + 1, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def scores_one_k_step(x, y):  # d counted in blocks of two BK: "y's block is transposed"
    (m, d), (n, _) = x.shape, y.shape
    return pl.pallas_call(
        _scores_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, max(1, d // (2 * BK))),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def scores_whole_d(x, y):  # "d is small": blocks of all d, no k axis, nothing to accumulate
    (m, d), (n, _) = x.shape, y.shape

    def kernel(x_ref, y_ref, o_ref):
        o_ref[...] = _transposed(x_ref[...], y_ref[...])

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, d), lambda i, j: (i, 0)),
            pl.BlockSpec((BN, d), lambda i, j: (j, 0)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
        interpret=INTERPRET,
    )(x, y)


def scores_matmul_of_transpose(x, y):  # the page's tiled matmul, fed jnp.transpose(y)
    y_t = jnp.transpose(y)
    (m, d), (_, n) = x.shape, y_t.shape
    return pl.pallas_call(
        _plain_dot_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // BM, n // BN, d // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
            pl.BlockSpec((BK, BN), lambda i, j, k: (k, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
        interpret=INTERPRET,
    )(x, y_t)


def scores_in_jnp(x, y):  # the kernel replaced by what it should compute
    return jnp.matmul(x, jnp.transpose(y))


def scores_einsum(x, y):
    return jnp.einsum("md,nd->mn", x, y)


# --- 16.row_sums --------------------------------------------------------------------------
# out[r, 0] = sum_c x[r, c] * w[0, c], x (m, n), w (1, n), out (m, 1).


def _rows_with(kernel, grid_of=None, w_map=None, out_map=None):
    def row_sums(x, w):
        m, n = x.shape
        grid = grid_of(m, n) if grid_of else (m // BM, n // BN)
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, 1), x.dtype),
            grid=grid,
            in_specs=[
                pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
                pl.BlockSpec((1, BN), w_map or (lambda i, j: (0, j))),
            ],
            out_specs=pl.BlockSpec((BM, 1), out_map or (lambda i, j: (i, 0))),
            interpret=INTERPRET,
        )(x, w)

    return row_sums


def _rows_assign(x_ref, w_ref, o_ref):  # the element-wise kernel's "=", kept
    o_ref[...] = jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rows_zero_every_step(x_ref, w_ref, o_ref):  # zeroed unconditionally, then added
    o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rows_no_zero(x_ref, w_ref, o_ref):  # "outputs start at zero", like np.zeros
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rows_right(x_ref, w_ref, o_ref):
    _zero_first(o_ref, 1)
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _rows_no_weights(x_ref, w_ref, o_ref):  # w passed in, and forgotten in the sum
    _zero_first(o_ref, 1)
    o_ref[...] += jnp.sum(x_ref[...], axis=1, keepdims=True)


def _rows_zero_on_row_axis(x_ref, w_ref, o_ref):  # zeroed on the first row step: axis 0
    _zero_first(o_ref, 0)
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def rows_assign():
    return _rows_with(_rows_assign)


def rows_zero_every_step():
    return _rows_with(_rows_zero_every_step)


def rows_no_zero():
    return _rows_with(_rows_no_zero)


def rows_grid_rows_only():  # one program per block of rows, as in a row-wise op
    return _rows_with(_rows_right, grid_of=lambda m, n: (m // BM, 1))


def rows_page_grid():  # grid typed in for the page's (32, 256)
    return _rows_with(_rows_right, grid_of=lambda m, n: (2, 2))


def _rows_absolute_distance(x_ref, w_ref, o_ref):  # a classmate's variant's term, not x * w
    _zero_first(o_ref, 1)
    o_ref[...] += jnp.sum(jnp.abs(x_ref[...] - w_ref[...]), axis=1, keepdims=True)


def rows_absolute_distance():
    return _rows_with(_rows_absolute_distance)


def rows_no_weights():
    return _rows_with(_rows_no_weights)


def rows_zero_on_row_axis():
    return _rows_with(_rows_zero_on_row_axis)


def rows_columns_outer(x, w):  # grid (columns, rows): the sum as the outer loop
    m, n = x.shape

    def kernel(x_ref, w_ref, o_ref):
        _zero_first(o_ref, 0)
        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), x.dtype),
        grid=(n // BN, m // BM),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda j, i: (i, j)),
            pl.BlockSpec((1, BN), lambda j, i: (0, j)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda j, i: (i, 0)),
        interpret=INTERPRET,
    )(x, w)


def rows_grid_blocks_swapped():  # rows in blocks of BN, columns in blocks of BM
    return _rows_with(_rows_right, grid_of=lambda m, n: (m // BN, n // BM))


def _rows_add_then_zero(x_ref, w_ref, o_ref):  # the zeroing written after the sum
    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)
    _zero_first(o_ref, 1)


def rows_add_then_zero():
    return _rows_with(_rows_add_then_zero)


def rows_w_fixed():  # w's map (0, 0): "w is one row, so one block"
    return _rows_with(_rows_right, w_map=lambda i, j: (0, 0))


def rows_last_index_grid():  # the column steps counted as the last block's index
    return _rows_with(_rows_right, grid_of=lambda m, n: (m // BM, n // BN - 1 if n > BN else 1))


def rows_w_map_like_x():  # w's map (i, j), as x's: w has one block row
    return _rows_with(_rows_right, w_map=lambda i, j: (i, j))


def rows_out_map_ij():  # the output's map (i, j), as x's: the output has one block column
    return _rows_with(_rows_right, out_map=lambda i, j: (i, j))


def rows_grid_plus_one():  # "round up" written m // BM + 1: one row block past the end
    return _rows_with(_rows_right, grid_of=lambda m, n: (m // BM + 1, n // BN))


def rows_whole_rows(x, w):  # one block per 16 rows, all n columns: "fewer, bigger blocks"
    m, n = x.shape

    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] = jnp.dot(x_ref[...], w_ref[...].T, preferred_element_type=jnp.float32)

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), x.dtype),
        grid=(m // BM,),
        in_specs=[
            pl.BlockSpec((BM, n), lambda i: (i, 0)),
            pl.BlockSpec((1, n), lambda i: (0, 0)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda i: (i, 0)),
        interpret=INTERPRET,
    )(x, w)


def rows_whole_rows_accumulator_kept():  # the accumulator kept, its column axis one step
    def row_sums(x, w):
        m, n = x.shape
        return pl.pallas_call(
            _rows_right,
            out_shape=jax.ShapeDtypeStruct((m, 1), x.dtype),
            grid=(m // BM, 1),
            in_specs=[
                pl.BlockSpec((BM, n), lambda i, j: (i, j)),
                pl.BlockSpec((1, n), lambda i, j: (0, j)),
            ],
            out_specs=pl.BlockSpec((BM, 1), lambda i, j: (i, 0)),
            interpret=INTERPRET,
        )(x, w)

    return row_sums


def rows_in_jnp(x, w):
    return x @ w.T


WRONG_ANSWERS = (
    # 16.block_owner: the grid an index_map needs, and which program writes a block
    Wrong(
        "16.block_owner",
        "a: the grid of the output's blocks",
        lambda: "a",
        named="grid-from-output",
    ),
    Wrong(
        "16.block_owner", "(A), the identity map's reading", lambda: "(A)", named="grid-from-output"
    ),
    Wrong("16.block_owner", "c: ids are the block index", lambda: "c", named="ids-are-blocks"),
    Wrong(
        "16.block_owner",
        "option C after the page's demo",
        lambda: "option C",
        named="ids-are-blocks",
    ),
    Wrong(
        "16.block_owner", "d: grid unchanged, writer swapped", lambda: "d", named="grid-unchanged"
    ),
    Wrong("16.block_owner", "D with a full stop", lambda: "D.", named="grid-unchanged"),
    Wrong("16.block_owner", "e: Pallas works the grid out", lambda: "e", named="derived-grid"),
    Wrong("16.block_owner", "E in brackets", lambda: " (E) ", named="derived-grid"),
    # 16.naive_matmul: what the tiled matmul returns when each k step writes its block
    Wrong("16.naive_matmul", "a: one run per output block", lambda: "a", named="loops-over-k"),
    Wrong("16.naive_matmul", "option A", lambda: "option A", named="loops-over-k"),
    Wrong("16.naive_matmul", "c: writes add up", lambda: "c", named="writes-add"),
    Wrong("16.naive_matmul", "(C): like +=", lambda: "(C)", named="writes-add"),
    Wrong("16.naive_matmul", "d: right result, runs skipped", lambda: "d", named="runs-skipped"),
    Wrong("16.naive_matmul", "D after running it", lambda: "D:", named="runs-skipped"),
    Wrong("16.naive_matmul", "e: the first write stays", lambda: "e", named="first-write-stays"),
    Wrong("16.naive_matmul", "option e", lambda: "option e", named="first-write-stays"),
    # 16.fix_scores
    Wrong(
        "16.fix_scores",
        "the buggy cell pasted, renamed",
        scores_copied_unchanged,
        named="page-index-map",
    ),
    Wrong(
        "16.fix_scores",
        "y's block shape blamed, map kept",
        scores_block_shape_blamed,
        named="page-index-map",
    ),
    Wrong(
        "16.fix_scores",
        "map fixed, dot_general swapped for jnp.dot",
        scores_dot_not_dot_general,
        named="not-transposed",
    ),
    Wrong("16.fix_scores", "swapped x's index_map too", scores_swapped_x, named="x-map-changed"),
    Wrong(
        "16.fix_scores",
        "y's map fixed, the output's swapped to (j, i) as well",
        lambda: _scores_with(lambda i, j, k: (j, k), out_map=lambda i, j, k: (j, i)),
        named="blocks-unwritten",
    ),
    Wrong("16.fix_scores", "pl.when removed as unneeded", scores_without_when, named="not-zeroed"),
    Wrong(
        "16.fix_scores",
        "k the outermost grid axis",
        lambda: scores_k_outermost,
        named="revisited-output",
    ),
    Wrong(
        "16.fix_scores",
        "rows counted in blocks of BN",
        lambda: scores_rows_in_wide_blocks,
        named="never-ran",
    ),
    Wrong(
        "16.fix_scores",
        "shapes unpacked as the matmul's",
        lambda: scores_shapes_as_matmul,
        named="columns-of-x",
    ),
    Wrong("16.fix_scores", "jnp.dot in, map kept", scores_plain_matmul_kept, named="matmul-again"),
    Wrong("16.fix_scores", "= where += was", scores_assigned, named="last-k-only"),
    Wrong("16.fix_scores", "y's row block fixed at 0", scores_y_rows_fixed, named="y-row-block"),
    Wrong(
        "16.fix_scores", "y's k block fixed at 0", scores_y_columns_fixed, named="y-column-block"
    ),
    Wrong("16.fix_scores", "y's map (k, i)", scores_y_map_ik, named="y-blocks-unrelated"),
    Wrong(
        "16.fix_scores",
        "d counted in blocks of 256",
        lambda: scores_one_k_step,
        named="sum-stops-short",
    ),
    Wrong(
        "16.fix_scores",
        "grid rounded up as m // BM + 1",
        lambda: scores_grid_plus_one,
        named="block-out-of-range",
    ),
    Wrong(
        "16.fix_scores", "blocks of all d, no k axis", lambda: scores_whole_d, named="wide-blocks"
    ),
    Wrong(
        "16.fix_scores",
        "the page's matmul on jnp.transpose(y)",
        lambda: scores_matmul_of_transpose,
        named="transposed-copy",
    ),
    Wrong("16.fix_scores", "jnp.matmul with a transpose", lambda: scores_in_jnp, named="no-kernel"),
    Wrong("16.fix_scores", "einsum instead of a kernel", lambda: scores_einsum, named="no-kernel"),
    # 16.row_sums
    Wrong(
        "16.row_sums", "= kept from the element-wise kernel", rows_assign, named="last-step-only"
    ),
    Wrong("16.row_sums", "zeroed on every step", rows_zero_every_step, named="last-step-only"),
    Wrong("16.row_sums", "no zeroing: outputs assumed zero", rows_no_zero, named="not-zeroed"),
    Wrong(
        "16.row_sums",
        "a row-wise grid, no column axis",
        rows_grid_rows_only,
        named="first-columns-only",
    ),
    Wrong("16.row_sums", "grid typed in as (2, 2)", rows_page_grid, named="rows-unwritten"),
    Wrong("16.row_sums", "w passed but never used", rows_no_weights, named="unweighted"),
    Wrong(
        "16.row_sums",
        "|x - w| summed: another variant's",
        rows_absolute_distance,
        named="another-term",
    ),
    Wrong(
        "16.row_sums",
        "zeroed on the row axis's first step",
        rows_zero_on_row_axis,
        named="zeroed-on-row-axis",
    ),
    Wrong(
        "16.row_sums",
        "column steps as the outer grid axis",
        lambda: rows_columns_outer,
        named="revisited-output",
    ),
    Wrong(
        "16.row_sums", "BM and BN swapped in the grid", rows_grid_blocks_swapped, named="never-ran"
    ),
    Wrong("16.row_sums", "zeroing after the add", rows_add_then_zero, named="first-step-lost"),
    Wrong("16.row_sums", "w's block always (0, 0)", rows_w_fixed, named="w-other-columns"),
    Wrong(
        "16.row_sums",
        "column steps up to the last index",
        rows_last_index_grid,
        named="columns-short",
    ),
    Wrong("16.row_sums", "w's map (i, j), as x's", rows_w_map_like_x, named="block-out-of-range"),
    Wrong(
        "16.row_sums", "output's map (i, j), as x's", rows_out_map_ij, named="block-out-of-range"
    ),
    Wrong(
        "16.row_sums",
        "grid rounded up as m // BM + 1",
        rows_grid_plus_one,
        named="block-out-of-range",
    ),
    Wrong(
        "16.row_sums",
        "whole rows in one block, no column axis",
        lambda: rows_whole_rows,
        named="wide-blocks",
    ),
    Wrong(
        "16.row_sums",
        "whole-row blocks, a column axis of 1 step",
        rows_whole_rows_accumulator_kept,
        named="wide-blocks",
    ),
    Wrong("16.row_sums", "x @ w.T in jnp", lambda: rows_in_jnp, named="no-kernel"),
)


# --- round 16's family in 16.fix_scores: y's map fixed, x's block of d no longer the k step's


def scores_x_columns_fixed():  # "x's block does not move": x's map (i, 0), y's (j, k)
    return _scores_with(lambda i, j, k: (j, k), x_map=lambda i, j, k: (i, 0))


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "16.fix_scores", "y's map fixed, x's at (i, 0)", scores_x_columns_fixed, "x-column-block"
    ),
)


# --- round 18: a block's sum without its column axis, or down its rows; and kernels that do
# none of the work (the red team's answers: the product or the sums made outside, by jnp or
# by another kernel, then copied through a kernel that only moves blocks) ----------------
def r18_rows_call(x, w, kernel):
    m, n = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
            pl.BlockSpec((1, BN), lambda i, j: (0, j)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda i, j: (i, 0)),
        interpret=INTERPRET,
    )(x, w)


def r18_rows_kernel_no_keepdims(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1)


def r18_rows_kernel_axis0(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=0, keepdims=True)


def r18_copy_kernel(r_ref, o_ref):
    o_ref[...] = r_ref[...]


def r18_copied(result, block):
    m, n = result.shape
    spec = pl.BlockSpec(block, lambda i, j: (i, j))
    return pl.pallas_call(
        r18_copy_kernel,
        out_shape=jax.ShapeDtypeStruct(result.shape, result.dtype),
        grid=(m // block[0], n // block[1]),
        in_specs=[spec],
        out_specs=spec,
        interpret=INTERPRET,
    )(result)


def r18_scores_einsum_then_copy(x, y):
    return r18_copied(jnp.einsum("md,nd->mn", x, y), (BM, BN))


def r18_rows_sums_then_copy(x, w):
    return r18_copied(jnp.sum(x * w, axis=1, keepdims=True), (BM, 1))


def r18_rows_kernel_then_copy(x, w):
    """The sums by a real kernel, then a second kernel, the result's, that copies them and
    touches x (0 * x): the kernel that makes the result sums nothing."""
    sums = r18_rows_call(
        x,
        w,
        lambda x_ref, w_ref, o_ref: o_ref.__setitem__(
            ...,
            jnp.where(pl.program_id(1) == 0, 0.0, o_ref[...])
            + jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True),
        ),
    )
    m = x.shape[0]

    def kernel(s_ref, x_ref, o_ref):
        o_ref[...] = s_ref[...] + 0.0 * x_ref[:, :1]

    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((m, 1), jnp.float32),
        grid=(m // BM,),
        in_specs=[
            pl.BlockSpec((BM, 1), lambda i: (i, 0)),
            pl.BlockSpec((BM, BN), lambda i: (i, 0)),
        ],
        out_specs=pl.BlockSpec((BM, 1), lambda i: (i, 0)),
        interpret=INTERPRET,
    )(sums, x)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "16.row_sums",
        "sum without keepdims",
        lambda: lambda x, w: r18_rows_call(x, w, r18_rows_kernel_no_keepdims),
        named="sum-drops-axis",
    ),
    Wrong(
        "16.row_sums",
        "summed down the rows, axis 0",
        lambda: lambda x, w: r18_rows_call(x, w, r18_rows_kernel_axis0),
        named="value-wider-than-output",
    ),
    Wrong(
        "16.fix_scores",
        "x @ y.T by einsum outside, a kernel that copies blocks (sneaky)",
        lambda: r18_scores_einsum_then_copy,
        named="kernel-copies-only",
    ),
    Wrong(
        "16.row_sums",
        "the sums by jnp outside, a kernel that copies them (sneaky)",
        lambda: r18_rows_sums_then_copy,
        named="kernel-copies-only",
    ),
    Wrong(
        "16.row_sums",
        "the sums by a first kernel, a second that copies them (sneaky)",
        lambda: r18_rows_kernel_then_copy,
        named="kernel-copies-only",
    ),
)


# --- round 19 (fix19-2): an output of one axis, (m,), written with (BM, 1) columns: Pallas's
# "Invalid shape for `swap`" was shown raw


def r19f_rows_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r19f_rows_kernel_set(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] = o_ref[...][:, None] + jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r19f_rows_flat(kernel):
    def row_sums(x, w):
        m, n = x.shape
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m,), jnp.float32),  # (m,), not (m, 1)
            grid=(m // BM, n // BN),
            in_specs=[
                pl.BlockSpec((BM, BN), lambda i, k: (i, k)),
                pl.BlockSpec((1, BN), lambda i, k: (0, k)),
            ],
            out_specs=pl.BlockSpec((BM,), lambda i, k: (i,)),
            interpret=INTERPRET,
        )(x, w)

    return row_sums


def r19f_rows_kernel_pair(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    # the running sum in column 0, kept by writing the whole block: a (BM, 1) value
    o_ref[...] = o_ref[:, 0:1] + jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def r19f_rows_two_columns(x, w):
    m, n = x.shape
    return pl.pallas_call(
        r19f_rows_kernel_pair,
        out_shape=jax.ShapeDtypeStruct((m, 2), jnp.float32),  # a sum and a spare column
        grid=(m // BM, n // BN),
        in_specs=[
            pl.BlockSpec((BM, BN), lambda i, k: (i, k)),
            pl.BlockSpec((1, BN), lambda i, k: (0, k)),
        ],
        out_specs=pl.BlockSpec((BM, 2), lambda i, k: (i, 0)),
        interpret=INTERPRET,
    )(x, w)


WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "16.row_sums",
        "out_shape (m,) with 1-D blocks",
        lambda: r19f_rows_flat(r19f_rows_kernel),
        named="output-one-axis",
    ),
    Wrong(
        "16.row_sums",
        "out_shape (m,), the column written with =",
        lambda: r19f_rows_flat(r19f_rows_kernel_set),
        named="output-one-axis",
    ),
    Wrong(
        "16.row_sums",
        "an output block of two columns",
        lambda: r19f_rows_two_columns,
        named="value-not-block-shape",
    ),
)


# --- round 20 (fix20-b): out_shape (n, m) for x @ y.T's (m, n) (audit G: told only that
# some blocks are unwritten, with causes that are not this one)
from tests.content.wrong_answers.round20 import lesson16 as _r20  # noqa: E402

WRONG_ANSWERS = (
    *WRONG_ANSWERS,
    Wrong(
        "16.fix_scores",
        "out_shape (n, m) instead of (m, n) (round 20)",
        lambda: _r20.r20_scores_out_shape_swapped,
        named="output-swapped",
    ),
)
