"""What in the learner's session can stop a check, named instead of blamed on jaxtour.

When checking fails, the cause is usually not the grader's: the answer rebound a
function the grader reads (``builtins.isinstance``), closed ``sys.stdout``, or the
session asked NumPy to raise on every floating-point warning (``np.seterr(all="raise")``).
``session_obstacles`` lists such facts in plain words; only when there are none does the
judge call a failure a bug in jaxtour.
"""

from __future__ import annotations

import sys

from jaxtour.grader.pristine import differences, np, pristine_namespaces

__all__ = ["describe_changes", "session_obstacles"]


def describe_changes(names: list[str], when: str) -> str:
    """``builtins.isinstance and jax.numpy.mean were rebound <when>``."""
    shown = sorted(set(names))
    listed = ", ".join(shown[:5]) + (f" and {len(shown) - 5} more" if len(shown) > 5 else "")
    return f"{listed} {'was' if len(shown) == 1 else 'were'} rebound {when}"


def session_obstacles(changed_in_check: list[str] | None = None) -> list[str]:
    """Plain sentences, one per thing in the session that can break a check."""
    found: list[str] = []
    if changed_in_check:
        found.append(describe_changes(changed_in_check, "by your code while it was checked"))
    before = [name for module in pristine_namespaces() for name in differences(module)]
    if before:
        found.append(describe_changes(before, "in this session (by a cell, not by jaxtour)"))
    for stream in ("stdout", "stderr"):
        current = getattr(sys, stream, None)
        if current is None or getattr(current, "closed", False):
            found.append(f"sys.{stream} is closed or missing, so nothing can be printed")
    try:
        raising = sorted(kind for kind, mode in np.geterr().items() if mode == "raise")
    except Exception:
        raising = []
    if raising:
        found.append(
            f"NumPy raises on floating-point {', '.join(raising)} (np.seterr(...) set to "
            "'raise'); np.seterr(all='warn') puts the default back"
        )
    return found
