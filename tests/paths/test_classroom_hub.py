"""A class on a real JupyterHub: three students check exercises, their teacher sees it.

Starts JupyterHub (its Python proxy, no Node) with the example
``classroom/jupyterhub_config.py`` loaded and, for the test only, the dummy
authenticator, the simple local spawner (homes under the test's tmp dir) and an admin
token. Starts the students' servers through the REST API (which copies the lessons in),
runs checks in each student's kernel over the kernel websocket, then, as the teacher in
headless Chromium, reads the classroom page, its mistake board (a stuck student's name
one click from their row) and both CSVs; a student is refused all of them.
The screenshot is saved in the test's tmp dir (and artifacts/classroom/).

Needs the extra ``jaxtour[classroom]``, which `make test` installs with the test tools:
skipped where it or Chromium is missing, a failure in CI (CI=true).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

from jaxtour import catalog
from tests.helpers import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.browser]

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
EXAMPLE = ROOT / "classroom" / "jupyterhub_config.py"
ARTIFACTS = ROOT / "artifacts" / "classroom"
BIN = Path(sys.executable).parent
ADMIN_TOKEN = uuid.uuid4().hex
TEACHER = "teacher"
# What each student does in their kernel: (code, the check's expected status) in order.
WRONG = "checks.check('00.first_array', [1.0, 2.0, 3.0]).status"  # a list: python-list
NUMPY = "checks.check('00.first_array', np.array([1.0, 2.0, 3.0])).status"  # numpy-array
RIGHT = "checks.check('00.first_array', jnp.array([1.0, 2.0, 3.0])).status"
HINT = "checks.hint('00.first_array', 1).heading"
STUDENTS = {
    "ada": [(NUMPY, "incorrect"), (RIGHT, "correct")],  # a NumPy array, then right
    "ben": [(WRONG, "incorrect")] * 3,  # wrong three times: stuck
    "cy": [(WRONG, "incorrect"), (HINT, "Hint 1 of 3 for 00.first_array"), (RIGHT, "correct")],
}
# A clean stop: JupyterHub waits up to 30 s for one process after SIGINT (then SIGTERM,
# 30 s more); a hub whose services, proxy and servers all go at the first signal exits
# well within that.
STOP_S = 30
LESSON = catalog.LESSONS[0].stem  # 00_welcome: one exercise
STORE = Path(".local", "share", "jaxtour", "progress.sqlite3")  # in a student's home


def _store_folders(homes: Path) -> dict[Path, int]:
    """Every entry in every student's store folder, and its modification time."""
    return {p: p.lstat().st_mtime_ns for p in homes.glob(f"*/{STORE.parent}/*")}


def _hostile_stores(homes: Path) -> dict[str, str]:
    """Students with a hostile store (no server of theirs needed): name -> what the page
    shows for them."""
    import sqlite3

    made = {}
    for name in ("mal-view", "mal-text", "mal-link", "mal-fifo", "mal-large", "mal-journal"):
        (homes / name / STORE).parent.mkdir(parents=True)
    with contextlib.closing(sqlite3.connect(homes / "mal-view" / STORE)) as db, db:
        db.execute(
            "CREATE VIEW checks AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1"
            " FROM n) SELECT i AS id, i AS at, 'x' AS exercise, 'correct' AS status FROM n"
        )
    made["mal-view"] = "no data"
    with contextlib.closing(sqlite3.connect(homes / "mal-text" / STORE)) as db, db:
        db.execute("CREATE TABLE checks (id INTEGER PRIMARY KEY, at, exercise, status, hints)")
        db.execute("INSERT INTO checks VALUES (1, 1, '00.first_array', 'correct', 'lots')")
    made["mal-text"] = "no data"
    (homes / "mal-link" / STORE).symlink_to(homes / "ada" / STORE)  # ada's progress
    made["mal-link"] = "no data"
    os.mkfifo(homes / "mal-fifo" / STORE)
    made["mal-fifo"] = "no data"
    # a folder on the way linked to ada's folder (the store's own name is no link)
    (homes / "mal-dirlink" / STORE.parent.parent).mkdir(parents=True)
    (homes / "mal-dirlink" / STORE.parent).symlink_to(homes / "ada" / STORE.parent)
    made["mal-dirlink"] = "no data"
    for name in ("mal-large", "mal-journal"):  # each a right check, as a store holds it
        with contextlib.closing(sqlite3.connect(homes / name / STORE)) as db, db:
            db.execute("CREATE TABLE checks (id INTEGER PRIMARY KEY, at, exercise, status)")
            db.execute("INSERT INTO checks VALUES (1, 1, '00.first_array', 'correct')")
    with open(homes / "mal-large" / STORE, "r+b") as f:
        f.truncate(1 << 26)  # 64 MiB apparent, over the service's 32 MB, a few KB on disk
    made["mal-large"] = "too large"
    journal = homes / "mal-journal" / f"{STORE}-journal"  # a hot journal: a write unfinished
    journal.write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7" + bytes(504))
    made["mal-journal"] = "no data"
    return made


SETUP = "from jaxtour import checks\nimport jax.numpy as jnp\nimport numpy as np\n"


def _unavailable(reason: str):
    if IN_CI:
        pytest.fail(f"the classroom hub test cannot run in CI: {reason}")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _api(base: str, method: str, path: str, body: dict | None = None) -> dict | None:
    request = urllib.request.Request(
        f"{base}/hub/api{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"token {ADMIN_TOKEN}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as reply:
        text = reply.read()
    return json.loads(text) if text else None


def _wait(condition, what: str, timeout: float, log: Path, fail=pytest.fail):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.5)
    fail(f"{what} within {timeout:.0f} s; the hub's log:\n{log.read_text()[-6000:]}")


@contextlib.contextmanager
def running_hub(tmp_path: Path, fail=pytest.fail):
    """JupyterHub on a free port with the example config (plus the test's authenticator,
    spawner and admin token): yields (base URL, the students' homes, its log, process)."""
    port = _free_port()
    homes = tmp_path / "home"
    homes.mkdir()
    config = tmp_path / "jupyterhub_config.py"
    config.write_text(
        f"""
load_subconfig({str(EXAMPLE)!r})
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = "classroom"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {str(homes)!r} + "/{{username}}"
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_port = {_free_port()}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{_free_port()}"
c.ConfigurableHTTPProxy.command = [{str(BIN / "configurable-http-proxy")!r}]
c.JupyterHub.db_url = "sqlite:///" + {str(tmp_path / "hub.sqlite")!r}
c.JupyterHub.cookie_secret_file = {str(tmp_path / "cookie_secret")!r}
c.JupyterHub.pid_file = {str(tmp_path / "hub.pid")!r}
c.JupyterHub.services.append({{"name": "test-admin", "api_token": {ADMIN_TOKEN!r}}})
c.JupyterHub.load_roles.append({{"name": "test-admin", "services": ["test-admin"],
    "scopes": ["admin:users", "admin:servers", "access:servers", "list:users"]}})
c.JupyterHub.load_groups["teachers"]["users"] = [{TEACHER!r}]
if {os.geteuid() == 0!r}:  # CI runs as root; the spawner runs servers as the hub's user
    c.Spawner.args.append("--allow-root")
"""
    )
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "JAXTOUR_CLASSROOM_STORE": f"{homes}/{{username}}/.local/share/jaxtour/progress.sqlite3",
        "JAXTOUR_CLASSROOM_PORT": str(_free_port()),
        "JAX_PLATFORMS": "cpu",
    }
    # The service runs as the hub's user here (homes under the test's tmp dir, which no
    # other user can pass through), even where jaxtour-classroom exists:
    # test_classroom_least_privilege.py runs it as that user.
    env["JAXTOUR_CLASSROOM_USER"] = "no-such-user-in-this-test"
    env.pop("JAXTOUR_DATA_DIR", None)  # the students' stores are in their homes
    env.pop("XDG_DATA_HOME", None)
    log = tmp_path / "hub.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)],
            cwd=tmp_path,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"

    def up() -> bool:
        if process.poll() is not None:
            fail(f"JupyterHub exited ({process.returncode}):\n{log.read_text()[-6000:]}")
        try:
            return _api(base, "GET", "/") is not None
        except OSError:
            return False

    try:
        _wait(up, "JupyterHub did not answer", 90, log, fail)
        yield base, homes, log, process
    finally:
        # SIGTERM stops the students' servers, their kernels, the services and the proxy
        took, left = stop_hub(process, signal.SIGTERM, log)
    if took >= STOP_S or left:  # after the test's own failure, if any: this one is second
        fail(f"the hub took {took:.1f} s to stop at SIGTERM and left {left}")


def hub_tree(pid: int) -> list:
    """The hub and every process under it: proxy, services, servers, their kernels."""
    import psutil

    try:
        top = psutil.Process(pid)
    except psutil.NoSuchProcess:  # the hub has already gone
        return []
    for _ in range(5):
        try:
            return [top, *top.children(recursive=True)]
        except psutil.NoSuchProcess:  # a child exited while it was being listed
            continue
    return [top]


def _alive(process) -> bool:
    import psutil

    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def left_of(tree: list, grace: float = 5.0) -> list[str]:
    """The processes of ``tree`` still alive after at most ``grace`` seconds (the proxy is
    sent SIGTERM and not waited for), described; then killed, so nothing leaks."""
    import psutil

    deadline = time.monotonic() + grace
    while any(map(_alive, tree)) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = []
    for process in filter(_alive, tree):
        with contextlib.suppress(psutil.Error):
            left.append(f"{process.pid} {process.username()}: {' '.join(process.cmdline())[:160]}")
            process.kill()
    return left


def stop_hub(process: subprocess.Popen, sig: int, log: Path) -> tuple[float, list[str]]:
    """Send ``sig`` to the hub as a teacher would (Ctrl-C, `kill`, systemd's stop): the
    seconds it took to exit (at most ``STOP_S``: a hub still running then is killed with
    its whole tree, and the time is ``inf``) and the processes of its tree left behind."""
    tree = hub_tree(process.pid)
    start = time.monotonic()
    process.send_signal(sig)
    try:
        process.wait(timeout=STOP_S)
        took = time.monotonic() - start
    except subprocess.TimeoutExpired:
        took = float("inf")
        print(f"the hub did not exit within {STOP_S} s of {signal.Signals(sig).name}:")
        print(log.read_text()[-4000:])
    return took, left_of(tree)


def start_servers(base: str, users, log: Path, fail=pytest.fail) -> None:
    """Create ``users`` and start their servers through the REST API, all at once."""
    for user in users:
        try:
            _api(base, "POST", f"/users/{user}")
        except urllib.error.HTTPError as error:
            if error.code != 409:  # 409: the hub has them already (allowed_users)
                raise
        _api(base, "POST", f"/users/{user}/server")

    def ready(user: str) -> bool:
        model = _api(base, "GET", f"/users/{user}")
        return bool(model["servers"].get("", {}).get("ready"))

    for user in users:
        _wait(lambda u=user: ready(u), f"{user}'s server was not ready", 180, log, fail)


@pytest.fixture
def hub(tmp_path):
    try:
        import jupyterhub  # noqa: F401
        import jupyterhub_idle_culler  # noqa: F401
    except ImportError as error:
        _unavailable(f"{error.name} is missing: install the extra, pip install -e '.[classroom]'")
    if not (BIN / "configurable-http-proxy").exists():
        _unavailable(f"configurable-http-proxy is not in {BIN}")
    if not Path(CHROMIUM).exists():
        _unavailable(f"Chromium is not installed (looked for {CHROMIUM})")
    with running_hub(tmp_path) as (base, homes, log, _):
        yield base, homes, log


def run_in_kernel(base: str, user: str, codes: list[str], setup: str = SETUP) -> list[str]:
    """Start a kernel in ``user``'s server, run ``setup`` then each code over the kernel
    websocket, and return each one's result (its execute_result's text/plain, unquoted;
    None if it had none). An error in a cell raises RuntimeError."""
    import websocket

    server = f"{base}/user/{user}/api"
    headers = {"Authorization": f"token {ADMIN_TOKEN}", "Content-Type": "application/json"}
    request = urllib.request.Request(f"{server}/kernels", data=b"{}", headers=headers)
    with urllib.request.urlopen(request, timeout=60) as reply:
        kernel = json.loads(reply.read())["id"]
    ws = websocket.create_connection(
        f"{server.replace('http', 'ws', 1)}/kernels/{kernel}/channels",
        header=[f"Authorization: token {ADMIN_TOKEN}"],
        timeout=120,
    )
    session = uuid.uuid4().hex
    results = []
    try:
        for code in [setup, *codes]:
            msg_id = uuid.uuid4().hex
            ws.send(
                json.dumps(
                    {
                        "header": {
                            "msg_id": msg_id,
                            "msg_type": "execute_request",
                            "session": session,
                            "username": user,
                            "version": "5.3",
                            "date": "",
                        },
                        "parent_header": {},
                        "metadata": {},
                        "content": {"code": code, "silent": False, "store_history": True},
                        "channel": "shell",
                        "buffers": [],
                    }
                )
            )
            # the reply (shell) and the result (iopub) come in either order: wait for
            # both the reply and the kernel's "idle" after this request
            result, status, idle = None, None, False
            while status is None or not idle:
                message = json.loads(ws.recv())
                if message.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                kind = message["msg_type"]
                if kind == "execute_result":
                    result = message["content"]["data"]["text/plain"].strip("'\"")
                elif kind == "error":
                    raise RuntimeError(f"{user}'s kernel: {message['content']['evalue']}")
                elif kind == "execute_reply":
                    status = message["content"]["status"]
                elif kind == "status":
                    idle = message["content"]["execution_state"] == "idle"
            results.append(result)
    finally:
        ws.close()
    return results[1:]


def _login(context, base: str, user: str) -> None:
    page = context.new_page()
    page.goto(f"{base}/hub/login?next=%2Fhub%2Fhome")  # not the student's JupyterLab
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", "classroom")
    page.click("#login_submit")
    page.wait_for_url("**/hub/home", timeout=60_000)
    page.close()


def test_the_teacher_sees_each_students_checks_and_a_student_is_refused(hub, tmp_path):
    base, homes, log = hub
    start_servers(base, STUDENTS, log)  # the teacher exists already: the teachers group
    for user in STUDENTS:
        lessons = homes / user / "jaxtour-lessons"
        assert sorted(p.name for p in lessons.glob("*.ipynb")) == sorted(
            lesson.notebook for lesson in catalog.LESSONS
        ), f"the lessons were not copied into {user}'s home"
    for user, steps in STUDENTS.items():
        said = run_in_kernel(base, user, [code for code, _ in steps])
        assert said == [expected for _, expected in steps], user
    hostile = _hostile_stores(homes)
    for user in hostile:
        _api(base, "POST", f"/users/{user}")  # listed as students; no server started
    before = _store_folders(homes)

    from playwright.sync_api import sync_playwright

    service = f"{base}/services/jaxtour-classroom/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            student = browser.new_context()
            _login(student, base, "ada")
            refused = student.new_page().goto(service)
            assert refused.status == 403, refused.status
            refused_csv = student.request.get(service + "classroom.csv", max_redirects=10)
            assert refused_csv.status == 403, refused_csv.status
            refused_board = student.request.get(service + "mistakes.csv", max_redirects=10)
            assert refused_board.status == 403, refused_board.status

            teacher = browser.new_context(viewport={"width": 1200, "height": 420})
            _login(teacher, base, TEACHER)
            page = teacher.new_page()
            shown = page.goto(service)
            assert shown.status == 200, shown.status
            page.wait_for_selector("#classroom tbody tr")
            shot = tmp_path / "classroom.png"
            page.screenshot(path=str(shot), full_page=True)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            shutil.copy(shot, ARTIFACTS / shot.name)
            nodata = page.eval_on_selector_all(
                "#classroom tbody tr td.nodata",
                "tds => tds.map(td => [td.closest('tr').dataset.student, td.textContent])",
            )
            cells = page.eval_on_selector_all(
                f"#classroom tbody tr td[data-lesson='{LESSON}']",
                "tds => tds.map(td => [td.closest('tr').dataset.student, td.dataset.state,"
                " td.textContent.trim()])",
            )
            board = page.eval_on_selector_all(
                "#board tbody tr",
                "trs => trs.map(tr => [tr.dataset.exercise, tr.dataset.mistake,"
                " ...[...tr.querySelectorAll('td[data-count]')].map(td => td.textContent)])",
            )
            page.click("#board a[href='#student-ben']")  # the stuck student, one click away
            page.wait_for_function("location.hash === '#student-ben'")
            target = page.eval_on_selector("tr:target", "tr => tr.dataset.student")
            board_csv = teacher.request.get(service + "mistakes.csv")
            assert board_csv.status == 200
            lines = list(csv.DictReader(io.StringIO(board_csv.text())))
            table_csv = teacher.request.get(service + "classroom.csv")
            assert table_csv.status == 200
            rows = {r["student"]: r for r in csv.DictReader(io.StringIO(table_csv.text()))}
        finally:
            browser.close()

    # the board: ben and cy gave a list (ben three times, still stuck), ada a NumPy array
    # (then passed); the most frequent first; no line from the hostile stores
    assert board == [
        ["00.first_array", "python-list", "2", "1", "1: ben"],
        ["00.first_array", "numpy-array", "1", "1", "0"],
    ]
    assert target == "ben"
    assert [
        (x["exercise"], x["mistake"], x["students"], x["then_passed"], x["stuck_students"])
        for x in lines
    ] == [
        ("00.first_array", "python-list", "2", "1", "ben"),
        ("00.first_array", "numpy-array", "1", "1", ""),
    ]
    assert lines[0]["message"].startswith("That is a plain Python list (or tuple)")
    # exactly the three students (not the teacher), each with what their kernel did
    assert sorted(cells) == [
        ["ada", "passed", "1/1"],
        ["ben", "stuck", "0/1 stuck"],
        ["cy", "passed", "1/1*"],
    ]
    assert sorted(rows) == sorted([*STUDENTS, *hostile])
    assert sorted(nodata) == sorted([name, shown] for name, shown in hostile.items())
    assert {name: rows[name]["data"] for name in hostile} == hostile
    got = {
        name: [row[f"{LESSON}:{k}"] for k in ("passed", "helped", "attempted", "stuck")]
        for name, row in rows.items()
        if name in STUDENTS
    }
    assert got == {
        "ada": ["1", "0", "1", ""],
        "ben": ["0", "0", "1", "00.first_array"],
        "cy": ["1", "1", "1", ""],
    }
    other = [c for c in rows["ada"] if c.endswith(":attempted") and not c.startswith(LESSON)]
    assert all(rows[s][c] == "0" for s in STUDENTS for c in other)  # nothing else checked
    said = [
        line
        for line in log.read_text().splitlines()
        if re.search(r"jaxtour\.classroom: (no data|too large) for ", line)
    ]
    assert sorted(line.split(" for ")[1].split(":")[0] for line in said) == sorted(hostile)
    assert _store_folders(homes) == before  # nothing written or created there (-shm, -wal)
    assert stat.S_IMODE((tmp_path / "hub.sqlite").stat().st_mode) == 0o600
