"""The workspace loses nothing: a full disk leaves no cut-short lesson, a cut-short copy
is named (never silently replaced), and reset refuses while the lesson is open in a
running Jupyter server, whose answer comes from its runtime file and REST API."""

from __future__ import annotations

import http.server
import json
import os
import shlex
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from jaxtour import cli
from jaxtour.learner import lab_servers, workspace
from tests.helpers import ROOT

JAXTOUR = [sys.executable, "-m", "jaxtour.cli"]
FILE_LIMIT = 4096  # bytes: like a disk that fills up after the first block of a lesson


# Runs jaxtour with writes past ``limit`` bytes failing with EFBIG, as on a full disk (set
# in the child itself: a preexec_fn would fork this multithreaded JAX process).
LIMITED = (
    "import resource, runpy, signal, sys\n"
    "limit = int(sys.argv.pop(1))\n"
    "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
    "resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))\n"
    "runpy.run_module('jaxtour.cli', run_name='__main__', alter_sys=True)\n"
)


def run(*args: str, cwd: Path, file_limit: int | None = None) -> subprocess.CompletedProcess:
    command = [sys.executable, "-c", LIMITED, str(file_limit)] if file_limit else JAXTOUR
    return subprocess.run(
        [*command, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "PYTHONDONTWRITEBYTECODE": "1",
            "JUPYTER_RUNTIME_DIR": str(cwd / "jupyter-runtime"),
        },
    )


def _leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.rglob("*jaxtour-tmp*")]


# --- a full disk ---------------------------------------------------------------------------


def test_a_full_disk_at_the_first_lab_leaves_no_cut_short_lesson(tmp_path):
    result = run("lab", "ws", "--dry-run", "--port", "9", cwd=tmp_path, file_limit=FILE_LIMIT)
    assert result.returncode == 1
    assert result.stderr == (
        f"jaxtour: cannot copy 00_welcome.ipynb into {Path('ws')}: File too large\n"
    )
    ws = tmp_path / "ws"
    assert not (ws / "00_welcome.ipynb").exists() and _leftovers(ws) == []
    again = run("lab", "ws", "--dry-run", "--port", "9", cwd=tmp_path)  # room again
    assert again.returncode == 0, again.stderr
    assert "cannot be opened" not in again.stdout
    for source in workspace.lesson_files():
        assert (ws / source.name).read_bytes() == source.read_bytes()


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(path.relative_to(folder)): (path.read_bytes(), path.stat().st_mtime_ns)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.mark.parametrize("file_limit", [FILE_LIMIT, 1])
def test_a_full_disk_at_a_later_lab_starts_and_changes_nothing(tmp_path, file_limit):
    first = run("lab", "ws", "--dry-run", "--port", "9", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    ws = tmp_path / "ws"
    (ws / "03_grad.ipynb").write_text((ws / "03_grad.ipynb").read_text().replace("grad", "G", 1))
    before = _snapshot(ws)
    result = run("lab", "ws", "--dry-run", "--port", "9", cwd=tmp_path, file_limit=file_limit)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "--ServerApp.root_dir=" in result.stdout.splitlines()[-1]
    assert _snapshot(ws) == before and _leftovers(ws) == []


def test_a_full_disk_at_reset_leaves_the_learners_copy_as_it_was(tmp_path):
    ws = tmp_path / "jaxtour-lessons"
    workspace.sync(ws)
    (ws / "03_grad.ipynb").write_text("my answers")
    result = run("reset", "03", cwd=tmp_path, file_limit=FILE_LIMIT)
    assert result.returncode == 1
    assert result.stderr == (
        f"jaxtour: cannot reset 03_grad.ipynb in {Path('jaxtour-lessons')}: File too large "
        "(your copy is as it was)\n"
    )
    assert (ws / "03_grad.ipynb").read_text() == "my answers"
    assert list((ws / "backups").iterdir()) == [] and _leftovers(ws) == []


def test_a_cut_short_copy_is_named_at_lab_and_reset_backs_it_up(tmp_path):
    ws = tmp_path / "my ws"  # a space: the printed command must still work when pasted
    workspace.sync(ws)
    shipped = (workspace.shipped_lessons() / "03_grad.ipynb").read_bytes()
    (ws / "03_grad.ipynb").write_bytes(shipped[:FILE_LIMIT])  # what an old jaxtour left
    (ws / "05_has_aux.ipynb").write_text('{"not": "a notebook"}')
    result = run("lab", "my ws", "--dry-run", "--port", "9", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if "cannot be opened" in line]
    assert lines == [
        "jaxtour: your 03_grad.ipynb cannot be opened as a notebook: it is not valid JSON "
        "(cut short?). `jaxtour reset 03 '--dir=my ws'` moves it to backups/ and restores "
        "a fresh copy.",
        "jaxtour: your 05_has_aux.ipynb cannot be opened as a notebook: it is JSON but not a "
        "notebook. `jaxtour reset 05 '--dir=my ws'` moves it to backups/ and restores a "
        "fresh copy.",
    ]
    assert (ws / "03_grad.ipynb").read_bytes() == shipped[:FILE_LIMIT]  # never replaced
    command = shlex.split(lines[0].split("`")[1])
    assert command[:2] == ["jaxtour", "reset"]
    reset = run(*command[1:], cwd=tmp_path)
    assert reset.returncode == 0, reset.stderr
    (backup,) = (ws / "backups").iterdir()
    assert backup.read_bytes() == shipped[:FILE_LIMIT]
    assert (ws / "03_grad.ipynb").read_bytes() == shipped


def test_the_newer_lesson_hint_quotes_the_folder(tmp_path):
    ws = tmp_path / "a b;c"
    workspace.sync(ws)
    manifest = ws / workspace.MANIFEST
    data = json.loads(manifest.read_text())
    data["copied_from"]["02_timing_honestly.ipynb"] = "an older release"
    manifest.write_text(json.dumps(data))
    result = run("lab", "a b;c", "--dry-run", "--port", "9", cwd=tmp_path)
    (line,) = [line for line in result.stdout.splitlines() if "a newer" in line]
    assert shlex.split(line.split("`")[1]) == ["jaxtour", "reset", "02", "--dir=a b;c"]


# --- reset and a running Jupyter server -------------------------------------------------------


def workspace_state(tabs: list[str], name: str = "default") -> dict:
    """A JupyterLab workspace as JupyterLab 4 saves it, with ``tabs`` open in its main area."""
    keys = [f"notebook:{path}" for path in tabs]
    layout = {"main": {"dock": {"type": "tab-area", "currentIndex": 0, "widgets": keys}}}
    return {
        "data": {
            "layout-restorer:data": layout,
            "file-browser-filebrowser:cwd": {"path": ""},
            **{
                key: {"data": {"path": path, "factory": "Notebook"}}
                for key, path in zip(keys, tabs, strict=True)
            },
        },
        "metadata": {"id": name},
    }


class FakeServer:
    """A Jupyter server's runtime file, ``GET /api/sessions`` and, when given ``tabs``,
    JupyterLab's ``GET /lab/api/workspaces``; nothing else."""

    def __init__(
        self, runtime: Path, root: Path, open_paths: list[str], tabs: list[str] | None = None
    ) -> None:
        self.token = "secret-token"
        self.asked_with: list[str | None] = []
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                fake.asked_with.append(self.headers.get("Authorization"))
                sessions = [{"path": path, "type": "notebook"} for path in open_paths]
                answers = {"/api/sessions": sessions}
                if tabs is not None:
                    state = workspace_state(tabs)
                    answers["/lab/api/workspaces"] = {
                        "workspaces": {"ids": ["default"], "values": [state]}
                    }
                ok = self.path in answers
                ok = ok and self.headers.get("Authorization") == f"token {fake.token}"
                body = json.dumps(answers[self.path] if ok else {"message": "Forbidden"}).encode()
                self.send_response(200 if ok else 403)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.http = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.http.serve_forever, daemon=True).start()
        runtime.mkdir(parents=True, exist_ok=True)
        self.info = runtime / f"jpserver-{os.getpid()}.json"
        port = self.http.server_address[1]
        info = {"url": f"http://127.0.0.1:{port}/", "token": self.token, "pid": os.getpid()}
        self.info.write_text(json.dumps({**info, "root_dir": str(root)}))
        self.url = info["url"]

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


@pytest.fixture
def lab_workspace(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    ws = tmp_path / "ws"
    workspace.sync(ws)
    (ws / "03_grad.ipynb").write_text("my answers, saved")
    return ws


def test_reset_refuses_while_the_lesson_is_open_in_a_server(lab_workspace, tmp_path, capsys):
    server = FakeServer(tmp_path / "runtime", tmp_path, ["ws/03_grad.ipynb"])  # root above
    try:
        assert cli.main(["reset", "03", "--dir", str(lab_workspace)]) == 1
    finally:
        server.close()
    err = capsys.readouterr().err
    assert err == (
        f"jaxtour: 03_grad.ipynb is open in JupyterLab ({server.url}): save it there "
        "(File > Save Notebook), close it with File > Close and Shut Down Notebook, then run "
        f"`jaxtour reset 03 {shlex.quote('--dir=' + str(lab_workspace))}` again. "
        "Nothing was changed.\n"
    )
    assert server.asked_with == ["token secret-token"]
    assert (lab_workspace / "03_grad.ipynb").read_text() == "my answers, saved"
    assert not (lab_workspace / "backups").exists()


def test_reset_refuses_while_the_lesson_is_in_a_tab_whose_kernel_is_gone(
    lab_workspace, tmp_path, capsys
):
    """A culled or shut-down kernel ends the session, not the tab and its unsaved edits."""
    server = FakeServer(tmp_path / "runtime", tmp_path, [], tabs=["ws/03_grad.ipynb"])
    try:
        assert cli.main(["reset", "03", "--dir", str(lab_workspace)]) == 1
    finally:
        server.close()
    err = capsys.readouterr().err
    assert err.startswith(f"jaxtour: 03_grad.ipynb is open in JupyterLab ({server.url}): ")
    assert err.endswith("Nothing was changed.\n") and err.count("\n") == 1
    assert server.asked_with == ["token secret-token"] * 2  # its sessions, then its tabs
    assert (lab_workspace / "03_grad.ipynb").read_text() == "my answers, saved"
    assert not (lab_workspace / "backups").exists()


def test_reset_goes_ahead_when_only_other_lessons_are_open(lab_workspace, tmp_path, capsys):
    server = FakeServer(
        tmp_path / "runtime",
        lab_workspace,
        ["04_argnums_and_pytrees.ipynb"],
        tabs=["04_argnums_and_pytrees.ipynb", "ru/03_grad.ipynb", "backups/03_grad.ipynb"],
    )
    try:
        assert cli.main(["reset", "03", "--dir", str(lab_workspace)]) == 0
    finally:
        server.close()
    out, err = capsys.readouterr()
    assert "moved your 03_grad.ipynb to backups/" in out and err == ""
    (backup,) = (lab_workspace / "backups").iterdir()
    assert backup.read_text() == "my answers, saved"


def test_servers_elsewhere_or_gone_are_not_asked(lab_workspace, tmp_path, capsys):
    elsewhere = FakeServer(tmp_path / "runtime", tmp_path / "other", ["03_grad.ipynb"])
    gone = tmp_path / "runtime" / "jpserver-1.json"  # pid 1 is alive but no server of ours
    dead = tmp_path / "runtime" / "jpserver-999999999.json"
    dead.write_text(json.dumps({"url": "http://127.0.0.1:9/", "pid": 999999999, "root_dir": "/"}))
    gone.write_text(json.dumps({"url": "http://127.0.0.1:9/", "pid": 1, "root_dir": "/"}))
    try:
        answer = lab_servers.where_open(lab_workspace / "03_grad.ipynb")
    finally:
        elsewhere.close()
    assert elsewhere.asked_with == []  # its root does not hold the workspace
    assert answer.open_in == [] and answer.unasked == ["http://127.0.0.1:9/"]
    # A server that does not answer cannot say: reset goes ahead and says so.
    assert cli.main(["reset", "03", "--dir", str(lab_workspace)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("jaxtour: the Jupyter server at http://127.0.0.1:9/ did not say")


def test_commands_run_inside_a_workspace_mean_that_workspace(tmp_path, monkeypatch):
    """A terminal opened in JupyterLab starts in the workspace: `jaxtour reset 03` there
    means this folder's lesson, not ./jaxtour-lessons inside it."""
    monkeypatch.chdir(tmp_path)
    assert workspace.default_dir() == workspace.DEFAULT_DIR
    workspace.sync(tmp_path / "ws")
    monkeypatch.chdir(tmp_path / "ws")
    assert workspace.default_dir() == "."
