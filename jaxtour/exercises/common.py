"""What the exercise modules share: JAX imported on first use, the article's x and y,
and ``same_values`` for mistakes with the right values in the wrong container.

Importing the exercise modules must not import JAX (``import jaxtour`` stays cheap);
``jax`` and ``jnp`` here are ``jaxtour.lazy`` stand-ins that import on first use, so
exercise code reads like JAX code::

    from jaxtour.exercises.common import jax, jnp
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import UnionType
from typing import Any

from jaxtour.grader.mistakes import equals_value
from jaxtour.lazy import jax, jnp

__all__ = [
    "ARTICLE_X",
    "ARTICLE_Y",
    "article_xy",
    "concrete_cache",
    "is_tuple_of",
    "jax",
    "jnp",
    "same_values",
]


def concrete_cache(build: Callable[..., Any]) -> Callable[..., Any]:
    """``functools.cache`` for the grader's fixed arrays, made concrete wherever first asked.

    A mistake's example is code like a learner's, and the grader may run it under
    ``jax.jit``; if that is where a cached helper is first called, its arrays would be
    tracers, cached for good and leaked into every later check. Built under
    ``jax.ensure_compile_time_eval()``, they are real arrays, whoever asks first.
    """

    @functools.cache
    def cached(*args: Any) -> Any:
        with jax.ensure_compile_time_eval():
            return build(*args)

    return functools.wraps(build)(cached)


# The article's inputs for sum_squared_error and squared_error_with_aux (lessons 04, 05).
ARTICLE_X = [1.0, 2.0, 3.0, 4.0]
ARTICLE_Y = [1.1, 2.1, 3.1, 4.1]


@concrete_cache  # jax arrays are immutable, so one pair serves every check
def article_xy() -> tuple[Any, Any]:
    return jnp.array(ARTICLE_X), jnp.array(ARTICLE_Y)


def is_tuple_of(answer: Any, length: int) -> bool:
    return isinstance(answer, tuple) and len(answer) == length


def same_values(
    build: Callable[[], Any], kinds: type | UnionType = object
) -> Callable[[Any], bool]:
    """Matches an answer of type ``kinds`` with ``build()``'s shape and values, any dtype.

    For a mistake the exercise's rule cannot express: the right numbers in the wrong
    container (a list or a NumPy array where a jax array is asked), or an array where
    the rule takes one number.
    """
    return lambda answer: isinstance(answer, kinds) and equals_value(build())(answer)
