"""Shared by the round-4 files: Wrong (from the project) and Right."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.content.wrong_answers import Wrong  # noqa: F401  (exercise_id, what, answer)


@dataclass(frozen=True)
class Right:
    """One right answer, written another way than the lesson's solution would be."""

    exercise_id: str
    what: str
    answer: Callable[[], Any]
