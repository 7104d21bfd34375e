"""The lessons' helpers an answer called while it was checked, seen as the calls happen.

An exercise that asks for something to be written by hand (02.time_call's timing,
08.speedup's measurement) refuses the lesson's helper that does it. Reading the answer's
code misses a helper called from where no code can be read (a callable object's
``__call__``, a function whose ``__wrapped__`` shows other text, a name bound elsewhere):
so each such helper tells this module when it is called from outside jaxtour during a
check, and the check asks what was called (``called_in_this_check``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

_KEY = ("helpers called",)
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def note(name: str, depth: int = 2) -> None:
    """``name`` (a helper, as ``"timing.measure"``) was called: kept for the check under way
    when the nearest caller outside the helper's own module is not jaxtour's (the grader
    measuring with it is not the answer). ``depth``: frames from here to the helper's."""
    rules = sys.modules.get("jaxtour.grader.rules")
    checks_under_way = getattr(rules, "_this_check", None)
    if not checks_under_way:
        return
    frame = sys._getframe(depth)  # noqa: SLF001 - the helper's own frame
    helper_file = frame.f_code.co_filename
    while frame is not None and frame.f_code.co_filename == helper_file:
        frame = frame.f_back
    if frame is None or os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE):
        return
    for memo in checks_under_way:  # a check inside an answer: the outer one's answer too
        memo.setdefault(_KEY, set()).add(name)


def called_in_this_check(names: tuple[str, ...]) -> Callable[[Any], bool]:
    """Matches when, in the check under way, the answer called one of ``names``."""

    def matches(answer: Any) -> bool:
        from jaxtour.grader import rules

        return bool(rules._this_check and set(names) & rules._this_check[-1].get(_KEY, set()))  # noqa: SLF001

    return matches


TIMERS_CALLED = ("timing.measure", "timing.dispatch_only")  # the helpers that time a call


def reads_or_calls(
    module: str, names: tuple[str, ...], called: tuple[str, ...]
) -> Callable[[Any], bool]:
    """Matches an answer whose code reads one of ``module``'s ``names`` (``uses_module``)
    or that called one of ``called`` while it was checked, from wherever it was reached."""
    from jaxtour.grader.mistakes import uses_module

    reads = uses_module(module, names)
    calls = called_in_this_check(called)
    return lambda answer: reads(answer) or calls(answer)
