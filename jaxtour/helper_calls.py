"""The lessons' helpers an answer called during a check, noted as the calls happen.

A helper of the learner's tooling (``jaxtour.timing.measure``) calls ``note`` with its
name; a check under way keeps it, and the grader's ``jaxtour.grader.helper_calls`` asks
what was called. A foundation: it imports no jaxtour module (the check under way is read
from ``jaxtour.grader.rules`` in ``sys.modules``, where the grader put it), so that the
learner's tooling need not import the grader.
"""

from __future__ import annotations

import os
import sys

KEY = ("helpers called",)
_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep  # jaxtour/


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
        memo.setdefault(KEY, set()).add(name)
