"""Exercises for lessons/16_first_pallas_kernel.ipynb: which program writes which block (grid
and index_map), what a tiled matmul returns when each k step writes its output block, an
index_map fixed for a transposed operand, and a reduction kernel written from scratch.

Issue 39. The grader judges a kernel by calling it on inputs of its own, with shapes (and so
grids) the page does not show, in interpret mode on the CPU. The inputs hold small integers
in float32: every product and sum is exact, so the kernel, the jnp reference and a TPU's
default matmul precision (bfloat16 passes) agree to the last bit. The references are plain
jnp (cheap); a mistake's example is the wrong kernel itself, run with ``interpret=True``, so
that what it is compared with is what the wrong kernel really computes there (an index out
of range is clamped, an output block never written is NaN).
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable
from typing import Any

from jaxtour.exercises.common import concrete_cache, jax, jnp
from jaxtour.grader import rules
from jaxtour.grader.kernels import (
    KernelCall,
    block_out_of_range,
    empty_grid,
    kernel_does_none_of,
    names_out_of_range,
    one_call,
    reads_interpreted,
    revisits_output,
)
from jaxtour.grader.learner_code import LearnerCodeError, transformed
from jaxtour.grader.mistakes import behaves_like, fails_with, output_or_none, traces_primitive
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import Choice, SameFunction, cases_of_this_check
from jaxtour.grader.spec import Exercise, Mistake, Variants
from jaxtour.grader.variants import key as variant_key

BM, BN, BK = 16, 128, 128  # the lesson's blocks: whole TPU float32 tiles, 16+ for GPU dots

# --- shared -------------------------------------------------------------------------------

# An interpreted pallas_call is a small program whose compile, not its run, is what a check
# waits for, and every call of a kernel compiles afresh (its traced body is a new object):
# 0.2 s of CPU per call and shape at XLA's default optimisation. The inputs hold small
# integers, exact at any optimisation level, so the grader's own kernels (the references,
# the mistakes' models) and the answer (``SameFunction(transform=compiled)``, kept compiled
# per input shape across checks while the function is unchanged) are compiled with XLA's
# cheaper CPU passes: 0.05 s each (measured with time.process_time, 2026-12-06), those
# every grader program compiles with (``rules.CHEAP_CPU_COMPILE``, probed once).
CHEAP_CPU_COMPILE = rules.CHEAP_CPU_COMPILE


def _compile_options() -> dict[str, Any]:
    """CHEAP_CPU_COMPILE on a CPU whose XLA knows those options; none elsewhere (a TPU or
    GPU compiles the kernel itself, and an older XLA may lack one of them)."""
    return rules.graders_compile_options()


# Every interpreted pallas_call's lowering imports Pallas's Mosaic GPU interpreter and, where
# that import fails (jax 0.10 on a CPU: its modules need absl, which JAX does not install),
# Python runs those modules again at every lowering: 0.11 s of CPU per kernel, a third of a
# lesson-16 check's (measured with cProfile, 2026-12-06). The failure is kept once seen.
_GPU_INTERPRETER = "jax._src.pallas.mosaic_gpu.interpret.interpret_pallas_call"
_gpu_interpreter_probed: list[bool] = []


def _remember_a_missing_gpu_interpreter() -> None:
    """Import the Mosaic GPU interpreter once; where it cannot be imported, a None in
    sys.modules makes Pallas's later imports of it fail at once (as they would anyway)."""
    if _gpu_interpreter_probed:
        return
    _gpu_interpreter_probed.append(True)
    try:
        importlib.import_module(_GPU_INTERPRETER)
    except ImportError:
        sys.modules[_GPU_INTERPRETER] = None  # type: ignore[assignment]
    except Exception:  # noqa: S110 - any other failure: Pallas's own import decides
        pass


def compiled(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` under ``jax.jit`` with ``_compile_options()``: compiled once per input shape.
    The grader's own kernel (a mistake's example judged as an answer, as the grader or a test
    may), bare or as the judge's per-variant wrapper of it, is itself: it compiles once per
    variant, where a new jit of the wrapper would trace and compile it at every check."""
    _remember_a_missing_gpu_interpreter()
    for kernel in (fn, vars(fn).get("__wrapped__") if hasattr(fn, "__dict__") else None):
        if isinstance(kernel, _GraderKernel):
            return kernel
    options = _compile_options()
    return jax.jit(fn, compiler_options=options) if options else jax.jit(fn)


class _GraderKernel:
    """The grader's own kernel function ``fn`` (a reference, a mistake's model), compiled
    with ``_compile_options()`` on its first call (built at import, it imports no JAX until
    then). Traced inside another function (the grader's jit of a reference, a mistake's
    example judged as an answer), it is ``fn`` itself: only a top-level jit may carry
    compiler options, and ``compiler_options`` tells the grader's jit which to use."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        functools.update_wrapper(self, fn)
        self._fn = fn
        self._compiled: dict[Any, Callable[..., Any]] = {}  # per variant (variants.key)

    @property
    def compiler_options(self) -> dict[str, Any]:
        return _compile_options()

    def __call__(self, *args: Any) -> Any:
        if any(isinstance(arg, jax.core.Tracer) for arg in args):
            return self._fn(*args)
        variant = variant_key()
        if variant not in self._compiled:
            # a function object of its own per variant: JAX keeps its traces per function,
            # and a kernel of lesson 16 reads its variant's values while traced
            fn = self._fn if not variant else functools.wraps(self._fn)(lambda *a: self._fn(*a))
            self._compiled[variant] = compiled(fn)
        return self._compiled[variant](*args)


def _answer_compiled(predicate: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """``predicate`` asked of the answer as the rule ran it (``compiled``): the outputs it
    reads are those the rule computed in this check, not computed again."""

    def matches(answer: Any) -> bool:
        if callable(answer):
            try:
                answer = transformed(compiled, answer)
            except LearnerCodeError:
                return False
        return predicate(answer)

    return matches


@concrete_cache
def _reference(build: Callable[[], Callable[..., Any]]) -> Callable[..., Any]:
    """One reference function per process and x64 setting: the grader keeps its outputs
    per function (concrete_cache, as every cache of the exercise modules)."""
    return build()


def _pl() -> Any:
    from jax.experimental import pallas as pl

    _remember_a_missing_gpu_interpreter()
    return pl


def _integers(seed: int, shape: tuple[int, ...], high: int = 4) -> Any:
    """Small integers as float32: exact in every product and sum the kernels make."""
    values = np.random.default_rng(seed).integers(-high, high + 1, size=shape)
    return jnp.asarray(values, dtype=jnp.float32)


def _no_kernel(inputs: Any) -> Any:
    """The answer's program has no pallas_call: the result computed by jnp, not a kernel."""
    uses_kernel = traces_primitive(("pallas_call",), inputs)

    def matches(answer: Any) -> bool:
        try:
            return callable(answer) and not uses_kernel(answer)
        except Exception:  # it fails to trace: the rule says why
            return False

    return matches


def _nan_share(inputs: Any) -> Any:
    """The answer's outputs' share of NaN across the check's cases (None when it failed):
    interpret mode fills an output with NaN before the kernel runs, so NaN is what a kernel
    left unwritten, or added to before it wrote it, on inputs that hold no NaN."""

    def share(answer: Any) -> float | None:
        if not callable(answer):
            return None
        total = nans = 0
        for index, args in enumerate(cases_of_this_check(inputs, inputs)):
            got = output_or_none(inputs, answer, index, args)
            if got is None or not hasattr(got, "shape"):
                return None
            values = np.asarray(got)
            if values.dtype.kind != "f":
                return None
            total += values.size
            nans += int(np.isnan(values).sum())
        return nans / total if total else None

    return share


def _all_nan(inputs: Any) -> Any:
    share = _nan_share(inputs)
    return reads_interpreted(_answer_compiled(lambda answer: share(answer) == 1.0))


def _some_nan(inputs: Any) -> Any:
    share = _nan_share(inputs)

    def matches(answer: Any) -> bool:
        value = share(answer)
        return value is not None and 0.0 < value < 1.0

    return reads_interpreted(_answer_compiled(matches))


def _behaves_like(wrong: Callable[..., Any], inputs: Any) -> Callable[[Any], bool]:
    """``behaves_like``, on the answer as the rule ran it."""
    return _answer_compiled(behaves_like(wrong, inputs))


def _reads(inputs: Any, judge: Any) -> Any:
    """Matches an answer with one pallas_call on every case for which ``judge`` of the calls
    read from it (``kernels.one_call``: grid, blocks, each program's block indices) holds."""

    def matches(answer: Any) -> bool:
        calls = one_call(answer, inputs)
        if calls is None:
            return False
        try:
            return bool(judge(calls))
        except (IndexError, ValueError):  # another number of operands or of axes
            return False

    return matches


def _blocks(call: KernelCall, operand: int) -> list[tuple[int, ...]]:
    """Each program's block index of input ``operand`` (-1: the output)."""
    chosen = call.outputs[0] if operand == -1 else call.inputs[operand]
    return list(chosen.indices)


def _summed_blocks(call: KernelCall) -> list[list[int]] | None:
    """For each output block, the column blocks of the first input (x) its programs read,
    in order; None unless x's row block is the output's in every program (x's map right
    but for the summed axis)."""
    x, out = _blocks(call, 0), _blocks(call, -1)
    if any(xi[0] != oi[0] for xi, oi in zip(x, out, strict=True)):
        return None
    groups: dict[tuple[int, ...], list[int]] = {}
    for xi, oi in zip(x, out, strict=True):
        groups.setdefault(oi, []).append(xi[1])
    return list(groups.values())


def _sums_all(call: KernelCall, block: int) -> bool:
    """x's row blocks follow the output's, and each output block's programs read every
    column block of x once."""
    groups = _summed_blocks(call)
    count = call.inputs[0].shape[1] // block
    return groups is not None and all(sorted(g) == list(range(count)) for g in groups)


def _sums_short(calls: list[KernelCall], block: int) -> bool:
    """x's map right, its column blocks read at most once per output block, and on some
    case not all of them."""
    short = False
    for call in calls:
        if call.inputs[0].block[1] != block:  # wider blocks: no step is left out (wide-blocks)
            return False
        groups = _summed_blocks(call)
        count = call.inputs[0].shape[1] // block
        if groups is None or any(len(set(g)) != len(g) or max(g) >= count for g in groups):
            return False
        short = short or any(len(g) < count for g in groups)
    return short


def _wide_blocks(block: int) -> Callable[[list[KernelCall]], bool]:
    """x's block wider than ``block`` along its second axis, the summed one, on some case:
    a program sums more of it in one block, and the grid has fewer steps to add across."""

    def judge(calls: list[KernelCall]) -> bool:
        return any((call.inputs[0].block[1] or 1) > block for call in calls)

    return judge


# --- 16.block_owner -----------------------------------------------------------------------
# Predict, then run. The page shows programs writing their ids into the blocks of a (32, 256)
# output with index_map (i, j) -> (i, j), a square grid. The question asks for a (32, 384)
# output with index_map (i, j) -> (j, i): the grid must follow the index_map's arguments (3
# steps on axis 0, which walks block columns), and the block holding row 20, column 300,
# block (1, 2), is written by program (2, 1): 10 * 2 + 1 = 21. A's grid is the output's own
# block counts (the swap ignored), C matches program ids to block indices, D keeps A's grid
# with B's value, E thinks Pallas derives the grid.

OWNER_OPTIONS = ("A", "B", "C", "D", "E")
OWNER_TEXTS = (
    "grid=(2, 3), and out[20, 300] is 12: the grid counts the output's blocks, 2 down and 3 "
    "across, and the block holding row 20, column 300 is written by the program (1, 2)",
    "grid=(3, 2), and out[20, 300] is 21: the index_map's first argument picks a block "
    "column, of which there are 3; row 20, column 300 lies in block (1, 2), which the program "
    "(2, 1) writes",
    "grid=(3, 2), and out[20, 300] is 12: 3 steps on the first axis, 2 on the second, and "
    "the block (1, 2) is written by the program whose ids are (1, 2)",
    "grid=(2, 3), and out[20, 300] is 21: the grid counts the output's blocks, and the "
    "index_map only changes which program writes which of them",
    "any grid: Pallas derives the number of programs from out_shape and the block shape, "
    "and out[20, 300] is 12",
)

# --- 16.naive_matmul ----------------------------------------------------------------------
# Predict, then run, before the page shows the accumulator. x (32, 384) @ y (384, 256) with
# blocks (16, 128), (128, 128): grid (2, 2, 3), 12 runs; the 3 runs of an output block come one
# after another (k is the last grid axis), each writes the block whole, so the last k step's
# partial product stays. D gives the same result for a wrong reason (runs skipped), so the
# result alone, which a learner could get by running the kernel, does not pass.

NAIVE_OPTIONS = ("A", "B", "C", "D", "E")
NAIVE_TEXTS = (
    "4 runs, one per output block: Pallas loops over k inside each run, so out is x @ y",
    "12 runs: the 3 runs of one output block come one after another, each writes the whole "
    "block, and the last one's partial product, x[:, 256:] @ y[256:, :], is what stays",
    "12 runs: the runs that share an output block add what they write to it, so out is x @ y",
    "12 grid steps, but out is x[:, 256:] @ y[256:, :] because Pallas runs the kernel only at "
    "the last k step of each output block: its index does not change with k",
    "12 runs: once a run has written an output block, the writes of later runs to the same "
    "block are dropped, so out is x[:, :128] @ y[:128, :]",
)

# --- 16.fix_scores ------------------------------------------------------------------------
# Fix the bug. scores(x, y) = x @ y.T for x (m, d) and y (n, d), a tiled kernel with the
# accumulator of the page's matmul. Its y BlockSpec has the page's matmul's index_map,
# (i, j, k) -> (k, j), which picks y's block at row block k and column block j; y is (n, d)
# here, so its rows follow the output's columns (j) and its columns the sum (k): (j, k). The
# page shows no index_map of that form. Cases: y's block grid is never square, so the page's
# map reads blocks out of range (clamped in interpret mode) or the wrong ones.


def _scores(x, y):
    return jnp.dot(x, y.T, precision=jax.lax.Precision.HIGHEST)


def _scores_inputs():
    return [
        (_integers(0, (16, 256)), _integers(1, (128, 256))),  # grid (1, 1, 2)
        (_integers(2, (32, 128)), _integers(3, (256, 128))),  # grid (2, 2, 1)
        (_integers(4, (16, 384)), _integers(5, (256, 384))),  # grid (1, 2, 3)
    ]


def _transposed_dot(x_block, y_block):
    return jax.lax.dot_general(
        x_block,
        y_block,
        (((1,), (1,)), ((), ())),
        preferred_element_type=jnp.float32,
        precision=jax.lax.Precision.HIGHEST,
    )


def _scores_call(y_map, product=_transposed_dot, zero=True, add=True, grid=None):
    """The exercise's kernel with y's index_map ``y_map``, interpreted (a mistake's model):
    ``add=False`` writes each partial product with =, ``grid(m, n, d)`` replaces the grid."""

    def kernel(x_ref, y_ref, o_ref):
        pl = _pl()
        if zero:

            @pl.when(pl.program_id(2) == 0)
            def _():
                o_ref[...] = jnp.zeros_like(o_ref)

        if add:
            o_ref[...] += product(x_ref[...], y_ref[...])
        else:
            o_ref[...] = product(x_ref[...], y_ref[...])

    def scores(x, y):
        pl = _pl()
        (m, d), (n, _) = x.shape, y.shape
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=grid(m, n, d) if grid else (m // BM, n // BN, d // BK),
            in_specs=[
                pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                pl.BlockSpec((BN, BK), y_map),
            ],
            out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
            interpret=True,
        )(x, y)

    return _GraderKernel(scores)


def _scores_k_first():
    """k the first grid axis: each output block is left and come back to at every k step.
    Right in the interpreter, wrong compiled on a TPU."""
    pl = _pl()

    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += _transposed_dot(x_ref[...], y_ref[...])

    def scores(x, y):
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
            interpret=True,
        )(x, y)

    return _GraderKernel(scores)


def _scores_columns_of_x():
    """n read from y's second axis, as the matmul's shapes unpack: the output (m, d)."""
    pl = _pl()

    def scores(x, y):
        (m, d), (_, n) = x.shape, y.shape
        return pl.pallas_call(
            _fixed_kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=(m // BM, n // BN, d // BK),
            in_specs=[
                pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
            ],
            out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
            interpret=True,
        )(x, y)

    return _GraderKernel(scores)


def _scores_output_swapped():  # round 20
    """The output declared (n, m), x @ y.T's shape with its two sides swapped."""
    pl = _pl()

    def scores(x, y):
        (m, d), (n, _) = x.shape, y.shape
        return pl.pallas_call(
            _fixed_kernel,
            out_shape=jax.ShapeDtypeStruct((n, m), x.dtype),
            grid=(m // BM, n // BN, d // BK),
            in_specs=[
                pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
            ],
            out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
            interpret=True,
        )(x, y)

    return _GraderKernel(scores)


def _output_swapped(inputs: Any) -> Any:
    """Matches a function whose result is (n, m) on every case, where x @ y.T is (m, n)
    (every case has m != n)."""

    def matches(answer: Any) -> bool:
        for index, (x, y) in enumerate(cases_of_this_check(inputs, inputs)):
            got = output_or_none(inputs, answer, index, (x, y))
            if getattr(got, "shape", None) != (y.shape[0], x.shape[0]):
                return False
        return callable(answer)

    return _answer_compiled(matches)


def _fixed_kernel(x_ref, y_ref, o_ref):
    pl = _pl()

    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += _transposed_dot(x_ref[...], y_ref[...])


def _columns_of_x(inputs: Any) -> Any:
    """Matches a function whose result is (m, d) on every case, x's own shape, where
    x @ y.T is (m, n) (every case has n != d)."""

    def matches(answer: Any) -> bool:
        for index, (x, y) in enumerate(cases_of_this_check(inputs, inputs)):
            got = output_or_none(inputs, answer, index, (x, y))
            if getattr(got, "shape", None) != x.shape:
                return False
        return callable(answer)

    return _answer_compiled(matches)


def _y_map(row_right: bool, column_right: bool) -> Any:
    """Matches a kernel whose x map is right on every case (rows follow the output, every
    block of d summed once) and whose y block's row is the output block's column in every
    program (``row_right``) or not, its column x's (the k step's) or not."""

    def judge(calls: list[KernelCall]) -> bool:
        if not all(_sums_all(call, BK) for call in calls):
            return False
        pairs = [
            (y, x, o)
            for call in calls
            for y, x, o in zip(_blocks(call, 1), _blocks(call, 0), _blocks(call, -1), strict=True)
        ]
        rows = all(y[0] == o[1] for y, x, o in pairs)
        columns = all(y[1] == x[1] for y, x, o in pairs)
        return (rows, columns) == (row_right, column_right)

    return _reads(_scores_inputs, judge)


def _x_column_off(calls: list[KernelCall]) -> bool:
    """Round 16: y's map right (its row block the output block's column, every block of d
    read once per output block), x's row block the output's, and x's column block not the
    k step's (y's) in some program: x read at another block of d, (i, 0) for (i, k)."""
    off = False
    for call in calls:
        y, x, out = _blocks(call, 1), _blocks(call, 0), _blocks(call, -1)
        count = call.inputs[1].shape[1] // call.inputs[1].block[1]
        groups: dict[tuple[int, ...], list[int]] = {}
        for yi, xi, oi in zip(y, x, out, strict=True):
            if yi[0] != oi[1] or xi[0] != oi[0]:
                return False
            groups.setdefault(oi, []).append(yi[1])
            off = off or xi[1] != yi[1]
        if any(sorted(g) != list(range(count)) for g in groups.values()):
            return False
    return off


def _page_map_read(calls: list[KernelCall]) -> bool:
    """y's block is (x's column block, the output's column block) in every program, the
    page's matmul's map, and on some case that is not the right block."""
    if not all(_sums_all(call, BK) for call in calls):
        return False
    pairs = [
        (y, x, o)
        for call in calls
        for y, x, o in zip(_blocks(call, 1), _blocks(call, 0), _blocks(call, -1), strict=True)
    ]
    return all(y == (x[1], o[1]) for y, x, o in pairs) and any(
        y != (o[1], x[1]) for y, x, o in pairs
    )


def _untransposed_dot(x_block, y_block):
    return jnp.dot(x_block, y_block, precision=jax.lax.Precision.HIGHEST)


def _scores_page_map():
    return _scores_call(lambda i, j, k: (k, j))


def _scores_not_transposed():
    return _scores_call(lambda i, j, k: (j, k), product=_untransposed_dot)


def _scores_x_map_changed():
    """x's map turned to (k, i) and y's left as the page's: the swap on the wrong operand."""
    pl = _pl()

    def kernel(x_ref, y_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += _transposed_dot(x_ref[...], y_ref[...])

    def scores(x, y):
        (m, d), (n, _) = x.shape, y.shape
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=(m // BM, n // BN, d // BK),
            in_specs=[
                pl.BlockSpec((BM, BK), lambda i, j, k: (k, i)),
                pl.BlockSpec((BN, BK), lambda i, j, k: (k, j)),
            ],
            out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
            interpret=True,
        )(x, y)

    return _GraderKernel(scores)


def _scores_x_column_fixed():
    """y's map fixed, x's left at column block 0 for every k (round 16)."""
    pl = _pl()

    def scores(x, y):
        (m, d), (n, _) = x.shape, y.shape
        return pl.pallas_call(
            _fixed_kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=(m // BM, n // BN, d // BK),
            in_specs=[
                pl.BlockSpec((BM, BK), lambda i, j, k: (i, 0)),
                pl.BlockSpec((BN, BK), lambda i, j, k: (j, k)),
            ],
            out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
            interpret=True,
        )(x, y)

    return _GraderKernel(scores)


def _scores_matmul_again():
    """The page's matmul unchanged but for y's block shape: map (k, j), y's block as it is."""
    return _scores_call(lambda i, j, k: (k, j), product=_untransposed_dot)


def _scores_fixed():
    return _scores_call(lambda i, j, k: (j, k))


def _scores_whole_d():
    """Blocks as long as d, a grid of (i, j) alone: each program computes its whole sum."""
    pl = _pl()

    def kernel(x_ref, y_ref, o_ref):
        o_ref[...] = _transposed_dot(x_ref[...], y_ref[...])

    def scores(x, y):
        (m, d), (n, _) = x.shape, y.shape
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=(m // BM, n // BN),
            in_specs=[
                pl.BlockSpec((BM, d), lambda i, j: (i, 0)),
                pl.BlockSpec((BN, d), lambda i, j: (j, 0)),
            ],
            out_specs=pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
            interpret=True,
        )(x, y)

    return _GraderKernel(scores)


def _matmul_kernel(x_ref, y_ref, o_ref):
    pl = _pl()

    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += _untransposed_dot(x_ref[...], y_ref[...])


def _scores_of_transposed_copy():
    """The page's matmul, kernel and BlockSpecs, on y transposed before the call."""
    pl = _pl()

    def scores(x, y):
        y_t = y.T
        (m, d), (_, n) = x.shape, y_t.shape
        return pl.pallas_call(
            _matmul_kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=(m // BM, n // BN, d // BK),
            in_specs=[
                pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),
                pl.BlockSpec((BK, BN), lambda i, j, k: (k, j)),
            ],
            out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),
            interpret=True,
        )(x, y_t)

    return _GraderKernel(scores)


def _y_transposed(calls: list[KernelCall]) -> bool:
    """The kernel's second operand is (d, n), y transposed, on every case (none has
    n == d): the transpose made outside the kernel, before it runs."""
    return all(call.inputs[1].shape[0] == call.inputs[0].shape[1] for call in calls)


def _scores_by_jnp():
    return lambda x, y: x @ y.T


def _scores_not_zeroed():
    return _scores_call(lambda i, j, k: (j, k), zero=False)


# --- 16.row_sums --------------------------------------------------------------------------
# Write a kernel the page has not shown: weighted row sums, out[r] = sum_c x[r, c] * w[0, c],
# for x (m, n) and w (1, n), out (m, 1), blocks of (16, 128). It transfers two things: an
# operand broadcast over the rows (w's block index never follows the row), and the matmul's
# accumulator to a sum over a grid axis whose output block does not change with it.
# Variants (issue 38) change the term summed: a row's squared or absolute distance to w, a
# sum of its own (a k-means step's, a nearest-centroid's), by the same grid and BlockSpecs.

# kind -> (the term as the task writes it, as the kernel computes it, the term without w)
_ROW_TERMS = {
    "product": ("x[r, c] * w[0, c]", "x_ref[...] * w_ref[...]", "x[r, c]"),
    "squared": ("(x[r, c] - w[0, c]) ** 2", "(x_ref[...] - w_ref[...]) ** 2", "x[r, c] ** 2"),
    "absolute": ("|x[r, c] - w[0, c]|", "jnp.abs(x_ref[...] - w_ref[...])", "|x[r, c]|"),
}


def _row_terms(kind: str) -> dict[str, str]:
    term, body, plain = _ROW_TERMS[kind]
    other, another = (_ROW_TERMS[k][0] for k in _ROW_TERMS if k != kind)  # other variants'
    return {
        "kind": kind,
        "term": term,
        "body": body,
        "plain": plain,
        "other": other,
        "another": another,
    }


ROWS_VARIANTS = Variants(
    default={  # a literal: the class board reads it
        "kind": "product",
        "term": "x[r, c] * w[0, c]",
        "body": "x_ref[...] * w_ref[...]",
        "plain": "x[r, c]",
        "other": "(x[r, c] - w[0, c]) ** 2",
        "another": "|x[r, c] - w[0, c]|",
    },
    draw=lambda rng: _row_terms(rng.choice(("squared", "absolute"))),
    shown="row_sums(x, w) returns out[r, 0] = the sum over c of {term}.",
)


def _term(x, w, kind=None):
    """The variant's term of x and w (blocks or whole arrays), read when traced; or
    ``kind``'s."""
    kind = kind or ROWS_VARIANTS.current("16.row_sums")["kind"]
    if kind == "squared":
        return (x - w) ** 2
    if kind == "absolute":
        return jnp.abs(x - w)
    return x * w


def _term_without_w(x):
    """The variant's term with w left out: x, x ** 2 or |x|."""
    kind = ROWS_VARIANTS.current("16.row_sums")["kind"]
    if kind == "squared":
        return x**2
    if kind == "absolute":
        return jnp.abs(x)
    return x


def _row_sums_inputs():
    return [
        (_integers(10, (16, 256)), _integers(11, (1, 256), high=3)),  # grid (1, 2)
        (_integers(12, (32, 384)), _integers(13, (1, 384), high=3)),  # grid (2, 3)
        (_integers(14, (48, 128)), _integers(15, (1, 128), high=3)),  # grid (3, 1)
    ]


def _rows_call(step, grid_columns=True, zero=True):
    """A row-sum kernel whose body adds ``step(x_block, w_block)``; interpreted."""

    def kernel(x_ref, w_ref, o_ref):
        pl = _pl()
        if zero:

            @pl.when(pl.program_id(1) == 0)
            def _():
                o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += step(x_ref[...], w_ref[...])

    return _row_sums_of(kernel, grid_columns)


def _row_sums_of(kernel, grid_columns=True, grid=None, w_map=None):
    """The row-sum exercise's pallas_call around ``kernel``: x in (BM, BN) blocks, w's
    (1, BN) block of the same columns (or ``w_map``'s), one (BM, 1) output block per row
    block, the grid ``grid(m, n)`` if given; interpreted."""

    def row_sums(x, w):
        pl = _pl()
        m, n = x.shape
        if grid is not None:
            steps = grid(m, n)
        else:
            steps = (m // BM, n // BN if grid_columns else 1)
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, 1), x.dtype),
            grid=steps,
            in_specs=[
                pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
                pl.BlockSpec((1, BN), w_map or (lambda i, j: (0, j))),
            ],
            out_specs=pl.BlockSpec((BM, 1), lambda i, j: (i, 0)),
            interpret=True,
        )(x, w)

    return _GraderKernel(row_sums)


def _rows_columns_first():
    """The grid (column blocks, row blocks): each row block's output is left and come back
    to at every column step. Right in the interpreter, wrong compiled on a TPU."""
    pl = _pl()

    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += _weighted(x_ref[...], w_ref[...])

    def row_sums(x, w):
        m, n = x.shape
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, 1), x.dtype),
            grid=(n // BN, m // BM),
            in_specs=[
                pl.BlockSpec((BM, BN), lambda j, i: (i, j)),
                pl.BlockSpec((1, BN), lambda j, i: (0, j)),
            ],
            out_specs=pl.BlockSpec((BM, 1), lambda j, i: (i, 0)),
            interpret=True,
        )(x, w)

    return _GraderKernel(row_sums)


def _rows_zeroed_after_add():
    """The first column step adds its sum, then zeroes the block: that sum is lost."""

    def kernel(x_ref, w_ref, o_ref):
        pl = _pl()
        o_ref[...] += _weighted(x_ref[...], w_ref[...])

        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

    return _row_sums_of(kernel)


def _rows_kernel(x_ref, w_ref, o_ref):
    pl = _pl()

    @pl.when(pl.program_id(1) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += _weighted(x_ref[...], w_ref[...])


def _rows_w_by_row():
    """w's block picked by the row step: each row block weighs by one block of w."""
    return _row_sums_of(_rows_kernel, w_map=lambda i, j: (0, i))


def _rows_w_out_of_range():
    """w's block picked at (i, j), as x's: w has one block row, so for i >= 1 the block
    does not exist (clamped to row 0 in the interpreter, past w on a TPU)."""
    return _row_sums_of(_rows_kernel, w_map=lambda i, j: (i, j))


def _rows_columns_short():
    """One column step too few where there are several: the last block never added."""
    return _row_sums_of(_rows_kernel, grid=lambda m, n: (m // BM, max(1, n // BN - 1)))


def _rows_never_run():
    """The rows counted in blocks of 128: no step on the row axis for these shapes."""
    return _row_sums_of(_rows_kernel, grid=lambda m, n: (m // BN, n // BN))


def _w_other_columns(calls: list[KernelCall]) -> bool:
    """x's map right and every column block summed once, and in some program w's block is
    not that of x's columns."""
    if not all(_sums_all(call, BN) for call in calls):
        return False
    return any(
        w[1] != x[1]
        for call in calls
        for w, x in zip(_blocks(call, 1), _blocks(call, 0), strict=True)
    )


def _weighted(x_block, w_block):
    return jnp.sum(_term(x_block, w_block), axis=1, keepdims=True)


def _rows_overwritten():
    """``o_ref[...] = ...`` for ``+=``: each step replaces the one before."""

    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] = _weighted(x_ref[...], w_ref[...])

    return _row_sums_of(kernel)


def _rows_one_column_block():
    return _rows_call(_weighted, grid_columns=False)


def _rows_unweighted():
    return _rows_call(
        lambda x_block, w_block: jnp.sum(_term_without_w(x_block), axis=1, keepdims=True)
    )


def _rows_of_kind(kind: str):
    """The right kernel for ``kind``'s term, another variant's."""
    return _rows_call(
        lambda x_block, w_block: jnp.sum(_term(x_block, w_block, kind), axis=1, keepdims=True)
    )


_ROWS_OF_KIND = {kind: _rows_of_kind(kind) for kind in _ROW_TERMS}


def _rows_another_term():
    """The kernel of the variant after this one: another variant's term."""
    kinds = list(_ROW_TERMS)
    kind = ROWS_VARIANTS.current("16.row_sums")["kind"]
    return _ROWS_OF_KIND[kinds[(kinds.index(kind) + 1) % len(kinds)]]


def _another_variants_term(answer: Any) -> bool:
    """The answer's row sums are, on every case, those of another variant's term."""
    kind = ROWS_VARIANTS.current("16.row_sums")["kind"]
    return any(
        _behaves_like(_ROWS_OF_KIND[other], _row_sums_inputs)(answer)
        for other in _ROW_TERMS
        if other != kind
    )


def _rows_not_zeroed():
    return _rows_call(_weighted, zero=False)


def _rows_fixed_grid():
    """The grid typed in for one shape, (1, 2): rows past the first block, and columns past
    the second, never read or written."""

    def kernel(x_ref, w_ref, o_ref):
        pl = _pl()

        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += _weighted(x_ref[...], w_ref[...])

    return _row_sums_of(kernel, grid=lambda m, n: (1, 2))


def _rows_zeroed_on_row_axis():
    """``pl.program_id(0) == 0`` where the column axis's id was meant."""

    def kernel(x_ref, w_ref, o_ref):
        pl = _pl()

        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += _weighted(x_ref[...], w_ref[...])

    return _row_sums_of(kernel)


def _rows_by_jnp():
    return lambda x, w: _term(x, w).sum(axis=1, keepdims=True)


def _copied_through_a_kernel(result: Any, block: tuple[int, int]) -> Any:
    """``result``, computed already, passed through a kernel that only copies its blocks
    (round 18's sneaky answers: the work done outside, a kernel there for show)."""
    pl = _pl()

    def copy(r_ref, o_ref):
        o_ref[...] = r_ref[...]

    m, n = result.shape
    spec = pl.BlockSpec(block, lambda i, j: (i, j))
    return pl.pallas_call(
        copy,
        out_shape=jax.ShapeDtypeStruct(result.shape, result.dtype),
        grid=(m // block[0], n // block[1]),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
    )(result)


def _scores_copied():
    return lambda x, y: _copied_through_a_kernel(x @ y.T, (BM, BN))


def _rows_copied():
    return lambda x, w: _copied_through_a_kernel(_term(x, w).sum(axis=1, keepdims=True), (BM, 1))


def _rows_kernel_sum_flat():  # round 18: the block's sums without their column axis
    return _rows_call(lambda x, w: jnp.sum(_term(x, w), axis=1))


def _rows_kernel_sum_down():  # round 18: summed down the block's rows, axis 0
    return _rows_call(lambda x, w: jnp.sum(_term(x, w), axis=0, keepdims=True))


def _rows_flat_output():  # round 19: out_shape (m,), blocks (BM,), a (BM, 1) sum added
    pl = _pl()

    def kernel(x_ref, w_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        o_ref[...] += _weighted(x_ref[...], w_ref[...])

    def row_sums(x, w):
        m, n = x.shape
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m,), x.dtype),
            grid=(m // BM, n // BN),
            in_specs=[
                pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
                pl.BlockSpec((1, BN), lambda i, j: (0, j)),
            ],
            out_specs=pl.BlockSpec((BM,), lambda i, j: (i,)),
            interpret=True,
        )(x, w)

    return _GraderKernel(row_sums)


def _rows_wrong_block_shape():  # a (BM, 2) output block, written with a (BM, 1) column
    pl = _pl()

    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] = _weighted(x_ref[...], w_ref[...])

    def row_sums(x, w):
        m, n = x.shape
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, 2), x.dtype),
            grid=(m // BM, n // BN),
            in_specs=[
                pl.BlockSpec((BM, BN), lambda i, j: (i, j)),
                pl.BlockSpec((1, BN), lambda i, j: (0, j)),
            ],
            out_specs=pl.BlockSpec((BM, 2), lambda i, j: (i, 0)),
            interpret=True,
        )(x, w)

    return _GraderKernel(row_sums)


def _rows_reference_kernel():
    return _rows_call(_weighted)


def _rows_whole_rows():
    """Blocks of whole rows of x (and all of w), a grid over row blocks alone."""
    pl = _pl()

    def kernel(x_ref, w_ref, o_ref):
        o_ref[...] = _weighted(x_ref[...], w_ref[...])

    def row_sums(x, w):
        m, n = x.shape
        return pl.pallas_call(
            kernel,
            out_shape=jax.ShapeDtypeStruct((m, 1), x.dtype),
            grid=(m // BM,),
            in_specs=[
                pl.BlockSpec((BM, n), lambda i: (i, 0)),
                pl.BlockSpec((1, n), lambda i: (0, 0)),
            ],
            out_specs=pl.BlockSpec((BM, 1), lambda i: (i, 0)),
            interpret=True,
        )(x, w)

    return _GraderKernel(row_sums)


EXERCISES = (
    Exercise(
        id="16.block_owner",
        title="Predict the grid an index_map needs, and which program writes a block",
        prediction=True,
        explanation=(
            "B. Pallas calls the index_map with the program's ids in the grid's order, and "
            "it returns a block index. Here `lambda i, j: (j, i)` makes `i`, the first grid "
            "axis, the block column: the (32, 384) output has 3 block columns of 128 and 2 "
            "block rows of 16, so the grid is (3, 2), six programs, each writing one block. "
            "Row 20, column 300 lies in block row 20 // 16 = 1 and block column 300 // 128 = 2, "
            "block (1, 2), which the program with i = 2, j = 1 writes: 10 * 2 + 1 = 21. "
            "Pallas derives no grid (E): with A's or D's grid (2, 3), `j` would ask for block "
            "row 2, which does not exist, and block column 2 would never be written. C "
            "matches program ids to block indices, which only the identity index_map does."
        ),
        reference=lambda: "B",
        rule=Choice(OWNER_OPTIONS, texts=OWNER_TEXTS),
        hints=(
            "Two questions. The index_map receives the program's ids, first grid axis "
            "first, and returns a block index, row block first: which of the output's block "
            "counts does the first grid axis have to run through? And which block holds row "
            "20, column 300 (rows come 16 to a block, columns 128)?",
            "The output has 32 / 16 = 2 block rows and 384 / 128 = 3 block columns. With "
            "(j, i), i walks the block columns, so the grid is (3, 2). Row 20, column 300 is "
            "in block (1, 2): j = 1, i = 2.",
            'grid=(3, 2), and the program (2, 1) writes 21: owner = "B"',
        ),
        solution='owner = "B"',
        mistakes=(
            Mistake(
                id="grid-from-output",
                message="A grid of 2 by 3 does not fit this index_map: Pallas calls it with "
                "the program's ids in the grid's order, and (j, i) makes the first of them a "
                "block column. And a program's ids are not the block it writes: the index_map "
                "turns one into the other, so the ids of the writer of block (1, 2) come from "
                "following (j, i) backwards.",
                example=lambda: "A",
            ),
            Mistake(
                id="ids-are-blocks",
                message="12 would be written by the program whose ids are (1, 2), and that "
                "program does not write the block (1, 2) here. A program's ids are its "
                "position in the grid, not the block it writes: the index_map turns one into "
                "the other, and (j, i) sends the program (i, j) to the block (j, i).",
                example=lambda: "C",
            ),
            Mistake(
                id="grid-unchanged",
                message="A grid of 2 by 3 does not fit this index_map: the index_map receives "
                "the grid's ids in order, so its first argument, i, runs through the grid's "
                "first axis, and (j, i) uses i as the block column. With that grid, j would "
                "ask for a block row the output does not have, and a block column would never "
                "be written.",
                example=lambda: "D",
            ),
            Mistake(
                id="derived-grid",
                message="pallas_call derives no grid: it runs the kernel once for every "
                "element of the grid you give it (one run when you give none), and the "
                "index_map only says which block each run sees. A grid that does not cover "
                "the blocks leaves some unwritten.",
                example=lambda: "E",
            ),
        ),
        success="The grid runs through the index_map's arguments; the index_map sends each "
        "program to its block.",
    ),
    Exercise(
        id="16.naive_matmul",
        title="Predict what a tiled matmul returns when every k step writes its block",
        prediction=True,
        explanation=(
            "B. The grid (32 // 16, 256 // 128, 384 // 128) = (2, 2, 3) runs the kernel 12 "
            "times, k innermost, so the 3 runs of one output block come one after another. "
            "Each run computes one partial product, x's block (i, k) times y's block (k, j), "
            "and `o_ref[...] = ...` replaces the whole block with it: the first two are "
            "overwritten, and the block keeps the partial product of k = 2, "
            "x[:, 256:] @ y[256:, :]. Pallas neither loops over k for you (A), nor adds what "
            "runs write (C), nor drops later writes (E), nor skips runs (D: all 12 run; "
            "each simply overwrites the last). The output block stays in place while its "
            "index does not change, and that is what lets a kernel accumulate into it: the "
            "next section."
        ),
        reference=lambda: "B",
        rule=Choice(NAIVE_OPTIONS, texts=NAIVE_TEXTS),
        hints=(
            "Count first: the grid has one axis per block count, the output's rows and "
            "columns and the summed axis, each its length divided by its block. Then follow "
            "one output block: which runs see it, in which order, and what does each do to "
            "it?",
            "The grid is (2, 2, 3): 12 runs, the 3 with the same (i, j) one after another. "
            "Each run assigns its own partial product to the block with =, and nothing in "
            "the kernel adds.",
            'Each k step overwrites the block, so the last one stays: result = "B"',
        ),
        solution='result = "B"',
        mistakes=(
            Mistake(
                id="loops-over-k",
                message="Pallas loops over nothing inside a run: the kernel runs once per "
                "element of the grid, k's axis included, and each run sees one block of x and "
                "one of y, nothing more.",
                example=lambda: "A",
            ),
            Mistake(
                id="writes-add",
                message="A write adds nothing: an assignment to o_ref replaces what it "
                "writes, as an assignment to a NumPy slice does. A kernel that means to add "
                "reads the block and writes the sum.",
                example=lambda: "C",
            ),
            Mistake(
                id="runs-skipped",
                message="Pallas skips no run: the kernel runs once for every element of the "
                "grid, with its own k, whether or not the output block's index changed since "
                "the run before.",
                example=lambda: "D",
            ),
            Mistake(
                id="first-write-stays",
                message="No write is dropped: every run's write to o_ref reaches the block, "
                "those of later runs too.",
                example=lambda: "E",
            ),
        ),
        success="Every k step runs and overwrites its block: the last partial product stays.",
    ),
    Exercise(
        id="16.fix_scores",
        # No variants (issue 38): the answer is shape-generic (the check picks its own shapes,
        # blocks fixed by the page), so only another operand transposed (x.T @ y) changes it, a
        # rewrite of its 16 kernel mistakes at ~7 s of test_variants CPU each variant.
        title="Fix the index_map of a transposed operand",
        reference=lambda: _reference(_scores_fixed),
        rule=SameFunction(inputs=_scores_inputs, transform=compiled),
        kernel_inputs=_scores_inputs,  # compiled, a block past y must not run
        hints=(
            "An index_map returns a block index of its own operand, in that operand's "
            "order of axes. y has shape (n, d): which grid axis walks its rows, and which "
            "its columns?",
            "y's rows line up with the output's columns (j), its columns with the summed "
            "axis (k). Only y's BlockSpec changes.",
            "pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))",
        ),
        solution=(
            "def scores(x, y):\n"
            "    (m, d), (n, _) = x.shape, y.shape\n"
            "    return pl.pallas_call(\n"
            "        scores_kernel,\n"
            "        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),\n"
            "        grid=(m // BM, n // BN, d // BK),\n"
            "        in_specs=[pl.BlockSpec((BM, BK), lambda i, j, k: (i, k)),\n"
            "                  pl.BlockSpec((BN, BK), lambda i, j, k: (j, k))],  "
            "# y is (n, d)\n"
            "        out_specs=pl.BlockSpec((BM, BN), lambda i, j, k: (i, j)),\n"
            "        interpret=INTERPRET,\n"
            "    )(x, y)"
        ),
        mistakes=(
            Mistake(
                id="no-kernel",
                message="This computes x @ y.T with jnp, outside any kernel: the values are "
                "right, and there is no pallas_call in it. The exercise is the kernel's "
                "index_map.",
                example=_scores_by_jnp,
                matches=_no_kernel(_scores_inputs),
                also_accepted=True,
            ),
            Mistake(  # round 18's sneaky answer
                id="kernel-copies-only",
                message="Your kernel computes no product: x @ y.T is computed before it, "
                "outside any kernel (or by another one), and the pallas_call that makes your "
                "result only copies blocks of it. The values are right, and the exercise, the "
                "kernel that multiplies blocks of x and y, is not in it.",
                example=_scores_copied,
                matches=kernel_does_none_of(("dot_general",), _scores_inputs),
                also_accepted=True,
            ),
            Mistake(
                id="revisited-output",
                message="Your grid writes an output block in runs of programs that are not "
                "consecutive: it leaves the block for another one and comes back to it later. "
                "The interpreter keeps the whole output in one array, so it cannot show what "
                "that does; compiled on a TPU, an output block stays in fast memory only while "
                "consecutive programs write it, is written back when its index changes, and "
                "is never read in again, so a later visit does not start from the sum so far.",
                example=_scores_k_first,
                matches=revisits_output(_scores_inputs),
                also_accepted=True,
            ),
            Mistake(
                id="never-ran",
                message="Your kernel never ran on some of the check's shapes: your grid has "
                "an axis of 0 steps there, so no program wrote the output, which kept the NaN "
                "that interpret mode fills it with. Each grid axis counts the blocks of the "
                "dimension it walks: that dimension's length divided by its own block's.",
                example=lambda: _scores_call(
                    lambda i, j, k: (j, k), grid=lambda m, n, d: (m // BN, n // BN, d // BK)
                ),
                matches=empty_grid(_scores_inputs),
            ),
            Mistake(
                id="transposed-copy",
                message="Your kernel is handed y transposed, a (d, n) copy of y made before "
                "the kernel runs, and reads its blocks as the page's matmul reads its second "
                "operand. That is not the kernel you were given with its bug fixed: that one "
                "transposes each block of y in its product, so that y is read where it lies, "
                "(n, d), as attention keeps its keys. A transpose outside the kernel is an "
                "operation of its own, which reads all of y from memory and writes all of it "
                "again before the kernel starts; the bug to fix is which block of y, as it "
                "is, each program reads.",
                example=_scores_of_transposed_copy,
                matches=_reads(_scores_inputs, _y_transposed),
                also_accepted=True,
            ),
            Mistake(
                id="columns-of-x",
                message="Your result has one column per column of y, d of them, where x @ y.T "
                "has one per row of y, n of them: your kernel took the output's number of columns, "
                "and of block columns in the grid, from y's second dimension, which was n in "
                "the matmul above, where y was (d, n), and is d here, where y is (n, d).",
                example=_scores_columns_of_x,
                matches=_columns_of_x(_scores_inputs),
            ),
            Mistake(  # round 20
                id="output-swapped",
                message="Your result has shape (n, m), where x @ y.T has one row per row of x "
                "and one column per row of y, (m, n): the output's out_shape has its two sides "
                "swapped. The grid and the output's blocks still walk an (m, n) result, so "
                "they do not cover yours: part of it is never written, and stays NaN in "
                "interpret mode.",
                example=_scores_output_swapped,
                matches=_output_swapped(_scores_inputs),
            ),
            Mistake(
                id="matmul-again",
                message="Your kernel is the page's matmul again: y's index_map (k, j) and a "
                "product that multiplies y's block as it comes both read y as (d, n), its rows "
                "summed over. Here y is (n, d): the kernel you were given transposed y's block "
                "in its product, and the index_map must pick y's blocks by the roles its axes "
                "have now.",
                example=_scores_matmul_again,
                matches=_behaves_like(_scores_matmul_again(), _scores_inputs),
            ),
            Mistake(
                id="page-index-map",
                message="y's block index still comes from the matmul above, where y is (d, n) "
                "and its rows are the summed axis. Here y is (n, d): its two axes no longer "
                "play the roles the page's index_map gave them, so on these shapes the "
                "blocks it asks for are the wrong ones, or do not exist.",
                example=_scores_page_map,
                matches=names_out_of_range(_reads(_scores_inputs, _page_map_read)),
            ),
            Mistake(
                id="not-transposed",
                message="Your kernel multiplies x's block by y's block as it comes, (BK, BN) "
                "read as if y were (d, n): the blocks are the right ones, but the product "
                "is of x with y's blocks untransposed, so each output block is wrong: a block of "
                "y here holds rows of y, one per output column, and a plain product pairs x's "
                "columns with those rows instead of with y's columns.",
                example=_scores_not_transposed,
                matches=_behaves_like(_scores_not_transposed(), _scores_inputs),
            ),
            Mistake(
                id="x-map-changed",
                message="The swap went into x's BlockSpec, and x's index_map was right: x is "
                "(m, d) as in the matmul, row block from the output's rows, column block from "
                "the summed axis. It is y, shaped (n, d) where the matmul had (d, n), whose "
                "index_map must change.",
                example=_scores_x_map_changed,
                matches=_behaves_like(_scores_x_map_changed(), _scores_inputs),
            ),
            Mistake(
                id="not-zeroed",
                message="Every value came back NaN: the output block is added to before it "
                "was ever written. Interpret mode fills an output with NaN before the kernel "
                "runs (on a TPU it holds whatever that memory held), and your kernel adds to "
                "each block on every k step without ever setting it first, so the first add "
                "starts from NaN.",
                example=_scores_not_zeroed,
                matches=_all_nan(_scores_inputs),
            ),
            Mistake(
                id="last-k-only",
                message="Each output block holds the partial product of its last k step alone: "
                "every k step replaced what the step before had left in the block, by writing "
                "it with = where it should add, or by zeroing it on a step after the first.",
                example=lambda: _scores_call(lambda i, j, k: (j, k), add=False),
                matches=_behaves_like(
                    _scores_call(lambda i, j, k: (j, k), add=False), _scores_inputs
                ),
            ),
            Mistake(
                id="y-row-block",
                message="y's index_map picks, at each k step, the right block of y's columns, "
                "but not the right block of its rows: y's rows line up with the output's "
                "columns, so a program must read the rows of y that match the output block it "
                "writes, and yours reads others.",
                example=lambda: _scores_call(lambda i, j, k: (0, k)),
                matches=_y_map(row_right=False, column_right=True),
            ),
            Mistake(
                id="y-column-block",
                message="y's index_map picks the rows of y that match the output block, but "
                "not the right block of its columns: y's columns are the summed axis, so at "
                "each k step a program must read the same block of d from y as from x, and "
                "yours reads another.",
                example=lambda: _scores_call(lambda i, j, k: (j, 0)),
                matches=_y_map(row_right=True, column_right=False),
            ),
            Mistake(  # round 16
                id="x-column-block",
                message="y's index_map is right now, but x's no longer picks the right block "
                "of x's columns: x's columns are the summed axis too, so at each k step a "
                "program must read the same block of d from x as from y, and yours reads "
                "another (one that does not follow the k step).",
                example=lambda: _scores_x_column_fixed(),
                matches=_reads(_scores_inputs, _x_column_off),
            ),
            Mistake(
                id="y-blocks-unrelated",
                message="y's index_map takes neither of y's block indices from the grid id it "
                "needs: y's rows line up with the output's columns, and its columns with the "
                "summed axis, so its row block follows the output block's column and its "
                "column block the k step. Yours follows neither.",
                example=lambda: _scores_call(lambda i, j, k: (k, i)),
                matches=_y_map(row_right=False, column_right=False),
            ),
            Mistake(
                id="wide-blocks",
                message="Your kernel reads x in blocks longer than 128 along d, the summed "
                "axis: on some of the check's shapes a block holds all of d, so one program "
                "computes its whole sum and the grid's k axis has fewer steps, or none, to "
                "add across. The kernel you were given sums over d in blocks of 128 for a "
                "reason: a block must fit the accelerator's fast memory (a TPU's VMEM), and "
                "one as long as d grows with d, where a block of 128 stays the same size for "
                "any d, the steps along d adding into an output block that stays put.",
                example=_scores_whole_d,
                matches=_reads(_scores_inputs, _wide_blocks(BK)),
                also_accepted=True,
            ),
            Mistake(
                id="sum-stops-short",
                message="The sum stops short: the programs that write an output block read "
                "only some of the blocks along d, so the products of the others are never "
                "added. The grid's k axis needs one step for each block of d.",
                example=lambda: _scores_call(
                    lambda i, j, k: (j, k), grid=lambda m, n, d: (m // BM, n // BN, 1)
                ),
                matches=_reads(_scores_inputs, lambda calls: _sums_short(calls, BK)),
            ),
            Mistake(
                id="blocks-unwritten",
                message="Part of the output came back NaN, the value interpret mode puts in "
                "an output before the kernel runs: some output blocks were never written, or "
                "were added to before anything was written in them: on these shapes no program "
                "of your grid writes some output blocks (the grid has too few programs, or the "
                "output's index_map sends them to other blocks), or the condition under which "
                "your kernel zeroes a block holds on none of that block's k steps.",
                example=lambda: lambda x, y: _scores_fixed()(x, y).at[:, :128].set(jnp.nan),
                matches=_some_nan(_scores_inputs),
            ),
            Mistake(
                id="block-out-of-range",
                message="Your kernel asks for a block its array does not have: in some program "
                "of the grid, an index_map returns a block index at or past that operand's "
                "number of blocks along an axis (its length divided by its block's). Interpret "
                "mode clamps such an index back into the array, which is why the values can "
                "come out right in the check; a TPU checks no block index, and that program "
                "reads, or writes, memory past the array.",
                example=lambda: _scores_call(lambda i, j, k: (j, k + i)),
                matches=block_out_of_range(_scores_inputs),
                also_accepted=True,
            ),
        ),
        success="An index_map returns its own operand's block index, in that operand's order "
        "of axes.",
    ),
    Exercise(
        id="16.row_sums",
        title="Write a kernel that sums over a grid axis",
        reference=lambda: _reference(_rows_reference_kernel),
        rule=SameFunction(inputs=_row_sums_inputs, transform=compiled),
        kernel_inputs=_row_sums_inputs,
        variants=ROWS_VARIANTS,
        hints=(
            "Two grid axes: one over blocks of 16 rows, one over blocks of 128 columns, which "
            "the sum runs through. w is one row: which of its blocks does a program need, "
            "whatever its row block? And the output block of a row block is the same for "
            "every column step: the matmul's accumulator, with the column axis as k.",
            "grid (m // BM, n // BN); x's block (BM, BN) at (i, j); w's block (1, BN) at "
            "(0, j); the output's block (BM, 1) at (i, 0). In the kernel, zero the output "
            "block when pl.program_id(1) == 0, then add the sums over the block's columns of "
            "{term}, keepdims=True.",
            "def row_sums_kernel(x_ref, w_ref, o_ref):\n"
            "    @pl.when(pl.program_id(1) == 0)\n"
            "    def _():\n"
            "        o_ref[...] = jnp.zeros_like(o_ref)\n"
            "    o_ref[...] += jnp.sum({body}, axis=1, keepdims=True)",
        ),
        solution=(
            "def row_sums_kernel(x_ref, w_ref, o_ref):\n"
            "    @pl.when(pl.program_id(1) == 0)  # the first column step of this row block\n"
            "    def _():\n"
            "        o_ref[...] = jnp.zeros_like(o_ref)\n"
            "    o_ref[...] += jnp.sum({body}, axis=1, keepdims=True)\n"
            "\n"
            "def row_sums(x, w):\n"
            "    m, n = x.shape\n"
            "    return pl.pallas_call(\n"
            "        row_sums_kernel,\n"
            "        out_shape=jax.ShapeDtypeStruct((m, 1), x.dtype),\n"
            "        grid=(m // BM, n // BN),\n"
            "        in_specs=[pl.BlockSpec((BM, BN), lambda i, j: (i, j)),\n"
            "                  pl.BlockSpec((1, BN), lambda i, j: (0, j))],  # every row block\n"
            "        out_specs=pl.BlockSpec((BM, 1), lambda i, j: (i, 0)),  # same for each j\n"
            "        interpret=INTERPRET,\n"
            "    )(x, w)"
        ),
        mistakes=(
            Mistake(
                id="no-kernel",
                message="This computes the row sums with jnp, outside any kernel: the values "
                "are right, and there is no pallas_call in it. The exercise is to write the "
                "kernel, its grid and its BlockSpecs.",
                example=_rows_by_jnp,
                matches=_no_kernel(_row_sums_inputs),
                also_accepted=True,
            ),
            Mistake(  # round 18's sneaky answers
                id="kernel-copies-only",
                message="Your kernel sums nothing: the row sums are computed before it, "
                "outside any kernel (or by another one), and the pallas_call that makes your "
                "result only copies blocks of them. The values are right, and the exercise, "
                "the kernel that adds up each row block by block, is not in it.",
                example=_rows_copied,
                matches=kernel_does_none_of(
                    ("reduce_sum", "dot_general", "cumsum"), _row_sums_inputs
                ),
                also_accepted=True,
            ),
            Mistake(  # round 18
                id="sum-drops-axis",
                message="Your kernel's sum over a block's columns drops the axis it summed: one "
                "number per row, as a vector of shape (16,), where the output block is a "
                "column of shape (16, 1). Added to that column, the vector broadcast to a "
                "(16, 16) square (written alone, it stays a vector), and Pallas refused to "
                "write either into the block (Invalid shape for swap): a reduction removes "
                "the axis it sums unless it is asked to keep it.",
                example=_rows_kernel_sum_flat,
                matches=fails_with(
                    "ValueError",
                    r"(?s)Invalid shape for .swap.*Ref shape: \((\d+), 1\).*Value shape: "
                    r"\((\1,|\1, \1)\)",
                    _row_sums_inputs,
                ),
            ),
            Mistake(  # round 18
                id="value-wider-than-output",
                message="Your kernel writes into its output block, a column of one number per "
                "row, a value with a row of many columns: what it adds was not summed along "
                "the block's columns (its products as they are, or summed down the rows, "
                "axis 0, one number per column), and added to the (16, 1) block it "
                "broadcast to a whole block of x's shape, which Pallas refused to write there "
                "(Invalid shape for swap). A row's sum runs along its columns: one number "
                "per row.",
                example=_rows_kernel_sum_down,
                matches=fails_with(
                    "ValueError",
                    r"(?s)Invalid shape for .swap.*Ref shape: \((\d+), 1\).*Value shape: "
                    r"\(\d+, (?!\1\))\d+\)",
                    _row_sums_inputs,
                ),
            ),
            Mistake(  # round 19
                id="output-one-axis",
                message="Your output has one axis, one sum per row with no column axis (its "
                "blocks are vectors of shape (16,)), and your kernel writes into such a block "
                "a column of shape (16, 1), the block's sums with their column axis kept "
                "(added to the vector first, the column broadcast to a (16, 16) square). "
                "Pallas writes a block only with a value of the block's own shape, so it "
                "raised (Invalid shape for swap). The task's output is a column: one sum per "
                "row, and a column axis of length 1.",
                example=_rows_flat_output,
                matches=fails_with(
                    "ValueError",
                    r"(?s)Invalid shape for .swap.*Ref shape: \((\d+),\).*Value shape: "
                    r"\((\1, 1|\1, \1)\)",
                    _row_sums_inputs,
                ),
            ),
            Mistake(  # round 19: what else Pallas refuses to write into a block
                id="value-not-block-shape",
                message="Your kernel writes into its output block a value of another shape "
                "than the block's own, so Pallas raised (Invalid shape for swap): a block is "
                "written whole, with a value of exactly the shape its BlockSpec gives it, "
                "and a value added to the block is first broadcast with it. Compare the "
                "shape of what your kernel computes with the output block's.",
                example=_rows_wrong_block_shape,
                matches=fails_with("ValueError", r"Invalid shape for .swap", _row_sums_inputs),
            ),
            Mistake(
                id="revisited-output",
                message="Your grid writes a row block's output in runs of programs that are "
                "not consecutive: it leaves the block for another row block and comes back to "
                "it later. The interpreter keeps the whole output in one array, so it cannot "
                "show what that does; compiled on a TPU, an output block stays in fast memory "
                "only while consecutive programs write it, is written back when its index "
                "changes, and is never read in again, so a later visit does not start from "
                "the sum so far.",
                example=_rows_columns_first,
                matches=revisits_output(_row_sums_inputs),
                also_accepted=True,
            ),
            Mistake(
                id="never-ran",
                message="Your kernel never ran on some of the check's shapes: your grid has "
                "an axis of 0 steps there, so no program wrote the row sums, which kept the "
                "NaN that interpret mode fills an output with. Each grid axis counts the "
                "blocks of the dimension it walks: that dimension's length divided by its own "
                "block's.",
                example=_rows_never_run,
                matches=empty_grid(_row_sums_inputs),
            ),
            Mistake(
                id="not-zeroed",
                message="Every sum came back NaN: the output block is added to before it was "
                "ever written. Interpret mode fills an output with NaN before the kernel runs "
                "(on a TPU it holds whatever that memory held), and your kernel adds to each "
                "row block on every column step without ever setting it first, so the first "
                "add starts from NaN.",
                example=_rows_not_zeroed,
                matches=_all_nan(_row_sums_inputs),
            ),
            Mistake(
                id="last-step-only",
                message="Each row sum is that of the last block of 128 columns alone: every "
                "column step replaced what the step before had left in the output block, by "
                "writing it with = where it should add, or by zeroing it on a step after the "
                "first, so only the last step's sum stayed.",
                example=_rows_overwritten,
                matches=_behaves_like(_rows_overwritten(), _row_sums_inputs),
            ),
            Mistake(
                id="first-columns-only",
                message="Each row sum is that of the first 128 columns alone: the grid has "
                "one step on the column axis, so no program ever saw the other column blocks, "
                "and none of their products is in the sums.",
                example=_rows_one_column_block,
                matches=_behaves_like(_rows_one_column_block(), _row_sums_inputs),
            ),
            Mistake(
                id="unweighted",
                message="These are the row sums of {plain}, with w left out: each term of the "
                "sum is {term}.",
                example=_rows_unweighted,
                matches=_behaves_like(_rows_unweighted(), _row_sums_inputs),
            ),
            Mistake(
                id="another-term",
                message="These are the row sums of another variant's term, {other} or "
                "{another}: your variant's term, the one the task asks you to sum, is {term}.",
                example=_rows_another_term,
                matches=_another_variants_term,
            ),
            Mistake(
                id="zeroed-on-row-axis",
                message="Your kernel zeroes the output when the program's row id is 0: the "
                "first block of rows is zeroed at every column step, so it keeps only the last "
                "step's sum, and the other row blocks are never zeroed (NaN here). The sum "
                "runs along the column axis, and the row id says nothing about which column "
                "step a program is on.",
                example=_rows_zeroed_on_row_axis,
                matches=reads_interpreted(
                    _behaves_like(_rows_zeroed_on_row_axis(), _row_sums_inputs)
                ),
            ),
            Mistake(
                id="first-step-lost",
                message="Each row sum leaves out the first block of 128 columns: what the "
                "first column step added to the output block was lost, zeroed after that "
                "step's add, or never added. On the first column step the block starts from "
                "zero and then takes that step's sum, as every later step does.",
                example=_rows_zeroed_after_add,
                matches=_behaves_like(_rows_zeroed_after_add(), _row_sums_inputs),
            ),
            Mistake(
                id="wide-blocks",
                message="Your kernel reads x in blocks wider than the 128 columns the task "
                "asks for: on some of the check's shapes a block holds whole rows, so one "
                "program sums them itself and the grid's column axis has fewer steps, or "
                "none, to add across. The check's shapes are small; a block must fit the "
                "accelerator's fast memory (a TPU's VMEM), and a block as wide as the rows "
                "grows with n, where one of 128 columns stays the same size for any n. The "
                "column axis is the one this kernel must sum along, step by step, into an "
                "output block that stays put.",
                example=_rows_whole_rows,
                matches=_reads(_row_sums_inputs, _wide_blocks(BN)),
                also_accepted=True,
            ),
            Mistake(
                id="w-other-columns",
                message="Some programs pair x's block with the values of w over other "
                "columns: w's block is not the one of the columns x's block holds. w is one "
                "row for all of x's rows, so at each column step a program needs the block of "
                "w over the same columns, whatever its row block.",
                example=_rows_w_by_row,
                matches=_reads(_row_sums_inputs, _w_other_columns),
            ),
            Mistake(
                id="columns-short",
                message="Each row sum stops short: the programs of a row block read only some "
                "of x's blocks of 128 columns, so the others are never added. The grid's "
                "column axis needs one step for each of them.",
                example=_rows_columns_short,
                matches=_reads(_row_sums_inputs, lambda calls: _sums_short(calls, BN)),
            ),
            Mistake(
                id="rows-unwritten",
                message="Some rows came back NaN, the value interpret mode puts in an output "
                "before the kernel runs: their output blocks were never written, or were "
                "added to before anything was written in them: on these shapes your grid has "
                "no program for some blocks of 16 rows, or the condition under which your "
                "kernel zeroes a row block holds on none of that block's column steps.",
                example=_rows_fixed_grid,
                matches=_some_nan(_row_sums_inputs),
            ),
            Mistake(
                id="block-out-of-range",
                message="Your kernel asks for a block its array does not have: in some program "
                "of the grid, an index_map returns a block index at or past that operand's "
                "number of blocks along an axis (its length divided by its block's). Interpret "
                "mode clamps such an index back into the array, which is why the values can "
                "come out right in the check; a TPU checks no block index, and that program "
                "reads, or writes, memory past the array.",
                example=_rows_w_out_of_range,
                matches=block_out_of_range(_row_sums_inputs),
                also_accepted=True,
            ),
        ),
        success="A grid axis the output block does not follow is a sum: zero on its first "
        "step, add on every step.",
    ),
)
