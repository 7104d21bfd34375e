"""Timing verdicts on a busy machine: 20 rounds each, with one CPU burner per core.

    python -m benchmarks.run --only verdicts

02.time_call and 08.speedup judge a learner's timing against what the checker itself
measures. Here the honest answer (the lessons' official solutions) and a typical wrong
one are checked 20 times each while every core is kept busy; 08.speedup forgets its
measurement before every round, so each round measures afresh. The test suite checks
the same verdicts with the measurement fixed (tests/stand_ins.py); this is where they
meet a real, loaded clock.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

ROUNDS = 20
BURNER = "while True: pass"


@contextmanager
def busy_machine() -> Iterator[int]:
    """One process per core burning CPU until the block ends; yields how many."""
    burners = [subprocess.Popen([sys.executable, "-c", BURNER]) for _ in range(os.cpu_count() or 2)]
    try:
        time.sleep(0.5)  # let the scheduler feel them
        yield len(burners)
    finally:
        for burner in burners:
            burner.kill()
        for burner in burners:
            burner.wait(timeout=10)


def _honest_speedup(step, *args, calls=20) -> float:
    """08.speedup's official solution (its answer is this function; the check calls it)."""
    import time

    import jax

    def seconds_per_call(f):
        jax.block_until_ready(f(*args))
        start = time.perf_counter()
        for _ in range(calls):
            jax.block_until_ready(f(*args))
        return (time.perf_counter() - start) / calls

    return seconds_per_call(step) / seconds_per_call(jax.jit(step))


def _verdicts(exercise_id: str, answer, before=None) -> dict[str, int]:
    from jaxtour import checks

    seen = Counter()
    for _ in range(ROUNDS):
        if before:
            before()
        feedback = checks.check(exercise_id, answer)
        seen[feedback.mistake or feedback.status] += 1
    return dict(seen)


def bench_verdicts(repeats: int) -> dict:
    from jaxtour.exercises import lesson02, lesson08

    start = time.perf_counter()
    with busy_machine() as burners:
        from jaxtour.exercises.lesson08 import initial_params, make_data, sgd_step

        honest = _honest_speedup(sgd_step, initial_params(), *make_data(), 0.1)
        results = {
            "burners": burners,
            "rounds": ROUNDS,
            # lesson 02's official solution and its declared no-warm-up mistake
            "time_call_honest": _verdicts("02.time_call", lesson02._honest),
            "time_call_no_warm_up": _verdicts("02.time_call", lesson02._no_warm_up),
            "speedup_honest_ratio": honest,
            "speedup_honest": _verdicts(
                "08.speedup", _honest_speedup, lesson08.forget_measurements
            ),
        }
    lesson08.forget_measurements()
    results["wall_s"] = time.perf_counter() - start
    expected = {
        "time_call_honest": "correct",
        "time_call_no_warm_up": "no-warm-up",
        "speedup_honest": "correct",
    }
    results["held"] = {name: results[name].get(verdict, 0) for name, verdict in expected.items()}
    results["all_held"] = all(n == ROUNDS for n in results["held"].values())
    return results


if __name__ == "__main__":
    import json

    print(json.dumps(bench_verdicts(1), indent=1))
