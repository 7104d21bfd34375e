"""A Python with JAX imported that starts ``hosts.run``'s worker processes by forking.

A fresh Python spends a second or more importing JAX, and lesson 14 starts two of them
for every run. ``hosts.run`` starts this server once per kernel and asks it for each
worker instead: the server forks, and the child runs the script as ``python script
args`` would, in a session of its own, with the worker's environment, working folder,
stdout and stderr. The server never initializes a JAX backend (a forked JAX that has one
would deadlock), so each child starts JAX as a fresh process does, only without the
import.

The protocol, one JSON object per line: ``hosts`` writes a request ``{"script", "args",
"env", "cwd", "out", "native", "err", "input"}`` to the server's stdin (``out``: what
Python prints; ``native``: what native code writes to the C library's stdout, gloo's
lines; ``input``: the text the child reads on its stdin, or null for nothing);
the server answers ``{"pid": N, "run": T}`` once the child exists (``T``: the request's
``"run"``, the token of the ``hosts.run`` call it belongs to), and later ``{"ended": N,
"returncode": R}`` (negative: the signal that ended it). ``{"stop": T}`` asks it to kill
the process group of every child of run ``T`` still running and answer ``{"stopped": T}``
once they are reaped. Its first line is ``{"ready":
true}``, once JAX is imported. It exits when its stdin closes (the kernel is gone),
killing the children still running.

**Nothing a worker starts outlives its run.** On Linux the server is its workers' child
subreaper (``prctl(PR_SET_CHILD_SUBREAPER)``): a process a worker starts and leaves (a
daemon's double fork, ``setsid``, an environment cleared, its file descriptors closed) is
re-parented to the server when its parent ends, never to init, so it stays in the
server's tree. ``{"stop": T}`` freezes run ``T``'s tree with SIGSTOP (nothing in it can
fork any more, nor ignore what comes next), kills it with SIGKILL and reaps it: its
workers and all their descendants, and every adopted process that no other run still
going claims (one that carries run ``T``'s token, or any when no other run goes on). The
server ends with its kernel: its stdin closes, or (``--parent PID``) the kernel's death
sends it SIGTERM (``PR_SET_PDEATHSIG``); either way it kills its whole tree first. Where
the call is missing (not Linux) ``{"ready": true, "adopts": false}`` says so, and
``hosts`` says once what that leaves uncovered.

Run as ``python -m jaxtour.worker_server`` (``--exec``: each worker is a fresh Python,
``python script args`` executed in the forked child, and the server imports no JAX).
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import json
import os
import runpy
import select
import signal
import sys
import time
import traceback
import warnings
from typing import Any

# JAX settings read from the environment when JAX is imported: the server imported it
# with the kernel's environment, so a child applies its own worker's values (what
# hosts.worker_environment sets) to JAX's configuration before the script runs.
JAX_SETTINGS = {
    "JAX_PLATFORMS": ("jax_platforms", str),
    "JAX_NUM_CPU_DEVICES": ("jax_num_cpu_devices", int),
    "JAX_CPU_COLLECTIVES_IMPLEMENTATION": ("jax_cpu_collectives_implementation", str),
}
POLL_S = 0.02  # how often a server with running children looks for ended ones
PR_SET_PDEATHSIG = 1  # prctl's options (linux/prctl.h)
PR_SET_CHILD_SUBREAPER = 36
RUN_VARIABLE = "JAXTOUR_HOSTS_RUN"  # hosts.RUN_VARIABLE (not imported: --exec has no JAX)


def _say(message: dict[str, Any]) -> None:
    os.write(1, (json.dumps(message) + "\n").encode())


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    fresh = "--exec" in argv
    if "--parent" in argv:
        _die_with(int(argv[argv.index("--parent") + 1]))
    adopts = _prctl(PR_SET_CHILD_SUBREAPER, 1)
    if not fresh:
        import jax  # noqa: F401  (what the server is for: imported once, here)

        import jaxtour.hosts  # noqa: F401  (every worker script imports it)

    # Python 3.12 warns at every fork of a process with threads (NumPy's BLAS pool): the
    # child starts no thread of ours before exec-like start-up, as multiprocessing's fork.
    warnings.filterwarnings("ignore", category=DeprecationWarning, message=".*fork.*")
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the kernel's interrupt is not for us
    signal.signal(signal.SIGTERM, _terminated)  # the kernel died (PR_SET_PDEATHSIG)
    children: set[int] = set()  # the workers still running
    runs: dict[int, str] = {}  # each worker's run (hosts.run's token)
    server = os.getpid()
    try:
        _say({"ready": True, "adopts": adopts})
        _serve(children, runs, fresh)
    finally:  # the kernel is gone, or this server ends: so does everything it started
        if os.getpid() == server:  # (a forked worker's own exit unwinds through here too)
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            _end(lambda tree: _below(tree, server))
            _reap(children, runs, say=False)


def _serve(children: set[int], runs: dict[int, str], fresh: bool) -> None:
    active: set[str] = set()  # the runs not yet stopped
    pending = b""
    while True:
        readable, _, _ = select.select([0], [], [], POLL_S if _adopted_any() else None)
        if readable:
            chunk = os.read(0, 65536)
            if not chunk:  # the kernel is gone: so are its workers (main's finally)
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                request = json.loads(line)
                if "stop" in request:  # hosts.run's way out: its workers, and theirs
                    token = str(request["stop"])
                    active.discard(token)
                    mine = {pid for pid, run in runs.items() if run == token}
                    _end(lambda tree, m=mine, t=token: _run_tree(tree, runs, m, t, active))
                    for pid in mine & children:
                        _, status = os.waitpid(pid, 0)
                        children.discard(pid)
                        _say({"ended": pid, "returncode": os.waitstatus_to_exitcode(status)})
                    for pid in mine:
                        del runs[pid]
                    _reap(children, runs)
                    _say({"stopped": token})
                    continue
                request["fresh"] = fresh
                pid = os.fork()
                if pid == 0:
                    _child(request)  # never returns: the child exits through SystemExit
                runs[pid] = str(request.get("run", ""))
                active.add(runs[pid])
                del request, line  # the next child is forked without this one's input
                children.add(pid)
                _adopted[0] = True  # a child to reap: look every POLL_S
                _say({"pid": pid, "run": runs[pid]})
        _reap(children, runs)


def _terminated(signum: int, frame: Any) -> None:
    raise SystemExit(0)


def _prctl(option: int, value: int) -> bool:
    """``prctl(option, value)`` on this process; False where it is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _die_with(parent: int) -> None:
    """SIGTERM when the thread that started this server ends (the kernel's main thread,
    so the kernel); at once if it has ended already."""
    if _prctl(PR_SET_PDEATHSIG, signal.SIGTERM) and os.getppid() != parent:
        raise SystemExit(0)


_adopted: list[bool] = [False]  # whether the server has, or may have, a child to reap


def _adopted_any() -> bool:
    return _adopted[0]


def _reap(children: set[int], runs: dict[int, str], say: bool = True) -> None:
    """Reap every child that has ended, workers and adopted processes alike; say which
    workers ended."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            _adopted[0] = False
            return
        if pid == 0:
            _adopted[0] = True
            return
        if pid in children:
            children.discard(pid)
            runs.pop(pid, None)
            if say:
                _say({"ended": pid, "returncode": os.waitstatus_to_exitcode(status)})


def _tree() -> dict[int, list[int]]:
    """Each process's children, from /proc (every process's parent, read now)."""
    below: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        below.setdefault(int(fields[1]), []).append(int(entry))
    return below


def _below(tree: dict[int, list[int]], *roots: int) -> set[int]:
    """Every descendant of ``roots`` (the roots themselves not included)."""
    found: set[int] = set()
    todo = [child for root in roots for child in tree.get(root, [])]
    while todo:
        pid = todo.pop()
        if pid not in found:
            found.add(pid)
            todo.extend(tree.get(pid, []))
    return found


def _carries(pid: int) -> str | None:
    """The run token in ``pid``'s environment, if any."""
    try:
        with open(f"/proc/{pid}/environ", "rb") as environ:
            for item in environ.read().split(b"\0"):
                if item.startswith(RUN_VARIABLE.encode() + b"="):
                    return item.split(b"=", 1)[1].decode(errors="replace")
    except OSError:
        pass
    return None


def _run_tree(
    tree: dict[int, list[int]], runs: dict[int, str], mine: set[int], token: str, active: set[str]
) -> set[int]:
    """Run ``token``'s processes: its workers and their descendants, and each adopted
    process (the server's child that is no worker) with its descendants, unless a run
    still going may own it (it carries that run's token, or none while another runs)."""
    found = set(mine) | _below(tree, *mine)
    for pid in tree.get(os.getpid(), []):
        if pid in runs:  # a worker: this run's is found already, another's is kept
            continue
        carried = _carries(pid)
        if carried == token or not active or (carried is not None and carried not in active):
            found |= {pid} | _below(tree, pid)
    return found


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0].decode()
    except OSError:
        return "X"  # gone


def _end(select_: Any) -> None:
    """Freeze what ``select_(tree)`` names, again and again until a look at a tree in
    which every one of them has stopped finds no new one (a fork between two looks is
    seen at the next), then kill them all: none can start, or shield, another meanwhile."""
    if not os.path.isdir("/proc"):
        return
    frozen: set[int] = set()
    for _round in range(200):
        found = select_(_tree()) - frozen
        if not found:
            deadline = time.monotonic() + 2
            while any(_state(pid) not in "TtZX" for pid in frozen) and time.monotonic() < deadline:
                time.sleep(0.001)
            if not select_(_tree()) - frozen:
                break
            continue
        for pid in found:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGSTOP)
        frozen |= found
    for pid in frozen:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while any(_state(pid) not in "ZX" for pid in frozen) and time.monotonic() < deadline:
        time.sleep(0.001)


def _child(request: dict[str, Any]) -> None:
    """In the forked child: become the worker ``python script args`` would have started."""
    try:
        os.setsid()  # its own group, as a fresh worker's
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        given = request.get("input")
        if given is not None:  # its stdin: an anonymous file in memory, no path to it
            memory = os.memfd_create("stdin")
            os.write(memory, given.encode("utf-8"))
            os.lseek(memory, 0, os.SEEK_SET)
            os.dup2(memory, 0)
            os.close(memory)
        fresh = request.get("fresh", False)
        for fd, path, flags in (
            *(((0, os.devnull, os.O_RDONLY),) if given is None else ()),
            (1, request["out" if fresh else "native"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
            (2, request["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
        ):
            opened = os.open(path, flags, 0o600)
            os.dup2(opened, fd)
            os.close(opened)
        os.chdir(request["cwd"])
        script = request["script"]
        if fresh:  # a fresh Python: what it prints, Python and native code alike, is "out"
            os.execve(sys.executable, [sys.executable, script, *request["args"]], request["env"])
        # Python's stdout goes to "out"; what native code writes to the C library's stdout
        # (gloo's threads, a line each per connection, cut into each other at any point)
        # goes to "native", where hosts.run finds gloo's lines apart from the script's.
        out = os.open(request["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        sys.stdout = sys.__stdout__ = io.TextIOWrapper(
            io.FileIO(out, "w"), encoding="utf-8", line_buffering=True, write_through=True
        )
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = [script, *request["args"]]
        sys.path[0] = os.path.dirname(os.path.abspath(script))
        import jax

        for variable, (name, kind) in JAX_SETTINGS.items():
            if variable in os.environ:
                jax.config.update(name, kind(os.environ[variable]))
    except BaseException:  # noqa: BLE001 - the worker could not be set up: say why, end
        traceback.print_exc()
        sys.stderr.flush()
        os._exit(70)
    raise SystemExit(_run(script))


def _run(script: str) -> int | str | None:
    """Run the script as ``__main__``; its exit status, as ``python script`` gives it."""
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        return exc.code
    except BaseException as exc:  # noqa: BLE001 - printed as Python prints it, status 1
        tb = exc.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != script:
            tb = tb.tb_next  # from the script's own frame on, as `python script` shows it
        traceback.print_exception(type(exc), exc, tb or exc.__traceback__)
        return 1
    return 0


if __name__ == "__main__":
    main()
