"""What an exercise is: the ``Exercise`` and ``Mistake`` records that lessons declare as data.

An exercise module (``jaxtour/exercises/lessonNN.py``) builds these at import, and the
records check the authoring rules as they are built, so a slip fails at once with a
message that says what to fix.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from jaxtour.grader.variants import Variants

__all__ = ["Exercise", "Mistake", "Rule", "Variants"]

EXERCISE_ID = re.compile(r"^\d\d\.[a-z][a-z0-9_]*$")  # "03.grad_of_total"
MISTAKE_ID = re.compile(r"^[a-z][a-z0-9-]*$")  # "wrong-axis"
MIN_HINTS = 2  # the first nudges, the last all but gives the answer


class Rule(Protocol):
    """A checking rule: ``None`` when ``answer`` is right, else one sentence saying why not.

    A rule that calls the learner's code raises ``LearnerCodeError`` when that code fails.
    """

    def __call__(self, answer: Any, expected: Any) -> str | None: ...


@dataclass(frozen=True)
class Mistake:
    """A known wrong answer and the message that names it.

    ``example()`` builds an answer that makes the mistake; the tests feed it back to
    prove the message is reachable. When ``matches`` is omitted, the mistake matches
    any answer that the exercise's own rule accepts with ``example()`` as the expected
    value: the example is the whole declaration. Give ``matches`` only for mistakes the
    rule cannot express (a NumPy array where a jax array was asked, a wrong container).

    ``also_accepted``: the mistake can be made by an answer the rule accepts (the right
    values computed the wrong way: a Python loop, lax.map, NumPy's global generator), so
    it is looked for in accepted answers too. Every other mistake only explains a
    refusal, so a right answer never pays for it. A test holds the declaration to the
    example: a mistake whose example the rule accepts must say ``also_accepted=True``.
    """

    id: str
    message: str
    example: Callable[[], Any]
    matches: Callable[[Any], bool] | None = None
    also_accepted: bool = False

    def __post_init__(self) -> None:
        if not MISTAKE_ID.match(self.id):
            raise ValueError(
                f"mistake id {self.id!r}: use lower-case words joined by '-', e.g. 'wrong-axis'"
            )
        if not self.message.strip():
            raise ValueError(f"mistake {self.id!r}: the message must say what went wrong")
        if self.also_accepted and self.matches is None:
            raise ValueError(
                f"mistake {self.id!r}: also_accepted needs matches=; an example alone is a "
                "wrong value, which no accepted answer has"
            )
        if not callable(self.example):
            raise ValueError(
                f"mistake {self.id!r}: example must be a function that builds the wrong "
                "answer, e.g. example=lambda: 4"
            )


@dataclass(frozen=True)
class Exercise:
    """One graded exercise.

    ``reference()`` builds the reference answer lazily, so importing an exercise module
    does no JAX work. ``solution`` is code that replaces the exercise cell whole.
    ``mistakes`` are tried in order, the first match wins: in an answer the rule
    refused, all of them; in one it accepted, only those declared ``also_accepted``
    (an example is a wrong value, so a right answer cannot be it, and most ``matches``
    predicates name a failure or a wrong value that the rule refuses first).

    ``prediction``: a *predict, then run* exercise. Its ``explanation`` (what happened,
    and why) is on no page: the grader shows it under the verdict of every check whose
    answer is one (its rule's ``read`` names an option), right or wrong, and a wrong one
    counts as seeing the solution, so a prediction passes unaided only when its first
    answer was right. The cell(s) tagged ``reveal`` right after its check, which ship
    without output, then show JAX doing it; the feedback sends the learner to run them.

    ``needs``: what the session must have before any answer can be judged (eight
    devices, say): a function returning ``None`` when all is there, else the sentence
    that says what is missing and how to get it. While it says so, every check reports
    that sentence as "not attempted" and judges nothing.

    ``variants``: the exercise is asked with other values per learner (``variants.py``):
    its reference, inputs and mistakes read ``variants.current(id)``, and its texts name
    the values as ``{name}``, filled after translation.

    ``kernel_inputs``: the answer runs a Pallas kernel, and these are the inputs its
    kernels are read with (``grader/kernels.py``). Where the backend compiles kernels, the
    judge asks the mistakes whose predicate reads them so (``before_compiled_run``: a
    block index past its array, a grid of no steps, harmless interpreted and fatal
    compiled) before anything runs the answer. It names those inputs, and those mistakes
    it. The mistakes whose predicate reads what only interpret mode shows
    (``kernels.reads_interpreted``: NaN where no program wrote) are asked there, of a
    refused answer, with its kernels interpreted; they need ``kernel_inputs``, and explain
    refusals only (not ``also_accepted``).
    """

    id: str
    title: str
    reference: Callable[[], Any]
    rule: Rule
    hints: tuple[str, ...]
    solution: str
    mistakes: tuple[Mistake, ...]
    success: str = "Correct."
    time_limit_s: float | None = None
    prediction: bool = False
    explanation: str = ""
    needs: Callable[[], str | None] | None = None
    variants: Variants | None = None
    kernel_inputs: Callable[[], Any] | None = None

    def __post_init__(self) -> None:
        where = f"exercise {self.id!r}"
        if not EXERCISE_ID.match(self.id):
            raise ValueError(
                f"{where}: an id is the lesson number, a dot and a snake_case name, "
                "e.g. '03.grad_of_total'"
            )
        if not self.title.strip() or not self.solution.strip():
            raise ValueError(f"{where}: give a title and a solution")
        if len(self.hints) < MIN_HINTS or len(set(self.hints)) != len(self.hints):
            raise ValueError(
                f"{where}: give at least {MIN_HINTS} different hints, each more specific "
                "than the one before"
            )
        if not self.mistakes:
            raise ValueError(
                f"{where}: declare at least one mistake a NumPy user will make, with an "
                "example answer that makes it"
            )
        ids = [m.id for m in self.mistakes]
        messages = [m.message for m in self.mistakes]
        if len(set(ids)) != len(ids) or len(set(messages)) != len(messages):
            raise ValueError(f"{where}: each mistake needs its own id and its own message")
        if self.prediction != bool(self.explanation.strip()):
            raise ValueError(
                f"{where}: a prediction, and only a prediction, declares an explanation"
            )
        if self.prediction and not callable(getattr(self.rule, "read", None)):
            raise ValueError(
                f"{where}: a prediction's rule reads an answer (``read`` returns None for "
                "anything that is not one), so that a slip does not show the explanation"
            )
        if self.variants is not None:
            texts = (self.solution, self.success, *self.hints, *messages)
            for text in texts:  # a {name} the values lack, or a stray brace, fails here
                text.format_map(dict(self.variants.default))
        if self.success in messages:
            raise ValueError(f"{where}: the success message repeats a mistake's message")
        guarded = [getattr(m.matches, "before_compiled_run", None) for m in self.mistakes]
        guarded = [inputs for inputs in guarded if inputs is not None]
        if any(inputs is not self.kernel_inputs for inputs in guarded) or (
            self.kernel_inputs is not None and not guarded
        ):
            raise ValueError(
                f"{where}: give kernel_inputs, the inputs its mistakes that read the kernel "
                "before it runs (kernels.block_out_of_range, kernels.empty_grid) are built "
                "with, and at least one such mistake: compiled, the kernel they match must "
                "not run"
            )
        for mistake in self.mistakes:
            if getattr(mistake.matches, "reads_interpreted", False) is not True:
                continue
            if self.kernel_inputs is None or mistake.also_accepted:
                raise ValueError(
                    f"{where}: mistake {mistake.id!r} reads the answer's kernels "
                    "interpreted (kernels.reads_interpreted), which happens only for a "
                    "refused answer whose kernels were read first: give kernel_inputs, and "
                    "do not declare it also_accepted"
                )
        if self.kernel_inputs is not None and (
            getattr(self.rule, "inputs", self.kernel_inputs) is not self.kernel_inputs
            or getattr(self.rule, "random_inputs", None) is not None
        ):
            raise ValueError(
                f"{where}: the rule must run the kernel on kernel_inputs alone, the inputs "
                "it is read with before it runs"
            )


def shipped(exercise: Exercise, text: str) -> str:
    """``text`` of ``exercise`` (its solution, a hint) as the shipped notebooks show it:
    untranslated, with variant 0's values filled in where the exercise has variants."""
    if exercise.variants is None:
        return text
    return text.format_map(dict(exercise.variants.default))


def check_declarations(exercises: tuple[Exercise, ...], lesson_number: str) -> None:
    """The rules across one lesson's exercises: ids unique and under the lesson's number."""
    seen: set[str] = set()
    for exercise in exercises:
        if not exercise.id.startswith(f"{lesson_number}."):
            raise ValueError(
                f"exercise {exercise.id!r} is declared in lesson {lesson_number}: "
                f"its id must start with '{lesson_number}.'"
            )
        if exercise.id in seen:
            raise ValueError(f"exercise {exercise.id!r} is declared twice")
        seen.add(exercise.id)
