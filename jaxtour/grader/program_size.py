"""How many numbers a traced program holds: its constants and every equation's outputs,
a scan's body once per step, nested programs entered (``growth`` compares two sizes of
it; ``key_uses.numbers_made`` counts a while loop's passes, which no trace shows)."""

from __future__ import annotations

from typing import Any

from jaxtour.grader.pristine import np


def _size(aval: Any) -> int:
    return int(np.prod(getattr(aval, "shape", ()), dtype=np.int64))


def inner_programs(eqn: Any) -> list[Any]:
    found = []
    for param in eqn.params.values():
        for item in param if isinstance(param, tuple | list) else (param,):
            inner = getattr(item, "jaxpr", item)  # a ClosedJaxpr holds its Jaxpr
            if hasattr(inner, "eqns"):
                found.append(item)
    return found


def numbers_held(program: Any) -> int:
    """How many numbers a traced program makes in all: its constants, every equation's
    outputs, each nested program's (a scan's body times its length)."""
    jaxpr = getattr(program, "jaxpr", program)
    total = sum(_size(np.shape(c)) for c in getattr(program, "consts", ()))
    total += sum(_size(var.aval) for var in jaxpr.constvars)
    for eqn in jaxpr.eqns:
        total += sum(_size(var.aval) for var in eqn.outvars)
        times = int(eqn.params.get("length", 1)) if eqn.primitive.name == "scan" else 1
        total += times * sum(numbers_held(inner) for inner in inner_programs(eqn))
    return total
