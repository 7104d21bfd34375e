"""The teacher's page for 30 students, one of them hostile, against the healthy page.

    PYTHONPATH=. .venv/bin/python -m benchmarks.classroom_hostile

Builds 30 students' stores (HEALTHY_CHECKS checks each, as jaxtour writes them), then
the same class with student s30's store replaced by a hostile one: a large store of valid
checks (LARGE_MB, as the issue's 45 MB), or a ``checks`` view that never finishes. Each
class is read in a fresh process, as the service reads it (``Classroom.rows_async`` with
the service's default limits, then ``table.page``), twice: the first page (every store
read) and the refresh 30 s later (every store unchanged: the cache), the mistake board
under the table included (a healthy student's failed checks name one of the exercise's
declared mistakes, as the grader records them). That process's
memory (RSS after the pages, and its peak, ru_maxrss; the service's modules, tornado
and JupyterHub's auth included, are imported first) stands for the service's. Side by
side in the same run: the read before issue 36 (``progress_store.read_other`` on each
store in turn, on the event loop), its pages stopped OLD_TIMEOUT_S after the child has
started (imports not counted). Writes the section
"Classroom page with a hostile store" of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import resource
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil

from jaxtour import catalog
from jaxtour.learner import progress_store

STUDENTS = [f"s{i}" for i in range(1, 31)]
HEALTHY_CHECKS = 300
LARGE_MB = 45
AT_LIMIT_CHECKS = 95_000
OLD_TIMEOUT_S = 30
# A child's start (Python, the service's imports) is not the page's time: on a machine
# shared with other work it took 20 s of wall time for 3 s of CPU, and a 30 s limit on the
# whole child then stopped even the healthy class. The child stops its own pages after
# OLD_TIMEOUT_S; the parent waits this much more for the child to start.
START_S = 300
RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
HEADING = "## Classroom page with a hostile store"
MIB = 1024 * 1024


def store_of(homes: Path, name: str) -> Path:
    return homes / name / ".local" / "share" / "jaxtour" / progress_store.STORE_NAME


def write_store(path: Path, checks: int, mistake: str | None = None, seed: int = 0) -> None:
    """``checks`` checks of random exercises, correct or not; each names ``mistake`` when
    it is given, else a failed one names one of its exercise's declared mistakes."""
    ids = [i for lesson in catalog.declared_exercise_ids().values() for i in lesson]
    declared = {i: list(m) for i, m in catalog.declared_mistakes().items()}
    pick = random.Random(seed)

    def one(n: int) -> tuple:
        exercise = pick.choice(ids)
        status = pick.choice(("correct", "incorrect"))
        named = mistake  # given: on every check (the large store's padding)
        if mistake is None and status == "incorrect":
            named = pick.choice(declared[exercise])
        return (1.7e9 + n, exercise, status, named)

    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        for statement in progress_store._SCHEMA:
            db.execute(statement)
        db.executemany(
            "INSERT INTO checks (at, exercise, status, mistake) VALUES (?, ?, ?, ?)",
            (one(n) for n in range(checks)),
        )


def hostile(kind: str, path: Path) -> None:
    path.unlink()
    if kind == "at the limit":  # just under the default row limit: read, then cached
        write_store(path, AT_LIMIT_CHECKS, seed=30)
    elif kind == "large":
        rows = LARGE_MB * MIB // 110  # about 110 bytes a check with this mistake text
        write_store(path, rows, mistake="x" * 64, seed=30)
    else:
        with contextlib.closing(sqlite3.connect(path)) as db, db:
            db.execute(
                "CREATE VIEW checks AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1"
                " FROM n) SELECT i AS id, i AS at, 'x' AS exercise, 'correct' AS status,"
                " 0 AS hints, 0 AS solution FROM n"
            )


def child(homes: Path, way: str) -> None:
    """One class read as the service reads it (``way``: "isolated" or "before"), twice."""
    from jaxtour.classroom import service, table  # the service's imports: its baseline

    del service
    ids = catalog.declared_exercise_ids()
    table.declared_mistakes()  # as make_app does, before the first page
    lessons = list(ids)
    room = table.Classroom(ids, lambda n: store_of(homes, n), lambda n: homes / n)
    base = psutil.Process().memory_info().rss / MIB

    def before() -> list[table.StudentRow]:
        rows = []
        for name in STUDENTS:
            try:
                done = progress_store.read_other(store_of(homes, name))
                rows.append(table.StudentRow(name, table.lesson_cells(ids, done)))  # no mistakes
            except progress_store.StoreProblem as problem:
                rows.append(table.StudentRow(name, None, str(problem)))
        return rows

    def stop() -> None:  # a page read still going (the view, before): the child ends
        print(json.dumps({"killed": True}), flush=True)
        os._exit(0)

    watchdog = threading.Timer(OLD_TIMEOUT_S, stop)
    watchdog.daemon = True
    watchdog.start()

    async def pages() -> list[float]:
        times, shown = [], []
        for page in range(2):
            if page and way == "isolated":  # the refresh, 30 s on: a read still going ends
                await asyncio.sleep(room.limits.seconds)
            start = time.perf_counter()
            rows = before() if way == "before" else await room.rows_async(STUDENTS)
            table.page(rows, lessons, "/", "student", False, 30, lines=room.board(rows))
            times.append(time.perf_counter() - start)
            shown.append(sum(r.lessons is not None for r in rows))
        print(json.dumps({"shown": shown}), flush=True)
        return times

    times = asyncio.run(pages())
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rss = psutil.Process().memory_info().rss / MIB
    print(json.dumps({"times": times, "base": base, "rss": rss, "peak": peak}), flush=True)
    os._exit(0)  # a hung read's thread (none expected) would keep the process


def measure(homes: Path, way: str) -> dict:
    try:
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks.classroom_hostile", "--child", str(homes), way],
            capture_output=True,
            text=True,
            timeout=OLD_TIMEOUT_S + START_S,
            check=True,
            env={**os.environ, "PYTHONPATH": str(RESULTS.parent.parent)},
        )
    except subprocess.TimeoutExpired:
        return {}
    said = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    if any("killed" in line for line in said):
        return {}
    return {**said[0], **said[1]}


def main() -> int:
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        homes = Path(tmp) / "home"
        for i, name in enumerate(STUDENTS):
            write_store(store_of(homes, name), HEALTHY_CHECKS, seed=i)
        for kind in ("healthy", "at the limit", "large", "view"):
            if kind != "healthy":
                hostile(kind, store_of(homes, STUDENTS[-1]))
            for way in ("isolated", "before"):
                results.append((kind, way, measure(homes, way)))
                print(kind, way, results[-1][2], file=sys.stderr)
    lines = [
        HEADING,
        "",
        f"`PYTHONPATH=. .venv/bin/python -m benchmarks.classroom_hostile` on "
        f"{time.strftime('%Y-%m-%d', time.gmtime())} ({psutil.cpu_count()} cores, "
        f"{psutil.virtual_memory().total / 1024**3:.1f} GiB, shared with other work): "
        f"{len(STUDENTS)} students, {HEALTHY_CHECKS} checks each; the hostile class has "
        f"s30's store replaced by {AT_LIMIT_CHECKS} valid checks (at the limit: "
        f"under the default 100,000), {LARGE_MB} MB of valid checks (large) or a "
        "`checks` view that never finishes (view). Each class read in a fresh process, "
        "twice (the first page, then the refresh with every store unchanged, after the "
        "reads still going have ended); *isolated* is the service now "
        "(`Classroom.rows_async`, default limits), *before* is `read_other` on each "
        f"store in turn (issue 36), stopped after {OLD_TIMEOUT_S} s. Memory: the process's "
        "RSS after the pages (the service's imports alone in brackets) and its peak.",
        "",
        "| class | read | rows shown (first/refresh) | first page s | refresh s | RSS MiB "
        "| peak MiB |",
        "|---|---|---|---|---|---|---|",
    ]
    for kind, way, got in results:
        if not got:
            lines.append(f"| {kind} | {way} | | over {OLD_TIMEOUT_S} s (killed) | | | |")
            continue
        first, again = got["times"]
        lines.append(
            f"| {kind} | {way} | {'/'.join(map(str, got['shown']))} | {first:.3f} | {again:.3f} "
            f"| {got['rss']:.0f} ({got['base']:.0f}) | {got['peak']:.0f} |"
        )
    section = "\n".join(lines) + "\n"
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


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(Path(sys.argv[2]), sys.argv[3])
    sys.exit(main())
