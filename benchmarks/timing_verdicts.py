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


def _honest_speedup() -> float:
    """08.speedup's official solution, as a learner runs it."""
    import jax

    from jaxtour import timing
    from jaxtour.exercises.lesson08 import initial_params, make_data, sgd_step

    x, y = make_data()
    params = initial_params()
    eager = timing.measure(sgd_step, params, x, y, 0.1, budget_s=0.3)
    jitted = timing.measure(jax.jit(sgd_step), params, x, y, 0.1, budget_s=0.3)
    return eager.median_s / jitted.median_s


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
        honest = _honest_speedup()
        results = {
            "burners": burners,
            "rounds": ROUNDS,
            # lesson 02's official solution and its declared no-warm-up mistake
            "time_call_honest": _verdicts("02.time_call", lesson02._honest),
            "time_call_no_warm_up": _verdicts("02.time_call", lesson02._no_warm_up),
            "speedup_honest_ratio": honest,
            "speedup_honest": _verdicts("08.speedup", honest, lesson08.forget_measurements),
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
