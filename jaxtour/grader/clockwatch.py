"""Which results the learner's code waited for before each of its clock reads.

An honest timing of JAX code reads the clock only after the work it times is done:
``jax.block_until_ready(out)``, ``out.block_until_ready()``, ``float(loss)`` and their
kin wait for a result; a dispatch alone does not. ``ClockWatch`` records, while the
learner's code runs, the results the grader's own step makes (``made``), every clock read
of the learner's code (``time.perf_counter`` and its kin, timeit's generated loop
included), and every wait it can see, and says which sides left a result unwaited for at
the read after it (``early``).

The judgement is what the code did, not what the device happened to finish: a result
that no wait followed before the next read is early however the machine was loaded (a
dispatching thread paused for longer than the work took finds the work done; judged by
readiness alone, the verdict changed with the load, issue 39's CI).

The waits it sees, and how surely:

- ``jax.block_until_ready(tree)`` and ``Array._value`` (``float``, ``item``, ``tolist``,
  ``print``, ``jax.device_get``): Python code of JAX's, seen by the profile hook with the
  arrays it waits for. A wait for one result covers every result made before it since
  the previous read: a device runs its programs in the order they were dispatched, so the
  idiom "loop, then wait for the last result" is honest.
- ``x.block_until_ready()`` and ``x.is_ready()``: methods in C++ that no hook sees. A line
  of the learner's code that names one (``sys.settrace``'s line events) is a wait for
  something; NumPy's conversions (``np.asarray`` reads the buffer in C) too. After such a
  wait, a result is judged by whether it is ready at the read: a wait on the result made
  it so whatever the load.
- A wait for an array the grader did not make (a sum of the results, say) that is still
  being computed when it is asked for counts as such a wait too; one already finished
  waited for nothing.
"""

from __future__ import annotations

import dis
import sys
import time
import types
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxtour.grader.isolation import graders_hook
from jaxtour.grader.mistakes import _library_code

# The clocks a timing reads
CLOCKS = (
    time.perf_counter,
    time.perf_counter_ns,
    time.monotonic,
    time.monotonic_ns,
    time.time,
    time.time_ns,
)
# C functions that wait for an array they read, with arguments no hook sees
_CONVERSIONS = (
    np.asarray,
    np.array,
    np.asanyarray,
    np.ascontiguousarray,
    np.from_dlpack,
    memoryview,
)
# Methods in C++ that wait, named on a line of the learner's code
WAIT_NAMES = frozenset({"block_until_ready", "is_ready"})

_OPEN, _WAITED, _MAYBE = "open", "waited", "maybe"


@dataclass(eq=False)  # compared by identity: its leaves are arrays
class _Result:
    side: str
    leaves: tuple[Any, ...]
    made_after: int  # the clock reads before it was made
    state: str = _OPEN


def _wait_codes() -> tuple[types.CodeType | None, types.CodeType | None]:
    """The code of jax.block_until_ready and of Array._value's getter (under JAX's
    profiler annotation), whose calls the profile hook sees."""
    from jax._src import api, array

    block = getattr(api.block_until_ready, "__code__", None)
    getter = array.ArrayImpl.__dict__.get("_value")
    fget = getattr(getter, "fget", None)
    while fget is not None and not hasattr(fget, "__code__"):
        fget = getattr(fget, "__wrapped__", None)
    inner = getattr(fget, "__wrapped__", fget)
    value = getattr(inner, "__code__", None)
    return block, value


def _lines_naming_waits(code: types.CodeType) -> frozenset[int]:
    """The lines of ``code`` that load an attribute in WAIT_NAMES."""
    lines: set[int] = set()
    line = None
    for instruction in dis.get_instructions(code):
        if instruction.starts_line is not None:
            line = instruction.starts_line
        if instruction.argval in WAIT_NAMES and instruction.opname in (
            "LOAD_METHOD",
            "LOAD_ATTR",
        ):
            if line is not None:
                lines.add(line)
    return frozenset(lines)


class ClockWatch:
    """Records, in order, the results ``made`` by the grader's step and the learner's
    clock reads (``events``: ``(side, leaves)`` and ``("read", seconds)``; other events a
    caller adds, such as ``("trace",)``, are kept in place), and the sides that left a
    result unwaited for at a read (``early``). A context: the hooks are the grader's
    inside and the world's again after."""

    current: ClockWatch | None = None

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []
        self.known: set[int] = set()  # ids of the leaves of the results made
        self.reads = 0
        self.early: set[str] = set()
        self.in_eager = 0  # for the caller's step: inside its eager body
        self._open: list[_Result] = []  # made since the last read
        self._by_leaf: dict[int, _Result] = {}
        self._mine: dict[Any, bool] = {}
        self._wait_lines: dict[Any, frozenset[int]] = {}
        self._in_wait_line: set[int] = set()  # frames running a line that names a wait
        self._clocks = {id(clock) for clock in CLOCKS}
        self._conversions = {id(f) for f in _CONVERSIONS}
        self._block, self._value = _wait_codes()
        self._profile_before: Any = None
        self._trace_before: Any = None
        self._hook: Any = None

    def __enter__(self) -> ClockWatch:
        ClockWatch.current = self
        self._profile_before = sys.getprofile()
        self._trace_before = sys.gettrace()
        sys.setprofile(self._profile)
        sys.settrace(self._trace)
        self._hook = graders_hook()
        self._hook.__enter__()  # the grader's own hooks: not taken for the learner's
        return self

    def __exit__(self, *exc: object) -> None:
        self._hook.__exit__(None, None, None)
        sys.settrace(self._trace_before)
        sys.setprofile(self._profile_before)
        ClockWatch.current = None
        self._open = []  # made after the last read: no timing ended after them

    def made(self, side: str, leaves: tuple[Any, ...]) -> None:
        """A result of the grader's step, of ``side`` ("eager", "jit")."""
        result = _Result(side, leaves, self.reads)
        self.events.append((side, leaves))
        self.known.update(id(leaf) for leaf in leaves)
        for leaf in leaves:
            self._by_leaf[id(leaf)] = result
        self._open.append(result)

    def _mine_code(self, code: Any) -> bool:
        mine = self._mine.get(code)
        if mine is None:
            mine = self._mine[code] = not _library_code(code)
        return mine

    def _profile(self, frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            code = frame.f_code
            if code is self._block:
                self._waited_for(frame.f_locals.get("x"))
            elif code is self._value:
                self._waited_for(frame.f_locals.get("self"))
            return
        if event != "c_call":
            return
        if id(arg) in self._clocks:
            if self._mine_code(frame.f_code):
                self._read()
        elif id(arg) in self._conversions:
            self._maybe()

    def _trace(self, frame: Any, event: str, arg: Any) -> Any:
        """sys.settrace's: lines of the learner's code that name a wait in C++."""
        if event != "call":
            return None
        code = frame.f_code
        lines = self._wait_lines.get(code)
        if lines is None:
            named = self._mine_code(code) and _lines_naming_waits(code)
            lines = self._wait_lines[code] = named or frozenset()
        return self._line if lines else None

    def _line(self, frame: Any, event: str, arg: Any) -> Any:
        key = id(frame)
        if key in self._in_wait_line:  # the line that named a wait has run
            self._in_wait_line.discard(key)
            self._maybe()
        if event == "line" and frame.f_lineno in self._wait_lines.get(frame.f_code, ()):
            self._in_wait_line.add(key)
        return self._line

    def _waited_for(self, tree: Any) -> None:
        """A wait seen with its arrays: a result of the step's covers it and every result
        made before it since the last read; an array of another's still computing is a
        wait for something (``_maybe``)."""
        import jax

        try:
            leaves = jax.tree_util.tree_leaves(tree)
        except Exception:  # an object of the learner's that will not flatten
            return
        for leaf in leaves:
            result = self._by_leaf.get(id(leaf))
            if result is not None and result in self._open:
                upto = self._open.index(result)
                for earlier in self._open[: upto + 1]:
                    earlier.state = _WAITED
            elif result is None and isinstance(leaf, jax.Array) and not _ready(leaf):
                self._maybe()

    def _maybe(self) -> None:
        for result in self._open:
            if result.state == _OPEN:
                result.state = _MAYBE

    def _read(self) -> None:
        """A clock read of the learner's code: each result made since the previous read
        (a result made before the first read starts no timing) was waited for, or was
        followed by a wait for something and is ready now, or its side read early."""
        self.reads += 1
        for result in self._open:
            if result.made_after < 1 or result.state == _WAITED:
                continue
            if result.state == _OPEN or not all(_ready(leaf) for leaf in result.leaves):
                self.early.add(result.side)
        self._open = []
        self.events.append(("read", time.perf_counter()))


def _ready(leaf: Any) -> bool:
    try:
        return bool(leaf.is_ready())
    except Exception:  # deleted (donated), or not an array of JAX's
        return True
