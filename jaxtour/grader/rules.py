"""Checking rules: ``rule(answer, expected)`` is ``None`` for a right answer, else one sentence.

Exercise modules pick a rule per exercise (``JaxArray()``, ``SameFunction(...)``,
``SamePytree()``, ...). The same rule, given a mistake's example as the expected value,
is how a ``Mistake`` without ``matches`` recognises its answer.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import operator
import re
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from jaxtour.grader.compare import (
    Case,
    compare_arrays,
    describe,
    explain,
    how_they_differ,
    short_repr,
    verdicts_only,
)
from jaxtour.grader.isolation import config_as_checked, graders_own
from jaxtour.grader.learner_code import (
    LearnerCodeError,
    learner_result,
    raw_call,
    transformed,
)
from jaxtour.grader.limits import paused
from jaxtour.grader.pristine import np
from jaxtour.grader.sealed import opened, seal
from jaxtour.grader.variants import key as variant_key
from jaxtour.i18n import N_, _, ngettext
from jaxtour.lazy import is_jax_array, jax

Inputs = Sequence[tuple[Any, ...]]


def is_numpy_array(value: Any) -> bool:
    """Read from the exact type: an object's ``__class__`` property cannot claim it."""
    return issubclass(type(value), np.ndarray)


def is_jitted(value: Any) -> bool:
    """A function ``jax.jit`` made, told by its exact type (jaxlib's wrapper, which no
    class can subclass), never by an attribute such as ``.lower`` that any object can be
    given. A function that calls a jitted one inside is not jitted itself."""
    return type(value) is _jit_wrapper_type()


@functools.cache
def _jit_wrapper_type() -> type:
    return type(jax.jit(_identity))  # first asked inside a check: jax.jit is the real one


def _identity(x: Any) -> Any:
    return x


def is_python_float(value: Any) -> bool:
    """A float of Python's own (``float(x)``, ``x.item()``), not NumPy's float64, which
    is a subclass of ``float`` (what ``np.mean`` returns under x64): the two slips have
    different causes and different messages."""
    return isinstance(value, float) and not isinstance(value, np.generic)


@dataclass(frozen=True)
class JaxArray:
    """The answer must be a jax array equal to the expected one (shape, dtype, values)."""

    check_dtype: bool = True

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if is_numpy_array(answer):
            return _(
                "This is {what}, where a jax array was asked for: NumPy's functions return "
                "NumPy arrays, even when they are given jax arrays."
            ).format(what=describe(answer))
        if not is_jax_array(answer):
            hint = _stack_hint(answer, expected)
            return _("Expected a jax array, but this is {what}.").format(what=describe(answer)) + (
                f" {hint}" if hint else ""
            )
        return compare_arrays(answer, expected, check_dtype=self.check_dtype)


def _stack_hint(answer: Any, expected: Any) -> str:
    """What the parts are, when they show it: the rows of the expected array (stacked, they
    give its shape), its pieces end to end, terms that add up to it (returned with a comma
    between them), or the one expected array inside a 1-tuple (a trailing comma, grad's
    tuple for argnums=(1,), vjp's cotangents); else nothing (a pair of different things
    such as jnp.unique's values and counts). It says what the answer is, not what to type:
    the fix is the hints' (issue 34)."""
    if not isinstance(answer, list | tuple) or not answer:
        return ""
    if not all(is_jax_array(a) or is_numpy_array(a) for a in answer):
        return ""
    try:
        parts = [np.asarray(a) for a in answer]
        want = np.asarray(expected)
        kind = type(answer).__name__
        if len(parts) == 1:
            if parts[0].shape == want.shape:
                return _(
                    "It is a {kind} of one array, of the expected shape {shape}: the array "
                    "itself was expected, not a container holding it."
                ).format(kind=kind, shape=tuple(want.shape))
            return ""
        if len(parts) == 2:  # round 19: value_and_grad's (value, gradient)
            same = [compare_arrays(part, want, check_dtype=False) is None for part in parts]
            if same == [False, True]:
                return _(
                    "Its second item is the expected array, and another comes before it: a "
                    "pair such as value_and_grad's (value, gradient), where only the second "
                    "was expected."
                )
            if same == [True, False]:
                return _(
                    "Its first item is the expected array, and another comes after it: only "
                    "the first was expected, not a pair."
                )
        if len({part.shape for part in parts}) == 1 and (len(parts), *parts[0].shape) == (
            want.shape
        ):
            return _(
                "Its {count} arrays of shape {shape} have the shape of the expected array's "
                "rows, but they are still separate items of a {kind}, not one array."
            ).format(count=len(parts), shape=tuple(parts[0].shape), kind=kind)
        if all(part.ndim >= 1 for part in parts) and (np.concatenate(parts).shape == want.shape):
            return _(
                "Its {count} arrays, end to end, are as long as the expected array, but they "
                "are still separate items of a {kind}, not one array."
            ).format(count=len(parts), kind=kind)
        if compare_arrays(sum(parts[1:], parts[0]), want, check_dtype=False) is None:
            return _(
                "Its {count} parts add up to the expected value, but they come back side by "
                "side, as items of a {kind}: a comma between two values keeps them apart, it "
                "does not add them."
            ).format(count=len(parts), kind=kind)
    except Exception:
        return ""
    return ""


@dataclass(frozen=True)
class NumpyArray:
    """The answer must be a NumPy ndarray equal to the expected one."""

    check_dtype: bool = True

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if is_jax_array(answer):
            return _("This is still a jax array; np.asarray(...) turns it into a NumPy array.")
        if not is_numpy_array(answer):
            return _("Expected a NumPy array, but this is {what}.").format(what=describe(answer))
        return compare_arrays(answer, expected, check_dtype=self.check_dtype)


AN_INTEGER = N_("Expected an integer, but this is {what}.")
ONE_NUMBER = N_("Expected a single number, but this is {what}.")


@dataclass(frozen=True)
class ExactInteger:
    """The answer must be an integer (Python, NumPy or 0-d array) equal to the expected one."""

    def __call__(self, answer: Any, expected: int) -> str | None:
        if isinstance(answer, bool):
            return _(AN_INTEGER).format(what=describe(answer))
        if isinstance(answer, float | np.floating):
            return _("Expected an exact integer, but this is {what}.").format(what=describe(answer))
        if is_jax_array(answer) or is_numpy_array(answer) or isinstance(answer, np.generic):
            arr = np.asarray(answer)
            if arr.shape != ():
                return _(ONE_NUMBER).format(what=describe(answer))
            if arr.dtype.kind not in "iu":
                return _("Expected an exact integer, but this has dtype {dtype}.").format(
                    dtype=arr.dtype
                )
            answer = int(arr)
        if not isinstance(answer, int):
            return _(AN_INTEGER).format(what=describe(answer))
        answer = int.__index__(answer)  # a plain int: never the answer's own operators
        if answer != expected:
            relation = how_they_differ(np.asarray(answer), np.asarray(expected))
            return _("{answer} is not the right number.").format(answer=answer) + (
                f" {relation}" if relation else ""
            )
        return None


@dataclass(frozen=True)
class DtypeName:
    """The answer names a dtype: a string such as "float32", or jnp.float32, or a np.dtype."""

    def __call__(self, answer: Any, expected: str) -> str | None:
        name = dtype_name(answer)
        if name is None:
            return _("Expected a dtype such as 'int8', but this is {what}.").format(
                what=describe(answer)
            )
        if name != expected:
            return _("{dtype} is not the right dtype.").format(dtype=name)
        return None


def dtype_name(answer: Any) -> str | None:
    """The canonical dtype name ``answer`` stands for, or None if it names no dtype."""
    if isinstance(answer, str | np.dtype | type):
        candidate = answer
    elif not hasattr(answer, "shape") and isinstance(getattr(answer, "dtype", None), np.dtype):
        candidate = answer.dtype  # jnp.float32 and friends
    else:  # an array has a dtype but is not one
        return None
    try:
        return np.dtype(candidate).name
    except Exception:
        return None


def _kept_outputs() -> tuple[Callable[..., Sequence[Any]], Callable[[], Any]]:
    """``outputs_on`` and ``cold_outputs``, sharing the outputs the grader keeps in their
    closure: a module global (``rules._lazy_outputs`` before) was one attribute away
    from an answer, whose code could set an entry's outputs to its own and so decide
    every later verdict on those cases (issue 35, family 2). Sealing the entries instead
    cost each check a comparison of all of them."""
    kept: dict[tuple[Any, ...], _Outputs] = {}

    def outputs_on(
        cases: Callable[[], Inputs], fn: Callable[..., Any], *, whole: bool = False
    ) -> Sequence[Any]:
        """``fn(*args)`` for every case: a sequence whose items are computed when first
        read, once per (cases, grader function) pair, with the time limit's clock paused.

        Only the grader's own functions come here (references, mistake examples): their
        inputs are deterministic and they are pure. The learner's function always gets
        freshly built inputs, and what it returns is kept for one check only
        (``one_check``). The outputs are kept apart per variant (``variants.key``) and
        per x64 setting: with jax_enable_x64 on, the same inputs are int64 and float64.
        A rule that stops at the first case that differs computes (and compiles) no more
        of them: a wrong answer does not pay for every mistake's example on every input.

        The first function read on a set of cases (the reference: a rule reads it before
        any mistake's example) is compiled whole, one program per case; the examples, read
        only for wrong answers, run op by op, where each operation compiled for the
        answer's own run (the same operations on the same shapes, mostly) or for another
        example serves them all (every example compiled whole cost the content tests about
        a tenth more CPU, 2026-12-07). ``whole``: compiled whole all the same, for a
        function whose operations the answer does not run op by op (a Hessian's dozens
        in a predicate of 12.hvp; any example where the rule compiles the answer whole).
        """
        # The setting the outputs are computed under (``graders_own``: JAX's configuration
        # as the check began), not one an answer switched during its call: keyed by that,
        # float32 outputs were kept as x64's and refused the next x64 check's reference.
        # Read from the check's snapshot: entering graders_own to read it scanned every
        # guarded module, once per grader function a rule reads (25 scans in a warm check
        # of 01.center's wrong answer).
        x64 = bool(config_as_checked("jax_enable_x64"))
        # A variant's reference reads its own values. A function a predicate makes anew at
        # each call (``lambda x: x - jnp.max(...)`` inside it) is keyed by what it is made
        # of (``same_function``): keyed by the object, its outputs were computed again, op
        # by op, on every check, and each check's entries pushed older ones out.
        key = (cases, same_function(fn), x64, variant_key())
        outputs = kept.pop(key, None)
        if outputs is not None:
            kept[key] = outputs  # the most recently read last: the first evicted is the oldest read
        else:
            first = not any(k[0] == cases and k[2:] == key[2:] for k in kept)
            if len(kept) >= _MAX_LAZY_OUTPUTS:
                kept.pop(next(iter(kept)))
            outputs = kept[key] = _Outputs(cases, fn, jit=first or whole)
        return outputs

    @contextlib.contextmanager
    def cold_outputs() -> Iterator[None]:
        """No kept outputs for the body (a learner's first check), and the entries kept
        before put back after it (the body's own kept too, newest last): for tests. It
        hands out no entry, and takes none but the grader's own."""
        before = dict(kept)
        kept.clear()
        try:
            yield
        finally:
            made = dict(kept)
            kept.clear()
            kept.update({k: v for k, v in before.items() if k not in made})
            kept.update(made)
            while len(kept) > _MAX_LAZY_OUTPUTS:
                kept.pop(next(iter(kept)))

    return outputs_on, cold_outputs


_MAX_LAZY_OUTPUTS = 256
outputs_on, cold_outputs = _kept_outputs()


class _Identical:
    """A key made of objects, equal to another made of the very same objects (never
    compared by their own ``__eq__``: an array's is elementwise)."""

    __slots__ = ("_hash", "things")

    def __init__(self, things: tuple[Any, ...]) -> None:
        self.things = things  # held: their ids stay theirs while the key lives
        self._hash = hash(tuple(t._hash if type(t) is _Identical else id(t) for t in things))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is _Identical
            and len(other.things) == len(self.things)
            and all(map(_same, self.things, other.things))
        )


def _same(one: Any, other: Any) -> bool:
    """The very same object, or two keys of functions that are the same function."""
    return one is other or (type(one) is _Identical and one == other)


_is = operator.is_
_CELLS = object()  # between a function's defaults, attributes and closure, in its key
_MAX_FUNCTIONS = 64  # a function's key reads at most so many


def same_function(fn: Any) -> Any:
    """A key under which two grader functions that compute the same thing are one: a plain
    function by its code, globals, defaults, attributes and closure's contents (each by
    identity, or where one is a plain function itself, by its own such key), so that a
    lambda a predicate makes anew at every call, or a reference built anew at every check
    (03.derivative_by_hand's ``jax.vmap(jax.grad(_g, argnums=1), ...)``: functions
    wrapping functions), is the one made at the last; anything else (a jitted function, a
    bound method) by itself, and so is a function made of more than 64 functions."""
    return _function_key(fn, [_MAX_FUNCTIONS])


def _function_key(fn: Any, left: list[int]) -> Any:
    if type(fn) is not types.FunctionType or left[0] <= 0:
        return fn
    left[0] -= 1
    things: list[Any] = [fn.__code__, fn.__globals__, *(fn.__defaults__ or ()), _CELLS]
    if fn.__kwdefaults__:
        things += [*fn.__kwdefaults__.keys(), *fn.__kwdefaults__.values(), _CELLS]
    for key, value in fn.__dict__.items():  # functools.wraps' __wrapped__, and the like
        things += [key, _function_key(value, left)]
    things.append(_CELLS)
    for cell in fn.__closure__ or ():
        try:
            things.append(_function_key(cell.cell_contents, left))
        except ValueError:  # an empty cell: this function alone
            return fn
    return _Identical(tuple(things))


class _Outputs(Sequence):
    """The outputs of one grader function on one set of cases, each computed when read."""

    def __init__(self, cases: Callable[[], Inputs], fn: Callable[..., Any], jit: bool) -> None:
        self._cases = cases
        self._fn = fn
        self._args: list[tuple[Any, ...]] | None = None
        self._done: dict[int, Any] = {}
        # jax.jit(fn) per static pattern; False where it failed or is not wanted
        self._jitted: Any = None if jit else False

    def _inputs(self) -> list[tuple[Any, ...]]:
        if self._args is not None and _any_deleted(self._args):
            # An answer deleted the grader's arrays (array.delete() on jax.live_arrays(),
            # or donated them to a jit): the cases and their outputs are built again.
            self._args = None
            self._done.clear()
        if self._args is None:
            with paused(), graders_own():
                self._args = list(self._cases())
        return self._args

    def __len__(self) -> int:
        return len(self._inputs())

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(len(self))[index])
        index = range(len(self))[index]  # negative indices; IndexError past the end
        if index in self._done and _any_deleted(self._done[index]):
            del self._done[index]  # deleted by an answer: computed again
        if index not in self._done:
            # The grader's own work: not on the learner's clock, and in a world the
            # answer (which may have run already in this check) has not changed.
            with paused(), graders_own():
                output = jax.block_until_ready(self._output(self._inputs()[index]))
                # Kept sealed (``sealed``): no answer finds it among the live arrays.
                self._done[index] = seal(output)
                return output
        with paused(), graders_own():
            return opened(self._done[index])

    def _output(self, args: tuple[Any, ...]) -> Any:
        """``fn(*args)``, compiled whole where the inputs are arrays: one program per
        input shape compiles far faster than each of its operations one by one (what a
        first check in a fresh kernel waits for). A function that cannot be jitted (a
        Python branch on a value, NumPy inside, an output that is no array) is called
        plainly, now and on every later case."""
        if is_jitted(self._fn) and not variant_key():
            # Jitted already (11.scan_ema's reference): its own jit decides what is
            # static. Jitted again here, each Python number would be static, one program
            # per value (a beta), where its own jit traces them all with one.
            return self._fn(*args)
        if self._jitted is not False and _only_arrays(args):
            # A Python number passed whole (a count of classes, a learning rate) is static:
            # the function sees that very number, as when called plainly (a traced one
            # would be a weakly typed array, whose dtype can differ under x64).
            static = tuple(i for i, a in enumerate(args) if type(a) in (int, float))
            try:
                if self._jitted is None:
                    self._jitted = {}
                if static not in self._jitted:
                    self._jitted[static] = _shared_jit(self._fn, static)
                jitted = self._jitted[static]
                # A Python loop unrolls under jit: a long program compiles slower than
                # its few distinct operations run one by one.
                if len(jitted.trace(*args).jaxpr.eqns) <= _MAX_JITTED_EQUATIONS:
                    return jitted(*args)
            except Exception as exc:
                if _interrupted(exc):  # the stop button, seen by JAX's own code: not ours
                    raise KeyboardInterrupt from exc
                self._jitted = False
        return self._fn(*args)


_MAX_JITTED_EQUATIONS = 100

# XLA's cheaper CPU passes, for the grader's own programs (a reference's or a mistake
# example's outputs on its cases), never for the learner's code, which compiles as the
# kernel does: a program the grader runs once on a few small inputs compiles in about a
# third of the CPU time (a ten-operation function, 110 ms -> 40 ms, time.process_time,
# 2026-12-07) and runs no slower that a check would notice. Its values are XLA's IEEE
# arithmetic as before (no fast math at either level), within the rules' tolerances
# where an emitter's approximation of a function such as tanh differs; the test suite
# compiles everything so (tests/helpers.py TEST_XLA_FLAGS) and judges every exercise's
# reference and mistakes' examples with them.
CHEAP_CPU_COMPILE = {
    "xla_backend_optimization_level": 0,
    "xla_llvm_disable_expensive_passes": True,
    "xla_cpu_use_fusion_emitters": False,
}
_compile_options: list[dict[str, Any]] = []


def graders_compile_options() -> dict[str, Any]:
    """CHEAP_CPU_COMPILE where the default backend is a CPU whose XLA knows those options,
    probed once per process; none elsewhere (a TPU or a GPU compiles as it does, and an
    older XLA may lack one of them)."""
    if not _compile_options:
        options = dict(CHEAP_CPU_COMPILE) if jax.default_backend() == "cpu" else {}
        if options:
            try:
                with graders_own():
                    jax.jit(_identity, compiler_options=options)(np.float32(1))
            except Exception:  # a JAX or an XLA without one of the options
                options = {}
        _compile_options.append(options)
    return dict(_compile_options[0])


def _any_deleted(tree: Any) -> bool:
    """A jax array in ``tree`` whose buffer was deleted (``array.delete()``, donation)."""
    from jaxtour.grader.deleted import any_deleted

    return any_deleted(tree)


def _kept_jits() -> Callable[[Callable[..., Any], tuple[int, ...]], Any]:
    """``_shared_jit``, its jits kept in its closure (as ``outputs_on``'s outputs are: a
    module global is one attribute away from an answer)."""
    jits: dict[tuple[Any, ...], Any] = {}

    def shared_jit(fn: Callable[..., Any], static: tuple[int, ...]) -> Any:
        """``jax.jit`` of a grader function, one per function (``same_function``), static
        pattern and variant for the session, whatever ``_Outputs`` asks: a jit made anew
        for each set of cases (06.set_first's, drawn afresh at each check) traced the
        function again at each check (``jit.trace`` reuses what its own jit traced)."""
        key = (same_function(fn), static, variant_key())
        jitted = jits.pop(key, None)
        if jitted is None:
            # the grader's own program: XLA's cheaper passes (or the options a grader
            # function asks for itself: lesson 16's kernels)
            options = getattr(fn, "compiler_options", None) or graders_compile_options()
            jitted = jax.jit(
                _own_trace(fn),
                static_argnums=static,
                **({"compiler_options": options} if options else {}),
            )
            while len(jits) >= _MAX_LAZY_OUTPUTS:
                jits.pop(next(iter(jits)))
        jits[key] = jitted  # the most recently used last
        return jitted

    return shared_jit


_shared_jit = _kept_jits()


def _own_trace(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` as a function object of its own while a variant is judged: JAX keeps what it
    traced per function object, and a variant's reference reads its values while traced,
    so variant 0's trace must not serve variant 1 (``_Outputs`` is made per variant)."""
    if not variant_key():
        return fn

    @functools.wraps(fn)
    def in_this_variant(*args: Any) -> Any:
        return fn(*args)

    return in_this_variant


def _interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` carries an interrupt: JAX's compiler, interrupted, raises its own
    error with the KeyboardInterrupt as its cause or in its message."""
    seen: set[int] = set()
    error: BaseException | None = exc
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, KeyboardInterrupt) or "KeyboardInterrupt" in str(error):
            return True
        error = error.__cause__ or error.__context__
    return False


def _only_arrays(args: tuple[Any, ...]) -> bool:
    """Whether ``args`` are arrays (pytrees of them), and besides them only Python numbers
    passed whole: no function, string, other object, or number inside a container."""
    if not any(type(a) not in (int, float) for a in args):
        return False
    for arg in args:
        if type(arg) in (int, float):
            continue
        leaves = jax.tree.leaves(arg)
        if not all(is_jax_array(leaf) or is_numpy_array(leaf) for leaf in leaves):
            return False
    return True


# What the learner's function returned (or raised) on each case, kept for one check only
# (``one_check``, a stack: a check inside an answer keeps its own), by the inputs that
# built the case and its index. The rule and then each declared mistake read the answer's
# outputs on the same cases (a mistake's predicate on the rule's own inputs too); without
# this, a wrong answer was called once more for every mistake (06.count_labels: 12 calls
# a check instead of 5). Never kept from one check to the next: the answer, or what it
# reads, may have changed.
# The same memo keeps each set of cases as built for this check (``cases_of_this_check``).
_this_check: list[dict[tuple[Any, ...], tuple[Any, ...]]] = []


@contextlib.contextmanager
def one_check() -> Iterator[None]:
    _this_check.append({})
    try:
        yield
    finally:
        _this_check.pop()


# Set by the judge while it asks the rule before the declared mistakes (``explained_later``):
# how a refused answer differs (the explainer runs the answer on every case, and a guessed
# cause is tried on the rest) is read only when no declared mistake names the answer, so
# the rule stops at the first difference and notes that it left the sentence out; the judge
# asks it again, on the outputs this check already read, only if the refusal is shown.
_explained_later: list[list[bool]] = []


@contextlib.contextmanager
def explained_later() -> Iterator[list[bool]]:
    """For the body, a rule that would explain a difference says only that there is one;
    the list yielded is non-empty afterwards if a rule did so."""
    left_out: list[bool] = []
    _explained_later.append(left_out)
    try:
        yield left_out
    finally:
        _explained_later.pop()


def _leave_explanation_out() -> bool:
    """Whether the sentence on how the answer differs is left for later (noted if so)."""
    if not _explained_later:
        return False
    _explained_later[-1].append(True)
    return True


def cases_of_this_check(key: Any, build: Callable[[], Inputs]) -> list[tuple[Any, ...]]:
    """``list(build())``, built once per check for ``key`` (an inputs function, a rule):
    each case reaches the answer once a check (``answer_outcome``), so the rule and every
    predicate that reads the same cases need not build them again. Built anew for each
    check: an answer may have changed a NumPy input of the last one."""
    if not _this_check:
        return list(build())
    memo, memo_key = _this_check[-1], ("cases", id(key))
    held = memo.get(memo_key)
    if held is None or held[0] is not key:
        held = (key, list(build()))
        memo[memo_key] = held
    return held[1]


def answer_outcome(
    inputs: Any, answer: Any, index: int, args: tuple[Any, ...]
) -> tuple[Any, Exception | None]:
    """``answer(*args)``, the ``index``-th case ``inputs`` builds: what it returned, or the
    exception it raised; called once per check. Only for reading outputs: a predicate that
    watches what the call does to its arguments (mutates_input) or calls twice to compare
    (not repeatable) calls the answer itself."""
    if not _this_check:
        return raw_call(answer, args)
    memo, key = _this_check[-1], (id(inputs), id(answer), index)
    held = memo.get(key)
    if held is None or held[0] is not answer or held[1] is not inputs:
        held = (answer, inputs, *raw_call(answer, args))
        memo[key] = held
    return held[2], held[3]


@dataclass(frozen=True)
class SameFunction:
    """The answer must be a function that agrees with the reference on every input.

    ``inputs()`` gives fixed inputs; ``random_inputs(rng)`` more, drawn from a
    generator seeded with ``seed`` so that the feedback is the same on every run.
    ``whole_examples``: the mistakes' examples are compiled whole, as where the answer
    is transformed, for examples whose operations an answer's cannot serve (each holds
    a lax.scan of its own: op by op, a loop compiles as a program of its own anyway).
    """

    inputs: Callable[[], Inputs]
    random_inputs: Callable[[np.random.Generator], Inputs] | None = None
    seed: int = 0
    output: Callable[[Any, Any], str | None] = JaxArray()
    transform: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None
    whole_examples: bool = False

    def cases(self) -> list[tuple[Any, ...]]:
        cases = list(self.inputs())
        if self.random_inputs is not None:
            cases += self._drawn()
        return cases

    def _drawn(self) -> list[tuple[Any, ...]]:
        assert self.random_inputs is not None
        return list(self.random_inputs(np.random.default_rng(self.seed)))

    def expected_outputs(self, expected: Callable[..., Any]) -> tuple[Any, ...]:
        """The reference's (or a mistake example's) output on every case. Where the answer
        runs transformed (compiled whole by ``jax.jit``), it compiles no operation of its
        own that an example run op by op could share: the examples are compiled whole too
        (07.clip_negative's wrong answer: 35 programs op by op, 2026-12-07)."""
        whole = self.whole_examples or self.transform is not None
        return outputs_on(self.cases, expected, whole=whole)

    def __call__(self, answer: Any, expected: Callable[..., Any]) -> str | None:
        if not callable(answer):
            return _("Expected a function, but this is {what}.").format(what=describe(answer))
        if self.transform is not None:  # e.g. jax.jit: the function must survive it
            answer = transformed(self.transform, answer)
        wanted = self.expected_outputs(expected)
        fixed = cases_of_this_check(self.inputs, self.inputs)
        drawn = []
        if self.random_inputs is not None:
            drawn = cases_of_this_check(self, self._drawn)
        # (args, wanted output) pairs, each output computed when its case is read: an
        # answer that differs on the first case costs one output of each example (a list
        # of zip() over the outputs had computed them all, and compiled them op by op).
        cases = _LazyPairs(fixed + drawn, wanted)
        fixed = len(fixed)
        for index in range(len(cases)):
            # The answer runs on a case before its expected output is read: none is alive
            # for it to find (``sealed``).
            args = cases.args(index)
            got = self._got(answer, index, fixed, args)
            want = wanted[index]
            problem = self.output(got, want)
            if problem and verdicts_only():  # that it differs is all that is asked
                return problem
            if problem and _leave_explanation_out():  # explained if no mistake is named
                return problem
            if problem:
                relation = _relation(got, want)
                if (
                    relation
                    and "?" in relation  # a guessed cause: "a factor missing or doubled?"
                    and relation in problem
                    and not self._holds_on_the_rest(answer, cases, index + 1, fixed, relation)
                ):
                    problem = problem.replace(f" {relation}", "")
                explained = (
                    self._explain(answer, cases, fixed, expected)
                    # only values wrong: the same kind of thing as the expected output, which
                    # this rule accepts (a NumpyArray rule refuses a jax array for its type)
                    if _values_differ(got, want) and self.output(want, want) is None
                    else None
                )
                if explained:
                    if relation and f" {relation}" in problem:
                        problem = problem.replace(f" {relation}", "")
                    problem = f"{problem} {explained}"
                shown = ", ".join(short_repr(a, 40) for a in args)
                return _("On input ({input}) the result is wrong. {problem}").format(
                    input=shown, problem=problem
                )
        return None

    def _got(self, answer: Any, index: int, fixed: int, args: tuple[Any, ...]) -> Any:
        """The answer's output on case ``index``, once per check: the first ``fixed`` cases
        are the ones ``inputs`` builds (a mistake's predicate may read them too)."""
        key = self.inputs if index < fixed else self
        case = index if index < fixed else index - fixed
        return learner_result(answer, args, *answer_outcome(key, answer, case, args))

    def _explain(
        self, answer: Any, cases: _LazyPairs, fixed: int, expected: Callable[..., Any]
    ) -> str | None:
        """What holds of the difference on every case (compare.explain), read off the
        answer's outputs on all of them: run only once the answer is refused."""
        if _this_check:  # the rule may judge the answer twice in one check: explain once
            # (by the cases, not the rule: a mistake's predicate may judge with a rule of
            # its own, NumpyArray say, on the same cases; the relations read only numbers)
            memo = _this_check[-1]
            key = ("explained", id(self.inputs), id(self.random_inputs), self.seed)
            key += (id(answer), id(expected))
            if key not in memo:
                memo[key] = self._explain_all(answer, cases, fixed, expected)
            return memo[key]
        return self._explain_all(answer, cases, fixed, expected)

    def _explain_all(
        self, answer: Any, cases: _LazyPairs, fixed: int, expected: Callable[..., Any]
    ) -> str | None:
        names = _parameter_names(expected)
        explained = []
        for index in range(len(cases)):
            args = cases.args(index)  # the answer runs before the output is opened
            try:
                got = self._got(answer, index, fixed, args)
            except LearnerCodeError:
                return None
            want = cases[index][1]
            case = _explainer_case(got, want, args, names)
            if case is None:
                return None
            explained.append(case)
        found = explain(explained)
        return found[1] if found else None

    def _holds_on_the_rest(
        self, answer: Any, cases: _LazyPairs, start: int, fixed: int, relation: str
    ) -> bool:
        """Whether a relation that guesses at a cause ("twice the expected one: a factor
        missing or doubled?") holds on every other input too: a number is always some
        multiple of another, so a factor seen once may be chance, and the message would
        name a cause the code does not have. (Relations that only state the numbers
        shown, an order, a sign or an offset, stay: they are true of that input.)"""
        kind = _kind(relation)
        for index in range(start, len(cases)):
            args = cases.args(index)  # the answer runs before the output is opened
            try:
                got = self._got(answer, index, fixed, args)
            except LearnerCodeError:
                return False
            want = cases[index][1]
            found = _relation(got, want)
            if found is not None and _kind(found) == kind:
                continue
            zero = _all_zero(want)  # -0, 2 * 0: a sign or a factor shows no difference
            if not (zero and found is None and self.output(got, want) is None):
                return False
        return True


def _parameter_names(function: Any) -> tuple[str, ...]:
    try:
        return tuple(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return ()


def _numeric_leaves(tree: Any) -> tuple[tuple[np.ndarray, ...], tuple[str, ...]] | None:
    """A pytree's leaves as float64 arrays, and their paths; None if one is not a number."""
    try:
        with_paths = jax.tree_util.tree_flatten_with_path(tree)[0]
    except Exception:
        return None
    leaves, paths = [], []
    for path, leaf in with_paths:
        if not (is_jax_array(leaf) or is_numpy_array(leaf) or type(leaf) in (int, float)):
            return None
        array = np.asarray(leaf)
        if array.dtype.kind not in "biuf":
            return None
        array = array.astype(np.float64)
        if not np.isfinite(array).all():
            return None
        leaves.append(array)
        paths.append(jax.tree_util.keystr(path))
    return tuple(leaves), tuple(paths)


def _values_differ(got: Any, want: Any) -> bool:
    """Numbers in the expected structure, shapes and kind of container, only their values
    wrong: what the explainer's relations are about (a type, shape or structure slip has
    its own sentence, and trying every case for it would cost a wrong answer's check)."""
    if type(got) is not type(want) and not (
        (is_jax_array(got) or isinstance(got, int | float))
        and (is_jax_array(want) or isinstance(want, int | float))
    ):
        return False
    got_leaves, want_leaves = _numeric_leaves(got), _numeric_leaves(want)
    if got_leaves is None or want_leaves is None or got_leaves[1] != want_leaves[1]:
        return False
    return all(g.shape == w.shape for g, w in zip(got_leaves[0], want_leaves[0], strict=True))


def _explainer_case(
    got: Any, want: Any, args: tuple[Any, ...], names: tuple[str, ...]
) -> Case | None:
    """One case as compare.explain reads it; None where an output is not numbers (then no
    relation is tried at all)."""
    got_leaves, want_leaves = _numeric_leaves(got), _numeric_leaves(want)
    if got_leaves is None or want_leaves is None:
        return None
    inputs = []
    for arg in args:
        leaves = _numeric_leaves(arg) if not callable(arg) else None
        inputs.append(leaves[0] if leaves else ())
    paths = want_leaves[1] if len(want_leaves[0]) > 1 else ()
    return Case(got_leaves[0], want_leaves[0], tuple(inputs), paths, names)


class _LazyPairs(Sequence):
    """``(args[i], outputs[i])``, the output read (computed) only when its pair is."""

    def __init__(self, args: list[tuple[Any, ...]], outputs: Sequence[Any]) -> None:
        if len(args) != len(outputs):
            raise ValueError(f"{len(args)} cases but {len(outputs)} outputs")
        self._args, self._outputs = args, outputs

    def __len__(self) -> int:
        return len(self._args)

    def args(self, index: int) -> tuple[Any, ...]:
        """The ``index``-th case's arguments alone (its output not computed nor opened)."""
        return self._args[index]

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(len(self))[index]]
        return self._args[index], self._outputs[index]


def _relation(got: Any, want: Any) -> str | None:
    """compare's plain relation between two numeric results of one shape, else None."""
    try:
        got_array, want_array = np.asarray(got), np.asarray(want)
        if got_array.shape != want_array.shape or got_array.dtype == object:
            return None
        return how_they_differ(got_array, want_array)
    except Exception:
        return None


def _kind(relation: str) -> str:
    """A relation without its numbers: "off by the same amount, +0.5" on one input and
    "..., -1.2" on another are one kind (x minus a statistic other than the mean)."""
    return re.sub(r"[-+]?\d[\d.]*(e[-+]?\d+)?", "#", relation)


def _all_zero(value: Any) -> bool:
    try:
        array = np.asarray(value)
        return array.dtype.kind in "biuf" and not array.any()
    except Exception:
        return False


def distinct_numbers(got: float, want: float) -> tuple[str, str]:
    """The two numbers with just enough digits to print differently (12.0001 vs 12.0001
    would say nothing): 6 significant digits, more while they print alike."""
    for digits in (6, 9, 12, 17):
        shown = f"{got:.{digits}g}", f"{want:.{digits}g}"
        if shown[0] != shown[1]:
            return shown
    return repr(got), repr(want)


@dataclass(frozen=True)
class Number:
    """The answer must be one real number (Python, NumPy or a 0-d array) close to the expected."""

    rtol: float = 1e-5
    atol: float = 1e-8

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if isinstance(answer, bool) or not (
            isinstance(answer, int | float | np.generic)
            or is_jax_array(answer)
            or is_numpy_array(answer)
        ):
            return _("Expected a number, but this is {what}.").format(what=describe(answer))
        value = np.asarray(answer)
        if value.shape != ():
            return _(ONE_NUMBER).format(what=describe(answer))
        if value.dtype.kind not in "iuf":
            return _("Expected a real number, but this has dtype {dtype}.").format(
                dtype=value.dtype
            )
        got, want = float(value), float(np.asarray(expected))
        if not np.isfinite(got):
            return _("The result is {value}, not a finite number.").format(value=got)
        if not np.isclose(got, want, rtol=self.rtol, atol=self.atol):
            shown_got, shown_want = distinct_numbers(got, want)
            relation = how_they_differ(np.asarray(got), np.asarray(want))
            return _("You have {got}, but the expected value is {want}.").format(
                got=shown_got, want=shown_want
            ) + (f" {relation}" if relation else "")
        return None


def tree_shape(tree: Any) -> str:
    """A pytree's structure with every leaf shown as *, e.g. ``(*, {'b': *, 'w': *})``."""
    text = str(jax.tree.structure(tree))
    return text.removeprefix("PyTreeDef(").removesuffix(")")


@dataclass(frozen=True)
class SamePytree:
    """The answer must have the expected structure (tuples, dicts, ...) and equal leaves."""

    leaf: Callable[[Any, Any], str | None] = JaxArray()

    def __call__(self, answer: Any, expected: Any) -> str | None:
        want_paths, want_def = jax.tree_util.tree_flatten_with_path(expected)
        got_paths, got_def = jax.tree_util.tree_flatten_with_path(answer)
        if got_def != want_def:
            hint = _container_hint(answer, expected)
            return _(
                "It has the structure {got}, but {want} was expected (each * is one array)."
            ).format(got=short_repr_tree(answer), want=tree_shape(expected)) + (
                f" {hint}" if hint else ""
            )
        for (path, got), (_path, want) in zip(got_paths, want_paths, strict=True):
            problem = self.leaf(got, want)
            if problem:
                where = jax.tree_util.keystr(path) or _("the top level")
                return _("At {where}: {problem}").format(where=where, problem=problem)
        return None


def _container_hint(answer: Any, expected: Any) -> str:
    """What the structures' difference plainly is, for a sequence where a tuple was
    expected: a list instead, the two items swapped, or a different count of items."""
    if not isinstance(expected, tuple) or not isinstance(answer, list | tuple):
        return ""
    try:
        same = jax.tree.structure(tuple(answer)) == jax.tree.structure(expected)
        swapped = len(answer) == 2 and (
            jax.tree.structure(tuple(answer[::-1])) == jax.tree.structure(expected)
        )
    except Exception:
        return ""
    if isinstance(answer, list) and same:
        return _("It is a list where a tuple was expected: return (a, b), not [a, b].")
    if swapped and not same:
        return _("It looks like the two items in the opposite order.")
    if len(answer) != len(expected):
        return ngettext(
            "It has {count} item where {expected} were expected.",
            "It has {count} items where {expected} were expected.",
            len(answer),
        ).format(count=len(answer), expected=len(expected))
    return ""


def short_repr_tree(tree: Any) -> str:
    if is_jax_array(tree) or is_numpy_array(tree):
        return _("one array ({what})").format(what=describe(tree))
    try:
        return tree_shape(tree)
    except Exception:
        return describe(tree)


_NOT_NUMBERS = N_(
    "The options are letters, not numbers. Answer with one letter, as a string: one of {options}."
)


@dataclass(frozen=True)
class Choice:
    """The answer is one of a few lettered options, given as a string such as ``"B"``.

    Every choice exercise reads an answer the same way: the letter in any case, with
    spaces, brackets or a trailing ``)``/``.``/``:``/``,`` (``" b "``, ``"(B)"``, ``"B."``,
    ``"option B"``), or an option's own text typed or pasted in (``texts``, one per option,
    when the exercise prints them), or with a ``#`` comment (``"B  # why"``), as every
    choice prediction reads its letters (``before_comment``); in a list or tuple
    (``("B",)``) it is refused, saying whether its letter is right (``listed_slip``). The
    slips that are not an answer get one message each, alike in every exercise: several
    letters, options named in the comment, the option's number, anything else.
    """

    options: tuple[str, ...]
    texts: tuple[str, ...] = ()
    # Lower-case names the question itself uses for what it asks about (draws a, b, c, d):
    # an answer written only with two or more of them ("b and d", "b, c, d") names those,
    # not options. One letter alone (" c", "d.") is an option, as in every choice (round 18).
    names: tuple[str, ...] = ()

    def __call__(self, answer: Any, expected: str) -> str | None:
        listed = listed_slip(self, answer, expected)
        if listed is not None:
            return listed
        chosen = self.read(answer)
        if chosen is None:
            return self.slip(answer)
        if chosen != expected:
            return _("{choice} is not the one.").format(choice=chosen)
        return None

    def read(self, answer: Any) -> str | None:
        """The option ``answer`` names, or None when it names none (or several), or is no
        string (a list or tuple of letters names none: ``listed_slip``)."""
        if not isinstance(answer, str) or before_comment(answer, self.options) is None:
            return None
        answer = before_comment(answer, self.options)
        if self._names_only(answer):
            return None
        letter = option_of(answer)
        if letter in self.options:
            return letter
        if with_words(answer, self.options):  # "C - split is a pure function"
            return reason_given(answer, self.options)
        typed = _squeezed(answer)
        for option, text in zip(self.options, self.texts, strict=False):
            # the text as the lesson prints it: in English, or in the language in use
            for shown in dict.fromkeys((text, _(text))):
                if typed in (_squeezed(shown), _squeezed(f"{option}: {shown}")):
                    return option
        return None

    @property
    def _listed(self) -> str:
        *others, last = map(repr, self.options)
        if not others:
            return last
        return _("{others} or {last}").format(others=", ".join(others), last=last)

    def slip(self, answer: Any) -> str:
        """Why ``answer`` is not an answer to a choice, one message per kind of slip."""
        values = {"options": self._listed, "answer": short_repr(answer, 30)}
        answer = letters_listed(answer) or answer  # ["A", "B"]: two options named
        if isinstance(answer, str) and before_comment(answer, self.options) is None:
            return _(
                "{answer} names options after its #, so which one you choose is not clear: "
                "the letter goes before the #, and a reason after it names no option in "
                "capitals. Answer with one letter, as a string: one of {options}."
            ).format(**values)
        if isinstance(answer, str):
            answer = before_comment(answer, self.options)
            if self._names_only(answer) or self._names_in_prose(answer):
                return _(
                    "{answer} names what the question calls {names}, not an option: each "
                    "option is a capital letter, with its answer and a reason. Answer with "
                    "one letter, as a string: one of {options}."
                ).format(names=", ".join(self.names), **values)
            if with_words(answer, self.options):
                return _(
                    "{answer} is a letter with words around it; write the letter alone. A "
                    "reason can follow it after a #, inside the string or after its closing "
                    "quote, if it names no option in capitals. Answer with one letter, as a "
                    "string: one of {options}."
                ).format(**values)
            named = self._letters_in(answer)
            if len(named) > 1:
                return ngettext(
                    "{answer} names {count} options; the question asks for one. Answer with "
                    "one letter, as a string: one of {options}.",
                    "{answer} names {count} options; the question asks for one. Answer with "
                    "one letter, as a string: one of {options}.",
                    len(named),
                ).format(count=len(named), **values)
            if str.isdigit(str.strip(answer)):
                return _(_NOT_NUMBERS).format(**values)
            return _(
                "{answer} is not one of the options. Answer with one letter, as a string: one "
                "of {options}."
            ).format(**values)
        if type(answer) in (list, tuple, set, frozenset):
            return _(
                "{answer} is a {kind}; write the letter alone, without brackets or a trailing "
                "comma. Answer with one letter, as a string: one of {options}."
            ).format(kind=type(answer).__name__, **values)
        if isinstance(answer, int | float) and not isinstance(answer, bool):
            return _(_NOT_NUMBERS).format(**values)
        return _("Answer with one letter, as a string: one of {options}; this is {what}.").format(
            what=describe(answer), **values
        )

    def _names_only(self, answer: str) -> bool:
        """Written in lower case with only the question's names, two or more of them ("b and
        d", "b, c"): one letter alone is read as an option, in any case, as every choice
        exercise reads it."""
        text = str.__str__(answer)
        if not self.names or str.lower(text) != text:
            return False
        words = [w for w in re.split(r"[\s,;/&+()\[\].:]+|\band\b|\bor\b", text) if w]
        return len(words) > 1 and all(word in self.names for word in words)

    def _names_in_prose(self, answer: str) -> bool:
        """A reason in lower-case words naming two or more of the question's names and no
        option ("split is deterministic, so b and d match a", round 19): the letters in it
        are the question's names, not options."""
        text = str.__str__(answer)
        if not self.names or str.lower(text) != text:
            return False
        words = [w for w in re.split(r"[^\w']+", text) if w]
        letters = [w for w in words if len(w) == 1 and str.isalpha(w)]
        return len(set(letters)) > 1 and all(w in self.names for w in letters)

    def _letters_in(self, answer: str) -> list[str]:
        """The option letters a string like "AB", "A, B" or "A and B" names."""
        words = [w for w in re.split(r"[\s,;/&+]+|\band\b|\bor\b", str.upper(answer)) if w]
        if (
            len(words) == 1
            and str.isalpha(words[0])
            and len(words[0]) <= len(self.options)
            and all(letter in self.options for letter in words[0])
        ):  # "ABC", but not a word such as "jacfwd" that happens to hold some letters
            words = list(words[0])
        return [w for w in words if w in self.options]


def letters_listed(answer: Any) -> str | None:
    """``["A", "c"]``, ``("B",)``, ``{"E", "A"}`` -> ``"Ac"``, ``"B"``, ``"AE"``: the letters a
    list, tuple or set of one-letter strings holds, as one string (a set's in order); ``""``
    for an empty one; None for anything else. A prediction reads one string: a list of
    letters is refused, saying whether its letters are right (``listed_slip``)."""
    if type(answer) not in (list, tuple, set, frozenset):
        return None
    items = [str.strip(item) if isinstance(item, str) else "" for item in answer]
    if not all(len(item) == 1 and str.isalpha(item) for item in items):
        return None
    return "".join(sorted(items) if type(answer) in (set, frozenset) else items)


def listed_slip(rule: Any, answer: Any, expected: str) -> str | None:
    """What a list, tuple or set of letters is told where a prediction reads one string
    (round 20, the lead's decision for every letter exercise: ``("C",)`` from a trailing
    comma, ``["A", "C"]``): it is refused even when its letters are right, saying whether
    they are, and that the check reads one string. None for anything else, and for letters
    the rule would not read as an answer even written as a string (several where one is
    asked: that slip has its own message)."""
    listed = letters_listed(answer)
    if not listed or rule.read(listed) is None:
        return None
    count = len(listed)
    if type(answer) is tuple and count == 1:
        form = _(
            "{answer} is a tuple of one item, not a string: a comma after a value makes a "
            "tuple, so a trailing comma turns the letter into a tuple holding it. The check "
            "reads one string."
        )
    else:
        form = _("{answer} is a {kind} of letters, not a string: the check reads one string.")
    form = form.format(answer=short_repr(answer, 30), kind=type(answer).__name__)
    if rule(listed, expected) is None:
        verdict = ngettext(
            "The letter in it is the right one.", "The letters in it are the right ones.", count
        )
    else:
        verdict = ngettext(
            "The letter in it is not the right one either.",
            "The letters in it are not the right ones either.",
            count,
        )
    return f"{form} {verdict}"


def before_comment(answer: str, letters: Sequence[str]) -> str | None:
    """The text before a ``#`` in a choice's answer (all of it when there is none), which is
    what is read: ``"ACE  # they need no value"`` -> ``"ACE  "``. None when the comment names
    an option, a word in capitals made only of option letters (``"ACE # B, D wait"``): the
    letters chosen are then not clear, and the answer is asked again (CONTRIBUTING,
    "Predictions come first")."""
    head, hash_sign, comment = str.partition(str.__str__(answer), "#")
    if not hash_sign:
        return head
    for word in re.findall(r"[^\W\d_]+", comment):
        if str.isupper(word) and all(letter in letters for letter in word):
            return None
    return head


def letters_slip(answer: Any, letters: Sequence[str]) -> str | None:
    """What an answer of several letters is told when its form hides which letters it
    chooses (options named in its comment, words besides the letters), else None."""
    if not isinstance(answer, str):
        return None
    head = before_comment(answer, letters)
    if head is None:
        return _(
            "{answer} names options after its #, so which you choose is not clear: the "
            "letters go before the #, and a reason after it names no option in capitals."
        ).format(answer=short_repr(answer, 30))
    if with_words(head, letters):
        return _(
            "{answer} has words besides the letters; write the letters alone, as one string "
            'such as "AD". A reason can follow them after a #, inside the string or after '
            "its closing quote, if it names no option in capitals."
        ).format(answer=short_repr(answer, 30))
    return None


def letter_set(answer: Any, letters: str) -> frozenset[str] | None:
    """ "B, c e", "(BCE)", "B, C and E", "BCE  # why" -> {"B", "C", "E"}:
    the letters an answer of several letters names, written as ``Choice`` reads one letter;
    None if it is not letters of ``letters``, or no string (a list of letters names none:
    ``listed_slip``)."""
    text = answer
    if not isinstance(text, str) or before_comment(text, letters) is None:
        return None
    text = str.upper(before_comment(text, letters))
    if str.strip(text) in ("", "NONE"):
        return frozenset()
    text = re.sub(r"^\s*(?:OPTIONS?|ANSWERS?)\b\s*:?", "", text)  # "options A, C and E"
    chosen = "".join(re.split(r"[\s,;+&/()\[\].:]+|\bAND\b", text))
    if not chosen or not all(ch in letters for ch in chosen):
        return None
    return frozenset(chosen)


_OPTION_LETTER = re.compile(
    r"^(?:option|answer)?\s*[(\[]?\s*([A-Za-z])\s*[)\].:,;]?$", re.IGNORECASE
)


_NOT_PROSE = frozenset({"OPTION", "OPTIONS", "ANSWER", "AND", "OR"})


def with_words(answer: str, letters: Sequence[str]) -> bool:
    """A letter (or a run of letters, "AD") first or last, and a word around it that is
    not one: "C - split is a pure function", "because of jit: B". Its single letters are
    not options named ("a" is an article there), and the letter is not read out of it. The
    letter is written in capitals or set off by punctuation, so that "a set" stays a text
    typed, not the letter A."""
    text = str.__str__(answer)
    found = list(re.finditer(r"[^\W\d_]+", text))
    if len(found) < 2:
        return False

    def is_letters(word: str) -> bool:
        return all(letter in letters for letter in str.upper(word))

    def stands_out(match: re.Match[str], gap: str) -> bool:
        word = match.group()
        return is_letters(word) and (str.isupper(word) or bool(re.search(r"[^\s\w]", gap)))

    first, last = found[0], found[-1]
    if not (
        stands_out(first, text[first.end() : found[1].start()])
        or stands_out(last, text[found[-2].end() : last.start()])
    ):
        return False
    words = [str.upper(match.group()) for match in found]
    return any(len(w) >= 2 and w not in _NOT_PROSE and not is_letters(w) for w in words)


def reason_given(answer: str, letters: Sequence[str]) -> str | None:
    """The option a letter-with-its-reason answer names (``with_words``): its one letter
    that stands out, in capitals anywhere, or first or last and set off from its
    neighbour by punctuation ("C - split is a pure function", "d - values decide count",
    "because a dict is a pytree: B"); None when it names two ("A is wrong, B") and so
    must be asked again. A lower-case "a" inside the prose is an article, no option."""
    text = str.__str__(answer)
    found = list(re.finditer(r"[^\W\d_]+", text))
    named = set()
    for index, match in enumerate(found):
        word = match.group()
        if len(word) != 1 or str.upper(word) not in letters:
            continue
        after = text[match.end() : found[index + 1].start()] if index + 1 < len(found) else ""
        before = text[found[index - 1].end() : match.start()] if index else ""
        set_off = (index == 0 and re.search(r"[^\s\w]", after)) or (
            index == len(found) - 1 and re.search(r"[^\s\w]", before)
        )
        if str.isupper(word) or set_off:
            named.add(str.upper(word))
    return named.pop() if len(named) == 1 else None


def option_of(answer: Any) -> str | None:
    """``" b "``, ``"(B)"``, ``"B."``, ``"option b"`` -> ``"B"``, read with str's own methods
    (never a subclass's); None if it is no string or names no single letter."""
    if not isinstance(answer, str):
        return None
    text = str.strip(str(str.__str__(answer)))
    match = _OPTION_LETTER.match(text)
    return str.upper(match.group(1)) if match else str.upper(text)


def _squeezed(text: str) -> str:
    """Lower case, without spaces or quotes: how a typed option's text is compared."""
    return re.sub(r"[\s'\"`]", "", str.lower(str.__str__(text)))
