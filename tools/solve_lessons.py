"""Execute every lesson in its solved state and report what each check said.

    python -m tools.solve_lessons          # exit 1 if any check is not correct
    python -m tools.solve_lessons 11 14    # only the lessons whose notebooks start so

Used by benchmarks/gpu_check.sh to prove the lessons run unchanged on a GPU or a TPU, with each
lesson's wall time, the kernel's peak memory and its slowest cells; the test suite runs
the same code (tests/grader/test_x64.py, tests/paths/test_colab.py).
"""

from __future__ import annotations

import subprocess
import sys
import time

import nbformat
from nbclient.exceptions import CellExecutionError

from jaxtour import catalog
from tools.build_lessons import (
    LESSONS,
    PEAK_RSS_CELL,
    cell_seconds,
    execute,
    notebook_from_source,
    reported_statuses,
    solved,
)

SLOWEST = 3  # cells named per lesson, slowest first
# A cell that stops because the machine cannot start lesson 14's worker processes (no
# TCP socket on 127.0.0.1, as in a sandbox): the machine's limit, reported as such.
MACHINE_LIMITS = ("WorkersUnavailable",)


def stopped_by(notebook: nbformat.NotebookNode) -> tuple[int, str, str] | None:
    """The first cell whose output is an error: (its index, the error's name, its value)."""
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                return index, output["ename"], output["evalue"]
    return None


def main(prefixes: list[str]) -> int:
    """Solve and run every lesson, or those whose notebook name starts with a prefix."""
    # Asked in a process of its own, which ends before the kernels start: a TPU admits one
    # process at a time, and this one would otherwise hold it for the whole run.
    header = (
        "import jax; print(f'JAX {jax.__version__}, backend {jax.default_backend()}, "
        "devices {jax.devices()}')"
    )
    subprocess.run([sys.executable, "-c", header], check=False)
    failures = 0
    paths = [LESSONS / lesson.notebook for lesson in catalog.LESSONS]
    if prefixes:
        paths = [path for path in paths if path.name.startswith(tuple(prefixes))]
        if not paths:
            print(f"no lesson's notebook starts with {' or '.join(prefixes)}")
            return 2
    for path in paths:
        # From the lesson's source, so the run holds every change not yet rebuilt.
        notebook, ids = solved(notebook_from_source(path.with_suffix(".md")))
        notebook.cells.append(nbformat.v4.new_code_cell(PEAK_RSS_CELL))
        start = time.perf_counter()
        try:
            execute(notebook, record_timing=True)
        except CellExecutionError:
            seconds = time.perf_counter() - start
            index, name, value = stopped_by(notebook) or (-1, "unknown", "")
            limit = name in MACHINE_LIMITS
            failures += 0 if limit else 1
            why = "this machine cannot run it" if limit else "ERROR"
            print(
                f"{path.name}: stopped at cell {index} after {seconds:.1f} s, {why}: "
                f"{name}: {value}"
            )
            continue
        seconds = time.perf_counter() - start
        peak_mib = int(notebook.cells[-1].outputs[0]["text"]) / 1024
        statuses = reported_statuses(notebook)
        bad = {i: statuses.get(i, "missing") for i in ids if statuses.get(i) != "correct"}
        failures += len(bad)
        verdict = "all correct" if not bad else f"NOT CORRECT: {bad}"
        print(f"{path.name}: {len(ids)} exercises, {verdict}, {seconds:.1f} s, {peak_mib:.0f} MiB")
        for cell_s, index, line in cell_seconds(notebook)[:SLOWEST]:
            print(f"    {cell_s:6.2f} s  cell {index}: {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
