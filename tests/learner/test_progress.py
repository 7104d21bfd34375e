"""The progress store: recorded, atomic, concurrent, crash-safe, self-healing, never in the way."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
import warnings
from pathlib import Path, PureWindowsPath

import platformdirs
import pytest
from platformdirs.macos import MacOS
from platformdirs.unix import Unix
from platformdirs.windows import Windows

from jaxtour import checks
from jaxtour.exercises import ids_by_lesson
from jaxtour.learner import progress_store as progress
from tests.helpers import ROOT


@pytest.fixture
def store(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(progress.ENV_DIR, str(tmp_path))
    monkeypatch.setenv(progress.ENV_SWITCH, "on")
    return tmp_path / progress.STORE_NAME


def _writer_script(exercise: str, count: int, ready: Path | None = None) -> str:
    return textwrap.dedent(
        f"""
        import pathlib
        from jaxtour.learner import progress_store as progress
        for i in range({count}):  # one kept waiting too long is saved with the next
            progress.record({exercise!r}, "incorrect", f"m{{i}}")
            if i == 0 and {str(ready)!r} != "None":
                pathlib.Path({str(ready)!r}).write_text("started")
        """
    )


def test_every_check_outcome_is_recorded(store):
    checks.check("01.arange", ...)
    checks.check("01.arange", [0, 1])
    checks.check("01.arange", checks._reference("01.arange"))
    checks.check("01.default_dtype", "float64")
    done = progress.read()
    assert progress.count() == 4
    assert done["01.arange"].attempts == 2 and done["01.arange"].passed  # ... is no attempt
    assert done["01.default_dtype"].last_status == "incorrect"
    rows = {r.lesson: r for r in progress.by_lesson(ids_by_lesson())}
    assert (rows["01_jnp_as_numpy"].attempted, rows["01_jnp_as_numpy"].passed) == (2, 1)
    note = checks.progress()
    assert "01_jnp_as_numpy" in note.text() and str(store) in note.text()


def test_recording_can_be_switched_off(store, monkeypatch):
    monkeypatch.setenv(progress.ENV_SWITCH, "off")
    checks.check("01.arange", [0, 1])
    assert not store.exists()


def test_two_processes_checking_at_once_lose_no_record(store):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writers = [
        subprocess.Popen([sys.executable, "-c", _writer_script(name, 150)], env=env)
        for name in ("01.arange", "01.center")
    ]
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    done = progress.read()
    assert done["01.arange"].attempts == 150 and done["01.center"].attempts == 150
    assert progress.count() == 300


def test_a_process_killed_mid_write_leaves_a_readable_store(store, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for attempt in range(3):
        ready = tmp_path / f"ready{attempt}"
        writer = subprocess.Popen(
            [sys.executable, "-c", _writer_script("01.arange", 10**6, ready)], env=env
        )
        deadline = time.monotonic() + 60
        while not ready.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.05 * (attempt + 1))  # let it get well into a stream of writes
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait(timeout=30)
        with sqlite3.connect(store) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        before = progress.count()
        assert before > 0
        assert progress.record("01.center", "correct")  # still writable after the crash
        assert progress.count() == before + 1


def test_a_corrupt_store_is_backed_up_with_one_warning_and_replaced(store):
    store.parent.mkdir(parents=True, exist_ok=True)
    garbage = b"this is not a database" * 100
    store.write_bytes(garbage)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        feedback = checks.check("01.arange", [0, 1])
        checks.check("01.arange", [0, 1, 2])
    assert feedback.status == "incorrect"
    assert len([w for w in caught if "progress store" in str(w.message)]) == 1
    backups = list(store.parent.glob("progress.corrupt-*.sqlite3"))
    assert len(backups) == 1 and backups[0].read_bytes() == garbage
    assert progress.count() == 2


def test_check_never_fails_because_of_the_store(tmp_path, monkeypatch, capfd):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv(progress.ENV_DIR, str(blocker))
    monkeypatch.setenv(progress.ENV_SWITCH, "on")
    feedback = checks.check("01.arange", checks._reference("01.arange"))
    assert feedback.status == "correct"
    assert progress.record("01.arange", "correct") is False
    assert capfd.readouterr().err == ""


def _default_folder(monkeypatch, home: Path, platform: type) -> Path:
    """data_dir() as ``platform`` (a platformdirs class) would give it, with ``home``."""
    monkeypatch.delenv(progress.ENV_DIR, raising=False)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setattr(platformdirs, "PlatformDirs", platform)
    return progress.data_dir()


def test_the_default_folder_on_linux_is_where_it_always_was(monkeypatch, tmp_path):
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert _default_folder(monkeypatch, tmp_path, Unix) == tmp_path / ".local/share/jaxtour"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert _default_folder(monkeypatch, tmp_path, Unix) == tmp_path / "xdg" / "jaxtour"


def test_the_default_folder_on_macos_is_where_it_always_was(monkeypatch, tmp_path):
    # (platformdirs also honours XDG_DATA_HOME on macOS; jaxtour's own rule did not.)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    expected = tmp_path / "Library" / "Application Support" / "jaxtour"
    assert _default_folder(monkeypatch, tmp_path, MacOS) == expected


def test_the_default_folder_on_windows_is_where_it_always_was(monkeypatch, tmp_path):
    appdata = r"C:\Users\ada\AppData\Roaming"  # %APPDATA%, the roaming profile
    monkeypatch.setenv("WIN_PD_OVERRIDE_APPDATA", appdata)  # platformdirs' stand-in for it
    folder = _default_folder(monkeypatch, tmp_path, Windows)
    assert PureWindowsPath(str(folder)) == PureWindowsPath(appdata) / "jaxtour"


def test_jaxtour_data_dir_moves_the_store(monkeypatch):
    monkeypatch.setenv(progress.ENV_DIR, "~/elsewhere")
    assert progress.data_dir() == Path.home() / "elsewhere"
