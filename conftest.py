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
os.environ["JAXTOUR_VARIANT"] = "0"  # the shipped variant: nbval's kernels and every test
# One folder of compiled XLA programs for the whole run, shared by every xdist worker (they
# inherit the controller's environment) and by the kernels of the solved-lesson tests
# (tests.helpers.kernel_env), so a program compiled once is not compiled again in each.
# nbval's kernels use it only for the lessons whose outputs no compile time can change
# (NBVAL_CACHED_LESSONS): the English run compiles, the Russian run of the same code reads.
os.environ.setdefault("JAXTOUR_TEST_COMPILE_CACHE", tempfile.mkdtemp(prefix="jaxtour-xla-"))


def pytest_configure(config):
    _share_compiled_programs()
    _eight_cpu_devices()
    _quick_compiles(config)
    _nbval_stores_history()
    _nbval_formats_messages_only_for_its_log()
    _nbval_shares_compiled_programs()

    # addopts names nbval's sanitizer relative to the repository root; nbval opens it
    # relative to the working directory. Point it at the root's copy from anywhere.
    sanitize = getattr(config.option, "nbval_sanitize_with", None)
    if sanitize and not Path(sanitize).is_absolute() and not Path(sanitize).exists():
        config.option.nbval_sanitize_with = str(config.rootpath / sanitize)


def _share_compiled_programs() -> None:
    """This process (the tests' grader calls) reads and writes the run's compile cache,
    each entry renamed into place once written (the workers compile the same references
    at once: a worker that read an entry still being written warned and compiled again)."""
    import jax

    from tests.helpers import cache_writes_rename_into_place, compile_cache_options

    cache_writes_rename_into_place()
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


class _Formatted:
    """``pprint.pformat(value)``, computed when a log line that shows it is written."""

    def __init__(self, value):
        self.value = value

    def __str__(self):
        import pprint

        return pprint.pformat(self.value)


def _nbval_formats_messages_only_for_its_log() -> None:
    """nbval pretty-prints every message it reads from a kernel (a few per cell) for a
    debug log line, logged or not (``logger.debug("...%s", pformat(msg))``); now only if
    that line is written. Lessons 01 and 04, both editions, ``-n 0``: the pytest process's
    own CPU 3.03 s -> 2.75 s and 2.66 s (2026-12-06)."""
    try:
        from nbval import kernel
    except ImportError:
        return
    kernel.pformat = _Formatted


# The lessons whose every output is the same however long a compile takes: no first-call
# timing, no speed verdict, no compile-time guard (02, 07, 08, 09, 11, 12 and 15 time
# things). Their nbval kernels share the run's compile cache: the Russian edition's code is
# the English code (test_russian_sync.py), so its kernel reads what the English one
# compiled (tests/scheduling.py starts the English notebooks first): 2026-12-06, lesson 09
# run twice, 10.6 s of CPU with no cache against 4.8 s with every program in it. Lesson 16
# (Pallas in the interpreter, nothing timed): its Russian kernel 9.9 s -> 5.4 s, -n 0.
NBVAL_CACHED_LESSONS = frozenset({"00", "01", "03", "04", "05", "06", "10", "13", "14", "16"})


def _nbval_shares_compiled_programs() -> None:
    """nbval's kernel for a lesson in NBVAL_CACHED_LESSONS starts with the run's compile
    cache in its environment (JAX's variables). Every other lesson's two kernels share a
    cache of their own, empty when the English kernel starts (scheduled first): its first
    calls compile as in a learner's fresh kernel, so the timings it shows are a learner's
    (a program compiled again in that kernel, as lesson 07's re-wrapped jit, is read back:
    what that times is not compared), and the Russian kernel reads what it compiled. Every
    output those lessons compare (nbval) is the same either way: the Russian notebooks of
    02, 07, 08, 09, 11, 12 and 15 passed with every program read back, and their kernels'
    CPU went 34.3 s -> 18.5 s (09 5.9 -> 1.9, 12 6.0 -> 1.9); the English kernels 57.2 s
    -> 56.1 s (-n 0, 2026-12-06). What a timing shows is sanitized or not compared
    (nbval-ignore-output)."""
    try:
        from nbval.plugin import IPyNbFile
    except ImportError:
        return
    from tests.helpers import compile_cache_options

    start_kernel = IPyNbFile.setup

    def setup(self):
        lesson = Path(str(self.fspath)).name[:2]
        cache = {name.upper(): str(value) for name, value in compile_cache_options().items()}
        if lesson not in NBVAL_CACHED_LESSONS:
            twins = Path(cache["JAX_COMPILATION_CACHE_DIR"]) / f"lesson-{lesson}"
            twins.mkdir(exist_ok=True)
            cache["JAX_COMPILATION_CACHE_DIR"] = str(twins)
        before = {name: os.environ.get(name) for name in cache}
        os.environ.update(cache)  # the kernel inherits the environment when it starts
        try:
            return start_kernel(self)
        finally:
            for name, value in before.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value

    IPyNbFile.setup = setup


def pytest_collection_modifyitems(config, items):
    """After nbval's cells of each English lesson, the item that solves it in place; all
    of a notebook's items execute whole lessons: mark them slow."""
    from tests.content.learner_path import add_solving_items

    add_solving_items(items)
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.slow)


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: a worker per core, and two more. Several tests spend minutes waiting
    (on pip, a browser, JupyterLab culling kernels; tests/scheduling.py keeps them to the
    last worker) and many small ones wait seconds (time limits, ports, processes): the
    extra workers keep the cores busy meanwhile. On this 2-core machine, 2026-12-06, the
    same suite: 3 workers 830 s at 1.4 busy cores, 4 workers 695 s at 1.8."""
    return len(os.sched_getaffinity(0)) + 2 if hasattr(os, "sched_getaffinity") else None


def pytest_xdist_make_scheduler(config, log):
    """Each notebook's cells on one worker, in order; the rest one by one (tests/scheduling.py)."""
    from tests.scheduling import TogetherWhereNeeded

    return TogetherWhereNeeded(config, log)
