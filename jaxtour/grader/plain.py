"""Answers taken apart by their exact built-in types, never through the answer's methods.

``plain(answer)`` is what every rule sees: containers rebuilt with the built-in types'
own functions (``dict.items(x)``, ``list.copy(x)``, ``tuple.__getitem__``), numbers and
strings read with ``float.__float__``, ``int.__index__``, ``str.__str__``, NumPy arrays
as read-only base-class views. A subclass's ``items()``, ``__iter__``, ``__float__`` or
``__array__`` is therefore never called, so it cannot lie or act (patch the clock, rebind
NumPy). Where no honest reading exists (a jax.Array subclass that is no real array, a
NumPy scalar subclass), the answer is refused with a plain message. Nesting is bounded
and cycles are refused, so no answer can exhaust the interpreter's recursion budget.
A learner's function (a plain ``def`` or lambda, or a bound method) is handed on wrapped
so that whatever it returns comes back through ``plain`` too, for the rule and for every
mistake's predicate alike; jitted functions, classes and other objects pass unchanged.
"""

from __future__ import annotations

import collections
import functools
import sys
import types
from typing import Any

from jaxtour.grader.limits import called_learner
from jaxtour.grader.pristine import np
from jaxtour.i18n import _

__all__ = ["MAX_DEPTH", "NotPlain", "plain"]

MAX_DEPTH = 64  # no exercise asks for a pytree nested anywhere near this deep


class NotPlain(Exception):
    """The answer cannot be read honestly; ``str(error)`` says why, to the learner."""


_ATOMS = (type(None), bool, int, float, complex, str, bytes, type(Ellipsis))


def _numpy_scalar_types() -> frozenset[type]:
    return frozenset(t for t in np.sctypeDict.values() if isinstance(t, type))


_NUMPY_SCALARS = _numpy_scalar_types()


_array_type: list[type] = []  # the type of the arrays JAX makes, found once


def _jax_array_type() -> type | None:
    if not _array_type:
        try:
            from jax._src.array import ArrayImpl

            _array_type.append(ArrayImpl)
        except Exception:
            return None
    return _array_type[0]


def _named(kind: type) -> str:
    return f"{getattr(kind, '__module__', '?')}.{getattr(kind, '__qualname__', '?')}"


def plain(answer: Any) -> Any:
    """``answer`` rebuilt from exact built-in types; raises NotPlain when it cannot be."""
    return _plain(answer, 0, set())


def _plain(value: Any, depth: int, path: set[int]) -> Any:
    kind = type(value)
    if kind in _ATOMS or kind in _NUMPY_SCALARS:
        return value
    if depth > MAX_DEPTH:
        raise NotPlain(
            _(
                "It is nested more than {depth} levels deep (lists inside lists ...); no "
                "exercise asks for that. Look for a list that is appended to itself or built "
                "recursively."
            ).format(depth=MAX_DEPTH)
        )
    if id(value) in path:
        raise NotPlain(
            _(
                "It contains itself (a {kind} that holds a reference to itself, as after "
                "a.append(a)), so it has no value to check."
            ).format(kind=kind.__name__)
        )
    for atom in (bool, int, float, complex, str, bytes):  # their subclasses, read plainly
        if issubclass(kind, atom):
            return _atom(value, atom)
    if issubclass(kind, np.generic):
        raise NotPlain(
            _(
                "It is a {kind}, a subclass of a NumPy scalar type; give a plain number or a "
                "NumPy/jax array instead."
            ).format(kind=_named(kind))
        )
    if issubclass(kind, np.ndarray):
        view = np.ndarray.view(value, np.ndarray)  # no subclass hook runs
        view.flags.writeable = False
        return view
    inner = path | {id(value)}
    if issubclass(kind, dict):
        items = [
            (_plain(k, depth + 1, inner), _plain(v, depth + 1, inner)) for k, v in dict.items(value)
        ]
        if kind is collections.OrderedDict:  # the standard library's own, exactly
            return collections.OrderedDict(items)
        if kind is collections.defaultdict:
            return collections.defaultdict(None, items)
        return dict(items)
    if issubclass(kind, list):
        return [_plain(item, depth + 1, inner) for item in list.copy(value)]
    if issubclass(kind, tuple):
        items = [_plain(item, depth + 1, inner) for item in tuple.__getitem__(value, slice(None))]
        if kind is not tuple and isinstance(getattr(kind, "_fields", None), tuple):
            return tuple.__new__(kind, items)  # a namedtuple keeps its fields, not its methods
        return tuple(items)
    if issubclass(kind, set | frozenset):
        mutable = issubclass(kind, set)
        members = set.copy(value) if mutable else frozenset.copy(value)
        items = [_plain(item, depth + 1, inner) for item in members]
        return set(items) if mutable else frozenset(items)
    if kind is types.FunctionType or kind is types.MethodType:
        return _returning_plain(value)
    jax = sys.modules.get("jax")
    if jax is not None and issubclass(kind, jax.Array) and kind is not _jax_array_type():
        if issubclass(kind, jax.core.Tracer):
            return value  # screened: a leaked tracer gets its own message
        raise NotPlain(
            _(
                "It is a {kind}, which calls itself a jax array but is not one that JAX made. "
                "Give the array jnp built (jnp.asarray(...) of your values)."
            ).format(kind=_named(kind))
        )
    return value


def _returning_plain(fn: Any) -> Any:
    """``fn``, whose results are read through ``plain`` (a cycle never reaches JAX)."""
    if getattr(fn, "__jaxtour_plain__", False):
        return fn

    @functools.wraps(fn)
    def read_plainly(*args: Any, **kwargs: Any) -> Any:
        called_learner()  # what a stopped check says: how often the grader called it
        return plain(fn(*args, **kwargs))

    read_plainly.__jaxtour_plain__ = True  # type: ignore[attr-defined]
    return read_plainly


def _atom(value: Any, atom: type) -> Any:
    if atom is bool:
        return bool(int.__index__(value))
    if atom is int:
        return int.__index__(value)
    if atom is float:
        return float.__float__(value)
    if atom is complex:
        return complex(complex.real.__get__(value), complex.imag.__get__(value))
    if atom is str:
        return str.__str__(value)
    return bytes.__getitem__(value, slice(None))
