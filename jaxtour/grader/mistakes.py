"""Mistake predicates: ``matches=`` for the mistakes an exercise's own rule cannot express.

Most mistakes need none: a ``Mistake`` without ``matches`` is recognised by the
exercise's rule with the mistake's example as the expected value. These predicates
cover the rest: a wrong container, a function that fails a given way or changes its
input, a string option.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from jaxtour.grader.compare import compare_arrays
from jaxtour.grader.pristine import np
from jaxtour.grader.rules import Inputs, option_of, outputs_on
from jaxtour.lazy import jax


def equals_value(value: Any) -> Callable[[Any], bool]:
    """Matches an answer equal to ``value``: same shape and values, any array type."""

    def matches(answer: Any) -> bool:
        got, want = np.asarray(answer), np.asarray(value)
        return got.shape == want.shape and compare_arrays(got, want, check_dtype=False) is None

    return matches


def behaves_like(wrong: Callable[..., Any], inputs: Callable[[], Inputs]) -> Callable[[Any], bool]:
    """Matches a function whose outputs equal ``wrong``'s on every input."""

    def matches(answer: Any) -> bool:
        if not callable(answer):
            return False
        for args, want in zip(inputs(), outputs_on(inputs, wrong), strict=True):
            if not equals_tree(want)(answer(*args)):
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


def chose(option: str) -> Callable[[Any], bool]:
    """Matches the string answer ``option``, whatever its case and spacing."""
    return lambda answer: option_of(answer) == option
