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

Run as ``python -m jaxtour.worker_server``.
"""

from __future__ import annotations

import io
import json
import os
import runpy
import select
import signal
import sys
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


def _say(message: dict[str, Any]) -> None:
    os.write(1, (json.dumps(message) + "\n").encode())


def main() -> None:
    import jax  # noqa: F401  (what the server is for: imported once, here)

    import jaxtour.hosts  # noqa: F401  (every worker script imports it)

    # Python 3.12 warns at every fork of a process with threads (NumPy's BLAS pool): the
    # child starts no thread of ours before exec-like start-up, as multiprocessing's fork.
    warnings.filterwarnings("ignore", category=DeprecationWarning, message=".*fork.*")
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the kernel's interrupt is not for us
    _say({"ready": True})
    children: set[int] = set()
    runs: dict[int, str] = {}  # each child's run (hosts.run's token)
    pending = b""
    while True:
        readable, _, _ = select.select([0], [], [], POLL_S if children else None)
        if readable:
            chunk = os.read(0, 65536)
            if not chunk:  # the kernel is gone: so are its workers
                for pid in children:
                    _kill(pid)
                return
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                request = json.loads(line)
                if "stop" in request:  # hosts.run's way out: its workers, and their groups
                    for pid, run in list(runs.items()):
                        if run == request["stop"] and pid in children:
                            _kill(pid)
                            _, status = os.waitpid(pid, 0)
                            children.discard(pid)
                            _say({"ended": pid, "returncode": os.waitstatus_to_exitcode(status)})
                    for pid in [pid for pid, run in runs.items() if run == request["stop"]]:
                        del runs[pid]
                    _say({"stopped": request["stop"]})
                    continue
                pid = os.fork()
                if pid == 0:
                    _child(request)  # never returns: the child exits through SystemExit
                runs[pid] = str(request.get("run", ""))
                del request, line  # the next child is forked without this one's input
                children.add(pid)
                _say({"pid": pid, "run": runs[pid]})
        for pid in list(children):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                children.discard(pid)
                runs.pop(pid, None)
                _say({"ended": pid, "returncode": os.waitstatus_to_exitcode(status)})


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def _child(request: dict[str, Any]) -> None:
    """In the forked child: become the worker ``python script args`` would have started."""
    try:
        os.setsid()  # its own group: hosts.run kills it with whatever it started
        signal.signal(signal.SIGINT, signal.default_int_handler)
        given = request.get("input")
        if given is not None:  # its stdin: an anonymous file in memory, no path to it
            memory = os.memfd_create("stdin")
            os.write(memory, given.encode("utf-8"))
            os.lseek(memory, 0, os.SEEK_SET)
            os.dup2(memory, 0)
            os.close(memory)
        for fd, path, flags in (
            *(((0, os.devnull, os.O_RDONLY),) if given is None else ()),
            (1, request["native"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
            (2, request["err"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC),
        ):
            opened = os.open(path, flags, 0o600)
            os.dup2(opened, fd)
            os.close(opened)
        # Python's stdout goes to "out"; what native code writes to the C library's stdout
        # (gloo's threads, a line each per connection, cut into each other at any point)
        # goes to "native", where hosts.run finds gloo's lines apart from the script's.
        out = os.open(request["out"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        sys.stdout = sys.__stdout__ = io.TextIOWrapper(
            io.FileIO(out, "w"), encoding="utf-8", line_buffering=True, write_through=True
        )
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        script = request["script"]
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
