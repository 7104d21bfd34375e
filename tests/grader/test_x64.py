"""With jax_enable_x64 on, JAX's defaults are int64 and float64. Lesson 01 invites the
learner to switch it on, so every reference must follow the setting: the grader may
never refuse its own answer, nor the official solution typed into an x64 session (that
one: tests/paths/test_colab.py runs every Russian lesson solved with x64 on)."""

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
        with_x64 = checks.check(exercise_id, checks._reference(exercise_id))
    finally:
        jax.config.update("jax_enable_x64", before)
    assert with_x64.status == "correct", with_x64.text()
    feedback = checks.check(exercise_id, checks._reference(exercise_id))
    assert feedback.status == "correct", feedback.text()


def test_x64_is_off_outside_these_tests():
    assert not jax.config.jax_enable_x64


def test_the_grader_s_cached_arrays_follow_the_setting_they_are_asked_under():
    """A cache filled while x64 was on serves float32 arrays once it is off, and back."""
    import jax.numpy as jnp

    from jaxtour.exercises.common import concrete_cache

    @concrete_cache
    def built():
        return jnp.linspace(0.0, 1.0, 3)

    before = jax.config.jax_enable_x64
    try:
        jax.config.update("jax_enable_x64", True)
        assert built().dtype == jnp.float64
    finally:
        jax.config.update("jax_enable_x64", before)
    assert built().dtype == jnp.float32
    assert built() is built()  # still a cache


def test_exercise_modules_cache_only_per_setting():
    """Every cache of an exercise module is ``concrete_cache`` (kept per x64 setting, never
    a tracer): a ``functools`` cache there would carry arrays from one setting into the
    other. Found when a NumPy loss was named a Python float after another test had filled
    lesson 05's inputs with x64 on."""
    import ast
    from pathlib import Path

    import jaxtour.exercises

    found = []
    for path in sorted(Path(jaxtour.exercises.__file__).parent.glob("lesson*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                for decorator in node.decorator_list:
                    target = decorator.func if isinstance(decorator, ast.Call) else decorator
                    name = ast.unparse(target)
                    if name.split(".")[-1] in ("cache", "lru_cache", "cached_property"):
                        found.append(f"{path.name}: {node.name} (@{name})")
    assert found == []


@pytest.mark.parametrize("first_with_x64", [True, False])
def test_a_numpy_loss_is_named_a_numpy_loss_whatever_the_setting(first_with_x64):
    """np.mean of float64 errors is NumPy's float64, a subclass of Python's float: it is
    still the NumPy slip, with x64 on, and after a check made with x64 on."""
    from jaxtour.exercises import exercise

    numpy_loss = next(m for m in exercise("05.fix_aux_order").mistakes if m.id == "numpy-loss")
    before = jax.config.jax_enable_x64
    try:
        jax.config.update("jax_enable_x64", True)
        feedback = checks.check("05.fix_aux_order", numpy_loss.example())
        if first_with_x64:
            assert feedback.mistake == "numpy-loss", feedback.text()
    finally:
        jax.config.update("jax_enable_x64", before)
    feedback = checks.check("05.fix_aux_order", numpy_loss.example())
    assert feedback.mistake == "numpy-loss", feedback.text()


def test_a_cached_array_first_asked_under_jit_is_concrete_and_stays_so():
    """A mistake's example may call a cached helper inside jax.jit: what is cached is a
    real array, never the tracer of that one trace."""
    import jax.numpy as jnp

    from jaxtour.exercises.common import concrete_cache

    @concrete_cache
    def built():
        return jnp.arange(3.0)

    @jax.jit
    def uses_it(x):
        return x + built()

    assert float(uses_it(1.0).sum()) == 6.0
    assert not isinstance(built(), jax.core.Tracer)
    assert float(built().sum()) == 3.0


def test_outputs_computed_after_an_answer_switched_x64_on_are_kept_as_the_checks():
    """An answer that switches x64 on during its call (test_integrity's poisoned answers)
    leaves the grader computing its outputs in the check's own setting (x64 off): they
    were kept as x64's, and the next x64 check of the reference was refused (float32
    expected, float64 given). Found when the rule came to be asked twice a check."""
    from jaxtour.exercises import all_exercises
    from tests.grader.test_integrity import check_poisoned

    exercise = all_exercises()["08.update"]
    check_poisoned(exercise)
    before = jax.config.jax_enable_x64
    try:
        jax.config.update("jax_enable_x64", True)
        with_x64 = checks.check(exercise.id, checks._reference(exercise.id))
    finally:
        jax.config.update("jax_enable_x64", before)
    assert with_x64.status == "correct", with_x64.text()
