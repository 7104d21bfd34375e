"""Realistic wrong answers, written as learners write them, and what each must be told.

The declared mistakes prove that each message is reachable from its own example. This
corpus asks the other question: what does a learner who gets it wrong in their own way
actually read? Each module ``lessonNN.py`` lists ``WRONG_ANSWERS``, at least three per
exercise that are not a declared mistake's example, each labelled with what it must get:

- ``named="mistake-id"``: that declared mistake's message;
- ``says="text"``: a specific message from the rule itself (a type slip, a crash that
  jaxtour explains), containing ``text``;
- neither: a generic message is the honest best (the answer is just a wrong value with
  no cause to name). These are counted; at most one in ten may be generic.

A round of answers written later from the lessons' text alone (``ROUND_2``, ``ROUND_3``)
is measured first, unlabelled, with ``rounds.py``; its answers that found a family (a
wrong answer accepted, a wrong cause named, a generic message) are labelled and join
``WRONG_ANSWERS``. ``tests/content/test_wrong_answers.py`` runs them all. A label that
no longer matches fails, in both directions: a named answer that goes generic, and a
generic one that gained a name (then label it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jaxtour.grader.feedback import Feedback

# Messages that say only how a value differs, not why: the rules' comparison sentences.
GENERIC_PATTERNS = tuple(
    re.compile(pattern)
    for pattern in (
        r"It has shape .*, but the expected shape is",
        r"It has dtype .*, but the expected dtype is",
        r"\d+ of \d+ values differ",
        r"The value differs",
        r"You have .*, but the expected value is",
        r"is not the right (number|dtype)\.",
        r"is not the one\.",
        r"It has the structure .*, but .* was expected",
    )
)
# ...unless a sentence says how: grader.compare names a difference with a plain shape.
RELATIONS = (
    "in a different order",
    "opposite sign",
    "the expected one",
    "off by the same amount",
    "off by one",
    "the transpose",
    "the values are right",
    "too many",
    "too few",
    "where a tuple was expected",
    "in the opposite order",
    "were expected.",
    "one number where an array was expected",
    "expected value, a step of",
    "like the expected array",
    # grader.compare.explain: a relation that holds on every input a function was tried on
    "On every input",
    "Your function subtracts",
    "Your function adds",
    "Your function divides by",
    "where the expected ones are not",
    "where the expected value is not",
)
MAX_GENERIC_SHARE = 0.10
MIN_PER_EXERCISE = 3


@dataclass(frozen=True)
class Wrong:
    """One realistic wrong answer: what the learner did, and how to build it."""

    exercise_id: str
    what: str  # what the learner did, in words: "arange(1, 11), counting from one"
    answer: Callable[[], Any]  # builds the answer, e.g. lambda: jnp.arange(1, 11)
    named: str | None = None  # the declared mistake it must get
    says: str | None = None  # or: a phrase of the specific message the rule gives

    def __post_init__(self) -> None:
        if self.named and self.says:
            raise ValueError(f"{self.exercise_id} {self.what!r}: give named or says, not both")

    @property
    def expects_generic(self) -> bool:
        return self.named is None and self.says is None


def is_generic(feedback: Feedback) -> bool:
    """True when the feedback names no cause: no declared mistake, and either a plain
    comparison sentence or a crash of the learner's code that jaxtour cannot explain."""
    if feedback.mistake is not None:
        return False
    if feedback.status == "error":
        return "\nRead more: " not in feedback.message  # jaxtour explains the error
    if any(relation in feedback.message for relation in RELATIONS):
        return False
    return any(pattern.search(feedback.message) for pattern in GENERIC_PATTERNS)
