"""With jax_enable_x64 on, JAX's defaults are int64 and float64. Lesson 01 invites the
learner to switch it on, so every reference must follow the setting: the grader may
never refuse its own answer, nor the official solution typed into an x64 session (that
one: the Russian learner path, tests/content/test_learner_path.py, runs with x64 on)."""

from __future__ import annotations

import jax
import pytest

from jaxtour import checks

EXERCISE_IDS = checks.list_exercises()


@pytest.mark.parametrize("exercise_id", EXERCISE_IDS)
def test_a_reference_passes_with_x64_on_and_again_after_it_is_switched_back_off(exercise_id):
    """Cached outputs of the references are kept apart per setting: none leaks across.
    One test for both, so the x64 check is made once (it compiles the most)."""
    before = jax.config.jax_enable_x64
    try:
        jax.config.update("jax_enable_x64", True)
        with_x64 = checks.check(exercise_id, checks.reference_answer(exercise_id))
    finally:
        jax.config.update("jax_enable_x64", before)
    assert with_x64.status == "correct", with_x64.text()
    feedback = checks.check(exercise_id, checks.reference_answer(exercise_id))
    assert feedback.status == "correct", feedback.text()


def test_x64_is_off_outside_these_tests():
    assert not jax.config.jax_enable_x64
