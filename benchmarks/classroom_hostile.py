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
started (imports not counted). And *service*: the real service (``python -m
jaxtour.classroom``, as the hub starts it, beside a stand-in hub API that lists the class
and knows the teacher's token), its page fetched over HTTP as the teacher's browser does
(first, then the refresh once every read has had its time limit), its own memory (RSS
and peak, VmHWM). One more hostile class puts the never-ending view first in the class
(s1: its read starts first and holds a worker). The machine (CPU model, cores, memory)
and its load (1-minute average at the start and the end) are written with the figures.
Writes the section "Classroom page with a hostile store" of benchmarks/RESULTS.md: its
first paragraph and table (the text after them, earlier runs, stays).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import resource
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import psutil

from jaxtour import catalog
from jaxtour.learner import progress_store

STUDENTS = [f"s{i}" for i in range(1, 31)]
HEALTHY_CHECKS = 300
LARGE_MB = 45
AT_LIMIT_CHECKS = 95_000
OLD_TIMEOUT_S = 30
WAYS = ("isolated", "service", "before")
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


NAME = "jaxtour-classroom"
PREFIX = f"/services/{NAME}/"
TEACHER_TOKEN = "the-teachers-token"
SERVICE_TOKEN = "the-services-token"


class _Hub(BaseHTTPRequestHandler):
    """The two hub API calls the service makes: who is this token, who is in the class."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        token = self.headers.get("Authorization", "")
        if self.path.startswith("/hub/api/users") and token == f"token {SERVICE_TOKEN}":
            items = [{"name": n, "groups": []} for n in STUDENTS]
            items.append({"name": "teacher", "groups": ["teachers"]})
            body = {"items": items, "_pagination": {"next": None}}
        elif self.path == "/hub/api/user" and token == f"token {TEACHER_TOKEN}":
            body = {
                "kind": "user",
                "name": "teacher",
                "groups": ["teachers"],
                "scopes": [f"access:services!service={NAME}"],
            }
        else:
            self.send_error(403)
            return
        data = json.dumps(body).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args) -> None:
        pass


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def measure_service(homes: Path) -> dict:
    """The real service's page for the class, over HTTP, and the service's memory."""
    from jaxtour.classroom import reader

    hub = ThreadingHTTPServer(("127.0.0.1", 0), _Hub)
    threading.Thread(target=hub.serve_forever, daemon=True).start()
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": str(RESULTS.parent.parent),
        "JUPYTERHUB_SERVICE_NAME": NAME,
        "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
        "JUPYTERHUB_SERVICE_PREFIX": PREFIX,
        "JUPYTERHUB_API_URL": f"http://127.0.0.1:{hub.server_port}/hub/api",
        "JUPYTERHUB_API_TOKEN": SERVICE_TOKEN,
        "NO_PROXY": "127.0.0.1",
    }
    store = str(homes) + "/{username}/.local/share/jaxtour/progress.sqlite3"
    service = subprocess.Popen(
        [sys.executable, "-m", "jaxtour.classroom", "--store", store],
        env=env,
        cwd=homes.parent,
        stderr=subprocess.DEVNULL,
    )
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    page = urllib.request.Request(
        f"http://127.0.0.1:{port}{PREFIX}", headers={"Authorization": f"token {TEACHER_TOKEN}"}
    )
    try:
        deadline = time.monotonic() + START_S
        while True:  # listening (its start is not the page's time)
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if service.poll() is not None or time.monotonic() > deadline:
                return {}
            time.sleep(0.1)
        me = psutil.Process(service.pid)
        base = me.memory_info().rss / MIB
        times, shown = [], []
        for refresh in range(2):
            if refresh:  # the refresh, once every read still going has had its limit
                time.sleep(reader.Limits().seconds + 0.5)
            start = time.perf_counter()
            with opener.open(page, timeout=OLD_TIMEOUT_S) as reply:
                text = reply.read().decode()
            times.append(time.perf_counter() - start)
            shown.append(text.count('<td class="student">') - text.count('<td class="nodata"'))
        rss = me.memory_info().rss / MIB
        status = Path(f"/proc/{service.pid}/status").read_text()
        peak = int(status.split("VmHWM:")[1].split()[0]) / 1024
        return {"times": times, "shown": shown, "base": base, "rss": rss, "peak": peak}
    finally:
        service.send_signal(signal.SIGINT)
        try:
            service.wait(30)
        except subprocess.TimeoutExpired:
            service.kill()
        hub.shutdown()


def measure(homes: Path, way: str) -> dict:
    if way == "service":
        return measure_service(homes)
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


def machine() -> str:
    model = "an unknown CPU"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{model}, {psutil.cpu_count()} cores, {psutil.virtual_memory().total / 1024**3:.1f} GiB"


# each class: (the hostile student, what their store is); the healthy class has none
CLASSES = [
    ("healthy", None, None),
    ("at the limit", STUDENTS[-1], "at the limit"),
    ("large", STUDENTS[-1], "large"),
    ("view", STUDENTS[-1], "view"),
    ("view, first", STUDENTS[0], "view"),
]


def main() -> int:
    results = []
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as tmp:
        homes = Path(tmp) / "home"
        for i, name in enumerate(STUDENTS):
            write_store(store_of(homes, name), HEALTHY_CHECKS, seed=i)
        for kind, student, store in CLASSES:
            for i in (0, len(STUDENTS) - 1):  # s1 and s30 healthy again, then the hostile
                store_of(homes, STUDENTS[i]).unlink()
                write_store(store_of(homes, STUDENTS[i]), HEALTHY_CHECKS, seed=i)
            if student is not None:
                hostile(store, store_of(homes, student))
            ways = ("isolated", "service") if kind == "view, first" else WAYS
            for way in ways:
                results.append((kind, way, measure(homes, way)))
                print(kind, way, results[-1][2], file=sys.stderr)
    loads.append(os.getloadavg()[0])
    lines = [
        HEADING,
        "",
        f"`PYTHONPATH=. .venv/bin/python -m benchmarks.classroom_hostile` on "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} ({machine()}, shared with "
        f"other work: load {loads[0]:.1f} at the start, {loads[1]:.1f} at the end): "
        f"{len(STUDENTS)} students, {HEALTHY_CHECKS} checks each; the hostile class has "
        f"s30's store replaced by {AT_LIMIT_CHECKS} valid checks (at the limit: "
        f"under the default 100,000), {LARGE_MB} MB of valid checks (large) or a "
        "`checks` view that never finishes (view). Each class read in a fresh process, "
        "twice (the first page, then the refresh with every store unchanged, after the "
        "reads still going have ended); *isolated* is the service now "
        "(`Classroom.rows_async`, default limits), *before* is `read_other` on each "
        f"store in turn (issue 36), stopped after {OLD_TIMEOUT_S} s; *service* is the real "
        "service over HTTP beside a stand-in hub API (its page as the teacher's browser "
        "gets it; the refresh once every read has had its 5 s limit). *view, first*: the "
        "view is s1's, the first store read. Memory: the process's RSS after the pages "
        "(before the first page in brackets: the service's imports) and its peak.",
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
    # the heading, its paragraph and its table: what follows (a reading, earlier runs) stays
    pattern = re.compile(re.escape(HEADING) + r"\n\n[^\n]*\n\n(?:\|[^\n]*\n?)+")
    text = (
        pattern.sub(lambda _: section, text, count=1)
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
