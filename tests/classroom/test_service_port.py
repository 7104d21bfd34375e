"""Fault injection at the classroom service's own port: one student never takes the page down.

The service runs on the hub's machine, where the students' kernels run too: any of them
can connect to its port, and hold a connection, or send a request, without a login. Here
the service runs as the hub runs it (``python -m jaxtour.classroom``, the hub's
environment variables), with its limit on open files at the usual 1024, beside a
stand-in hub API in a thread (the teacher's token, the class's user list); three healthy
students have stores. Each case does what one student's kernel could, then ends with the
teacher's CSV (the healthy students' rows as recorded), the service's memory, one log
line per hostile student, nothing written in the students' folders, and the processes
(the service stops at SIGINT, as the hub stops it, and leaves none).
"""

from __future__ import annotations

import csv
import io
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.classroom.test_hostile_stores import EXPECTED, HEALTHY, _files, make_store, store_of
from tests.helpers import ROOT

pytest.importorskip("jupyterhub")

NAME = "jaxtour-classroom"
PREFIX = f"/services/{NAME}/"
TEACHER_TOKEN = "the-teachers-token"
SERVICE_TOKEN = "the-services-token"
STOP_S = 10.0  # the hub waits 30 s after SIGINT; the service needs far less
PAGE_S = 3.0  # the teacher's CSV, answered within (a loaded 2-core machine included)


class _Hub(BaseHTTPRequestHandler):
    """The two hub API calls the service makes: who is this token, who is in the class."""

    users: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        token = self.headers.get("Authorization", "")
        if self.path.startswith("/hub/api/users") and token == f"token {SERVICE_TOKEN}":
            items = [{"name": n, "groups": []} for n in self.users]
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
        data = json.dumps(body).encode()  # ensure_ascii: a NUL or a surrogate as \\u escapes
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


class Service:
    def __init__(self, tmp_path: Path, users: list[str]) -> None:
        self.homes = tmp_path / "home"
        for name, rows in HEALTHY.items():
            make_store(store_of(self.homes, name), rows)
        handler = type("Hub", (_Hub,), {"users": users})
        self.hub = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.hub.serve_forever, daemon=True).start()
        self.port = _free_port()
        self.log = tmp_path / "service.log"
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "JUPYTERHUB_SERVICE_NAME": NAME,
            "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{self.port}",
            "JUPYTERHUB_SERVICE_PREFIX": PREFIX,
            "JUPYTERHUB_API_URL": f"http://127.0.0.1:{self.hub.server_port}/hub/api",
            "JUPYTERHUB_API_TOKEN": SERVICE_TOKEN,
            "NO_PROXY": "127.0.0.1",
        }
        for variable in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY"):
            env.pop(variable, None)
        store = str(self.homes) + "/{username}/.local/share/jaxtour/progress.sqlite3"
        # the usual soft limit on open files (a shell's, systemd's), set before the exec
        usual = (
            "import os, resource, sys\n"
            "hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]\n"
            "resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))\n"
            "os.execv(sys.executable, [sys.executable, '-m', 'jaxtour.classroom', *sys.argv[1:]])"
        )
        with self.log.open("w") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-c", usual, "--store", store],
                env=env,
                cwd=tmp_path,
                stderr=out,
            )
        deadline = time.monotonic() + 60
        while self.process.poll() is None and time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    break
            time.sleep(0.1)
        else:
            pytest.fail(f"the service did not listen:\n{self.log.read_text()[-3000:]}")
        self.files = _files(self.homes)

    def rss_mib(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(status.split("VmRSS:")[1].split()[0]) / 1024

    def csv_rows(self) -> tuple[dict[str, dict], float]:
        """The teacher's CSV (fetched twice: the page refreshes), and the seconds the
        second took."""
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{PREFIX}classroom.csv",
            headers={"Authorization": f"token {TEACHER_TOKEN}"},
        )
        for _ in range(2):
            start = time.monotonic()
            with opener.open(request, timeout=PAGE_S * 10) as reply:
                assert reply.status == 200
                text = reply.read().decode()
            took = time.monotonic() - start
        return {r["student"]: r for r in csv.DictReader(io.StringIO(text))}, took

    def counted(self, hostile: list[str]) -> None:
        """The healthy rows as recorded, each hostile student 'no data' and said once,
        nothing written in the students' folders."""
        rows, took = self.csv_rows()
        assert took < PAGE_S, took
        for name, (passed, stuck, attempted) in EXPECTED.items():
            row = rows[name]
            tried = sum(int(v) for k, v in row.items() if k.endswith(":attempted"))
            assert (int(row["passed"]), int(row["stuck"]), tried) == (passed, stuck, attempted)
        assert len(rows) == len(EXPECTED) + len(hostile), sorted(rows)
        others = [r for name, r in rows.items() if name not in EXPECTED]
        assert [r["data"] for r in others] == ["no data"] * len(hostile)
        said = [line for line in self.log.read_text().splitlines() if "no data for" in line]
        assert len(said) == len(hostile), said
        assert _files(self.homes) == self.files

    def stop(self) -> list[int]:
        """SIGINT, as the hub stops it: the processes left (none), after at most STOP_S."""
        import psutil

        children = psutil.Process(self.process.pid).children(recursive=True)
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=STOP_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            pytest.fail(f"the service did not stop within {STOP_S} s of SIGINT")
        finally:
            self.hub.shutdown()
        return [p.pid for p in children if p.is_running()]


@pytest.fixture
def service(tmp_path, request):
    users = getattr(request, "param", [])
    running = Service(tmp_path, [*EXPECTED, *users])
    try:
        yield running
    finally:
        if running.process.poll() is None:
            running.process.kill()


def test_connections_held_by_one_kernel_keep_no_teacher_out(service):
    need = 1100  # past the usual 1024 open files
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < need + 200:
        pytest.skip(f"this process may open {hard} files, fewer than {need + 200}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, need + 200), hard))
    held = []
    try:
        for _ in range(need):
            held.append(socket.create_connection(("127.0.0.1", service.port), timeout=5))
        service.counted(hostile=[])
        assert service.stop() == []  # the hub stops it while the connections are held
    finally:
        for sock in held:
            sock.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_request_bodies_that_never_end_do_not_grow_the_service(service):
    before = service.rss_mib()
    size, chunk = 90 * 2**20, b"x" * 2**20
    socks = []

    def send() -> None:  # a body announced as 90 MB, sent but its last MiB
        sock = socket.create_connection(("127.0.0.1", service.port), timeout=30)
        socks.append(sock)
        sock.sendall(
            f"POST {PREFIX} HTTP/1.1\r\nHost: x\r\nContent-Length: {size}\r\n\r\n".encode()
        )
        try:
            for _ in range(size // len(chunk) - 1):
                sock.sendall(chunk)
        except OSError:  # refused: the connection closed by the service
            pass

    senders = [threading.Thread(target=send) for _ in range(4)]
    for sender in senders:
        sender.start()
    for sender in senders:
        sender.join(60)
    grown = service.rss_mib() - before
    service.counted(hostile=[])
    for sock in socks:
        sock.close()
    assert grown < 40, f"the service grew by {grown:.0f} MiB"  # was 356 MiB: 4 bodies held
    assert service.stop() == []


@pytest.mark.parametrize(
    "service", [["mal\x00", "mal\ud800", "mal\n[E] no data for ada: forged"]], indirect=True
)
def test_hub_user_names_no_path_or_reply_can_carry_are_no_data_for_them_only(service):
    service.counted(hostile=["mal\x00", "mal\ud800", "mal\n"])
    assert service.stop() == []
