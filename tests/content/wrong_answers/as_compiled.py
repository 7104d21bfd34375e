"""A round's lesson 16 judged as on a TPU, on the CPU, from the repository root::

    JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.as_compiled 14 15 16

Each round's lesson16 module is imported as on a TPU (its ``INTERPRET`` False), the judge
believes its backend compiles kernels, and a compiled kernel runs in the interpreter with
its outputs starting from garbage instead of NaN (``tests/compiled_kernels.py``); then the
round is judged as round4/measure.py judges it. What this cannot show: what Mosaic refuses
to compile, and what a block revisited does compiled (``revisited-output``). Put beside
the same round judged on the CPU, the lines differ by the guard's ``block-out-of-range``
alone (2026-12-06: 3 answers of round 14, 6 of 15, 4 of 16). On main at c1e5f0a, before
``kernels.reads_interpreted``, 6, 3 and 4 more got the generic message: those whose
mistake reads interpret mode's NaN, asked then of the compiled run alone (rounds 14 and
15: the 6 and 3 a TPU v5e gave it, benchmarks/GPU.md).
"""

from __future__ import annotations

import importlib
import sys


def main(rounds: list[str]) -> int:
    import jax

    from jaxtour.grader import judge
    from tests.compiled_kernels import compiled_on_cpu
    from tests.content.wrong_answers.round4.measure import main as measure

    judge.compiles_kernels = lambda: True
    backend = jax.default_backend
    jax.default_backend = lambda: "tpu"  # what the answers' INTERPRET reads at import
    try:
        for number in rounds:
            importlib.import_module(f"tests.content.wrong_answers.round{number}.lesson16")
    finally:
        jax.default_backend = backend
    with compiled_on_cpu():
        for number in rounds:
            print(f"# round {number}, lesson 16, judged as compiled")
            measure(["16"], round_number=int(number))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or ["14", "15", "16"]))
