"""Every exercise: its reference passes, and every declared mistake gets its own message,
whatever a language's words (each judged with every catalog string scrambled), and has it
in Russian. The verdicts are judged once per process (tests/verdicts.py), shared with
tests/grader/test_isolation.py and tests/grader/test_integrity.py."""

from __future__ import annotations

import pytest

from jaxtour import checks, i18n
from jaxtour.exercises import all_exercises, by_lesson
from jaxtour.grader.judge import REVEAL_MESSAGE
from jaxtour.grader.spec import shipped
from tests import verdicts

EXERCISES = list(all_exercises().values())
MISTAKES = [(e, m) for e in EXERCISES for m in e.mistakes]


def _as_shown(exercise, message: str, answer=None) -> str:
    """A judged prediction's feedback ends by sending the learner to the reveal cell; a
    slip (an answer that names no option, ``answer`` when given) predicted nothing."""
    named = answer is None or exercise.prediction and exercise.rule.read(answer) is not None
    message = shipped(exercise, message)  # the tests judge variant 0 (conftest.py)
    return f"{message}\n{REVEAL_MESSAGE}" if exercise.prediction and named else message


def test_every_lesson_module_declares_exercises():
    assert all(by_lesson().values())


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_reference_answer_passes(exercise):
    judged = verdicts.judged(exercise.id)  # judged once for this file and two others
    feedback = judged.reference
    assert feedback.status == "correct", feedback.text()
    assert feedback.message == _as_shown(exercise, exercise.success)
    assert judged.stderr == ""  # the engine writes nothing to stderr


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_exercise_is_fully_declared(exercise):
    assert exercise.title and exercise.solution
    assert len(exercise.hints) >= 2, "hints should get more specific, so give at least two"
    assert len(set(exercise.hints)) == len(exercise.hints)
    assert exercise.mistakes, "every exercise declares at least one known mistake"
    messages = [m.message for m in exercise.mistakes]
    assert len(set(messages)) == len(messages)


@pytest.mark.parametrize(
    ("exercise", "mistake"), MISTAKES, ids=[f"{e.id}:{m.id}" for e, m in MISTAKES]
)
def test_each_mistake_gets_its_own_message(exercise, mistake):
    judged = verdicts.judged(exercise.id)  # judged once for this file and two others
    feedback = judged.mistakes[mistake.id].english
    assert feedback.status == "incorrect", feedback.text()
    assert feedback.mistake == mistake.id, feedback.text()
    shown = feedback.message
    if "Some donated buffers were not usable" in (feedback.details or ""):
        # JAX warns at each compile whose output cannot reuse a donated argument: the
        # donation mistakes' examples (07) cannot avoid it, and the note says so.
        shown = shown.split("\n(Your code raised")[0]
    assert shown == _as_shown(exercise, mistake.message, mistake.example())
    # The specific message says more than the generic rule would have.
    assert judged.mistakes[mistake.id].generic != mistake.message
    assert judged.stderr == ""
    # The verdict was given with every catalog string scrambled (tests/verdicts.py): no
    # rule or predicate reads the words of a language, so the Russian edition's learners
    # get the same verdict; its message and title were read from the catalog of the
    # check's language, where the Russian learner reads the catalog's Russian.
    scrambled = judged.mistakes[mistake.id].scrambled
    assert scrambled.message.startswith(shipped(exercise, verdicts._scrambled(mistake.message)))
    assert scrambled.title == verdicts._scrambled(exercise.title)
    i18n.use_language("ru")
    try:
        wanted = shipped(exercise, i18n._(mistake.message))
        title = i18n._(exercise.title)
    finally:
        i18n._chosen[0] = None
    assert wanted != mistake.message, f"{exercise.id} {mistake.id}: untranslated"
    assert title != exercise.title, f"{exercise.id}: its title untranslated"


@pytest.mark.parametrize("exercise", EXERCISES, ids=lambda e: e.id)
def test_placeholder_is_unattempted(exercise):
    assert checks.check(exercise.id, ...).status == "unattempted"


# The exercises answered in text: those that ask a prediction. Read from the declaration,
# not by building every reference at collection (1.3 s of CPU in each worker, 08.speedup's
# measurement most of it, 2026-12-06); the test below holds the two to each other.
TEXT_EXERCISES = [e for e in EXERCISES if e.prediction]


def test_the_exercises_answered_in_text_are_those_that_ask_a_prediction():
    texts = {e.id for e in EXERCISES if isinstance(checks._reference(e.id), str)}
    assert texts == {e.id for e in TEXT_EXERCISES}


@pytest.mark.parametrize("exercise", TEXT_EXERCISES, ids=lambda e: e.id)
@pytest.mark.parametrize("around", [("", "\n"), (" ", " \n"), ("\n\t", "\r\n")], ids=repr)
def test_text_answer_with_surrounding_whitespace_passes(exercise, around):
    """A typed answer ("BCE\\n" from a triple-quoted string, " A ") reads as the answer
    itself in every text and choice exercise, as it does in the one-letter ones."""
    before, after = around
    answer = f"{before}{checks._reference(exercise.id)}{after}"
    feedback = checks.check(exercise.id, answer)
    assert feedback.status == "correct", f"{answer!r}: {feedback.text()}"
