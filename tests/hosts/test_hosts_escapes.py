"""Processes that try to escape hosts.run (issue 36): a worker starts descendants that
detach every way a daemon does (a session of its own with the environment cleared, a
double fork with every file descriptor closed, one that ignores SIGTERM, SIGHUP and
SIGINT, one in a process group of its own, one that forks a successor and exits again and
again), and the run ends one way (finished, failed, time limit, interrupted, the kernel
killed with -9 mid-run). Each case counts the processes recorded (a file named after
each, written before anything can end it) and the ones still running: none. Both ways of
starting workers: forked from the worker server, and fresh Pythons (through the server,
their subreaper, on Linux)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from jaxtour import hosts

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the subreaper is Linux's"
)

# Each kind of escape: a `python -c` program started by the worker with an empty
# environment (no run token), given the pids folder as its one argument.
RECORD = (
    "import os, sys\n"
    "def record(tag):\n"
    "    open(os.path.join(sys.argv[1], f'{tag}-{os.getpid()}'), 'w').close()\n"
)
ESCAPES = {
    # a session of its own, nothing of the run's in its environment
    "session": "record('session')\nimport time; time.sleep(300)\n",
    # a daemon: fork, setsid, fork again, the middle one exits, every descriptor closed
    "daemon": textwrap.dedent(
        """\
        import time
        if os.fork():
            os._exit(0)
        os.setsid()
        if os.fork():
            os._exit(0)
        folder = sys.argv[1]
        os.closerange(0, 1024)
        open(os.path.join(folder, f'daemon-{os.getpid()}'), 'w').close()
        time.sleep(300)
        """
    ),
    # deaf to the polite signals
    "deaf": textwrap.dedent(
        """\
        import signal, time
        for name in ('SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT'):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
        os.setsid()
        record('deaf')
        time.sleep(300)
        """
    ),
    # a process group of its own, in the worker's session
    "group": "os.setpgid(0, 0)\nrecord('group')\nimport time; time.sleep(300)\n",
    # a new pid every 20 ms: forks its successor and exits, for ever
    "hopper": textwrap.dedent(
        """\
        import time
        os.setsid()
        while True:
            record('hopper')
            time.sleep(0.02)
            if os.fork():
                os._exit(0)
        """
    ),
}
KINDS = tuple(ESCAPES)

WORKER = """\
import os, subprocess, sys, time
pids = {pids!r}
open(os.path.join(pids, f"worker-{{os.getpid()}}"), "w").close()
for code in {codes!r}:
    subprocess.Popen([sys.executable, "-c", code, pids], env={{}}, close_fds=True,
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)
# Worker N waits until N + 1 of each kind have recorded theirs: the last worker to end
# has seen every process of the run recorded, so the count is exact.
me = __import__("json").loads(os.environ["JAXTOUR_HOSTS"])["process_id"]
def counts():
    names = [name.split("-")[0] for name in os.listdir(pids)]
    return {{kind: names.count(kind) for kind in {kinds!r}}}
while min(counts().values()) < me + 1:
    time.sleep(0.01)
"""


def worker(tmp_path: Path, tail: str) -> tuple[Path, Path]:
    pids = tmp_path / "pids"
    pids.mkdir()
    script = tmp_path / "worker.py"
    codes = [RECORD + ESCAPES[kind] for kind in KINDS]
    script.write_text(
        WORKER.format(pids=str(pids), codes=codes, kinds={"worker", *KINDS}) + textwrap.dedent(tail)
    )
    return script, pids


def recorded(pids: Path) -> dict[int, str]:
    """Each recorded process, by pid: its kind."""
    return {int(p.name.split("-")[1]): p.name.split("-")[0] for p in pids.iterdir()}


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def running(pids: Path, within_s: float = 0.0) -> list[str]:
    """The recorded processes still running (after waiting up to ``within_s`` for the
    last to go)."""
    deadline = time.monotonic() + within_s
    while True:
        left = [f"{kind} {pid}" for pid, kind in recorded(pids).items() if alive(pid)]
        if not left or time.monotonic() >= deadline:
            return left
        time.sleep(0.05)


def kinds(pids: Path) -> dict[str, int]:
    counts: dict[str, int] = {}
    for kind in recorded(pids).values():
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def wait_for_all(pids: Path) -> None:
    deadline = time.monotonic() + 60
    while set(kinds(pids)) < {"worker", *KINDS} and time.monotonic() < deadline:
        time.sleep(0.01)


@pytest.fixture
def pids_left(tmp_path):
    """After the test: kill what the test's own workers left (ours, by recorded pid), so
    that a failing case leaves nothing running on the machine."""
    yield
    for _round in range(50):
        folder = tmp_path / "pids"
        left = [pid for pid in recorded(folder) if alive(pid)] if folder.exists() else []
        if not left:
            return
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.02)


@pytest.fixture(params=[False, True], ids=["forked", "fresh Python"])
def way(request, monkeypatch, pids_left):
    monkeypatch.setenv(hosts.SERVER_VARIABLE, "0" if request.param else "1")
    server = hosts._server()
    assert server is not None and server.wait_until_ready()
    assert server.adopts  # this Linux has the subreaper
    return "fresh" if request.param else "forked"


def counted(pids: Path, workers: int) -> None:
    """Every kind recorded, once each per worker (the hopper at least once); none runs."""
    counts = kinds(pids)
    assert {kind: n for kind, n in counts.items() if kind != "hopper"} == {
        kind: workers for kind in ("worker", *KINDS) if kind != "hopper"
    }
    assert counts["hopper"] >= workers
    assert running(pids) == []


@pytest.mark.parametrize(
    ("tail", "returncode"),
    [("", 0), ("raise ValueError('no')\n", 1), ("time.sleep(120)\n", None)],
    ids=["finished", "failed", "time limit"],
)
def test_nothing_a_worker_detaches_outlives_the_run(tmp_path, way, tail, returncode):
    script, pids = worker(tmp_path, tail)
    results = hosts.run(
        script, processes=2, devices_per_process=1, timeout_s=30 if returncode is not None else 10
    )
    assert [r.returncode for r in results] == [returncode, returncode], results
    counted(pids, workers=2)


def test_nothing_a_worker_detaches_outlives_an_interrupted_run(tmp_path, way):
    script, pids = worker(tmp_path, "time.sleep(120)\n")
    interrupt = threading.Thread(
        target=lambda: (wait_for_all(pids), os.kill(os.getpid(), signal.SIGINT)), daemon=True
    )
    interrupt.start()
    with pytest.raises(KeyboardInterrupt):
        hosts.run(script, processes=1, devices_per_process=1, timeout_s=90)
    interrupt.join()
    counted(pids, workers=1)


KERNEL = """\
from jaxtour import hosts
hosts.run({script!r}, processes=2, devices_per_process=1, timeout_s=300)
"""


def test_nothing_a_worker_detaches_outlives_a_kernel_killed_mid_run(tmp_path, way):
    """SIGKILL: nothing of the kernel's runs. Its worker server sees its stdin close and
    the kernel's death (PR_SET_PDEATHSIG), and ends everything it adopted."""
    script, pids = worker(tmp_path, "time.sleep(120)\n")
    kernel = subprocess.Popen(
        [sys.executable, "-c", KERNEL.format(script=str(script))],
        env={**os.environ, "PYTHONPATH": str(Path(hosts.__file__).parents[1])},
    )
    try:
        deadline = time.monotonic() + 90
        while min(kinds(pids).get(kind, 0) for kind in ("worker", *KINDS)) < 2:
            assert kernel.poll() is None and time.monotonic() < deadline
            time.sleep(0.02)
        kernel.kill()
        kernel.wait()
        assert running(pids, within_s=20) == []
        counted(pids, workers=2)
    finally:
        if kernel.poll() is None:
            kernel.kill()
            kernel.wait()


def test_off_linux_run_says_once_what_it_cannot_end(tmp_path, monkeypatch, capsys):
    """macOS has no child subreaper: run() still kills every worker and its process
    group, and says once, in plain words, that a detached process can outlive it."""
    script = tmp_path / "worker.py"
    script.write_text("print('ok')\n")
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(hosts, "_told", [False])
    for _ in range(2):
        (result,) = hosts.run(script, processes=1)
        assert result.stdout == "ok\n"
    err = capsys.readouterr().err
    assert err.count("On this system (macOS) jaxtour cannot adopt") == 1
    assert "Traceback" not in err
