"""A compiled Pallas kernel, as the CPU can stand in for one (the CI has no TPU or GPU).

The CPU cannot compile a kernel: a ``pallas_call`` with ``interpret`` off fails to lower
there. ``compiled_on_cpu()`` lowers it instead as the interpreter does, with one
difference that matters to the grader: each output (and each padded block) starts from
finite garbage, as a compiled kernel's output starts from whatever its memory held, where
the interpreter starts from NaN. A ``pallas_call`` with ``interpret`` on is lowered as
ever. With ``judge.compiles_kernels`` patched to True, the grader then judges as on a
TPU: the guard reads the kernels first, and the mistakes that read interpret mode's NaN
see none in the rule's run. On main before ``kernels.reads_interpreted``, rounds 14 and
15's lesson 16 judged so gave the generic message to the same 6 and 3 answers as a TPU
v5e did (benchmarks/GPU.md).

``record``, if given, gets "compiled" or "interpreted" each time a kernel whose name
starts with ``record_prefix`` runs (a host callback: at run time, not when traced).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.interpreters import mlir
from jax._src.pallas import hlo_interpreter
from jax._src.pallas import primitives as pallas_primitives
from jax._src.pallas.pallas_call import _pallas_call_lowering, pallas_call_p

_NAN_FILLED = pallas_primitives.uninitialized_value  # what the interpreter starts from


def garbage(shape, dtype):
    """What a compiled output holds before the kernel writes it: finite, and not zero."""
    if not jnp.issubdtype(dtype, jnp.floating):
        return _NAN_FILLED(shape, dtype)
    size = int(np.prod(shape))
    values = (jnp.arange(size, dtype=jnp.int32) * 7919) % 1001 - 500
    return values.astype(dtype).reshape(shape)


@contextlib.contextmanager
def _memory_as_found() -> Iterator[None]:
    """While a kernel is lowered: its outputs start from garbage, not from NaN."""
    pallas_primitives.uninitialized_value = garbage
    try:
        yield
    finally:
        pallas_primitives.uninitialized_value = _NAN_FILLED


@contextlib.contextmanager
def compiled_on_cpu(
    record: list[str] | None = None, record_prefix: str = "answer_"
) -> Iterator[None]:
    """For the body, a pallas_call with interpret off runs on the CPU as compiled memory
    would leave it (module docstring)."""

    def lowering(ctx, *args, interpret, **params):
        name = params["jaxpr"].debug_info.func_name
        recorded = record is not None and name.startswith(record_prefix)
        if interpret and not recorded:  # as ever (the grader's own kernels)
            return _pallas_call_lowering(ctx, *args, interpret=interpret, **params)
        mode = "interpreted" if interpret else "compiled"

        def run(*operands):
            if recorded:
                jax.debug.callback(lambda: record.append(mode))
            return hlo_interpreter.pallas_call_hlo_interpret(*operands, **params)

        with contextlib.nullcontext() if interpret else _memory_as_found():
            return mlir.lower_fun(run, multiple_results=True)(ctx, *args)

    rules = mlir._platform_specific_lowerings["cpu"]
    before = rules.get(pallas_call_p)
    rules[pallas_call_p] = mlir.LoweringRuleEntry(lowering, True)
    try:
        yield
    finally:
        if before is None:
            rules.pop(pallas_call_p, None)
        else:
            rules[pallas_call_p] = before
