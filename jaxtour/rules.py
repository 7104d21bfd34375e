"""Checking rules and mistake predicates that exercise modules combine.

A rule returns ``None`` for a right answer and one sentence otherwise. Rules that run
the learner's function go through ``call_learner``, which turns an exception into a
``LearnerCodeError`` naming the input that caused it.
"""

from __future__ import annotations

import copy
import re
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from jaxtour.compare import compare_arrays, describe, short_repr

Inputs = Sequence[tuple[Any, ...]]


class LearnerCodeError(Exception):
    """The learner's code raised; ``summary`` is one line, ``details`` the traceback."""

    def __init__(self, summary: str, details: str, error: BaseException | None = None) -> None:
        super().__init__(summary)
        self.summary = summary
        self.details = details
        self.error = error

    def message(self) -> str:
        """The summary, followed by a plain-words explanation when JAX's error is a known one."""
        from jaxtour.explain import explain_exception

        explanation = explain_exception(self.error) if self.error is not None else None
        return self.summary + ("\n" + explanation.text() if explanation else "")


def _jax():
    import jax

    return jax


def is_jax_array(value: Any) -> bool:
    return isinstance(value, _jax().Array)


def is_numpy_array(value: Any) -> bool:
    return isinstance(value, np.ndarray)


def call_learner(fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """Call the learner's ``fn(*args)``; an exception becomes a one-line LearnerCodeError."""
    try:
        return fn(*args)
    except Exception as exc:
        name = getattr(fn, "__name__", "your function")
        shown = ", ".join(short_repr(a, 40) for a in args)
        try:
            message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        except Exception:  # an exception whose __str__ raises
            message = ""
        summary = f"{name}({shown}) raised {type(exc).__name__}" + (
            f": {message}" if message else ""
        )
        # Drop this frame: the learner's traceback starts in the learner's code.
        details = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__.tb_next))
        raise LearnerCodeError(summary, details, exc) from None


def is_tracer(value: Any) -> bool:
    return isinstance(value, _jax().core.Tracer)


def screen(answer: Any) -> str | None:
    """Answers no exercise can accept, caught before any rule runs."""
    if is_tracer(answer):
        return (
            "This is a tracer that leaked out of jit, grad or vmap: a placeholder JAX "
            "uses while it traces a function, not a real array. Return the value from "
            "the transformed function instead of storing it."
        )
    return None


# --- rules -----------------------------------------------------------------------------


@dataclass(frozen=True)
class JaxArray:
    """The answer must be a jax array equal to the expected one (shape, dtype, values)."""

    check_dtype: bool = True

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if is_numpy_array(answer):
            return (
                f"This is {describe(answer)}, but a jax array was asked for: "
                "build it with jnp instead of np, or wrap it in jnp.asarray(...)."
            )
        if not is_jax_array(answer):
            return f"Expected a jax array, but this is {describe(answer)}.{_stack_hint(answer)}"
        return compare_arrays(answer, expected, check_dtype=self.check_dtype)


def _stack_hint(answer: Any) -> str:
    if (
        isinstance(answer, list | tuple)
        and answer
        and all(is_jax_array(a) or is_numpy_array(a) for a in answer)
    ):
        return " To make one array from a list of arrays, use jnp.stack(...)."
    return ""


@dataclass(frozen=True)
class NumpyArray:
    """The answer must be a NumPy ndarray equal to the expected one."""

    check_dtype: bool = True

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if is_jax_array(answer):
            return "This is still a jax array; np.asarray(...) turns it into a NumPy array."
        if not is_numpy_array(answer):
            return f"Expected a NumPy array, but this is {describe(answer)}."
        return compare_arrays(answer, expected, check_dtype=self.check_dtype)


@dataclass(frozen=True)
class ExactInteger:
    """The answer must be an integer (Python, NumPy or 0-d array) equal to the expected one."""

    def __call__(self, answer: Any, expected: int) -> str | None:
        if isinstance(answer, bool):
            return f"Expected an integer, but this is {describe(answer)}."
        if isinstance(answer, float | np.floating):
            return f"Expected an exact integer, but this is {describe(answer)}."
        if is_jax_array(answer) or is_numpy_array(answer) or isinstance(answer, np.generic):
            arr = np.asarray(answer)
            if arr.shape != ():
                return f"Expected a single number, but this is {describe(answer)}."
            if arr.dtype.kind not in "iu":
                return f"Expected an exact integer, but this has dtype {arr.dtype}."
            answer = int(arr)
        if not isinstance(answer, int):
            return f"Expected an integer, but this is {describe(answer)}."
        if answer != expected:
            return f"{answer} is not the right number."
        return None


@dataclass(frozen=True)
class DtypeName:
    """The answer names a dtype: a string such as "float32", or jnp.float32, or a np.dtype."""

    def __call__(self, answer: Any, expected: str) -> str | None:
        name = dtype_name(answer)
        if name is None:
            return f"Expected a dtype such as 'int8', but this is {describe(answer)}."
        if name != expected:
            return f"{name} is not the right dtype."
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


@dataclass(frozen=True)
class SameFunction:
    """The answer must be a function that agrees with the reference on every input.

    ``inputs()`` gives fixed inputs; ``random_inputs(rng)`` more, drawn from a
    generator seeded with ``seed`` so that the feedback is the same on every run.
    """

    inputs: Callable[[], Inputs]
    random_inputs: Callable[[np.random.Generator], Inputs] | None = None
    seed: int = 0
    output: Callable[[Any, Any], str | None] = JaxArray()
    transform: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None
    _outputs: dict[int, tuple[Any, list[Any]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def cases(self) -> list[tuple[Any, ...]]:
        cases = list(self.inputs())
        if self.random_inputs is not None:
            cases += list(self.random_inputs(np.random.default_rng(self.seed)))
        return cases

    def warm_up(self, expected: Callable[..., Any]) -> None:
        """Run the reference once on every case, so its compilation is not timed."""
        self.expected_outputs(expected)

    def expected_outputs(self, expected: Callable[..., Any]) -> list[Any]:
        """The reference's output on every case, computed once per reference function.

        The inputs are deterministic and the reference is pure, so its outputs are
        cached; the learner's function always gets freshly built inputs.
        """
        key = id(expected)
        cached = self._outputs.get(key)
        if cached is None or cached[0] is not expected:
            outputs = [_jax().block_until_ready(expected(*args)) for args in self.cases()]
            cached = self._outputs[key] = (expected, outputs)
        return cached[1]

    def __call__(self, answer: Any, expected: Callable[..., Any]) -> str | None:
        if not callable(answer):
            return f"Expected a function, but this is {describe(answer)}."
        if self.transform is not None:  # e.g. jax.jit: the function must survive it
            answer = _transformed(self.transform, answer)
        wanted = self.expected_outputs(expected)
        for args, want in zip(self.cases(), wanted, strict=True):
            got = call_learner(answer, args)
            problem = self.output(got, want)
            if problem:
                shown = ", ".join(short_repr(a, 40) for a in args)
                return f"On input ({shown}) the result is wrong. {problem}"
        return None


def _transformed(transform: Callable[..., Any], fn: Callable[..., Any]) -> Callable[..., Any]:
    try:
        return transform(fn)
    except Exception as exc:
        raise LearnerCodeError(
            f"Your function could not be transformed: {type(exc).__name__}: {exc}",
            traceback.format_exc(),
            exc,
        ) from None


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
            return f"Expected a number, but this is {describe(answer)}."
        value = np.asarray(answer)
        if value.shape != ():
            return f"Expected a single number, but this is {describe(answer)}."
        if value.dtype.kind not in "iuf":
            return f"Expected a real number, but this has dtype {value.dtype}."
        got, want = float(value), float(np.asarray(expected))
        if not np.isfinite(got):
            return f"The result is {got}, not a finite number."
        if not np.isclose(got, want, rtol=self.rtol, atol=self.atol):
            return f"You have {got:.6g}, but the expected value is {want:.6g}."
        return None


def tree_shape(tree: Any) -> str:
    """A pytree's structure with every leaf shown as *, e.g. ``(*, {'b': *, 'w': *})``."""
    text = str(_jax().tree.structure(tree))
    return text.removeprefix("PyTreeDef(").removesuffix(")")


@dataclass(frozen=True)
class SamePytree:
    """The answer must have the expected structure (tuples, dicts, ...) and equal leaves."""

    leaf: Callable[[Any, Any], str | None] = JaxArray()

    def __call__(self, answer: Any, expected: Any) -> str | None:
        jax = _jax()
        want_paths, want_def = jax.tree_util.tree_flatten_with_path(expected)
        got_paths, got_def = jax.tree_util.tree_flatten_with_path(answer)
        if got_def != want_def:
            return (
                f"It has the structure {short_repr_tree(answer)}, but {tree_shape(expected)} "
                "was expected (each * is one array)."
            )
        for (path, got), (_, want) in zip(got_paths, want_paths, strict=True):
            problem = self.leaf(got, want)
            if problem:
                where = jax.tree_util.keystr(path) or "the top level"
                return f"At {where}: {problem}"
        return None


def short_repr_tree(tree: Any) -> str:
    if is_jax_array(tree) or is_numpy_array(tree):
        return f"one array ({describe(tree)})"
    try:
        return tree_shape(tree)
    except Exception:
        return describe(tree)


# --- mistake predicates ----------------------------------------------------------------


def equals_value(value: Any) -> Callable[[Any], bool]:
    """Matches an answer equal to ``value``: same shape and values, any array type."""

    def matches(answer: Any) -> bool:
        got, want = np.asarray(answer), np.asarray(value)
        return got.shape == want.shape and compare_arrays(got, want, check_dtype=False) is None

    return matches


def behaves_like(wrong: Callable[..., Any], inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function whose outputs equal ``wrong``'s on every input."""

    wrong_outputs: list[Any] = []  # computed on first use: the inputs are deterministic

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        if not wrong_outputs:
            wrong_outputs.extend(wrong(*args) for args in inputs())
        for args, want in zip(inputs(), wrong_outputs, strict=True):
            if not equals_tree(want)(answer(*args)):
                return False
        return True

    return matches


def equals_tree(value: Any) -> Callable[[Any], bool]:
    """Matches an answer with ``value``'s pytree structure and equal leaves."""

    def matches(answer: Any) -> bool:
        jax = _jax()
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
        for args in inputs():
            try:
                answer(*args)
            except Exception as exc:
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
            before = copy.deepcopy(args)
            try:
                answer(*args)
            except Exception:
                continue
            if not equals_tree(before)(args):
                return True
        return False

    return matches


@dataclass(frozen=True)
class Choice:
    """The answer is one of a few labelled options, given as a string such as "B"."""

    options: tuple[str, ...]

    def __call__(self, answer: Any, expected: str) -> str | None:
        if not isinstance(answer, str) or answer.strip().upper() not in self.options:
            return f"Answer with one of {', '.join(map(repr, self.options))}, as a string."
        if answer.strip().upper() != expected:
            return f"{answer.strip().upper()} is not the one."
        return None


def chose(option: str) -> Callable[[Any], bool]:
    """Matches the string answer ``option``, whatever its case and spacing."""
    return lambda answer: isinstance(answer, str) and answer.strip().upper() == option
