"""Reading a learner's text as Python never warns: a hint, a pasted answer or a cell with an
invalid escape sequence (``"\\d"``) is the learner's to see when it runs, not the grader's
to repeat on every check (Python 3.12 warns once per compile of such a string)."""

from __future__ import annotations

import warnings

import pytest

from jaxtour.display import looks_like_code
from jaxtour.grader.cells import assigns

ESCAPED = 'pattern = "\\d+ values"\nanswer = 1\n'  # the cell holds a backslash and a d


@pytest.mark.parametrize(
    "read",
    [lambda: looks_like_code(ESCAPED), lambda: assigns(ESCAPED, {"answer"})],
    ids=["looks_like_code", "assigns"],
)
def test_an_invalid_escape_in_the_learners_text_does_not_warn(read):
    # recorded, not raised: a raised SyntaxWarning would be caught as the SyntaxError it becomes
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert read() is True
    assert [str(w.message) for w in caught] == []
