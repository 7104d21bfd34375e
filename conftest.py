"""The repository's pytest set-up, for every run under this folder (tests/ or lessons/).

Options and markers are in pyproject.toml; test fixtures in tests/conftest.py; shared
test helpers in tests/helpers.py.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Keep JAX on the CPU and quiet in tests and in nbval's kernels, whatever the machine has.
os.environ.setdefault("JAX_PLATFORMS", "cpu")
# Never touch the learner's own progress store; record nothing unless a test turns it on
# (tests/learner/test_progress.py does, each in its own folder). Kernels inherit both.
os.environ["JAXTOUR_DATA_DIR"] = tempfile.mkdtemp(prefix="jaxtour-test-data-")
os.environ.setdefault("JAXTOUR_PROGRESS", "off")
# One folder of compiled XLA programs for the whole run, shared by every xdist worker (they
# inherit the controller's environment) and by the kernels of the solved-lesson tests
# (tests.helpers.kernel_env), so a program compiled once is not compiled again in each.
# nbval's kernels do not use it: the shipped outputs are compared as a learner makes them.
os.environ.setdefault("JAXTOUR_TEST_COMPILE_CACHE", tempfile.mkdtemp(prefix="jaxtour-xla-"))


def pytest_configure(config):
    _share_compiled_programs()
    _eight_cpu_devices()
    _quick_compiles(config)
    _nbval_stores_history()

    # addopts names nbval's sanitizer relative to the repository root; nbval opens it
    # relative to the working directory. Point it at the root's copy from anywhere.
    sanitize = getattr(config.option, "nbval_sanitize_with", None)
    if sanitize and not Path(sanitize).is_absolute() and not Path(sanitize).exists():
        config.option.nbval_sanitize_with = str(config.rootpath / sanitize)


def _share_compiled_programs() -> None:
    """This process (the tests' grader calls) reads and writes the run's compile cache."""
    import jax

    from tests.helpers import compile_cache_options

    for name, value in compile_cache_options().items():
        jax.config.update(name, value)


def _eight_cpu_devices() -> None:
    """This process gets the 8 virtual CPU devices that lesson 10's first cell gives a
    learner's kernel: its checks judge nothing with fewer (Exercise.needs). Set before JAX
    starts its backend; arrays still live on the first device unless placed elsewhere."""
    import jax

    jax.config.update("jax_num_cpu_devices", 8)


def _quick_compiles(config) -> None:
    """This process's CPU backend compiles with TEST_XLA_FLAGS; the processes it starts
    later (kernels, command lines) get the environment as it was. The xdist controller
    runs no test and starts no backend."""
    if config.getoption("numprocesses", None) and not hasattr(config, "workerinput"):
        return
    import jax

    from tests.helpers import TEST_XLA_FLAGS

    before = os.environ.get("XLA_FLAGS")
    os.environ["XLA_FLAGS"] = f"{before or ''} {TEST_XLA_FLAGS}".strip()
    try:
        jax.devices()  # XLA reads its flags once, when the backend starts
    finally:
        if before is None:
            del os.environ["XLA_FLAGS"]
        else:
            os.environ["XLA_FLAGS"] = before


def _nbval_stores_history() -> None:
    """nbval's kernel stores each cell in IPython's history, as JupyterLab's Run All does:
    the grader reads it (which cell last assigned an answer, and whether that cell
    failed), and the learner's path is walked on in the same kernel
    (tests/content/learner_path.py)."""
    try:
        from nbval.kernel import RunningKernel
    except ImportError:  # nbval not installed: no notebook is collected either
        return

    def execute_cell_input(self, cell_input, allow_stdin=None):
        return self.kc.execute(
            cell_input, store_history=True, allow_stdin=allow_stdin, stop_on_error=False
        )

    RunningKernel.execute_cell_input = execute_cell_input


def pytest_collection_modifyitems(config, items):
    """After nbval's cells of each English lesson, the item that solves it in place; all
    of a notebook's items execute whole lessons: mark them slow."""
    from tests.content.learner_path import add_solving_items

    add_solving_items(items)
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.slow)


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: a worker per core, and one more. Several tests spend minutes waiting
    (on pip, a browser, JupyterLab culling kernels); the extra worker keeps the cores busy
    meanwhile."""
    return len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else None


def pytest_xdist_make_scheduler(config, log):
    """Each notebook's cells on one worker, in order; the rest one by one (tests/scheduling.py)."""
    from tests.scheduling import TogetherWhereNeeded

    return TogetherWhereNeeded(config, log)
