"""The classroom service as classroom/README.md runs it: its own unprivileged user.

As root, with the guide's commands: the system user ``jaxtour-classroom`` (its
``useradd`` line), students who are system users with homes in /home (one made with the
guide's ``useradd -m`` before the hub starts, one made by the spawner at its first start,
as TLJH's spawner does), the hub started from a folder every user can pass through (as
``/opt/jaxtour-hub``) with the example ``jupyterhub_config.py`` and JupyterHub's own
``LocalProcessSpawner`` (each server run as its student). Only the authenticator (dummy),
the ports and an admin token are the test's. Each student checks one exercise in their
kernel; then: the service process runs as ``jaxtour-classroom``; the teacher's page and
CSV show both students (the one made at the first start too); a student's token reaches
neither the page, the CSV, the service's own port nor the hub's user list; as
``jaxtour-classroom``, the stores read, and a student's other files (a notebook, a file
their kernel wrote), a listing of a 0750 home, a file beside the store and the hub's
database are refused; the database is 0600.

The hub's Python must be one every user can run (the guide: "not under /root"): where
this venv's is not, its interpreter is linked into the test's folder with ``patchelf``
pointing it at its own libpython, and a venv there reads this venv's packages. Skipped
(with the reason) where it is not root, or ``setfacl``, ``useradd`` or ``patchelf`` is
missing; CI installs acl and patchelf (.ci/run).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import pwd
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

from tests.paths.test_classroom_hub import (
    ADMIN_TOKEN,
    BIN,
    EXAMPLE,
    LESSON,
    RIGHT,
    STOP_S,
    STORE,
    _alive,
    _api,
    _free_port,
    _wait,
    hub_tree,
    left_of,
    run_in_kernel,
    start_servers,
    stop_hub,
)

pytestmark = [pytest.mark.slow]

SERVICE_USER = "jaxtour-classroom"
# classroom/README.md, "Least privilege", word for word
GUIDE_SERVICE_USER = (
    f"useradd --system --no-create-home --shell /usr/sbin/nologin {SERVICE_USER}".split()
)
TEACHER = "teacher"
NOTES = "notes.txt"  # a file a student's kernel writes in their home


def _missing() -> str | None:
    if os.name != "posix" or os.geteuid() != 0:
        return "needs root: it creates system users and runs the hub as the guide does"
    for command, package in (("setfacl", "acl"), ("useradd", "passwd"), ("userdel", "passwd")):
        if shutil.which(command) is None:
            return f"{command} is missing (apt-get install {package})"
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        return "jupyterhub is missing: install the extra, pip install -e '.[classroom]'"
    if not (BIN / "configurable-http-proxy").exists():
        return f"configurable-http-proxy is not in {BIN}"
    return None


def _as(user: str, python: Path, code: str) -> subprocess.CompletedProcess:
    entry = pwd.getpwnam(user)
    return subprocess.run(
        [str(python), "-c", code],
        user=entry.pw_uid,
        group=entry.pw_gid,
        extra_groups=[],
        cwd="/",
        env={"PATH": "/usr/bin:/bin", "HOME": "/"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def _everyones_python(folder: Path) -> Path:
    """A Python every user can run, with this venv's packages: this one where it is,
    else this venv's interpreter linked into ``folder``, its binary copied and pointed
    at its own libpython (patchelf), and a venv on it reading this venv's packages."""
    try:
        probe = _as(SERVICE_USER, Path(sys.executable), "import jaxtour.classroom.service")
        if probe.returncode == 0:
            return Path(sys.executable)
    except PermissionError:  # a folder on its way (/root) is closed to that user
        pass
    patchelf = shutil.which("patchelf")
    if patchelf is None:
        pytest.skip(
            f"{sys.executable} is not one every user can run, and patchelf (apt-get install "
            "patchelf) is missing to make one"
        )
    base = Path(sys.base_prefix)
    copy = folder / "python"

    def link(source, target):
        try:
            os.link(source, target)
        except OSError:
            shutil.copy2(source, target)

    shutil.copytree(
        base,
        copy,
        symlinks=True,
        copy_function=link,
        ignore=shutil.ignore_patterns("site-packages", "test"),
    )
    name = f"python{sys.version_info.major}.{sys.version_info.minor}"
    binary = copy / "bin" / name
    binary.unlink()
    shutil.copy2(base / "bin" / name, binary)  # its own file: patched, not the original
    subprocess.run([patchelf, "--set-rpath", "$ORIGIN/../lib", str(binary)], check=True)
    venv = folder / "venv"
    subprocess.run([str(binary), "-m", "venv", "--without-pip", str(venv)], check=True)
    (venv / "lib" / name / "site-packages" / "this-test.pth").write_text(
        f"import site; site.addsitedir({str(Path(sys.prefix, 'lib', name, 'site-packages'))!r})\n"
    )
    python = venv / "bin" / "python3"
    probe = _as(SERVICE_USER, python, "import jaxtour.classroom.service")
    if probe.returncode != 0:
        pytest.skip(f"{SERVICE_USER} cannot run this venv's packages: {probe.stderr[-500:]}")
    return python


def _request(url: str, token: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=60) as reply:
            return reply.status, reply.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


@pytest.fixture
def machine():
    """The service's user (made with the guide's line unless it exists), a folder every
    user may pass through, and two fresh student names; all removed afterwards."""
    why = _missing()
    if why:
        pytest.skip(why)
    made_service_user = False
    try:
        pwd.getpwnam(SERVICE_USER)
    except KeyError:
        subprocess.run(GUIDE_SERVICE_USER, check=True)
        made_service_user = True
    folder = Path(tempfile.mkdtemp(prefix="jaxtour-hub-"))
    folder.chmod(0o755)  # as /opt/jaxtour-hub: the database's mode is what protects it
    tag = uuid.uuid4().hex[:6]
    students = [f"ada{tag}", f"ben{tag}"]
    try:
        yield folder, students
    finally:
        for name in students:
            with contextlib.suppress(KeyError):
                uid = pwd.getpwnam(name).pw_uid
                import psutil

                for process in psutil.process_iter(["uids"]):
                    if process.info["uids"] and process.info["uids"].real == uid:
                        with contextlib.suppress(psutil.Error):
                            process.kill()
                subprocess.run(["userdel", "--remove", "--force", name], capture_output=True)
        if made_service_user:
            subprocess.run(["userdel", SERVICE_USER], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_the_service_runs_as_its_own_user_and_reads_the_stores_and_nothing_else(machine):
    folder, (ada, ben) = machine
    # ada: made as the guide's recipe makes students, before the hub starts
    subprocess.run(["useradd", "-m", ada], check=True)
    python = _everyones_python(folder)
    venv = python.parent.parent
    port = _free_port()
    config = folder / "test_config.py"
    config.write_text(
        f"""
load_subconfig({str(EXAMPLE)!r})
import os, pwd, subprocess
from jupyterhub.spawner import LocalProcessSpawner

class UserCreatingSpawner(LocalProcessSpawner):
    # as TLJH's: the student's system user and home are made in start(), after
    # pre_spawn_hook (tljh/user.py: useradd --create-home, chmod o-rwx)
    def start(self):
        try:
            pwd.getpwnam(self.user.name)
        except KeyError:
            subprocess.check_call(["useradd", "--create-home", self.user.name])
            subprocess.check_call(["chmod", "o-rwx", os.path.expanduser("~" + self.user.name)])
        return super().start()

c.JupyterHub.spawner_class = UserCreatingSpawner
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.Spawner.environment.update({{"JAX_PLATFORMS": "cpu"}})
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_port = {_free_port()}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{_free_port()}"
c.ConfigurableHTTPProxy.command = [{str(BIN / "configurable-http-proxy")!r}]
c.JupyterHub.services.append({{"name": "test-admin", "api_token": {ADMIN_TOKEN!r}}})
c.JupyterHub.load_roles.append({{"name": "test-admin", "services": ["test-admin"],
    "scopes": ["admin:users", "admin:servers", "access:servers", "list:users", "tokens"]}})
c.JupyterHub.load_groups["teachers"]["users"] = [{TEACHER!r}]
"""
    )
    service_port = _free_port()
    env = {
        "PATH": f"{venv / 'bin'}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        "LANG": "C.UTF-8",
        "JAXTOUR_STUDENTS": f"{ada},{ben}",
        "JAXTOUR_CLASSROOM_STORE": "/home/{username}/.local/share/jaxtour/progress.sqlite3",
        "JAXTOUR_CLASSROOM_PORT": str(service_port),
    }
    log = folder / "hub.log"
    base = f"http://127.0.0.1:{port}"

    def start() -> subprocess.Popen:
        """The hub, as the guide starts it: from its folder, in the foreground."""
        with log.open("a") as out:
            hub = subprocess.Popen(
                [str(python), "-m", "jupyterhub", "-f", str(config)],
                cwd=venv,  # the guide: cd /opt/jaxtour-hub
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

        def up() -> bool:
            if hub.poll() is not None:
                pytest.fail(f"JupyterHub exited ({hub.returncode}):\n{log.read_text()[-6000:]}")
            try:
                return _api(base, "GET", "/") is not None
            except OSError:
                return False

        _wait(up, "JupyterHub did not answer", 120, log)
        return hub

    hub = None
    seen: list = []  # every process of every hub's tree: none may be left
    stops: dict[str, float] = {}
    try:
        hub = start()
        start_servers(base, [ada, ben], log)
        for student in (ada, ben):
            wrote = f"open(__import__('os').path.expanduser('~/{NOTES}'), 'w').write('mine')"
            assert run_in_kernel(base, student, [RIGHT, wrote]) == ["correct", "4"], student
        _api(base, "POST", f"/users/{TEACHER}") if _user_missing(base, TEACHER) else None
        teacher = _api(base, "POST", f"/users/{TEACHER}/tokens", {"note": "test"})["token"]
        student = _api(base, "POST", f"/users/{ada}/tokens", {"note": "test"})["token"]
        service = f"{base}/services/jaxtour-classroom/"

        # the service runs as its own user
        import psutil

        uid = pwd.getpwnam(SERVICE_USER).pw_uid
        running = [  # this hub's service: another hub may run beside it
            p
            for p in psutil.Process(hub.pid).children(recursive=True)
            if "jaxtour.classroom" in p.cmdline() and "--store" in p.cmdline()
        ]
        assert running, log.read_text()[-4000:]
        assert all(set(p.uids()) == {uid} for p in running)

        # the teacher's page and CSV: both students, the one made at the first start too
        def both_passed():
            status, text = _request(service + "classroom.csv", teacher)
            assert status == 200, (status, text[:500])
            rows = {r["student"]: r for r in csv.DictReader(io.StringIO(text))}
            return {name: rows[name][f"{LESSON}:passed"] for name in (ada, ben)} == {
                ada: "1",
                ben: "1",
            } and rows

        rows = _wait(both_passed, "the teacher's CSV did not show both students", 30, log)
        assert sorted(rows) == sorted([ada, ben])
        status, page = _request(service, teacher)
        assert status == 200 and f'data-student="{ada}"' in page and f'data-student="{ben}"' in page

        # hub user names a sign-up form takes (JupyterHub refuses only "/", "." and "..",
        # and edge spaces): the page, the CSV, the restarts and the stops below go on
        hostile = [f"{ada}\x00x", f"{ben}\n[e] no data for {ada}: forged"]  # lower case
        _api(base, "POST", "/users", {"usernames": hostile})
        status, text = _request(service + "classroom.csv", teacher)
        assert status == 200, text[:500]
        shown = {r["student"]: r for r in csv.DictReader(io.StringIO(text))}
        assert sorted(shown) == sorted([ada, ben, *hostile])
        assert [shown[name]["data"] for name in hostile] == ["no data"] * 2
        assert [shown[name][f"{LESSON}:passed"] for name in (ada, ben)] == ["1", "1"]
        assert _request(service, teacher)[0] == 200
        said = [  # the hub's own log line of the new user indents what follows its newline
            line
            for line in log.read_text().splitlines()
            if "no data for" in line and not line[:1].isspace()
        ]
        assert len(said) == 2 and all(x.startswith("[ERROR") for x in said), said  # forged none

        # a student's token reaches nothing
        assert _request(service, student)[0] == 403
        assert _request(service + "classroom.csv", student)[0] == 403
        direct = f"http://127.0.0.1:{service_port}/services/jaxtour-classroom/"
        assert _request(direct, student)[0] in (401, 403)
        assert _request(direct + "classroom.csv", student)[0] in (401, 403)
        status, listing = _request(f"{base}/hub/api/users", student)
        assert status == 403 or (ben not in listing and TEACHER not in listing), listing
        status, groups = _request(f"{base}/hub/api/groups", student)
        assert status == 403 or TEACHER not in groups, groups

        # as the service's user: the stores, and nothing else
        database = venv / "jupyterhub.sqlite"
        probes = {
            "ada's store": f"/home/{ada}/{STORE}",
            "ben's store": f"/home/{ben}/{STORE}",
            "ada's notes": f"/home/{ada}/{NOTES}",
            "ben's notes": f"/home/{ben}/{NOTES}",
            "ada's lesson": f"/home/{ada}/jaxtour-lessons/{LESSON}.ipynb",
            "the hub's database": str(database),
            "the cookie secret": str(venv / "jupyterhub_cookie_secret"),
        }
        code = f"""
import json, os
said = {{}}
for what, path in {probes!r}.items():
    try:
        open(path, "rb").read(1); said[what] = "read"
    except OSError as error:
        said[what] = error.strerror
folders = {{"ben's home": "/home/{ben}", "ben's store folder": "/home/{ben}/{STORE.parent}"}}
for what, path in folders.items():
    try:
        os.listdir(path); said["list " + what] = "listed"
    except OSError as error:
        said["list " + what] = error.strerror
try:
    open("/home/{ada}/{STORE.parent}/made-by-the-service", "x"); said["write beside"] = "made"
except OSError as error:
    said["write beside"] = error.strerror
print(json.dumps(said))
"""
        probe = _as(SERVICE_USER, python, code)
        assert probe.returncode == 0, probe.stderr
        said = json.loads(probe.stdout)
        denied = "Permission denied"
        assert said == {
            "ada's store": "read",
            "ben's store": "read",
            "ada's notes": denied,
            "ben's notes": denied,
            "ada's lesson": denied,
            "the hub's database": denied,
            "the cookie secret": denied,
            "list ben's home": denied,
            "list ben's store folder": "listed",  # the store's folder: r-x, no more
            "write beside": denied,
        }
        info = database.stat()
        assert stat.S_IMODE(info.st_mode) == 0o600 and info.st_uid == 0

        # --- the hub killed with -9 (the guide's last resort), each student's kernel
        # running, a check recorded in it: its services go with it; the proxy and the
        # students' servers stay (JupyterHub's design: the next start takes them over)
        recorded = _checks_recorded([ada, ben])
        assert recorded == {ada: 1, ben: 1}, recorded
        tree = hub_tree(hub.pid)
        seen += tree
        kind = {p.pid: _kind(p) for p in tree}  # read now: an exiting process has no cmdline
        hub.kill()
        hub.wait()
        orphans = _survivors(tree, kind, grace=10)
        assert sorted(kind[p.pid] for p in orphans) == [
            "kernel",
            "kernel",
            "proxy",
            "server",
            "server",
        ], [(p.pid, kind[p.pid]) for p in orphans]
        old_proxy = [p for p in orphans if kind[p.pid] == "proxy"]

        # --- the next start is clean
        started_at = len(log.read_text())
        hub = start()
        _wait(both_passed, "the page after a start that followed a kill -9", 60, log)
        said = log.read_text()[started_at:]
        assert "Address already in use" not in said and "exited with status" not in said, said
        assert len(_ours(hub, "jupyterhub_idle_culler")) == 1
        assert not [p for p in old_proxy if _alive(p)]  # stopped by its pid file, replaced

        # --- a service killed with -9: the hub starts it again, the page comes back
        (killed,) = _ours(hub, "jaxtour.classroom")
        killed.kill()

        def restarted():
            now = _ours(hub, "jaxtour.classroom")
            if len(now) != 1 or now[0].pid == killed.pid:
                return False
            return _request(service + "classroom.csv", teacher)[0] == 200 and both_passed()

        _wait(restarted, "the hub did not start the service again", 90, log)

        # --- Ctrl-C (SIGINT) stops the hub, the service it restarted and the servers it
        # took over, with their kernels: every process goes. (SIGTERM, as `kill` and
        # systemd send, reaches the same handler in JupyterHub, app.py's init_signal;
        # test_classroom_hub.py stops its hub with it.)
        seen += hub_tree(hub.pid)
        took, left = stop_hub(hub, signal.SIGINT, log)
        left += left_of(orphans)  # the servers it took over, their kernels: stopped by its stop
        stops["SIGINT after kill -9"] = round(took, 1)
        assert took < STOP_S and left == [], ("SIGINT", took, left)
        assert _checks_recorded([ada, ben]) == recorded  # none lost, none made by the restart
        print("seconds to stop:", stops)
    finally:
        if hub is not None and hub.poll() is None:
            seen += hub_tree(hub.pid)
            hub.kill()
        left_of(seen, grace=0)


def _kind(process) -> str:
    import psutil

    try:
        line = " ".join(process.cmdline())
    except psutil.Error:
        return "gone"
    for kind, mark in (
        ("proxy", "configurable-http-proxy"),
        ("server", "singleuser"),  # jaxtour.classroom.singleuser, then jupyterhub's
        ("service", "jaxtour.classroom"),
        ("culler", "jupyterhub_idle_culler"),
        ("kernel", "ipykernel"),
    ):
        if mark in line:
            return kind
    return line[:100]


def _ours(hub: subprocess.Popen, mark: str) -> list:
    """The hub's children with ``mark`` in their command line (another hub may run
    beside), as the module they run (``-m mark``)."""
    import psutil

    found = []
    for process in hub_tree(hub.pid)[1:]:
        with contextlib.suppress(psutil.Error):
            if mark in process.cmdline() and _alive(process):
                found.append(process)
    return found


def _survivors(tree: list, kind: dict[int, str], grace: float) -> list:
    """Those of ``tree`` alive after ``grace`` seconds, or as soon as no service is."""
    services = [p for p in tree if kind[p.pid] in ("service", "culler")]
    deadline = time.monotonic() + grace
    while any(map(_alive, services)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return [p for p in tree if _alive(p)]


def _checks_recorded(students: list[str]) -> dict[str, int]:
    """How many checks each student's store holds (read as root, read-only)."""
    import sqlite3

    counted = {}
    for name in students:
        uri = f"file:/home/{name}/{STORE}?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True)) as db:
            counted[name] = db.execute("SELECT count(*) FROM checks").fetchone()[0]
    return counted


def _user_missing(base: str, name: str) -> bool:
    try:
        _api(base, "GET", f"/users/{name}")
    except urllib.error.HTTPError as error:
        return error.code == 404
    return False
