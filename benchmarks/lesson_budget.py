"""Each lesson run once, whole, in a fresh kernel: wall time and the kernel's peak resident
memory (the budget is 20 s and 1 GiB per lesson on the CPU).

    PYTHONPATH=. .venv/bin/python -m benchmarks.lesson_budget
"""
import time
import nbformat
from tools.build_lessons import execute, lesson_sources, notebook_from_source
for source in lesson_sources([]):
    nb = notebook_from_source(source)
    nb.cells.append(nbformat.v4.new_code_cell(
        "import resource; print('PEAK_MIB', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)"))
    start = time.perf_counter()
    execute(nb)
    wall = time.perf_counter() - start
    out = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    print(f"{source.stem}: {wall:5.1f} s, kernel peak {float(out.split()[-1]):6.0f} MiB", flush=True)
