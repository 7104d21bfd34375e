"""Every exercise that declares variants (issue 38), the same classes of behaviour for each:
twenty variants each pass their reference and name every declared mistake; a learner's
answer to one variant (its solution, with its values) fails another whose expected
answer differs; the shipped notebooks show variant 0."""

from __future__ import annotations

import pytest

from jaxtour import checks, i18n
from jaxtour.exercises import all_exercises
from jaxtour.grader.compare import verdict_only
from jaxtour.grader.variants import ENV_VARIANT, fill, using
from tests import solutions, verdicts
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


@pytest.fixture(autouse=True)
def _corpus_time_limit(corpus_time_limit):
    """Every check here with the corpus's wall-clock limit: at a load of 15 on 2 cores, the
    10 s default timed out a variant of 07.stale_global (2026-12-06)."""


def test_there_are_exercises_with_variants():
    assert {"01.arange", "06.scale_column"} <= {e.id for e in VARIED}


def test_arange_variant_0_is_the_countdown_to_1_its_draws_are_built_from():
    from jaxtour.exercises import lesson01

    # written out as a literal for the teacher's board, the same as a drawn variant's
    assert lesson01.ODDS_VARIANTS.default == lesson01._countdown_end(1)


@pytest.mark.parametrize("exercise", VARIED, ids=lambda e: e.id)
def test_twenty_variants_pass_their_reference_and_name_every_mistake(exercise, monkeypatch):
    """Each distinct set of values among the twenty is judged once: judging reads the
    variant's values, and its number only to keep the grader's outputs apart
    (``variants.key``), so a number with the values of one judged here gets its verdicts.
    (Twenty numbers reach every set of values that the first 2000 reach, 2026-12-06.)
    Variant 0's are the verdicts tests/content/test_exercises.py asserts in full, judged
    once per process (tests/verdicts.py): read here, not judged again."""
    distinct = _distinct(exercise)
    assert len(distinct) > 1, f"{exercise.id}: twenty variants, one task"
    for number in NUMBERS:
        monkeypatch.setenv(ENV_VARIANT, str(number))
        assert checks.variant_number(exercise) == number
        if number not in distinct:
            continue  # the same values as a variant judged here: the same verdicts
        if number == 0:
            judged = verdicts.judged(exercise.id)
            reference = judged.reference
            named = {m.id: judged.mistakes[m.id].english for m in exercise.mistakes}
        else:
            reference = checks.check(exercise.id, checks._reference(exercise.id))
            named = {}
        assert reference.status == "correct", f"variant {number}: {reference.text()}"
        for mistake in exercise.mistakes:
            if mistake.id not in named:
                with using(exercise, number):
                    example = mistake.example()
                named[mistake.id] = checks.check(exercise.id, example)
            feedback = named[mistake.id]
            assert feedback.mistake == mistake.id, f"variant {number}: {feedback.text()}"
            with using(exercise, number):  # the message names this variant's values
                assert feedback.message.startswith(
                    mistake.message.format_map(distinct[number]).split("\n")[0][:60]
                )


@pytest.mark.parametrize("exercise", VARIED, ids=lambda e: e.id)
def test_one_variants_answer_fails_another_variants_check(exercise, monkeypatch):
    distinct = _distinct(exercise)
    # lesson 15's roofs, as the check reads them: the stand-in machine's (tests/conftest.py),
    # not a measurement of this one, which the lesson's `roof = timing.roofline()` would be
    from jaxtour.exercises import lesson15

    given = {**solutions.given_names(), "roof": lesson15.device_roofline()}
    answers = {number: solutions.answer(exercise, number, given) for number in distinct}
    for mine, answer in answers.items():
        for theirs in distinct:
            monkeypatch.setenv(ENV_VARIANT, str(theirs))
            if mine == 0:  # the page's answer: the whole message, which may tell it so
                feedback = checks.check(exercise.id, answer)
            else:  # passed or not is what is asked (a refusal names no mistake then)
                with verdict_only():
                    feedback = checks.check(exercise.id, answer)
            same = distinct[mine] == distinct[theirs]
            assert (feedback.status == "correct") == same, (
                f"variant {mine}'s answer checked as variant {theirs}: {feedback.text()}"
            )
            # the page's answer on another variant is told so, unless a mistake is named
            told = _told_the_page(exercise, theirs, feedback)
            page = mine == 0 and not same and feedback.mistake is None
            assert told == page, f"variant {mine}'s answer as variant {theirs}: {feedback.text()}"


def _told_the_page(exercise, number: int, feedback) -> bool:
    """Whether ``feedback`` says the answer is the page's (variant 0's), naming the values of
    the learner's variant ``number`` as the setup cell shows them."""
    with using(exercise, number):
        yours = fill(exercise, exercise.variants.shown)
    return number != 0 and yours in feedback.message


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
