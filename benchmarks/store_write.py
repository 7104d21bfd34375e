"""What the progress store's durable write adds to a Check, and what a warm Check is made of.

    PYTHONPATH=. .venv/bin/python -m benchmarks.store_write
    PYTHONPATH=. .venv/bin/python -m benchmarks.store_write --exercise 12.fixed_target --kind wrong

Part 1: ``progress_store.record`` (one sqlite transaction, the write every Check makes)
in a fresh store: 20 writes in a row, then the same after a pause of ``--pause`` seconds
with no write, as a learner's Checks come. Part 2: the warm Checks of one exercise's
answer (as ``benchmarks.check_speed`` builds it) in this process, one by one, with the
progress store on and then off, each after the same pause, so the store's share of every
Check is printed beside it. Timings vary with the disk (on the 2-core machine of
RESULTS.md, some runs have a dozen checks in a row whose write costs two or three times
the usual): compare within one run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time


def _writes(count: int) -> list[float]:
    from jaxtour.learner import progress_store

    times = []
    for _ in range(count):
        start = time.perf_counter()
        progress_store.record("00.first_array", "correct")
        times.append(1e3 * (time.perf_counter() - start))
    return times


def _checks(exercise_id: str, answer: object, count: int) -> list[float]:
    from jaxtour import checks

    times = []
    for _ in range(count):
        start = time.perf_counter()
        checks.check(exercise_id, answer)
        times.append(1e3 * (time.perf_counter() - start))
    return times


def _line(label: str, times: list[float]) -> str:
    shown = " ".join(f"{t:.1f}" for t in times)
    return f"{label}: median {statistics.median(times):.2f} ms; each: {shown}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pause", type=float, default=5.0, help="seconds with no write")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--exercise", default="12.fixed_target")
    parser.add_argument("--kind", choices=("right", "wrong"), default="wrong")
    options = parser.parse_args()
    os.environ["JAXTOUR_DATA_DIR"] = tempfile.mkdtemp(prefix="jaxtour-store-write-")
    os.environ["JAXTOUR_PROGRESS"] = "on"
    os.environ.setdefault("JAX_PLATFORMS", "cpu")

    from benchmarks.check_speed import _right_answer, _wrong_answer, machine
    from jaxtour.learner import progress_store

    print(f"machine: {machine()}; store: {progress_store.store_path()}")
    print(_line("writes in a row", _writes(options.count)))
    time.sleep(options.pause)
    print(_line(f"writes after a {options.pause:g} s pause", _writes(options.count)))

    build = _right_answer if options.kind == "right" else _wrong_answer
    answer, source = build(options.exercise)
    for _ in range(3):  # the first checks compile; not what is measured here
        _checks(options.exercise, answer, 1)
    label = f"{options.exercise} {options.kind} ({source})"
    for setting in ("on", "off"):
        os.environ["JAXTOUR_PROGRESS"] = setting
        time.sleep(options.pause)
        times = _checks(options.exercise, answer, options.count)
        print(_line(f"{label}, warm checks after a pause, progress {setting}", times))


if __name__ == "__main__":
    main()
