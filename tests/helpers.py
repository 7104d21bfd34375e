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


# JAX's LRUCache.put without eviction (jax/_src/lru_cache.py), the entry written beside its
# name and renamed into place: a process reading the entry meanwhile finds nothing (and
# compiles) or all of it, never a cut stream ("truncated stream", a compile again and a
# warning on stderr). Compiled under JAX's own file name: it stands in for JAX's method,
# and the grader's step count (mistakes.PythonSteps) counts a cache write inside a check
# as JAX's, not as the learner's (a put defined in a test module counted as theirs, and
# test_how_mistakes failed: the steps of a check grew with the programs it compiled).
_RENAMED_INTO_PLACE = """
def put(self, key, value):
    if self.eviction_enabled:
        return _jax_put(self, key, value)
    if not key:
        raise ValueError("key cannot be empty")
    cache_path = self.path / f"{key}{_CACHE_SUFFIX}"
    if cache_path.exists():
        return
    partial = cache_path.with_name(f"{cache_path.name}.{_os.getpid()}.{_thread()}.partial")
    partial.write_bytes(value)
    _os.replace(partial, cache_path)
"""


def cache_writes_rename_into_place() -> None:
    """This process's writes to JAX's persistent compilation cache are whole when seen:
    each entry is written under a name of its own and renamed into place."""
    import threading

    from jax._src import lru_cache

    if getattr(lru_cache.LRUCache.put, "renamed_into_place", False):
        return
    names = {
        "_jax_put": lru_cache.LRUCache.put,
        "_CACHE_SUFFIX": lru_cache._CACHE_SUFFIX,
        "_os": os,
        "_thread": threading.get_ident,
    }
    exec(compile(_RENAMED_INTO_PLACE, lru_cache.__file__, "exec"), names)
    names["put"].renamed_into_place = True
    lru_cache.LRUCache.put = names["put"]


def kernel_env() -> dict[str, str]:
    """The environment for the kernels of tests that execute solved lessons: this one, plus
    the run's compile cache as JAX's environment variables, so each lesson's programs are
    compiled once for all of those runs. Only check statuses are read from them."""
    cache = {name.upper(): str(value) for name, value in compile_cache_options().items()}
    return dict(os.environ, **cache)


def _uv() -> Path | None:
    """The uv that ``make test`` put beside this interpreter, if any."""
    uv = Path(sys.executable).parent / "uv"
    return uv if uv.exists() else None


def new_venv(path: Path, *, pip: bool) -> Path:
    """A fresh venv of this interpreter's Python at ``path`` (with pip in it when ``pip``:
    a learner's path that runs pip itself; always without uv, as install_into then needs
    it); its python. Made by uv when there is one
    beside this interpreter: ``python -m venv`` spends 3.4 s of CPU installing pip from
    ensurepip's wheel, ``uv venv --seed`` 0.2 s (2026-12-06)."""
    uv = _uv()
    if uv is None:
        subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    else:
        seed = ["--seed"] if pip else []
        command = [str(uv), "venv", "--quiet", *seed, "--python", sys.executable, str(path)]
        subprocess.run(command, check=True, timeout=300)
    return path / "bin" / "python"


def build_wheel(folder: Path) -> Path:
    """jaxtour's wheel, built from this checkout into ``folder``: by uv when there is one
    beside this interpreter (0.9 s of CPU), else by pip (2.9 s, 2026-12-06)."""
    uv = _uv()
    if uv is None:
        command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w"]
        command += [str(folder), str(ROOT)]
    else:
        command = [str(uv), "build", "--quiet", "--wheel", "-o", str(folder), str(ROOT)]
    subprocess.run(command, check=True, capture_output=True, text=True, timeout=900)
    return next(folder.glob("jaxtour-*.whl"))


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
