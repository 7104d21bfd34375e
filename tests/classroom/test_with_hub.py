"""A hub killed with -9 takes its services along (``jaxtour.classroom.with_hub``).

A stand-in hub (a Python process) starts the child in a session of its own, as JupyterHub
starts a managed service, and is killed with SIGKILL; the child must be gone within
``GONE_S`` and, for the classroom service, its port free again for the next hub's
service. No JupyterHub process: seconds.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.helpers import ROOT

GONE_S = 5.0  # the kernel's signal is immediate; the service's own check is every 2 s
LINUX = sys.platform.startswith("linux")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (its parent, init, has not reaped it yet) is gone
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except (OSError, IndexError):
        return True


def _hub_starting(
    child: list[str], env: dict | None = None, sigint_ignored: bool = False
) -> tuple[subprocess.Popen, int]:
    """A stand-in hub that starts ``child`` (a new session, as JupyterHub does) and
    prints its pid; returns the hub and the child's pid. ``sigint_ignored``: the hub was
    started with SIGINT ignored, as bash starts `jupyterhub ... &` in a script (no job
    control), and its child inherits that."""
    code = textwrap.dedent(
        f"""
        import signal, subprocess, sys, time
        if {sigint_ignored!r}:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        child = subprocess.Popen({child!r}, start_new_session=True, env={env!r} or None)
        print(child.pid, flush=True)
        time.sleep(600)
        """
    )
    hub = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    return hub, int(hub.stdout.readline())


def _gone_after_the_hub_is_killed(hub: subprocess.Popen, pid: int) -> float:
    """Kill the stand-in hub with -9; the seconds until ``pid`` is gone (inf: not within
    ``GONE_S``, then it is killed)."""
    hub.kill()
    hub.wait()
    start = time.monotonic()
    while time.monotonic() - start < GONE_S:
        if not _alive(pid):
            return time.monotonic() - start
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    return float("inf")


@pytest.mark.skipif(not LINUX, reason="the kernel's parent-death signal is Linux's")
def test_a_command_run_with_hub_stops_when_the_hub_is_killed():
    # the idle culler's way in the example config: with_hub, then exec (the same pid)
    sleeper = [
        sys.executable,
        "-m",
        "jaxtour.classroom.with_hub",
        "-c",
        "import time; time.sleep(60)",
    ]
    hub, pid = _hub_starting(sleeper)
    time.sleep(1.0)  # exec'd: the sleeper runs under the same pid
    assert _alive(pid)
    assert _gone_after_the_hub_is_killed(hub, pid) < GONE_S


def test_hub_is_gone_once_the_process_that_started_it_has_exited():
    # the service's own check, everywhere (no parent-death signal asked for here)
    watcher = [
        sys.executable,
        "-c",
        "from jaxtour.classroom import with_hub; import time\n"
        "while not with_hub.hub_is_gone(): time.sleep(0.05)",
    ]
    hub, pid = _hub_starting(watcher)
    time.sleep(1.0)
    assert _alive(pid)  # its hub runs: it waits
    assert _gone_after_the_hub_is_killed(hub, pid) < GONE_S


def _gone_after_sigint(pid: int) -> float:
    """Send ``pid`` SIGINT, as a hub stops its services; the seconds until it is gone
    (inf: not within ``GONE_S``, then it is killed)."""
    os.kill(pid, signal.SIGINT)
    start = time.monotonic()
    while time.monotonic() - start < GONE_S:
        if not _alive(pid):
            return time.monotonic() - start
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    return float("inf")


def _listening(port: int, pid: int) -> None:
    deadline = time.monotonic() + 60
    while True:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        assert time.monotonic() < deadline and _alive(pid), "the service did not listen"
        time.sleep(0.2)


def _service_env(port: int) -> dict:
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
        "JUPYTERHUB_SERVICE_PREFIX": "/services/jaxtour-classroom/",
        "JUPYTERHUB_API_URL": "http://127.0.0.1:9/hub/api",  # never asked: no page is read
        "JUPYTERHUB_API_TOKEN": "a-token",
    }


def test_a_service_stops_at_the_hubs_sigint_even_from_a_hub_that_ignores_it(tmp_path):
    """A hub started in the background of a script (bash ignores SIGINT there) passes the
    ignored SIGINT on to its services: the hub's stop then waited 30 s for each (64.5 s
    for the guide's hub started so, 2026-12-06). Both take SIGINT back."""
    pytest.importorskip("jupyterhub")
    culler = [
        sys.executable,
        "-m",
        "jaxtour.classroom.with_hub",
        "-c",
        "import time; time.sleep(60)",
    ]
    port = _free_port()
    store = str(tmp_path / "{username}" / "progress.sqlite3")
    service = [sys.executable, "-m", "jaxtour.classroom", "--store", store]
    for child, env in ((culler, None), (service, _service_env(port))):
        hub, pid = _hub_starting(child, env, sigint_ignored=True)
        try:
            if env:
                _listening(port, pid)
            else:
                time.sleep(1.0)
            assert _alive(pid)
            assert _gone_after_sigint(pid) < GONE_S, child
        finally:
            hub.kill()
            hub.wait()


def test_the_classroom_service_stops_with_its_hub_and_frees_its_port(tmp_path):
    pytest.importorskip("jupyterhub")
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
        "JUPYTERHUB_SERVICE_PREFIX": "/services/jaxtour-classroom/",
        "JUPYTERHUB_API_URL": "http://127.0.0.1:9/hub/api",  # never asked: no page is read
        "JUPYTERHUB_API_TOKEN": "a-token",
    }
    store = str(tmp_path / "{username}" / "progress.sqlite3")
    hub, pid = _hub_starting([sys.executable, "-m", "jaxtour.classroom", "--store", store], env)
    deadline = time.monotonic() + 60
    while True:  # listening
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                break
        assert time.monotonic() < deadline and _alive(pid), "the service did not listen"
        time.sleep(0.2)
    assert _gone_after_the_hub_is_killed(hub, pid) < GONE_S
    with socket.socket() as sock:  # the next hub's service can bind it
        sock.bind(("127.0.0.1", port))
