"""Work handed to Python on the host while the learner's code is checked.

``jax.pure_callback`` and ``io_callback`` run a Python function on the host, in the
middle of a traced program: what it computes, with NumPy or anything else, JAX neither
traces, differentiates nor compiles, and the values can be right (round 21: the page's
NumPy code run whole in a callback, accepted by 11.first_two_positive, 07.clip_negative
and 06.scale_column). Every exercise that takes a function asks for JAX code, so a
callback that ran while the rule ran the answer is refused for every one of them
(``judge``), after the exercise's own mistakes (12.hvp names it in its own words).

Both run, eager or compiled, cached or not, through JAX's ``pure_callback_impl`` and
``io_callback_impl`` (looked up in ``jax._src.callback`` at each call by the lowered
program): ``counting()`` wraps them once, and ``calls()`` says how many ran. Printing
from a program (``jax.debug.callback``) hands no work over and is not counted.
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["calls", "install"]

_count = [0]
_IMPLS = ("pure_callback_impl", "io_callback_impl")


def _counted(impl: Any) -> Any:
    @functools.wraps(impl)
    def counted(*args: Any, **kwargs: Any) -> Any:
        _count[0] += 1
        return impl(*args, **kwargs)

    counted.__jaxtour_counted__ = True  # type: ignore[attr-defined]
    return counted


def install() -> None:
    """Wrap JAX's callback implementations with the counter (once)."""
    from jax._src import callback

    for name in _IMPLS:
        impl = getattr(callback, name, None)
        if impl is not None and not getattr(impl, "__jaxtour_counted__", False):
            setattr(callback, name, _counted(impl))


def calls() -> int:
    """How many host callbacks have run in this process since ``install``; a counter
    whose wrapper was taken away reads as one more (the code that did it ran a check)."""
    from jax._src import callback

    taken = any(
        not getattr(getattr(callback, name, None), "__jaxtour_counted__", True) for name in _IMPLS
    )
    return _count[0] + taken
