"""Every exercise's reference and declared mistakes, judged once per test process.

Four test files ask the same checks of every exercise: the reference passes and each
mistake's example is named, whatever a language's words (tests/content/test_exercises.py);
checking them changes nothing outside the check (tests/grader/test_isolation.py); they are
judged alike after the sneaky answers ran, and after an answer that rebinds what the
grader computes with, from a cold cache of its outputs (tests/grader/test_integrity.py).
Each judged them again: 2026-12-06, 140 + 47 + 38 + 52 s of CPU in a fresh-clone run.
Here they are judged once, under the conditions all of those tests need, and each test
reads the verdicts and the records it asserts on:

1. once per process, before the first exercise: the sneaky answers (test_integrity's
   ``SNEAKY``), so every verdict here is one given after them;
2. for an exercise whose answer is compared case by case (``SameFunction``): the grader's
   cached outputs set aside (a cold cache, as on a learner's first check), then the
   reference and one mistake's example, each rebinding the grader's functions and switching
   x64 on after it ran (test_integrity's ``_poisons_after``); the cached outputs of other
   exercises are put back afterwards;
3. with a figure open, the world (test_isolation's snapshot) taken before and after: the
   reference, checked twice (the second, warm check's compiles and traces counted:
   tests/grader/test_warm_checks.py), then each mistake's example, checked while every
   string of the catalog in use comes back scrambled (``_scrambled_catalog``); what
   reached stderr meanwhile (file descriptor 2 and ``sys.stderr``) kept;
4. what the rule alone said of each example (the generic message a declared mistake
   must improve on): read inside its check (``judge.rule_said``), or, where a mistake
   asked before the rule matched, asked of the rule outside that window.

A mistake's example is judged once, not once per language. Its check runs with every
catalog string scrambled (each ASCII letter outside a ``{field}`` as its fullwidth form,
Ａ for A): the rule, every predicate and the messages read only scrambled words, as a
Russian check reads only Russian ones. The verdict must still name the declared mistake,
and the message and title must come back scrambled (so they were read from the catalog
when the verdict was given, in the language of the check) and, unscrambled, be the
English ones. So no verdict here depends on the words of a language, and the Russian
edition's is the same; what the Russian learner reads of it is the catalog's entry
(tests/content/test_exercises.py; tests/i18n holds the catalogs). A rule or predicate
that reads the text of a translated message (a temporary edit: one that looks for an
English word in the rule's refusal) fails its mistake here. Checked in English and then
in Russian, as before 2026-12-07, the second checks cost 18.7 s of CPU of 102 (the
mistakes of every exercise, ``-n 0``). Each example lives for its check only: kept alive
until every check had run, they changed 07.stale_global's ``leaked-tracer`` verdict (in a
``-k 07`` run: JAX's leak message, built by walking what refers to the tracer, failed on
the way; the verdict now reads whether the checker raised, ``mistakes.leaks_tracer``).

Every check runs with the corpus's time limit (test_wrong_answers.CORPUS_TIME_LIMIT_S):
none of these answers runs long, and the 10 s default judged the load at a load of 12.
The cache is keyed by exercise id, variant number and x64 setting; the by-lesson
scheduling (tests/scheduling.py BY_LESSON) sends every test of a lesson to one worker.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import re
import string
import sys
import tempfile
from collections.abc import Iterator
from typing import Any

from jaxtour import checks, i18n
from jaxtour.grader.feedback import Feedback

# Wall-clock limit for every check here: see test_wrong_answers.CORPUS_TIME_LIMIT_S.
TIME_LIMIT_S = 300.0


@dataclasses.dataclass
class Mistake:
    english: Feedback  # unscrambled
    scrambled: Feedback  # as the check gave it, every catalog string scrambled
    generic: str  # what the rule alone says of the example (unscrambled)


@dataclasses.dataclass
class Judged:
    exercise_id: str
    reference: Feedback
    mistakes: dict[str, Mistake]
    stderr: str  # what the checks of step 3 wrote to stderr
    before: dict[str, Any]  # test_isolation's snapshot, before step 3 and after it
    after: dict[str, Any]
    poisoned: list[Feedback] | None  # step 2's two verdicts (None: not case by case)
    warm: Feedback  # step 3's second check of the same reference object
    warm_compiles: int  # programs XLA compiled during that check
    warm_traces: int  # functions jit traced during it


_judged: dict[tuple[str, int, bool], Judged] = {}
_sneaky_ran: list[bool] = []


def judged(exercise_id: str) -> Judged:
    """The verdicts of ``exercise_id``'s reference and mistakes, judged once per process."""
    import jax

    exercise = checks.all_exercises()[exercise_id]
    key = (exercise_id, checks.variant_number(exercise), bool(jax.config.jax_enable_x64))
    if key not in _judged:
        _judged[key] = _judge(exercise)
    return _judged[key]


def _judge(exercise) -> Judged:
    from jaxtour.grader import limits
    from jaxtour.grader.learner_code import LearnerCodeError
    from jaxtour.grader.rules import SameFunction
    from tests.grader import test_integrity, test_isolation

    if not _sneaky_ran:
        test_integrity.run_every_sneaky_answer()
        _sneaky_ran.append(True)
    before_limit = limits.default_time_limit()
    limits.set_time_limit(TIME_LIMIT_S)
    try:
        poisoned = None
        if isinstance(exercise.rule, SameFunction):
            with _cold_outputs():
                poisoned = test_integrity.check_poisoned(exercise)
        examples = {m.id: m.example for m in exercise.mistakes}
        with _open_figure(), _stderr_kept() as stderr:
            before = test_isolation._snapshot()
            answer = checks._reference(exercise.id)
            reference = checks.check(exercise.id, answer)
            with _compiles_counted() as counted:  # a warm check: the same answer again
                warm = checks.check(exercise.id, answer)
            del answer
            scrambled, said = {}, {}
            for i, make in examples.items():
                example = make()
                with _scrambled_catalog():
                    scrambled[i], said[i] = _with_what_the_rule_said(exercise.id, example)
                del example
            after = test_isolation._snapshot()
    finally:
        limits.set_time_limit(before_limit)
    mistakes = {}
    for mistake in exercise.mistakes:
        if len(said[mistake.id]) == 1:  # what the rule said inside the check
            generic = _unscrambled(said[mistake.id][0])
        else:  # a mistake asked before the rule matched: the rule was not asked
            try:
                generic = exercise.rule(mistake.example(), exercise.reference())
            except LearnerCodeError as exc:  # the rule alone would report the crash
                generic = exc.message()
        english = _unscrambled_feedback(scrambled[mistake.id])
        mistakes[mistake.id] = Mistake(english, scrambled[mistake.id], generic)
    return Judged(
        exercise.id,
        reference,
        mistakes,
        stderr.getvalue(),
        before,
        after,
        poisoned,
        warm,
        counted[COMPILE_EVENT],
        counted[TRACE_EVENT],
    )


COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"  # an XLA program compiled
TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"  # a function traced by jit


@contextlib.contextmanager
def _compiles_counted() -> Iterator[dict[str, int]]:
    """How many programs JAX compiles and functions it traces in the body, by event name
    (``jax.monitoring``: its listener is registered for the body only)."""
    from jax import monitoring

    from jaxtour.timing import unregister_duration_listener

    counted = {COMPILE_EVENT: 0, TRACE_EVENT: 0}

    def listen(event: str, duration: float, **_: Any) -> None:
        if event in counted:
            counted[event] += 1

    monitoring.register_event_duration_secs_listener(listen)
    try:
        yield counted
    finally:
        unregister_duration_listener(listen)


def _with_what_the_rule_said(exercise_id: str, answer: Any) -> tuple[Feedback, list]:
    """The check of ``answer``, and what the exercise's rule alone said of it in that
    check (``judge.rule_said``): asking the rule again outside the check traced and
    compiled each example again (2026-12-06, lessons 06 and 09: 3.0 s of CPU of 28)."""
    from jaxtour.grader import judge

    said: list = []
    judge.rule_said = said
    try:
        return checks.check(exercise_id, answer), said
    finally:
        judge.rule_said = None


# Each ASCII letter and its fullwidth form (A and Ａ): what a scrambled catalog says of
# every string, outside the fields that .format() or % fill in (their names and specs
# stay, and so does every value filled in, which is why unscrambling gives the original).
_TO_FULLWIDTH = str.maketrans({c: chr(ord(c) + 0xFEE0) for c in string.ascii_letters})
_FROM_FULLWIDTH = str.maketrans({chr(ord(c) + 0xFEE0): c for c in string.ascii_letters})
_FIELD = re.compile(r"(\{[^{}]*\}|%(?:\([a-z_]+\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z])")


def _scrambled(text: str) -> str:
    parts = _FIELD.split(text)
    return "".join(p if i % 2 else p.translate(_TO_FULLWIDTH) for i, p in enumerate(parts))


def _unscrambled(text: str | None) -> str | None:
    return None if text is None else text.translate(_FROM_FULLWIDTH)


def _unscrambled_feedback(feedback: Feedback) -> Feedback:
    """``feedback`` with its words as the English catalog says them."""
    fields = ("message", "title", "details", "stamp", "explanation")
    return dataclasses.replace(
        feedback, **{name: _unscrambled(getattr(feedback, name)) for name in fields}
    )


@contextlib.contextmanager
def _scrambled_catalog() -> Iterator[None]:
    """For the body, the catalog of the language in use (the one a check holds) returns
    every string scrambled (``_scrambled``), as a language no code could have matched
    words of. The catalog object's own methods are shadowed and put back: no module's
    name is rebound (jaxtour.i18n and gettext are among the modules the grader guards)."""
    catalog = i18n._catalog(i18n.language())
    catalog.gettext = _scrambled  # type: ignore[method-assign]
    catalog.ngettext = lambda one, many, n: _scrambled(one if n == 1 else many)  # type: ignore[method-assign]
    try:
        yield
    finally:
        del catalog.gettext, catalog.ngettext


def _cold_outputs():
    """The grader's kept outputs emptied for the body, and the entries it had before put
    back after it (rules.cold_outputs)."""
    from jaxtour.grader import rules

    return rules.cold_outputs()


@contextlib.contextmanager
def _open_figure() -> Iterator[None]:
    """A figure open during the checks, as test_isolation's ``a_figure`` fixture opens one:
    the current figure must stay the current one."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure = plt.figure()
    try:
        yield
    finally:
        plt.close(figure)


class _Kept(io.StringIO):
    """What reached ``sys.stderr``, and (read at the end) what reached file descriptor 2."""


@contextlib.contextmanager
def _stderr_kept() -> Iterator[_Kept]:
    """Both ways a check could write to stderr, kept (as pytest's ``capfd`` keeps them):
    ``sys.stderr`` replaced by a buffer, and descriptor 2 pointed at a temporary file."""
    kept = _Kept()
    sys.stderr.flush()
    saved_fd = os.dup(2)
    real = sys.stderr
    with tempfile.TemporaryFile(mode="w+b") as descriptor:
        os.dup2(descriptor.fileno(), 2)
        sys.stderr = kept
        try:
            yield kept
        finally:
            sys.stderr = real
            os.dup2(saved_fd, 2)
            os.close(saved_fd)
            descriptor.seek(0)
            kept.write(descriptor.read().decode(errors="replace"))
