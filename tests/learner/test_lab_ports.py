"""Two ``jaxtour lab`` started at the same moment without ``--port``: each holds the port
it picked until it ends, so the other picks the next one, and each server has its own
log; a port another program binds before JupyterLab does is retried on the next free one
(bounded: ``cli.LAB_STARTS``). Each case ends with the ports held counted."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from jaxtour import cli
from jaxtour.learner import workspace
from tests.helpers import ROOT

PICK = "from jaxtour import cli; print(cli.choose_port(None), flush=True); input()"


def test_a_port_picked_is_not_picked_again_until_it_is_given_back():
    try:
        first = cli.choose_port(None)
        second = cli.choose_port(None)
        assert first != second  # nothing listens on either yet: the hold is what tells
        assert cli.log_name(first) != cli.log_name(second)
    finally:
        cli._release_ports()
    assert cli._held == {}
    assert cli.choose_port(None) == first  # given back: free for the next one
    cli._release_ports()


def test_two_jaxtours_at_once_pick_two_ports():
    """Another process holds what it picked, until it ends."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    other = subprocess.Popen(
        [sys.executable, "-c", PICK],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
    )
    try:
        assert other.stdout is not None
        theirs = int(other.stdout.readline())
        try:
            mine = cli.choose_port(None)
            assert mine != theirs
            assert cli._port_is_free(theirs)  # free to bind, yet held by the other jaxtour
        finally:
            cli._release_ports()
    finally:
        other.communicate("\n", timeout=60)
    assert other.returncode == 0
    try:
        assert cli.choose_port(theirs) == theirs  # its end gave it back
    finally:
        cli._release_ports()


# A stand-in for JupyterLab with --ServerApp.port_retries=0: binds the port it is given
# or exits 1 as Jupyter does; answers /api/status once, then exits 0.
STAND_IN = """
import http.server, sys, threading
port = int(sys.argv[1])
class Status(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.end_headers(); self.wfile.write(b"{}")
        threading.Thread(target=self.server.shutdown).start()
    def log_message(self, *args):
        pass
try:
    server = http.server.HTTPServer(("127.0.0.1", port), Status)
except OSError:
    print(f"[C ServerApp] ERROR: the Jupyter server could not be started because port "
          f"{port} is not available.", flush=True)
    sys.exit(1)
server.serve_forever()
"""
# Another program: binds the port it is given, says so, holds it until its stdin closes.
TAKER = """
import socket, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as servers do
s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen()
print("bound", flush=True); sys.stdin.read()
"""


def _take_ports_as_they_are_picked(monkeypatch, how_many: int) -> list[subprocess.Popen]:
    """The first ``how_many`` ports ``choose_port`` picks are bound by another process
    right after the pick, before the server starts: returns those processes."""
    takers: list[subprocess.Popen] = []
    picked = cli.choose_port

    def pick_then_take(*args, **kwargs):
        port = picked(*args, **kwargs)
        if len(takers) < how_many:
            taker = subprocess.Popen(
                [sys.executable, "-c", TAKER, str(port)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            takers.append(taker)
            assert taker.stdout is not None and taker.stdout.readline() == "bound\n"
        return port

    monkeypatch.setattr(cli, "choose_port", pick_then_take)
    monkeypatch.setattr(
        cli,
        "lab_command",
        lambda folder, port, *a, **k: [sys.executable, "-c", STAND_IN, str(port)],
    )
    return takers


def _end(takers: list[subprocess.Popen]) -> None:
    for taker in takers:
        taker.communicate("", timeout=60)


def test_a_port_another_program_takes_first_is_retried_on_the_next(tmp_path, monkeypatch, capsys):
    takers = _take_ports_as_they_are_picked(monkeypatch, 1)
    try:
        status = cli.main(["lab", str(tmp_path / "ws"), "--no-browser"])
        out, err = capsys.readouterr()
        taken = int(takers[0].args[-1])
        assert status == 0, err
        assert err == ""
        opened = [line for line in out.splitlines() if "lesson 00 is open at" in line]
        assert len(opened) == 1
        port = int(opened[0].split("127.0.0.1:")[1].split("/")[0])
        assert port > taken
        assert (
            f"jaxtour: starting JupyterLab on http://127.0.0.1:{port} (port {taken} is in use;"
            in out
        )
        logs = tmp_path / "ws" / workspace.LAB_DIR
        assert "not available" in (logs / cli.log_name(taken)).read_text()
        assert (logs / cli.log_name(port)).exists()
    finally:
        _end(takers)
    assert cli._held == {}  # every port given back


def test_retries_are_bounded_and_end_in_one_line(tmp_path, monkeypatch, capsys):
    takers = _take_ports_as_they_are_picked(monkeypatch, cli.LAB_STARTS)
    try:
        status = cli.main(["lab", str(tmp_path / "ws"), "--no-browser"])
        out, err = capsys.readouterr()
    finally:
        _end(takers)
    assert len(takers) == cli.LAB_STARTS
    assert status == 1
    assert err.startswith("jaxtour: JupyterLab did not start (exit status 1): ")
    assert err.count("\n") == 1
    assert out.count("starting JupyterLab on") == cli.LAB_STARTS
    assert cli._held == {}


def test_an_explicit_port_taken_by_another_program_is_not_retried(tmp_path, monkeypatch, capsys):
    takers = _take_ports_as_they_are_picked(monkeypatch, 1)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    try:
        status = cli.main(["lab", str(tmp_path / "ws"), "--no-browser", "--port", str(port)])
        out, err = capsys.readouterr()
    finally:
        _end(takers)
    assert status == 1
    assert err.startswith("jaxtour: JupyterLab did not start (exit status 1): ")
    assert out.count("starting JupyterLab on") == 1
