"""``jaxtour`` where its output goes somewhere odd: a pipe closed early (``| head -1``,
``| true``), an encoding without the bar characters (cp1252 as on a Windows redirect,
ASCII), and commands it prints for a folder starting with ``-`` or holding spaces. Each
case ends with the records counted: the store the command read is as it was."""

from __future__ import annotations

import codecs
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from jaxtour import cli, hosts
from jaxtour.learner import progress_store, progress_view, workspace
from tests.helpers import ROOT

JAXTOUR = [sys.executable, "-m", "jaxtour.cli"]


@pytest.fixture(scope="module")
def module_store(tmp_path_factory):
    """A store with three checks, in this module's own data folder: each test leaves it
    as it was (each asserts so), so the runs each test compares with are made once."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(progress_store.ENV_DIR, str(tmp_path_factory.mktemp("cli") / "data"))
        patch.setenv(progress_store.ENV_SWITCH, "on")
        progress_store.record("01.arange", "correct")
        progress_store.record("03.gradient", "incorrect", "sum-not-grad")
        progress_store.record("03.gradient", "correct")
        path = progress_store.store_path()
        yield path, path.read_bytes(), dict(os.environ)


@pytest.fixture
def store(module_store, monkeypatch):
    """The module's store, this test's data folder."""
    path, before, env = module_store
    for name in (progress_store.ENV_DIR, progress_store.ENV_SWITCH):
        monkeypatch.setenv(name, env[name])
    assert path.read_bytes() == before
    return path, before


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


# --- every output path, in Russian, where the output cannot write Cyrillic or is closed ---

# Each of jaxtour's output paths: a usage error before or after the command, the help,
# each progress form, an unknown lesson, a folder that is no workspace, a lab's dry run
# and a reset in it (FOLDER: the test's folder).
PATHS = {
    "usage error": ["bogus"],
    "unknown option": ["progress", "--bogus"],
    "help": ["--help"],
    "command help": ["reset", "--help"],
    "bars": ["progress"],
    "csv": ["progress", "--csv"],
    "json": ["progress", "--json"],
    "unknown lesson": ["reset", "99"],
    "no workspace": ["reset", "03", "--dir=FOLDER/none"],
    "lab dry run": ["lab", "FOLDER/ws", "--dry-run", "--port", "PORT"],
    "reset": ["reset", "03", "--dir=FOLDER/ws"],
}


def run_paths(tmp_path: Path, lang: str, redirect: str = "", **env: str) -> dict[str, tuple]:
    """Each path run in order in its own jaxtour (the lab's dry run makes the workspace
    the reset then resets): its status, stdout and stderr."""
    results = {}
    port = str(hosts.free_port())
    for name, words in PATHS.items():
        words = [word.replace("FOLDER", str(tmp_path)).replace("PORT", port) for word in words]
        command = shlex.join([*JAXTOUR, "--lang", lang, *words]) + redirect
        finished = subprocess.run(
            command, shell=True, capture_output=True, env=environment(**env), timeout=120
        )
        results[name] = (finished.returncode, finished.stdout, finished.stderr)
    return results


NOTE = (
    b"jaxtour: this terminal's encoding ({encoding}) has no Russian letters, so jaxtour "
    b"speaks English here; for Russian, use a UTF-8 locale (LANG=C.UTF-8) or "
    b"PYTHONIOENCODING=utf-8.\n"
)


def same(russian: bytes, english: bytes, tmp_path: Path, english_in: Path) -> bool:
    """The same words, the folders aside: the Russian run's in tmp_path/ru, its lessons
    in the workspace's ru/ (the edition asked for), the English run's in english_in/en."""
    where = str(tmp_path).encode()
    russian = russian.replace(where + b"/ru", b"X").replace(b"X/none/ru", b"X/none")
    russian = russian.replace(b"X/ws/ru", b"X/ws").replace(b"/lab/tree/ru/", b"/lab/tree/")
    english = english.replace(str(english_in).encode() + b"/en", b"X")
    token, port = re.compile(rb"TOKEN=[0-9a-f]+"), re.compile(rb"(127\.0\.0\.1:|port=)\d+")
    count = re.compile(rb"copied \d+ lesson files")  # the Russian edition has its own count
    russian, english = (
        count.sub(b"copied N lesson files", port.sub(rb"\1P", token.sub(b"TOKEN=T", t)))
        for t in (russian, english)
    )
    return russian == english


# What each path says with its streams open, run once for the tests that compare with it
# (3.3 s of CPU a run of every path; 2026-12-06, CONTRIBUTING.md).


@pytest.fixture(scope="module")
def english_runs(module_store, tmp_path_factory):
    """Every path in English, in UTF-8, in tmp_path/en of the module's run folder."""
    folder = tmp_path_factory.mktemp("paths")
    with pytest.MonkeyPatch.context() as patch:
        for name in (progress_store.ENV_DIR, progress_store.ENV_SWITCH):
            patch.setenv(name, module_store[2][name])
        return folder, run_paths(folder / "en", "en", PYTHONIOENCODING="utf-8")


@pytest.fixture(scope="module")
def open_runs(module_store, tmp_path_factory):
    """Every path in Russian, its streams open, in the folder it returns."""
    folder = tmp_path_factory.mktemp("paths")
    with pytest.MonkeyPatch.context() as patch:
        for name in (progress_store.ENV_DIR, progress_store.ENV_SWITCH):
            patch.setenv(name, module_store[2][name])
        return run_paths(folder / "open", "ru"), folder / "open"


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_russian_where_the_output_has_no_cyrillic_is_english_with_one_note(
    store, english_runs, tmp_path, encoding
):
    """`jaxtour --lang ru bogus` under PYTHONIOENCODING=ascii printed `\\u0430...`: now
    every path says what it says in English (as an English run in UTF-8 says it, byte for
    byte), after one line that says why and how to get Russian; never a traceback; the
    same status; the lessons copied are still the Russian ones; the records as they were."""
    path, before = store
    english_in, english = english_runs
    russian = run_paths(tmp_path / "ru", "ru", PYTHONIOENCODING=encoding, LC_ALL="C")
    note = NOTE.replace(b"{encoding}", codecs.lookup(encoding).name.encode())
    for name in PATHS:
        status, out, err = russian[name]
        want_status, want_out, want_err = english[name]
        if name == "bars":  # no bar glyphs in this encoding: the plain ASCII bars
            want_out = progress_view.plain(want_out.decode()).encode()
        assert status == want_status, name
        assert same(out, want_out, tmp_path, english_in), name
        assert err.startswith(note) and b"Traceback" not in err, name
        assert same(err[len(note) :], want_err, tmp_path, english_in), name
    assert (tmp_path / "ru" / "ws" / "ru").is_dir()  # the Russian edition, as asked
    assert path.read_bytes() == before


@pytest.mark.skipif(os.name != "posix", reason="closing a descriptor in the shell: POSIX")
@pytest.mark.parametrize("closed", [">&-", "2>&-", ">&- 2>&-"])
def test_every_path_with_a_closed_stream_is_no_traceback(store, open_runs, tmp_path, closed):
    path, before = store
    open_, opened = open_runs
    shut = run_paths(tmp_path / "closed", "ru", " " + closed)
    for name in PATHS:
        status, out, err = shut[name]
        assert status == open_[name][0], name
        assert b"Traceback" not in err and b"Error" not in err, name
        if "2>&-" not in closed:
            said = open_[name][2].replace(str(opened).encode(), str(tmp_path / "closed").encode())
            assert err == said, name
    assert path.read_bytes() == before
