"""``jaxtour`` where its output goes somewhere odd: a pipe closed early (``| head -1``,
``| true``), an encoding without the bar characters (cp1252 as on a Windows redirect,
ASCII), and commands it prints for a folder starting with ``-`` or holding spaces. Each
case ends with the records counted: the store the command read is as it was."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from jaxtour import cli
from jaxtour.learner import progress_store, workspace
from tests.helpers import ROOT

JAXTOUR = [sys.executable, "-m", "jaxtour.cli"]


@pytest.fixture
def store(tmp_path, monkeypatch):
    """A store with three checks, in this test's own data folder."""
    monkeypatch.setenv(progress_store.ENV_DIR, str(tmp_path / "data"))
    monkeypatch.setenv(progress_store.ENV_SWITCH, "on")
    progress_store.record("01.arange", "correct")
    progress_store.record("03.gradient", "incorrect", "sum-not-grad")
    progress_store.record("03.gradient", "correct")
    path = progress_store.store_path()
    return path, path.read_bytes()


def environment(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1", **extra}


@pytest.mark.parametrize("reader", ["true", "head -c 1", "head -1"])
@pytest.mark.parametrize("form", ["--csv", "--json", ""])
def test_a_pipe_closed_early_prints_no_traceback(store, reader, form):
    path, before = store
    command = shlex.join([*JAXTOUR, "progress", *([form] if form else [])])
    # Enough output that the pipe is closed while jaxtour still writes: every lesson's
    # bars, or every exercise's row.
    finished = subprocess.run(
        f"{command} | {reader} >/dev/null",
        shell=True,
        capture_output=True,
        text=True,
        env=environment(),
        timeout=120,
    )
    assert "Traceback" not in finished.stderr and "Error" not in finished.stderr
    assert finished.stderr == ""
    assert path.read_bytes() == before  # the records as they were


@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "utf-8"])
def test_an_encoding_without_the_bar_glyphs_gets_ascii_bars(store, encoding):
    path, before = store
    finished = subprocess.run(
        [*JAXTOUR, "progress"],
        capture_output=True,
        env=environment(PYTHONIOENCODING=encoding),
        timeout=120,
    )
    assert finished.returncode == 0, finished.stderr
    assert b"Traceback" not in finished.stderr
    out = finished.stdout.decode(encoding)
    bars = [line for line in out.splitlines() if line.startswith("01_")]  # 1 passed of 4
    assert len(bars) == 1
    if encoding == "utf-8":
        assert "\u2588" in bars[0] and "\u2591" in bars[0]
    else:
        assert out.isascii() and "#" in bars[0] and "." in bars[0]
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", ["-dash-rel", "my ws", "--dir", "it's"])
def test_every_printed_reset_command_works_when_pasted(tmp_path, name):
    """The command ``jaxtour lab`` prints for a broken lesson, pasted as it is into a
    shell in the same folder, resets that lesson: the learner's copy in backups/."""
    ws = tmp_path / name
    workspace.sync(ws)
    (ws / "03_grad.ipynb").write_text("my answers")
    line = cli.reset_command("03_grad.ipynb", name)
    assert f"--dir={name}" in shlex.split(line)
    pasted = [*JAXTOUR, *shlex.split(line)[1:]]
    finished = subprocess.run(
        pasted, cwd=tmp_path, capture_output=True, text=True, env=environment(), timeout=120
    )
    assert finished.returncode == 0, finished.stderr
    backups = list((ws / workspace.BACKUPS).iterdir())
    assert [path.read_text() for path in backups] == ["my answers"]
    assert (ws / "03_grad.ipynb").read_text() != "my answers"


def test_the_default_folder_needs_no_dir():
    assert cli.reset_command("03_grad.ipynb", workspace.default_dir()) == "jaxtour reset 03"


def test_pasted_path_keeps_its_shape(tmp_path):
    assert Path(shlex.split(cli.reset_command("03_grad.ipynb", "a b/-c"))[3][6:]) == Path("a b/-c")


# --- round 2 (issue 36, session 44) ---------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("form", ["--csv", "--json", ""])
def test_a_full_disk_under_the_output_is_one_line(store, form):
    path, before = store
    command = shlex.join([*JAXTOUR, "progress", *([form] if form else [])])
    finished = subprocess.run(
        f"{command} > /dev/full",
        shell=True,
        capture_output=True,
        text=True,
        env=environment(),
        timeout=120,
    )
    assert finished.returncode == 1
    assert finished.stderr == f"jaxtour: {os.strerror(28)}\n"  # ENOSPC, in the system's words
    assert path.read_bytes() == before


@pytest.mark.skipif(os.name != "posix", reason="closing a descriptor in the shell: POSIX")
@pytest.mark.parametrize("closed", [">&-", "2>&- >&-"])
def test_a_closed_stdout_is_no_traceback(store, closed):
    path, before = store
    finished = subprocess.run(
        f"{shlex.join([*JAXTOUR, 'progress', '--csv'])} {closed}",
        shell=True,
        capture_output=True,
        text=True,
        env=environment(),
        timeout=120,
    )
    assert finished.returncode == 0
    assert "Traceback" not in finished.stderr
    assert path.read_bytes() == before
