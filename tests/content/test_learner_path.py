"""The learner's real path, in one kernel per lesson: Run All with the placeholders, then
solve each exercise in place, re-running only its cell and its check. Every official
solution must pass there, and each reveal cell (shipped without output) must show, after
Run All, what it showed when the lesson was built (the build runs the placeholders too).

A lesson solved before anything else ran is executed from a fresh kernel by two other
layers: tests/grader/test_x64.py (x64 on, the pinned JAX) and tests/paths/test_colab.py
(x64 off, Colab's JAX). Together with this path they cover what a separate solved run
with x64 off and the pinned JAX would, without executing every lesson once more.
"""

from __future__ import annotations

import configparser
import re

import pytest

from tests.helpers import TESTS, cell_exercise, kernel_env, read_notebook
from tools.build_lessons import REVEAL_OUTPUTS, is_reveal, learner_path


def _sanitizers() -> list[tuple[re.Pattern[str], str]]:
    """nbval's sanitizer sections (tests/nbval-sanitize.cfg), as (pattern, replacement)."""
    config = configparser.ConfigParser()
    config.read(TESTS / "nbval-sanitize.cfg", encoding="utf-8")
    return [(re.compile(config[s]["regex"]), config[s]["replace"]) for s in config.sections()]


def shown_text(outputs: list, sanitizers: list[tuple[re.Pattern[str], str]]) -> list[str]:
    """What outputs show as text, sanitized as nbval sanitizes stored outputs.

    Consecutive writes to one stream read as one text, as the reader sees them: how the
    kernel cuts a stream into outputs depends on timing (a jax.debug.print arrives from
    another thread), not on what the cell printed.
    """
    texts, streams = [], []
    for output in outputs:
        text = output.get("text") or output.get("data", {}).get("text/plain", "")
        text = "".join(text) if isinstance(text, list) else str(text)
        stream = output.get("name") if output.get("output_type") == "stream" else None
        if stream is not None and streams and streams[-1] == stream:
            texts[-1] += text
            continue
        texts.append(text)
        streams.append(stream)
    for pattern, replacement in sanitizers:
        texts = [pattern.sub(replacement, text) for text in texts]
    return texts


@pytest.mark.slow
def test_run_all_then_every_solution_typed_in_passes(lesson):
    stored = read_notebook(lesson)
    notebook = read_notebook(lesson)
    ids = [cell_exercise(cell) for cell in notebook.cells if cell_exercise(cell)]
    statuses = learner_path(notebook, timeout=120, env=kernel_env())
    assert statuses == {exercise_id: "correct" for exercise_id in ids}
    # Solving re-runs only exercise and check cells: each reveal keeps its Run All output.
    sanitizers = _sanitizers()
    for shipped, ran in zip(stored.cells, notebook.cells, strict=True):
        if is_reveal(shipped) and "varies" not in shipped.metadata["tags"]:
            held_back = shipped.metadata["jaxtour"][REVEAL_OUTPUTS]
            assert shown_text(ran.outputs, sanitizers) == shown_text(held_back, sanitizers), (
                f"this reveal shows something else now: run `make lessons`\n{shipped.source}"
            )
