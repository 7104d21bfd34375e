"""The exercise registry: each lesson's exercises, declared as data in ``lessonNN.py``.

The lessons come from ``jaxtour.catalog``; the module of lesson ``NN`` is
``jaxtour.exercises.lessonNN`` and declares ``EXERCISES``, a tuple of
``jaxtour.grader.spec.Exercise`` in the order the notebook asks them. Importing a
module builds records that check themselves, and the registry checks each lesson's
set (``spec.check_declarations``), so an authoring slip
fails at import with a message that says what to fix.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from jaxtour import catalog
from jaxtour.grader.spec import Exercise, check_declarations

__all__ = ["all_exercises", "by_lesson", "ids_by_lesson"]


@cache
def by_lesson() -> dict[str, tuple[Exercise, ...]]:
    """Lesson stem -> its exercises, in lesson order."""
    lessons: dict[str, tuple[Exercise, ...]] = {}
    for lesson in catalog.LESSONS:
        exercises = tuple(import_module(lesson.exercise_module).EXERCISES)
        check_declarations(exercises, lesson.number)
        lessons[lesson.stem] = exercises
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


def ids_by_lesson() -> dict[str, list[str]]:
    """Lesson stem -> its exercise ids: all the progress table needs to know."""
    return {stem: [e.id for e in exercises] for stem, exercises in by_lesson().items()}
