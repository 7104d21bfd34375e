"""What several tests share: where the repository and its lessons are, and how to read them.

Import it as ``from tests.helpers import ...``; pytest puts the repository root on
``sys.path`` (``pythonpath = ["."]`` in pyproject.toml). Fixtures live in conftest.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat

from jaxtour import catalog

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
RUSSIAN = LESSONS / "ru"  # the Russian edition, same file names (test_russian_sync.py)
TESTS = ROOT / "tests"
# Every lesson's notebook, in the catalog's order (jaxtour/catalog.py is the one list).
LESSON_NOTEBOOKS = [LESSONS / lesson.notebook for lesson in catalog.LESSONS]
LESSON_SOURCES = [LESSONS / lesson.source for lesson in catalog.LESSONS]


def read_notebook(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def cell_exercise(cell) -> str | None:
    return cell.get("metadata", {}).get("jaxtour", {}).get("exercise")


def cell_check(cell) -> str | None:
    return cell.get("metadata", {}).get("jaxtour", {}).get("check")


# How much XLA and LLVM optimise the CPU programs that the tests' own grader calls compile
# (the learner answers of the corpus and the generated answers: thousands of programs, each
# compiled once and run on a few small inputs). Level 0 compiles them in about 0.7 of the
# time (lesson 09's corpus: 31 s -> 22 s, 2026-12-05); XLA's older elemental emitters
# instead of its fusion emitters, in about 0.6 of that (lesson 09's corpus: 37.4 s -> 23.1 s
# of CPU, 2026-12-06). nbval's kernels keep XLA's default, as a learner's kernel has it,
# since they print timings and speed verdicts.
TEST_XLA_FLAGS = (
    "--xla_backend_optimization_level=0 --xla_llvm_disable_expensive_passes=true "
    "--xla_cpu_use_fusion_emitters=false"
)


def compile_cache_options() -> dict[str, object]:
    """JAX's persistent compilation cache for this run (the folder ../conftest.py made),
    keeping every program however quick it was to compile."""
    return {
        "jax_compilation_cache_dir": os.environ["JAXTOUR_TEST_COMPILE_CACHE"],
        "jax_persistent_cache_min_compile_time_secs": 0.0,
        "jax_persistent_cache_min_entry_size_bytes": 0,
    }


def kernel_env() -> dict[str, str]:
    """The environment for the kernels of tests that execute solved lessons: this one, plus
    the run's compile cache as JAX's environment variables, so each lesson's programs are
    compiled once for all of those runs. Only check statuses are read from them."""
    cache = {name.upper(): str(value) for name, value in compile_cache_options().items()}
    return dict(os.environ, **cache)


def install_into(python: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``pip install ARGS`` into the venv of ``python``, done by the uv that ``make test``
    put beside this interpreter when there is one (the same pins, a fraction of pip's
    time), else by the venv's own pip. Tests of a learner's path whose point is pip
    itself (the Colab install cell) run pip directly."""
    uv = Path(sys.executable).parent / "uv"
    if uv.exists():
        command = [str(uv), "pip", "install", "--quiet", "--python", str(python), *args]
    else:
        command = [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        command += args
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=900)


# Run as `python -c CTRL_C_WORKS PROGRAM ARGS...`: SIGINT back to its default and
# unblocked, then PROGRAM in this process's place (exec keeps both settings).
CTRL_C_WORKS = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)


def with_ctrl_c(command: list[str]) -> list[str]:
    """``command`` for a child the test stops with SIGINT, as in a terminal where Ctrl+C
    works, whatever the test worker's own state: a child inherits an ignored or blocked
    SIGINT, and then never sees Ctrl+C. (Not a ``preexec_fn``: that forks a process JAX's
    threads run in.) ``command[0]`` is a path."""
    return [sys.executable, "-c", CTRL_C_WORKS, *command]
