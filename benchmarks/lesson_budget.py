"""Each lesson run once, whole, in a fresh kernel: wall time and peak memory (the budget
is 20 s and 1 GiB per lesson on the CPU).

    PYTHONPATH=. .venv/bin/python -m benchmarks.lesson_budget [NN ...]

Memory is sampled every ``SAMPLE_S`` from /proc while the lesson runs: the proportional
set size (PSS) of every process this benchmark started and their descendants (the kernel;
in lesson 14, ``jaxtour.hosts``' worker server and the workers it forks, which share the
server's pages). PSS counts a page shared by n processes as 1/n in each, so the sum is
the memory the lesson holds; resident sizes (RSS) would count a shared page once per
process. The kernel's own peak RSS is printed beside it, read by the kernel itself.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import nbformat

from tools.build_lessons import execute, lesson_sources, notebook_from_source

PEAK = (
    "import resource\nprint('PEAK_MIB', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)"
)
SAMPLE_S = 0.05


def _descendants(root: int) -> list[int]:
    """``root``'s descendant processes, read from /proc (children of children too)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        parents.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _pss_kib(pid: int) -> int:
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0
    for line in text.splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


class TreeMemory(threading.Thread):
    """The peak over time of the summed PSS of this process's descendants, and how many
    processes were there at that peak."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.peak_kib, self.processes, self._done = 0, 0, threading.Event()

    def run(self) -> None:
        while not self._done.wait(SAMPLE_S):
            pids = _descendants(os.getpid())
            total = sum(_pss_kib(pid) for pid in pids)
            if total > self.peak_kib:
                self.peak_kib, self.processes = total, len(pids)

    def stop(self) -> None:
        self._done.set()
        self.join()


def main(prefixes: list[str]) -> None:
    print(f"sampling memory every {SAMPLE_S * 1000:.0f} ms (PSS of the process tree)")
    for source in lesson_sources(prefixes):
        notebook = notebook_from_source(source)
        notebook.cells.append(nbformat.v4.new_code_cell(PEAK))
        memory = TreeMemory()
        memory.start()
        start = time.perf_counter()
        execute(notebook)
        wall = time.perf_counter() - start
        memory.stop()
        shown = "".join(o.get("text", "") for o in notebook.cells[-1].outputs)
        kernel = float(shown.split()[-1])
        print(
            f"{source.stem}: {wall:5.1f} s, peak {memory.peak_kib / 1024:6.0f} MiB "
            f"(PSS of {memory.processes} processes; the kernel's own peak RSS {kernel:.0f} MiB)",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
