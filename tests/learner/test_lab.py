"""`jaxtour lab`: lesson 00 opens by itself, a busy default port steps aside, idle kernels
are culled, Jupyter's log stays out of the way, and Binder gets the same defaults."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

from jaxtour import cli
from jaxtour.learner import workspace
from tests.helpers import ROOT, with_ctrl_c
from tests.learner.test_workspace_safety import workspace_state

JAXTOUR = [sys.executable, "-m", "jaxtour.cli"]
BINDER = ROOT / "binder"
FINAL_LINE = re.compile(
    r"^jaxtour: lesson 00 is open at "
    r"(?P<base>http://127\.0\.0\.1:(?P<port>\d+))/lab/tree/00_welcome\.ipynb\?token=(?P<token>[0-9a-f]{48})$"
)
NOTIFICATION = "@jupyterlab/apputils-extension:notification"


def run(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*JAXTOUR, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _dry_run_command(*args: str, cwd: Path) -> tuple[dict[str, str], list[str]]:
    """The environment assignments and the argv that `lab --dry-run` prints last."""
    result = run("lab", "ws", "--dry-run", *args, cwd=cwd)
    assert result.returncode == 0, result.stderr
    words = shlex.split(result.stdout.strip().splitlines()[-1])
    env = dict(word.split("=", 1) for word in words if re.match(r"^[A-Z_]+=", word))
    return env, [word for word in words if not re.match(r"^[A-Z_]+=", word)]


def _option(argv: list[str], name: str) -> str:
    values = [word.split("=", 1)[1] for word in argv if word.startswith(f"--{name}=")]
    assert len(values) == 1, (name, argv)
    return values[0]


# --- ports -------------------------------------------------------------------------------


def test_a_busy_default_port_steps_to_the_next_free_one(tmp_path):
    with socket.socket() as busy:
        busy.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as servers do
        try:
            busy.bind(("127.0.0.1", cli.DEFAULT_PORT))
            busy.listen()
        except OSError:
            pass  # something on this machine has 8888 already: busy all the same
        result = run("lab", "ws", "--dry-run", cwd=tmp_path)
        explicit = run("lab", "ws", "--dry-run", "--port", str(cli.DEFAULT_PORT), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    port = int(re.search(r"--ServerApp\.port=(\d+)", result.stdout).group(1))
    assert cli.DEFAULT_PORT < port < cli.DEFAULT_PORT + cli.PORT_TRIES
    assert f"http://127.0.0.1:{port} (port {cli.DEFAULT_PORT} is in use" in result.stdout
    # --port means that port: a busy one is still one line, exit 1, no stepping.
    assert explicit.returncode == 1
    assert explicit.stderr == (
        f"jaxtour: port {cli.DEFAULT_PORT} is in use; pick another with --port\n"
    )
    assert "--ServerApp.port" not in explicit.stdout


def test_every_default_port_busy_is_one_line(monkeypatch, tmp_path, capsys):
    tried = []
    monkeypatch.setattr(cli, "_port_is_free", lambda port: tried.append(port) and False)
    assert cli.main(["lab", str(tmp_path / "ws"), "--dry-run"]) == 1
    assert tried == list(range(8888, 8908))
    err = capsys.readouterr().err
    assert err == "jaxtour: ports 8888 to 8907 are all in use; pick another with --port\n"


def test_the_first_free_default_port_is_taken(monkeypatch):
    monkeypatch.setattr(cli, "_port_is_free", lambda port: port >= 8891)
    try:
        assert cli.choose_port(None) == 8891
        assert cli.choose_port(None) == 8892  # 8891 is held for the first server
    finally:
        cli._release_ports()
    try:
        assert cli.choose_port(8891) == 8891
    finally:
        cli._release_ports()


# --- the command line ----------------------------------------------------------------------


def test_the_command_opens_lesson_00_without_news_with_culling_and_a_token(tmp_path):
    env, argv = _dry_run_command("--no-browser", "--port", str(_free_port()), cwd=tmp_path)
    ws = (tmp_path / "ws").resolve()
    assert argv[:3] == [sys.executable, "-m", "jaxtour.learner.lab_launch"]
    assert _option(argv, "ServerApp.ip") == "127.0.0.1"
    assert _option(argv, "ServerApp.root_dir") == str(ws)
    # Lesson 00 opens by itself: `/` and the browser both go to it.
    assert _option(argv, "LabApp.default_url") == "/lab/tree/00_welcome.ipynb"
    assert (ws / "00_welcome.ipynb").is_file()
    # No news pop-up: the workspace's own app settings change JupyterLab's defaults.
    settings = Path(_option(argv, "LabApp.app_settings_dir"))
    assert settings == ws / workspace.LAB_DIR / "settings"
    overrides = json.loads((settings / "overrides.json").read_text())
    assert overrides[NOTIFICATION] == {"fetchNews": "false", "checkForUpdates": False}
    # Idle kernels are culled after 20 minutes, even with their tab open, never while busy.
    assert _option(argv, "MappingKernelManager.cull_idle_timeout") == "1200"
    assert _option(argv, "MappingKernelManager.cull_interval") == "60"
    assert _option(argv, "MappingKernelManager.cull_connected") == "True"
    assert _option(argv, "MappingKernelManager.cull_busy") == "False"
    # The token: jaxtour's own, in the environment (not on the command line, where
    # other users of the machine could read it), for lab_launch only: not JUPYTER_TOKEN,
    # which kernels and terminals would inherit.
    assert list(env) == ["JAXTOUR_LAB_TOKEN"]
    assert re.fullmatch(r"[0-9a-f]{48}", env["JAXTOUR_LAB_TOKEN"])
    assert not any(env["JAXTOUR_LAB_TOKEN"] in word for word in argv)
    assert "--no-browser" in argv
    again, _ = _dry_run_command("--no-browser", "--port", str(_free_port()), cwd=tmp_path)
    assert again["JAXTOUR_LAB_TOKEN"] != env["JAXTOUR_LAB_TOKEN"]


def test_the_servers_environment_has_bin_first_and_no_jupyter_token(monkeypatch):
    monkeypatch.setenv("JUPYTER_TOKEN", "the learner's own")
    monkeypatch.setenv("PATH", os.pathsep.join(["/usr/bin", str(Path(sys.executable).parent)]))
    env = cli.lab_env("abc")
    assert "JUPYTER_TOKEN" not in env and env["JAXTOUR_LAB_TOKEN"] == "abc"
    assert env["PATH"].split(os.pathsep) == [str(Path(sys.executable).parent), "/usr/bin"]


def test_terminals_get_a_real_shell_when_shell_is_unset_and_keep_the_learners_own(monkeypatch):
    monkeypatch.setenv("SHELL", "/usr/bin/zsh-of-the-learner")
    assert cli.lab_env("abc")["SHELL"] == "/usr/bin/zsh-of-the-learner"
    monkeypatch.delenv("SHELL")
    shell = cli.lab_env("abc").get("SHELL")
    assert shell == cli.terminal_shell()
    if shell is not None:  # a login shell or bash: never a bare sh, never nologin
        assert Path(shell).name not in {"sh", "nologin", "false"} and os.access(shell, os.X_OK)


@pytest.mark.parametrize(("minutes", "seconds"), [("5", "300"), ("0.5", "30"), ("0", "0")])
def test_cull_after_sets_the_idle_time_and_zero_turns_culling_off(tmp_path, minutes, seconds):
    _, argv = _dry_run_command("--port", str(_free_port()), "--cull-after", minutes, cwd=tmp_path)
    assert _option(argv, "MappingKernelManager.cull_idle_timeout") == seconds
    culls_connected = any("cull_connected" in word for word in argv)
    assert culls_connected == (seconds != "0")


def test_a_negative_cull_time_is_one_line(tmp_path):
    result = run("lab", "ws", "--dry-run", "--cull-after", "-1", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "jaxtour: --cull-after must be 0 (off) or more, not -1\n"


def test_the_installations_own_jupyterlab_settings_are_kept(tmp_path, monkeypatch):
    app_dir = tmp_path / "app"
    (app_dir / "settings" / "overrides.d").mkdir(parents=True)
    (app_dir / "settings" / "overrides.json").write_text(
        json.dumps({NOTIFICATION: {"doNotDisturbMode": True, "fetchNews": "none"}})
    )
    (app_dir / "settings" / "overrides.d" / "theme.json").write_text(
        json.dumps({"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"}})
    )
    (app_dir / "settings" / "page_config.json").write_text('{"disabledExtensions": ["x"]}')
    monkeypatch.setenv("JUPYTERLAB_DIR", str(app_dir))
    settings = cli.lab_settings(tmp_path / "ws")
    overrides = json.loads((settings / "overrides.json").read_text())
    assert overrides == {
        NOTIFICATION: {"doNotDisturbMode": True, "fetchNews": "false", "checkForUpdates": False},
        "@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
    }
    assert (settings / "page_config.json").read_text() == '{"disabledExtensions": ["x"]}'
    (app_dir / "settings" / "page_config.json").unlink()
    cli.lab_settings(tmp_path / "ws")
    assert not (settings / "page_config.json").exists()  # gone there, gone here


def test_the_real_jupyterlab_app_settings_folder_is_found(monkeypatch):
    monkeypatch.delenv("JUPYTERLAB_DIR", raising=False)
    from jupyterlab.commands import get_app_dir

    assert cli._installed_app_settings_dir() == Path(get_app_dir()) / "settings"


# --- starting and stopping, with a stand-in for JupyterLab ------------------------------------


def _stand_in(monkeypatch, script: str) -> None:
    monkeypatch.setattr(cli, "lab_command", lambda *args, **kwargs: [sys.executable, "-c", script])


def test_a_server_that_dies_at_start_is_one_line(tmp_path, monkeypatch, capsys):
    _stand_in(
        monkeypatch,
        "import sys; print('[I 2025-01-01 00:00:00.000 ServerApp] starting'); "
        "print('[C 2025-01-01 00:00:00.001 ServerApp] Running as root is not recommended.'); "
        "sys.exit(3)",
    )
    port = _free_port()
    status = cli.main(["lab", str(tmp_path / "ws"), "--no-browser", "--port", str(port)])
    out, err = capsys.readouterr()
    log = tmp_path / "ws" / workspace.LAB_DIR / cli.log_name(port)
    assert status == 1
    assert err == (
        "jaxtour: JupyterLab did not start (exit status 3): Running as root is not "
        f"recommended. (log: {log.resolve()})\n"
    )
    assert "lesson 00 is open" not in out and "[I " not in out


def test_a_server_that_never_answers_is_stopped_and_one_line(tmp_path, monkeypatch, capsys):
    pid_file = tmp_path / "pid"
    _stand_in(
        monkeypatch,
        f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(60)",
    )
    monkeypatch.setattr(cli, "START_TIMEOUT_S", 2)
    port = _free_port()
    status = cli.main(["lab", str(tmp_path / "ws"), "--no-browser", "--port", str(port)])
    err = capsys.readouterr().err
    assert status == 1
    assert err.startswith(f"jaxtour: JupyterLab did not answer on port {port} within 2 s")
    assert err.count("\n") == 1
    with pytest.raises(ProcessLookupError):  # stopped, not left behind
        os.kill(int(pid_file.read_text()), 0)


# --- Binder gets the same defaults ------------------------------------------------------------


def test_binder_culls_kernels_and_drops_the_news_as_jaxtour_lab_does():
    server = json.loads((BINDER / "jupyter_server_config.json").read_text())
    assert server == {
        "MappingKernelManager": {
            "cull_idle_timeout": cli.CULL_AFTER_MINUTES * 60,
            "cull_interval": cli.CULL_INTERVAL_S,
            "cull_connected": True,
            "cull_busy": False,
        }
    }
    assert json.loads((BINDER / "overrides.json").read_text()) == cli.LAB_SETTINGS


def test_binder_post_build_merges_them_into_the_servers_environment(tmp_path):
    post_build = BINDER / "postBuild"
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    existing = tmp_path / "etc" / "jupyter" / "jupyter_server_config.json"
    existing.parent.mkdir(parents=True)
    existing.write_text(json.dumps({"ServerApp": {"terminals_enabled": False}}))
    subprocess.run(
        [str(post_build)],
        env={**os.environ, "NB_PYTHON_PREFIX": str(tmp_path)},
        check=True,
        capture_output=True,
    )
    server = json.loads(existing.read_text())
    assert server["ServerApp"] == {"terminals_enabled": False}  # kept
    assert server["MappingKernelManager"]["cull_idle_timeout"] == 1200
    lab = tmp_path / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert json.loads(lab.read_text()) == cli.LAB_SETTINGS


# --- the real thing ------------------------------------------------------------------------------


class RunningLab:
    """`jaxtour lab` in a subprocess, its stdout read line by line."""

    def __init__(self, tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> None:
        jupyter = tmp_path / "jupyter"  # nothing of this machine's Jupyter settings
        self.env = env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "JUPYTER_CONFIG_DIR": str(jupyter / "config"),
            "JUPYTER_DATA_DIR": str(jupyter / "data"),
            "JUPYTER_RUNTIME_DIR": str(jupyter / "runtime"),
            "JUPYTERLAB_SETTINGS_DIR": str(jupyter / "user-settings"),
            "JUPYTERLAB_WORKSPACES_DIR": str(jupyter / "workspaces"),
            **(env or {}),
        }
        env.pop("JUPYTER_TOKEN", None)
        self.ws = tmp_path / "ws"
        self.process = subprocess.Popen(
            with_ctrl_c([*JAXTOUR, "lab", str(self.ws), "--no-browser", *args]),
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def until(self, pattern: re.Pattern, timeout: float) -> tuple[list[str], re.Match]:
        seen, deadline = [], time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                message = f"no line matching {pattern.pattern} in {timeout} s: {seen}"
                raise AssertionError(message) from None
            if line is None:
                err = self.process.stderr.read()
                raise AssertionError(f"jaxtour lab ended: {seen} {err}")
            seen.append(line)
            if match := pattern.match(line):
                return seen, match

    def rest(self, timeout: float = 30) -> tuple[int, list[str], str]:
        """Ctrl+C, then what jaxtour printed after the URL, and its exit status."""
        self.process.send_signal(signal.SIGINT)
        status = self.process.wait(timeout)
        rest = []
        while (line := self.lines.get(timeout=5)) is not None:
            rest.append(line)
        return status, rest, self.process.stderr.read()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def _get(url: str, token: str | None = None) -> tuple[int, bytes, dict]:
    headers = {"Authorization": f"token {token}"} if token else {}
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, headers=headers), timeout=10) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read(), dict(exc.headers)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.mark.slow
def test_an_idle_kernel_is_culled_even_with_its_tab_open(tmp_path):
    from tornado.websocket import websocket_connect

    lab = RunningLab(tmp_path, "--port", str(_free_port()), "--cull-after", "0.05")  # 3 s
    try:
        _, final = lab.until(FINAL_LINE, timeout=60)
        base, token = final["base"], final["token"]
        request = urllib.request.Request(
            f"{base}/api/kernels", data=b"{}", headers={"Authorization": f"token {token}"}
        )
        with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(request) as r:
            kernel = json.loads(r.read())["id"]

        async def connected_until_culled() -> list:
            ws_url = f"ws{base[4:]}/api/kernels/{kernel}/channels?token={token}"
            tab = await websocket_connect(ws_url)  # what an open notebook tab holds
            seen, deadline = [], time.monotonic() + 60
            try:
                while time.monotonic() < deadline:
                    kernels = json.loads(_get(f"{base}/api/kernels", token)[1])
                    seen.append([(k["execution_state"], k["connections"]) for k in kernels])
                    if not kernels:
                        return seen
                    await asyncio.sleep(1)
            finally:
                tab.close()
            raise AssertionError(f"the kernel was not culled: {seen}")

        seen = asyncio.run(connected_until_culled())
        assert any(state and state[0][1] >= 1 for state in seen)  # it was connected
        lab.rest()
    finally:
        lab.close()


def _post(url: str, token: str, body: dict | None = None, method: str = "POST") -> dict:
    request = urllib.request.Request(
        url,
        data=json.dumps(body or {}).encode(),
        method=method,
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.build_opener(urllib.request.ProxyHandler({})).open(request) as r:
        text = r.read()
    return json.loads(text) if text else {}


async def _kernel_prints(base: str, token: str, kernel: str, code: str) -> str:
    """What ``code`` prints in a running kernel (Jupyter's messaging over the websocket)."""
    from tornado.websocket import websocket_connect

    channel = await websocket_connect(f"ws{base[4:]}/api/kernels/{kernel}/channels?token={token}")
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "username": "test", "session": uuid.uuid4().hex}
    request = {
        "header": {**header, "msg_type": "execute_request", "version": "5.3", "date": ""},
        "parent_header": {},
        "metadata": {},
        "content": {"code": code, "silent": False, "store_history": False},
        "channel": "shell",
        "buffers": [],
    }
    await channel.write_message(json.dumps(request))
    printed = ""
    try:
        async with asyncio.timeout(60):
            while True:
                message = json.loads(await channel.read_message())
                if message.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                if message["msg_type"] == "stream":
                    printed += message["content"]["text"]
                if message["msg_type"] == "error":
                    raise AssertionError(message["content"])
                if message["msg_type"] == "status" and message["content"]["execution_state"] == (
                    "idle"
                ):
                    return printed
    finally:
        channel.close()


async def _terminal_prints(base: str, token: str, name: str, command: str) -> str:
    """What ``command`` prints in a JupyterLab terminal, up to the marker it echoes."""
    from tornado.websocket import websocket_connect

    terminal = await websocket_connect(f"ws{base[4:]}/terminals/websocket/{name}?token={token}")
    # The marker is computed by the shell, so the echo of the typed line does not match it.
    await terminal.write_message(json.dumps(["stdin", f"{command}; echo END-$((6*7))\r"]))
    seen = ""
    try:
        async with asyncio.timeout(60):
            while "END-42" not in seen:
                message = json.loads(await terminal.read_message())
                if message[0] == "stdout":
                    seen += message[1]
    finally:
        terminal.close()
    return seen


@pytest.mark.slow
def test_one_real_jupyterlab_from_its_start_to_its_stop(tmp_path):
    """One `jaxtour lab` from its start to Ctrl+C (three tests of a start each until
    2026-12-07: a start of JupyterLab costs 2-4 s of CPU). It starts on lesson 00 and prints
    its URL last; a notebook's kernel and a terminal see this environment's bin first on
    PATH and no token; `jaxtour reset` refuses while the lesson is open, in a session or in
    a tab whose kernel is gone; Ctrl+C stops it, and its port is free again."""
    home = tmp_path / "home"  # the machine's own ~/.bashrc is not jaxtour's business
    home.mkdir()
    port = _free_port()
    # SHELL unset, as in many containers (CI among them): JupyterLab's terminal would be a
    # bare ``sh``; `jaxtour lab` gives it the login shell or bash instead.
    lab = RunningLab(tmp_path, "--port", str(port), env={"HOME": str(home), "SHELL": ""})
    try:
        before, final = lab.until(FINAL_LINE, timeout=90)
        base, token = final["base"], final["token"]
        _starts_on_lesson_00_and_prints_its_url_last(lab, before, final, port)
        _kernels_and_terminals_find_jaxtour_and_never_see_the_token_and_reset_waits(
            lab, base, token
        )
        _reset_refuses_while_the_lesson_is_in_a_tab_whose_kernel_is_gone(lab, base, token)

        exit_status, after, err = lab.rest()
        assert exit_status == 0 and after == ["jaxtour: JupyterLab stopped"], after
        assert err == ""
        with pytest.raises(ConnectionRefusedError):  # JupyterLab went with it
            socket.create_connection(("127.0.0.1", port), timeout=5).close()
        assert cli._port_is_free(port)  # and the next `jaxtour lab --port` can have it
        log = (lab.ws / workspace.LAB_DIR / cli.log_name(port)).read_text()
        assert "Jupyter Server" in log and token not in log
    finally:
        lab.close()


def _starts_on_lesson_00_and_prints_its_url_last(lab, before, final, port) -> None:
    base, token = final["base"], final["token"]
    assert int(final["port"]) == port
    # jaxtour's own lines only, and the URL last: no Jupyter log in the terminal.
    assert all(line.startswith("jaxtour: ") for line in before), before
    assert before[-2] == f"jaxtour: starting JupyterLab on {base} (Ctrl+C stops it)"
    time.sleep(1)
    assert lab.lines.empty(), "something was printed after the URL"

    status, body, _ = _get(f"{base}/api/status?token={token}")
    assert status == 200 and "started" in json.loads(body)
    assert _get(f"{base}/api/status")[0] == 403  # the token is needed
    status, _, headers = _get(f"{base}/?token={token}")
    assert status == 302 and "/lab/tree/00_welcome.ipynb" in headers["Location"]
    status, body, _ = _get(f"{base}/api/contents/00_welcome.ipynb?content=0", token)
    assert status == 200 and json.loads(body)["type"] == "notebook"
    status, body, _ = _get(f"{base}/lab/api/settings/{NOTIFICATION}", token)
    defaults = json.loads(body)["schema"]["properties"]
    assert defaults["fetchNews"]["default"] == "false"  # no "Jupyter news?" pop-up


def _kernels_and_terminals_find_jaxtour_and_never_see_the_token_and_reset_waits(
    lab, base, token
) -> None:
    """A notebook's kernel and a terminal see this environment's bin first on PATH and no
    token, and `jaxtour reset` refuses while the lesson is open (lesson 03)."""
    here = Path(sys.executable).parent
    session = _post(
        f"{base}/api/sessions",
        token,
        {
            "path": "03_grad.ipynb",
            "type": "notebook",
            "name": "",
            "kernel": {"name": "python3"},
        },
    )
    code = (
        "import json, os, shutil\n"
        "print(json.dumps({'path': os.environ['PATH'].split(os.pathsep)[0], "
        "'jaxtour': shutil.which('jaxtour'), "
        "'tokens': {k: v for k, v in os.environ.items() if 'TOKEN' in k}}))"
    )
    kernel = json.loads(asyncio.run(_kernel_prints(base, token, session["kernel"]["id"], code)))
    assert kernel["path"] == str(here)
    if (here / "jaxtour").exists():
        assert kernel["jaxtour"] == str(here / "jaxtour")
    assert kernel["tokens"] == {}  # no JUPYTER_TOKEN, no JAXTOUR_LAB_TOKEN
    name = _post(f"{base}/api/terminals", token)["name"]
    said = asyncio.run(
        _terminal_prints(
            base,
            token,
            name,
            # one name per `command -v`: POSIX takes one, and dash ignores the rest
            "command -v jaxtour; command -v python; env | grep -c TOKEN; echo $BASH_VERSION",
        )
    )
    if (here / "jaxtour").exists():
        assert f"{here / 'jaxtour'}\r\n{here / 'python'}\r\n0\r\n" in said, said
    if (shell := cli.terminal_shell()) and Path(shell).name == "bash":
        assert re.search(r"0\r\n\d+\.\d+", said), f"the terminal is not bash: {said}"

    # The lesson is open: reset refuses and changes nothing; once closed, it goes ahead.
    lesson = lab.ws / "03_grad.ipynb"
    lesson.write_text(lesson.read_text().replace("grad", "GRAD", 1))  # "saved work"
    saved = lesson.read_bytes()
    reset = run("reset", "03", "--dir", str(lab.ws), cwd=lab.ws.parent, env=lab.env)
    assert reset.returncode == 1
    assert reset.stderr.startswith(f"jaxtour: 03_grad.ipynb is open in JupyterLab ({base}/)")
    assert lesson.read_bytes() == saved and not (lab.ws / "backups").exists()
    _post(f"{base}/api/sessions/{session['id']}", token, method="DELETE")
    reset = run("reset", "03", "--dir", str(lab.ws), cwd=lab.ws.parent, env=lab.env)
    assert reset.returncode == 0, reset.stderr
    (backup,) = (lab.ws / "backups").iterdir()
    assert backup.read_bytes() == saved


def _reset_refuses_while_the_lesson_is_in_a_tab_whose_kernel_is_gone(lab, base, token) -> None:
    """The notebook's kernel is shut down (as the idle culler does), so its session is
    gone, but its tab, with whatever it has unsaved, is still open in the workspace state
    JupyterLab keeps through the workspaces API: reset refuses. Once the tab is closed
    (JupyterLab saves the state without it), reset goes ahead (lesson 04: lesson 03 has a
    backup already)."""
    name = "04_argnums_and_pytrees.ipynb"
    notebook = {"path": name, "type": "notebook", "name": ""}
    session = _post(f"{base}/api/sessions", token, {**notebook, "kernel": {"name": "python3"}})

    def save_tabs(*paths: str) -> None:  # what JupyterLab PUTs when its layout changes
        state = workspace_state(list(paths))
        _post(f"{base}/lab/api/workspaces/default", token, state, method="PUT")

    def backups() -> list[Path]:
        return sorted((lab.ws / "backups").glob("04_*"))

    save_tabs("00_welcome.ipynb", name)
    _post(f"{base}/api/kernels/{session['kernel']['id']}", token, method="DELETE")
    assert json.loads(_get(f"{base}/api/sessions", token)[1]) == []  # no session left

    lesson = lab.ws / name
    lesson.write_text(lesson.read_text().replace("grad", "GRAD", 1))  # "saved work"
    saved = lesson.read_bytes()
    reset = run("reset", "04", "--dir", str(lab.ws), cwd=lab.ws.parent, env=lab.env)
    assert reset.returncode == 1
    assert reset.stderr.startswith(f"jaxtour: {name} is open in JupyterLab ({base}/)")
    assert reset.stderr.count("\n") == 1
    assert lesson.read_bytes() == saved and backups() == []

    save_tabs("00_welcome.ipynb")  # the tab closed: no tab and no session has it
    reset = run("reset", "04", "--dir", str(lab.ws), cwd=lab.ws.parent, env=lab.env)
    assert reset.returncode == 0, reset.stderr
    (backup,) = backups()
    assert backup.read_bytes() == saved
