"""Exercises for lessons/14_many_hosts.ipynb: what each process sees, what a dead process
does, which rows a process passes, and a weighted mean across processes.

Two predictions are letters; 14.fix_rows is a function of plain arguments, judged in the
kernel. 14.global_mean runs the learner's function where it must run: in two fresh JAX
processes started by ``jaxtour.hosts.run`` (a few seconds). Its rule looks at the
function's code first and launches only for a function that can run there; each distinct
function is run once per kernel (``_RUNS``), on values and weights drawn for that run, and
its declared mistakes read that run.

What makes a right answer one that went through JAX (issue 35): each process gets only
its own values (on its stdin, never in arguments, environment or files), new at every run
and never printed; the grader's code in the worker (``WORKER``) runs the function with an
audit hook that refuses files, sockets and other processes, and signs each report with a
per-process key. What it cannot stop: code that walks the worker's frames to the key (as
in the kernel, CONTRIBUTING), or reaches JAX's coordination service through private
modules by a name built at run time (``_private_name`` reads only the source).
"""

from __future__ import annotations

import ast
import hashlib
import hmac
import inspect
import json
import math
import secrets
import tempfile
import textwrap
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from jaxtour import hosts
from jaxtour.grader.compare import describe
from jaxtour.grader.learner_code import call_learner
from jaxtour.grader.rules import Choice
from jaxtour.grader.spec import Exercise, Mistake, Variants
from jaxtour.i18n import N_, _

# --- 14.predict_view ----------------------------------------------------------------------

VIEW_TEXTS = (
    "holds [4. 5. 6. 7.], sum 22.0: a sum runs on this process's own devices only",
    "holds [4. 5. 6. 7.], sum 28.0: each device sums its own shard, and those 8 partial sums "
    "are added up across the processes",
    "holds [4. 5. 6. 7.], sum 28.0: the other process's 4 values are first copied to every "
    "device, which then sums all 8",
    "holds [0. 1. 2. 3. 4. 5. 6. 7.], sum 28.0: each process holds the whole array",
    "holds [4. 5. 6. 7.], no sum: jnp.sum(x) raises, x has shards process 1 cannot reach",
)

# --- 14.predict_death ---------------------------------------------------------------------

# Asked for a real cluster, with JAX's default timeouts (300 s, 100 s, 300 s). The reveal runs
# crash.py with its heartbeat timeout raised to the launcher's shutdown timeout, both 10 s: it
# shows that JAX ends process 0, later than at once, but its time cannot tell E (heartbeat)
# from F (shutdown), so the choice for the defaults needs what each timeout bounds (a
# held-out reader settled the earlier version, 4 s of heartbeat, by matching the time).
DEATH_OPTIONS = ("A", "B", "C", "D", "E", "F")
DEATH_TEXTS = (
    ('the second sum raises an exception: process 0 prints "caught ..." and "process 0 done"'),
    ('the second sum runs on process 0\'s own 4 devices: it prints 8.0, then "process 0 done"'),
    "the second sum waits for process 1 for ever, until the launcher kills process 0",
    (
        "JAX ends process 0, with no exception and nothing more printed, at once: the second "
        "sum finds its connection to process 1 closed"
    ),
    (
        "JAX ends process 0, with no exception and nothing more printed, about 100 s after "
        "the death: the distributed service stops hearing process 1's heartbeats, waits out "
        "the heartbeat timeout, then ends every other process"
    ),
    (
        "JAX ends process 0, with no exception and nothing more printed, about 300 s after "
        "the death: the second sum waits for process 1 until the shutdown timeout runs out"
    ),
)

# --- 14.fix_rows --------------------------------------------------------------------------


# The mesh's device order varies per learner (issue 38): the page's mesh puts process 0's
# devices first (variant 0, as jax.make_mesh does), a variant's sorts them another way, so
# a process's block is where its devices sit in the mesh, not its number. "position" is
# that place as an expression of the function's arguments (the hints and the solution).
ORDER_VARIANTS = Variants(
    default={
        "order": "process",
        "key": "d.process_index",
        "position": "process_index",
        "sequence": "0, 1, 2, 3",
    },
    draw=lambda rng: dict(
        rng.choice(
            (
                {
                    "order": "reversed",
                    "key": "-d.process_index",
                    "position": "process_count - 1 - process_index",
                    "sequence": "3, 2, 1, 0",
                },
                {
                    "order": "rotated",
                    "key": "(d.process_index - 1) % jax.process_count()",
                    "position": "(process_index - 1) % process_count",
                    "sequence": "1, 2, 3, 0",
                },
            )
        )
    ),
    shown='Your mesh: Mesh(np.array(sorted(jax.devices(), key=lambda d: {key})), ("batch",)). '
    "With 4 processes, its devices are those of processes {sequence}, in that order.",
)
_POSITIONS = {
    "process": lambda index, count: index,
    "reversed": lambda index, count: count - 1 - index,
    "rotated": lambda index, count: (index - 1) % count,
}


def _position(index: int, count: int, order: str | None = None) -> int:
    """Where process ``index``'s devices sit in the mesh of the learner's variant (or of
    ``order``), counted in blocks."""
    order = order or ORDER_VARIANTS.current("14.fix_rows")["order"]
    return _POSITIONS[order](index, count)


def contiguous_rows(data, process_index, process_count):
    per_process = len(data) // process_count
    start = _position(process_index, process_count) * per_process
    return data[start : start + per_process]


def _other_order(data, process_index, process_count):
    """The blocks in another mesh's order: the page's for a variant, reversed for the page."""
    order = "reversed" if ORDER_VARIANTS.current("14.fix_rows")["order"] == "process" else "process"
    per_process = len(data) // process_count
    start = _position(process_index, process_count, order) * per_process
    return data[start : start + per_process]


def _blocks_in_another_order(answer: Any) -> bool:
    """Every process gets one whole block of data, each block goes to one process, and the
    order is not the mesh's: the blocks placed by process number, say, in a mesh sorted
    otherwise."""
    if not callable(answer):
        return False
    wrong_somewhere = False
    for rows, features, count in ROW_CASES:
        data = _case_data(rows, features)
        blocks = np.split(data, count)
        taken = []
        for index in range(count):
            try:
                got = np.asarray(call_learner(answer, (data.copy(), index, count)))
            except Exception:
                return False
            found = [
                j
                for j, block in enumerate(blocks)
                if got.shape == block.shape and np.array_equal(got, block)
            ]
            if not found:
                return False
            taken.append(found[0])
            wrong_somewhere = wrong_somewhere or found[0] != _position(index, count)
        if sorted(taken) != list(range(count)):
            return False
    return wrong_somewhere


def _strided(data, process_index, process_count):  # the lesson's bug
    return data[process_index::process_count]


def _flattened(data, process_index, process_count):  # training worker's 1-D reshape, on 2-D
    return data.reshape(process_count, -1)[process_index]


def _two_axes_only(data, process_index, process_count):  # round 18: a row's shape read
    blocks = data.reshape(process_count, -1, data.shape[-1])  # as (features,)
    return blocks[_position(process_index, process_count)]


def _fails_on_one_axis(answer: Any) -> bool:
    """Round 18: the right rows of every 2-D case, and an error on the 1-D one: the code
    counts on a second axis (a reshape to data.shape[-1] features, data.shape[1])."""
    if not callable(answer):
        return False
    for rows, features, count in ROW_CASES:
        data = _case_data(rows, features)
        for index in range(count):
            try:
                got = np.asarray(answer(data.copy(), index, count))
            except Exception:
                if features is None:
                    return True
                return False
            if features is None:
                return False
            want = np.asarray(contiguous_rows(data, index, count))
            if got.shape != want.shape or not np.array_equal(got, want):
                return False
    return False


def _one_based(data, process_index, process_count):  # positions counted from 1
    per_process = len(data) // process_count
    position = _position(process_index, process_count) + 1
    return data[position * per_process : (position + 1) * per_process]


def _columns(data, process_index, process_count):
    return np.split(data, process_count, axis=-1)[process_index]


def _splits_columns(answer: Any) -> bool:
    """Each process gets its block of the last axis, the features, on data whose feature
    count every process count divides (elsewhere np.split along it raises)."""
    if not callable(answer):
        return False
    data = _case_data(12, 6)
    for count in (2, 3):
        for index in range(count):
            try:
                got = np.asarray(answer(data.copy(), index, count))
            except Exception:
                return False
            if not np.array_equal(got, _columns(data, index, count)):
                return False
    return True


def _whole(data, process_index, process_count):
    return data


def _lesson_size(data, process_index, process_count):
    return data[process_index * 32 : (process_index + 1) * 32]


def _stop_is_size(data, process_index, process_count):
    per_process = len(data) // process_count
    return data[_position(process_index, process_count) * per_process : per_process]


def _all_blocks(data, process_index, process_count):
    return np.split(data, process_count)


ROW_CASES = ((12, 3, 2), (12, 3, 3), (12, 3, 4), (8, None, 4))  # rows, features, processes


def _case_data(rows: int, features: int | None) -> np.ndarray:
    shape = (rows,) if features is None else (rows, features)
    return np.arange(math.prod(shape), dtype=np.float32).reshape(shape)


def _row_numbers(data: np.ndarray, block: np.ndarray) -> list[int] | None:
    """Which rows of ``data`` ``block`` holds, in order; None when they are not rows of it."""
    if block.ndim != data.ndim or block.shape[1:] != data.shape[1:]:
        return None
    found = []
    for row in block:
        matches = [i for i in range(len(data)) if np.array_equal(data[i], row)]
        if not matches:
            return None
        found.append(matches[0])
    return found


def _rows_text(numbers: list[int]) -> str:
    if not numbers:
        return _("no rows")
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"rows {numbers[0]}:{numbers[-1] + 1}"
    return "rows " + ", ".join(map(str, numbers))


def _ranges(numbers: list[int]) -> str:
    """Row numbers as runs: [0, 1, 2, 5] -> "0:3, 5"."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}:{r[-1] + 1}" if len(r) > 1 else str(r[0]) for r in runs)


def _rows_phrase(numbers: list[int]) -> str:
    if len(numbers) == 1:
        return _("row {number}").format(number=numbers[0])
    return _("rows {ranges}").format(ranges=_ranges(numbers))


def _what_each_process_gets(answer: Any, data: np.ndarray, count: int) -> str:
    """What the answer gives every process on one case, and why those blocks, placed one
    after the other in process order as the global array places them, are not data: rows
    no process gets, rows two get, or blocks out of order. It never says which rows a
    process should get."""
    blocks = []
    for index in range(count):
        numbers = _row_numbers(data, np.asarray(call_learner(answer, (data.copy(), index, count))))
        blocks.append(numbers or [])
    gets = "; ".join(
        _("process {index} {rows}").format(index=index, rows=_rows_text(numbers))
        for index, numbers in enumerate(blocks)
    )
    seen = [n for numbers in blocks for n in numbers]
    missing = [n for n in range(len(data)) if n not in seen]
    doubled = sorted({n for n in seen if seen.count(n) > 1})
    why = []
    if missing:
        why.append(_("no process gets {rows}").format(rows=_rows_phrase(missing)))
    if doubled:
        why.append(_("more than one process gets {rows}").format(rows=_rows_phrase(doubled)))
    if not why:
        if any(numbers != sorted(numbers) for numbers in blocks):
            why.append(_("a process's rows are not in data's order"))
        else:
            why.append(_("a process's rows are not one run of data's rows"))
    return _(
        "With {count} processes and data of shape {shape}, your function gives {gets}. "
        "Then {why}: the global array, the processes' blocks one after the other in the "
        "order of the mesh's devices, would not be data, row for row."
    ).format(count=count, shape=data.shape, gets=gets, why=_(" and ").join(why))


@dataclass(frozen=True)
class SameRows:
    """The answer, a function (data, process_index, process_count) -> rows, gives each
    process the expected rows on arrays and process counts other than the lesson's."""

    def __call__(self, answer: Any, expected: Any) -> str | None:
        if not callable(answer):
            return _(
                "Expected a function local_rows(data, process_index, process_count), "
                "but this is {what}."
            ).format(what=describe(answer))
        for rows, features, count in ROW_CASES:
            data = _case_data(rows, features)
            for index in range(count):
                got = call_learner(answer, (data.copy(), index, count))
                wanted = expected(data, index, count)
                want = np.asarray(wanted)
                where = _(
                    "With {count} processes and data of shape {shape}, process {index}"
                ).format(count=count, shape=data.shape, index=index)
                if got is None:
                    return _("Your function returns None: did you forget the return?")
                # a pytree to make_array_from_process_local_data (unless a mistake's is one)
                if isinstance(got, (list, tuple)) and not isinstance(wanted, (list, tuple)):
                    return _(
                        "{where} gets a Python {kind} of {count} items, not one array of rows. "
                        "make_array_from_process_local_data reads a {kind} as a pytree: it "
                        "would shard each item as an array of its own, and make no global "
                        "array of data's rows."
                    ).format(where=where, kind=type(got).__name__, count=len(got))
                try:
                    block = np.asarray(got)
                except Exception:
                    return _("{where} gets {what}, not an array of rows.").format(
                        where=where, what=describe(got)
                    )
                if block.dtype == object:
                    return _("{where} gets {what}, not an array of rows.").format(
                        where=where, what=describe(got)
                    )
                if block.shape == want.shape and np.array_equal(block, want):
                    continue
                numbers = _row_numbers(data, block)
                if numbers is None:
                    return _(
                        "{where} gets an array of shape {shape}, which is not rows of data "
                        "(each row of data has shape {row_shape})."
                    ).format(where=where, shape=block.shape, row_shape=data.shape[1:])
                return _what_each_process_gets(answer, data, count)
        return None


# --- 14.global_mean -----------------------------------------------------------------------

# Each check that runs a function draws new values and weights (values 0.00 to 9.99, weights
# 1 to 4), never shown, so that no answer can be typed in (a guessed number is right about
# once in ten thousand checks), and a new number of them for each process: two different
# counts, neither a multiple of the process's 4 devices, so that the processes' values
# cannot be joined into one global array as they are (make_array_from_process_local_data
# splits each process's part evenly over its devices) and each process's own mean counts
# for its own share. They are drawn again until each wrong way this exercise names gives
# its own number (the plain mean, each process's own weighted mean, their average, the
# weighted sum, over the count of values, over the sum of the values, over one process's
# weights).
DEVICES_PER_PROCESS = 4
COUNTS = (1, 2, 3, 5, 6, 7)  # values per process: none a multiple of DEVICES_PER_PROCESS
# the most padded entries of weight 1 that _padding_weighed reads as padding: padding both
# processes up to DEVICES_PER_PROCESS times the longest count adds fewer than this
PADDING_COUNTED_AT_MOST = 2 * DEVICES_PER_PROCESS * max(COUNTS)
RUN_TIMEOUT_S = 90.0  # hosts.run's limit; the exercise's own limit is above it

# hosts.run and hosts.ended as this module found them when it was imported: a notebook
# (or an answer's code, mid-check) that rebinds jaxtour.hosts.run later changes nothing
# here; hosts.py binds subprocess.Popen the same way.
_launch = hosts.run
_ended = hosts.ended
_workers_unavailable = hosts.workers_unavailable


@dataclass(frozen=True)
class Data:
    """One run's values and weights: row p is process p's own (the rows differ in length)."""

    values: tuple[tuple[float, ...], ...]
    weights: tuple[tuple[float, ...], ...]

    def _all(self) -> tuple[np.ndarray, np.ndarray]:
        return np.concatenate(self.values), np.concatenate(self.weights)

    def count(self) -> int:
        return sum(map(len, self.values))

    def weighted_sum(self) -> float:
        values, weights = self._all()
        return float(np.sum(values * weights))

    def mean(self) -> float:
        return self.weighted_sum() / float(np.sum(self._all()[1]))

    def unweighted(self) -> float:
        return float(np.mean(self._all()[0]))

    def local_means(self) -> tuple[float, ...]:
        return tuple(
            float(np.average(v, weights=w)) for v, w in zip(self.values, self.weights, strict=True)
        )

    def mean_of_means(self) -> float:
        return float(np.mean(self.local_means()))

    def sum_of_means(self) -> float:
        return float(np.sum(self.local_means()))

    def over_local_weights(self) -> tuple[float, ...]:
        return tuple(self.weighted_sum() / float(np.sum(w)) for w in self.weights)

    def over_count(self) -> float:
        return self.weighted_sum() / self.count()

    def over_value_sum(self) -> float:
        return self.weighted_sum() / float(np.sum(self._all()[0]))

    def inverted(self) -> float:  # round 21: the sum of the weights over the weighted sum
        return float(np.sum(self._all()[1])) / self.weighted_sum()

    def means_by_count(self) -> float:  # round 21: own means, each counted by its values
        counts = [len(v) for v in self.values]
        return float(np.dot(self.local_means(), counts)) / sum(counts)

    def edge_padded(self) -> float:
        """Round 21: each part padded to one length, a multiple of DEVICES_PER_PROCESS, by
        repeating its last value and weight: the weighted mean with the copies counted."""
        size = -(-max(map(len, self.values)) // DEVICES_PER_PROCESS) * DEVICES_PER_PROCESS
        values = np.concatenate([np.pad(v, (0, size - len(v)), mode="edge") for v in self.values])
        weights = np.concatenate([np.pad(w, (0, size - len(w)), mode="edge") for w in self.weights])
        return float(np.sum(values * weights) / np.sum(weights))

    def telling(self) -> bool:
        """Every number a named mistake gives differs from every other, and the right one."""
        numbers = [
            self.mean(),
            self.unweighted(),
            *self.local_means(),
            self.mean_of_means(),
            self.weighted_sum(),
            self.over_count(),
            self.over_value_sum(),
            *self.over_local_weights(),
            self.inverted(),
            self.means_by_count(),
            self.edge_padded(),
        ]
        return all(
            not math.isclose(a, b, rel_tol=1e-3, abs_tol=1e-3)
            for i, a in enumerate(numbers)
            for b in numbers[i + 1 :]
        )


def fresh_data() -> Data:
    """New values and weights from the operating system's randomness, none of it shown:
    two different counts from COUNTS, one per process."""
    rng = np.random.default_rng(secrets.randbits(128))
    while True:
        counts = rng.choice(COUNTS, size=2, replace=False)
        values = [rng.integers(0, 1000, size=n) / 100 for n in counts]
        weights = [rng.integers(1, 5, size=n) for n in counts]
        data = Data(
            tuple(tuple(map(float, row)) for row in values),
            tuple(tuple(map(float, row)) for row in weights),
        )
        if data.telling():
            return data


# The grader's own code in each worker process. It reads what the kernel sent it on its
# stdin (this process's values and weights, a key, the functions to run) and closes
# it, before JAX starts: no process's values are in its arguments, environment or files,
# and by the time any function runs (after jax.distributed.initialize, which waits for
# every process) both processes have read theirs. While the learner's functions run, an
# audit hook (permanent: Python cannot remove one) refuses every way out of JAX that two
# processes could share values through: writing files, sockets, other processes, ctypes.
# So a process can learn the other's values only through JAX: a right mean is one that
# went across the processes. Each report is signed with this process's key (HMAC): a
# line the function prints itself, or a process that exits, reports nothing.
WORKER = """\
\"\"\"jaxtour's check of 14.global_mean, in one worker process.\"\"\"

OUT_OF_JAX = {
    "files": ("os.rename", "os.replace", "os.remove", "os.unlink", "os.rmdir", "os.mkdir",
              "os.link", "os.symlink", "os.truncate", "os.chmod", "os.chown", "os.utime",
              "os.setxattr", "os.removexattr", "os.mkfifo", "os.mknod", "shutil.",
              "sqlite3.", "dbm."),
    "sockets": ("socket.", "http.", "urllib.", "ftplib.", "smtplib.", "webbrowser."),
    "processes": ("subprocess.", "os.system", "os.exec", "os.spawn", "os.posix_spawn",
                  "os.fork", "os.forkpty", "os.kill", "os.killpg", "signal.pthread_kill",
                  "pty.", "os.startfile", "os.pidfd_open"),
    "native": ("ctypes.", "mmap.", "cffi.", "sys.addaudithook", "sys.settrace",
               "sys.setprofile", "sys._current_frames", "gc.get_objects",
               "gc.get_referrers", "gc.get_referents"),
}


def _guard(refused, os):
    writing = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
    mine = ("/proc/self", "/proc/thread-self", "/proc/" + str(os.getpid()))

    def hook(event, args):
        kind = None
        if event == "open":
            path, mode, flags = (tuple(args) + (None, None, None))[:3]
            if isinstance(path, (str, bytes)):
                path = os.path.abspath(os.fsdecode(path))
                if (isinstance(flags, int) and flags & writing) or (
                    isinstance(mode, str) and any(c in mode for c in "wax+")
                ):
                    if "/__pycache__/" in path:  # Python's bytecode cache: refused, unsaid
                        raise PermissionError("jaxtour: no bytecode is written here")
                    kind = "files"
                elif path.startswith("/proc/") and not path.startswith(mine):
                    kind = "processes"  # another process's /proc: its memory, its files
        else:
            for name, events in OUT_OF_JAX.items():
                if event.startswith(events):
                    kind = name
                    break
        if kind is not None:
            refused.append([kind, event])
            raise PermissionError("jaxtour's check refuses " + event + " in global_mean")

    return hook


class _Withheld:
    # In place of JAX's coordination service and its client while the learner's function
    # runs: its key-value store is a channel between the processes that is no collective.
    # JAX's backend keeps the client it was given; only Python's reach is cut.

    def __init__(self, refused):
        object.__setattr__(self, "_refused", refused)

    def __getattr__(self, name):
        object.__getattribute__(self, "_refused").append(["store", "distributed." + name])
        raise PermissionError("jaxtour's check refuses JAX's key-value store in global_mean")

    def __setattr__(self, name, value):
        self.__getattr__(name)


def _check():
    import hashlib
    import hmac
    import json
    import os
    import sys

    given = b""
    while True:
        chunk = os.read(0, 1 << 16)
        if not chunk:
            break
        given += chunk
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    given = json.loads(given)
    key = bytes.fromhex(given.pop("key"))
    out = sys.stdout

    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.experimental import multihost_utils
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    from jaxtour import hosts

    jax.config.update("jax_enable_compilation_cache", False)  # JAX writes no file either
    jax.distributed.initialize(**hosts.initialize_arguments())
    mesh = jax.make_mesh((jax.device_count(),), ("batch",))
    names = {
        "__builtins__": __builtins__, "__name__": "__main__", "jax": jax, "jnp": jnp,
        "np": np, "multihost_utils": multihost_utils, "NamedSharding": NamedSharding,
        "P": P, "mesh": mesh,
    }
    refused = []
    from jax._src import distributed

    state = distributed.global_state
    kept = {"client": state.client, "service": state.service}
    withheld = _Withheld(refused)
    sys.addaudithook(_guard(refused, os))
    for index, (name, source) in enumerate(given["functions"]):
        refused.clear()
        namespace = dict(names)
        values = np.array(given["values"], dtype=np.float32)
        weights = np.array(given["weights"], dtype=np.float32)
        try:
            exec(compile(source, "<" + name + ">", "exec"), namespace)
            for field in kept:  # JAX's key-value store: no channel of the learner's
                setattr(state, field, withheld if kept[field] is not None else None)
            try:
                returned = namespace[name](values, weights)
            finally:
                for field, value in kept.items():
                    setattr(state, field, value)
            result = np.asarray(returned)
            report = {"shape": list(result.shape), "values": result.astype(float).ravel().tolist()}
            if returned is None:  # np.asarray(None).astype(float) is nan: say None instead
                report = {"shape": [], "values": [], "none": True}
        except BaseException as error:  # SystemExit too: the next function still runs
            first = str(error).strip().splitlines()[0] if str(error).strip() else ""
            report = {"error": type(error).__name__ + (": " + first if first else "")}
        if refused:
            report = {"refused": refused[0][0], "event": refused[0][1]}
        text = json.dumps(report)
        mac = hmac.new(key, (str(index) + " " + text).encode(), hashlib.sha256).hexdigest()
        out.write("RESULT " + str(index) + " " + mac + " " + text + "\\n")
        out.flush()


_check()
"""


@dataclass(frozen=True)
class Run:
    """What each process reported: its result's shape and values, the error it raised,
    or what the check refused; ``failure`` when a process reported nothing (it crashed,
    exited, or was killed). ``data``: the values and weights it ran on."""

    reports: tuple[dict[str, Any], ...]
    failure: str = ""
    data: Data | None = None
    exited: bool = False  # a process ended by itself, with status 0, without a report

    def values(self) -> list[list[float]] | None:
        if self.failure or any("error" in r or "refused" in r for r in self.reports):
            return None
        return [r["values"] for r in self.reports]

    def error(self) -> str:
        return next((r["error"] for r in self.reports if "error" in r), "")

    def refused(self) -> str:
        return next((r["refused"] for r in self.reports if "refused" in r), "")


_RUNS: dict[tuple[str, str], Run] = {}


def _function_of(answer: Any) -> types.FunctionType | None:
    function = inspect.unwrap(answer) if callable(answer) else None
    return function if type(function) is types.FunctionType else None


WORKER_NAMES = ("jax", "jnp", "np", "multihost_utils", "NamedSharding", "P", "mesh")


def _helpers(function: types.FunctionType) -> list[types.FunctionType]:
    """The functions of the answer's own notebook (or module) that it calls, and those
    they call: a helper written with def beside global_mean goes to the processes with it,
    as a learner expects of a function that calls another. Names the worker defines
    (np, jax, ...) and imported functions are not helpers."""
    found: dict[str, types.FunctionType] = {}
    todo = [function]
    while todo:
        code_objects = [todo.pop().__code__]
        names: list[str] = []
        while code_objects:
            code = code_objects.pop()
            names += code.co_names
            code_objects += [c for c in code.co_consts if isinstance(c, types.CodeType)]
        for name in names:
            value = function.__globals__.get(name)
            if (
                name in WORKER_NAMES
                or name in found
                or value is function
                or type(value) is not types.FunctionType
                or value.__module__ != function.__module__
            ):
                continue
            found[name] = value
            todo.append(value)
    return list(found.values())


def _helper_problem(function: types.FunctionType) -> str | None:
    """Why a helper of the answer cannot go to the processes with it."""
    for helper in _helpers(function):
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(helper)))
        except (OSError, TypeError, SyntaxError):
            tree = None
        if helper.__name__ == "<lambda>" or helper.__code__.co_freevars or tree is None:
            return _(
                "Your function calls {name}, which the check cannot send to the worker "
                "processes with it: only functions written with def at the top level of a "
                "cell go with global_mean."
            ).format(name=helper.__name__)
        private = _private_name(tree)
        if private is not None:
            return _(
                "Your function reaches {name}, a private name (it starts with _): the check runs "
                "only public names in the worker processes. Use JAX's public API: global "
                "arrays, and what jit computes on them."
            ).format(name=private)
    return None


def _private_name(tree: ast.AST) -> str | None:
    """The first private name the code reaches (``jax._src``, ``__builtins__``, ``os._exit``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            return node.attr
        if isinstance(node, ast.Name) and node.id.startswith("__"):
            return node.id
    return None


def _reads_arguments(tree: ast.AST, names: tuple[str, ...]) -> bool:
    function = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))
    return any(
        isinstance(node, ast.Name) and node.id in names and isinstance(node.ctx, ast.Load)
        for statement in function.body
        for node in ast.walk(statement)
    )


def _source_problem(answer: Any) -> str | None:
    """Why ``answer`` cannot be sent to the worker processes, read from its code alone."""
    function = _function_of(answer)
    if function is None:
        return _(
            "Expected a function global_mean(local_values, local_weights), written with def, "
            "but this is {what}."
        ).format(what=describe(answer))
    if function.__name__ == "<lambda>":
        return _(
            "Write global_mean with def in its cell: the check sends its source to the processes."
        )
    if function.__code__.co_freevars:
        return _(
            "Your function uses names of the function around it ({join}): only its "
            "own code goes to the worker processes. Define global_mean at the top "
            "level of its cell."
        ).format(join=", ".join(function.__code__.co_freevars))
    try:
        source = textwrap.dedent(inspect.getsource(function))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):
        return _(
            "The source of your function cannot be read: define it with def in a cell and "
            "run that cell."
        )
    if function.__code__.co_argcount != 2:
        return _(
            "global_mean takes two arguments, local_values and local_weights (this "
            "process's values and their weights); yours takes {co_argcount}."
        ).format(co_argcount=function.__code__.co_argcount)
    returns = [
        node for node in ast.walk(tree) if isinstance(node, ast.Return) and node.value is not None
    ]
    if not returns:
        return _("Your function returns None: did you forget the return?")
    private = _private_name(tree)
    if private is not None:
        return _(
            "Your function reaches {name}, a private name (it starts with _): the check runs "
            "only public names in the worker processes. Use JAX's public API: global "
            "arrays, and what jit computes on them."
        ).format(name=private)
    if not _reads_arguments(tree, function.__code__.co_varnames[:2]):
        return _(
            "Your function never reads local_values or local_weights, so what it returns "
            "cannot depend on them: every check gives the processes new values and weights, "
            "which no message shows. Compute the mean from the arguments."
        )
    return _helper_problem(function)


def _key(answer: Any) -> tuple[str, str] | None:
    """The function's source and name: what the processes run, and what its run is kept by."""
    function = _function_of(answer)
    if function is None:
        return None
    try:
        sources = [textwrap.dedent(inspect.getsource(f)) for f in _helpers(function)]
        return "\n".join([*sources, textwrap.dedent(inspect.getsource(function))]), (
            function.__name__
        )
    except (OSError, TypeError):
        return None


def _signed_reports(stdout: str, key: str) -> dict[int, dict[str, Any]]:
    """The reports the grader's code printed in one process: lines whose HMAC is right
    (a line the learner's function printed, without the key, is not one)."""
    found: dict[int, dict[str, Any]] = {}
    for line in stdout.splitlines():
        parts = line.split(" ", 3)
        if len(parts) != 4 or parts[0] != "RESULT" or not parts[1].isdigit():
            continue
        _word, index, mac, text = parts
        want = hmac.new(bytes.fromhex(key), f"{index} {text}".encode(), hashlib.sha256)
        if hmac.compare_digest(mac, want.hexdigest()) and int(index) not in found:
            found[int(index)] = json.loads(text)
    return found


def run_in_processes(answers: list[Any]) -> None:
    """Run every function of ``answers`` not run yet in this kernel, in as few launches of 2
    processes as can be (each function once, in order, on values and weights drawn for its
    launch), and keep each one's Run in ``_RUNS``. A function that ends the processes (a
    crash, a process killed by JAX) is kept with that failure, and the functions after it
    are launched again without it."""
    keys = list(dict.fromkeys(k for k in map(_key, answers) if k and k not in _RUNS))
    # a function that calls a collective in one process only leaves the other process's
    # next collective paired with the wrong one: launched alone, it spoils no other run
    alone = [k for k in keys if _collective_under_process_test(k[0])]
    keys = [k for k in keys if k not in alone]
    while keys:
        keys = _launch_once(keys)
    for key in alone:
        left = [key]
        while left:
            left = _launch_once(left)


def _launch_once(keys: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """One launch of ``keys``' functions; the keys still to run after it (those after a
    function that ended the processes)."""
    data = fresh_data()
    secrets_ = [secrets.token_hex(32) for _ in range(2)]
    functions = [(name, source) for source, name in keys]
    inputs = [
        json.dumps(
            {
                "key": secrets_[p],
                "values": data.values[p],
                "weights": data.weights[p],
                "functions": functions,
            }
        )
        for p in range(2)
    ]
    with tempfile.TemporaryDirectory(prefix="jaxtour-14-") as folder:
        script = Path(folder, "global_mean.py")
        script.write_text(WORKER, encoding="utf-8")
        finished = _launch(script, 2, DEVICES_PER_PROCESS, timeout_s=RUN_TIMEOUT_S, inputs=inputs)
    reports = [
        _signed_reports(process.stdout, key)
        for process, key in zip(finished, secrets_, strict=True)
    ]
    cut_short = any(process.returncode is None for process in finished)
    for index, key in enumerate(keys):
        failure, exited = "", False
        for process, found in zip(finished, reports, strict=True):
            if index not in found:
                failure, exited = _ended(process), process.returncode == 0
                break
        if failure and cut_short and not exited:
            return []  # killed at the time limit (a slow machine?): not kept, tried again
        _RUNS[key] = Run(
            tuple(found[index] for found in reports) if not failure else (),
            failure,
            data,
            exited,
        )
        if failure:
            return keys[index + 1 :]
    return []


def _run(answer: Any) -> Run:
    """The run of ``answer`` in two fresh JAX processes (once per distinct function)."""
    key = _key(answer)
    assert key is not None
    if key not in _RUNS:
        run_in_processes([answer])
    return _RUNS.get(key) or Run((), _("the processes were still running at the time limit"))


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-6)


def _numbers(values: list[float]) -> str:
    return ", ".join(f"{v:g}" for v in values[:8]) + (", ..." if len(values) > 8 else "")


REFUSED = {
    "files": N_(
        "Your function wrote to a file in the worker processes. The processes must share "
        "their values through JAX (global arrays, and what jit computes on them), not "
        "through files: the check refuses it."
    ),
    "sockets": N_(
        "Your function opened a network connection in the worker processes. The processes "
        "must share their values through JAX (global arrays, and what jit computes on them), "
        "not through sockets of their own: the check refuses it."
    ),
    "processes": N_(
        "Your function reached another process (started one, signalled one or read its "
        "files in /proc) in the worker processes. The processes must share their values "
        "through JAX (global arrays, and what jit computes on them): the check refuses it."
    ),
    "native": N_(
        "Your function reached below Python (ctypes, mmap, a trace or audit hook, the "
        "garbage collector's lists) in the worker processes. Compute the mean with JAX "
        "(global arrays, and what jit computes on them): the check refuses it."
    ),
    "store": N_(
        "Your function used JAX's coordination service (its key-value store, the one "
        "jax.distributed.initialize connects) in the worker processes. That is a channel "
        "between the processes, not a collective: compute the mean with JAX's collectives "
        "(global arrays, and what jit computes on them). The check refuses it."
    ),
}


@dataclass(frozen=True)
class MeanAcrossProcesses:
    """The answer, run in each of 2 processes on that process's values and weights (new
    ones on every run, never shown, as many as that run drew for the process), returns the
    weighted mean of all the values: one number, the same in both processes."""

    def __call__(self, answer: Any, expected: Any) -> str | None:
        problem = _source_problem(answer)
        if problem:
            return problem
        run = _run(answer)
        if run.exited:
            return _(
                "A process ended before your function returned ({why}): a function that "
                "exits its process (sys.exit, os._exit) returns nothing to check, and a "
                "line it prints is not what it returns."
            ).format(why=run.failure)
        if run.failure:
            return _(
                "Your function did not finish in the 2 processes ({why}). Look for a step "
                "that one process does and the other does not."
            ).format(why=run.failure)
        if run.refused():
            return _(REFUSED[run.refused()])
        if run.error():
            return _("In the worker processes your function raised {error}").format(
                error=run.error()
            )
        values = run.values() or []
        for process, report in enumerate(run.reports):
            if report.get("none"):
                return _(
                    "Your function returned None in process {process}. Every process runs "
                    "it, and each must return the weighted mean of all the values: one "
                    "number, the same in every process."
                ).format(process=process)
        shapes = [r["shape"] for r in run.reports]
        for process, got in enumerate(values):
            if len(got) != 1:
                return _(
                    "Process {process} got {count} numbers (shape {tuple}): {numbers}. The "
                    "weighted mean of all the values is one number."
                ).format(
                    process=process,
                    count=len(got),
                    tuple=tuple(shapes[process]),
                    numbers=_numbers(got),
                )
        got = [v[0] for v in values]
        assert run.data is not None
        if all(_close(v, run.data.mean()) for v in got):
            return None
        return _(
            "Process 0 got {got} and process 1 got {got2}; the weighted mean of all the "
            "values is not that."
        ).format(got=f"{got[0]:g}", got2=f"{got[1]:g}")


def _ran(answer: Any) -> Run | None:
    """The run of ``answer`` the rule made (never a new one), if any: none for a function
    the rule refused from its code alone (its run, made beside others', says nothing the
    learner was told)."""
    key = _key(answer)
    if not key or _source_problem(answer) is not None:
        return None
    return _RUNS.get(key)


def _gave(expected: Callable[[Data], tuple[float, float]]):
    """A mistake's predicate: each process returned one number, these ones (computed from
    the values and weights of the answer's run)."""

    def matches(answer: Any) -> bool:
        run = _ran(answer)
        values = run.values() if run else None
        if values is None or run.data is None or any(len(v) != 1 for v in values):
            return False
        return all(_close(v[0], e) for v, e in zip(values, expected(run.data), strict=True))

    return matches


def _one_process_part(answer: Any) -> bool:
    """Both processes returned the weighted mean of one process's values, the same one:
    a gather that worked, read at one process's part."""
    run = _ran(answer)
    values = run.values() if run else None
    if values is None or run.data is None or any(len(v) != 1 for v in values):
        return False
    got = [v[0] for v in values]
    return _close(got[0], got[1]) and any(_close(got[0], m) for m in run.data.local_means())


def _padding_weighed(answer: Any) -> bool:
    """Both processes returned Σ w·v over Σ w plus a whole number: padded entries given the
    weight 1 (and the value 0) counted in the weights' sum. Padding both processes up to a
    multiple of DEVICES_PER_PROCESS adds up to 2·(DEVICES_PER_PROCESS-1) + the difference of
    the two counts (10 for counts 1 and 5); padding further adds more, so any whole number
    up to PADDING_COUNTED_AT_MOST counts."""
    run = _ran(answer)
    values = run.values() if run else None
    if values is None or run.data is None or any(len(v) != 1 for v in values):
        return False
    got = [v[0] for v in values]
    if not _close(got[0], got[1]) or got[0] == 0:
        return False
    extra = run.data.weighted_sum() / got[0] - float(np.sum(run.data._all()[1]))
    return 0.5 < extra < PADDING_COUNTED_AT_MOST + 0.5 and abs(extra - round(extra)) < 1e-3


def _replicated(answer: Any) -> bool:
    """Global arrays built with P() (replicated) from each process's own values: each
    process gets its own weighted mean."""
    key = _ran(answer) and _key(answer)
    if not key:
        return False
    tree = ast.parse(key[0])
    empty_spec = any(
        isinstance(node, ast.Call)
        and not node.args
        and not node.keywords
        and (
            (isinstance(node.func, ast.Name) and node.func.id in ("P", "PartitionSpec"))
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "PartitionSpec")
        )
        for node in ast.walk(tree)
    )
    return empty_spec and _gave(Data.local_means)(answer)


def _gather_broke(answer: Any) -> bool:
    """The processes were ended (or a gather raised) in a function that calls
    process_allgather: on arrays of different shapes in the two processes, gloo's
    all-gather breaks and JAX ends them."""
    run = _ran(answer)
    key = _key(answer)
    if run is None or key is None or "process_allgather" not in key[0]:
        return False
    return bool(run.failure and not run.exited) or "AllGather" in run.error()


_COLLECTIVES = {
    "process_allgather",
    "broadcast_one_to_all",
    "sync_global_devices",
    "make_array_from_process_local_data",
}


def _collective_under_process_test(source: str) -> bool:
    """A collective (process_allgather, ...) called inside an if (or a conditional
    expression) whose test reads jax.process_index(): only some processes call it."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if not isinstance(node, ast.If | ast.IfExp):
            continue
        if "process_index" not in ast.unparse(node.test):
            continue
        branches = [node.body, node.orelse]
        for branch in branches:
            for part in branch if isinstance(branch, list) else [branch]:
                for call in ast.walk(part):
                    if not isinstance(call, ast.Call):
                        continue
                    name = getattr(call.func, "attr", getattr(call.func, "id", ""))
                    if name in _COLLECTIVES:
                        return True
    return False


def _collective_in_one_process(answer: Any) -> bool:
    """A refused function that calls a collective in a branch on jax.process_index():
    the processes that skip the branch never join it (code read)."""
    run = _ran(answer)
    key = _key(answer)
    return run is not None and key is not None and _collective_under_process_test(key[0])


def _joined_unevenly(answer: Any) -> bool:
    """make_array_from_process_local_data called on values 4 devices do not split."""
    key = _key(answer)
    return (
        key is not None
        and "make_array_from_process_local_data" in key[0]
        and _raised("IndivisibleError")(answer)
    )


def _raised(fragment: str):
    def matches(answer: Any) -> bool:
        run = _ran(answer)
        return run is not None and fragment in run.error()

    return matches


# The reference and the mistakes' examples are functions like a learner's: their source
# goes to the worker processes, where the PRELUDE's names (jax, jnp, np, mesh, P, ...) exist.


def reference_mean(local_values, local_weights):
    mine = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])  # noqa: F821
    totals = multihost_utils.process_allgather(mine)  # noqa: F821
    return totals[:, 0].sum() / totals[:, 1].sum()


def _joined_as_they_are(local_values, local_weights):  # hello.py's x, for values and weights
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    values = jax.make_array_from_process_local_data(sharding, local_values)  # noqa: F821
    weights = jax.make_array_from_process_local_data(sharding, local_weights)  # noqa: F821
    return jnp.sum(values * weights) / jnp.sum(weights)  # noqa: F821


def _gathered_as_they_are(local_values, local_weights):
    values = multihost_utils.process_allgather(local_values, tiled=True)  # noqa: F821
    weights = multihost_utils.process_allgather(local_weights, tiled=True)  # noqa: F821
    return np.sum(values * weights) / np.sum(weights)  # noqa: F821


def _gathered_by_process_0(local_values, local_weights):
    pair = np.array([np.sum(local_weights * local_values), np.sum(local_weights)])  # noqa: F821
    if jax.process_index() == 0:  # noqa: F821
        total = multihost_utils.process_allgather(pair).sum(axis=0)  # noqa: F821
        return total[0] / total[1]
    return pair[0] / pair[1]


def _read_process_0(local_values, local_weights):
    pair = np.array([np.sum(local_weights * local_values), np.sum(local_weights)])  # noqa: F821
    gathered = multihost_utils.process_allgather(pair, tiled=True)  # noqa: F821
    return gathered[0] / gathered[1]


def _padded_with_weight_1(local_values, local_weights):
    pair = np.array([np.sum(local_weights * local_values), np.sum(local_weights) + 1])  # noqa: F821
    total = multihost_utils.process_allgather(pair).sum(axis=0)  # noqa: F821
    return total[0] / total[1]


def _unweighted(local_values, local_weights):
    mine = np.array([np.sum(local_values), local_values.size])  # noqa: F821
    totals = multihost_utils.process_allgather(mine)  # noqa: F821
    return totals[:, 0].sum() / totals[:, 1].sum()


def _replicated_spec(local_values, local_weights):
    sharding = NamedSharding(mesh, P())  # noqa: F821
    values = jax.make_array_from_process_local_data(sharding, local_values)  # noqa: F821
    weights = jax.make_array_from_process_local_data(sharding, local_weights)  # noqa: F821
    return jnp.sum(values * weights) / jnp.sum(weights)  # noqa: F821


def _local_mean(local_values, local_weights):
    return jnp.sum(local_values * local_weights) / jnp.sum(local_weights)  # noqa: F821


def _own_row_of_gathered(local_values, local_weights):
    mine = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])  # noqa: F821
    totals = multihost_utils.process_allgather(mine)  # noqa: F821
    own = totals[jax.process_index()]  # noqa: F821  (the other process's row dropped)
    return own[0] / own[1]


_SHARING_CALLS = ("process_allgather", "all_gather", "psum", "broadcast_one_to_all")


def _shares(answer: Any) -> bool:
    """The answer's source calls a function that shares values between processes
    (process_allgather, a psum, ...): read from the code the processes ran."""
    key = _key(answer)
    if not key:
        return False
    try:
        tree = ast.parse(key[0])
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            called = node.func
            name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
            if name in _SHARING_CALLS:
                return True
    return False


def _mean_of_means(local_values, local_weights):
    mine = np.average(local_values, weights=local_weights)  # noqa: F821
    return multihost_utils.process_allgather(mine).mean()  # noqa: F821


def _sum_of_means(local_values, local_weights):  # round 20
    mine = np.average(local_values, weights=local_weights)  # noqa: F821
    return multihost_utils.process_allgather(mine).sum()  # noqa: F821


def _inverted(local_values, local_weights):  # round 21
    mine = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])  # noqa: F821
    totals = multihost_utils.process_allgather(mine)  # noqa: F821
    return totals[:, 1].sum() / totals[:, 0].sum()


def _means_by_count(local_values, local_weights):  # round 21
    mine = np.array([np.average(local_values, weights=local_weights), local_values.size])  # noqa: F821
    totals = multihost_utils.process_allgather(mine)  # noqa: F821
    return (totals[:, 0] * totals[:, 1]).sum() / totals[:, 1].sum()


def _edge_padded(local_values, local_weights):  # round 21: the padding repeats the last entry
    lengths = multihost_utils.process_allgather(np.int32(local_values.size))  # noqa: F821
    size = -(-int(lengths.max()) // 4) * 4
    v = np.pad(local_values, (0, size - local_values.size), mode="edge")  # noqa: F821
    w = np.pad(local_weights, (0, size - local_weights.size), mode="edge")  # noqa: F821
    mine = np.array([np.sum(v * w), np.sum(w)])  # noqa: F821
    totals = multihost_utils.process_allgather(mine)  # noqa: F821
    return totals[:, 0].sum() / totals[:, 1].sum()


def _weighted_sum(local_values, local_weights):
    mine = np.sum(local_values * local_weights)  # noqa: F821
    return multihost_utils.process_allgather(mine).sum()  # noqa: F821


def _over_value_count(local_values, local_weights):
    mine = np.array([np.sum(local_values * local_weights), local_values.size])  # noqa: F821
    totals = multihost_utils.process_allgather(mine)  # noqa: F821
    return totals[:, 0].sum() / totals[:, 1].sum()


def _over_local_weights(local_values, local_weights):
    mine = np.sum(local_values * local_weights)  # noqa: F821
    return multihost_utils.process_allgather(mine).sum() / local_weights.sum()  # noqa: F821


def _over_value_sum(local_values, local_weights):
    mine = np.array([np.sum(local_values * local_weights), np.sum(local_values)])  # noqa: F821
    totals = multihost_utils.process_allgather(mine)  # noqa: F821
    return totals[:, 0].sum() / totals[:, 1].sum()


def _global_array(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    mine = np.array([np.sum(local_values * local_weights), np.sum(local_weights), 0, 0])  # noqa: F821
    return jax.make_array_from_process_local_data(sharding, mine)  # noqa: F821


def _psum_unmapped(local_values, local_weights):
    total = jax.lax.psum(jnp.sum(local_values * local_weights), "batch")  # noqa: F821
    return total / jax.lax.psum(jnp.sum(local_weights), "batch")  # noqa: F821


EXERCISES = (
    Exercise(
        id="14.predict_view",
        title="Predict what process 1 holds and sums, and how",
        reference=lambda: "B",
        rule=Choice(("A", "B", "C", "D", "E"), texts=VIEW_TEXTS),
        hints=(
            "x is one array of 8 values, built from 4 per process; a process holds only the "
            "shards on its own devices. jnp.sum(x) is a JAX operation on that array, and "
            "every process runs it.",
            "In lesson 10, a sum over an array sharded across 8 devices needed one number "
            "from each device, not its values. Here 4 of those devices belong to the other "
            "process: what is the least that has to cross between them?",
        ),
        solution='view = "B"',
        mistakes=(
            Mistake(
                id="local-sum",
                message="22 is the sum of process 1's own 4 values. But jnp.sum(x) sums the "
                "global array, all 8 values: both processes run it, each on its own devices, "
                "and the devices' partial sums are added across the processes. Both print 28.",
                example=lambda: "A",
            ),
            Mistake(
                id="copies-values",
                message="28, yes, but no value of x crosses between the processes: a sum needs "
                "only one number from each device, its shard's partial sum, and the compiled "
                "program adds those 8 numbers across the devices of both processes (an "
                "all-reduce). Copying the values first would be a gather, which the sum does "
                "not need.",
                example=lambda: "C",
            ),
            Mistake(
                id="sees-everything",
                message="A process addresses only its own devices: process 1 holds the 4 shards "
                "that live on them, its values 4 to 7, not the whole array. It can still "
                "print the sum of all 8: the result of jnp.sum(x) is on every device.",
                example=lambda: "D",
            ),
            Mistake(
                id="cannot-reach",
                message="Process 1 cannot read process 0's shards itself (np.asarray(x) would "
                "fail), but it never has to: a JAX operation on x runs in every process at "
                "once, and JAX moves the partial sums between them. The sum is on every "
                "device, so process 1 prints it, 28.",
                example=lambda: "E",
            ),
        ),
        success="Each process holds only its own shards, yet an operation on the global array "
        "runs across the processes: only the 8 partial sums cross, and both print the sum of "
        "all 8 values.",
        prediction=True,
        explanation=(
            "Each process prints 4 devices here and 8 in all. After "
            "`jax.distributed.initialize`, `jax.devices()` lists all 8 devices of the "
            "program, the other process's too; `jax.local_devices()` lists the 4 this "
            "process drives. So the mesh over `jax.device_count()` devices spans both "
            "processes, and `x` is one array of 8 values, `float32[8@batch]`, in both. Each "
            "process passed only its 4 values and holds only the shards on its own devices: "
            "process 0's devices come first on the mesh, so process 0 holds `x[0:4]` and "
            "process 1 `x[4:8]`.\n\n"
            "B. `jnp.sum(x)` ran in both processes, each on its own devices: each device "
            "summed its own shard, and the program's one collective, an all-reduce of "
            "`f32[]` (one number from each device), added the 8 partial sums up across the "
            "devices of both processes (the all-reduce of lesson 10, now between processes, "
            "through gloo). No value of `x` crossed between the processes: C's copy would "
            "be an all-gather of the values, and the compiled program has none (list its "
            "collectives as lesson 10 did: the first task of 'On your own'). The result is "
            "on every device, so each process can print it: 28, from both, where process "
            "1's own values add up to 22. A process cannot read the other's shards itself "
            "(`np.asarray(x)` fails: they are on devices it does not drive), but it never "
            "needs to: a JAX operation on `x` runs in every process at once. "
            "`process_allgather(x, tiled=True)` copies the whole array into every process, "
            "as NumPy.\n\n"
            "This is the rule of multi-process JAX: every process runs the same JAX "
            "operations, in the same order, on the same global arrays; each supplies and "
            "holds its own part."
        ),
    ),
    Exercise(
        id="14.predict_death",
        title="Predict what a dead process does to the others, and when",
        reference=lambda: "E",
        rule=Choice(DEATH_OPTIONS, texts=DEATH_TEXTS),
        hints=(
            "The sum needs values from both processes' devices, and JAX's distributed "
            "service checks, through heartbeats, that every process is alive. Each timeout "
            "bounds one wait: which wait is process 0 in, after process 1 has died? Is it "
            "exiting, or inside the sum?",
            "Process 0 is inside the sum, not exiting, so the shutdown timeout does not "
            "apply, and the sum does not notice the closed connection. What notices is the "
            "distributed service, when process 1's heartbeats have been silent for the "
            "heartbeat timeout. On a cluster that timeout is JAX's default.",
            'JAX\'s default heartbeat timeout is 100 s: death = "E".',
        ),
        solution='death = "E"',
        mistakes=(
            Mistake(
                id="catches-it",
                message="Nothing is raised in process 0, so its except never runs. When the "
                "distributed service sees a process die, it ends every other process of "
                "the program, in C++, not with a Python exception.",
                example=lambda: "A",
            ),
            Mistake(
                id="carries-on",
                message="A compiled program is for all 8 devices; a process cannot drop half "
                "of them and go on. JAX ends it instead.",
                example=lambda: "B",
            ),
            Mistake(
                id="waits-forever",
                message="Without heartbeats it might wait; with them, the distributed service "
                "notices the silence once the heartbeat timeout has passed and ends process "
                "0 itself, with no launcher's time limit needed.",
                example=lambda: "C",
            ),
            Mistake(
                id="at-once",
                message="The end is right, the timing is not: the second sum does not notice "
                "that process 1 is gone, it waits for process 1's partial sum. What notices "
                "is the distributed service, once process 1's heartbeats have been silent "
                "for the heartbeat timeout: the cell after the check shows process 0 ending "
                "about 10 s after the death, not at once.",
                example=lambda: "D",
            ),
            Mistake(
                id="shutdown-timeout",
                message="The end is right, the timeout is not. The shutdown timeout bounds how "
                "long a process that is exiting waits for the others; process 0 is not "
                "exiting, it is inside the sum. Here the heartbeat timeout was raised to the "
                "shutdown's 10 s, so the run cannot tell them apart; with JAX's defaults they "
                "differ, and the one that ends process 0 is the wait for a silent process.",
                example=lambda: "F",
            ),
        ),
        success="Fail-stop: when one process dies, JAX ends every process of the program once "
        "the heartbeat timeout has passed; nothing is raised that Python code could catch.",
        prediction=True,
        explanation=(
            "E. Every process sends heartbeats to the coordinator. When process 1 stopped, "
            "process 0's second sum waited for it (gloo did not notice the closed "
            "connection, as D has it); the distributed service waited out the heartbeat "
            "timeout, told every other process, and JAX ended each one from C++ "
            '("Terminating process because the JAX distributed service detected fatal '
            'errors", in the output of the cell after the check): with `SIGABRT` in this '
            "JAX, with exit status 1 in older ones (Colab's 0.7). That cell ran with both "
            "timeouts at 10 s, so its time could not tell E from F: the heartbeat timeout "
            "decides when, not the sum, nor F's shutdown timeout (it bounds how long a "
            "process that is exiting waits for the others, and process 0 was inside the "
            "sum). Delete the line that raises the heartbeat timeout from the cell that writes "
            "`crash.py`, then run it and the cell after the check again: with the launcher's "
            "4 s of heartbeat and its 10 s of shutdown, process 0 ends about 4 s after the "
            "death. With JAX's default of 100 s, process 0 lives on for about 100 s. "
            "Nothing is raised, so no `except` runs, and nothing after the sum is printed. "
            "The half-finished program cannot continue: its compiled steps need all 8 "
            "devices.\n\n"
            "So a multi-process job is fail-stop: it stops whole, and is restarted whole, "
            "from its last checkpoint. The time limit of `hosts.run` is the safety net for "
            "what the heartbeats cannot see: processes that are alive but wait for each "
            "other for ever."
        ),
    ),
    Exercise(
        id="14.fix_rows",
        title="Fix which rows a process passes",
        reference=lambda: contiguous_rows,
        rule=SameRows(),
        hints=(
            "A process's devices hold a contiguous block of the global array's rows, and "
            "the blocks follow the order of the mesh's devices: the first block is on the "
            "devices that come first in the mesh. Where do this process's devices come, "
            "with the mesh sorted by {key}?",
            "Each block has len(data) // process_count rows. This process's devices are "
            "block number {position} of the mesh, so its block starts at that times the "
            "block's size.",
            "Slice data from start = ({position}) * per_process to start + per_process.",
        ),
        solution=(
            "def local_rows(data, process_index, process_count):\n"
            "    per_process = len(data) // process_count\n"
            "    start = ({position}) * per_process  # where its devices sit in the mesh\n"
            "    return data[start : start + per_process]"
        ),
        mistakes=(
            Mistake(
                id="strided",
                message="Still every process_count-th row, as in PyTorch's DistributedSampler: "
                "the processes' blocks are placed one after the other, so the global "
                "array would hold data's rows in another order.",
                example=lambda: _strided,
            ),
            Mistake(
                id="flattened",
                message="A reshape to (process_count, -1) flattens each row's features into one "
                "long row: on 2-D data a process gets one flat vector, not its rows.",
                example=lambda: _flattened,
            ),
            Mistake(
                id="two-axes-only",
                message="Your function gives each process its rows of 2-D data, but raises on "
                "1-D data, where each row is one number: it counts on a second axis, the "
                "features (a reshape to the last axis's length, or data.shape[1]), and data "
                "may have one axis or more. Rows are what the first axis counts, whatever "
                "follows it.",
                example=lambda: _two_axes_only,
                matches=_fails_on_one_axis,
            ),
            Mistake(
                id="one-based",
                message="Your blocks are counted from 1: each process passes the block after "
                "the one on its devices, and the process whose devices come last in the "
                "mesh gets nothing.",
                example=lambda: _one_based,
            ),
            Mistake(
                id="columns",
                message="Your function splits the last axis, the features: each process gets some "
                "columns of every row (and np.split fails when the processes do not "
                "divide the columns), where make_array_from_process_local_data joins the "
                "processes' parts along the first axis.",
                example=lambda: _columns,
                matches=_splits_columns,
            ),
            Mistake(
                id="whole-data",
                message="Every process passes all of data: the global array would hold every row "
                "process_count times.",
                example=lambda: _whole,
            ),
            Mistake(
                id="lesson-size",
                message="32 rows is the lesson's block (64 points, 2 processes), not this data's: "
                "the check passes other arrays, split among 2, 3 and 4 processes.",
                example=lambda: _lesson_size,
            ),
            Mistake(
                id="stop-is-size",
                message="The slice stops at per_process, the block's size, not at its end: "
                "only the block that starts at row 0 comes out right, and every other process "
                "gets nothing: a slice's stop is a position, not a length.",
                example=lambda: _stop_is_size,
            ),
            Mistake(
                id="all-blocks",
                message="That returns every process's block (a list of arrays), where "
                "make_array_from_process_local_data takes one array from each process, "
                "its own part.",
                example=lambda: _all_blocks,
            ),
            Mistake(
                id="mesh-order",
                message="Each process passes one whole block, but not the block its devices "
                "hold, so the global array holds data's blocks in another order. (With 4 "
                "processes, this mesh holds the devices of processes {sequence}, in that "
                "order.)",
                example=lambda: _other_order,
                matches=_blocks_in_another_order,
            ),
        ),
        success="Contiguous blocks, in the mesh's order: the global array is data, row for row.",
        variants=ORDER_VARIANTS,
    ),
    Exercise(
        id="14.global_mean",
        # No variants (issue 38): its values, weights and counts are new at every run and never
        # shown, and each check runs two fresh JAX processes (the reference: 9.4 s, 2026-12-06):
        # a variant's reference and 12 mistakes would be far past test_variants' budget.
        title="Compute a weighted mean across processes",
        reference=lambda: reference_mean,
        rule=MeanAcrossProcesses(),
        hints=(
            "A weighted mean is the sum of weight times value over the sum of the weights, "
            "both sums over all the values of both processes. Which two numbers does each "
            "process need from its own values, whatever their count?",
            "The processes' values cannot be joined into one array as they are: their counts "
            "differ, and 4 devices do not split them. Reduce first: each process's weighted "
            "sum and its total weight, two numbers of the same shape in both processes. "
            "Then combine those across the processes, as hello.py gathered x.",
            "mine = np.array([np.sum(local_values * local_weights), np.sum(local_weights)]); "
            "totals = multihost_utils.process_allgather(mine) has one row per process.",
        ),
        solution=(
            "def global_mean(local_values, local_weights):\n"
            "    mine = np.array([np.sum(local_values * local_weights), np.sum(local_weights)])\n"
            "    totals = multihost_utils.process_allgather(mine)  # one row per process\n"
            "    return totals[:, 0].sum() / totals[:, 1].sum()"
        ),
        mistakes=(
            Mistake(
                id="joined-as-they-are",
                # Round 16: two sums per process (equal parts, 2 rows over 4 devices) were
                # told the processes' parts differed: what both answers did is said.
                message="make_array_from_process_local_data splits each process's part evenly "
                "over that process's 4 devices, and it assumes every process passes as "
                "much as the others. The part your processes passed has a first dimension "
                "that 4 does not divide, so no global array can be made of it as it is.",
                example=lambda: _joined_as_they_are,
                matches=_joined_unevenly,
            ),
            Mistake(
                id="collective-in-one-process",
                message="Only some processes call the collective: it sits in a branch on "
                "jax.process_index(). A collective (process_allgather, a global array's "
                "operation) is run by every process together, each taking part; a process "
                "that skips it never joins, and the others wait for it in vain. Every process "
                "must run the same JAX operations.",
                example=lambda: _gathered_by_process_0,
                matches=_collective_in_one_process,
            ),
            Mistake(
                id="gathered-as-they-are",
                message="process_allgather stacks one array from each process, and they must have "
                "the same shape in every process. Here the processes hold different "
                "numbers of values, so gathering them as they are broke the collective "
                "and JAX ended the processes.",
                example=lambda: _gathered_as_they_are,
                matches=_gather_broke,
            ),
            Mistake(
                id="unweighted",
                message="That is the plain mean of all the values, as if every weight were 1: the "
                "weights are not used.",
                example=lambda: _unweighted,
                matches=_gave(lambda data: (data.unweighted(), data.unweighted())),
            ),
            Mistake(
                id="replicated",
                message="P() says that an array is replicated: every process holds all of "
                "it. So make_array_from_process_local_data took each process's own values as "
                "the whole array, and each process got the weighted mean of its own values "
                "(the two processes got different numbers). Nothing crossed between the "
                "processes.",
                example=lambda: _replicated_spec,
                matches=_replicated,
            ),
            Mistake(
                id="one-process-part",
                message="Both processes returned the weighted mean of one process's values alone: "
                "the gather worked, but what you read from it is that process's part. The "
                "gathered array holds every process's numbers (end to end with tiled=True, one "
                "row per process without it), and the mean needs the sums over all of them.",
                example=lambda: _read_process_0,
                matches=_one_process_part,
            ),
            Mistake(
                id="padding-weighed",
                message="Your weighted sum is right, but it is divided by more than the sum of "
                "the weights: by that sum plus a whole number, as if padded entries were "
                "counted with weight 1. A padded entry must count for nothing in the weights' "
                "sum as well as in the weighted sum.",
                example=lambda: _padded_with_weight_1,
                matches=_padding_weighed,
            ),
            Mistake(
                id="local-mean",
                message="Each process returned the weighted mean of its own values only: the two "
                "processes got different numbers. A reduction over a NumPy array (or a "
                "JAX array made from it) stays in its process.",
                example=lambda: _local_mean,
                matches=lambda answer: _gave(Data.local_means)(answer) and not _shares(answer),
            ),
            Mistake(  # round 18
                id="own-part-of-gathered",
                message="Each process returned the weighted mean of its own values only: the two "
                "processes got different numbers. Your function does share what each process "
                "holds, but then reads only its own process's part of what came back, so the "
                "other process's values never count.",
                example=lambda: _own_row_of_gathered,
                matches=_gave(Data.local_means),
            ),
            Mistake(
                id="mean-of-means",
                message="That is the average of the two processes' own weighted means: it counts "
                "each process once, but the processes hold different numbers of values "
                "and different total weights.",
                example=lambda: _mean_of_means,
                matches=_gave(lambda data: (data.mean_of_means(), data.mean_of_means())),
            ),
            Mistake(  # round 20
                id="sum-of-means",
                message="That is the two processes' own weighted means added up: a sum of 2 "
                "means, about twice a mean, not the weighted mean of all the values. A "
                "weighted mean is one total over another, Σ wᵢ·vᵢ over Σ wᵢ, each total "
                "taken over the values of both processes.",
                example=lambda: _sum_of_means,
                matches=_gave(lambda data: (data.sum_of_means(), data.sum_of_means())),
            ),
            Mistake(  # round 21
                id="inverted",
                message="That is 1 over the weighted mean: the sum of the weights over the "
                "weighted sum, the ratio upside down. A weighted mean is Σ wᵢ·vᵢ over Σ wᵢ.",
                example=lambda: _inverted,
                matches=_gave(lambda data: (data.inverted(), data.inverted())),
            ),
            Mistake(  # round 21
                id="means-by-count",
                message="That combines the two processes' own weighted means, each counted by "
                "its number of values, where a weighted mean counts each process by its total "
                "weight: a value of weight 3 weighs three times in the mean, once in a count.",
                example=lambda: _means_by_count,
                matches=_gave(lambda data: (data.means_by_count(), data.means_by_count())),
            ),
            Mistake(  # round 21
                id="padding-copies",
                message="Your padding carries weight: the entries you added, to give the parts a "
                "length that 4 devices divide, repeat a real value with its weight, so they "
                "count in both sums as real values do. A padded entry must count for nothing: "
                "its weight is zero.",
                example=lambda: _edge_padded,
                matches=_gave(lambda data: (data.edge_padded(), data.edge_padded())),
            ),
            Mistake(
                id="weighted-sum",
                message="That is the weighted sum of all the values, Σ wᵢ·vᵢ: a total, which "
                "grows with the number of values, where the task asks for a mean.",
                example=lambda: _weighted_sum,
                matches=_gave(lambda data: (data.weighted_sum(), data.weighted_sum())),
            ),
            Mistake(
                id="over-value-count",
                message="That is the weighted sum divided by the number of values (the mean of "
                "the products): a value of weight 2 counts twice in the sum but once in "
                "the count.",
                example=lambda: _over_value_count,
                matches=_gave(lambda data: (data.over_count(), data.over_count())),
            ),
            Mistake(
                id="over-value-sum",
                message="That is the weighted sum divided by the sum of the values: the mean of "
                "the weights, weighted by the values, the roles of values and weights "
                "swapped.",
                example=lambda: _over_value_sum,
                matches=_gave(lambda data: (data.over_value_sum(), data.over_value_sum())),
            ),
            Mistake(
                id="over-local-weights",
                message="The weighted sum is over all the values, but the weights you divide it "
                "by are this process's own: the two processes got different numbers.",
                example=lambda: _over_local_weights,
                matches=_gave(Data.over_local_weights),
            ),
            Mistake(
                id="global-array",
                message="Your function returns a global array, and a process cannot read the "
                "shards of another process's devices (JAX refuses: 'spans non-addressable "
                "devices'), so neither process could read what it returned.",
                example=lambda: _global_array,
                matches=_raised("non-addressable"),
            ),
            Mistake(
                id="collective-outside-map",
                message="jax.lax.psum and pmean name a mesh axis only inside a function mapped "
                "over it (jax.shard_map); here local_values is a plain NumPy array and "
                "'batch' is bound to nothing, so JAX raised.",
                example=lambda: _psum_unmapped,
                matches=_raised("unbound axis name"),
            ),
        ),
        success="The same number in both processes: each process reduced its own values "
        "where they live, whatever their count, and only what has one shape in both crossed "
        "between them.",
        time_limit_s=RUN_TIMEOUT_S + 30,
        needs=_workers_unavailable,
    ),
)
