"""Which cell of the session last assigned the answer, and whether that cell failed.

A learner runs ``x = 3.0``, then edits the cell to ``x = jnp.arary(...)`` and runs it
again: it raises, and ``x`` still holds 3.0. Grading 3.0 would judge code the learner
no longer has, so the check names the failed cell instead. IPython keeps every cell's
source in ``In`` (by execution count); ``watch_session`` records, from then on, which
executions raised (IPython's ``post_run_cell`` event). For cells run before it, the
session's last uncaught error (``sys.last_value``) is traced to its cell through the
file name IPython compiled that cell under (``shell.compile._filename_map``).

Outside IPython (plain Python, a script) there is no cell history: nothing is named.
"""

from __future__ import annotations

import ast
import re
import sys
import warnings
from typing import Any

__all__ = ["assigns", "failed_cell_assigning", "watch_session"]

_failed: dict[int, BaseException] = {}  # execution count -> what that cell raised
_watched: set[int] = set()  # id() of the shells whose post_run_cell we listen to


def _shell() -> Any | None:
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return None
    try:
        return ipython.get_ipython()
    except Exception:
        return None


def _record(result: Any) -> None:
    count = getattr(result, "execution_count", None)
    error = getattr(result, "error_before_exec", None) or getattr(result, "error_in_exec", None)
    if isinstance(count, int):
        if error is not None:
            _failed[count] = error
        else:
            _failed.pop(count, None)


def watch_session() -> None:
    """Start recording which cells raise, in the running IPython session (once)."""
    shell = _shell()
    if shell is None or id(shell) in _watched:
        return
    try:
        shell.events.register("post_run_cell", _record)
    except Exception:  # an IPython without events: the last error still serves
        return
    _watched.add(id(shell))


def _definitions(names: set[str]) -> re.Pattern[str]:
    alternatives = "|".join(map(re.escape, sorted(names)))
    defined = rf"def[ \t]+(?:{alternatives})\b"
    assigned = rf"(?:{alternatives})[ \t]*(?::[^=\n]*)?[-+*/%@&|^]?=(?!=)"
    return re.compile(rf"^[ \t]*(?:{defined}|{assigned})", re.M)


def _bound_at_top_level(tree: ast.Module) -> set[str]:
    """Names a module binds outside any function or class body."""
    bound: set[str] = set()
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
            continue  # a function's own locals are not the cell's
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            bound.add(node.id)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        pending.extend(ast.iter_child_nodes(node))
    return bound


def assigns(source: str, names: set[str]) -> bool:
    """True when a cell's ``source`` binds one of ``names`` at its top level."""
    if not names or not isinstance(source, str):
        return False
    try:
        with warnings.catch_warnings():  # the cell warned its learner already when it ran
            warnings.simplefilter("ignore")
            tree = ast.parse(source)
        return bool(_bound_at_top_level(tree) & names)
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # IPython magics, a typo
        return bool(_definitions(names).search(source))


def _cell_of_last_error(shell: Any) -> tuple[int, BaseException] | None:
    """The execution count of the cell the session's last uncaught error came from."""
    error = getattr(sys, "last_value", None) or getattr(sys, "last_exc", None)
    if error is None:
        return None
    cells = getattr(getattr(shell, "compile", None), "_filename_map", None) or {}
    if isinstance(error, SyntaxError) and error.filename in cells:
        return cells[error.filename], error
    frame = error.__traceback__
    while frame is not None:  # the outermost cell frame is the cell that ran
        count = cells.get(frame.tb_frame.f_code.co_filename)
        if count is not None:
            return count, error
        frame = frame.tb_next
    return None


def _history(shell: Any) -> list[str]:
    try:
        history = shell.user_ns.get("In") or shell.history_manager.input_hist_raw
        return list(history)
    except Exception:
        return []


def failed_cell_assigning(names: set[str]) -> BaseException | None:
    """What the latest cell that assigns one of ``names`` raised, or None when it ran
    through (or there is no IPython history to tell)."""
    shell = _shell()
    if shell is None or not names:
        return None
    watch_session()
    history = _history(shell)
    latest = next(
        (count for count in range(len(history) - 1, 0, -1) if assigns(history[count], names)),
        None,
    )
    if latest is None:
        return None
    if latest in _failed:
        return _failed[latest]
    last = _cell_of_last_error(shell)
    if last is not None and last[0] == latest:
        return last[1]
    return None
