"""Mistake predicates: ``matches=`` for the mistakes an exercise's own rule cannot express.

Most mistakes need none: a ``Mistake`` without ``matches`` is recognised by the
exercise's rule with the mistake's example as the expected value. These predicates
cover the rest: a wrong container, a function that fails a given way or changes its
input, a string option.
"""

from __future__ import annotations

import builtins
import copy
import dis
import functools
import gc
import itertools
import os
import re
import sys
import time
import types
from collections.abc import Callable
from typing import Any

from jaxtour.grader.compare import compare_arrays
from jaxtour.grader.isolation import graders_hook
from jaxtour.grader.plain import is_wrapper
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import (
    Inputs,
    answer_outcome,
    cases_of_this_check,
    is_jitted,
    option_of,
    outputs_on,
)
from jaxtour.lazy import is_jax_array, jax


def by_code(predicate: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """Marks a predicate that reads the learner's code (its bytecode, what it loads, the
    notebook functions it calls) and never calls it: what it says does not depend on
    anything the answer does when run, so the judge may ask it before the rule runs the
    answer (``judge.asked_before_the_rule``)."""
    predicate.reads_code_only = True  # type: ignore[attr-defined]
    return predicate


def reads_code_only(predicate: Any) -> bool:
    return getattr(predicate, "reads_code_only", False) is True


def equals_value(value: Any) -> Callable[[Any], bool]:
    """Matches an answer equal to ``value``: same shape and values, any array type."""

    def matches(answer: Any) -> bool:
        got, want = np.asarray(answer), np.asarray(value)
        return got.shape == want.shape and compare_arrays(got, want, check_dtype=False) is None

    return matches


def _output(inputs: Any, answer: Any, index: int, args: tuple[Any, ...]) -> Any:
    """``answer(*args)``, the ``index``-th case of ``inputs``, once per check (shared with
    the rule and the other predicates that read the same inputs); raises what it raised."""
    value, raised = answer_outcome(inputs, answer, index, args)
    if raised is not None:
        raise raised
    return value


def output_or_none(inputs: Any, answer: Any, index: int, args: tuple[Any, ...]) -> Any:
    """``answer(*args)``, the ``index``-th case of ``inputs``, once per check (shared with
    the rule), or None when the answer is no function or raised (a predicate's view)."""
    if not callable(answer):
        return None
    value, raised = answer_outcome(inputs, answer, index, args)
    return None if raised is not None else value


def fresh_copy(value: Any) -> Any:
    """``copy.deepcopy(value)`` (the grader's inputs, for a call that may change them),
    with each jax array in its lists, tuples and dicts copied by ``jax.device_put(...,
    may_alias=False)``: a buffer of its own, the same dtype, weak type and placement, and
    no program compiled (deepcopy's ``Array.copy`` compiled one per shape on a first
    check: 04.sgd_step's wrong answer, five). Arrays elsewhere are deep-copied as ever."""
    memo: dict[int, Any] = {}
    _copy_arrays_into(value, memo)
    return copy.deepcopy(value, memo)


def _copy_arrays_into(value: Any, memo: dict[int, Any]) -> None:
    if is_jax_array(value):
        if id(value) not in memo:
            memo[id(value)] = jax.device_put(value, may_alias=False)
    elif type(value) in (list, tuple):
        for item in value:
            _copy_arrays_into(item, memo)
    elif type(value) is dict:
        for item in value.values():
            _copy_arrays_into(item, memo)


def behaves_like(
    wrong: Callable[..., Any],
    inputs: Callable[[], Inputs],
    first: int | None = None,
    *,
    whole: bool = False,
) -> Callable[[Any], bool]:
    """Matches a function whose outputs equal ``wrong``'s on every input, or on the
    ``first`` ones only: the rule's own inputs, read that way, reach the answer's outputs
    that the rule and the other predicates read (once per check), where inputs of its own
    would call the answer again on each. ``whole``:
    ``wrong`` compiled whole on each case (``outputs_on``), for an exercise whose rule
    compiles the answer whole (``SameFunction(transform=...)``): op by op, its operations
    share nothing with the answer's."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        cases = cases_of_this_check(inputs, inputs)
        wanted = outputs_on(inputs, wrong, whole=whole)
        count = len(cases) if first is None else min(first, len(cases))
        for index in range(count):
            if not equals_tree(wanted[index])(_output(inputs, answer, index, cases[index])):
                return False
        return True

    return matches


def equals_tree(value: Any) -> Callable[[Any], bool]:
    """Matches an answer with ``value``'s pytree structure and equal leaves."""

    def matches(answer: Any) -> bool:
        want, want_def = jax.tree.flatten(value)
        if want_def.num_nodes == 1:  # one array or number: any array-like may match it
            return equals_value(value)(answer)
        got, got_def = jax.tree.flatten(answer)
        return got_def == want_def and all(
            equals_value(w)(g) for g, w in zip(got, want, strict=True)
        )

    return matches


def fails_with(error: str, pattern: str, inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function that raises an ``error`` (by class name) matching ``pattern``."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        # the cases as built once for this check: each of a check's predicates that read
        # them built them again (07.stale_global: eight, 1210 builds in 20 variants' checks)
        for index, args in enumerate(cases_of_this_check(inputs, inputs)):
            _, exc = answer_outcome(inputs, answer, index, args)
            if exc is not None:
                names = {cls.__name__ for cls in type(exc).__mro__}
                return error in names and re.search(pattern, str(exc)) is not None
        return False

    return matches


def mutates_input(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function that changes a NumPy array or dict it was given."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        for args in inputs():
            before = fresh_copy(args)
            try:
                answer(*args)
            except Exception:
                continue
            if not equals_tree(before)(args):
                return True
        return False

    return matches


def deletes_input(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function that deletes a jax array it was given (``x.delete()``, or a
    jit of its own that donates it): its result may be right, but the caller's array is
    gone, and reading it again raises. Run plainly, on fresh inputs, as a caller would."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        for args in inputs():
            arrays = [leaf for leaf in jax.tree.leaves(args) if isinstance(leaf, jax.Array)]
            try:
                answer(*args)
            except Exception:
                continue
            if any(_deleted(array) for array in arrays):
                return True
        return False

    return matches


def _deleted(array: Any) -> bool:
    try:
        return bool(type(array).is_deleted(array))
    except Exception:
        return False


def chose(option: str) -> Callable[[Any], bool]:
    """Matches the string answer ``option``, whatever its case and spacing."""
    return lambda answer: option_of(answer) == option


# --- how a function computes, not only what: traced programs and repeated calls ---------


def _sub_jaxprs(eqn: Any) -> list[Any]:
    """The jaxprs nested in one equation's parameters (jit, scan, cond, custom_jvp, ...)."""
    found = []
    for param in eqn.params.values():
        for item in param if isinstance(param, tuple | list) else (param,):
            inner = getattr(item, "jaxpr", item)  # a ClosedJaxpr holds its Jaxpr
            if hasattr(inner, "eqns"):
                found.append(inner)
    return found


def equation_count(jaxpr: Any) -> int:
    """How many operations a traced program holds, counting those inside nested programs."""
    jaxpr = getattr(jaxpr, "jaxpr", jaxpr)
    return sum(1 + sum(map(equation_count, _sub_jaxprs(eqn))) for eqn in jaxpr.eqns)


def primitive_names(jaxpr: Any) -> set[str]:
    """The names of the primitives a traced program uses, nested programs included."""
    jaxpr = getattr(jaxpr, "jaxpr", jaxpr)
    names: set[str] = set()
    for eqn in jaxpr.eqns:
        names.add(eqn.primitive.name)
        for inner in _sub_jaxprs(eqn):
            names |= primitive_names(inner)
    return names


def grows_with_batch(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function whose traced program gets longer as the batch grows.

    ``inputs()`` gives argument tuples alike but for the batch size, smallest first.
    ``jax.vmap`` (like any array code) traces to one program whatever the batch size; a
    Python loop over the examples unrolls into one copy of the work per example. Same
    values, different HOW: only the program shows it.
    """

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        counts = [equation_count(jaxpr) for jaxpr in traced_programs(answer, inputs)]
        return all(a < b for a, b in zip(counts, counts[1:], strict=False))

    return matches


def traces_primitive(names: tuple[str, ...], inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function whose traced program uses one of the primitives ``names``,
    e.g. ``("scan", "while")`` for ``jax.lax.map`` and ``fori_loop``."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        return any(primitive_names(jaxpr) & set(names) for jaxpr in traced_programs(answer, inputs))

    return matches


HOST_CALLBACKS = ("pure_callback", "io_callback")  # jax.debug.callback (printing) is not one


def host_callback(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function whose traced program hands values to Python on the host
    (``jax.pure_callback``, ``io_callback``): what the callback computes, with NumPy or
    anything else, JAX neither traces, differentiates nor compiles, and no check can read
    it (round 18: 12.hvp's whole Hessian built on the host, its product accepted)."""
    return traces_primitive(HOST_CALLBACKS, inputs)


def needs_values_on_host(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function that runs on ``inputs()``'s first arguments but cannot be
    traced with them abstract (as ``jax.jit`` traces it): it needs their values in Python
    on the host, whatever it reads them with (``np.asarray``, a ``memoryview``, NumPy's
    buffer protocol, ``.tolist()``, ``float`` of an element, an ``if`` on a value), and
    computes there what was asked of ``jnp`` (round 21: memoryview routes to NumPy, the
    sum of 01.overflow_fix in Python ints). Where the call itself fails, it does not
    match: that is the rule's to say."""
    from jaxtour.grader.learner_code import raw_call

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        args = inputs()[0]
        _, traced_raised = raw_call(jax.make_jaxpr(answer), args)
        if traced_raised is None:
            return False
        _, raised = raw_call(answer, args)
        return raised is None

    return matches


# A derivative rule of one's own: what grad and jvp use instead of differentiating the code
CUSTOM_RULES = ("custom_vjp_call", "custom_vjp_call_jaxpr", "custom_jvp_call")


def rule_around(program: Any, names: tuple[str, ...]) -> bool:
    """Whether a traced program holds a custom derivative rule (``jax.custom_vjp``,
    ``custom_jvp``) around code that uses one of the primitives ``names``: what JAX would
    differentiate, or refuse to (a ``while``), hidden behind a rule, so that grad never
    meets it (round 21: 11.while_grad's while_loop kept, its backward pass jax.jacfwd)."""
    jaxpr = getattr(program, "jaxpr", program)
    for eqn in jaxpr.eqns:
        inner = _sub_jaxprs(eqn)
        if eqn.primitive.name in CUSTOM_RULES and any(
            primitive_names(sub) & set(names) for sub in inner
        ):
            return True
        if any(rule_around(sub, names) for sub in inner):
            return True
    return False


def traced_programs(answer: Any, inputs: Callable[[], Inputs]) -> list[Any]:
    """``jax.make_jaxpr(answer)`` on each of ``inputs()``. For plain's wrapper of a
    learner function (one object while the function and what it reads are unchanged) the
    programs are kept, so the next check, and the other mistakes that read them, trace
    nothing again; a function that fails to trace is traced (and fails) each time."""
    key = (id(answer), id(inputs), bool(jax.config.jax_enable_x64))
    held = _programs.get(key)
    if held is not None and held[0] is answer and held[1] is inputs:
        return held[2]
    programs = [jax.make_jaxpr(answer)(*args) for args in inputs()]
    if is_wrapper(answer):
        _programs[key] = (answer, inputs, programs)
        while len(_programs) > _MAX_PROGRAMS:
            _programs.pop(next(iter(_programs)))
    return programs


_MAX_PROGRAMS = 32
_programs: dict[tuple[int, int, bool], tuple[Any, Any, list[Any]]] = {}


_JUMPS = frozenset(dis.hasjrel) | frozenset(dis.hasjabs) | frozenset(getattr(dis, "hasjump", ()))


def _code_loops(code: types.CodeType) -> bool:
    """A backward jump in ``code`` or in code nested in it (a comprehension, a lambda)."""
    for instruction in dis.get_instructions(code):
        target = instruction.argval
        if instruction.opcode in _JUMPS and isinstance(target, int) and target < instruction.offset:
            return True
    return any(_code_loops(const) for const in code.co_consts if isinstance(const, types.CodeType))


def _code_names(code: types.CodeType) -> set[str]:
    """The global names ``code`` and the code nested in it read."""
    names = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _code_names(const)
    return names


def learner_functions(answer: Any) -> list[types.FunctionType]:
    """The learner's own functions behind ``answer``: the function itself (through
    ``jax.jit``, ``functools.wraps`` and ``functools.partial``) and the functions defined
    beside it (in the notebook) that it calls; JAX's and NumPy's own are left out."""
    seen: set[int] = set()
    found: list[types.FunctionType] = []
    pending = [answer]
    while pending and len(found) < 64:
        fn = pending.pop()
        for _ in range(8):  # bounded: a wrapper could name itself
            fn = getattr(fn, "__wrapped__", fn)  # jax.jit, functools.wraps
            fn = getattr(fn, "func", fn)  # functools.partial
        if not isinstance(fn, types.FunctionType) or id(fn) in seen or _library(fn):
            continue
        seen.add(id(fn))
        found.append(fn)
        beside = [fn.__globals__.get(name) for name in _code_names(fn.__code__)]
        beside += [cell.cell_contents for cell in fn.__closure__ or () if _filled(cell)]
        pending += [
            other
            for other in beside
            if getattr(other, "__module__", None) == fn.__module__ and callable(other)
        ]
    return found


def _codes(code: types.CodeType) -> list[types.CodeType]:
    """``code`` and the code nested in it (comprehensions, lambdas, inner functions)."""
    nested = [const for const in code.co_consts if isinstance(const, types.CodeType)]
    return [code, *(inner for const in nested for inner in _codes(const))]


def _instructions(answer: Any) -> list[tuple[types.FunctionType, list[dis.Instruction]]]:
    return [
        (fn, list(dis.get_instructions(code)))
        for fn in learner_functions(answer)
        for code in _codes(fn.__code__)
    ]


@by_code
def loops_in_python(answer: Any) -> bool:
    """Matches a function that runs a Python loop (for, while, a comprehension) in its
    own code, or in a function defined beside it (in the notebook) that it calls; the
    loops inside JAX's and NumPy's functions do not count.

    Its values cannot show a loop, and a trace not always (a loop over NumPy values
    cannot be traced); its bytecode does: every Python loop jumps backward.
    """
    return any(_code_loops(fn.__code__) for fn in learner_functions(answer))


def runs_python_per_element(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function whose own Python runs more often on a longer input: a loop
    its bytecode does not show (``functools.reduce`` or ``map`` calling a lambda per
    element, a loop in a string given to ``exec``, a callback that loops on the host).

    ``inputs()`` gives argument tuples alike but for the length, shortest first (reuse
    the rule's shapes). The answer (``jax.jit``'s wrapper set aside: compiled, it would
    run no Python at all) is traced on each, or called plainly where it cannot be traced,
    while ``PythonSteps`` counts the lines run in the learner's code and the calls it
    makes; array code runs the same steps whatever the length.
    Kept per plain wrapper, as ``traced_programs`` keeps programs, and per ``jax.jit``
    object (whose traces JAX keeps as long): a warm check of an unchanged function
    counts nothing again.
    """

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        key = (id(answer), id(inputs), bool(jax.config.jax_enable_x64))
        held = _steps_grow.get(key)
        if held is not None and held[0] is answer and held[1] is inputs:
            return held[2]
        plain, cases = _unjitted(answer), list(inputs())
        counts = [_steps_traced(plain, args) for args in cases]
        if None in counts:  # it cannot be traced (tolist(), int(x)): run it
            counts = [_steps_run(plain, args) for args in cases]
        if None in counts:
            return False  # the rule and the other mistakes say why it failed
        grows = len(counts) > 1 and all(a < b for a, b in itertools.pairwise(counts))
        if is_wrapper(answer) or is_jitted(answer):  # a jit object: JAX too reuses its traces
            _steps_grow[key] = (answer, inputs, grows)
            while len(_steps_grow) > _MAX_PROGRAMS:
                _steps_grow.pop(next(iter(_steps_grow)))
        return grows

    return matches


_steps_grow: dict[tuple[int, int, bool], tuple[Any, Any, bool]] = {}


def _steps_traced(fn: Callable[..., Any], args: tuple[Any, ...]) -> int | None:
    """The learner's Python steps while ``jax.make_jaxpr`` traces ``fn`` (Python numbers
    static, as ``rules.outputs_on`` passes them): its Python runs once, nothing is
    compiled (an unjitted lax.scan would compile on every call). Traced through a new
    function each time: JAX reuses a trace of the same function (one ``jax.jit`` made
    earlier), and the Python would not run. None if it fails."""
    static = tuple(i for i, a in enumerate(args) if type(a) in (int, float))

    def fresh(*inputs: Any) -> Any:  # a new function: JAX keeps traces per function
        return fn(*inputs)

    with PythonSteps() as steps:
        try:
            jax.make_jaxpr(fresh, static_argnums=static)(*args)
        except Exception:
            return None
    return steps.count


def _steps_run(fn: Callable[..., Any], args: tuple[Any, ...]) -> int | None:
    """The learner's Python steps while ``fn`` runs plainly on a copy of ``args`` (a
    callback's host function runs too), or None if it raised."""
    with PythonSteps() as steps:
        try:
            jax.block_until_ready(fn(*fresh_copy(args)))
        except Exception:
            return None
    return steps.count


def _unjitted(answer: Any) -> Any:
    """The Python function inside a ``jax.jit`` wrapper behind ``answer`` (through
    plain's wrapper and ``functools.wraps``, as ``learner_functions`` reads), else
    ``answer`` itself: called through jit, a function traced before runs no Python."""
    fn = answer
    for _ in range(8):
        inner = getattr(fn, "__wrapped__", None)
        if is_jitted(fn) and callable(inner):
            return inner
        if not callable(inner):
            break
        fn = inner
    return answer


class PythonSteps:
    """Counts the steps the learner's own Python takes while it is active: each line run
    in the learner's code and each Python function its code calls (JAX's included, and a
    lambda called by ``functools.reduce``, ``map`` or a callback). Code of JAX, NumPy,
    jaxtour, Python's standard library and what they generate (namedtuples, dataclasses)
    is not the learner's; code given to ``exec`` or ``eval`` is. Only this thread: Python
    before 3.12 cannot trace threads it did not start."""

    def __init__(self) -> None:
        self.count = 0
        self._mine: dict[types.CodeType, bool] = {}
        self._before: Any = None
        self._hook: Any = None

    def __enter__(self) -> PythonSteps:
        self._before = sys.gettrace()
        sys.settrace(self._called)
        self._hook = graders_hook()
        self._hook.__enter__()  # the grader's own hook: not taken for the learner's
        return self

    def __exit__(self, *exc: object) -> None:
        self._hook.__exit__(None, None, None)
        sys.settrace(self._before)

    def learners(self, frame: types.FrameType) -> bool:
        code = frame.f_code
        mine = self._mine.get(code)
        if mine is None:
            module = frame.f_globals.get("__name__")
            mine = self._mine[code] = not (
                _library_code(code)
                or str(code.co_filename).startswith(_standard_library())
                or str(code.co_filename).startswith("<frozen")
                or (isinstance(module, str) and _generated_for_library(module))
            )
        return mine

    def _called(self, frame: types.FrameType, event: str, arg: Any) -> Any:
        caller = frame.f_back
        if caller is not None and self.learners(caller):
            self.count += 1  # a call the learner's code made
        if self.learners(frame):
            return self._line  # its lines are counted
        return None

    def _line(self, frame: types.FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            self.count += 1
        return self._line


def _generated_for_library(module: str) -> bool:
    """Code that a library generated at run time (a dataclass's ``__init__``, a
    namedtuple's ``__new__``) carries the module of its class, or ``namedtuple_*``."""
    top = module.partition(".")[0]
    if module.startswith("namedtuple_"):
        return True
    if module.startswith("jaxtour.exercises"):
        return False  # the mistakes' examples stand for answers
    return top in _LIBRARIES or top == "jaxtour"


@functools.cache
def _standard_library() -> tuple[str, ...]:
    import sysconfig

    paths = sysconfig.get_paths()
    return tuple(
        {os.path.join(os.path.realpath(paths[name]), "") for name in ("stdlib", "platstdlib")}
        | {os.path.join(paths[name], "") for name in ("stdlib", "platstdlib")}
    )


def uses_operator(*symbols: str) -> Callable[[Any], bool]:
    """Matches a function whose own code applies one of the binary operators ``symbols``
    ("//", "%", ...; their augmented forms count): a message that names an operator
    is true only of code that has it."""
    wanted = set(symbols) | {f"{symbol}=" for symbol in symbols}

    @by_code
    def matches(answer: Any) -> bool:
        return any(
            instruction.opname.startswith("BINARY") and instruction.argrepr in wanted
            for _, instructions in _instructions(answer)
            for instruction in instructions
        )

    return matches


@by_code
def branches_in_python(answer: Any) -> bool:
    """Matches a function whose own code has an ``if`` (a statement, a conditional
    expression, a comprehension's filter) or a ``while``: a jump on a value's truth.
    (``and`` and ``or`` compile to other jumps; ``max`` and ``min`` to none.)"""
    return any(
        instruction.opname.startswith("POP_JUMP")
        and ("IF_FALSE" in instruction.opname or "IF_TRUE" in instruction.opname)
        for _, instructions in _instructions(answer)
        for instruction in instructions
    )


_LOADS = frozenset({"LOAD_GLOBAL", "LOAD_NAME", "LOAD_DEREF", "LOAD_CLASSDEREF"})


def _loaded(fn: types.FunctionType, instruction: dis.Instruction) -> Any:
    """The value a global or closure load in ``fn`` reads (builtins included), else None."""
    name = instruction.argval
    if instruction.opname == "LOAD_DEREF":
        cells = dict(zip(fn.__code__.co_freevars, fn.__closure__ or (), strict=False))
        cell = cells.get(name)
        return cell.cell_contents if cell is not None and _filled(cell) else None
    if name in fn.__globals__:
        return fn.__globals__[name]
    return getattr(builtins, name, None) if isinstance(name, str) else None


def calls_builtin(*names: str) -> Callable[[Any], bool]:
    """Matches a function whose own code reads Python's built-in ``names`` (max, min,
    abs, ...), not a notebook function of the same name."""

    @by_code
    def matches(answer: Any) -> bool:
        for fn, instructions in _instructions(answer):
            for instruction in instructions:
                if instruction.opname in _LOADS and instruction.argval in names:
                    if _loaded(fn, instruction) is getattr(builtins, instruction.argval):
                        return True
        return False

    return matches


def _numpy_random(value: Any) -> bool:
    """NumPy's random module, one of its functions, or a generator made by it."""
    for candidate in (value, type(value)):
        module = getattr(candidate, "__module__", None) or getattr(candidate, "__name__", None)
        if isinstance(module, str) and module.startswith("numpy.random"):
            return True
    return False


def _imports_numpy_random(instructions: list[dis.Instruction]) -> bool:
    """The code imports NumPy's random module itself (``import numpy.random``, ``from numpy
    import random``, ``from numpy.random import ...``), or imports numpy under a local name
    and reads ``.random`` from it: an import inside the function, which no global holds."""
    local_numpy: set[str] = set()
    for instruction, following in itertools.pairwise([*instructions, None]):
        name = instruction.argval
        if instruction.opname == "IMPORT_NAME" and isinstance(name, str):
            if name == "numpy.random" or name.startswith("numpy.random."):
                return True
            if name == "numpy" and following is not None:
                if following.opname == "IMPORT_FROM" and following.argval == "random":
                    return True
                if following.opname in ("STORE_FAST", "STORE_DEREF", "STORE_NAME"):
                    local_numpy.add(following.argval)
        elif (
            instruction.opname in ("LOAD_FAST", "LOAD_DEREF", "LOAD_NAME")
            and name in local_numpy
            and following is not None
            and following.opname in ("LOAD_ATTR", "LOAD_METHOD")
            and following.argval == "random"
        ):
            return True
    return False


@by_code
def uses_numpy_random(answer: Any) -> bool:
    """Matches a function whose own code draws with NumPy: ``np.random.<...>``, a
    function imported from ``numpy.random``, or a NumPy generator it reads."""
    for fn, instructions in _instructions(answer):
        if _imports_numpy_random(instructions):
            return True
        for instruction, following in itertools.pairwise([*instructions, None]):
            if instruction.opname not in _LOADS:
                continue
            value = _loaded(fn, instruction)
            if _numpy_random(value):
                return True
            numpy_module = isinstance(value, types.ModuleType) and value.__name__ == "numpy"
            if (
                numpy_module
                and following is not None
                and following.opname in ("LOAD_ATTR", "LOAD_METHOD")
                and following.argval == "random"
            ):
                return True
    return False


# --- what an answer's code reads: a module it was asked not to use -----------------------

# JAX's differentiating functions: an answer that calls one differentiates with JAX.
AUTODIFF = (
    "grad",
    "value_and_grad",
    "vjp",
    "jvp",
    "linearize",
    "jacfwd",
    "jacrev",
    "jacobian",
    "hessian",
)
_MADE_BY: dict[str, Any] = {}  # what JAX's autodiff functions make, computed once


def _library_code(code: types.CodeType) -> bool:
    """Code of JAX, NumPy or jaxtour itself (its file lies in their packages): not the
    learner's, so its reads are not the learner's. The exercises' modules count as the
    learner's: their mistakes' examples stand for answers."""
    filename = str(code.co_filename)
    examples = os.path.join(os.path.dirname(os.path.dirname(__file__)), "exercises", "")
    return filename.startswith(_library_folders()) and not filename.startswith(examples)


def _library_folders() -> tuple[str, ...]:
    """The folders of JAX, jaxlib, NumPy, SciPy and jaxtour, those imported."""
    loaded = [sys.modules.get(name) for name in (*sorted(_LIBRARIES), "jaxtour")]
    return tuple(
        os.path.dirname(module.__file__) + os.sep
        for module in loaded
        if module is not None and isinstance(getattr(module, "__file__", None), str)
    )


def _functions_behind(answer: Any) -> list[types.FunctionType]:
    """Every Python function behind ``answer``: each wrapper on the way (``jax.jit``,
    ``functools.wraps``, ``functools.partial``, ``jnp.vectorize``, what ``jax.grad`` made)
    and the notebook functions its own code reads, directly or through helpers."""
    seen: set[int] = set()
    found: list[types.FunctionType] = []
    pending = [answer]
    while pending and len(seen) < 256:
        fn = pending.pop()
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        pending += [
            inner
            for inner in (getattr(fn, "__wrapped__", None), getattr(fn, "func", None))
            if inner is not None
        ]
        if isinstance(fn, functools.partial):
            pending += [bound for bound in (*fn.args, *fn.keywords.values()) if callable(bound)]
        if not isinstance(fn, types.FunctionType):
            continue
        found.append(fn)
        if _library_code(fn.__code__):
            continue
        beside = [fn.__globals__.get(name) for name in _code_names(fn.__code__)]
        beside += [cell.cell_contents for cell in fn.__closure__ or () if _filled(cell)]
        beside += list(fn.__defaults__ or ())
        pending += [
            other
            for other in beside
            if callable(other) and getattr(other, "__module__", None) == fn.__module__
        ]
    return found


def _reads(answer: Any) -> list[tuple[Any, str | None]]:
    """What the learner's own code behind ``answer`` reads: each global, closure or
    default value it loads with the attribute read from it next (``timing`` and
    ``"measure"``), and each module it imports (as its name)."""
    reads: list[tuple[Any, str | None]] = []
    for fn in _functions_behind(answer):
        if _library_code(fn.__code__):
            continue
        reads += [(default, None) for default in fn.__defaults__ or ()]
        for code in _codes(fn.__code__):
            instructions = list(dis.get_instructions(code))
            for instruction, following in itertools.pairwise([*instructions, None]):
                attribute = None
                if following is not None and following.opname in (
                    "LOAD_ATTR",
                    "LOAD_METHOD",
                    "IMPORT_FROM",
                ):
                    attribute = following.argval
                if instruction.opname in _LOADS:
                    reads.append((_loaded(fn, instruction), attribute))
                elif instruction.opname == "IMPORT_NAME":
                    reads.append((str(instruction.argval), attribute))
    return reads


def _in_module(value: Any, attribute: str | None, module: str, names: tuple[str, ...]) -> bool:
    """``value`` (with ``attribute`` read from it next) is one of ``module``'s ``names``,
    something they made, or an import of the module (other than of its other names)."""
    package, _, name = module.rpartition(".")
    if isinstance(value, str):  # an import statement's module name, attribute its from-name
        if value == module:
            return attribute is None or attribute in names
        return value.startswith(module + ".") or (value == package and attribute == name)
    if isinstance(value, types.ModuleType):
        if value.__name__ == module:
            return attribute in names
        return value.__name__ == package and attribute == name  # jaxtour.timing.<...>
    for candidate in (value, type(value)):
        if getattr(candidate, "__module__", None) == module:
            return getattr(candidate, "__name__", None) in names
    return False


def uses_module(module: str, names: tuple[str, ...]) -> Callable[[Any], bool]:
    """Matches a function whose own code (or a notebook function it calls) reads one of
    ``module``'s ``names`` (``"jaxtour.timing"``, ``("measure",)``): as an attribute of the
    module, imported, bound to a notebook name, or an object one of them made (a class in
    ``names`` stands for its instances). Its bytecode says so, whatever the values."""

    @by_code
    def matches(answer: Any) -> bool:
        return callable(answer) and any(
            _in_module(value, attribute, module, names) for value, attribute in _reads(answer)
        )

    return matches


def _made_by_autodiff() -> frozenset[types.CodeType]:
    """The code of the functions ``jax.grad``, ``value_and_grad``, ``jacfwd``, ``jacrev``
    and ``hessian`` return (with and without ``has_aux``)."""
    made = _MADE_BY.get("codes")
    if made is None:

        def probe(x: Any) -> Any:
            return x

        codes = set()
        for name in ("grad", "value_and_grad", "jacfwd", "jacrev", "jacobian", "hessian"):
            for options in ({}, {"has_aux": True}):
                fn = getattr(jax, name)(probe, **options)
                while isinstance(fn, types.FunctionType) and fn.__code__ is not probe.__code__:
                    codes.add(fn.__code__)
                    fn = getattr(fn, "__wrapped__", None)
        made = _MADE_BY["codes"] = frozenset(codes)
    return made


@by_code
def differentiates_with_jax(answer: Any) -> bool:
    """Matches a function that differentiates with JAX: it is, wraps or calls a function
    that ``jax.grad`` (``value_and_grad``, ``jacfwd``, ``jacrev``, ``hessian``) made, or
    its own code (or a notebook function it calls) reads one of JAX's differentiating
    functions (``jax.grad``, ``jax.vjp``, ``jax.jvp``, ``jax.linearize``, ...)."""
    if not callable(answer):
        return False
    made = _made_by_autodiff()
    if any(fn.__code__ in made for fn in _functions_behind(answer)):
        return True
    autodiff = [getattr(jax, name) for name in AUTODIFF]
    for value, attribute in _reads(answer):
        if any(value is fn for fn in autodiff):
            return True
        if (
            isinstance(value, types.ModuleType)
            and value.__name__ == "jax"
            and attribute in AUTODIFF
        ):
            return True
        if value == "jax" and attribute in AUTODIFF:  # from jax import grad
            return True
    return False


# What JAX's differentiation names the equations it makes (their source_info's name stack):
# jvp(...) forward, transpose(jvp(...)) for grad, vjp and jacrev.
_AUTODIFF_SCOPES = ("jvp(", "transpose(")
# Operations that move or retype values without computing: an output made by one of them
# comes from its operand(s) (the first only, where the others are indices).
_PLUMBING = frozenset(
    {
        "convert_element_type",
        "reshape",
        "squeeze",
        "expand_dims",
        "broadcast_in_dim",
        "concatenate",
        "copy",
        "copy_p",
        "transpose",
        "device_put",
        "stack",
    }
)
_FIRST_OPERAND = frozenset({"slice", "dynamic_slice", "gather", "rev", "split", "unstack"})


def _inner_jaxpr(eqn: Any) -> Any:
    inner = eqn.params.get("jaxpr", eqn.params.get("call_jaxpr"))
    return getattr(inner, "jaxpr", inner)


def _made_by_autodiff_scope(eqn: Any) -> bool:
    scope = str(eqn.source_info.name_stack)
    if any(name in scope for name in _AUTODIFF_SCOPES):
        return True
    for value in eqn.params.values():  # a loop or branch: any differentiation inside
        for inner in value if isinstance(value, tuple | list) else (value,):
            jaxpr = getattr(inner, "jaxpr", None)
            jaxpr = getattr(jaxpr, "jaxpr", jaxpr)
            if jaxpr is not None and hasattr(jaxpr, "eqns"):
                if any(_made_by_autodiff_scope(e) for e in jaxpr.eqns):
                    return True
    return False


def _output_from_autodiff(jaxpr: Any, var: Any, outer: Any = None) -> bool:
    """``var`` of ``jaxpr`` is computed by JAX's differentiation, past plumbing (casts,
    reshapes, stacking) and jit's wrappers; ``outer`` maps an inner input back to the
    calling jaxpr's (its jaxpr, the call's input vars)."""
    if not hasattr(var, "aval") or type(var).__name__ == "Literal":
        return False
    if var in jaxpr.invars:
        if outer is None:
            return False
        parent, operands, parent_outer = outer
        return _output_from_autodiff(parent, operands[jaxpr.invars.index(var)], parent_outer)
    eqn = next((e for e in jaxpr.eqns if var in e.outvars), None)
    if eqn is None:
        return False
    name = eqn.primitive.name
    inner = _inner_jaxpr(eqn) if name in ("pjit", "jit", "closed_call", "core_call") else None
    if inner is not None and hasattr(inner, "outvars"):
        inner_var = inner.outvars[eqn.outvars.index(var)]
        return _output_from_autodiff(inner, inner_var, (jaxpr, eqn.invars, outer))
    if _made_by_autodiff_scope(eqn):
        return True
    if name in _PLUMBING:
        operands = [v for v in eqn.invars if type(v).__name__ != "Literal"]
        return bool(operands) and all(_output_from_autodiff(jaxpr, v, outer) for v in operands)
    if name in _FIRST_OPERAND:
        return _output_from_autodiff(jaxpr, eqn.invars[0], outer)
    return False


# Functions of an input that no linear map gives: JAX's differentiation of a function of
# the input traces them (named jvp); a formula for the derivative written by hand computes
# them beside it (a sine of a x where g has a cosine).
_NONLINEAR = frozenset(
    {
        "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh",
        "exp", "exp2", "expm1", "log", "log1p", "logistic", "sqrt", "rsqrt", "cbrt",
        "pow", "integer_pow", "erf", "erfc", "lgamma", "digamma", "square",
    }
)  # fmt: skip


def _nonlinear_outside_autodiff(jaxpr: Any, dependent: set[Any], in_scope: bool) -> bool:
    for eqn in jaxpr.eqns:
        reached = [v for v in eqn.invars if type(v).__name__ != "Literal" and v in dependent]
        if not reached:
            continue
        scope = in_scope or any(
            name in str(eqn.source_info.name_stack) for name in _AUTODIFF_SCOPES
        )
        name = eqn.primitive.name
        inner = _inner_jaxpr(eqn) if name in ("pjit", "jit", "closed_call", "core_call") else None
        if inner is not None and hasattr(inner, "invars"):
            inner_reached = {
                var
                for var, outer in zip(inner.invars, eqn.invars, strict=False)
                if type(outer).__name__ != "Literal" and outer in dependent
            }
            if _nonlinear_outside_autodiff(inner, inner_reached, scope):
                return True
        elif not scope and (
            name in _NONLINEAR
            or (name == "mul" and len(reached) == 2)
            or (name == "div" and eqn.invars[1] in dependent)
        ):
            return True
        dependent.update(eqn.outvars)
    return False


def nonlinear_beside_autodiff(answer: Any, args: tuple[Any, ...], traced: int) -> bool | None:
    """Whether ``answer(*args)``, traced in argument ``traced``, computes a nonlinear
    function of that argument (a sine, a power, a product of two of its functions) outside
    JAX's differentiation: a derivative worked out by hand and then passed through a grad
    of a linear function (round 21: ``grad(lambda s: sum(s * by_hand))``) is made by a
    transpose, and its values by the hand's formula. None when it cannot be traced."""
    from jaxtour.grader.learner_code import raw_call

    def call(value: Any) -> Any:
        return answer(*args[:traced], value, *args[traced + 1 :])

    closed, raised = raw_call(jax.make_jaxpr(call), (args[traced],))
    if raised is not None or closed is None:
        return None
    jaxpr = closed.jaxpr
    return _nonlinear_outside_autodiff(jaxpr, set(jaxpr.invars), False)


def computed_by_autodiff(answer: Any, args: tuple[Any, ...], traced: int) -> bool | None:
    """Whether each output of ``answer(*args)``, traced in argument ``traced``, is made by
    JAX's differentiation (an equation JAX names jvp or transpose, past casts, reshapes
    and stacking), not by a formula beside it: a decoy ``jax.grad`` call whose result is
    thrown away, or added times 0, does not count. None when the answer cannot be traced
    in that argument (the code's reading then decides alone)."""
    from jaxtour.grader.learner_code import raw_call

    def call(value: Any) -> Any:
        return answer(*args[:traced], value, *args[traced + 1 :])

    closed, raised = raw_call(jax.make_jaxpr(call), (args[traced],))
    if raised is not None or closed is None:
        return None
    jaxpr = closed.jaxpr
    return bool(jaxpr.outvars) and all(_output_from_autodiff(jaxpr, v) for v in jaxpr.outvars)


_LIBRARIES = frozenset({"jax", "jaxlib", "numpy", "scipy"})


def _library(fn: types.FunctionType) -> bool:
    """JAX's and NumPy's own functions loop inside; only the learner's loops count."""
    return str(fn.__module__).partition(".")[0] in _LIBRARIES


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018
    except ValueError:  # a closure variable not yet assigned
        return False
    return True


def not_repeatable(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function that gives a different result when called again with the same
    arguments: it draws from a hidden state (NumPy's global generator, a key kept outside)."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        for args in inputs():
            first = jax.device_get(answer(*args))
            if not equals_tree(first)(answer(*args)):
                return True
        return False

    return matches


def ignores_arguments(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function that returns the same result on every input given: it reads
    notebook variables (or a fixed seed) instead of its arguments. Choose inputs on which
    the reference's results differ, e.g. the same call with one argument changed."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        cases = cases_of_this_check(inputs, inputs)
        first = jax.device_get(_output(inputs, answer, 0, cases[0]))
        leaves = jax.tree.leaves(first)
        if len(cases) < 2 or not leaves or not all(_is_numeric(leaf) for leaf in leaves):
            return False  # nothing numeric came back: another message fits better
        return all(
            _identical(first, jax.device_get(_output(inputs, answer, index, args)))
            for index, args in enumerate(cases[1:], 1)
        )

    return matches


def _identical(first: Any, other: Any) -> bool:
    """Same structure and bit-for-bit equal leaves: a function that ignores an argument
    gives exactly the same result, while a right one may differ by less than any
    tolerance (a central difference's eps changes it by eps**2)."""
    leaves, structure = jax.tree.flatten(first)
    other_leaves, other_structure = jax.tree.flatten(other)
    return structure == other_structure and all(
        _same_bits(a, b) for a, b in zip(leaves, other_leaves, strict=True)
    )


def _same_bits(a: Any, b: Any) -> bool:
    if isinstance(a, int) and isinstance(b, int):  # Python ints may pass int64's range
        return int.__index__(a) == int.__index__(b)
    a, b = np.asarray(a), np.asarray(b)
    floating = a.dtype.kind in "fc" and b.dtype.kind in "fc"
    return a.shape == b.shape and bool(np.array_equal(a, b, equal_nan=floating))


def ignores_one_argument(variants: Callable[[], list[Inputs]]) -> Callable[[Any], bool]:
    """Matches a function that ignores any one of its arguments: ``variants()`` gives,
    per argument, a base call and the same call with that argument changed."""

    def matches(answer: Any) -> bool:
        return any(ignores_arguments(lambda pair=pair: pair)(answer) for pair in variants())

    return matches


def _is_numeric(leaf: Any) -> bool:
    if isinstance(leaf, bool):
        return False
    if isinstance(leaf, int | float | np.generic):
        return True
    if not hasattr(leaf, "shape"):
        return False
    dtype = np.asarray(leaf).dtype  # bfloat16 and float8 (ml_dtypes) are kind "V" to NumPy
    return dtype.kind in "iufcb" or (
        dtype.kind == "V" and jax.numpy.issubdtype(dtype, jax.numpy.inexact)
    )


# --- function answers that read the notebook's globals, return nothing, or are uncalled ---


def uses_notebook_values(
    reference: Callable[..., Any],
    inputs: Callable[[], Inputs],
    notebook: Callable[[], dict[int, Any]],
) -> Callable[[Any], bool]:
    """Matches a function that ignores some of its arguments and reads the notebook's own.

    ``notebook()`` maps argument positions to the values the lesson's globals hold
    (``{1: x, 2: y}``). The answer matches when, on every input, it returns what the
    reference returns with some of those positions replaced by the notebook's values,
    and not what the reference returns on the input itself.
    """
    # The reference's outputs with ``chosen`` positions from the notebook come from
    # ``outputs_on`` (the grader's own pure function on fixed values: compiled whole, kept
    # per variant), case by case as the comparison reads them: a wrong answer differs on
    # the first case for most choices. Computed whole for every choice first, op by op,
    # each of the reference's operations compiled on every input's shapes (04.sgd_step's
    # wrong answer: 42 programs of a first check's 105).
    chosen_cases: dict[tuple[int, ...], Callable[[], Inputs]] = {}

    def cases_with(chosen: tuple[int, ...]) -> Callable[[], Inputs]:
        """The inputs with ``chosen`` positions from the notebook: one function per choice
        (``outputs_on`` keeps outputs by the cases function)."""
        if chosen not in chosen_cases:

            def build() -> Inputs:
                values = notebook()
                return [
                    tuple(values[i] if i in chosen else a for i, a in enumerate(args))
                    for args in inputs()
                ]

            chosen_cases[chosen] = build
        return chosen_cases[chosen]

    def reference_with(chosen: tuple[int, ...], index: int) -> Any:
        """The reference's output on case ``index`` with ``chosen`` from the notebook, or
        _UNFIT where the notebook's values do not fit the other arguments."""
        try:
            return outputs_on(cases_with(chosen), reference)[index]
        except Exception:
            return _UNFIT

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        # the answer's outputs on the inputs as built once for this check, read as the
        # comparison needs them: where they are the rule's, computed once a check and
        # shared with it (``answer_outcome``)
        cases = cases_of_this_check(inputs, inputs)
        outputs: dict[int, Any] = {}

        def output(index: int) -> Any:
            if index not in outputs:
                outputs[index] = _output(inputs, answer, index, cases[index])
            return outputs[index]

        def agrees(chosen: tuple[int, ...]) -> bool:
            """The reference with ``chosen`` from the notebook gives the answer's output
            on every case (read in order, up to the first that differs)."""
            for index in range(len(cases)):
                want = reference_with(chosen, index)
                if want is _UNFIT or not equals_tree(want)(output(index)):
                    return False
            return True

        if agrees(()):
            return False  # right on every input: nothing to complain about
        positions = sorted(notebook())
        return any(
            agrees(chosen)
            for size in range(1, len(positions) + 1)
            for chosen in itertools.combinations(positions, size)
        )

    return matches


_UNFIT = object()  # the notebook's values do not fit a case's other arguments


def leaks_tracer(call: Callable[[], Any]) -> bool:
    """Whether ``call()`` leaks a tracer: a value traced inside it (a jit's argument) kept
    past its trace, in a global, a list, an attribute. Run under JAX's leak checker, which
    raises once the trace has ended if the trace is still alive. The verdict is whether the
    checker raised, not what its message says: to say what keeps the tracer alive it walks
    the referrers of every object on the way, and that walk can fail on an object that has
    nothing to do with the answer (a closure with a variable not yet assigned: ``Cell is
    empty``), which made the verdict depend on what else the session kept alive."""
    filtering = jax.config.values.get("jax_traceback_filtering", "auto")
    jax.config.update("jax_traceback_filtering", "off")  # JAX's frames kept: see below
    # What lived before the call is set aside from the collector (gc.freeze) while the
    # checker runs: a tracer the call leaked was made during it, and so is found the same
    # way, but the checker's gc.collect() and its walk of every referrer (gc.get_referrers,
    # a dozen per leak) no longer scan the whole session's heap (in a test process of a
    # million objects, about 1 s of CPU per leak, 2026-12-07). Not where something of the
    # session's was frozen already: unfreezing would release that too.
    frozen = _gc_frozen() == 0
    if frozen:
        _gc_freeze()
    try:
        with jax.checking_leaks():
            call()
    except Exception as exc:
        return "Leaked" in str(exc) or _from_the_leak_checker(exc)
    finally:
        if frozen:
            _gc_unfreeze()
        jax.config.update("jax_traceback_filtering", filtering)
    return False


# Bound when the grader is imported: an answer may rebind the gc module's functions.
_gc_freeze, _gc_unfreeze, _gc_frozen = gc.freeze, gc.unfreeze, gc.get_freeze_count


# The functions of jax._src.core that run only once a trace is found alive after it ended
# (its frames are in the traceback only where JAX's traceback filtering is off).
_LEAK_CHECKER = frozenset(
    {"maybe_find_leaked_tracers", "leaked_tracer_error", "_why_alive", "_why_alive_container_info"}
)


def _from_the_leak_checker(exc: BaseException) -> bool:
    """Whether ``exc`` (or an exception it was raised from: JAX keeps its own frames in
    the ``__cause__`` it attaches) was raised inside JAX's leak checker."""
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        tb = exc.__traceback__
        while tb is not None:
            frame = tb.tb_frame
            code = frame.f_code.co_name
            if code in _LEAK_CHECKER and frame.f_globals.get("__name__") == "jax._src.core":
                return True
            tb = tb.tb_next
        exc = exc.__cause__ or exc.__context__
    return False


def remembered(predicate: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``predicate``, remembering its result for the last answer for a second, so that
    several mistakes asking the same question of one answer run the answer once."""
    last: dict[str, Any] = {}

    def wrapper(answer: Any) -> Any:
        if last.get("answer") is answer and time.monotonic() - last["at"] < 1.0:
            return last["result"]
        result = predicate(answer)
        last.update(answer=answer, at=time.monotonic(), result=result)
        return result

    return wrapper


def returns_none(inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function that returns None (a forgotten ``return``)."""

    def matches(answer: Any) -> bool:
        return callable(answer) and all(
            _output(inputs, answer, index, args) is None
            for index, args in enumerate(cases_of_this_check(inputs, inputs))
        )

    return matches


def not_called(answer: Any) -> bool:
    """A function (jax.grad(f), say) where the value it computes was asked for."""
    return callable(answer)


# --- a predicate's view of the learner's function, and answers to predict-then-run --------


def call_or_none(answer: Any, *args: Any) -> Any:
    """``answer(*args)``, or None when it is no function or raises (a predicate's view)."""
    if not callable(answer):
        return None
    try:
        return answer(*args)
    except Exception:
        return None


def only_strings(answer: Any) -> bool:
    """A tuple or list holding only strings, at any depth: ["B"], ("value", "grad_x")."""
    leaves = jax.tree.leaves(answer, is_leaf=lambda leaf: isinstance(leaf, str))
    return (
        isinstance(answer, tuple | list)
        and bool(leaves)
        and all(isinstance(leaf, str) for leaf in leaves)
    )


def computed_not_chosen(answer: Any) -> bool:
    """Where an option's letter was asked: the computed result (a tuple or list that is
    not just strings), its tree structure, or the function itself."""
    return (
        (isinstance(answer, tuple | list) and not only_strings(answer))
        or isinstance(answer, jax.tree_util.PyTreeDef)
        or not_called(answer)
    )
