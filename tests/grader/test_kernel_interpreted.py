"""A refused kernel's mistakes that read interpret mode's NaN (``kernels.reads_interpreted``)
are asked of the answer with its kernels interpreted where the backend compiles them
(``judge.interprets_after_refusal``, ``kernels.interpreted``).

The CI has no TPU. The judge is told the backend compiles kernels (its probe patched, as in
test_kernel_guard.py), and the answers here are written as a learner on a TPU writes them,
``interpret=False``. The CPU cannot compile a kernel, so a stand-in lowering takes the
place of Mosaic for those (``tests/compiled_kernels.py``): it runs the kernel in the
interpreter, but starts each output (and each padded block) from finite garbage instead of
NaN, as a compiled kernel starts from whatever its memory held. Each run of an answer's
kernel, "compiled" or interpreted, is recorded while it runs (a host callback), and so is
each verdict of the rule.
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.experimental import pallas as pl

from jaxtour.exercises import exercise
from jaxtour.exercises.lesson16 import _row_sums_inputs, _scores_inputs
from jaxtour.grader import judge as judge_module
from jaxtour.grader.judge import judge
from jaxtour.grader.kernels import interpreted, reads_interpreted
from jaxtour.grader.spec import Mistake
from tests import compiled_kernels

BM, BN, BK = 16, 128, 128
_DIMS = (((1,), (1,)), ((), ()))
ANSWER = "answer_"  # the answers' kernels are named so: the grader's own are not recorded


@pytest.fixture
def compiled_on_cpu(monkeypatch):
    """The judge believes its backend compiles kernels, and a pallas_call with interpret off
    runs as compiled memory would leave it. Yields the record of the answers' kernel runs
    and of the rule's verdicts, in order."""
    runs: list[str] = []
    monkeypatch.setattr(judge_module, "compiles_kernels", lambda: True)
    by_the_rule = judge_module._by_the_rule

    def recorded_rule(*args, **kwargs):
        refusal = by_the_rule(*args, **kwargs)
        runs.append("refused" if refusal is not None else "accepted")
        return refusal

    monkeypatch.setattr(judge_module, "_by_the_rule", recorded_rule)
    with compiled_kernels.compiled_on_cpu(runs, record_prefix=ANSWER):
        yield runs


@pytest.fixture
def interpreting(monkeypatch):
    """The CPU as it is: the judge believes its backend interprets kernels."""
    monkeypatch.setattr(judge_module, "compiles_kernels", lambda: False)


# --- the answers, each made afresh for its test (JAX keeps what it compiled per function) ---


def _scores(interpret, zero_when=lambda: pl.program_id(2) == 0, grid=None):
    def answer_scores_kernel(x_ref, y_ref, o_ref):
        if zero_when is not None:

            @pl.when(zero_when())
            def _():
                o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jax.lax.dot_general(
            x_ref[...], y_ref[...], _DIMS, preferred_element_type=jnp.float32
        )

    def scores(x, y):
        (m, d), (n, _) = x.shape, y.shape
        return pl.pallas_call(
            answer_scores_kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=grid(m, n, d) if grid else (m // BM, n // BN, d // BK),
            in_specs=[
                pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
            ],
            out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
            interpret=interpret,
        )(x, y)

    return scores


def _row_sums(interpret, zero_when=lambda: pl.program_id(1) == 0, grid=None):
    def answer_rows_kernel(x_ref, w_ref, o_ref):
        if zero_when is not None:

            @pl.when(zero_when())
            def _():
                o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += jnp.sum(x_ref[...] * w_ref[...], axis=1, keepdims=True)

    def row_sums(x, w):
        m, n = x.shape
        return pl.pallas_call(
            answer_rows_kernel,
            out_shape=jax.ShapeDtypeStruct((m, 1), x.dtype),
            grid=grid(m, n) if grid else (m // BM, n // BN),
            in_specs=[
                pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
                pl.BlockSpec((1, BN), lambda i, j: (0, j)),
            ],
            out_specs=pl.BlockSpec((BM, 1), lambda i, j: (i, 0)),
            interpret=interpret,
        )(x, w)

    return row_sums


def _jitted(make):
    """The answer under the learner's own jax.jit: its pallas_call nested in a jit."""
    return lambda interpret: jax.jit(make(interpret))


# Each mistake that reads interpret mode's NaN, with an answer that makes it.
NAN_READING = [
    pytest.param(
        "16.fix_scores",
        lambda interpret: _scores(interpret, zero_when=None),
        "not-zeroed",
        id="fix_scores-not-zeroed",
    ),
    pytest.param(
        "16.fix_scores",
        lambda interpret: _scores(interpret, zero_when=lambda: pl.program_id(0) == 0),
        "blocks-unwritten",
        id="fix_scores-zeroed-on-axis-0",
    ),
    pytest.param(
        "16.fix_scores",
        _jitted(lambda interpret: _scores(interpret, grid=lambda m, n, d: (m // BM, 1, d // BK))),
        "blocks-unwritten",
        id="fix_scores-one-column-block-jitted",
    ),
    pytest.param(
        "16.row_sums",
        lambda interpret: _row_sums(interpret, zero_when=None),
        "not-zeroed",
        id="row_sums-not-zeroed",
    ),
    pytest.param(
        "16.row_sums",
        lambda interpret: _row_sums(interpret, grid=lambda m, n: (1, n // BN)),
        "rows-unwritten",
        id="row_sums-one-row-block",
    ),
    pytest.param(
        "16.row_sums",
        _jitted(lambda interpret: _row_sums(interpret, zero_when=lambda: pl.program_id(0) == 0)),
        "zeroed-on-row-axis",
        id="row_sums-zeroed-on-row-axis-jitted",
    ),
]


@pytest.mark.parametrize(("exercise_id", "make", "mistake"), NAN_READING)
def test_interpreted_on_the_cpu_each_answer_is_named(interpreting, exercise_id, make, mistake):
    feedback = judge(exercise(exercise_id), make(True))
    assert (feedback.status, feedback.mistake) == ("incorrect", mistake), feedback.message


@pytest.mark.parametrize(("exercise_id", "make", "mistake"), NAN_READING)
def test_compiled_the_stand_in_leaves_no_nan(compiled_on_cpu, exercise_id, make, mistake):
    """What the rule and every other mistake see on a TPU: garbage, no NaN to read."""
    inputs = _scores_inputs if exercise_id == "16.fix_scores" else _row_sums_inputs
    outputs = [np.asarray(jax.jit(make(False))(*args)) for args in inputs()]
    assert compiled_on_cpu == ["compiled"] * len(outputs)
    assert not any(np.isnan(out).any() for out in outputs)


@pytest.mark.parametrize(("exercise_id", "make", "mistake"), NAN_READING)
def test_compiled_each_answer_is_named_from_a_run_interpreted_after_the_refusal(
    compiled_on_cpu, exercise_id, make, mistake
):
    feedback = judge(exercise(exercise_id), make(False))
    assert (feedback.status, feedback.mistake) == ("incorrect", mistake), feedback.message
    runs = compiled_on_cpu
    assert "interpreted" in runs, "the mistake was named without an interpreted run"
    first = runs.index("interpreted")
    assert runs[0] == "compiled" and "refused" in runs[:first], runs
    inputs = _scores_inputs if exercise_id == "16.fix_scores" else _row_sums_inputs
    # made once per check, and shared by every mistake that reads it: each case runs once
    assert runs.count("interpreted") <= len(inputs()), runs


RIGHT = [
    pytest.param("16.fix_scores", _scores, id="fix_scores"),
    pytest.param("16.row_sums", _row_sums, id="row_sums"),
    pytest.param("16.row_sums", _jitted(_row_sums), id="row_sums-jitted"),
]


@pytest.mark.parametrize(("exercise_id", "make"), RIGHT)
def test_compiled_a_right_answer_is_never_run_interpreted(compiled_on_cpu, exercise_id, make):
    feedback = judge(exercise(exercise_id), make(False))
    assert feedback.status == "correct", feedback.message
    assert "compiled" in compiled_on_cpu and "interpreted" not in compiled_on_cpu


def test_an_interpreted_answer_is_the_answer_where_nothing_would_compile():
    already = _row_sums(True)
    assert interpreted(already, _row_sums_inputs) is already
    assert interpreted(42, _row_sums_inputs) == 42


def test_the_kernels_are_interpreted_inside_jit_and_cond():
    """The rewrite reaches a pallas_call nested in a jit and in a cond's branch; what is
    around it is unchanged."""
    kernel = _row_sums(False, zero_when=None)

    def answer(x, w):
        return jax.lax.cond(x[0, 0] > 100, lambda: -kernel(x, w), lambda: 2 * kernel(x, w))

    x, w = _row_sums_inputs()[0]
    got = np.asarray(interpreted(jax.jit(answer), _row_sums_inputs)(x, w))
    assert got.shape == (16, 1) and np.isnan(got).all()  # never zeroed: the NaN stays


def test_a_mistake_read_interpreted_is_declared_with_kernel_inputs_and_for_refusals_only():
    rows = exercise("16.row_sums")
    marked = next(m for m in rows.mistakes if m.id == "not-zeroed")
    with pytest.raises(ValueError, match="also_accepted"):
        dataclasses.replace(
            rows,
            mistakes=tuple(
                dataclasses.replace(m, also_accepted=True) if m is marked else m
                for m in rows.mistakes
            ),
        )
    owner = exercise("16.block_owner")
    stray = Mistake(
        id="reads-nan",
        message="A message of its own.",
        example=lambda: "Z",
        matches=reads_interpreted(lambda answer: False),
    )
    with pytest.raises(ValueError, match="kernel_inputs"):
        dataclasses.replace(owner, mistakes=(*owner.mistakes, stray))
