"""Issue 21's refused right answer: 09.random_walk with an unjitted ``lax.scan``, which
compiles a new scan on every one of the grader's calls. Prints the verdict and the wall
time of one check under the default limit (10 s of the learner's own time).

    .venv/bin/python -m benchmarks.unjitted_scan
"""

from __future__ import annotations

import os
import time


def random_walk(key, steps):
    import jax
    import jax.numpy as jnp
    from jax import lax

    def step(position, subkey):  # made anew on every call: the scan compiles every time
        position = position + jax.random.normal(subkey)
        return position, position

    _, path = lax.scan(step, jnp.zeros(()), jax.random.split(key, steps))
    return path


def main() -> None:
    from jaxtour import checks

    start = time.perf_counter()
    feedback = checks.check("09.random_walk", random_walk)
    wall = time.perf_counter() - start
    print(f"load {os.getloadavg()[0]:.2f}: {feedback.status} after {wall:.1f} s")
    print(feedback.message)


if __name__ == "__main__":
    main()
