"""The answer a learner writes from an exercise's solution, run as its cell would run it.

Used by tests/content/test_variants.py (one variant's answer on another's check) and by
benchmarks/check_speed.py (the right answer whose first Check it times). A solution may
define several names (helpers and the answer) and read names the lesson's setup defines
(03.derivative_by_hand's ``g``): the statements of the code cells above the exercise that
define them (and what those read) run first, nothing else of the lesson. A name neither
given nor defined there is an error (AssertionError), not a NameError at check time.
"""

from __future__ import annotations

import ast
import builtins
import functools
import linecache

from tests.helpers import LESSON_NOTEBOOKS, cell_check, cell_exercise, read_notebook


def _bound(node: ast.AST) -> set[str]:
    """The names a top-level statement binds: its definitions, imports and targets."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return {node.name}
    if isinstance(node, ast.Import | ast.ImportFrom):
        return {(a.asname or a.name).split(".")[0] for a in node.names}
    return {
        n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }


def _read(node: ast.AST) -> set[str]:
    """The names a piece of code reads that it does not bind itself, builtins left out."""
    local = {
        n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }
    local |= {
        a.arg
        for n in ast.walk(node)
        if isinstance(n, ast.arguments)
        for a in (*n.posonlyargs, *n.args, *n.kwonlyargs, *filter(None, (n.vararg, n.kwarg)))
    }
    local |= {n.name for n in ast.walk(node) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    loaded = {
        n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }
    return loaded - local - set(dir(builtins))


@functools.cache
def _lesson_cells(exercise_id: str) -> tuple[tuple[ast.stmt, ...], ast.Lambda | None]:
    """The top-level statements of the English lesson's code cells above the exercise
    cell (magics left out), and the lambda its check cell hands the check."""
    path = next(p for p in LESSON_NOTEBOOKS if p.name.startswith(exercise_id[:2]))
    cells = read_notebook(path).cells
    index = next(i for i, c in enumerate(cells) if cell_exercise(c) == exercise_id)
    statements: list[ast.stmt] = []
    for cell in cells[:index]:
        if cell.cell_type != "code" or cell_exercise(cell) or cell_check(cell):
            continue
        code = "\n".join(
            line for line in cell.source.splitlines() if not line.lstrip().startswith(("%", "!"))
        )
        statements += ast.parse(code).body
    check = next(c for c in cells[index:] if cell_check(c) == exercise_id)
    lambdas = [n for n in ast.walk(ast.parse(check.source)) if isinstance(n, ast.Lambda)]
    return tuple(statements), (lambdas[0] if lambdas else None)


def given_names(learners: bool = False) -> dict[str, object]:
    """The names the lessons' setup cells import (lesson 11's solutions use lax,
    01.numpy_copy's NumPy, 10.column_spec's P), as a solution reads them: the grader's
    copies, or (``learners``) the modules a learner's own imports bind, which the grader
    watches as it watches a learner's code (a rule that looks for jax.grad in the answer)."""
    if learners:
        import jax
        import jax.numpy as jnp
        import numpy as np
    else:
        from jaxtour.exercises.common import jax, jnp
        from jaxtour.grader.pristine import np

    return {"jax": jax, "jnp": jnp, "lax": jax.lax, "np": np, "P": jax.sharding.PartitionSpec}


def answer(exercise, number: int | None = None, given: dict[str, object] | None = None):
    """The answer a learner of variant ``number`` (None: an exercise without variants)
    writes: its solution with its values, run in a namespace of its own after the setup
    statements it needs; the answer is what the lesson's check cell hands the check
    (``lambda: name``), read in that namespace. ``given``: names there before anything
    runs (by default ``given_names()``). The solution is compiled under a cell-like file
    name whose lines linecache holds, as IPython keeps a cell's: a rule that reads the
    function's source (lesson 14's) finds it."""
    given = given_names() if given is None else given
    source = exercise.solution
    if number is not None:
        source = source.format_map(exercise.variants.values(number))
    code = ast.parse(source)
    statements, check_lambda = _lesson_cells(exercise.id)
    needed = _read(code) - set(given)
    chosen = []
    for statement in reversed(statements):  # the last definition above the exercise wins
        if _bound(statement) & needed:
            chosen.insert(0, statement)
            needed = (needed - _bound(statement)) | (_read(statement) - set(given))
    assert not needed, f"{exercise.id}: its solution reads {sorted(needed)}, which no cell defines"
    namespace = dict(given)
    setup = f"<jaxtour-setup-{exercise.id}>"
    exec(compile(ast.Module(chosen, []), setup, "exec"), namespace)  # noqa: S102
    filename = f"<jaxtour-solution-{exercise.id}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - the solution
    if check_lambda is None:  # no check cell's lambda: the solution's last definition
        (last,) = _bound(code.body[-1])
        return namespace[last]
    return eval(compile(ast.Expression(check_lambda), exercise.id, "eval"), namespace)()  # noqa: S307
