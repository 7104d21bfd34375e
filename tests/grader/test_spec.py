"""The authoring rules an Exercise and a Mistake check as they are built."""

from __future__ import annotations

import numpy as np
import pytest

from jaxtour.grader.judge import judge, makes
from jaxtour.grader.rules import ExactInteger
from jaxtour.grader.spec import Exercise, Mistake, check_declarations


def exercise(**changes):
    fields = {
        "id": "99.count",
        "title": "Count",
        "reference": lambda: 2,
        "rule": ExactInteger(),
        "hints": ("Count them.", "Two."),
        "solution": "count = 2",
        "mistakes": (
            Mistake(id="every-call", message="That counts every call.", example=lambda: 4),
        ),
    }
    return Exercise(**(fields | changes))


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        ({"id": "count"}, "lesson number, a dot and a snake_case name"),
        ({"id": "99.Count"}, "snake_case"),
        ({"hints": ("Only one.",)}, "at least 2 different hints"),
        ({"hints": ("Same.", "Same.")}, "at least 2 different hints"),
        ({"mistakes": ()}, "declare at least one mistake"),
        ({"solution": " "}, "give a title and a solution"),
        (
            {
                "mistakes": (
                    Mistake(id="a", message="Same.", example=lambda: 4),
                    Mistake(id="b", message="Same.", example=lambda: 3),
                )
            },
            "its own id and its own message",
        ),
        ({"success": "That counts every call."}, "repeats a mistake's message"),
    ],
)
def test_an_authoring_slip_fails_at_once_with_a_message_that_teaches(changes, says):
    with pytest.raises(ValueError, match=says):
        exercise(**changes)


@pytest.mark.parametrize(
    ("fields", "says"),
    [
        ({"id": "Every Call"}, "lower-case words joined by '-'"),
        ({"message": ""}, "must say what went wrong"),
        ({"example": 4}, "example must be a function"),
    ],
)
def test_a_mistake_checks_itself(fields, says):
    with pytest.raises(ValueError, match=says):
        Mistake(**({"id": "m", "message": "m", "example": lambda: 1} | fields))


def test_a_lesson_declares_ids_under_its_own_number_once():
    check_declarations((exercise(),), "99")
    with pytest.raises(ValueError, match="must start with '98.'"):
        check_declarations((exercise(),), "98")
    with pytest.raises(ValueError, match="declared twice"):
        check_declarations((exercise(), exercise()), "99")


@pytest.mark.parametrize("answer", [4, np.int64(4), np.array(4), np.int32(4)])
def test_a_mistake_without_matches_is_recognised_by_the_rule_for_its_whole_family(answer):
    ex = exercise()
    assert makes(ex, ex.mistakes[0], answer)
    assert judge(ex, answer).mistake == "every-call"


@pytest.mark.parametrize("answer", [2, 3, 4.0, "4", None])
def test_a_mistake_without_matches_matches_nothing_else(answer):
    ex = exercise()
    assert not makes(ex, ex.mistakes[0], answer)
