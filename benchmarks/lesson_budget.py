"""Each lesson run once, whole, in a fresh kernel: wall time and the kernel's peak resident
memory (the budget is 20 s and 1 GiB per lesson on the CPU).

    PYTHONPATH=. .venv/bin/python -m benchmarks.lesson_budget [NN ...]

A lesson that starts worker processes (lesson 14, ``jaxtour.hosts.run``) pays for them
too: the wall time includes waiting for them, and the memory budget counts them. Its
workers run ``WORKERS_AT_ONCE`` at a time, so its peak is the kernel's plus that many
times the largest worker's (the kernel's children, as the kernel waited for them).
"""

from __future__ import annotations

import sys
import time

import nbformat

from jaxtour import catalog
from tools.build_lessons import execute, lesson_sources, notebook_from_source

PEAK = (
    "import resource\nprint('PEAK_MIB', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,"
    " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)"
)
WORKERS_AT_ONCE = {"14": 2}  # lesson number -> worker processes it runs at the same time


def main(prefixes: list[str]) -> None:
    for source in lesson_sources(prefixes):
        notebook = notebook_from_source(source)
        notebook.cells.append(nbformat.v4.new_code_cell(PEAK))
        start = time.perf_counter()
        execute(notebook)
        wall = time.perf_counter() - start
        shown = "".join(o.get("text", "") for o in notebook.cells[-1].outputs)
        kernel, child = (float(v) for v in shown.split()[-2:])
        line = f"{source.stem}: {wall:5.1f} s, kernel peak {kernel:6.0f} MiB"
        workers = WORKERS_AT_ONCE.get(catalog.find(source.stem).number, 0)
        if workers:
            total = kernel + workers * child
            line += f", {workers} workers of at most {child:.0f} MiB: {total:.0f} MiB in all"
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
