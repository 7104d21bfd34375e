"""Run one worker script on several JAX processes of this machine, from a notebook.

Multi-process JAX (lesson 14) starts one Python process per host, each calling
``jax.distributed.initialize`` before anything else. ``run`` does on one machine what a
cluster's launcher does on many: it picks a free port for the coordinator, starts
``processes`` fresh Pythons on ``script`` (never the notebook's own kernel), each with its
own process id, ``devices_per_process`` devices and short timeouts, waits for them all,
kills every one still running after ``timeout_s``, and returns what each printed and how
it ended. In a worker, ``initialize_arguments()`` gives the arguments its launcher chose:

    jax.distributed.initialize(**hosts.initialize_arguments())

On the CPU each process gets ``devices_per_process`` virtual CPU devices
(``jax_num_cpu_devices``) and the processes talk through gloo
(``jax_cpu_collectives_implementation``). On GPUs (``platform="gpu"``) each process gets
``devices_per_process`` of the machine's GPUs (``local_device_ids``).

The processes reach each other, and the coordinator, through TCP sockets on 127.0.0.1.
Where a sandbox forbids them, ``run`` raises ``WorkersUnavailable`` at once, with one
sentence that says so (``workers_unavailable()`` asks without starting anything).

Nothing a worker starts outlives the run, however it detaches (a session of its own, a
daemon's double fork, its environment cleared, its descriptors closed, SIGTERM ignored):
on Linux the workers' parent is this kernel's worker server (jaxtour/worker_server.py),
their child subreaper, which adopts every process they leave and kills the run's whole
tree when ``run`` returns, raises or is interrupted, and its own whole tree when the
kernel dies (even by SIGKILL). Elsewhere (macOS) ``run`` kills each worker's process
group and says once what it cannot end (``processes_may_escape()``).

``subprocess``'s ``Popen`` is bound here when this module is imported (lesson 14's setup
cell), so a notebook that rebinds ``subprocess.Popen`` later does not change how workers
are started.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import select
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
import uuid
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from subprocess import DEVNULL, PIPE, Popen, TimeoutExpired
from typing import Any

from jaxtour.i18n import _

__all__ = [
    "SETTINGS_VARIABLE",
    "Finished",
    "WorkersUnavailable",
    "free_port",
    "initialize_arguments",
    "processes_may_escape",
    "run",
    "scratch_folder",
    "show",
    "start_server",
    "without_gloo_lines",
    "worker_environment",
    "workers_unavailable",
]

SETTINGS_VARIABLE = "JAXTOUR_HOSTS"  # a worker's arguments for jax.distributed.initialize
# Each run's own token, in every worker's environment and so in every process a worker
# starts with it (subprocess passes os.environ on): where one left its process group
# (setsid, a daemon's double fork), run() still finds it in /proc and kills it.
RUN_VARIABLE = "JAXTOUR_HOSTS_RUN"
INITIALIZATION_TIMEOUT_S = 60  # how long a process waits for the others to connect
HEARTBEAT_TIMEOUT_S = 4  # a process silent this long counts as dead, and every peer ends
SHUTDOWN_TIMEOUT_S = 10  # how long a finished process waits for the others to finish
PLATFORMS = {"cpu": "cpu", "gpu": "cuda"}

# gloo, the CPU collectives library, prints a line to stdout for each connection it makes.
_GLOO_LINE = re.compile(
    r"\[Gloo\] Rank \d+ is connected to \d+ peer ranks?\. Expected number "
    r"of connected peer ranks is : \d+\n?"
)
_FATAL = re.compile(r"^F\d{4} [\d:.]+\s+\d+ [\w.]+:\d+\] (.*)$")  # absl's fatal log line


def without_gloo_lines(text: str) -> str:
    """``text`` without gloo's connection lines. gloo's threads write them while the
    script prints, so one can cut into another, or into a line of the script's: removing
    each whole one joins what it cut, until none is left."""
    while True:
        shorter = _GLOO_LINE.sub("", text)
        if shorter == text:
            return text
        text = shorter


_GLOO_PIECES = re.compile(
    r"\[Gloo\] Rank | is connected to | peer ranks\. |Expected number of connected peer ranks is : "
)


def _not_gloo(native: str) -> str:
    """What native code wrote to a worker's stdout, less gloo's connection lines. Its
    threads write each line in pieces (text, number, text, ...) that cut into each other
    at any piece, so the whole-line pattern cannot find them: with every text piece
    removed, gloo's leave only digits and line ends. Anything else is kept, whole."""
    rest = _GLOO_PIECES.sub("", native)
    return "" if re.fullmatch(r"[\d\s]*", rest) else native


def free_port() -> int:
    """A TCP port on this machine that nothing listens on now (the coordinator's)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class WorkersUnavailable(RuntimeError):
    """This machine cannot run workers: its processes may not open TCP sockets on
    127.0.0.1 (a sandbox without a network, ``OSError: [Errno 97]``). Shown by IPython as
    its one sentence, without a traceback: nothing in the notebook's code is at fault."""

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


def workers_unavailable() -> str | None:
    """None when a process here can listen on 127.0.0.1 and another can connect to it,
    as the workers and their coordinator do; else the sentence that says why not."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as server:
            server.bind(("127.0.0.1", 0))
            server.listen(1)
            with socket.create_connection(server.getsockname(), timeout=5):
                pass
    except OSError as error:
        return _(
            "This machine does not let its processes open network sockets ({error}), and "
            "the worker processes of lesson 14 talk through them, even on one machine: "
            "nothing here can start them. It is the machine, not your code. Run the lesson "
            "where processes may use the network on 127.0.0.1: your own computer, Colab "
            "or Binder."
        ).format(error=f"{type(error).__name__}: {error}")
    return None


def processes_may_escape() -> str | None:
    """None where ``run`` ends every process its workers start, however it detaches
    (Linux: the worker server adopts them, ``PR_SET_CHILD_SUBREAPER``); else the sentence
    that says what ``run`` cannot end there. ``run`` prints it once per kernel."""
    if sys.platform.startswith("linux") and _can_adopt():
        return None
    return _(
        "On this system ({system}) jaxtour cannot adopt the processes a worker detaches "
        "from itself: run() kills every worker and the process group each one leads, but "
        "a process a worker starts in a session of its own (setsid, a daemon's double "
        "fork) can outlive the run. Have the script end what it starts."
    ).format(system=_platform_name())


def _platform_name() -> str:
    """``macOS``, ``Windows``, ``Linux`` or what Python calls the system."""
    return {"darwin": "macOS", "win32": "Windows", "linux": "Linux"}.get(sys.platform, sys.platform)


def _can_adopt() -> bool:
    """Whether this system has Linux's child subreaper (read, not set, here)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        flag = ctypes.c_int()
        return libc.prctl(37, ctypes.byref(flag), 0, 0, 0) == 0  # PR_GET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


_told: list[bool] = [False]  # whether this kernel was told what run cannot end


def _tell_once(server: _Server | None) -> None:
    """Print ``processes_may_escape``'s sentence once, where it applies."""
    if _told[0]:
        return
    why = processes_may_escape()
    if why is None and server is not None and server.ready and not server.adopts:
        why = _(
            "The worker server could not become its workers' subreaper here: run() kills "
            "every worker and the process group each one leads, but a process a worker "
            "starts in a session of its own can outlive the run."
        )
    if why is not None:
        _told[0] = True
        print(why, file=sys.stderr)


def scratch_folder() -> Path:
    """A fresh folder for this kernel's worker scripts (two kernels never share one),
    removed when the kernel exits. The worker server starts importing JAX meanwhile."""
    folder = Path(tempfile.mkdtemp(prefix="jaxtour-workers-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    start_server()
    return folder


def worker_environment(
    process_id: int,
    processes: int,
    devices_per_process: int,
    port: int,
    platform: str = "cpu",
) -> dict[str, str]:
    """The environment variables ``run`` gives process ``process_id``: JAX's platform and
    device count, and (as JSON, in SETTINGS_VARIABLE) its arguments for
    ``jax.distributed.initialize``."""
    if platform not in PLATFORMS:
        raise ValueError(
            _("platform must be one of {choices}, not {platform}").format(
                choices=", ".join(sorted(PLATFORMS)), platform=repr(platform)
            )
        )
    arguments: dict[str, Any] = {
        "coordinator_address": f"127.0.0.1:{port}",
        "num_processes": processes,
        "process_id": process_id,
        "initialization_timeout": INITIALIZATION_TIMEOUT_S,
        "heartbeat_timeout_seconds": HEARTBEAT_TIMEOUT_S,
        "shutdown_timeout_seconds": SHUTDOWN_TIMEOUT_S,
    }
    environment = {"JAX_PLATFORMS": PLATFORMS[platform], "PYTHONUNBUFFERED": "1"}
    if platform == "cpu":
        environment["JAX_NUM_CPU_DEVICES"] = str(devices_per_process)
        environment["JAX_CPU_COLLECTIVES_IMPLEMENTATION"] = "gloo"
        arguments["cluster_detection_method"] = "deactivate"  # no cluster to look for
    else:
        first = process_id * devices_per_process
        arguments["local_device_ids"] = list(range(first, first + devices_per_process))
    environment[SETTINGS_VARIABLE] = json.dumps(arguments)
    return environment


def initialize_arguments() -> dict[str, Any]:
    """In a worker started by ``run``: the keyword arguments for
    ``jax.distributed.initialize`` (coordinator address, process count, this process's id,
    the short timeouts)."""
    settings = os.environ.get(SETTINGS_VARIABLE)
    if settings is None:
        raise RuntimeError(
            _(
                "This process was not started by jaxtour.hosts.run, so it has no launcher's "
                "settings: run the script with hosts.run(path) from the notebook."
            )
        )
    arguments = dict(json.loads(settings))
    # Older JAX (Colab's 0.7) lacks some timeouts (``shutdown_timeout_seconds``): keep
    # what this JAX's initialize accepts. Read only here, in a worker that imports JAX.
    try:
        import inspect

        import jax

        accepted = inspect.signature(jax.distributed.initialize).parameters
    except (ImportError, TypeError, ValueError):
        return arguments
    return {name: value for name, value in arguments.items() if name in accepted}


@dataclass(frozen=True)
class Finished:
    """How one worker process ended, and what it printed (gloo's lines removed)."""

    process_id: int
    returncode: int | None  # None: still running at the timeout, so it was killed
    stdout: str
    stderr: str
    seconds: float

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    @property
    def outcome(self) -> str:
        """``finished``, ``exited with status 1``, ``ended by SIGABRT``, or ``killed ...``."""
        if self.returncode is None:
            return _("still running at the time limit, killed")
        if self.returncode == 0:
            return _("finished")
        if self.returncode < 0:
            try:
                name = signal.Signals(-self.returncode).name
            except ValueError:
                name = _("signal {number}").format(number=-self.returncode)
            return _("ended by {signal}").format(signal=name)
        return _("exited with status {status}").format(status=self.returncode)

    @property
    def reason(self) -> str:
        """The line of stderr that says why it ended: JAX's fatal error, or the last line
        of a Python traceback; empty when it finished."""
        if self.ok:
            return ""
        lines = [line.rstrip() for line in self.stderr.splitlines() if line.strip()]
        for line in lines:
            fatal = _FATAL.match(line)
            if fatal:
                return fatal.group(1).split(" This most likely")[0]
        if "Traceback (most recent call last):" in self.stderr:
            after = self.stderr.rsplit("Traceback (most recent call last):", 1)[1]
            body = [line for line in after.splitlines() if line and not line.startswith(" ")]
            if body:
                return body[0].strip()
        return ""


def run(
    script: str | os.PathLike[str],
    processes: int = 2,
    devices_per_process: int = 4,
    *,
    platform: str = "cpu",
    timeout_s: float = 60.0,
    args: Sequence[str] = (),
    inputs: Sequence[str] | None = None,
) -> tuple[Finished, ...]:
    """Start ``processes`` fresh Pythons on ``script`` (with ``args``), wait for all, kill
    any still running after ``timeout_s``; what each printed and how it ended, in order.
    ``inputs``: what each process reads on its stdin, one text per process (by default
    nothing): a process's own text reaches no other process, nor its arguments,
    environment or files."""
    script = Path(script)
    if not script.is_file():
        raise FileNotFoundError(_("no worker script at {path}").format(path=script))
    if processes < 1 or devices_per_process < 1:
        raise ValueError(_("processes and devices_per_process must be at least 1"))
    if inputs is not None and len(inputs) != processes:
        raise ValueError(_("inputs must hold one text per process"))
    why = workers_unavailable()
    if why is not None:
        raise WorkersUnavailable(why)
    port = free_port()
    server = _server()
    token = uuid.uuid4().hex
    with tempfile.TemporaryDirectory(prefix="jaxtour-hosts-") as folder:
        # Every worker started goes into `started` at once; every way out of this block
        # (finished, failed, time limit, an interrupt while worker 2 of 3 starts, the
        # kernel's exit through the finalizer) kills them all, and all they started.
        started = _Started(token, server)
        try:
            return _run(
                script,
                processes,
                devices_per_process,
                platform,
                timeout_s,
                args,
                inputs,
                port,
                server,
                token,
                folder,
                started,
            )
        finally:
            started.stop()
            _tell_once(server)


def _run(
    script: Path,
    processes: int,
    devices_per_process: int,
    platform: str,
    timeout_s: float,
    args: Sequence[str],
    inputs: Sequence[str] | None,
    port: int,
    server: _Server | None,
    token: str,
    folder: str,
    started: _Started,
) -> tuple[Finished, ...]:
    workers = started.workers
    for process_id in range(processes):
        out = open(Path(folder, f"{process_id}.out"), "w+b")  # noqa: SIM115
        started.files.append(out)
        err = open(Path(folder, f"{process_id}.err"), "w+b")  # noqa: SIM115
        started.files.append(err)
        environment = worker_environment(process_id, processes, devices_per_process, port, platform)
        environment[RUN_VARIABLE] = token
        given = None if inputs is None else inputs[process_id]
        worker: Any = None
        if server is not None:  # forked from a Python with JAX imported
            native = Path(folder, f"{process_id}.native")
            worker = server.start(
                script, args, {**os.environ, **environment}, out, native, err, given, token
            )
        if worker is None:
            worker = Popen(
                [sys.executable, str(script), *args],
                env={**os.environ, **environment},
                stdin=DEVNULL if given is None else PIPE,
                stdout=out,
                stderr=err,
                start_new_session=True,  # its own group: killed with whatever it started
            )
        workers.append((worker, out, err))
        if given is not None and isinstance(worker, Popen):
            assert worker.stdin is not None  # read at once: no pipe fills up for long
            try:
                worker.stdin.write(given.encode("utf-8"))
                worker.stdin.close()
            except OSError:  # it ended before reading: its status says why
                pass
    # The time limit counts from here: a starting server's import of JAX is not the
    # workers' time (a fresh Python's own import is, as the worker's start-up).
    begun = time.monotonic()
    ended: dict[int, float] = {}
    deadline = begun + timeout_s
    while len(ended) < processes and time.monotonic() < deadline:
        for process_id, (worker, _out, _err) in enumerate(workers):
            if process_id not in ended and worker.poll() is not None:
                ended[process_id] = time.monotonic() - begun
        time.sleep(0.05)
    running = [worker.poll() is None for worker, _out, _err in workers]
    started.kill()  # every worker still running, and whatever any of them started
    results = []
    for process_id, (worker, out, err) in enumerate(workers):
        native = Path(folder, f"{process_id}.native")
        printed = _text(_bounded(out)) + (
            _not_gloo(_text(_bounded_file(native))) if native.exists() else ""
        )
        results.append(
            Finished(
                process_id,
                None if running[process_id] else worker.returncode,
                without_gloo_lines(printed),
                without_gloo_lines(_text(_bounded(err))),
                ended.get(process_id, time.monotonic() - begun),
            )
        )
    return tuple(results)


# What a worker printed is read into the learner's kernel at most this much a stream: its
# first and last halves, with "[…]" between (a worker that prints gigabytes fills the
# run's temporary file, never the kernel's memory).
OUTPUT_BYTES = 1024 * 1024


def _bounded(stream) -> bytes:
    """At most ``OUTPUT_BYTES`` of ``stream`` (a binary file): all of it, or its first
    and last halves around a line "[…]"."""
    stream.seek(0, os.SEEK_END)
    size = stream.tell()
    stream.seek(0)
    if size <= OUTPUT_BYTES:
        return stream.read()
    half = OUTPUT_BYTES // 2
    head = stream.read(half)
    stream.seek(size - half)
    return head + "\n[…]\n".encode() + stream.read(half)


def _bounded_file(path: Path) -> bytes:
    with open(path, "rb") as stream:
        return _bounded(stream)


def _text(data: bytes) -> str:
    """What a worker wrote, as text: bytes that are not UTF-8 (a worker may write any)
    show as U+FFFD instead of ending the run with a UnicodeDecodeError."""
    return data.decode("utf-8", "replace")


class _Started:
    """The workers one run has started so far, and its files. ``stop`` kills each
    worker's process group (a worker that ended may have left a child in it), every
    process that carries the run's token (one that left its group), and asks the worker
    server for any worker it forked for this run that ``run`` never heard of (an
    interrupt while one was starting). A finalizer does it at the kernel's exit, or when
    the run is dropped, whichever comes first; ``stop`` does it at once, once."""

    def __init__(self, token: str, server: _Server | None) -> None:
        self.token, self.server = token, server
        self.workers: list[tuple[Any, Any, Any]] = []
        self.files: list[Any] = []
        self._finalizer = weakref.finalize(self, _stop, token, server, self.workers, self.files)

    def kill(self) -> None:
        """Kill them all now, keeping the files to read."""
        if self._finalizer.alive:
            _stop(self.token, self.server, self.workers, [])

    def stop(self) -> None:
        """Kill them all, close the files; the finalizer's work, done now, once."""
        self._finalizer()


def _stop(token: str, server: _Server | None, workers: list, files: list) -> None:
    held = _hold_interrupts()
    try:
        if server is not None:  # first: what its workers leave is still known to be theirs
            server.stop_run(token)
        for worker, _out, _err in workers:
            _kill(worker)
        _kill_carriers(token)
        for worker, _out, _err in workers:
            worker.wait()
    finally:
        _release_interrupts(held)
    for file in files:
        file.close()


def _hold_interrupts() -> bool:
    """Hold SIGINT back while the workers are killed (a second press of the stop button
    would leave some running); True if it was held here."""
    if not hasattr(signal, "pthread_sigmask"):
        return False
    try:
        before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except (OSError, ValueError):
        return False
    return signal.SIGINT not in before


def _release_interrupts(held: bool) -> None:
    if held:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _carriers(token: str) -> list[int]:
    """The processes (other than this one) whose environment holds the run's token."""
    needle = f"{RUN_VARIABLE}={token}".encode()
    found = []
    try:
        entries = os.listdir("/proc")
    except OSError:  # not Linux: the process groups are what there is
        return found
    for entry in entries:
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as environ:
                if needle in environ.read().split(b"\0"):
                    found.append(int(entry))
        except OSError:  # gone, or another user's
            continue
    return found


def _kill_carriers(token: str) -> None:
    for _round in range(20):  # one may fork while the last is killed: look again
        found = _carriers(token)
        if not found:
            return
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.01)


def _kill(worker: Any) -> None:
    """Kill the worker's process group: the worker if it still runs, and whatever it
    started that is still in its group, even once the worker itself has ended (a
    group outlives its leader while it has members, and its id is not reused meanwhile)."""
    try:
        os.killpg(worker.pid, signal.SIGKILL)
    except OSError:
        pass
    if worker.poll() is None:
        worker.kill()


# --- the worker server: workers forked from a Python with JAX imported ------------------

SERVER_VARIABLE = "JAXTOUR_WORKER_SERVER"  # "0": start every worker as a fresh Python
SERVER_READY_S = 120.0  # how long a starting server may take to import JAX
_servers: list[_Server] = []  # this kernel's server (one at a time)


class _Server:
    """``python -m jaxtour.worker_server``, and what it has said (jaxtour/worker_server.py).
    ``fresh``: it starts each worker as a fresh Python (``--exec``) and imports no JAX."""

    def __init__(self, environment: dict[str, str], fresh: bool = False) -> None:
        self.environment, self.fresh = environment, fresh
        command = [sys.executable, "-m", "jaxtour.worker_server", *(["--exec"] if fresh else [])]
        if threading.current_thread() is threading.main_thread():
            # It ends when the thread that starts it ends (PR_SET_PDEATHSIG): only the
            # main thread's end is the kernel's. Elsewhere its closed stdin says so.
            command += ["--parent", str(os.getpid())]
        self.process = Popen(
            command,
            env=environment,
            stdin=PIPE,
            stdout=PIPE,
            stderr=DEVNULL,
            start_new_session=True,  # the kernel's interrupt is not for it
        )
        self.ready = False
        self.adopts = False  # whether it adopts what its workers leave (Linux's subreaper)
        self.returncodes: dict[int, int] = {}
        self._pids: list[tuple[int, str]] = []  # forked, not yet taken: (pid, run's token)
        self.stopped: set[str] = set()
        self._pending = b""

    def alive(self) -> bool:
        return self.process.poll() is None

    def _read(self, timeout: float) -> bool:
        """Take in what the server said within ``timeout`` s; False if it is gone."""
        stdout = self.process.stdout
        assert stdout is not None
        readable, _, _ = select.select([stdout], [], [], timeout)
        if not readable:
            return self.alive()
        chunk = os.read(stdout.fileno(), 65536)
        if not chunk:
            return False
        self._pending += chunk
        while b"\n" in self._pending:
            line, self._pending = self._pending.split(b"\n", 1)
            message = json.loads(line)
            if message.get("ready"):
                self.ready = True
                self.adopts = bool(message.get("adopts"))
            elif "pid" in message:
                self._pids.append((int(message["pid"]), str(message.get("run"))))
            elif "stopped" in message:
                self.stopped.add(str(message["stopped"]))
            elif "ended" in message:
                self.returncodes[int(message["ended"])] = int(message["returncode"])
        return True

    def wait_until_ready(self) -> bool:
        deadline = time.monotonic() + SERVER_READY_S
        while not self.ready and time.monotonic() < deadline:
            if not self._read(deadline - time.monotonic()):
                return False
        return self.ready

    def start(
        self,
        script: Path,
        args: Sequence[str],
        env: dict[str, str],
        out: Any,
        native: Path,
        err: Any,
        given: str | None = None,
        token: str = "",
    ) -> _Forked | None:
        """A worker forked from the server, reading ``given`` on its stdin (None: nothing);
        None if the server cannot start one."""
        if not (self.alive() and self.wait_until_ready()):
            return None
        request = {
            "script": str(script.resolve()),
            "args": list(args),
            "env": env,
            "cwd": os.getcwd(),
            "out": out.name,
            "native": str(native),
            "err": err.name,
            "input": given,
            "run": token,
        }
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write((json.dumps(request) + "\n").encode())
            stdin.flush()
        except OSError:
            return None
        deadline = time.monotonic() + SERVER_READY_S
        while time.monotonic() < deadline:
            for index, (pid, run) in enumerate(self._pids):
                if run == token:
                    del self._pids[index]
                    return _Forked(self, pid)
            if not self._read(deadline - time.monotonic()):
                return None
        return None

    def stop_run(self, token: str) -> None:
        """Have the server kill every worker it forked for the run ``token`` (with its
        process group), those ``run`` never heard of included, and wait until it has."""
        self._pids = [(pid, run) for pid, run in self._pids if run != token]
        stdin = self.process.stdin
        if not self.alive() or stdin is None:
            return
        try:
            stdin.write((json.dumps({"stop": token}) + "\n").encode())
            stdin.flush()
        except (OSError, ValueError):
            return
        deadline = time.monotonic() + 10
        while token not in self.stopped and time.monotonic() < deadline:
            if not self._read(deadline - time.monotonic()):
                return
        self.stopped.discard(token)
        self._pids = [(pid, run) for pid, run in self._pids if run != token]

    def stop(self) -> None:
        """Close its stdin (it kills the workers still running, then exits); kill it if
        it has not gone within a few seconds."""
        try:
            if self.process.stdin is not None:
                self.process.stdin.close()
            self.process.wait(timeout=5)
        except (OSError, TimeoutExpired):
            self.process.kill()
            self.process.wait()


class _Forked:
    """A worker the server forked: Popen's poll, kill and wait, answered by the server."""

    def __init__(self, server: _Server, pid: int) -> None:
        self.server, self.pid = server, pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            self.server._read(0)
            self.returncode = self.server.returncodes.pop(self.pid, None)
            if self.returncode is None and not self.server.alive():
                self.returncode = -signal.SIGKILL  # the server went, and took it along
        return self.returncode

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def wait(self) -> int | None:
        deadline = time.monotonic() + 10
        while self.poll() is None and time.monotonic() < deadline:
            self.server._read(0.05)
        return self.returncode


def _server() -> _Server | None:
    """This kernel's worker server, started on first use. It forks each worker from a
    Python with JAX imported; with JAXTOUR_WORKER_SERVER=0 it starts each as a fresh
    Python (and imports no JAX), still as the workers' parent, the one that adopts what
    they leave. None off Linux, where each worker is a fresh Python started here:
    macOS's system libraries are not safe to fork once loaded (which is why Python's
    multiprocessing spawns there), it has no child subreaper, and Windows has no fork."""
    if not sys.platform.startswith("linux"):
        return None
    fresh = os.environ.get(SERVER_VARIABLE, "1") == "0"
    environment = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": _importable()}
    if _servers and (
        _imports_read(_servers[0].environment) != _imports_read(environment)
        or _servers[0].fresh != fresh
        or not _servers[0].alive()
    ):
        _servers.pop().stop()  # what importing JAX read has changed: import it anew
    if not _servers:
        _servers.append(_Server(environment, fresh))
        atexit.register(_servers[0].stop)
    _continued(_servers[0].process.pid)
    return _servers[0]


def _continued(pid: int) -> None:
    """A server stopped (SIGSTOP or SIGTSTP, sent from a cell; inside a check the grader
    refuses it) is continued: every run would otherwise wait out its time limit."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            state = stat.read().rsplit(b")", 1)[-1].split()[0]
    except (OSError, IndexError):
        return
    if state in (b"T", b"t"):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGCONT)


def _imports_read(environment: dict[str, str]) -> dict[str, str]:
    """The variables the server's imports read: Python's (PYTHONPATH, ...) and JAX's
    settings (``JAX_*``, read when JAX is imported). Others are read in each worker, from
    its own environment (XLA_FLAGS when its backend starts; JAX itself sets
    TF_CPP_MIN_LOG_LEVEL in a kernel whose backend started, which changes nothing here)."""
    return {k: v for k, v in environment.items() if k.startswith(("PYTHON", "JAX_"))}


def start_server() -> None:
    """Start the worker server now, so that the first run finds JAX imported (lesson
    14's first cell, while the learner reads)."""
    _server()


def _importable() -> str:
    """PYTHONPATH for the server: where this jaxtour came from, then the kernel's own."""
    here = str(Path(__file__).resolve().parent.parent)
    return os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH", "")) if p)


def ended(result: Finished) -> str:
    """``process 1: ended by SIGABRT: <why>``, in the language in use."""
    line = _("process {number}: {outcome}").format(number=result.process_id, outcome=result.outcome)
    return f"{line}: {result.reason}" if result.reason else line


def show(results: Sequence[Finished]) -> None:
    """Print each process's output under a line that says how it ended."""
    for result in results:
        print("--- " + ended(result))
        if result.stdout:
            print(result.stdout, end="" if result.stdout.endswith("\n") else "\n")
