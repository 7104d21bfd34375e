"""jaxtour.hosts: what each worker is told, how its end is read, and that run() waits,
kills at the time limit and reports each process. The scripts here do not import JAX (a
fresh Python each, milliseconds); the lesson's notebook runs the real JAX workers."""

from __future__ import annotations

import json
import socket

import pytest

from jaxtour import hosts
from jaxtour.hosts import Finished

GLOO = (
    "[Gloo] Rank {} is connected to 1 peer ranks. Expected number of connected peer ranks is : 1\n"
)


def test_each_worker_gets_its_id_and_the_cpu_settings():
    environment = hosts.worker_environment(1, 2, 4, port=12345)
    assert environment["JAX_PLATFORMS"] == "cpu"
    assert environment["JAX_NUM_CPU_DEVICES"] == "4"
    assert environment["JAX_CPU_COLLECTIVES_IMPLEMENTATION"] == "gloo"
    arguments = json.loads(environment[hosts.SETTINGS_VARIABLE])
    assert arguments["coordinator_address"] == "127.0.0.1:12345"
    assert (arguments["num_processes"], arguments["process_id"]) == (2, 1)
    assert arguments["heartbeat_timeout_seconds"] < 100  # JAX's default: a lesson never waits it
    assert arguments["cluster_detection_method"] == "deactivate"


def test_on_gpus_each_process_gets_its_own_gpus():
    environment = hosts.worker_environment(1, 4, 2, port=1, platform="gpu")
    assert environment["JAX_PLATFORMS"] == "cuda"
    assert "JAX_NUM_CPU_DEVICES" not in environment
    assert json.loads(environment[hosts.SETTINGS_VARIABLE])["local_device_ids"] == [2, 3]
    with pytest.raises(ValueError, match="platform"):
        hosts.worker_environment(0, 1, 1, port=1, platform="tpu")


def test_initialize_arguments_come_from_the_launcher(monkeypatch):
    monkeypatch.delenv(hosts.SETTINGS_VARIABLE, raising=False)
    with pytest.raises(RuntimeError, match="hosts.run"):
        hosts.initialize_arguments()
    environment = hosts.worker_environment(0, 2, 4, port=999)
    monkeypatch.setenv(hosts.SETTINGS_VARIABLE, environment[hosts.SETTINGS_VARIABLE])
    assert hosts.initialize_arguments()["process_id"] == 0


def test_free_port_can_be_bound():
    port = hosts.free_port()
    with socket.socket() as server:
        server.bind(("127.0.0.1", port))


def test_gloo_lines_are_removed_even_cut_into_each_other_and_into_a_line():
    text = "done\n[Gloo] Rank " + GLOO.format(1) + GLOO.format(2)[len("[Gloo] Rank ") :]
    text += "sum " + GLOO.format(3) + "28.0\n"
    assert hosts.without_gloo_lines(text) == "done\nsum 28.0\n"


FATAL = (
    "E1203 20:13:45.302244   10861 coordination_service_agent.cc:289] Polled an error\n"
    "F1203 20:13:45.302368   10861 client.h:80] Terminating process because the JAX "
    "distributed service detected fatal errors. This most likely indicates that another "
    "task died; see the other task logs for more details.\n"
    "*** Check failure stack trace: ***\n"
)
TRACEBACK = 'Traceback (most recent call last):\n  File "w.py", line 3\n    f()\nValueError: no\n'


@pytest.mark.parametrize(
    ("returncode", "stderr", "outcome", "reason"),
    [
        (0, "", "finished", ""),
        (
            -6,
            FATAL,
            "ended by SIGABRT",
            "Terminating process because the JAX distributed service detected fatal errors.",
        ),
        (1, TRACEBACK, "exited with status 1", "ValueError: no"),
        (None, "", "still running at the time limit, killed", ""),
    ],
)
def test_how_a_process_ended_is_read_from_its_status_and_stderr(
    returncode, stderr, outcome, reason
):
    finished = Finished(0, returncode, "", stderr, 1.0)
    assert (finished.outcome, finished.reason) == (outcome, reason)


def test_run_starts_each_process_with_its_id_and_kills_at_the_limit(tmp_path, capsys):
    script = tmp_path / "worker.py"
    script.write_text(
        "import json, os, sys, time\n"
        "me = json.loads(os.environ['JAXTOUR_HOSTS'])['process_id']\n"
        "print('process', me, os.environ['JAX_NUM_CPU_DEVICES'], sys.argv[1])\n"
        "if me == 1:\n"
        "    time.sleep(60)\n"
    )
    results = hosts.run(script, processes=2, devices_per_process=3, timeout_s=2, args=("hi",))
    assert [r.process_id for r in results] == [0, 1]
    assert results[0].ok and results[0].stdout == "process 0 3 hi\n"
    assert results[1].returncode is None and results[1].stdout == "process 1 3 hi\n"
    hosts.show(results)
    shown = capsys.readouterr().out
    assert "--- process 0: finished\nprocess 0 3 hi\n" in shown
    assert "--- process 1: still running at the time limit, killed\n" in shown


def test_run_refuses_a_missing_script(tmp_path):
    with pytest.raises(FileNotFoundError):
        hosts.run(tmp_path / "nothing.py")


class Stop(Exception):
    pass


def test_an_interrupted_run_leaves_no_worker_behind(tmp_path):
    import os
    import signal

    pids = tmp_path / "pids"
    pids.mkdir()
    script = tmp_path / "worker.py"
    script.write_text(
        f"import os, time\nopen(os.path.join({str(pids)!r}, str(os.getpid())), 'w').close()\n"
        "time.sleep(60)\n"
    )

    def stop(signum, frame):
        raise Stop

    server = hosts._server()  # JAX imported before the clock starts (where workers fork)
    assert server is None or server.wait_until_ready()
    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, 3)
    try:
        with pytest.raises(Stop):
            hosts.run(script, processes=2, timeout_s=30)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    started = [int(p.name) for p in pids.iterdir()]
    assert len(started) == 2
    for pid in started:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


@pytest.mark.parametrize("fresh", [False, True], ids=["forked", "fresh Python"])
def test_each_process_reads_only_its_own_input(tmp_path, monkeypatch, fresh):
    """What a process is given on its stdin is in no other process's arguments,
    environment or files (lesson 14's check gives each process only its own values)."""
    monkeypatch.setenv(hosts.SERVER_VARIABLE, "0" if fresh else "1")
    script = tmp_path / "worker.py"
    script.write_text(
        "import os, sys\n"
        "print(sys.stdin.read(), sys.argv[1:], 'secret' in str(os.environ))\n"
        "print(sys.stdin.read() == '')\n"
    )
    given = ["secret zero " * 3000, "secret one"]  # more than a pipe holds, for process 0
    results = hosts.run(script, processes=2, devices_per_process=1, inputs=given)
    assert [r.stdout for r in results] == [f"{text} [] False\nTrue\n" for text in given]
    assert not list(tmp_path.iterdir())[1:]  # only the script: no file holds an input


def test_where_no_socket_can_be_opened_run_says_so_at_once(tmp_path, monkeypatch):
    script = tmp_path / "worker.py"
    script.write_text("print('never')\n")

    def refused(*args, **kwargs):
        raise OSError(97, "Address family not supported by protocol")

    monkeypatch.setattr(socket, "socket", refused)
    assert "It is the machine, not your code" in hosts.workers_unavailable()
    with pytest.raises(hosts.WorkersUnavailable) as raised:
        hosts.run(script)
    (line,) = raised.value._render_traceback_()  # IPython shows one line, no traceback
    assert line.startswith("WorkersUnavailable: This machine does not let its processes")
    assert "[Errno 97]" in line
    monkeypatch.undo()
    assert hosts.workers_unavailable() is None
