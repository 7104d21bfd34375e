"""A prediction's explanation comes from the grader, after the learner has predicted.

What happened, and why, is on no page (tests/content/test_lessons.py): it is each
prediction's declared ``explanation``, shown under the verdict of every check whose answer
names an option, right or wrong, and never for a slip or the placeholder, which predict
nothing. A wrong prediction was told the answer, so progress counts its later pass as
passed after the solution: a prediction passes unaided only when its first answer was
right.
"""

from __future__ import annotations

import pytest

from jaxtour import checks, i18n
from jaxtour.exercises import all_exercises
from jaxtour.grader.feedback import WHAT_HAPPENED
from jaxtour.learner import progress_store as progress

PREDICTIONS = sorted(e.id for e in all_exercises().values() if e.prediction)


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv(progress.ENV_DIR, str(tmp_path))
    monkeypatch.setenv(progress.ENV_SWITCH, "on")
    return tmp_path / progress.STORE_NAME


def _wrong_option(exercise_id: str) -> str:
    """An answer that names an option (or calls) and is not the right one."""
    exercise = all_exercises()[exercise_id]
    right = checks._reference(exercise_id)
    options = getattr(exercise.rule, "options", None)
    if options is None:  # a set of letters: drop one from the right set or add one
        return right[1:] if len(right) > 1 else right + "A"
    return next(option for option in options if option != right)


@pytest.mark.parametrize("exercise_id", PREDICTIONS)
def test_a_judged_prediction_is_explained_right_or_wrong(exercise_id):
    explanation = all_exercises()[exercise_id].explanation
    for answer in (checks._reference(exercise_id), _wrong_option(exercise_id)):
        feedback = checks.check(exercise_id, answer)
        assert feedback.status in ("correct", "incorrect")
        assert feedback.explanation == explanation
        assert explanation not in feedback.message  # the message stays the verdict's
        assert WHAT_HAPPENED in feedback.text() and explanation in feedback.text()
        assert "jaxtour-explanation" in feedback.html()


@pytest.mark.parametrize("exercise_id", PREDICTIONS)
@pytest.mark.parametrize("answer", [..., "ZZ", 3, 2.5, None, {"A": 1}], ids=repr)
def test_what_predicts_nothing_is_not_explained(exercise_id, answer):
    feedback = checks.check(exercise_id, answer)
    assert not feedback.passed
    assert feedback.explanation == ""
    assert all_exercises()[exercise_id].explanation not in feedback.text()


def test_the_explanation_is_shown_in_the_language_in_use():
    exercise = all_exercises()["06.out_of_bounds"]
    before = i18n.chosen()
    i18n.use_language("ru")
    try:
        feedback = checks.check("06.out_of_bounds", "A")
    finally:
        i18n.choose(before)
    assert feedback.explanation and feedback.explanation != exercise.explanation
    assert "обновление" in feedback.explanation


def test_a_prediction_passes_unaided_only_when_its_first_answer_was_right(store):
    right, wrong = "06.out_of_bounds", "12.cheaper"
    checks.check(right, checks._reference(right))
    checks.check(wrong, _wrong_option(wrong))
    checks.check(wrong, checks._reference(wrong))
    done = progress.read()
    assert done[right].passed_with == "unaided"
    assert done[wrong].passed and done[wrong].passed_with == "solution"


def test_a_slip_does_not_count_as_having_seen_the_answer(store):
    exercise_id = "02.first_calls"
    checks.check(exercise_id, "XYZ")  # not calls: nothing predicted, nothing explained
    checks.check(exercise_id, ...)
    checks.check(exercise_id, checks._reference(exercise_id))
    assert progress.read()[exercise_id].passed_with == "unaided"


def test_progress_says_the_answer_was_shown_not_that_the_solution_was_asked_for(store):
    # a wrong prediction's explanation begins with the answer; the learner never pressed
    # Solution, and the progress cell must not say they did
    from jaxtour.learner.progress_view import progress_view

    wrong = "12.cheaper"
    checks.check(wrong, _wrong_option(wrong))
    checks.check(wrong, checks._reference(wrong))
    view = progress_view({"12_autodiff_beyond_grad": [wrong]}, lesson="12")
    (line,) = [line for line in view.text().splitlines() if line.strip().startswith("\u2714")]
    assert "answer was shown" in line and "solution" not in line.lower()
    html = view.html()
    assert "answer was shown" in html
    # the marks (✔ · ✖) are each line's bullet: the list draws none of its own
    assert '<ul style="list-style:none' in html
