"""Shared helpers: where the lessons are, and how to read and run them."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
sys.path.insert(0, str(ROOT / "tools"))

# Keep JAX on the CPU and quiet in tests, whatever the machine has.
os.environ.setdefault("JAX_PLATFORMS", "cpu")
# Never touch the learner's own progress store; record nothing unless a test turns it on
# (tests/test_progress.py does, each in its own folder). Kernels inherit both.
os.environ["JAXTOUR_DATA_DIR"] = tempfile.mkdtemp(prefix="jaxtour-test-data-")
os.environ.setdefault("JAXTOUR_PROGRESS", "off")

LESSON_NOTEBOOKS = sorted(LESSONS.glob("[0-9][0-9]_*.ipynb"))


def read_notebook(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def cell_exercise(cell) -> str | None:
    return cell.get("metadata", {}).get("jaxtour", {}).get("exercise")


def cell_check(cell) -> str | None:
    return cell.get("metadata", {}).get("jaxtour", {}).get("check")


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
