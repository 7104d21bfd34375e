"""How a traced program's size grows with its input: what it holds, not one array's shape.

A function that builds an n x n matrix may build it in pieces (two n x n/2 halves, a
column per pass of a Python loop, a row per step of a scan): no single array is n x n,
yet everything it holds together grows with n². ``numbers_held`` adds up every value a
traced program makes (its constants and every equation's outputs, a scan's body once per
step, nested programs entered), and ``growth`` compares two sizes: doubling n about
doubles what a program of vectors holds, and quadruples what one of n x n numbers does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jaxtour.grader.key_uses import numbers_made
from jaxtour.grader.program_size import inner_programs, numbers_held
from jaxtour.lazy import jax


def _has_while(program: Any) -> bool:
    jaxpr = getattr(program, "jaxpr", program)
    return any(
        eqn.primitive.name == "while" or any(map(_has_while, inner_programs(eqn)))
        for eqn in jaxpr.eqns
    )


def growth(
    fn: Callable[..., Any], args_for: Callable[[int], tuple[Any, ...]], sizes: tuple[int, int]
) -> float | None:
    """How many times more numbers ``fn``'s traced program holds at ``sizes[1]`` than at
    ``sizes[0]`` (``args_for(n)`` gives its arguments at size n); None when it does not
    trace at both."""
    held = []
    for n in sizes:
        try:
            args = args_for(n)
            program = jax.make_jaxpr(fn)(*args)
        except Exception:  # noqa: BLE001 - an answer that fails to trace is the rule's to judge
            return None
        # a while loop's count is in no trace: such a program is run, and its work counted
        count = numbers_made(program, *args) if _has_while(program) else numbers_held(program)
        if count is None:
            return None
        held.append(count)
    return held[1] / max(held[0], 1)


def grows_quadratically(
    fn: Callable[..., Any], args_for: Callable[[int], tuple[Any, ...]], sizes: tuple[int, int]
) -> bool:
    """What ``fn``'s program holds grows at least three quarters as fast as n² from
    ``sizes[0]`` to ``sizes[1]``: n x n numbers, in one array or in pieces."""
    ratio = growth(fn, args_for, sizes)
    linear = sizes[1] / sizes[0]
    return ratio is not None and ratio >= linear**1.75
