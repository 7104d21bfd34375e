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

from jaxtour.grader.isolation import config_as_checked, graders_own
from jaxtour.grader.mistakes import equals_value
from jaxtour.grader.pristine import np
from jaxtour.lazy import is_jax_array, jax, jnp

__all__ = [
    "ARTICLE_X",
    "ARTICLE_Y",
    "article_xy",
    "concrete_cache",
    "default_float",
    "device_array",
    "is_tuple_of",
    "jax",
    "jnp",
    "same_values",
]


def device_array(values: Any, dtype: Any = None) -> Any:
    """``jnp.array(values, dtype)`` for the grader's fixed inputs (numbers in nested lists,
    or a NumPy array): the same dtype (canonical: float32 unless x64 is on), the same
    values, not weakly typed, but converted by NumPy and put on the device as it is.
    jnp.array converts on the device, one compiled program per shape and dtype (about
    0.04 s of CPU each on a first check); a concrete array even inside a trace."""
    with jax.ensure_compile_time_eval():
        return jax.device_put(np.asarray(values, dtype))


def default_float() -> Any:
    """The dtype jnp.array gives Python floats: float32, or float64 under x64."""
    return jax.dtypes.canonicalize_dtype(np.float64)


def concrete_cache(build: Callable[..., Any]) -> Callable[..., Any]:
    """The one cache of the exercise modules: ``functools.cache`` for the grader's fixed
    arrays (and what is made from them), kept apart per JAX setting and made concrete
    wherever first asked.

    - Per setting: with ``jax_enable_x64`` on, the same builder gives int64 and float64
      arrays. Lesson 01 invites the learner to switch it on; arrays cached then and reused
      after it is switched off would change later verdicts (a NumPy float64 taken for a
      Python float), so each setting gets its own.
    - Concrete: a mistake's example is code like a learner's, and the grader may run it
      under ``jax.jit``; if that is where a cached helper is first called, its arrays
      would be tracers, cached for good and leaked into every later check. Asked under a
      trace, the builder runs under ``jax.ensure_compile_time_eval()``, so they are real
      arrays, whoever asks first.
    - Untouched: built in ``isolation.graders_own()``, so an answer that ran earlier in
      the same check and rebound ``jnp.mean`` cannot change what is kept.

    ``tests/grader/test_x64.py`` keeps ``functools.cache`` out of the exercise modules.
    """

    @functools.cache
    def cached(x64: bool, *args: Any) -> tuple[Any, tuple[Any, ...]]:
        with graders_own():  # kept for the session: built where no answer has changed a thing
            if _outside_any_trace():
                value = build(*args)
            else:
                with jax.ensure_compile_time_eval():
                    value = build(*args)
        return value, tuple(leaf for leaf in jax.tree.leaves(value) if is_jax_array(leaf))

    @functools.wraps(build)
    def per_setting(*args: Any) -> Any:
        # The setting the builder runs under (``graders_own`` puts back the check's own),
        # not one an answer switched during its call: keyed by that, float32 arrays built
        # inside graders_own were kept as x64's, and a later x64 check was given them.
        x64 = bool(config_as_checked("jax_enable_x64"))
        value, arrays = cached(x64, *args)
        if any(array.is_deleted() for array in arrays):
            # Donated by a learner's jit (donate_argnums): JAX deleted the grader's input.
            # Built again, so that no later check is decided by what one answer did.
            cached.cache_clear()
            value, _ = cached(x64, *args)
        return value

    per_setting.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return per_setting


def _outside_any_trace() -> bool:
    """No jit, grad or vmap is tracing now. Built outside every trace, a builder runs as
    written: under ``ensure_compile_time_eval`` a builder that differentiates is slower
    (05.fix_aux_order's first check: 0.76 s against 0.59 s). JAX's own test, private:
    without it, every build is made concrete."""
    try:
        from jax._src.core import trace_state_clean
    except ImportError:
        return False
    return bool(trace_state_clean())


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
