"""What a Pallas kernel in an answer does, read from its traced program (lesson 16).

``kernel_calls(answer, inputs)`` traces the answer on each case and reads each
``pallas_call`` in it: the grid, and for every operand its array's shape, its block
shape and the block index its ``index_map`` gives each program, the programs taken in
the grid's order (the last axis innermost, as Pallas runs them). A mistake can then say
what an answer's kernel does, on the check's own shapes, rather than guess it from the
numbers: which grid axis an operand's block follows, whether the blocks of a sum cover
the summed axis, whether an output block is written in runs that are not consecutive
(right in the interpreter, wrong compiled on a TPU: ``revisits_output``).

Some kernels are harmless interpreted and fatal compiled: a block index past its array
(the interpreter clamps it; a TPU reads or writes past the array, and a TPU v5e halted
for every later call of that process, benchmarks/GPU.md) or a grid axis of no steps or
fewer. The reader sees both without running anything, so their predicates are marked
``before_compiled_run`` (with the inputs they read): an exercise that declares
``kernel_inputs`` has the judge ask them before the answer runs, wherever
``compiles_kernels()``. What Mosaic refuses at compile time (a block's last two dims
neither the array's nor multiples of 8 and 128) is an error, left to the compiler; a last
block that only overhangs its array is padded on input and cut on output (JAX's
docs/pallas/grid_blockspec.md), so it is read as in range.

Some mistakes read what only the interpreter shows: the NaN it fills an output with before
the kernel runs, where a kernel left a block unwritten or added to one it never zeroed.
Compiled, an output starts as whatever that memory held. Their predicates are marked
``reads_interpreted``: wherever ``compiles_kernels()``, the judge asks them, once the rule
has refused the answer, of the answer with its kernels interpreted (``interpreted``).

Pallas's ``grid_mapping`` is internal; where a JAX release lays it out otherwise, or the
grid is dynamic, the reader returns None and no mistake that needs it matches.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jaxtour.grader.mistakes import primitive_names, traced_programs
from jaxtour.grader.plain import is_wrapper, plain
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import Inputs
from jaxtour.lazy import jax


@dataclass(frozen=True)
class Operand:
    """One operand of a pallas_call: the array's shape, the block's, and the block index
    of each program (in ``KernelCall.programs``' order)."""

    shape: tuple[int, ...]
    block: tuple[int | None, ...]
    indices: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class KernelCall:
    grid: tuple[int, ...]
    programs: tuple[tuple[int, ...], ...]
    inputs: tuple[Operand, ...]
    outputs: tuple[Operand, ...]


def _calls_in(jaxpr: Any) -> list[Any]:
    """The pallas_call equations of a traced program, those nested in jit included (not
    those inside a kernel)."""
    found = []
    for eqn in getattr(jaxpr, "jaxpr", jaxpr).eqns:
        if eqn.primitive.name == "pallas_call":
            found.append(eqn)
            continue
        for param in eqn.params.values():
            for item in param if isinstance(param, tuple | list) else (param,):
                inner = getattr(item, "jaxpr", item)
                if hasattr(inner, "eqns"):
                    found.extend(_calls_in(inner))
    return found


def compiles_kernels() -> bool:
    """Whether this session's backend compiles a Pallas kernel (TPU, GPU) rather than
    interpreting it: where a kernel marked ``before_compiled_run`` can do harm."""
    return jax.default_backend() in ("tpu", "gpu")


def before_compiled_run(inputs: Callable[[], Inputs]) -> Callable[[Any], Any]:
    """Marks a predicate that reads the answer's kernels from its traced program on
    ``inputs`` (runs nothing) and matches what would be fatal compiled: the judge asks it
    before the answer runs (``judge.unsafe_when_compiled``)."""

    def mark(predicate: Any) -> Any:
        predicate.before_compiled_run = inputs
        return predicate

    return mark


def guarded_inputs(predicate: Any) -> Any:
    """The inputs a ``before_compiled_run`` predicate reads, else None."""
    return getattr(predicate, "before_compiled_run", None)


def names_out_of_range(predicate: Any) -> Any:
    """Marks a predicate that reads the answer's kernels from its traced program only (runs
    nothing) and whose mistake's message holds for a kernel that asks for a block past its
    array too (the page's index_map on shapes it does not fit): where the guard refuses
    such a kernel (``judge.unsafe_when_compiled``), this mistake, declared before the
    guard's, is named in its place, as the interpreter names it."""
    predicate.names_out_of_range = True
    return predicate


def explains_out_of_range(predicate: Any) -> bool:
    """Whether ``predicate`` is marked ``names_out_of_range``."""
    return getattr(predicate, "names_out_of_range", False) is True


def reads_interpreted(predicate: Any) -> Any:
    """Marks a predicate that reads what interpret mode leaves in a kernel's output (NaN in
    a block no program wrote, or added to before it was written): where the backend
    compiles kernels, the judge asks it of ``interpreted(answer)``, and only of an answer
    the rule refused. On the CPU the answer's kernels are interpreted already."""
    predicate.reads_interpreted = True
    return predicate


def needs_interpreted(predicate: Any) -> bool:
    """Whether ``predicate`` is marked ``reads_interpreted``."""
    return getattr(predicate, "reads_interpreted", False) is True


def interpreted(answer: Any, inputs: Callable[[], Inputs]) -> Any:
    """``answer`` with each of its pallas_calls run in interpret mode, as the CPU runs it:
    the answer traced (``jax.make_jaxpr``) and its program evaluated with every
    pallas_call that would be compiled bound again with ``interpret=True``, those nested
    in jit, closed_call, cond or scan included (Pallas on Mosaic and on Triton take the
    same parameter). Only the answer's own kernels change: what surrounds them runs as the
    answer wrote it.

    The answer itself where that changes nothing: it is no function, it fails to trace on
    ``inputs`` (the rule said why), or all of its pallas_calls are interpreted already.
    Made once per learner function (plain's wrapper), and is plain's wrapper itself, so
    the grader's jit of it, and its outputs in a check, serve every predicate that reads
    them, and the next check of the same function.
    """
    if not callable(answer):
        return answer
    key = id(answer)
    held = _interpreted.get(key)
    if held is not None and held[0] is answer:
        return held[1]
    try:
        programs = traced_programs(answer, inputs)
        compiled = any(_compiled(eqn) for program in programs for eqn in _calls_in(program))
    except Exception:  # it fails to trace: the rule said why
        return answer
    result = plain(_interpreting(answer)) if compiled else answer
    if is_wrapper(answer):
        _interpreted[key] = (answer, result)
        while len(_interpreted) > _MAX_INTERPRETED:
            _interpreted.pop(next(iter(_interpreted)))
    return result


_MAX_INTERPRETED = 16
_interpreted: dict[int, tuple[Any, Any]] = {}


def _interpreting(answer: Callable[..., Any]) -> Callable[..., Any]:
    def run_interpreted(*args: Any) -> Any:
        closed, shape = jax.make_jaxpr(answer, return_shape=True)(*args)
        flat = jax.core.eval_jaxpr(
            _interpret_kernels(closed.jaxpr), closed.consts, *jax.tree.leaves(args)
        )
        return jax.tree.unflatten(jax.tree.structure(shape), flat)

    return run_interpreted


def _compiled(eqn: Any) -> bool:
    """Whether a pallas_call equation is compiled: its ``interpret`` is off (False, None).
    A JAX whose pallas_call has no such parameter is left as it is."""
    return "interpret" in eqn.params and not eqn.params["interpret"]


def _interpret_kernels(jaxpr: Any) -> Any:
    """``jaxpr`` with each pallas_call equation's ``interpret`` set where it was off, in
    the jaxprs nested in its equations' parameters too (not inside a kernel); the same
    object where nothing changed."""
    eqns = []
    changed = False
    for eqn in jaxpr.eqns:
        if eqn.primitive.name == "pallas_call":
            new = eqn.replace(params={**eqn.params, "interpret": True}) if _compiled(eqn) else eqn
        else:
            params = {name: _with_kernels_interpreted(value) for name, value in eqn.params.items()}
            same = all(params[name] is eqn.params[name] for name in params)
            new = eqn if same else eqn.replace(params=params)
        changed = changed or new is not eqn
        eqns.append(new)
    return jaxpr.replace(eqns=eqns) if changed else jaxpr


def _with_kernels_interpreted(value: Any) -> Any:
    """An equation's parameter with the kernels of the jaxprs in it interpreted: a jaxpr,
    a closed jaxpr (jit's, closed_call's) or a tuple of them (cond's branches)."""
    if isinstance(value, tuple | list):
        items = [_with_kernels_interpreted(item) for item in value]
        if all(new is old for new, old in zip(items, value, strict=True)):
            return value
        return type(value)(items)
    inner = getattr(value, "jaxpr", None)
    if hasattr(inner, "eqns") and hasattr(value, "consts"):  # a closed jaxpr
        rewritten = _interpret_kernels(inner)
        return value if rewritten is inner else value.replace(jaxpr=rewritten)
    if hasattr(value, "eqns"):
        return _interpret_kernels(value)
    return value


def _block_size(dim: Any) -> int | None:
    """A dimension's block size; None for a squeezed one (a block of 1). Element, slice
    and gather dims (pl.Element, BoundedSlice, Indirect) take no block index from their
    index_map: the call is not read (raises)."""
    kind = type(dim).__name__
    if kind in _NOT_BLOCKED:
        raise LookupError(f"a block dimension of kind {kind}")
    size = getattr(dim, "block_size", dim)
    return size if isinstance(size, int) else None


_NOT_BLOCKED = frozenset({"Element", "BoundedSlice", "Indirect"})


def _read(eqn: Any) -> KernelCall | None:
    mapping = eqn.params["grid_mapping"]
    grid = tuple(mapping.grid)
    if not all(isinstance(n, int) for n in grid) or mapping.num_index_operands:
        return None
    programs = tuple(itertools.product(*(range(n) for n in grid)))
    operands = []
    for block_mapping in mapping.block_mappings:
        closed = block_mapping.index_map_jaxpr
        indices = []
        for ids in programs:
            values = jax.core.eval_jaxpr(closed.jaxpr, closed.consts, *(np.int32(i) for i in ids))
            indices.append(tuple(int(v) for v in values))
        operands.append(
            Operand(
                shape=tuple(block_mapping.array_aval.shape),
                block=tuple(_block_size(d) for d in block_mapping.block_shape),
                indices=tuple(indices),
            )
        )
    count = mapping.num_inputs
    return KernelCall(grid, programs, tuple(operands[:count]), tuple(operands[count:]))


def kernel_calls(answer: Any, inputs: Callable[[], Inputs]) -> list[list[KernelCall]] | None:
    """The pallas_calls of ``answer`` traced on each case of ``inputs``, read; None when
    the answer is no function, fails to trace, or holds a call the reader cannot read."""
    if not callable(answer):
        return None
    try:
        programs = traced_programs(answer, inputs)
        read = [[_read(eqn) for eqn in _calls_in(program)] for program in programs]
    except Exception:  # it fails to trace (the rule says why), or another layout
        return None
    if any(call is None for calls in read for call in calls):
        return None
    return read  # type: ignore[return-value]


def one_call(answer: Any, inputs: Callable[[], Inputs]) -> list[KernelCall] | None:
    """The one pallas_call of the answer on each case, or None unless it has exactly one."""
    read = kernel_calls(answer, inputs)
    if read is None or any(len(calls) != 1 for calls in read):
        return None
    return [calls[0] for calls in read]


def revisits(operand: Operand) -> bool:
    """Whether some block of ``operand`` is visited in two separate runs of programs: the
    programs that use it, in the grid's order, are not consecutive."""
    seen: set[tuple[int, ...]] = set()
    last = None
    for index in operand.indices:
        if index != last:
            if index in seen:
                return True
            seen.add(index)
            last = index
    return False


def revisits_output(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches an answer whose kernel writes an output block in runs of programs that are
    not consecutive, on some case. The interpreter runs every program in order on one
    array, so such a kernel is right there; compiled on a TPU, an output block is written
    back when its index changes and not read back when it comes again."""

    def matches(answer: Any) -> bool:
        read = kernel_calls(answer, inputs)
        return read is not None and any(
            revisits(out) for calls in read for call in calls for out in call.outputs
        )

    return matches


def empty_grid(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches an answer whose kernel's grid has an axis of no steps on some case (0, or a
    negative count, which Pallas takes as it is): the interpreter never runs the kernel
    there; what a compiled grid of no steps does Pallas does not say."""

    @before_compiled_run(inputs)
    def matches(answer: Any) -> bool:
        read = kernel_calls(answer, inputs)
        return read is not None and any(
            n <= 0 for calls in read for call in calls for n in call.grid
        )

    return matches


def block_counts(operand: Operand) -> tuple[int, ...]:
    """How many blocks ``operand``'s array has along each axis (a squeezed axis, block
    None, counts its elements): the last one may be partial."""
    return tuple(
        -(-size // (block or 1)) for size, block in zip(operand.shape, operand.block, strict=True)
    )


def out_of_range(operand: Operand) -> bool:
    """Whether some program's block index of ``operand`` lies outside its array: below 0,
    or at or past its count of blocks along an axis."""
    counts = block_counts(operand)
    return any(
        not 0 <= i < count
        for index in operand.indices
        for i, count in zip(index, counts, strict=True)
    )


def block_out_of_range(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches an answer whose index_map gives some operand, in some program of some case,
    a block index its array does not have. The interpreter clamps a block index into the
    array, so the values can be right there; a TPU checks no block index."""

    @before_compiled_run(inputs)
    def matches(answer: Any) -> bool:
        read = kernel_calls(answer, inputs)
        return read is not None and any(
            out_of_range(operand)
            for calls in read
            for call in calls
            for operand in (*call.inputs, *call.outputs)
        )

    return matches


def kernel_does_none_of(
    names: tuple[str, ...], inputs: Callable[[], Inputs]
) -> Callable[[Any], bool]:
    """Matches an answer whose result comes out of a kernel that computes none of the
    work: on some case, the last pallas_call of its traced program (the one that makes the
    result) has a kernel body whose program, nested ones included (``pl.when``'s cond),
    uses none of the primitives ``names`` (``dot_general`` for a product, ``reduce_sum``
    for a sum). Round 18's sneaky answers computed the product or the sums outside any
    kernel, with jnp or with another kernel, and passed them through one that only copies
    blocks: the values are right and a kernel is there, but it does none of the exercise.
    An answer with no pallas_call is another mistake's (no kernel)."""
    wanted = set(names)

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        try:
            programs = traced_programs(answer, inputs)
            for program in programs:
                calls = _calls_in(program)
                if not calls:
                    return False
                body = calls[-1].params.get("jaxpr")
                if body is not None and not primitive_names(body) & wanted:
                    return True
        except Exception:  # it fails to trace: the rule says why
            return False
        return False

    return matches
