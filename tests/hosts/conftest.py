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

The tests that run both ways of starting workers (forked from the worker server, and fresh
Pythons: ``JAXTOUR_WORKER_SERVER=0``) run the forked way first, then the fresh way. A kernel
has one worker server, of the way asked last: each change of way stops it and starts one
of the other way, and the forked way's imports JAX (about 2 s of CPU). In the order they
are written, the two ways alternated test by test.
"""

from __future__ import annotations

import signal
import threading
from pathlib import Path

import pytest

HERE = Path(__file__).parent


def _fresh_way(item) -> bool:
    """Whether the test starts its workers as fresh Pythons (its ``way`` or ``fresh``)."""
    callspec = getattr(item, "callspec", None)
    params = callspec.params if callspec is not None else {}
    return bool(params.get("way", False) or params.get("fresh", False))


def pytest_collection_modifyitems(items):
    """The forked way's tests of tests/hosts first, then the fresh way's, each in the order
    written, in the places these tests had among all the items."""
    places = [i for i, item in enumerate(items) if item.path.is_relative_to(HERE)]
    ordered = sorted((items[i] for i in places), key=_fresh_way)  # stable
    for place, item in zip(places, ordered, strict=True):
        items[place] = item


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
