"""What the exercise modules share: JAX imported on first use, and the article's x and y.

Importing the exercise modules must not import JAX (``import jaxtour`` stays cheap), so
each module calls ``lazy_jnp()`` / ``lazy_jax()`` inside the functions that need them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

# The article's inputs for sum_squared_error and squared_error_with_aux (lessons 04, 05).
ARTICLE_X = [1.0, 2.0, 3.0, 4.0]
ARTICLE_Y = [1.1, 2.1, 3.1, 4.1]


def lazy_jnp():
    import jax.numpy as jnp

    return jnp


def lazy_jax():
    import jax

    return jax


@cache  # jax arrays are immutable, so one pair serves every check
def article_xy() -> tuple[Any, Any]:
    jnp = lazy_jnp()
    return jnp.array(ARTICLE_X), jnp.array(ARTICLE_Y)


def is_tuple_of(answer: Any, length: int) -> bool:
    return isinstance(answer, tuple) and len(answer) == length
