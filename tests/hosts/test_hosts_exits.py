"""hosts.run leaves no process behind, whichever way it ends: each case starts workers
that start children of their own (one in the worker's process group, one that leaves it
with a session of its own), ends the run one way (finished, failed, time limit, output
that is not UTF-8, an interrupt while worker 2 of 3 starts, the kernel's exit while the
run goes on), and counts what the workers and their children recorded (a file named by
each one's pid, written before anything can end it) and how many of them still run.
Both ways of starting workers: forked from the worker server, and fresh Pythons."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from jaxtour import hosts

# A worker: records its pid, starts a child in its own group and one in a session of
# its own (each records its pid, then sleeps far past any test), waits until both have
# recorded theirs, then does what the case asks (TAIL).
WORKER = """\
import os, subprocess, sys, time
pids = {pids!r}
def record(pid):
    open(os.path.join(pids, str(pid)), "w").close()
record(os.getpid())
sleeper = (
    "import os, time; open(os.path.join({pids!r}, str(os.getpid())), 'w').close(); "
    "time.sleep(120)"
)
subprocess.Popen([sys.executable, "-c", sleeper])
subprocess.Popen([sys.executable, "-c", sleeper], start_new_session=True)
while len(os.listdir(pids)) < 3 * (1 + {number_of_me}):
    time.sleep(0.01)
"""


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, ended and not yet reaped by its parent, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def recorded(pids: Path) -> list[int]:
    return [int(path.name) for path in pids.iterdir()]


def worker(tmp_path: Path, tail: str, serial: bool = True) -> tuple[Path, Path]:
    """The worker script and its pids folder. ``serial``: worker N waits until the
    workers before it have recorded theirs and their children's (the count is exact)."""
    pids = tmp_path / "pids"
    pids.mkdir()
    me = "__import__('json').loads(os.environ['JAXTOUR_HOSTS'])['process_id']"
    script = tmp_path / "worker.py"
    script.write_text(
        WORKER.format(pids=str(pids), number_of_me=me if serial else 0) + textwrap.dedent(tail)
    )
    return script, pids


@pytest.fixture(params=[False, True], ids=["forked", "fresh Python"])
def way(request, monkeypatch):
    monkeypatch.setenv(hosts.SERVER_VARIABLE, "0" if request.param else "1")
    server = hosts._server()  # JAX imported (forked) before any clock starts
    assert server is not None and server.wait_until_ready() and server.fresh == request.param
    return "fresh" if request.param else "forked"


def wait_for(pids: Path, count: int) -> None:
    deadline = time.monotonic() + 60
    while len(recorded(pids)) < count and time.monotonic() < deadline:
        time.sleep(0.01)


@pytest.mark.parametrize(
    ("tail", "returncode"),
    [("", 0), ("raise ValueError('no')\n", 1), ("time.sleep(120)\n", None)],
    ids=["finished", "failed", "time limit"],
)
def test_every_worker_and_every_child_ends_with_the_run(tmp_path, way, tail, returncode):
    script, pids = worker(tmp_path, tail)
    results = hosts.run(
        script, processes=2, devices_per_process=1, timeout_s=20 if returncode is not None else 4
    )
    assert [r.returncode for r in results] == [returncode, returncode]
    assert len(recorded(pids)) == 6  # two workers, two children each
    assert [pid for pid in recorded(pids) if alive(pid)] == []


def test_output_that_is_not_utf8_is_read_with_replacement(tmp_path, way):
    script, pids = worker(
        tmp_path,
        """\
        sys.stdout.buffer.write(b"caf\\xe9 \\xff\\n"); sys.stdout.flush()
        sys.stderr.buffer.write(b"\\x80\\x81 bad\\n"); sys.stderr.flush()
        os.write(1, b"native \\xfe\\n")
        """,
    )
    results = hosts.run(script, processes=2, devices_per_process=1, timeout_s=20)
    assert len(results) == 2
    for result in results:
        assert "caf\ufffd \ufffd\n" in result.stdout
        assert "native \ufffd\n" in result.stdout
        assert "\ufffd\ufffd bad" in result.stderr
        assert result.ok
    assert len(recorded(pids)) == 6
    assert [pid for pid in recorded(pids) if alive(pid)] == []


def test_an_interrupt_while_worker_2_of_3_starts_leaves_none_running(tmp_path, way, monkeypatch):
    """SIGINT (the stop button) arrives once worker 2 exists, before run() has it: before
    the server's answer is taken (both ways start workers through the server on Linux).
    Workers 1 and 2 and their children are all killed; worker 3 never starts."""
    script, pids = worker(tmp_path, "time.sleep(120)\n", serial=False)
    calls = []

    def interrupted(real):
        def start(*args, **kwargs):
            started = real(*args, **kwargs)
            calls.append(started)
            if len(calls) == 2:
                wait_for(pids, 6)  # worker 2 and its children exist
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(5)  # the signal's KeyboardInterrupt is raised here
            return started

        return start

    monkeypatch.setattr(hosts._Server, "start", interrupted(hosts._Server.start))
    with pytest.raises(KeyboardInterrupt):
        hosts.run(script, processes=3, devices_per_process=1, timeout_s=60)
    assert len(calls) == 2
    assert len(recorded(pids)) == 6
    assert [pid for pid in recorded(pids) if alive(pid)] == []
    # the server kept nothing of the stopped run, and runs on
    server = hosts._server()
    assert server is not None and server._pids == []
    ok = tmp_path / "ok.py"
    ok.write_text("print('ok')\n")
    assert [r.stdout for r in hosts.run(ok, processes=1)] == ["ok\n"]


KERNEL = """\
import sys, threading, time
from jaxtour import hosts
thread = threading.Thread(
    target=hosts.run, args=({script!r},), kwargs=dict(processes=2, timeout_s=300), daemon=True
)
thread.start()
deadline = time.monotonic() + 60
import os
while len(os.listdir({pids!r})) < 6 and time.monotonic() < deadline:
    time.sleep(0.01)
print(len(os.listdir({pids!r})), flush=True)
# The kernel exits while the run goes on in its thread: nothing unwinds run(), the
# finalizer is what kills its workers.
"""


def test_the_kernels_exit_ends_a_run_still_going(tmp_path, way):
    script, pids = worker(tmp_path, "time.sleep(120)\n")
    kernel = tmp_path / "kernel.py"
    kernel.write_text(KERNEL.format(script=str(script), pids=str(pids)))
    environment = {**os.environ, "PYTHONPATH": str(Path(hosts.__file__).parents[1])}
    finished = subprocess.run(
        [sys.executable, str(kernel)],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.strip() == "6"
    assert len(recorded(pids)) == 6
    deadline = time.monotonic() + 5  # the reparented children are reaped by init
    while [pid for pid in recorded(pids) if alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [pid for pid in recorded(pids) if alive(pid)] == []


# --- round 2 (issue 36, session 44) ---------------------------------------------------


def test_output_of_gigabyte_scale_reaches_the_kernel_bounded(tmp_path, way):
    """A worker that prints without end: the kernel reads its first and last halves (at
    most hosts.OUTPUT_BYTES a stream), never the whole file."""
    script, pids = worker(
        tmp_path,
        """\
        block = ("x" * 1023 + "\\n") * 1024  # 1 MiB
        for _ in range(24):
            sys.stdout.write(block); sys.stderr.write(block)
        print("the last line"); sys.stdout.flush()
        print("the last error", file=sys.stderr); sys.stderr.flush()
        """,
    )
    results = hosts.run(script, processes=2, devices_per_process=1, timeout_s=60)
    for result in results:
        assert result.ok
        for text, last in ((result.stdout, "the last line\n"), (result.stderr, "the last error\n")):
            assert len(text.encode()) <= hosts.OUTPUT_BYTES + 16
            assert text.startswith("x" * 1023) and text.endswith(last)
            assert "\n[…]\n" in text
    assert len(recorded(pids)) == 6
    assert [pid for pid in recorded(pids) if alive(pid)] == []


def test_a_child_that_drops_the_token_and_the_group_still_ends(tmp_path, way):
    """It carries neither the run's token nor a worker's group: the worker server, its
    subreaper, adopts it when the worker ends, and the run's stop kills it."""
    pid_file = tmp_path / "escaped"
    script = tmp_path / "escape.py"
    child = f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(60)"
    script.write_text(
        "import os, subprocess, sys, time\n"
        f"subprocess.Popen([sys.executable, '-c', {child!r}], env={{}}, start_new_session=True)\n"
        f"while not os.path.exists({str(pid_file)!r}):\n"  # it has recorded its pid
        "    time.sleep(0.01)\n"
        "time.sleep(0.1)\n"
    )
    try:
        (result,) = hosts.run(script, processes=1, devices_per_process=1, timeout_s=60)
        assert result.ok, result.stderr
        time.sleep(0.5)
        pid = int(pid_file.read_text())
        escaped = alive(pid)
    finally:
        if pid_file.exists() and alive(int(pid_file.read_text())):
            os.kill(int(pid_file.read_text()), signal.SIGKILL)  # ours: the test started it
    assert not escaped
