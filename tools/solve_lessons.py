"""Execute every lesson in its solved state and report what each check said.

    python tools/solve_lessons.py          # exit 1 if any check is not correct

Used by benchmarks/gpu_check.sh to prove the lessons run unchanged on a GPU; the
test suite runs the same code (tests/test_solved_state.py).
"""

from __future__ import annotations

import time

import nbformat
from build_lessons import LESSONS, execute, reported_statuses, solved


def main() -> int:
    import jax

    print(f"JAX {jax.__version__}, backend {jax.default_backend()}, devices {jax.devices()}")
    failures = 0
    for path in sorted(LESSONS.glob("[0-9][0-9]_*.ipynb")):
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
