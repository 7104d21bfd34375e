"""The lessons' helpers an answer called while it was checked, seen as the calls happen.

An exercise that asks for something to be written by hand (02.time_call's timing,
08.speedup's measurement) refuses the lesson's helper that does it. Reading the answer's
code misses a helper called from where no code can be read (a callable object's
``__call__``, a function whose ``__wrapped__`` shows other text, a name bound elsewhere):
so each such helper says when it is called from outside jaxtour during a check
(``jaxtour.helper_calls.note``, a foundation the learner's tooling may import), and the
check asks what was called (``called_in_this_check``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jaxtour.helper_calls import KEY


def called_in_this_check(names: tuple[str, ...]) -> Callable[[Any], bool]:
    """Matches when, in the check under way, the answer called one of ``names``."""

    def matches(answer: Any) -> bool:
        from jaxtour.grader import rules

        return bool(rules._this_check and set(names) & rules._this_check[-1].get(KEY, set()))  # noqa: SLF001

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
