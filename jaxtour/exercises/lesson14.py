"""Exercises for lessons/14_many_hosts.ipynb: what each process sees, what a dead process
does, which rows a process passes, and a weighted mean across processes.

Two predictions are letters; 14.fix_rows is a function of plain arguments, judged in the
kernel. 14.global_mean runs the learner's function where it must run: in two fresh JAX
processes started by ``jaxtour.hosts.run`` (a few seconds). Its rule looks at the
function's code first and launches only for a function that can run there; each distinct
function is run once per kernel (``_RUNS``), and its declared mistakes read that run.
"""

from __future__ import annotations

import ast
import inspect
import json
import math
import tempfile
import textwrap
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from jaxtour import hosts
from jaxtour.grader.compare import describe
from jaxtour.grader.learner_code import call_learner
from jaxtour.grader.rules import Choice
from jaxtour.grader.spec import Exercise, Mistake
from jaxtour.i18n import _

# --- 14.predict_view ----------------------------------------------------------------------

VIEW_TEXTS = (
    "4, 4, float32[4@batch], [4. 5. 6. 7.]",
    "4, 8, float32[8@batch], [4. 5. 6. 7.]",
    "8, 8, float32[8@batch], [0. 1. 2. 3. 4. 5. 6. 7.]",
    "4, 8, float32[4@batch], [0. 1. 2. 3.]",
)

# --- 14.predict_death ---------------------------------------------------------------------

DEATH_TEXTS = (
    "process 0 catches an error, prints caught and process 0 done",
    "process 0 sums its own 4 values and carries on",
    "process 0 waits at the sum until hosts.run kills it at the time limit",
    "JAX ends process 0 at the sum a few seconds later: no exception, nothing more printed",
)

# --- 14.fix_rows --------------------------------------------------------------------------


def contiguous_rows(data, process_index, process_count):
    per_process = len(data) // process_count
    start = process_index * per_process
    return data[start : start + per_process]


def _strided(data, process_index, process_count):  # the lesson's bug
    return data[process_index::process_count]


def _flattened(data, process_index, process_count):  # training worker's 1-D reshape, on 2-D
    return data.reshape(process_count, -1)[process_index]


def _one_based(data, process_index, process_count):
    per_process = len(data) // process_count
    return data[(process_index + 1) * per_process : (process_index + 2) * per_process]


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
    return data[process_index * per_process : per_process]


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
                want = np.asarray(expected(data, index, count))
                where = _(
                    "With {count} processes and data of shape {shape}, process {index}"
                ).format(count=count, shape=data.shape, index=index)
                if got is None:
                    return _("Your function returns None: did you forget the return?")
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
                        "{where} gets an array of shape {shape}, which is not rows of data: it "
                        "should get {rows_text}, shape {shape2}."
                    ).format(
                        where=where,
                        shape=block.shape,
                        rows_text=_rows_text(_row_numbers(data, want) or []),
                        shape2=want.shape,
                    )
                return _("{where} gets {rows_text}; it should get {rows_text2}.").format(
                    where=where,
                    rows_text=_rows_text(numbers),
                    rows_text2=_rows_text(_row_numbers(data, want) or []),
                )
        return None


# --- 14.global_mean -----------------------------------------------------------------------

# Each process's 4 values and their weights in the check. The weighted mean of all 8 is
# 75 / 15 = 5.0; each wrong way gives its own number: the unweighted mean 4.0, the
# processes' own weighted means 7.0 and 2.0 (weights 9 and 6), their average 4.5, the
# weighted sum 75.0, and 75 over 8 values, 9.375.
LOCAL_VALUES = ((3.0, 5.0, 7.0, 9.0), (0.0, 2.0, 2.0, 4.0))
LOCAL_WEIGHTS = ((1.0, 2.0, 2.0, 4.0), (2.0, 1.0, 1.0, 2.0))
WEIGHTED_SUM = float(np.sum(np.multiply(LOCAL_VALUES, LOCAL_WEIGHTS)))
GLOBAL_MEAN = WEIGHTED_SUM / float(np.sum(LOCAL_WEIGHTS))
LOCAL_MEANS = tuple(
    float(np.average(values, weights=weights))
    for values, weights in zip(LOCAL_VALUES, LOCAL_WEIGHTS, strict=True)
)
RUN_TIMEOUT_S = 90.0  # hosts.run's limit; the exercise's own limit is above it

# The first lines of the lesson's hello.py, then the learner's function, called once.
PRELUDE = """\
import json
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import multihost_utils
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from jaxtour import hosts

jax.distributed.initialize(**hosts.initialize_arguments())
mesh = jax.make_mesh((jax.device_count(),), ("batch",))
_values, _weights = json.loads(sys.argv[1])
local_values = np.array(_values[jax.process_index()], dtype=np.float32)
local_weights = np.array(_weights[jax.process_index()], dtype=np.float32)
"""
# Then each function sent (name and source, as JSON in the file argv[2]), defined in its
# own copy of those names and called once: one launch can judge several functions.
CALLS = """
_names = dict(globals())
with open(sys.argv[2], encoding="utf-8") as _file:
    _functions = json.load(_file)
for _index, (_name, _source) in enumerate(_functions):
    _namespace = dict(_names)
    try:
        exec(compile(_source, "<" + _name + ">", "exec"), _namespace)
        _result = np.asarray(_namespace[_name](local_values, local_weights))
        _report = {"shape": list(_result.shape), "values": _result.astype(float).ravel().tolist()}
    except Exception as _error:
        _first = str(_error).strip().splitlines()[0] if str(_error).strip() else ""
        _report = {"error": type(_error).__name__ + ": " + _first}
    print("RESULT", _index, json.dumps(_report), flush=True)
"""


@dataclass(frozen=True)
class Run:
    """What each process reported: its result's shape and values, or the error it raised;
    ``failure`` when a process reported nothing (it crashed or was killed)."""

    reports: tuple[dict[str, Any], ...]
    failure: str = ""

    def values(self) -> list[list[float]] | None:
        if self.failure or any("error" in r for r in self.reports):
            return None
        return [r["values"] for r in self.reports]

    def error(self) -> str:
        return next((r["error"] for r in self.reports if "error" in r), "")


_RUNS: dict[tuple[str, str], Run] = {}


def _function_of(answer: Any) -> types.FunctionType | None:
    function = inspect.unwrap(answer) if callable(answer) else None
    return function if type(function) is types.FunctionType else None


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
            "process's 4 values and their 4 weights); yours takes {co_argcount}."
        ).format(co_argcount=function.__code__.co_argcount)
    returns = [
        node for node in ast.walk(tree) if isinstance(node, ast.Return) and node.value is not None
    ]
    if not returns:
        return _("Your function returns None: did you forget the return?")
    return None


def _key(answer: Any) -> tuple[str, str] | None:
    """The function's source and name: what the processes run, and what its run is kept by."""
    function = _function_of(answer)
    if function is None:
        return None
    try:
        return textwrap.dedent(inspect.getsource(function)), function.__name__
    except (OSError, TypeError):
        return None


def run_in_processes(answers: list[Any]) -> None:
    """Run every function of ``answers`` not run yet in this kernel, all in one launch of 2
    processes (each function once, in order), and keep each one's Run in ``_RUNS``."""
    keys = list(dict.fromkeys(k for k in map(_key, answers) if k and k not in _RUNS))
    if not keys:
        return
    with tempfile.TemporaryDirectory(prefix="jaxtour-14-") as folder:
        script, functions = Path(folder, "global_mean.py"), Path(folder, "functions.json")
        script.write_text(PRELUDE + CALLS, encoding="utf-8")
        functions.write_text(json.dumps([(name, source) for source, name in keys]), "utf-8")
        finished = hosts.run(
            script,
            2,
            4,
            timeout_s=RUN_TIMEOUT_S,
            args=(json.dumps([LOCAL_VALUES, LOCAL_WEIGHTS]), str(functions)),
        )
    reports: list[dict[int, dict[str, Any]]] = []
    for process in finished:
        found = {}
        for line in process.stdout.splitlines():
            if line.startswith("RESULT "):
                index, report = line.removeprefix("RESULT ").split(" ", 1)
                found[int(index)] = json.loads(report)
        reports.append(found)
    cut_short = any(process.returncode is None for process in finished)
    for index, key in enumerate(keys):
        failure = ""
        for process, found in zip(finished, reports, strict=True):
            if index not in found:
                failure = hosts.ended(process)
                break
        if failure and cut_short:
            continue  # killed at the time limit (a slow machine?): not kept, tried again
        _RUNS[key] = Run(tuple(found[index] for found in reports) if not failure else (), failure)


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


@dataclass(frozen=True)
class MeanAcrossProcesses:
    """The answer, run in each of 2 processes on that process's 4 values and 4 weights,
    returns the weighted mean of all 8 values: one number, the same in both processes."""

    def __call__(self, answer: Any, expected: Any) -> str | None:
        problem = _source_problem(answer)
        if problem:
            return problem
        run = _run(answer)
        if run.failure:
            return _(
                "Your function did not finish in the 2 processes ({why}). Look for a step "
                "that one process does and the other does not."
            ).format(why=run.failure)
        if run.error():
            return _("In the worker processes your function raised {error}").format(
                error=run.error()
            )
        values = run.values() or []
        shapes = [r["shape"] for r in run.reports]
        for process, got in enumerate(values):
            if len(got) != 1:
                return _(
                    "Process {process} got {count} numbers (shape {tuple}): {numbers}. The "
                    "weighted mean of all 8 values is one number."
                ).format(
                    process=process,
                    count=len(got),
                    tuple=tuple(shapes[process]),
                    numbers=_numbers(got),
                )
        got = [v[0] for v in values]
        if all(_close(v, GLOBAL_MEAN) for v in got):
            return None
        return _(
            "Process 0 got {got} and process 1 got {got2}; the weighted mean of the 8 values "
            "is not that."
        ).format(got=f"{got[0]:g}", got2=f"{got[1]:g}")


def _ran(answer: Any) -> Run | None:
    """The run of ``answer`` the rule made (never a new one), if any."""
    key = _key(answer)
    return _RUNS.get(key) if key else None


def _gave(*expected: float):
    """A mistake's predicate: each process returned one number, these ones."""

    def matches(answer: Any) -> bool:
        run = _ran(answer)
        values = run.values() if run else None
        if values is None or any(len(v) != 1 for v in values):
            return False
        return all(_close(v[0], e) for v, e in zip(values, expected, strict=True))

    return matches


def _raised(fragment: str):
    def matches(answer: Any) -> bool:
        run = _ran(answer)
        return run is not None and fragment in run.error()

    return matches


# The reference and the mistakes' examples are functions like a learner's: their source
# goes to the worker processes, where the PRELUDE's names (jax, jnp, np, mesh, P, ...) exist.


def reference_mean(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    values = jax.make_array_from_process_local_data(sharding, local_values)  # noqa: F821
    weights = jax.make_array_from_process_local_data(sharding, local_weights)  # noqa: F821
    return jnp.sum(values * weights) / jnp.sum(weights)  # noqa: F821


def _unweighted(local_values, local_weights):
    x = jax.make_array_from_process_local_data(NamedSharding(mesh, P("batch")), local_values)  # noqa: F821
    return jnp.mean(x)  # noqa: F821


def _local_mean(local_values, local_weights):
    return jnp.sum(local_values * local_weights) / jnp.sum(local_weights)  # noqa: F821


def _mean_of_means(local_values, local_weights):
    mine = np.average(local_values, weights=local_weights)  # noqa: F821
    return multihost_utils.process_allgather(mine).mean()  # noqa: F821


def _weighted_sum(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    products = jax.make_array_from_process_local_data(sharding, local_values * local_weights)  # noqa: F821
    return jnp.sum(products)  # noqa: F821


def _over_value_count(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    products = jax.make_array_from_process_local_data(sharding, local_values * local_weights)  # noqa: F821
    return jnp.mean(products)  # noqa: F821


def _over_local_weights(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    products = jax.make_array_from_process_local_data(sharding, local_values * local_weights)  # noqa: F821
    return jnp.sum(products) / local_weights.sum()  # noqa: F821


def _global_array(local_values, local_weights):
    sharding = NamedSharding(mesh, P("batch"))  # noqa: F821
    return jax.make_array_from_process_local_data(sharding, local_values * local_weights)  # noqa: F821


def _psum_unmapped(local_values, local_weights):
    total = jax.lax.psum(jnp.sum(local_values * local_weights), "batch")  # noqa: F821
    return total / jax.lax.psum(jnp.sum(local_weights), "batch")  # noqa: F821


EXERCISES = (
    Exercise(
        id="14.predict_view",
        title="Predict what process 1 sees",
        reference=lambda: "B",
        rule=Choice(("A", "B", "C", "D"), texts=VIEW_TEXTS),
        hints=(
            "jax.distributed.initialize joins the processes into one JAX program: think "
            "about which numbers count this process's devices and which count them all.",
            "Process 1 was started with 4 CPU devices; the program has 2 processes. x is "
            "built from 4 values per process, and a process holds only its own devices' shards.",
        ),
        solution='view = "B"',
        mistakes=(
            Mistake(
                id="all-local",
                message="After jax.distributed.initialize the processes form one program: "
                "jax.device_count() counts every process's devices, 8, and x, built from 4 "
                "values per process, is one array of 8 values.",
                example=lambda: "A",
            ),
            Mistake(
                id="sees-everything",
                message="A process addresses only its own devices: process 1 has 4, and "
                "holds the 4 shards that live on them, not the whole array.",
                example=lambda: "C",
            ),
            Mistake(
                id="own-array",
                message="make_array_from_process_local_data joins the processes' values into "
                "one global array of 8, and process 1's 4 values are the ones it passed, "
                "4 to 7: the global array is not one process's copy.",
                example=lambda: "D",
            ),
        ),
        success="4 devices here, 8 in all: every process sees the whole program's devices and "
        "the global array's shape, and holds only its own shards.",
        prediction=True,
    ),
    Exercise(
        id="14.predict_death",
        title="Predict what a dead process does to the others",
        reference=lambda: "D",
        rule=Choice(("A", "B", "C", "D"), texts=DEATH_TEXTS),
        hints=(
            "The sum needs values from both processes' devices, and JAX's coordination "
            "service checks, through heartbeats, that every process is alive.",
            "The worker passed jax.distributed.initialize a heartbeat timeout of 4 s. What "
            "would be safe for JAX to do when a peer's heartbeats stop in the middle of a "
            "program?",
        ),
        solution='death = "D"',
        mistakes=(
            Mistake(
                id="catches-it",
                message="Nothing is raised in process 0, so its except never runs. When the "
                "coordination service sees a process die, it ends every other process of "
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
                message="Without heartbeats it might wait; with them, the coordination service "
                "notices the silence after the heartbeat timeout (4 s here) and ends process "
                "0 itself, long before hosts.run's time limit.",
                example=lambda: "C",
            ),
        ),
        success="Fail-stop: when one process dies, JAX ends every process of the program; "
        "nothing is raised that Python code could catch.",
        prediction=True,
    ),
    Exercise(
        id="14.fix_rows",
        title="Fix which rows a process passes",
        reference=lambda: contiguous_rows,
        rule=SameRows(),
        hints=(
            "Process p's devices hold a contiguous block of the global array's rows: "
            "process 0 the first block, process 1 the next, in order.",
            "Each block has len(data) // process_count rows, and process p's starts at "
            "p times that.",
            "Slice data from start = process_index * per_process to start + per_process.",
        ),
        solution=(
            "def local_rows(data, process_index, process_count):\n"
            "    per_process = len(data) // process_count\n"
            "    start = process_index * per_process\n"
            "    return data[start : start + per_process]"
        ),
        mistakes=(
            Mistake(
                id="strided",
                message="Still every process_count-th row, as in PyTorch's DistributedSampler: "
                "the processes' blocks are placed one after the other, so the global array "
                "would hold data's rows in another order. Give each process a contiguous block.",
                example=lambda: _strided,
            ),
            Mistake(
                id="flattened",
                message="data.reshape(process_count, -1) flattens each row's features into one "
                "long row: on 2-D data a process gets one flat vector, not its rows. Slice "
                "the rows instead (or keep the other axes in the reshape).",
                example=lambda: _flattened,
            ),
            Mistake(
                id="one-based",
                message="Process ids start at 0: process 0 takes the first block. Yours gives "
                "process 0 the second block, and the last process nothing.",
                example=lambda: _one_based,
            ),
            Mistake(
                id="columns",
                message="Your function splits the last axis, the features: each process "
                "gets some columns of every row (and np.split fails when the processes do "
                "not divide the columns). A process's share is rows, the first axis: "
                "data[start : start + per_process].",
                example=lambda: _columns,
                matches=_splits_columns,
            ),
            Mistake(
                id="whole-data",
                message="Every process passes all of data: the global array would hold every "
                "row process_count times. Each process passes only its own block.",
                example=lambda: _whole,
            ),
            Mistake(
                id="lesson-size",
                message="32 rows is the lesson's block (64 points, 2 processes), not this "
                "data's: compute the block size from len(data) and process_count.",
                example=lambda: _lesson_size,
            ),
            Mistake(
                id="stop-is-size",
                message="The slice stops at per_process, the block's size, not at its end: "
                "process 0 is right, and every later process gets nothing. Stop at start + "
                "per_process.",
                example=lambda: _stop_is_size,
            ),
            Mistake(
                id="all-blocks",
                message="That returns every process's block (a list of arrays). Pick this "
                "process's: the one at process_index.",
                example=lambda: _all_blocks,
            ),
        ),
        success="Contiguous blocks, in process order: the global array is data, row for row.",
    ),
    Exercise(
        id="14.global_mean",
        title="Compute a weighted mean across processes",
        reference=lambda: reference_mean,
        rule=MeanAcrossProcesses(),
        hints=(
            "A weighted mean is the sum of weight times value over the sum of the weights, "
            "both sums over all 8 values; each process has only its own 4 of each.",
            "Build one global array from local_values and one from local_weights, as "
            "hello.py built x: a sum over a global array is computed across the processes, "
            "and its result is on every device.",
            "With values and weights the global arrays, return "
            "jnp.sum(values * weights) / jnp.sum(weights).",
        ),
        solution=(
            "def global_mean(local_values, local_weights):\n"
            '    sharding = NamedSharding(mesh, P("batch"))\n'
            "    values = jax.make_array_from_process_local_data(sharding, local_values)\n"
            "    weights = jax.make_array_from_process_local_data(sharding, local_weights)\n"
            "    return jnp.sum(values * weights) / jnp.sum(weights)"
        ),
        mistakes=(
            Mistake(
                id="unweighted",
                message="4 is the plain mean of the 8 values, as if every weight were 1: the "
                "weights are not used. Multiply each value by its weight, and divide by the "
                "sum of the weights.",
                example=lambda: _unweighted,
                matches=_gave(4.0, 4.0),
            ),
            Mistake(
                id="local-mean",
                message="Process 0 got 7 and process 1 got 2: each averaged only its own 4 "
                "values, with its own weights. Build global arrays from them first, then "
                "take the weighted mean of those.",
                example=lambda: _local_mean,
                matches=_gave(*LOCAL_MEANS),
            ),
            Mistake(
                id="mean-of-means",
                message="4.5 is the average of the two processes' weighted means, 7 and 2: it "
                "counts each process once, but process 0's weights add up to 9 and process "
                "1's to 6. Divide the weighted sum of all 8 values by the sum of all 8 weights.",
                example=lambda: _mean_of_means,
                matches=_gave(4.5, 4.5),
            ),
            Mistake(
                id="weighted-sum",
                message="75 is the weighted sum of the 8 values; the weighted mean divides it "
                "by the sum of the weights, 15.",
                example=lambda: _weighted_sum,
                matches=_gave(WEIGHTED_SUM, WEIGHTED_SUM),
            ),
            Mistake(
                id="over-value-count",
                message="That is the weighted sum divided by 8, the number of values (the mean "
                "of the products). A weighted mean divides by the sum of the weights instead.",
                example=lambda: _over_value_count,
                matches=_gave(WEIGHTED_SUM / 8, WEIGHTED_SUM / 8),
            ),
            Mistake(
                id="over-local-weights",
                message="The weighted sum is over all 8 values, but the weights you divide it "
                "by are this process's own: they add up to 9 in process 0 and 6 in process 1. "
                "Sum the weights across the processes too.",
                example=lambda: _over_local_weights,
                matches=_gave(
                    *(WEIGHTED_SUM / float(np.sum(weights)) for weights in LOCAL_WEIGHTS)
                ),
            ),
            Mistake(
                id="global-array",
                message="Your function returns a global array, and a process cannot read the "
                "shards of another process's devices (JAX refuses: 'spans non-addressable "
                "devices'). Reduce it to the weighted mean, which every device holds.",
                example=lambda: _global_array,
                matches=_raised("non-addressable"),
            ),
            Mistake(
                id="collective-outside-map",
                message="jax.lax.psum and pmean name a mesh axis only inside a function "
                "mapped over it (jax.shard_map); here local_values is a plain NumPy array and "
                "'batch' is bound to nothing. Build global arrays and sum over them: jit "
                "adds the communication.",
                example=lambda: _psum_unmapped,
                matches=_raised("unbound axis name"),
            ),
        ),
        success="One number, 5, in both processes: both sums ran across the processes, and "
        "every device holds their quotient.",
        time_limit_s=RUN_TIMEOUT_S + 30,
    ),
)
