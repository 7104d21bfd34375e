"""Memory to plan for a class on JupyterHub: the hub's own overhead, and per student one
single-user server plus one lesson kernel after Run All of the heaviest lesson (02).

    PYTHONPATH=. .venv/bin/python -m benchmarks.classroom_memory

Starts the hub the classroom test starts (the example classroom/jupyterhub_config.py,
Python proxy, simple local spawner; tests/paths/test_classroom_hub.py), measures every
process of its tree with psutil (RSS, and USS: the memory that process alone holds),
starts STUDENTS servers, runs every code cell of each one's copy of lesson 02 in a fresh
kernel over the kernel websocket, as Run All does, and measures again. Writes the section
"Classroom on JupyterHub" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path

import nbformat
import psutil

from jaxtour import catalog
from tests.paths.test_classroom_hub import run_in_kernel, running_hub, start_servers

STUDENTS = ("s1", "s2")
HEAVIEST = "02"  # benchmarks/RESULTS.md, "Lesson budget": the largest kernel
RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
HEADING = "## Classroom on JupyterHub"
MIB = 1024 * 1024
PEAK = "import resource\nresource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024"  # MiB


def _fail(message: str):
    raise RuntimeError(message)


def _role(process: psutil.Process) -> str:
    line = " ".join(process.cmdline())
    if "ipykernel" in line:
        return "kernel"
    if "jupyterhub-singleuser" in line or "jaxtour.classroom.singleuser" in line:
        return "server"
    if "configurable-http-proxy" in line:
        return "proxy"
    if "jaxtour.classroom" in line:
        return "classroom service"
    if "idle_culler" in line:
        return "idle culler"
    return "hub" if "jupyterhub" in line else "other"


def measure(hub_pid: int) -> list[tuple[str, int, float, float]]:
    """(role, pid, RSS MiB, USS MiB) of the hub and everything under it."""
    hub = psutil.Process(hub_pid)
    rows = []
    for process in [hub, *hub.children(recursive=True)]:
        try:
            info = process.memory_full_info()
            rows.append((_role(process), process.pid, info.rss / MIB, info.uss / MIB))
        except psutil.NoSuchProcess:
            continue
    return rows


def total(rows, roles) -> tuple[float, float]:
    chosen = [r for r in rows if r[0] in roles]
    return sum(r[2] for r in chosen), sum(r[3] for r in chosen)


def lesson_cells(home: Path) -> list[str]:
    lesson = catalog.find(HEAVIEST)
    notebook = nbformat.read(home / "jaxtour-lessons" / lesson.notebook, as_version=4)
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def main() -> int:
    overhead = ("hub", "proxy", "classroom service", "idle culler")
    with tempfile.TemporaryDirectory() as tmp:
        with running_hub(Path(tmp), fail=_fail) as (base, homes, log, process):
            time.sleep(5)  # the services settle
            idle = measure(process.pid)
            start = time.perf_counter()
            start_servers(base, STUDENTS, log, fail=_fail)
            spawn_s = time.perf_counter() - start
            servers_only = measure(process.pid)
            runs, peaks = [], []
            for student in STUDENTS:
                cells = lesson_cells(homes / student)
                start = time.perf_counter()
                said = run_in_kernel(base, student, [*cells, PEAK], setup="")
                runs.append(time.perf_counter() - start)
                peaks.append(int(said[-1]))
            after = measure(process.pid)
            students = _student_pids(after)
    lines = [
        HEADING,
        "",
        f"`PYTHONPATH=. .venv/bin/python -m benchmarks.classroom_memory` on "
        f"{time.strftime('%Y-%m-%d', time.gmtime())} ({psutil.cpu_count()} cores, "
        f"{psutil.virtual_memory().total / 1024**3:.1f} GiB): the example "
        "`classroom/jupyterhub_config.py` with the simple local spawner, "
        f"{len(STUDENTS)} students, each running every code cell of lesson {HEAVIEST} "
        "(the heaviest kernel) in a fresh kernel, as Run All does. RSS counts shared "
        "libraries in every process; USS is what the process alone holds (what one more "
        "student adds, on one machine).",
        "",
        "| what | processes | RSS MiB | USS MiB |",
        "|---|---|---|---|",
    ]
    for label, rows, roles in [
        ("hub overhead, no student", idle, overhead),
        (f"hub overhead, {len(STUDENTS)} students running", after, overhead),
    ]:
        rss, uss = total(rows, roles)
        count = len([r for r in rows if r[0] in roles])
        lines.append(f"| {label} | {count} | {rss:.0f} | {uss:.0f} |")
    for role, rows in [("server", servers_only), ("server", after), ("kernel", after)]:
        chosen = [r for r in rows if r[0] == role]
        when = "idle, no kernel" if rows is servers_only else f"after Run All of {HEAVIEST}"
        rss = max(r[2] for r in chosen)
        uss = max(r[3] for r in chosen)
        lines.append(f"| one student's {role}, {when} (largest) | 1 | {rss:.0f} | {uss:.0f} |")
    per_rss = max(
        sum(r[2] for r in after if r[0] in ("server", "kernel") and r[1] in pids)
        for pids in students
    )
    per_uss = max(
        sum(r[3] for r in after if r[0] in ("server", "kernel") and r[1] in pids)
        for pids in students
    )
    server_rss = max(r[2] for r in after if r[0] == "server")
    lines += [
        f"| **per student: server + lesson {HEAVIEST} kernel** (largest) | 2 | "
        f"**{per_rss:.0f}** | **{per_uss:.0f}** |",
        f"| the kernel's peak during Run All (ru_maxrss, largest) | 1 | {max(peaks)} | |",
        f"| **per student at the kernel's peak: server + kernel peak** | 2 | "
        f"**{server_rss + max(peaks):.0f}** | |",
        "",
        f"{len(STUDENTS)} servers started together through the REST API in {spawn_s:.1f} s; "
        f"Run All of lesson {HEAVIEST} took " + ", ".join(f"{s:.1f} s" for s in runs) + ".",
        "",
    ]
    section = "\n".join(lines)
    text = RESULTS.read_text()
    pattern = re.compile(re.escape(HEADING) + r"\n.*?(?=\n## |\Z)", re.S)
    text = (
        pattern.sub(section.rstrip("\n"), text)
        if HEADING in text
        else text.rstrip() + "\n\n" + section
    )
    RESULTS.write_text(text.rstrip("\n") + "\n")
    print(section)
    return 0


def _student_pids(rows) -> list[set[int]]:
    """Each server's pid with its kernels' pids."""
    groups = []
    for role, pid, _, _ in rows:
        if role == "server":
            kids = {k.pid for k in psutil.Process(pid).children(recursive=True)}
            groups.append({pid} | kids)
    return groups


if __name__ == "__main__":
    sys.exit(main())
