"""The stop button's path (SIGINT) as a learner's kernel has it, for the tests that press it.

A test here that sends SIGINT expects Python's own handler, unblocked in the main thread,
as in a kernel running a cell (ipykernel installs ``default_int_handler`` around every
cell, whatever it inherited). A test process need not start that way: a run started in
the background (``bash .ci/run &``, ``nohup``, a script's ``cmd &``) starts with SIGINT
ignored, as bash leaves SIGINT and SIGQUIT for what it starts without job control, and
Python keeps an ignored SIGINT ignored (``signal.getsignal`` is ``SIG_IGN`` from the first
line); pytest's workers inherit it. Four of these tests, each passing alone from a
terminal, failed so in the suite's workers (2026-12-07): it was not an earlier test (one
of them alone, started in the background, finds ``SIG_IGN`` before any other test ran).
So each of them sets SIGINT as a cell has it, and puts back what it found when it ends.
A test that changes SIGINT and leaves it changed fails on its own (tests/conftest.py).
"""

from __future__ import annotations

import signal
import threading

import pytest


@pytest.fixture(autouse=True)
def _sigint_as_in_a_running_cell(request):
    if "interrupt" not in request.node.name or threading.current_thread() is not (
        threading.main_thread()
    ):
        yield
        return
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    mask = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if handler is not None:  # None: set outside Python, which Python cannot set again
            signal.signal(signal.SIGINT, handler)
