"""What tests/grader/test_bad_answers.py::test_generated_answers_never_raise reaches: its
fixed sample of odd answers against the hypothesis draw it made until 2026-12-06.

    PYTHONPATH=. .venv/bin/python -m benchmarks.generated_coverage

Each sample answers every exercise, lesson by lesson as the test does, in a fresh
interpreter under coverage.py with branch measurement over ``jaxtour/``; prints the
checks, their CPU time, the arcs reached, the (exercise, status, mistake) verdicts and
the arcs each sample reaches that the other does not. "drawn" is the old test's strategy:
derandomized, ceil(10000 / exercises) examples a lesson, each given to every exercise of
the lesson (it drew the same 154 answers in every lesson, 68 of them iterators).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

ONE_SAMPLE = """
import json, math, os, sys, tempfile, time
os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ["JAXTOUR_DATA_DIR"] = tempfile.mkdtemp()
os.environ["JAXTOUR_PROGRESS"] = "off"
import coverage
cov = coverage.Coverage(branch=True, source=["jaxtour"], data_file=None)
cov.start()
import jax
jax.config.update("jax_num_cpu_devices", 8)
from jaxtour import checks
from jaxtour.exercises import lesson08
from tests import stand_ins
from tests.grader import test_bad_answers as bad
lesson08.measure_band = stand_ins.speedup_band  # as the test session does
lesson08.forget_measurements()
verdicts, start = set(), time.process_time()

def judged(exercise_id, answer):
    feedback = checks.check(exercise_id, answer)
    bad._assert_good_feedback(feedback)
    verdicts.add((exercise_id, feedback.status, feedback.mistake))

if sys.argv[1] == "fixed":
    for index, exercise_id in enumerate(bad.EXERCISE_IDS):
        for answer in bad.generated_answers(index):
            judged(exercise_id, answer)
else:
    from benchmarks.generated_coverage import drawn_answers
    from hypothesis import HealthCheck, given, settings
    per_lesson = math.ceil(10_000 / len(bad.EXERCISE_IDS))
    for lesson, ids in bad.BY_LESSON.items():
        @settings(max_examples=per_lesson, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(answer=drawn_answers())
        def answered(answer):
            for exercise_id in ids:
                judged(exercise_id, answer())
        answered()
cpu = time.process_time() - start
cov.stop()
data = cov.get_data()
arcs = sorted(
    f"{os.path.relpath(f)}:{a}:{b}" for f in data.measured_files() for a, b in data.arcs(f) or []
)
print(json.dumps({"arcs": arcs, "cpu_s": cpu, "verdicts": sorted(map(list, verdicts),
                  key=str)}, default=str))
"""


def drawn_answers():
    """The hypothesis strategy test_bad_answers drew from until 2026-12-06."""
    import numpy as np
    from hypothesis import strategies as st

    from tests.grader import test_bad_answers as bad

    shapes = st.lists(st.integers(0, 6), max_size=3).map(tuple)
    numpy_arrays = st.builds(
        bad._make_array,
        st.sampled_from(bad.ARRAY_DTYPES),
        shapes,
        st.integers(0, 2**16),
        st.sampled_from([None, np.nan, np.inf, -np.inf, 0.0, -0.0]),
    )
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.complex_numbers(),
        st.text(max_size=12),
        st.binary(max_size=8),
        st.sampled_from(bad.RAISING).map(lambda cls: cls()),
        st.just(Ellipsis),
    )
    values = st.recursive(
        st.one_of(scalars, numpy_arrays, st.sampled_from(bad._jax_arrays())),
        lambda children: st.one_of(
            st.lists(children, max_size=4),
            st.tuples(children, children),
            st.dictionaries(st.text(max_size=4), children, max_size=3),
        ),
        max_leaves=6,
    )
    functions = st.one_of(
        values.map(bad._function_returning),
        st.sampled_from(bad.ERRORS).map(bad._function_raising),
    )
    same = values.map(lambda v: lambda: v) | functions.map(lambda f: lambda: f)
    return same | st.lists(st.integers()).map(lambda xs: lambda: iter(xs))


def measure(sample: str) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", ONE_SAMPLE, sample],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )
    return json.loads(result.stdout.splitlines()[-1])


def main() -> None:
    found = {sample: measure(sample) for sample in ("fixed", "drawn")}
    for sample, seen in found.items():
        print(
            f"{sample}: {len(seen['arcs'])} arcs, {len(seen['verdicts'])} (exercise, status, "
            f"mistake) verdicts, {seen['cpu_s']:.1f} s CPU"
        )
    fixed, drawn = (set(found[s]["arcs"]) for s in ("fixed", "drawn"))
    print(f"arcs only the fixed sample reaches: {len(fixed - drawn)}; only the draw: ")
    print("\n".join(sorted(drawn - fixed)))


if __name__ == "__main__":
    main()
