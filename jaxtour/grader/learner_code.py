"""The learner's code, run by the grader: its failures become messages, not tracebacks.

Rules that call the learner's function go through ``call_learner``, which turns an
exception into a ``LearnerCodeError`` naming the input that caused it. ``screen``
refuses answers no exercise can accept before any rule runs.
"""

from __future__ import annotations

import functools
import linecache
import os
import re
import sys
import traceback
import types
from collections.abc import Callable
from typing import Any

from jaxtour.display import one_line
from jaxtour.grader.compare import short_repr
from jaxtour.grader.explain import explain_exception
from jaxtour.grader.isolation import back_from_learner, room, room_changed
from jaxtour.grader.limits import called_learner
from jaxtour.grader.plain import NotPlain, is_wrapper, plain
from jaxtour.grader.pristine import np
from jaxtour.grader.variants import key as variant_key
from jaxtour.i18n import _
from jaxtour.lazy import is_jax_array, is_tracer

_GRADER = os.path.dirname(os.path.abspath(__file__)) + os.sep  # the grader's own files

__all__ = [
    "LearnerCodeError",
    "call_learner",
    "error_in_cell_assigning",
    "read_names",
    "screen",
    "transformed",
]


class LearnerCodeError(Exception):
    """The learner's code raised; ``summary`` is one line, ``details`` the traceback."""

    def __init__(self, summary: str, details: str, error: BaseException | None = None) -> None:
        super().__init__(summary)
        self.summary = summary
        self.details = details
        self.error = error

    def message(self) -> str:
        """The summary, followed by a plain-words explanation when JAX's error is a known one
        (what happened and why; the fix is the hints')."""
        explanation = explain_exception(self.error) if self.error is not None else None
        return self.summary + ("\n" + explanation.text(fix=False) if explanation else "")


def call_learner(fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """Call the learner's ``fn(*args)``; an exception becomes a one-line LearnerCodeError."""
    return learner_result(fn, args, *raw_call(fn, args))


def raw_call(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, Exception | None]:
    """``fn(*args)``: what it returned, or the exception it raised (None: it returned)."""
    if not getattr(fn, "__jaxtour_plain__", False):  # plain's wrapper counts its own calls
        called_learner()
    deferred = _filtering_deferred()
    try:
        result = fn(*args), None
    except Exception as exc:
        result = None, exc
    except BaseException:  # a stop, an interrupt: on its way out of the check
        if room and _getlimit() != room[-1]:  # builtins only: no room for a Python frame
            _setlimit(room[-1]), room_changed.append(1)
        try:
            back_from_learner(returned=False)
        finally:
            _filtering_back(deferred)
        raise
    if room and _getlimit() != room[-1]:  # builtins only: no room for a Python frame
        _setlimit(room[-1]), room_changed.append(1)
    try:
        back_from_learner()
    finally:
        _filtering_back(deferred)
    if result[1] is not None and deferred is not None and deferred[2] == "quiet_remove_frames":
        _filter_as_jax_would(result[1])
    return result


# The recursion limit as the check began, put back right after the learner's call (an
# answer can leave no room for the next Python call): names taken at import.
_getlimit, _setlimit = sys.getrecursionlimit, sys.setrecursionlimit


# --- JAX's traceback filtering, applied by the grader ------------------------------------
# An exception that leaves a JAX transformation (jit, grad, a jnp function that is jitted)
# is filtered by JAX on its way out: every frame of its traceback is tested against each of
# some 30 paths of JAX's (``os.path.commonpath`` and ``samefile``: two ``stat`` calls a test,
# about 5 ms for a traceback of ten frames). The grader sees nothing of that but the frames
# a failed call's details show, so the filtering is turned off for the learner's call
# (``_filtering_deferred``) and, in the mode in which it changes what the grader reads
# (``quiet_remove_frames``, a plain Python's), done afterwards as JAX does it, each file
# tested once (``_filter_as_jax_would``). In a notebook (``tracebackhide``) JAX only marks
# its frames for IPython's display, which the grader's details never pass through. Other
# modes (``remove_frames``, set by hand) are left to JAX.
_DEFERRED_MODES = frozenset({"tracebackhide", "quiet_remove_frames"})


def _filtering_deferred() -> tuple[Any, Any, str] | None:
    """JAX's filtering turned off for this thread, where it is deferred: (its setting, the
    value to put back, the session's mode), else None."""
    util = sys.modules.get("jax._src.traceback_util")
    config = sys.modules.get("jax._src.config")
    if util is None or config is None:
        return None  # no JAX yet: nothing to filter
    try:
        state = config.traceback_filtering
        # the mode JAX would act on; inside a deferred call (an answer that checks another),
        # the session's, not the "off" this sets
        mode = _deferring[-1] if _deferring else util._filtering_mode()  # noqa: SLF001
        if mode not in _DEFERRED_MODES or state._update_thread_local_hook is not None:  # noqa: SLF001
            return None
        deferred = state, state.swap_local("off"), mode
    except Exception:  # another JAX: it filters as it always did
        return None
    _deferring.append(mode)
    return deferred


def _filtering_back(deferred: tuple[Any, Any, str] | None) -> None:
    if deferred is not None:
        _deferring.pop()
        deferred[0].set_local(deferred[1])


_deferring: list[str] = []  # the session's mode, for each deferred call running


def _filter_as_jax_would(exc: BaseException) -> None:
    """What JAX's outermost API boundary does in ``quiet_remove_frames`` mode
    (``traceback_util.api_boundary``) to an exception that crossed it, done to ``exc`` and
    to the exceptions it was raised from or during (the learner's code may catch JAX's
    and raise its own): from the boundary's frame down, only the frames of files outside
    JAX are kept, and a note says so. Nothing where the grader's call itself ran under a
    boundary: that one filters nothing below it."""
    util = sys.modules["jax._src.traceback_util"]
    if any(util._is_reraiser_frame(f) for f, _ in traceback.walk_stack(None)):  # noqa: SLF001
        return
    seen: set[int] = set()
    error: BaseException | None = exc
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        _filter_one(util, error)
        error = error.__cause__ or error.__context__


def _filter_one(util: Any, exc: BaseException) -> None:
    above, tb = None, exc.__traceback__
    while tb is not None and not util._is_reraiser_frame(tb.tb_frame):  # noqa: SLF001
        above, tb = tb, tb.tb_next
    if tb is None:  # it crossed no boundary (or was filtered already)
        return
    kept = None
    for frame, lineno in reversed(list(traceback.walk_tb(tb))):
        if _outside_jax(util, frame.f_code.co_filename):
            kept = types.TracebackType(kept, frame, frame.f_lasti, lineno)
    if above is None:
        exc.with_traceback(kept)
    else:
        above.tb_next = kept
    exc.add_note("--------------------\n" + util._simplified_tb_msg)  # noqa: SLF001


def _outside_jax(util: Any, filename: str) -> bool:
    """JAX's ``include_filename``, asked once per absolute file name (per list of JAX's
    excluded paths, which JAX may extend)."""
    if not os.path.isabs(filename):  # relative to the working directory, which may change
        return util.include_filename(filename)
    paths = len(util._exclude_paths)  # noqa: SLF001
    if _included_for[0] != paths:
        _included.clear()
        _included_for[0] = paths
    known = _included.get(filename)
    if known is None:
        known = _included[filename] = util.include_filename(filename)
    return known


_included: dict[str, bool] = {}  # file name -> outside JAX
_included_for = [-1]  # ... for this many excluded paths


def learner_result(
    fn: Callable[..., Any], args: tuple[Any, ...], value: Any, raised: Exception | None
) -> Any:
    """What ``call_learner`` makes of a call's outcome: the value, read plainly, or the
    exception as a one-line LearnerCodeError (NotPlain: what came back is no value)."""
    try:
        if raised is not None:
            raise raised
        return plain(value)
    except NotPlain as exc:  # what it returned is no value (it contains itself, say)
        raise NotPlain(
            _("{call} returned what cannot be checked. {why}").format(
                call=_call_shown(fn, args), why=exc
            )
        ) from None
    except Exception as exc:
        summary = _("{call} raised {error}").format(call=_call_shown(fn, args), error=one_line(exc))
        # Drop the grader's frames (this module's, plain's wrapper): the learner's
        # traceback starts in the learner's code.
        tb = exc.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename.startswith(_GRADER):
            tb = tb.tb_next
        details = "".join(traceback.format_exception(type(exc), exc, tb))
        raise LearnerCodeError(summary, details, exc) from None


def _call_shown(fn: Callable[..., Any], args: tuple[Any, ...]) -> str:
    """``name(arg, ...)``, each argument shortened: made only for a message (the repr of
    an array costs more than many a learner's call)."""
    name = getattr(fn, "__name__", None)
    if not isinstance(name, str):
        name = _("your function")
    return f"{name}({', '.join(_argument_shown(a) for a in args)})"


def _argument_shown(value: Any) -> str:
    """A few values written out; a larger array as its dtype and shape (``float32[256,
    512]``, as JAX writes an abstract array), which is what a shape error is about."""
    shape, dtype = getattr(value, "shape", None), getattr(value, "dtype", None)
    if (isinstance(value, np.ndarray) or is_jax_array(value)) and len(shape) and value.size > 8:
        return f"{dtype}[{','.join(str(n) for n in shape)}]"
    return short_repr(value, 40)


def transformed(transform: Callable[..., Any], fn: Callable[..., Any]) -> Callable[..., Any]:
    """``transform(fn)`` (e.g. jax.jit); a failure is the learner's, reported as such.

    Made once per transform and learner function (``plain``'s wrapper, which stays one
    object while the function and what it reads are unchanged): the next check reuses
    what JAX traced and compiled for it. ``transform`` is compared by identity: pass one
    made once (a module-level function, a rule's field), not a new lambda per call.

    While a variant is judged, ``fn`` is transformed as a function object of its own, kept
    per variant: JAX keeps what it traced per function object, and a function that reads
    the variant's values while traced (the grader's reference or a mistake's example,
    checked as an answer) must not be served variant 0's trace.
    """
    variant = variant_key()
    key = (id(fn), id(transform), variant)
    held = _transformed.pop(key, None)
    if held is not None and held[0] is fn and held[1] is transform:
        _transformed[key] = held  # the most recent last
        return held[2]
    try:
        result = transform(_in_this_variant(fn) if variant else fn)
    except Exception as exc:
        raise LearnerCodeError(
            _("Your function could not be transformed: {error}").format(error=one_line(exc)),
            traceback.format_exc(),
            exc,
        ) from None
    if is_wrapper(fn) or _graders_own(fn):
        _transformed[key] = (fn, transform, result)
        while len(_transformed) > _MAX_TRANSFORMED:
            _transformed.pop(next(iter(_transformed)))
    return result


def _graders_own(fn: Any) -> bool:
    """A function of jaxtour's own modules (a reference, a mistake's example), which never
    changes: what a rule's transform made of it is kept as a wrapper's is. Made again, it
    was traced and compiled again on every check (05.loss_and_outliers' reference under
    jax.jit(jax.value_and_grad(...)): two programs a check). A learner's function reaches
    a rule as plain's wrapper, never as itself."""
    return type(fn) is types.FunctionType and str(fn.__module__).startswith("jaxtour.")


_MAX_TRANSFORMED = 64  # as plain's _MAX_WRAPPERS: one per learner function kept
_transformed: dict[tuple[int, int, Any], tuple[Any, Any, Any]] = {}


def _in_this_variant(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` as a new function object (its signature kept, for static_argnums)."""

    @functools.wraps(fn)
    def in_this_variant(*args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    return in_this_variant


def screen(answer: Any) -> str | None:
    """Answers no exercise can accept, caught before any rule runs."""
    if is_tracer(answer):
        return _(
            "This is a tracer that leaked out of jit, grad or vmap: a placeholder JAX "
            "uses while it traces a function, not a real array. Return the value from "
            "the transformed function instead of storing it."
        )
    return None


def read_names(get_answer: Callable[[], Any]) -> set[str]:
    """The global names a check's ``lambda: answer`` reads (``{'answer'}``)."""
    code = getattr(get_answer, "__code__", None)
    return set(getattr(code, "co_names", ()))


def error_in_cell_assigning(names: set[str]) -> BaseException | None:
    """The session's last error, if it came from a cell that assigns one of ``names``.

    IPython keeps each cell's source in ``linecache`` under the cell's file name, and
    keeps the last uncaught error in ``sys.last_value``: the error belongs to the
    exercise cell when a frame of its traceback is in a cell that defines the answer.
    """
    error = getattr(sys, "last_value", None) or getattr(sys, "last_exc", None)
    if error is None or not names:
        return None
    name = "|".join(map(re.escape, sorted(names)))
    defines = re.compile(
        rf"^[ \t]*(?:def[ \t]+(?:{name})\b|(?:{name})[ \t]*(?::[^=\n]*)?=(?!=))", re.M
    )
    frame = error.__traceback__
    while frame is not None:
        source = "".join(linecache.getlines(frame.tb_frame.f_code.co_filename))
        if source and defines.search(source):
            return error
        frame = frame.tb_next
    return None
