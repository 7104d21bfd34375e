"""The learner's real path, in one kernel per lesson: Run All with the placeholders, then
solve each exercise in place, re-running only its cell and its check. Every official
solution must pass there, and each reveal cell (shipped without output) must show, after
Run All, what it showed when the lesson was built (the build runs the placeholders too).

The Russian edition's code is the English code (test_russian_sync.py): its placeholders
run under nbval, and its solutions, solved from a fresh kernel with x64 switched on and
judged in Russian, on Colab's JAX in tests/paths/test_colab.py. One walk per lesson here
and one solved run there execute each lesson once each, beside nbval's two editions.
"""

from __future__ import annotations

import configparser
import contextlib
import re

import nbformat
import pytest

from tests.helpers import TESTS, cell_exercise, kernel_env, read_notebook
from tools.build_lessons import (
    KERNEL_LOST_AT_START,
    REVEAL_OUTPUTS,
    cell_seconds,
    is_reveal,
    kernel_started,
    learner_path,
)


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


class _Flaky:
    """A NotebookClient whose first kernels die before answering (a port taken first)."""

    def __init__(self, deaths: int):
        self.deaths, self.started, self.km, self.kc = deaths, 0, None, None

    @contextlib.contextmanager
    def setup_kernel(self, **kwargs):
        self.started += 1
        if self.started <= self.deaths:
            raise RuntimeError(KERNEL_LOST_AT_START)
        yield


def test_a_kernel_that_dies_at_start_is_started_again_and_other_errors_are_not():
    client = _Flaky(deaths=2)
    with kernel_started(client, env=None):
        pass
    assert client.started == 3
    with pytest.raises(RuntimeError), kernel_started(_Flaky(deaths=5), env=None):
        pass


def test_cell_seconds_reads_the_timing_a_measuring_run_records():
    """tools.solve_lessons (benchmarks/gpu_check.sh) names each lesson's slowest cells."""
    notebook = nbformat.v4.new_notebook()
    for began, ended, source in (
        ("2026-12-04T11:00:00.000000Z", "2026-12-04T11:00:00.250000Z", "a = 1"),
        ("2026-12-04T11:00:01.000000Z", "2026-12-04T11:00:03.500000Z", "slow()\nmore()"),
        (None, None, "never ran"),
    ):
        cell = nbformat.v4.new_code_cell(source)
        if began:
            cell.metadata["execution"] = {
                "iopub.execute_input": began,
                "shell.execute_reply": ended,
            }
        notebook.cells.append(cell)
    assert cell_seconds(notebook) == [(2.5, 1, "slow()"), (0.25, 0, "a = 1")]
