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
from operator import is_

from jaxtour import catalog
from jaxtour.grader.spec import Exercise, check_declarations

__all__ = ["all_exercises", "by_lesson", "exercise", "ids_by_lesson"]


@cache
def _of_lesson(lesson: catalog.Lesson) -> tuple[Exercise, ...]:
    exercises = tuple(import_module(lesson.exercise_module).EXERCISES)
    check_declarations(exercises, lesson.number)
    return exercises


def _declared(lesson: catalog.Lesson) -> tuple[Exercise, ...]:
    """``_of_lesson(lesson)``, the very records the lesson's module declares: a cache an
    answer cleared while it had swapped ``EXERCISES`` (put back after its check) would
    otherwise keep the records it made for every later check."""
    exercises = _of_lesson(lesson)
    declared = import_module(lesson.exercise_module).EXERCISES
    if len(declared) != len(exercises) or not all(map(is_, declared, exercises)):
        _of_lesson.cache_clear()
        by_lesson.cache_clear()
        all_exercises.cache_clear()
        exercises = _of_lesson(lesson)
    return exercises


@cache
def by_lesson() -> dict[str, tuple[Exercise, ...]]:
    """Lesson stem -> its exercises, in lesson order."""
    return {lesson.stem: _of_lesson(lesson) for lesson in catalog.LESSONS}


def exercise(exercise_id: str) -> Exercise | None:
    """The exercise ``exercise_id``, importing only its own lesson's module (the first
    check of a session does not wait for every lesson's), or None when no lesson has it."""
    for lesson in catalog.LESSONS:
        if exercise_id.startswith(f"{lesson.number}."):
            for candidate in _declared(lesson):
                if candidate.id == exercise_id:
                    return candidate
    return all_exercises().get(exercise_id)  # declared under another number: refused there


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
