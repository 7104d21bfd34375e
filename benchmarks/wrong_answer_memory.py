"""What describing a huge wrong answer costs in memory: peak RSS before and after checking
``jnp.arange(1e8)`` (381 MiB of float32) for 01.arange, which expects ten values.

    .venv/bin/python -m benchmarks.wrong_answer_memory

The check must add memory in proportion to what it shows (the expected array), not to the
answer: it compares shapes first and never copies the answer to describe a mismatch.
"""

from __future__ import annotations

import resource
import sys


def _peak_mib() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux, bytes on macOS
    return peak / (2**20 if sys.platform == "darwin" else 2**10)


def main() -> dict[str, float]:
    import jax.numpy as jnp

    from jaxtour import checks

    checks.check("01.arange", checks._reference("01.arange"))  # warm: compile, import
    answer = jnp.arange(1e8)
    answer.block_until_ready()
    before = _peak_mib()
    feedback = checks.check("01.arange", answer)
    after = _peak_mib()
    result = {
        "answer_mib": answer.nbytes / 2**20,
        "peak_before_mib": before,
        "peak_after_mib": after,
        "added_mib": after - before,
    }
    print(feedback.message)
    for name, value in result.items():
        print(f"{name:>16}: {value:8.1f}")
    return result


if __name__ == "__main__":
    main()
