"""Lesson 10's checks judge only on the lesson's devices (Exercise.needs).

With one device, a device's own mean is the batch's mean, so a pmean of the devices' means
is right: a check there would pass a wrong answer. So with fewer than 8 CPU
devices every lesson-10 check says why it cannot judge and how to get them, right and
wrong answers alike; the test process has 8 (the root conftest), as the lesson's kernel.
"""

from __future__ import annotations

import jax
import pytest

from jaxtour import checks
from jaxtour.exercises import by_lesson, lesson10

LESSON_10 = by_lesson()["10_many_devices"]


def mean_of_means(params, x, y, valid):  # right on one device only
    errors = jax.numpy.where(valid, jax.numpy.abs(lesson10.model(params, x) - y), 0.0)
    return jax.lax.pmean(errors.sum() / valid.sum(), "batch")


def test_every_lesson_10_exercise_needs_the_eight_devices_for_its_own_reason():
    assert LESSON_10 and all(isinstance(e.needs, lesson10.EightDevices) for e in LESSON_10)
    reasons = [e.needs.why for e in LESSON_10]
    assert len(set(reasons)) == len(reasons), "each exercise says why it needs them"


def test_this_process_has_the_lessons_eight_devices():
    assert jax.device_count("cpu") >= 8
    assert all(e.needs() is None for e in LESSON_10)


@pytest.mark.parametrize("exercise", LESSON_10, ids=lambda e: e.id)
def test_with_one_device_a_check_judges_nothing_and_says_how_to_get_eight(exercise, monkeypatch):
    monkeypatch.setattr(lesson10, "_lesson_devices", lambda: jax.devices("cpu")[:1])
    answers = [checks._reference(exercise.id), exercise.mistakes[0].example()]
    if exercise.id == "10.fix_loss":
        answers.append(mean_of_means)
    for answer in answers:
        feedback = checks.check(exercise.id, answer)
        assert feedback.status == "unattempted", feedback.text()
        assert "1 CPU device:" in feedback.message
        assert "Restart the kernel" in feedback.message
        assert "first code cell" in feedback.message
        assert exercise.needs.why in feedback.message
        others = [e.needs.why for e in LESSON_10 if e is not exercise]
        assert not any(why in feedback.message for why in others)
    assert checks.check(exercise.id, ...).message != feedback.message  # the placeholder's own


def test_the_mean_of_means_would_pass_a_check_on_one_device(monkeypatch):
    """Why the need exists: on one device, the device's own mean is the batch's mean."""
    rule, reference = lesson10.SameLoss(), lesson10.masked_mae_device
    assert rule(mean_of_means, reference) is not None  # on the lesson's 8 devices
    monkeypatch.setattr(lesson10, "_lesson_devices", lambda: jax.devices("cpu")[:1])
    lesson10._PROGRAMS.clear()  # the programs made for 8 devices
    try:
        assert rule(mean_of_means, reference) is None
    finally:
        monkeypatch.undo()
        lesson10._PROGRAMS.clear()  # the programs made for 8 devices
