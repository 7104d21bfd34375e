"""How many of the grader's branches the generated answers reach, by sample size: what
tests/grader/test_bad_answers.py::test_generated_answers_never_raise would buy with fewer.

    PYTHONPATH=. .venv/bin/python -m benchmarks.generated_coverage 257 48
    PYTHONPATH=. .venv/bin/python -m benchmarks.generated_coverage --seed-per-exercise 128

For each sample size N (answers per exercise), the test's own strategy answers every
exercise N times (derandomized as in the test, or seeded per exercise), under coverage.py
with branch measurement over ``jaxtour/``; prints the arcs reached and the CPU time.
Each size runs in a fresh interpreter, so no size inherits another's warm caches.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

ONE_SIZE = """
import json, os, sys, tempfile, time, zlib
os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ["JAXTOUR_DATA_DIR"] = tempfile.mkdtemp()
os.environ["JAXTOUR_PROGRESS"] = "off"
import coverage
n, per_exercise = int(sys.argv[1]), sys.argv[2] == "1"
cov = coverage.Coverage(branch=True, source=["jaxtour"], data_file=None)
cov.start()
import jax
jax.config.update("jax_num_cpu_devices", 8)
from hypothesis import HealthCheck, given, seed, settings
from jaxtour import checks
from jaxtour.exercises import lesson08
from tests import stand_ins
from tests.grader import test_bad_answers as bad
lesson08.measure_band = stand_ins.speedup_band  # as the test session does
lesson08.forget_measurements()
start = time.process_time()
for exercise_id in bad.EXERCISE_IDS:
    @settings(max_examples=n, deadline=None, derandomize=not per_exercise, database=None,
              suppress_health_check=list(HealthCheck))
    @given(answer=bad.odd_answers)
    def answered(answer):
        bad._assert_good_feedback(checks.check(exercise_id, answer))
    if per_exercise:
        answered = seed(zlib.crc32(exercise_id.encode()))(answered)
    answered()
cpu = time.process_time() - start
cov.stop()
data = cov.get_data()
arcs = sorted(
    f"{os.path.relpath(f)}:{a}:{b}" for f in data.measured_files() for a, b in data.arcs(f) or []
)
print(json.dumps({"arcs": arcs, "cpu_s": cpu}))
"""


def measure(per_exercise_answers: int, seed_per_exercise: bool) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", ONE_SIZE, str(per_exercise_answers), str(int(seed_per_exercise))],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )
    return json.loads(result.stdout.splitlines()[-1])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="+", type=int, help="answers per exercise")
    parser.add_argument("--seed-per-exercise", action="store_true")
    args = parser.parse_args(argv)
    reached = {}
    for size in args.sizes:
        found = measure(size, args.seed_per_exercise)
        reached[size] = set(found["arcs"])
        print(f"{size} per exercise: {len(reached[size])} arcs, {found['cpu_s']:.1f} s CPU")
    largest = max(args.sizes)
    for size in args.sizes:
        if size != largest:
            missing = len(reached[largest] - reached[size])
            print(f"{size}: misses {missing} arcs that {largest} reaches")


if __name__ == "__main__":
    main()
