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
from pathlib import Path

import pytest

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
        for i in range({count}):
            assert progress.record({exercise!r}, "incorrect", f"m{{i}}")
            if i == 0 and {str(ready)!r} != "None":
                pathlib.Path({str(ready)!r}).write_text("started")
        """
    )


def test_every_check_outcome_is_recorded(store):
    checks.check("01.arange", ...)
    checks.check("01.arange", [0, 1])
    checks.check("01.arange", checks.reference_answer("01.arange"))
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
    feedback = checks.check("01.arange", checks.reference_answer("01.arange"))
    assert feedback.status == "correct"
    assert progress.record("01.arange", "correct") is False
    assert capfd.readouterr().err == ""


def test_the_default_folder_is_the_platforms_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(progress.ENV_DIR, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    if sys.platform.startswith("linux"):
        assert progress.data_dir() == tmp_path / "jaxtour"
    monkeypatch.setenv(progress.ENV_DIR, "~/elsewhere")
    assert progress.data_dir() == Path.home() / "elsewhere"
