"""Execute every lesson in its solved state and report what each check said.

    python -m tools.solve_lessons          # exit 1 if any check is not correct

Used by benchmarks/gpu_check.sh to prove the lessons run unchanged on a GPU; the
test suite runs the same code (tests/grader/test_x64.py, tests/paths/test_colab.py).
"""

from __future__ import annotations

import time

import nbformat

from jaxtour import catalog
from tools.build_lessons import LESSONS, execute, reported_statuses, solved


def main() -> int:
    import jax

    print(f"JAX {jax.__version__}, backend {jax.default_backend()}, devices {jax.devices()}")
    failures = 0
    for path in (LESSONS / lesson.notebook for lesson in catalog.LESSONS):
        notebook, ids = solved(nbformat.read(path, as_version=4))
        start = time.perf_counter()
        execute(notebook)
        seconds = time.perf_counter() - start
        statuses = reported_statuses(notebook)
        bad = {i: statuses.get(i, "missing") for i in ids if statuses.get(i) != "correct"}
        failures += len(bad)
        verdict = "all correct" if not bad else f"NOT CORRECT: {bad}"
        print(f"{path.name}: {len(ids)} exercises, {verdict}, {seconds:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
