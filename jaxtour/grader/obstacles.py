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
from jaxtour.i18n import _, ngettext

__all__ = ["describe_changes", "session_obstacles"]


def describe_changes(names: list[str], when: str) -> str:
    """``builtins.isinstance, jax.numpy.mean were rebound by your code while it was
    checked``: ``when`` is "check" (by the answer, during the check) or "session"."""
    calls = sorted({name for name in names if name.endswith(")")})
    rebound = sorted({name for name in names if not name.endswith(")")})
    sentences = []
    if calls:  # settings the answer changed by a call: sys.setprofile(), checks.set_time_limit()
        sentences.append(
            _("your code called {names} while it was checked").format(names=_listed(calls))
        )
    if rebound or not calls:
        sentences.append(_rebound_sentence(rebound, when))
    return "; ".join(sentences)


def _listed(shown: list[str]) -> str:
    listed = ", ".join(shown[:5])
    if len(shown) > 5:
        listed = _("{names} and {count} more").format(names=listed, count=len(shown) - 5)
    return listed


def _rebound_sentence(shown: list[str], when: str) -> str:
    listed = _listed(shown)
    if when == "check":
        sentence = ngettext(
            "{names} was rebound by your code while it was checked",
            "{names} were rebound by your code while it was checked",
            len(shown),
        )
    else:
        sentence = ngettext(
            "{names} was rebound in this session (by a cell, not by jaxtour)",
            "{names} were rebound in this session (by a cell, not by jaxtour)",
            len(shown),
        )
    return sentence.format(names=listed)


def session_obstacles(changed_in_check: list[str] | None = None) -> list[str]:
    """Plain sentences, one per thing in the session that can break a check."""
    found: list[str] = []
    if changed_in_check:
        found.append(describe_changes(changed_in_check, "check"))
    before = [name for module in pristine_namespaces() for name in differences(module)]
    if before:
        found.append(describe_changes(before, "session"))
    for stream in ("stdout", "stderr"):
        current = getattr(sys, stream, None)
        if current is None or getattr(current, "closed", False):
            found.append(
                _("{stream} is closed or missing, so nothing can be printed").format(
                    stream=f"sys.{stream}"
                )
            )
    try:
        raising = sorted(kind for kind, mode in np.geterr().items() if mode == "raise")
    except Exception:
        raising = []
    if raising:
        found.append(
            _(
                "NumPy raises on floating-point {kinds} (np.seterr(...) set to 'raise'); "
                "np.seterr(all='warn') puts the default back"
            ).format(kinds=", ".join(raising))
        )
    return found
