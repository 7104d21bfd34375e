"""Exercise definitions, one module per lesson, collected here in lesson order.

Each module declares ``LESSON`` (the notebook's file name stem) and ``EXERCISES``,
a tuple of ``jaxtour.exercise.Exercise`` in the order the notebook asks them.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from jaxtour.exercise import Exercise

LESSON_MODULES: tuple[str, ...] = (
    "lesson00",
    "lesson01",
    "lesson02",
    "lesson03",
    "lesson04",
    "lesson05",
    "lesson06",
    "lesson07",
)


@cache
def by_lesson() -> dict[str, tuple[Exercise, ...]]:
    """Lesson notebook stem -> its exercises, in lesson order."""
    lessons: dict[str, tuple[Exercise, ...]] = {}
    for name in LESSON_MODULES:
        module = import_module(f"{__name__}.{name}")
        lessons[module.LESSON] = tuple(module.EXERCISES)
    return lessons


@cache
def all_exercises() -> dict[str, Exercise]:
    """Exercise id -> exercise, in lesson order; ids are unique across lessons."""
    table: dict[str, Exercise] = {}
    for exercises in by_lesson().values():
        for exercise in exercises:
            if exercise.id in table:
                raise ValueError(f"exercise id {exercise.id!r} is declared twice")
            table[exercise.id] = exercise
    return table
