"""What the exercise modules share: JAX imported on first use, and the article's x and y.

Importing the exercise modules must not import JAX (``import jaxtour`` stays cheap);
``jax`` and ``jnp`` here are ``jaxtour.lazy`` stand-ins that import on first use, so
exercise code reads like JAX code::

    from jaxtour.exercises.common import jax, jnp
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jaxtour.lazy import jax, jnp

__all__ = ["ARTICLE_X", "ARTICLE_Y", "article_xy", "is_tuple_of", "jax", "jnp"]

# The article's inputs for sum_squared_error and squared_error_with_aux (lessons 04, 05).
ARTICLE_X = [1.0, 2.0, 3.0, 4.0]
ARTICLE_Y = [1.1, 2.1, 3.1, 4.1]


@cache  # jax arrays are immutable, so one pair serves every check
def article_xy() -> tuple[Any, Any]:
    return jnp.array(ARTICLE_X), jnp.array(ARTICLE_Y)


def is_tuple_of(answer: Any, length: int) -> bool:
    return isinstance(answer, tuple) and len(answer) == length
