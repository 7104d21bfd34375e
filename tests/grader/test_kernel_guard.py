"""The judge's guard for kernel exercises (judge.unsafe_when_compiled): where the backend
compiles Pallas kernels, an answer whose kernel reads or writes a block past its array, or
runs a grid of no steps, is refused from its traced program and never run.

The CI has no TPU: the judge is told the backend compiles (its probe patched), and each
answer records every run of its program with a host callback, which runs when a traced
program is executed and never while it is traced. The kernels are interpreted, so running
one here harms nothing: the record alone says whether the guard stopped it.
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import pytest
from jax.experimental import pallas as pl

from jaxtour.exercises import exercise
from jaxtour.grader import judge as judge_module
from jaxtour.grader.judge import judge
from jaxtour.grader.kernels import Operand, block_out_of_range, out_of_range
from jaxtour.grader.spec import Mistake

BM, BN, BK = 16, 128, 128
_DIMS = (((1,), (1,)), ((), ()))


@pytest.fixture
def compiling(monkeypatch):
    """The judge believes its backend compiles kernels (a TPU's or a GPU's)."""
    monkeypatch.setattr(judge_module, "compiles_kernels", lambda: True)


@pytest.fixture
def interpreting(monkeypatch):
    """The judge believes its backend interprets kernels (the CPU's), wherever this runs:
    the answers here are interpreted, so on a TPU too they are safe to run."""
    monkeypatch.setattr(judge_module, "compiles_kernels", lambda: False)


def _recorded(fn, runs):
    """``fn`` that appends to ``runs`` each time its program runs (not when traced)."""

    def answer(*args):
        jax.debug.callback(lambda: runs.append(1))
        return fn(*args)

    return answer


def _scores_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jax.lax.dot_general(
        x_ref[...], y_ref[...], _DIMS, preferred_element_type=jnp.float32
    )


def _scores(n_axis=0, y_map=lambda i, j, k: (j, k)):
    """16.fix_scores's kernel; n taken from y's axis ``n_axis`` (1: the recorded failure,
    a kernel that read past y on a TPU v5e and halted it for the rest of the process)."""

    def scores(x, y):
        (m, d), n = x.shape, y.shape[n_axis]
        return pl.pallas_call(
            _scores_kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=(m // BM, n // BN, d // BK),
            in_specs=[
                pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                pl.BlockSpec((BN, BK), y_map),
            ],
            out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
            interpret=True,
        )(x, y)

    return scores


def _rows_kernel(x_ref, w_ref, o_ref):
    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)


def _row_sums(grid=lambda m, n: (m // BM, n // BN), out_map=lambda i, j: (i, 0)):
    def row_sums(x, w):
        m, n = x.shape
        return pl.pallas_call(
            _rows_kernel,
            out_shape=jax.ShapeDtypeStruct((m, 1), x.dtype),
            grid=grid(m, n),
            in_specs=[
                pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
                pl.BlockSpec((1, BN), lambda i, j: (0, j)),
            ],
            out_specs=pl.BlockSpec((BM, 1), out_map),
            interpret=True,
        )(x, w)

    return row_sums


# Each family the guard refuses, with the mistake it names and the one the CPU names. The
# guard names its own mistakes, or one declared before them whose reader is marked
# names_out_of_range (page-index-map: the page's map, whose message says its blocks may not
# exist); the other kernel readers (columns-short) presume blocks in range: asked of an
# output map past its array, columns-short would name a sum that stops short.
FATAL = [
    pytest.param(
        "16.fix_scores",
        _scores(n_axis=1),
        "block-out-of-range",
        "columns-of-x",
        id="input-block-past-the-array",
    ),
    pytest.param(
        "16.fix_scores",
        _scores(y_map=lambda i, j, k: (k, j)),
        "page-index-map",
        "page-index-map",
        id="the-page's-map-past-y",
    ),
    pytest.param(
        "16.row_sums",
        _row_sums(out_map=lambda i, j: (i, j)),
        "block-out-of-range",
        "block-out-of-range",
        id="output-block-past-the-array",
    ),
    pytest.param(
        "16.row_sums",
        _row_sums(grid=lambda m, n: (m // BN, n // BN)),
        "never-ran",
        "never-ran",
        id="grid-of-zero-steps",
    ),
    pytest.param(
        "16.row_sums",
        _row_sums(grid=lambda m, n: (m // BM - 2, n // BN)),
        "never-ran",
        "never-ran",
        id="grid-of-negative-steps",
    ),
]


@pytest.mark.parametrize(("exercise_id", "kernel", "guarded", "interpreted"), FATAL)
def test_a_kernel_fatal_compiled_is_refused_and_never_run(
    compiling, exercise_id, kernel, guarded, interpreted
):
    runs: list[int] = []
    feedback = judge(exercise(exercise_id), _recorded(kernel, runs))
    assert (feedback.status, feedback.mistake) == ("incorrect", guarded)
    assert runs == [], "the answer's program ran on a backend that compiles kernels"


@pytest.mark.parametrize(("exercise_id", "kernel", "guarded", "interpreted"), FATAL)
def test_interpreted_the_same_kernels_run_and_keep_their_verdicts(
    interpreting, exercise_id, kernel, guarded, interpreted
):
    runs: list[int] = []
    feedback = judge(exercise(exercise_id), _recorded(kernel, runs))
    assert (feedback.status, feedback.mistake) == ("incorrect", interpreted)
    assert runs, "interpreted (the CPU), the rule runs the answer as before"


RIGHT = [
    pytest.param("16.fix_scores", _scores(), id="fix_scores"),
    pytest.param("16.row_sums", _row_sums(), id="row_sums"),
    pytest.param(  # a grid of cdiv steps: the same blocks on these shapes
        "16.row_sums",
        _row_sums(grid=lambda m, n: (pl.cdiv(m, BM), pl.cdiv(n, BN))),
        id="row_sums-cdiv",
    ),
]


@pytest.mark.parametrize(("exercise_id", "kernel"), RIGHT)
def test_a_right_kernel_still_runs_and_passes(compiling, exercise_id, kernel):
    runs: list[int] = []
    feedback = judge(exercise(exercise_id), _recorded(kernel, runs))
    assert feedback.status == "correct", feedback.message
    assert runs


def test_a_last_block_that_overhangs_is_in_range_one_past_it_is_not():
    """Pallas pads a partial last block on input and cuts it on output; a block that
    starts at or past the array's end is the fatal one."""
    overhang = Operand(shape=(16, 200), block=(16, 128), indices=((0, 0), (0, 1)))
    past = Operand(shape=(16, 200), block=(16, 128), indices=((0, 0), (0, 2)))
    before = Operand(shape=(16, 200), block=(16, 128), indices=((0, -1),))
    squeezed = Operand(shape=(3, 256), block=(None, 128), indices=((2, 1),))
    assert not out_of_range(overhang) and not out_of_range(squeezed)
    assert out_of_range(past) and out_of_range(before)


def test_element_indexing_is_not_read_as_block_indices():
    """pl.Element's index_map gives element offsets: the reader reads no such call, so an
    in-range element window is not refused as a block past the array."""

    def copy_kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...]

    def halves(x):
        return pl.pallas_call(
            copy_kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid=(2,),
            in_specs=[pl.BlockSpec((16, pl.Element(128)), lambda j: (0, j * 128))],
            out_specs=pl.BlockSpec((16, 128), lambda j: (0, j)),
            interpret=True,
        )(x)

    assert not block_out_of_range(lambda: [(jnp.ones((16, 256)),)])(halves)


def test_a_kernel_exercise_names_its_inputs_and_its_guarded_mistakes_share_them():
    fix = exercise("16.fix_scores")
    guarded = next(m for m in fix.mistakes if m.id == "block-out-of-range")
    with pytest.raises(ValueError, match="kernel_inputs"):
        dataclasses.replace(fix, kernel_inputs=None)
    with pytest.raises(ValueError, match="kernel_inputs"):
        dataclasses.replace(fix, kernel_inputs=lambda: [])
    with pytest.raises(ValueError, match="kernel_inputs"):  # inputs, and nothing guarded
        dataclasses.replace(
            fix, mistakes=tuple(m for m in fix.mistakes if m is not guarded and m.id != "never-ran")
        )
    assert isinstance(guarded, Mistake)
    with pytest.raises(ValueError, match="kernel_inputs alone"):  # shapes the guard never read
        dataclasses.replace(fix, rule=dataclasses.replace(fix.rule, inputs=lambda: []))
