"""Test fixtures. Shared helpers (paths, notebooks) are in tests/helpers.py; the
environment every run gets (CPU only, no progress recorded) is set in ../conftest.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import LESSON_NOTEBOOKS


@pytest.fixture(params=LESSON_NOTEBOOKS, ids=lambda p: p.stem)
def lesson(request) -> Path:
    return request.param


@pytest.fixture
def short_time_limit():
    """Checks stop after 0.5 s for the length of one test."""
    from jaxtour.grader import limits

    before = limits.default_time_limit()
    limits.set_time_limit(0.5)
    yield 0.5
    limits.set_time_limit(before)
