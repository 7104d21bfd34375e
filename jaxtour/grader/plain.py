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
import weakref
from typing import Any

from jaxtour.grader.isolation import back_from_learner, room, room_changed
from jaxtour.grader.limits import called_learner
from jaxtour.grader.pristine import np
from jaxtour.i18n import _

__all__ = ["MAX_DEPTH", "NotPlain", "is_wrapper", "plain"]

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
    if _claims_another_class(kind):
        raise NotPlain(
            _(
                "It is a {kind} whose __class__ claims another type; isinstance would believe "
                "it, jaxtour does not. Give a value of the type the exercise asks for."
            ).format(kind=_named(kind))
        )
    return value


def _claims_another_class(kind: type) -> bool:
    """Whether ``kind`` (or a base but ``object``) defines ``__class__``, which makes
    ``isinstance`` report whatever it returns. Read from the classes' own dicts: nothing
    of the object runs."""
    return any("__class__" in vars(base) for base in kind.__mro__[:-1])


def _returning_plain(fn: Any) -> Any:
    """``fn``, whose results are read through ``plain`` (a cycle never reaches JAX).

    A plain function gets the same wrapper on every check while it and what it reads are
    unchanged (``_reads``): the grader's own ``jax.jit`` of it, and the rules' memos of
    it, are then reused by the next check instead of tracing and compiling again. A
    function redefined, or one whose globals, closure or defaults were rebound (or a
    small container or array among them changed in place), gets a new wrapper, so
    nothing computed from the old one is reused.
    """
    if type(fn) is types.FunctionType and fn in _ours:
        return fn
    if type(fn) is not types.FunctionType:  # a bound method: hashing it runs its __self__'s
        return _wrapped(fn)
    reads = [_weakly(part) for part in _reads(fn)]
    config = _jax_config()
    held = _wrappers.pop(id(fn), None)
    if held is not None and held[0] is fn and _same(held[1], reads) and held[3] == config:
        wrapper = held[2]
    else:
        wrapper = _wrapped(fn)
    _wrappers[id(fn)] = (fn, reads, wrapper, config)  # the most recent last
    while len(_wrappers) > _MAX_WRAPPERS:
        _wrappers.pop(next(iter(_wrappers)))
    return wrapper


# The wrappers of the last learner functions checked, by id, each with the function (so
# the id is not reused), what it read and JAX's configuration when it was made. Room for
# every function exercise of the tour: a learner who comes back to an exercise after
# checking others keeps what was compiled for it (with 16, the reference answers checked
# in turn, as benchmarks.run does, had warm checks of 09.two_views at 828 ms).
_MAX_WRAPPERS = 64
_wrappers: dict[int, tuple[Any, list[Any], Any, Any]] = {}


def _jax_config() -> dict[str, Any] | None:
    """JAX's settings (x64, matmul precision, ...): what is computed from a function under
    one setting is not reused under another."""
    jax = sys.modules.get("jax")
    try:
        return dict(jax.config.values) if jax is not None else None
    except Exception:
        return None


_getlimit, _setlimit = sys.getrecursionlimit, sys.setrecursionlimit  # names taken at import
_ours: weakref.WeakSet = weakref.WeakSet()  # the wrappers themselves: never wrapped again


def is_wrapper(fn: Any) -> bool:
    """Whether ``fn`` is plain's own wrapper of a learner function: one object for as long
    as the function and what it reads are unchanged, so what is computed from it (a jit,
    a gradient) may be kept for it."""
    return type(fn) is types.FunctionType and fn in _ours


def _wrapped(fn: Any) -> Any:
    @functools.wraps(fn)
    def read_plainly(*args: Any, **kwargs: Any) -> Any:
        called_learner()  # what a stopped check says: how often the grader called it
        try:
            value = fn(*args, **kwargs)
        except Exception:
            if room and _getlimit() != room[-1]:  # builtins only (learner_code.raw_call)
                _setlimit(room[-1]), room_changed.append(1)
            back_from_learner()
            raise
        except BaseException:  # a stop, an interrupt: on its way out of the check
            if room and _getlimit() != room[-1]:
                _setlimit(room[-1]), room_changed.append(1)
            back_from_learner(returned=False)
            raise
        if room and _getlimit() != room[-1]:
            _setlimit(room[-1]), room_changed.append(1)
        back_from_learner()
        return plain(value)

    read_plainly.__jaxtour_plain__ = True  # type: ignore[attr-defined]
    _ours.add(read_plainly)
    return read_plainly


_READS_DEPTH = 4  # helpers of helpers of ...: deeper, a function counts as changed
_SMALL = 4096  # containers and arrays up to this size are read in full (by identity, bytes)


def _reads(fn: Any, depth: int = 0, seen: set[int] | None = None) -> list[Any]:
    """What ``fn`` depends on, as objects compared by identity: its code, defaults,
    closure cells and the globals its code names, with the helper functions among them
    read the same way, and the contents of small containers and arrays."""
    seen = set() if seen is None else seen
    if depth > _READS_DEPTH:
        return [object()]  # never the same as before
    seen.add(id(fn))
    code = fn.__code__
    parts: list[Any] = [code, fn.__defaults__]
    parts += _contents(fn.__kwdefaults__, depth, seen)
    for cell in fn.__closure__ or ():
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            value = _MISSING_CELL
        parts += _contents(value, depth, seen)
    namespace = fn.__globals__
    for name in _names(code):
        parts += _contents(dict.get(namespace, name, _MISSING_CELL), depth, seen)
    return parts


_MISSING_CELL = object()


def _names(code: types.CodeType) -> list[str]:
    """The global (and attribute) names a code object and its nested functions use."""
    names = list(code.co_names)
    for const in code.co_consts:
        if type(const) is types.CodeType:
            names += _names(const)
    return names


def _contents(value: Any, depth: int, seen: set[int]) -> list[Any]:
    kind = type(value)
    if kind is types.FunctionType:
        return [value] if id(value) in seen else [value, *_reads(value, depth + 1, seen)]
    if kind in (dict, list, tuple):
        if depth > _READS_DEPTH or id(value) in seen:
            return [value]
        seen.add(id(value))
        items = list(dict.values(value)) if kind is dict else list(value)
        if len(items) > _SMALL:
            return [value, object()]
        parts = [value, *(dict.keys(value) if kind is dict else ())]
        for item in items:
            parts += _contents(item, depth + 1, seen)
        return parts
    if kind is np.ndarray:
        if value.size > _SMALL or value.dtype.hasobject:
            return [value, object()]
        return [value, np.ndarray.tobytes(value)]
    return [value]


def _weakly(part: Any) -> Any:
    """A part as it is kept between checks: by a weak reference where it allows one, so a
    reading never keeps a big array (or anything else) alive that the notebook dropped."""
    if type(part) is bytes:
        return part
    try:
        return weakref.ref(part)
    except TypeError:  # ints, strings, tuples: kept (they are small, or hold what is)
        return part


def _same(before: list[Any], now: list[Any]) -> bool:
    """Whether two readings are one: every part the same object (bytes: equal)."""
    if len(before) != len(now):
        return False
    for a, b in zip(before, now, strict=True):
        if a is b:
            continue
        if type(a) is bytes and type(b) is bytes and a == b:
            continue
        if type(a) is weakref.ref and type(b) is weakref.ref:
            was = a()
            if was is not None and was is b():
                continue
        return False
    return True


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
