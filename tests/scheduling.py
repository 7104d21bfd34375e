"""How the suite is shared among xdist workers (``-n auto``, set in pyproject.toml).

Tests go one by one to whichever worker is free, except what must stay together: each
notebook's nbval cells (in order, in the one kernel nbval starts for the notebook) and
the modules in ``KEPT_TOGETHER``, whose module-scoped fixture is expensive (built once,
on one worker), and the tests of ``BY_LESSON`` that judge one lesson's exercises, which
go together as one unit per lesson. The longest tests start first, so none of them is
left running alone at the end while the other workers idle.

The controller sees only node ids, so the lists are written as paths here.
"""

from __future__ import annotations

import itertools
import re

from xdist.scheduler import LoadScopeScheduling

# Work that costs a minute and is done once per worker: the Colab venv, JupyterLab and
# Chromium for the browser tests. Kept on one worker, it is done once. The catalogs'
# template and planned files (3 s of CPU, read by 21 tests) too.
KEPT_TOGETHER = (
    "tests/paths/test_colab.py",
    "tests/paths/test_browser.py",
    "tests/i18n/test_catalogs.py",
)
# The modules whose tests judge answers to one exercise each (the exercise is the first
# thing their id names, "[01.center]", "[01.center:a mistake]", "[01.center-None]"): all
# of one lesson's go to one worker, one after another. The first check of an exercise in a
# process costs about ten times a later one (its reference's programs traced, lowered and
# compiled or read from the run's compile cache, its outputs computed): spread one by one,
# every worker paid that first check for nearly every exercise. 2026-12-06, lessons 01, 04
# and 09, the reference and every declared mistake: 19.7 s of CPU the first time in a
# process, 11.5 s in another process with every program in the compile cache, 2.4 s again
# in the same process. The corpus's verdicts are computed once per lesson (per worker), and
# the references' and declared mistakes' once per exercise (tests/verdicts.py). An
# exercise's twenty variants (test_variants), 09.two_views: 23.0 s of CPU in a fresh
# process, 20.7 s after its lesson's other tests (2026-12-06).
BY_LESSON = (
    "tests/content/test_exercises.py",
    "tests/content/test_variants.py",
    "tests/content/test_wrong_answers.py",
    "tests/grader/test_bad_answers.py",
    "tests/grader/test_integrity.py",
    "tests/grader/test_isolation.py",
    "tests/grader/test_warm_checks.py",
    "tests/grader/test_x64.py",
)
EXERCISE_IN_ID = re.compile(r"\[(\d\d)\.[a-z]")
# Started first: minutes of wall time each (browsers, fresh venvs, culling waits,
# every notebook executed, the generated answers).
FIRST = (
    # a real JupyterHub as the guide's users, started twice (a kill -9, then Ctrl-C):
    # among the longest of the waiting tests (277 s alone, 2026-12-06, when it started the
    # hub three times), so the waiter takes it first
    "tests/paths/test_classroom_least_privilege.py",
    "tests/paths/test_journey.py",
    "tests/paths/test_colab.py",
    "tests/paths/test_browser.py",
    "tests/paths/test_binder.py",
    "tests/paths/test_classroom_hub.py",  # a real JupyterHub, three servers and kernels
    "by-lesson ",  # a lesson's exercises judged by every module of BY_LESSON
    "lessons/",
    # After every English notebook: a Russian kernel reads the programs its English twin
    # compiled (../conftest.py NBVAL_CACHED_LESSONS).
    "lessons/ru/",
    # Single tests of a minute's wall under load, taken before the thousands of short ones
    # so that those fill the workers' ends: dispatched in file order, a venv built and
    # filled ended the 2026-12-07 baseline alone (79 s, its last 60 s on one worker), and
    # the poisoned-JAX reference build ran 73 s near the end.
    "tests/learner/test_venv_install.py",
    "tests/grader/test_integrity.py::test_references_are_built_with_pristine_modules_when",
)


# Tests that spend most of their time waiting (on a browser, pip, JupyterHub's servers,
# kernels being culled): run one after another on one worker (the last one), so that the
# other workers keep the cores busy meanwhile. Started together on three workers, they
# left the cores idle for minutes (2026-12-06: 1140 s of CPU in an 820 s run on 2 cores).
WAITING = (
    "tests/paths/test_journey.py",
    "tests/paths/test_browser.py",
    "tests/paths/test_binder.py",
    "tests/paths/test_classroom_hub.py",
    "tests/paths/test_classroom_least_privilege.py",
)


def waits(unit: str) -> bool:
    """Whether ``unit`` is one of the tests that mostly wait."""
    return unit.startswith(WAITING)


def scope(nodeid: str) -> str:
    """The unit a test is scheduled in: its notebook, its module if kept together, its
    lesson ("by-lesson NN") if it judges one exercise in BY_LESSON, or itself."""
    path = nodeid.split("::", 1)[0]
    if path.endswith(".ipynb") or path in KEPT_TOGETHER:
        return path
    exercise = EXERCISE_IN_ID.search(nodeid)
    if path in BY_LESSON and exercise:
        return f"by-lesson {exercise.group(1)}"
    return nodeid


def priority(unit: str) -> int:
    """Where a unit starts: the index of its longest FIRST entry, after them all if none."""
    starts = [start for start in FIRST if unit.startswith(start)]
    return FIRST.index(max(starts, key=len)) if starts else len(FIRST)


class TogetherWhereNeeded(LoadScopeScheduling):
    """LoadScopeScheduling with ``scope`` as the unit, the units ordered by ``priority``,
    and the units that mostly wait (``waits``) kept to the last worker while any is left."""

    _ordered = False

    def _split_scope(self, nodeid: str) -> str:
        return scope(nodeid)

    def _assign_work_unit(self, node) -> None:
        if node not in self.registered_collections:
            # A worker that replaces a crashed one, its collection not in yet: rescheduled
            # when another crashes meanwhile (remove_node), it would take a unit it cannot
            # index (KeyError, and the unit lost); schedule() gives it work once it has
            # collected.
            return
        if not self._ordered:  # once, after schedule() has built the queue
            units = sorted(self.workqueue.items(), key=lambda item: priority(item[0]))
            self.workqueue.clear()
            self.workqueue.update(units)
            self._ordered = True
        front = list(itertools.islice(self.workqueue, 64))  # every waiting unit is near it
        chosen = next_unit(front, waiter=node is self.nodes[-1])
        self.workqueue.move_to_end(chosen, last=False)  # the parent takes the first unit
        super()._assign_work_unit(node)


def next_unit(queue: list[str], waiter: bool) -> str:
    """The unit a worker takes from the front of the ordered ``queue`` (the waiting units
    come first): the waiter takes a waiting unit while one is left; another worker the
    first unit that does not wait, or a waiting one when nothing else is left."""
    if waiter:
        return next((unit for unit in queue if waits(unit)), queue[0])
    return next((unit for unit in queue if not waits(unit)), queue[0])
