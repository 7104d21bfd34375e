"""Realistic wrong answers get the message they are labelled with, and few get a generic one.

The corpus is in ``tests/content/wrong_answers/`` (its docstring says how to label an
answer). Run ``pytest tests/content/test_wrong_answers.py -s -k share`` to print the
count per exercise. The corpus is judged in English; the answers whose message the rule
builds (labelled ``says=`` or generic) are judged again in Russian: the same verdict, said
in Russian. A declared mistake's message is its catalog entry, said in Russian for the
mistake's own example in tests/content/test_exercises.py, so the 757 answers labelled
with one are not judged again (27 s of CPU for all 1019, 7 s for these).
"""

from __future__ import annotations

import importlib
import re
from collections import Counter

import pytest

from jaxtour import catalog, checks, i18n
from tests.content.wrong_answers import MAX_GENERIC_SHARE, MIN_PER_EXERCISE, Wrong, is_generic


def _corpus() -> list[Wrong]:
    found = []
    for lesson in catalog.LESSONS:
        module = importlib.import_module(f"tests.content.wrong_answers.lesson{lesson.number}")
        found += module.WRONG_ANSWERS
    return found


CORPUS = _corpus()
# Judged in Russian too: the answers whose message the rule builds, not a declared mistake's.
IN_RUSSIAN = [wrong for wrong in CORPUS if not wrong.named]


# No answer here runs long on its own: all finish, and none is labelled "timeout". The
# limit is wall-clock, so on a machine whose cores are shared (CI's 4 workers on 2 cores,
# or other jobs) the default 10 s would cut off an answer that compiles for 1.5 s of CPU
# and judge the load instead of the answer. The limit itself: tests/grader/test_time_limits.py.
CORPUS_TIME_LIMIT_S = 300.0


def _judged(lang: str, lesson: str) -> dict:
    """Every answer of one lesson checked once, in ``lang``."""
    from jaxtour.grader import limits

    before, spoken = limits.default_time_limit(), i18n.chosen()
    limits.set_time_limit(CORPUS_TIME_LIMIT_S)
    i18n.use_language(lang)
    try:
        judged = {}
        for wrong in CORPUS if lang == "en" else IN_RUSSIAN:
            if wrong.exercise_id[:2] != lesson:
                continue
            if lang == "en":
                answer = wrong.answer()
                if not wrong.named:  # judged in Russian too: the same object, kept till then
                    _BUILT[wrong] = answer
            else:
                answer = _BUILT.pop(wrong)
            judged[wrong] = checks.check(wrong.exercise_id, answer)
        return judged
    finally:
        limits.set_time_limit(before)
        i18n._chosen[0] = spoken


# Each lesson's answers are judged once per language, when its first test asks (the module
# runs on one worker: tests/scheduling.py KEPT_TOGETHER).
_VERDICTS: dict[tuple[str, str], dict] = {}
# The answers judged in Russian too, as built for their English check: checked again as
# the same object, what JAX compiled for it is reused (a second build compiled it again).
_BUILT: dict[Wrong, object] = {}


def verdict(wrong: Wrong, lang: str = "en"):
    """The feedback ``wrong`` got in ``lang`` (Russian after English: compiled programs
    are reused where the grader keeps them)."""
    lesson = wrong.exercise_id[:2]
    if lang != "en":
        verdict(wrong, "en")
    if (lang, lesson) not in _VERDICTS:
        _VERDICTS[lang, lesson] = _judged(lang, lesson)
    return _VERDICTS[lang, lesson][wrong]


@pytest.mark.parametrize("wrong", CORPUS, ids=lambda w: f"{w.exercise_id}:{w.what[:40]}")
def test_wrong_answer_gets_its_message(wrong):
    feedback = verdict(wrong)
    shown = f"{wrong.what!r} got:\n{feedback.text()}"
    assert feedback.status in ("incorrect", "error"), shown
    if wrong.named:
        assert feedback.mistake == wrong.named, shown
    elif wrong.says:
        assert feedback.mistake is None, shown
        assert wrong.says in feedback.message, shown
        assert not is_generic(feedback), shown
    else:
        assert is_generic(feedback), f"{shown}\n(no longer generic: label it with named= or says=)"


def test_every_exercise_has_realistic_wrong_answers():
    counts = Counter(wrong.exercise_id for wrong in CORPUS)
    unknown = set(counts) - set(checks.list_exercises())
    assert not unknown, f"the corpus names exercises that do not exist: {sorted(unknown)}"
    thin = {e: counts[e] for e in checks.list_exercises() if counts[e] < MIN_PER_EXERCISE}
    assert not thin, f"fewer than {MIN_PER_EXERCISE} wrong answers for: {thin}"
    whats = Counter((wrong.exercise_id, wrong.what) for wrong in CORPUS)
    assert max(whats.values()) == 1, "each wrong answer needs its own description"


def test_generic_share():
    """Counted from the labels: each answer's own test holds its label to its verdict
    (a generic label to a generic message, and the other way round)."""
    generic = Counter(w.exercise_id for w in CORPUS if w.expects_generic)
    total = Counter(w.exercise_id for w in CORPUS)
    print(f"\n{'exercise':<26} wrong  generic")
    for exercise_id in checks.list_exercises():
        print(f"{exercise_id:<26} {total[exercise_id]:>5}  {generic[exercise_id]:>7}")
    share = sum(generic.values()) / len(CORPUS)
    print(f"{'all':<26} {len(CORPUS):>5}  {sum(generic.values()):>7}  ({share:.1%})")
    assert share <= MAX_GENERIC_SHARE
    crowded = {e: n for e, n in generic.items() if n > 1}
    assert not crowded, f"more than one generic message for: {crowded}"


CYRILLIC = re.compile("[а-яё]", re.I)


@pytest.mark.parametrize("wrong", IN_RUSSIAN, ids=lambda w: f"{w.exercise_id}:{w.what[:40]}")
def test_in_russian_the_same_verdict_is_said_in_russian(wrong):
    english, russian = verdict(wrong), verdict(wrong, "ru")
    shown = f"{wrong.what!r} got:\n{russian.text()}\nin English:\n{english.text()}"
    assert (russian.status, russian.mistake) == (english.status, english.mistake), shown
    assert CYRILLIC.search(russian.message), shown
