"""Every exercise that declares variants (issue 38), the same classes of behaviour for each:
twenty variants each pass their reference and name every declared mistake; a learner's
answer to one variant (its solution, with its values) fails another whose expected
answer differs; the shipped notebooks show variant 0."""

from __future__ import annotations

import pytest

from jaxtour import checks, i18n
from jaxtour.exercises import all_exercises
from jaxtour.grader.variants import ENV_VARIANT, using
from tests.helpers import LESSON_NOTEBOOKS, cell_exercise, read_notebook

VARIED = [e for e in all_exercises().values() if e.variants is not None]
NUMBERS = range(20)  # variant 0 (the page's) and nineteen drawn ones


def _distinct(exercise) -> dict[int, dict]:
    """Variant number -> its values, one number per distinct set of values among NUMBERS:
    two variants with the same values are the same task, judged by the same code."""
    seen: dict[int, dict] = {}
    for number in NUMBERS:
        values = exercise.variants.values(number)
        if values not in seen.values():
            seen[number] = values
    return seen


def _solution_of(exercise, number: int):
    """The answer a learner of variant ``number`` writes: its solution with its values,
    run in a namespace of its own; the function it defines."""
    from jaxtour.exercises.common import jax, jnp
    from jaxtour.grader.pristine import np

    # the names the lessons' setup cells import (lesson 11's solutions use lax, 01.numpy_copy's
    # NumPy, 10.column_spec's P)
    given = {"jax": jax, "jnp": jnp, "lax": jax.lax, "np": np, "P": jax.sharding.PartitionSpec}
    namespace = dict(given)
    exec(exercise.solution.format_map(exercise.variants.values(number)), namespace)  # noqa: S102
    (defined,) = [v for k, v in namespace.items() if k not in (*given, "__builtins__")]
    return defined


def test_there_are_exercises_with_variants():
    assert {"01.arange", "06.scale_column"} <= {e.id for e in VARIED}


def test_arange_variant_0_is_the_countdown_to_1_its_draws_are_built_from():
    from jaxtour.exercises import lesson01

    # written out as a literal for the teacher's board, the same as a drawn variant's
    assert lesson01.ODDS_VARIANTS.default == lesson01._countdown_end(1)


@pytest.mark.parametrize("exercise", VARIED, ids=lambda e: e.id)
def test_twenty_variants_pass_their_reference_and_name_every_mistake(exercise, monkeypatch):
    distinct = _distinct(exercise)
    assert len(distinct) > 1, f"{exercise.id}: twenty variants, one task"
    for number in NUMBERS:
        monkeypatch.setenv(ENV_VARIANT, str(number))
        assert checks.variant_number(exercise) == number
        feedback = checks.check(exercise.id, checks.reference_answer(exercise.id))
        assert feedback.status == "correct", f"variant {number}: {feedback.text()}"
        if number not in distinct:
            continue  # the same values as a variant judged below: the same verdicts
        for mistake in exercise.mistakes:
            with using(exercise, number):
                example = mistake.example()
            feedback = checks.check(exercise.id, example)
            assert feedback.mistake == mistake.id, f"variant {number}: {feedback.text()}"
            with using(exercise, number):  # the message names this variant's values
                assert feedback.message.startswith(
                    mistake.message.format_map(distinct[number]).split("\n")[0][:60]
                )


@pytest.mark.parametrize("exercise", VARIED, ids=lambda e: e.id)
def test_one_variants_answer_fails_another_variants_check(exercise, monkeypatch):
    distinct = _distinct(exercise)
    answers = {number: _solution_of(exercise, number) for number in distinct}
    for mine, answer in answers.items():
        for theirs in distinct:
            monkeypatch.setenv(ENV_VARIANT, str(theirs))
            feedback = checks.check(exercise.id, answer)
            same = distinct[mine] == distinct[theirs]
            assert (feedback.status == "correct") == same, (
                f"variant {mine}'s answer checked as variant {theirs}: {feedback.text()}"
            )


@pytest.mark.parametrize("exercise", VARIED, ids=lambda e: e.id)
def test_the_shipped_notebooks_show_variant_0(exercise, monkeypatch):
    """The setup cell above the exercise shows the learner's variant; nbval compares its
    output, so the kernel that runs it is on variant 0 too (conftest.py, build_lessons)."""
    monkeypatch.setenv(ENV_VARIANT, "0")
    english = next(p for p in LESSON_NOTEBOOKS if p.name.startswith(exercise.id[:2]))
    paths = [english, english.parent / "ru" / english.name]  # both editions
    for path in paths:
        cells = read_notebook(path).cells
        index = next(i for i, c in enumerate(cells) if cell_exercise(c) == exercise.id)
        setup = cells[index - 1]
        assert setup.source == f'checks.variant("{exercise.id}")', path
        i18n.use_language("ru" if path.parent.name == "ru" else "en")
        try:
            wanted = checks.variant(exercise.id).text()
        finally:
            i18n._chosen[0] = None
        shown = "".join(o.get("data", {}).get("text/plain", "") for o in setup.outputs)
        assert shown == wanted and "0" in shown, path
