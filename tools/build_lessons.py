"""Build the lesson notebooks from their MyST Markdown sources and execute them in place.

    python -m tools.build_lessons            # every lesson
    python -m tools.build_lessons 01         # lessons whose file name starts with 01
    python -m tools.build_lessons --lang ru 01   # the Russian edition, lessons/ru/

``lessons/ru/`` holds the Russian edition: the same file names, cells, code and
exercise ids, the prose translated (``tests/content/test_russian_sync.py`` keeps them in
step).

``lessons/NN_slug.md`` is the source a reviewer reads; ``lessons/NN_slug.ipynb`` is
what a learner opens, stored executed so nbval can compare outputs. Widget views are
dropped from stored outputs (their models die with the kernel), so a freshly opened
notebook shows the static feedback instead of "Error displaying widget".

A cell tagged ``reveal`` shows a prediction's answer, so it ships without output, and
nothing of what it showed is in the notebook (not even in its metadata, which a learner
can open): the outputs are kept beside it, in ``.reveals/<stem>.json`` of the edition's
folder (not in the wheel), where the learner-path test compares them with a fresh Run
All; nbval runs it without comparing.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import jupytext
import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

from jaxtour import catalog

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
REVEAL_TAG = "reveal"
REVEALS = ".reveals"  # beside an edition's notebooks: <stem>.json, cell id -> outputs
NBVAL_RUN_ONLY = "nbval-ignore-output"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def lessons_folder(lang: str = "en") -> Path:
    """Where one language's edition lives: ``lessons/`` for English, else ``lessons/<lang>/``."""
    return LESSONS if lang == "en" else LESSONS / lang


def lesson_sources(prefixes: list[str], lang: str = "en") -> list[Path]:
    """The catalog's lesson sources, or those whose file name starts with one of prefixes;
    for another language, those of its edition that exist so far."""
    folder = lessons_folder(lang)
    sources = [folder / lesson.source for lesson in catalog.LESSONS]
    if lang != "en":
        sources = [s for s in sources if s.exists()]
    if prefixes:
        sources = [s for s in sources if any(s.name.startswith(p) for p in prefixes)]
    return sources


def notebook_from_source(source: Path) -> nbformat.NotebookNode:
    """Parse the MyST source into a notebook with no outputs."""
    notebook = jupytext.read(source)
    notebook.metadata.pop("jupytext", None)
    notebook.metadata["kernelspec"] = KERNELSPEC
    notebook.metadata["language_info"] = {"name": "python"}
    for number, cell in enumerate(notebook.cells):  # stable ids: rebuilds diff only content
        cell["id"] = f"{source.stem[:2]}-{number:03d}"
        if is_reveal(cell) and NBVAL_RUN_ONLY not in cell.metadata["tags"]:
            cell.metadata["tags"].append(NBVAL_RUN_ONLY)
    return notebook


def is_reveal(cell: nbformat.NotebookNode) -> bool:
    """A code cell that shows a prediction's answer (tag ``reveal``)."""
    return cell.cell_type == "code" and REVEAL_TAG in cell.get("metadata", {}).get("tags", [])


def hold_back_reveals(notebook: nbformat.NotebookNode) -> dict[str, list]:
    """Ship each reveal cell executed but without its output; return what each showed
    (cell id -> outputs) for ``.reveals/``, where the learner-path test reads it."""
    held: dict[str, list] = {}
    for cell in notebook.cells:
        if is_reveal(cell):
            held[cell["id"]] = cell.outputs
            cell.outputs = []
    return held


def reveals_path(notebook_path: Path) -> Path:
    """Where what ``notebook_path``'s reveal cells showed when it was built is kept."""
    return notebook_path.parent / REVEALS / f"{notebook_path.stem}.json"


def reveal_outputs(notebook_path: Path) -> dict[str, list]:
    """Cell id -> what that reveal cell showed when the notebook was built ({} if none)."""
    path = reveals_path(notebook_path)
    if not path.exists():
        return {}
    return {k: [nbformat.from_dict(o) for o in v] for k, v in json.loads(path.read_text()).items()}


def write_reveals(notebook_path: Path, held: dict[str, list]) -> None:
    path = reveals_path(notebook_path)
    if not held:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(held, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


def strip_widget_views(notebook: nbformat.NotebookNode) -> None:
    """Drop widget views (their models die with the kernel) and the progress cell's output
    (the builder's progress, not the learner's: the learner's appears when they run it)."""
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        if "progress" in cell.get("metadata", {}).get("tags", []):
            cell["outputs"] = []
        for output in cell.get("outputs", []):
            output.get("data", {}).pop(WIDGET_VIEW_MIME, None)


# Building lessons is not a learner's work: keep it out of the progress store.
os.environ.setdefault("JAXTOUR_PROGRESS", "off")
os.environ["JAXTOUR_VARIANT"] = (
    "0"  # notebooks ship variant 0: their outputs are the same on every build
)


def execute(
    notebook: nbformat.NotebookNode,
    timeout: int = 300,
    env: dict[str, str] | None = None,
    folder: Path = LESSONS,
    record_timing: bool = False,
) -> nbformat.NotebookNode:
    """Run every cell in a fresh kernel (whose environment is ``env``, if given) whose
    working folder is ``folder`` (the notebook's own). ``record_timing`` keeps each
    cell's start and end in its metadata (``cell_seconds`` reads them); the lessons are
    stored without."""
    client = NotebookClient(
        notebook,
        km=kernel_manager(),
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(folder)}},
        allow_errors=False,
        store_widget_state=False,
        record_timing=record_timing,
    )
    client.owns_km = True  # shut the kernel down at the end (a TPU admits one process)
    # Cells tagged raises-exception are meant to fail; nbclient honours that tag.
    for attempt in range(1, KERNEL_START_TRIES + 1):
        try:
            client.execute(**({"env": env} if env is not None else {}))
            return notebook
        except RuntimeError as exc:  # see kernel_started: nothing ran yet
            if KERNEL_LOST_AT_START not in str(exc) or attempt == KERNEL_START_TRIES:
                raise
            _forget_kernel(client)
    return notebook


# Run before each notebook that shares a kernel (execute_in_turn): IPython forgets every
# name, its history and its execution count (a new session, as after Restart), open figures
# are closed, and JAX's flags go back to what they were before the first notebook (the first
# run of this cell imports JAX, which starts no backend, and takes them down). Modules stay
# imported: that is what the sharing saves.
BETWEEN_NOTEBOOKS = """
import sys as _sys
import jax as _jax
_kept = _sys.modules.setdefault("_jaxtour_kernel_shared", type(_sys)("_jaxtour_kernel_shared"))
if not hasattr(_kept, "jax_flags"):
    _kept.jax_flags = dict(_jax.config.values)
for _name, _value in _kept.jax_flags.items():
    if _jax.config.values.get(_name, _value) != _value:
        _jax.config.update(_name, _value)
if "matplotlib.pyplot" in _sys.modules:
    _sys.modules["matplotlib.pyplot"].close("all")
get_ipython().reset(new_session=True)
"""


def execute_in_turn(
    notebooks: list[nbformat.NotebookNode],
    timeout: int = 300,
    env: dict[str, str] | None = None,
    folder: Path = LESSONS,
) -> list[nbformat.NotebookNode]:
    """Run each notebook's cells, one notebook after another, in one fresh kernel whose
    working folder is ``folder``: before each, ``BETWEEN_NOTEBOOKS`` (no name, history or
    JAX flag of an earlier notebook is left). Each notebook's own cells run as ``execute``
    runs them; one kernel start and one import of JAX serve them all."""
    client = NotebookClient(
        notebooks[0],
        km=kernel_manager(),
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(folder)}},
        allow_errors=False,
        store_widget_state=False,
    )
    client.owns_km = True  # shut the kernel down at the end
    between = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(BETWEEN_NOTEBOOKS)])
    with kernel_started(client, env):
        for notebook in notebooks:
            client.nb = between  # nbclient writes each cell run back into client.nb
            client.execute_cell(between.cells[0], 0, store_history=False)
            client.nb = notebook
            for index, cell in enumerate(notebook.cells):
                client.execute_cell(cell, index)
    return notebooks


# A last cell for a measuring run: the kernel's own peak resident memory, in KiB. VmHWM
# starts afresh at exec; ru_maxrss does not (Linux keeps it across execve, so a kernel
# forked from a big process would inherit its peak).
PEAK_RSS_CELL = """
def _peak_kib():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(_peak_kib())
"""


def cell_seconds(notebook: nbformat.NotebookNode) -> list[tuple[float, int, str]]:
    """(seconds, index, first line) of each cell an ``execute(..., record_timing=True)``
    ran, slowest first."""
    from datetime import datetime

    found = []
    for index, cell in enumerate(notebook.cells):
        timing = cell.get("metadata", {}).get("execution", {})
        began, ended = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
        if began and ended:
            seconds = (
                datetime.fromisoformat(ended) - datetime.fromisoformat(began)
            ).total_seconds()
            found.append((seconds, index, cell.source.strip().splitlines()[0][:60]))
    return sorted(found, reverse=True)


# A kernel for a machine that forbids TCP: ipykernel binds a TCP socket on 127.0.0.1 for
# the output of forked processes (IOPubThread's pipe) even when its channels use unix
# sockets, and libzmq aborts the kernel where that is refused (seen on a TPU VM). This
# launcher turns that pipe off; a forked process's own prints are then not shown.
IPC_KERNEL_LAUNCHER = """
from ipykernel import iostream

def _no_pipe(self):
    self._pipe_flag = False

iostream.IOPubThread._setup_pipe_in = _no_pipe

from ipykernel.kernelapp import launch_new_instance

launch_new_instance()
"""


def kernel_manager() -> AsyncKernelManager | None:
    """None (jupyter_client's default: a kernel reached through TCP ports on 127.0.0.1),
    or, where JAXTOUR_KERNEL_TRANSPORT=ipc, a kernel reached through unix sockets in a
    fresh folder, named by absolute paths, and opening no TCP socket itself: for a machine
    whose processes may open none, such as a sandboxed TPU VM (benchmarks/gpu_check.sh)."""
    if os.environ.get("JAXTOUR_KERNEL_TRANSPORT", "tcp") != "ipc":
        return None
    folder = Path(tempfile.mkdtemp(prefix="jaxtour-kernel-"))
    launcher = folder / "launch_kernel.py"
    launcher.write_text(IPC_KERNEL_LAUNCHER, encoding="utf-8")
    spec = folder / "kernels" / "python3"
    spec.mkdir(parents=True)
    argv = [sys.executable, str(launcher), "-f", "{connection_file}"]
    spec.joinpath("kernel.json").write_text(
        json.dumps({**KERNELSPEC, "argv": argv}), encoding="utf-8"
    )
    specs = KernelSpecManager(kernel_dirs=[str(folder / "kernels")], ensure_native_kernel=False)
    manager = AsyncKernelManager(
        kernel_name="python3",
        kernel_spec_manager=specs,
        transport="ipc",
        ip=str(folder / "kernel"),
        connection_file=str(folder / "kernel.json"),
    )
    manager.cache_ports = False  # else it probes for free TCP ports: TCP sockets again
    return manager


def _forget_kernel(client: NotebookClient) -> None:
    """Drop a kernel that died at start, so that the next setup starts a new one."""
    if client.km is not None:
        with contextlib.suppress(Exception):
            client.km.cleanup_resources()
    client.km, client.kc = kernel_manager(), None  # the same transport again


KERNEL_START_TRIES = 3
KERNEL_LOST_AT_START = "Kernel died before replying to kernel_info"


@contextlib.contextmanager
def kernel_started(client: NotebookClient, env: dict[str, str] | None) -> Iterator[None]:
    """``client.setup_kernel``, tried again when the kernel dies before it answers: a
    kernel binds the TCP ports jupyter_client picked for it, and another kernel starting
    at the same moment can take one first ("Address already in use"). Nothing has run
    yet then, so a new kernel on new ports changes nothing but the outcome."""
    kwargs = {"env": env} if env is not None else {}
    for attempt in range(1, KERNEL_START_TRIES + 1):
        context = client.setup_kernel(**kwargs)
        try:
            context.__enter__()
            break
        except RuntimeError as exc:
            if KERNEL_LOST_AT_START not in str(exc) or attempt == KERNEL_START_TRIES:
                raise
            _forget_kernel(client)
    try:
        yield
    finally:
        context.__exit__(None, None, None)


def solved(notebook: nbformat.NotebookNode) -> tuple[nbformat.NotebookNode, list[str]]:
    """The notebook with every exercise cell replaced by its solution, and the ids solved."""
    from jaxtour.exercises import all_exercises
    from jaxtour.grader.spec import shipped

    exercises, ids = all_exercises(), []
    for cell in notebook.cells:
        exercise_id = cell.get("metadata", {}).get("jaxtour", {}).get("exercise")
        if exercise_id:
            cell.source = shipped(exercises[exercise_id], exercises[exercise_id].solution)
            ids.append(exercise_id)
    return notebook, ids


def learner_path(
    notebook: nbformat.NotebookNode,
    timeout: int = 300,
    env: dict[str, str] | None = None,
    folder: Path = LESSONS,
) -> dict[str, str]:
    """Walk the learner's real path and say what each check reported at its end.

    In one kernel: run every cell top to bottom with the placeholders (Run All), then,
    exercise by exercise, replace the exercise cell with its solution and re-run only
    that cell and its check cell, as a learner solving in place does.
    """
    from jaxtour.exercises import all_exercises
    from jaxtour.grader.spec import shipped

    exercises = all_exercises()
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(folder)}},
        allow_errors=False,
        store_widget_state=False,
        record_timing=False,
    )
    with kernel_started(client, env):
        for index, cell in enumerate(notebook.cells):
            client.execute_cell(cell, index)
        client.allow_errors = True  # a failing solution shows in its check's status
        for index, cell in enumerate(notebook.cells):
            exercise_id = cell.get("metadata", {}).get("jaxtour", {}).get("exercise")
            if not exercise_id:
                continue
            cell.source = shipped(exercises[exercise_id], exercises[exercise_id].solution)
            client.execute_cell(cell, index)
            check_index = next(
                i
                for i in range(index + 1, len(notebook.cells))
                if notebook.cells[i].get("metadata", {}).get("jaxtour", {}).get("check")
                == exercise_id
            )
            client.execute_cell(notebook.cells[check_index], check_index)
    return reported_statuses(notebook)


def reported_statuses(notebook: nbformat.NotebookNode) -> dict[str, str]:
    """Exercise id -> the status its check cell reported, read from executed outputs."""
    from jaxtour.grader.feedback import FEEDBACK_MIME

    statuses = {}
    for cell in notebook.cells:
        check_id = cell.get("metadata", {}).get("jaxtour", {}).get("check")
        for output in cell.get("outputs", []) if check_id else []:
            if FEEDBACK_MIME in output.get("data", {}):
                statuses[check_id] = output["data"][FEEDBACK_MIME]["status"]
    return statuses


def build(source: Path) -> float:
    start = time.perf_counter()
    # every reveal runs (checks.reveal), so that .reveals/ holds what each shows once answered
    env = {**os.environ, "JAXTOUR_REVEALS": "open"}
    notebook = execute(notebook_from_source(source), env=env, folder=source.parent)
    strip_widget_views(notebook)
    held = hold_back_reveals(notebook)
    nbformat.write(notebook, source.with_suffix(".ipynb"))
    write_reveals(source.with_suffix(".ipynb"), held)
    return time.perf_counter() - start


def main(argv: list[str]) -> int:
    lang = "en"
    if argv[:1] == ["--lang"] and len(argv) > 1:
        lang, argv = argv[1], argv[2:]
    sources = lesson_sources(argv, lang)
    if not sources:
        print(f"no lesson sources match {argv} in {lessons_folder(lang)}", file=sys.stderr)
        return 1
    for source in sources:
        seconds = build(source)
        print(f"{source.with_suffix('.ipynb').name}: executed in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
