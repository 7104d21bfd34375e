"""Pieces of the learner's path (tests/content/learner_path.py walks it, in nbval's kernel
for each English lesson): a kernel that dies at start is started again, and a measuring
run's cell timings are read back."""

from __future__ import annotations

import contextlib
from pathlib import Path

import nbformat
import pytest

from tools.build_lessons import KERNEL_LOST_AT_START, cell_seconds, kernel_started


class _Flaky:
    """A NotebookClient whose first kernels die before answering (a port taken first)."""

    def __init__(self, deaths: int):
        self.deaths, self.started, self.km, self.kc = deaths, 0, None, None

    @contextlib.contextmanager
    def setup_kernel(self, **kwargs):
        self.started += 1
        if self.started <= self.deaths:
            raise RuntimeError(KERNEL_LOST_AT_START)
        yield


def test_a_kernel_that_dies_at_start_is_started_again_and_other_errors_are_not():
    client = _Flaky(deaths=2)
    with kernel_started(client, env=None):
        pass
    assert client.started == 3
    with pytest.raises(RuntimeError), kernel_started(_Flaky(deaths=5), env=None):
        pass


def test_cell_seconds_reads_the_timing_a_measuring_run_records():
    """tools.solve_lessons (benchmarks/gpu_check.sh) names each lesson's slowest cells."""
    notebook = nbformat.v4.new_notebook()
    for began, ended, source in (
        ("2026-12-04T11:00:00.000000Z", "2026-12-04T11:00:00.250000Z", "a = 1"),
        ("2026-12-04T11:00:01.000000Z", "2026-12-04T11:00:03.500000Z", "slow()\nmore()"),
        (None, None, "never ran"),
    ):
        cell = nbformat.v4.new_code_cell(source)
        if began:
            cell.metadata["execution"] = {
                "iopub.execute_input": began,
                "shell.execute_reply": ended,
            }
        notebook.cells.append(cell)
    assert cell_seconds(notebook) == [(2.5, 1, "slow()"), (0.25, 0, "a = 1")]


def test_kernels_reach_their_client_through_unix_sockets_where_tcp_is_forbidden(monkeypatch):
    """A sandboxed TPU VM lets no process open a TCP socket: JAXTOUR_KERNEL_TRANSPORT=ipc
    gives each kernel unix sockets named by absolute paths in a folder of its own."""
    from tools.build_lessons import kernel_manager

    monkeypatch.delenv("JAXTOUR_KERNEL_TRANSPORT", raising=False)
    assert kernel_manager() is None  # jupyter_client's own TCP default
    monkeypatch.setenv("JAXTOUR_KERNEL_TRANSPORT", "ipc")
    first, second = kernel_manager(), kernel_manager()
    assert first.transport == "ipc" and not first.cache_ports  # no TCP port probed
    assert Path(first.ip).is_absolute() and Path(first.connection_file).is_absolute()
    assert Path(first.ip).parent != Path(second.ip).parent


def test_a_lesson_stopped_by_the_machine_is_told_apart_from_one_that_failed():
    from tools.solve_lessons import MACHINE_LIMITS, stopped_by

    notebook = nbformat.v4.new_notebook()
    notebook.cells.append(nbformat.v4.new_code_cell("ok"))
    assert stopped_by(notebook) is None
    stopped = nbformat.v4.new_code_cell("hosts.run(script)")
    stopped.outputs = [
        nbformat.v4.new_output(
            "error", ename="WorkersUnavailable", evalue="no sockets", traceback=[]
        )
    ]
    notebook.cells.append(stopped)
    assert stopped_by(notebook) == (1, "WorkersUnavailable", "no sockets")
    assert "WorkersUnavailable" in MACHINE_LIMITS and "NameError" not in MACHINE_LIMITS
