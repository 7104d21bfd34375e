"""jaxtour.worker_server: a worker forked from a Python with JAX imported is the worker a
fresh ``python script args`` would have been: the same output, status and traceback,
arguments, folder, environment and JAX settings; and the server goes when its kernel
goes, taking running workers along."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from jaxtour import hosts

SCRIPTS = {
    "where it runs": (
        "import os, sys\n"
        "print(__name__, sys.argv[1:], os.getcwd(), os.path.basename(__file__))\n"
        "print(sys.path[0] == os.path.dirname(os.path.abspath(__file__)))\n"
        "print(os.environ['JAX_NUM_CPU_DEVICES'], os.environ['JAX_PLATFORMS'])\n"
    ),
    "its JAX settings": (
        "import jax\nprint(jax.local_device_count(), jax.default_backend())\n"
        "print(jax.config.jax_cpu_collectives_implementation)\n"
    ),
    "an exception": "import sys\nprint('before')\n\ndef f():\n    raise ValueError('no')\n\nf()\n",
    "sys.exit(3)": "import sys\nsys.exit(3)\n",
    "sys.exit('bye')": "import sys\nsys.exit('bye')\n",
    "SIGABRT": (
        "import os, signal\nprint('dying', flush=True)\nos.kill(os.getpid(), signal.SIGABRT)\n"
    ),
    "atexit": "import atexit\natexit.register(print, 'at exit')\nprint('main')\n",
}


def _run(script, fresh: bool, monkeypatch) -> tuple:
    monkeypatch.setenv(hosts.SERVER_VARIABLE, "0" if fresh else "1")
    (result,) = hosts.run(script, processes=1, devices_per_process=3, args=("a b", "c"))
    return result.returncode, result.stdout, result.stderr


def test_a_forked_worker_is_what_a_fresh_python_would_be(tmp_path, monkeypatch):
    """Each script run forked, then each fresh: one test, the scripts that differ named
    (a kernel has one worker server, of the way asked last, and the forked way's imports
    JAX: a test per script, each run both ways, started a forked server in each)."""
    scripts = {}
    for number, name in enumerate(SCRIPTS):
        scripts[name] = tmp_path / str(number) / "worker.py"
        scripts[name].parent.mkdir()
        scripts[name].write_text(SCRIPTS[name])
    ran = {}
    for fresh in (False, True):
        for name, script in scripts.items():
            monkeypatch.chdir(script.parent)
            ran[name, fresh] = _run(script, fresh, monkeypatch)
    differ = {name: (ran[name, False], ran[name, True]) for name in SCRIPTS}
    differ = {name: pair for name, pair in differ.items() if pair[0] != pair[1]}
    assert differ == {}, "forked, fresh: " + repr(differ)


def test_a_worker_is_forked_from_the_server_and_starts_in_its_own_session(tmp_path):
    script = tmp_path / "worker.py"
    script.write_text("import os\nprint(os.getppid(), os.getsid(0) == os.getpid())\n")
    server = hosts._server()
    assert server is not None
    (result,) = hosts.run(script, processes=1)
    assert result.stdout == f"{server.process.pid} True\n"


def test_the_server_goes_with_its_kernel_and_takes_running_workers_along(tmp_path):
    """A kernel that is killed closes the server's stdin: the server kills what it
    started and exits (no worker is left running without its kernel)."""
    pid_file = tmp_path / "pid"
    script = tmp_path / "worker.py"
    script.write_text(
        f"import os, time\nopen({str(pid_file)!r}, 'w').write(str(os.getpid()))\ntime.sleep(60)\n"
    )
    kernel = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"from jaxtour import hosts\nhosts.run({str(script)!r}, processes=1, timeout_s=60)",
        ],
        env={**os.environ, "JAX_PLATFORMS": "cpu"},
    )
    deadline = time.monotonic() + 60
    while not pid_file.exists() or not pid_file.read_text():
        assert time.monotonic() < deadline and kernel.poll() is None
        time.sleep(0.05)
    worker = int(pid_file.read_text())
    kernel.send_signal(signal.SIGKILL)
    kernel.wait()
    deadline = time.monotonic() + 20
    while _running(worker):
        assert time.monotonic() < deadline, "the worker outlived its kernel"
        time.sleep(0.05)


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


def test_a_server_that_died_is_started_again(tmp_path):
    script = tmp_path / "worker.py"
    script.write_text("print('ok')\n")
    server = hosts._server()
    assert server is not None
    server.process.kill()
    server.process.wait()
    (result,) = hosts.run(script, processes=1)
    assert result.stdout == "ok\n" and hosts._server() is not server


def test_the_server_says_it_is_ready_once_jax_is_imported():
    server = subprocess.run(
        [sys.executable, "-m", "jaxtour.worker_server"],
        input=b"",
        capture_output=True,
        timeout=120,
        env={**os.environ, "JAX_PLATFORMS": "cpu"},
    )
    assert server.returncode == 0
    adopts = sys.platform.startswith("linux")  # it is its workers' subreaper
    assert [json.loads(line) for line in server.stdout.splitlines()] == [
        {"ready": True, "adopts": adopts}
    ]


def _gloo_pieces(rank: int, peers: int) -> list[str]:
    """One of gloo's connection lines, in the pieces its threads write it in."""
    return [
        "[Gloo] Rank ",
        str(rank),
        " is connected to ",
        str(peers),
        " peer ranks. ",
        "Expected number of connected peer ranks is : ",
        str(peers),
        "\n",
    ]


def test_gloo_lines_cut_into_each_other_at_any_piece_are_all_removed():
    """Lesson 14's notebook once showed "[Gloo] Rank 4 is connected to 7[Gloo] Rank  peer
    ranks. ...": four threads' lines cut into each other. Whatever the interleaving, native
    output that is only gloo's lines is dropped; anything else there is kept."""
    import random

    rng = random.Random(14)
    for _ in range(300):
        lines = [_gloo_pieces(rank, 7) for rank in rng.sample(range(16), rng.randint(1, 4))]
        text = ""
        while any(lines):
            line = rng.choice([line for line in lines if line])
            text += line.pop(0)
        assert hosts._not_gloo(text) == ""
    assert hosts._not_gloo("".join(_gloo_pieces(3, 7)) + "a native line\n").endswith(
        "a native line\n"
    )


def test_what_native_code_prints_is_kept_apart_from_python_s_and_shown(tmp_path):
    script = tmp_path / "worker.py"
    script.write_text(
        "import os\nprint('from python')\n"
        f"os.write(1, {''.join(_gloo_pieces(1, 3))!r}.encode())\n"
        "os.write(1, b'from C\\n')\nprint('python again')\n"
    )
    (result,) = hosts.run(script, processes=1)
    assert result.stdout == "from python\npython again\nfrom C\n"


def test_the_server_is_kept_while_what_its_import_of_jax_read_is_unchanged(monkeypatch):
    """A kernel's JAX sets TF_CPP_MIN_LOG_LEVEL when its backend starts: that must not
    cost a new server (a second import of JAX) at lesson 14's next run; a JAX_ setting,
    read when JAX is imported, must."""
    server = hosts._server()
    monkeypatch.setenv("TF_CPP_MIN_LOG_LEVEL", "3")
    assert hosts._server() is server
    monkeypatch.setenv("JAX_ENABLE_X64", "1")
    assert hosts._server() is not server


def test_off_linux_every_worker_is_a_fresh_python(tmp_path, monkeypatch):
    """macOS's system libraries are not safe to fork once loaded (Python's multiprocessing
    spawns there); Windows has no fork: the workers are fresh Pythons."""
    script = tmp_path / "worker.py"
    script.write_text("import os\nprint(os.getppid())\n")
    monkeypatch.setattr(sys, "platform", "darwin")
    assert hosts._server() is None
    (result,) = hosts.run(script, processes=1)
    assert result.stdout == f"{os.getpid()}\n"
