"""Importing jaxtour asks libtpu for a small pinned transfer buffer (256 MiB, not 4 GiB),
so that a TPU opens in seconds (benchmarks/GPU.md), and keeps a learner's own value."""

from __future__ import annotations

import os
import subprocess
import sys

SHOW = "import jaxtour, os; print(os.environ['TPU_PREMAPPED_BUFFER_SIZE'])"


def _imported_with(extra: dict[str, str]) -> str:
    env = {k: v for k, v in os.environ.items() if k != "TPU_PREMAPPED_BUFFER_SIZE"}
    done = subprocess.run(
        [sys.executable, "-c", SHOW],
        env={**env, **extra},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.strip()


def test_a_small_buffer_unless_the_learner_set_one():
    assert _imported_with({}) == str(256 * 2**20)
    assert _imported_with({"TPU_PREMAPPED_BUFFER_SIZE": "4294967296"}) == "4294967296"
