"""A hub's service lives no longer than the hub that started it.

JupyterHub starts each managed service (the classroom page, the idle culler) in a
session of its own and stops it with SIGINT when the hub stops cleanly. A hub that is
killed (``kill -9``, the out-of-memory killer) stops nothing: its services ran on as
orphans, the classroom service holding its port (tried: the next hub's service exited at
once, "Address already in use", and the hub started it again every 30 s), the old idle
culler beside the new one.

A hub started where SIGINT is ignored (``jupyterhub ... &`` in a script: bash ignores
SIGINT in what it starts in the background without job control) passes that on to its
services, and Python keeps an ignored SIGINT ignored: the hub's stop then waited 30 s for
each service before its SIGTERM (64.5 s for the guide's hub started so). ``die_with_hub``
takes SIGINT back (Python's KeyboardInterrupt, here and in a program exec'd after it).

``die_with_hub`` makes the kernel send this process SIGTERM when its parent (the hub)
exits (Linux: ``prctl(PR_SET_PDEATHSIG)``, kept across ``exec``); ``hub_is_gone`` says
whether the parent changed since (every system: the classroom service also checks it
every few seconds). ``python -m jaxtour.classroom.with_hub ARGS...`` does the first, then
execs this Python with ARGS: the example ``jupyterhub_config.py`` starts the idle culler
so (``-m jupyterhub_idle_culler ...``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_parent = os.getppid()  # the hub, as this process started


def die_with_hub(sig: int = signal.SIGTERM) -> bool:
    """Have the kernel send ``sig`` to this process when the hub (its parent) exits;
    False where that cannot be asked (not Linux), or the hub is already gone (then
    ``sig`` is sent now). SIGINT, the hub's way to stop a service, is heard even if the
    hub was started ignoring it."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # SIG_DFL after an exec
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, int(sig), 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    if hub_is_gone():  # it exited before the request: nobody will send it
        os.kill(os.getpid(), sig)
        return False
    return True


def hub_is_gone() -> bool:
    """The process that started this one has exited (this one was handed to another)."""
    return os.getppid() != _parent


def main(argv: list[str]) -> None:
    if not argv:
        raise SystemExit("usage: python -m jaxtour.classroom.with_hub -m MODULE [ARGS...]")
    die_with_hub()
    sys.stderr.flush()
    os.execv(sys.executable, [sys.executable, *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
