"""Whether any of a set of dicts was written to since they were last read, told without
reading their items: the cheap first question of every scan of the guarded namespaces.

CPython 3.11 to 3.13 give every dict a version tag (PEP 509, ``ma_version_tag``): a
number from one counter for the whole process, set anew by every write to the dict (an
item added, replaced by another object, deleted; ``update``, ``clear``, ``pop``, a
module's or a class's attribute set). Two equal readings of a dict's tag therefore mean
that no item of it was replaced in between. Python does not expose the tag: it is read
from the dict object's memory, the field after ``ma_used``, and only where ``available``:
where a probe at import finds the field there and behaving so (Python 3.14 dropped the
tag: its field no longer changes on a write; a debug or free-threaded build lays the
object out otherwise). Elsewhere every scan reads the items, as it always did.

Only ever a fast path to "unchanged": a reading that differs says nothing, and the caller
then reads the items themselves.
"""

from __future__ import annotations

import ctypes
import gc
import sys
import types
from collections.abc import Iterable
from operator import attrgetter
from typing import Any

__all__ = ["Tags", "available", "dict_of"]

# ob_refcnt, ob_type, ma_used, then ma_version_tag (Include/cpython/dictobject.h).
_OFFSET = 3 * ctypes.sizeof(ctypes.c_ssize_t)
_value = attrgetter("value")


def _tag_cell(mapping: dict[Any, Any]) -> ctypes.c_uint64:
    """A view of ``mapping``'s version tag (valid while ``mapping`` lives)."""
    return ctypes.c_uint64.from_address(id(mapping) + _OFFSET)


def _probe() -> bool:
    """Whether the tag is where it is expected and changes with every kind of write."""
    if sys.implementation.name != "cpython" or not (3, 11) <= sys.version_info[:2] < (3, 14):
        return False
    if hasattr(sys, "gettotalrefcount") or not getattr(sys, "_is_gil_enabled", lambda: True)():
        return False  # a debug build (two more pointers in the header), or free-threaded
    try:
        plain: dict[Any, Any] = {}
        used = ctypes.c_ssize_t.from_address(id(plain) + _OFFSET - ctypes.sizeof(ctypes.c_ssize_t))
        module = types.ModuleType("jaxtour_probe")
        cls = type("Probe", (), {})
        class_dict = dict_of(cls.__dict__)
        writes = (
            lambda: plain.__setitem__("a", object()),
            lambda: plain.__setitem__("a", object()),  # replaced by another object
            lambda: plain.update(b=1),
            lambda: plain.pop("b"),
            lambda: plain.setdefault("c", 2),
            lambda: plain.__delitem__("a"),
            lambda: plain.clear(),
        )
        for write in writes:
            before = _tag_cell(plain).value
            write()
            if _tag_cell(plain).value == before or used.value != len(plain):
                return False
        for mapping, write in (
            (vars(module), lambda: setattr(module, "x", object())),
            (vars(module), lambda: delattr(module, "x")),
            (class_dict, lambda: setattr(cls, "x", object())),
            (class_dict, lambda: type.__setattr__(cls, "x", object())),
            (class_dict, lambda: delattr(cls, "x")),
        ):
            before = _tag_cell(mapping).value
            write()
            if _tag_cell(mapping).value == before:
                return False
        before = _tag_cell(plain).value
        plain.get("a"), len(plain), list(plain.items())  # reads change nothing
        return _tag_cell(plain).value == before
    except Exception:  # noqa: BLE001 - any surprise: no fast path
        return False


def dict_of(namespace: Any) -> dict[Any, Any] | None:
    """The dict itself: ``namespace`` when it is one, the dict a class's ``mappingproxy``
    wraps, else None."""
    if type(namespace) is dict:
        return namespace
    if type(namespace) is types.MappingProxyType:
        inner = gc.get_referents(namespace)
        if len(inner) == 1 and type(inner[0]) is dict:
            return inner[0]
    return None


class Tags:
    """The version tags of a fixed sequence of dicts, read together (``now``)."""

    def __init__(self, dicts: Iterable[dict[Any, Any]]) -> None:
        self.dicts = tuple(dicts)  # kept alive: the cells read their memory
        self._cells = tuple(_tag_cell(mapping) for mapping in self.dicts)

    def now(self) -> tuple[int, ...]:
        """Every dict's tag now: equal to an earlier reading only if none was written to."""
        return tuple(map(_value, self._cells))

    @classmethod
    def of(cls, namespaces: Iterable[Any]) -> Tags | None:
        """Tags of ``namespaces`` (dicts or classes' mappingproxies), or None where the tag
        cannot be read (not ``available``, or one is neither)."""
        if not available:
            return None
        dicts = [dict_of(namespace) for namespace in namespaces]
        if any(mapping is None for mapping in dicts):
            return None
        return cls(dicts)  # type: ignore[arg-type]


available = _probe()
