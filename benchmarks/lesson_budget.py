"""Each lesson run once, whole, in a fresh kernel: wall time and the kernel's peak resident
memory (the budget is 20 s and 1 GiB per lesson on the CPU).

    PYTHONPATH=. .venv/bin/python -m benchmarks.lesson_budget
"""

from __future__ import annotations

import time

import nbformat

from tools.build_lessons import execute, lesson_sources, notebook_from_source

PEAK = (
    "import resource\nprint('PEAK_MIB', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)"
)


def main() -> None:
    for source in lesson_sources([]):
        notebook = notebook_from_source(source)
        notebook.cells.append(nbformat.v4.new_code_cell(PEAK))
        start = time.perf_counter()
        execute(notebook)
        wall = time.perf_counter() - start
        shown = "".join(o.get("text", "") for o in notebook.cells[-1].outputs)
        peak = float(shown.split()[-1])
        print(f"{source.stem}: {wall:5.1f} s, kernel peak {peak:6.0f} MiB", flush=True)


if __name__ == "__main__":
    main()
