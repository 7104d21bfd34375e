"""Each lesson, with every exercise cell replaced by its solution, passes every check, and
each reveal cell (shipped without output) still shows what it showed when it was built."""

from __future__ import annotations

import configparser
import re

import pytest

from tests.helpers import TESTS, kernel_env, read_notebook
from tools.build_lessons import REVEAL_OUTPUTS, execute, is_reveal, reported_statuses, solved


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
def test_solved_lesson_reports_correct_for_every_check(lesson):
    stored = read_notebook(lesson)
    notebook, solved_ids = solved(read_notebook(lesson))
    execute(notebook, timeout=120, env=kernel_env())
    assert reported_statuses(notebook) == {exercise_id: "correct" for exercise_id in solved_ids}
    sanitizers = _sanitizers()
    for shipped, ran in zip(stored.cells, notebook.cells, strict=True):
        if is_reveal(shipped) and "varies" not in shipped.metadata["tags"]:
            held_back = shipped.metadata["jaxtour"][REVEAL_OUTPUTS]
            assert shown_text(ran.outputs, sanitizers) == shown_text(held_back, sanitizers), (
                f"this reveal shows something else now: run `make lessons`\n{shipped.source}"
            )
