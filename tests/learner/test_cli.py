"""The jaxtour command: a workspace that never loses work, doctor, progress, reset, errors."""

from __future__ import annotations

import json
import os
import re
import socket
import stat
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from jaxtour import catalog, cli, i18n
from jaxtour.i18n import translate
from jaxtour.learner import backups, doctor, workspace
from tests.helpers import ROOT

JAXTOUR = [sys.executable, "-m", "jaxtour.cli"]


def run(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*JAXTOUR, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            **os.environ,
            "PYTHONPATH": str(ROOT),
            # Jupyter servers running on this machine are not these tests' business.
            "JUPYTER_RUNTIME_DIR": str(cwd / "jupyter-runtime"),
            **(env or {}),
        },
    )


def test_lab_copies_the_lessons_and_never_overwrites(tmp_path):
    first = run("lab", "ws", "--dry-run", "--port", str(_free_port()), cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    ws = tmp_path / "ws"
    shipped = [p.name for p in workspace.lesson_files()]
    assert sorted(p.name for p in ws.iterdir() if not p.name.startswith(".")) == sorted(shipped)
    assert "copied" in first.stdout and "--ServerApp.ip=127.0.0.1" in first.stdout
    assert "--ServerApp.root_dir=" in first.stdout

    mine = ws / "03_grad.ipynb"
    mine.write_text('{"my": "work"}')
    (ws / "04_argnums_and_pytrees.ipynb").unlink()
    second = run("lab", "ws", "--dry-run", "--port", str(_free_port()), cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    assert mine.read_text() == '{"my": "work"}'  # the learner's edit survives
    assert (ws / "04_argnums_and_pytrees.ipynb").exists()  # a deleted lesson comes back
    assert "a newer" not in second.stdout  # edits are not "newer shipped lessons"


def test_lab_names_shipped_lessons_newer_than_the_workspace_copy(tmp_path):
    ws = tmp_path / "ws"
    workspace.sync(ws)
    manifest = ws / workspace.MANIFEST
    data = json.loads(manifest.read_text())
    data["copied_from"]["02_timing_honestly.ipynb"] = "an older release"
    manifest.write_text(json.dumps(data))
    result = run("lab", "ws", "--dry-run", "--port", str(_free_port()), cwd=tmp_path)
    assert "a newer 02_timing_honestly.ipynb ships" in result.stdout
    assert "jaxtour reset 02" in result.stdout


def test_reset_backs_up_the_learners_file_then_restores_a_fresh_copy(tmp_path):
    ws = tmp_path / "jaxtour-lessons"
    workspace.sync(ws)
    lessons_before = workspace.lesson_files(ws)
    (ws / "05_has_aux.ipynb").write_text("my answers")
    result = run("reset", "05", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    saved = list((ws / "backups").glob("05_has_aux.backup-*.ipynb"))
    assert len(saved) == 1 and saved[0].read_text() == "my answers"
    assert re.fullmatch(r"05_has_aux\.backup-\d{8}-\d{6}\.ipynb", saved[0].name)
    fresh = workspace.shipped_lessons() / "05_has_aux.ipynb"
    assert (ws / "05_has_aux.ipynb").read_bytes() == fresh.read_bytes()
    # The backup is out of the way: the lesson list and the top level hold lessons only.
    assert workspace.lesson_files(ws) == lessons_before
    assert sorted(p.name for p in ws.glob("*.ipynb")) == sorted(
        p.name for p in lessons_before if p.suffix == ".ipynb"
    )
    assert result.stdout.splitlines() == [
        f"jaxtour: moved your 05_has_aux.ipynb to backups/{saved[0].name}",
        f"jaxtour: restored a fresh 05_has_aux.ipynb in {Path('jaxtour-lessons')}",
    ]
    (ws / "05_has_aux.ipynb").write_text("more answers")
    again = run("reset", "05_has_aux", cwd=tmp_path)  # a second reset keeps both backups
    assert again.returncode == 0
    assert len(list((ws / "backups").glob("05_has_aux.backup-*.ipynb"))) == 2
    assert run("reset", "5", cwd=tmp_path).returncode == 0  # "5" is lesson 05


def test_a_reset_of_an_unchanged_lesson_keeps_no_backup(tmp_path):
    ws = tmp_path / "jaxtour-lessons"
    workspace.sync(ws)
    result = run("reset", "03", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        "jaxtour: your 03_grad.ipynb is the shipped lesson as it is: nothing to do\n"
    )
    assert not (ws / "backups").exists()
    (ws / "03_grad.ipynb").unlink()  # a deleted lesson: nothing to back up either
    result = run("reset", "03", cwd=tmp_path)
    assert result.stdout.splitlines() == [
        f"jaxtour: restored a fresh 03_grad.ipynb in {Path('jaxtour-lessons')}"
    ]
    assert not (ws / "backups").exists()


def test_a_backup_never_replaces_another(tmp_path, monkeypatch):
    monkeypatch.setattr(backups.time, "strftime", lambda fmt: "20250101-120000")
    for text in ("first", "second", "third"):
        (tmp_path / "03_grad.ipynb").write_text(text)
        backups.move_to_backup(tmp_path / "03_grad.ipynb", "backup", into=tmp_path / "backups")
    saved = {p.name: p.read_text() for p in (tmp_path / "backups").iterdir()}
    assert saved == {
        "03_grad.backup-20250101-120000.ipynb": "first",
        "03_grad.backup-20250101-120000-1.ipynb": "second",
        "03_grad.backup-20250101-120000-2.ipynb": "third",
    }
    assert not (tmp_path / "03_grad.ipynb").exists()


def test_reset_where_backups_cannot_go_is_one_line_naming_backups(tmp_path):
    ws = tmp_path / "jaxtour-lessons"
    workspace.sync(ws)
    (ws / "03_grad.ipynb").write_text("my answers")
    (ws / "backups").write_text("a file where the backups folder should go")
    result = run("reset", "03", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr == (
        f"jaxtour: cannot back up 03_grad.ipynb: {Path('jaxtour-lessons/backups')} is a file, "
        "not a folder; move it aside, then try again (nothing was changed)\n"
    )
    assert (ws / "03_grad.ipynb").read_text() == "my answers"  # where it was, as it was


def test_an_unwritable_backups_folder_is_named_not_the_lesson(tmp_path, monkeypatch, capsys):
    ws = tmp_path / "ws"
    workspace.sync(ws)
    (ws / "03_grad.ipynb").write_text("my answers")

    def refused(source, target):  # what os.link says in a folder the learner cannot write
        raise PermissionError(13, "Permission denied", str(source), None, str(target))

    monkeypatch.setattr(backups.os, "link", refused)
    assert cli.main(["reset", "03", "--dir", str(ws)]) == 1
    err = capsys.readouterr().err
    assert err == (
        f"jaxtour: cannot back up 03_grad.ipynb into {ws / 'backups'}: Permission denied "
        "(nothing was changed)\n"
    )
    assert (ws / "03_grad.ipynb").read_text() == "my answers"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["reset", "99"], "no lesson '99'"),
        (["reset", "03", "--dir", "missing"], "is not a jaxtour workspace"),
        (["lab", "--port", "0", "--dry-run"], "--port must be between"),
        (["lab", "--port", "abc", "--dry-run"], "argument --port: not a port number: 'abc'"),
        (["lab", "--port", "1e3", "--dry-run"], "argument --port: not a port number: '1e3'"),
        (["lab", "--cull-after", "nan", "--dry-run"], "--cull-after must be a number of"),
        (["lab", "--cull-after", "inf", "--dry-run"], "--cull-after must be a number of"),
        (["lab", "--cull-after", "soon", "--dry-run"], "not a number of minutes: 'soon'"),
        (["lab", "--cull-after", "1e307", "--dry-run"], "--cull-after must be at most"),
        (["lab", "--cull-after", "1e13", "--dry-run"], "--cull-after must be at most"),
        (["lab", "--no-such-option"], "unrecognized arguments: --no-such-option"),
        (["reset"], "the following arguments are required: lesson"),
        (["reset", "03", "--dir", str(ROOT / "lessons")], "holds the lessons jaxtour ships"),
        (["lab", str(ROOT / "lessons"), "--dry-run"], "holds the lessons jaxtour ships"),
    ],
)
def test_errors_are_one_line_and_a_nonzero_exit(tmp_path, args, message):
    result = run(*args, cwd=tmp_path)
    assert result.returncode != 0
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_the_repositorys_lessons_are_refused_with_jaxtour_installed_from_a_wheel(
    tmp_path, monkeypatch, capsys
):
    """A wheel's lessons are in site-packages; a clone's lessons/ is refused all the same:
    by the pyproject.toml naming jaxtour beside it, or by its sources beside the notebooks."""
    wheel = tmp_path / "site-packages" / "jaxtour" / "lessons"
    for name in ("03_grad.ipynb", "ru/03_grad.ipynb"):
        (wheel / name).parent.mkdir(parents=True, exist_ok=True)
        (wheel / name).write_bytes((ROOT / "lessons" / name).read_bytes())
    monkeypatch.setattr(workspace, "shipped_lessons", lambda: wheel)
    clone = tmp_path / "clone"
    (clone / "lessons" / "ru").mkdir(parents=True)
    (clone / "pyproject.toml").write_bytes((ROOT / "pyproject.toml").read_bytes())
    for name in ("03_grad.ipynb", "ru/03_grad.ipynb"):  # notebooks only: the pyproject says
        (clone / "lessons" / name).write_bytes((wheel / name).read_bytes())
    copied = tmp_path / "lessons-copy"  # no pyproject.toml: its sources say
    copied.mkdir()
    for name in ("03_grad.md", "03_grad.ipynb"):
        (copied / name).write_bytes((ROOT / "lessons" / name).read_bytes())
    before = _files(tmp_path)
    refused = (
        "{folder} holds the lessons jaxtour ships, not your copies of them: use your "
        "workspace (by default ./{default}; `jaxtour lab` makes it)"
    )
    monkeypatch.setattr(i18n, "_chosen", [i18n._chosen[0]])  # --lang ru: this test only
    for args, folder, lang in (
        (["reset", "03", "--dir", str(clone / "lessons")], clone / "lessons", "en"),
        (["lab", str(clone / "lessons"), "--dry-run"], clone / "lessons", "en"),
        (["reset", "03", "--dir", str(copied)], copied, "en"),
        (
            ["reset", "03", "--dir", str(clone / "lessons"), "--lang", "ru"],
            clone / "lessons/ru",
            "ru",
        ),
    ):
        assert cli.main(args) == 1, args
        message = translate(refused, lang).format(folder=folder, default=workspace.DEFAULT_DIR)
        assert capsys.readouterr().err == f"jaxtour: {message}\n", args
    assert _files(tmp_path) == before  # no manifest, no backup, nothing moved


def test_a_workspace_with_its_own_paired_sources_is_still_a_workspace(tmp_path, capsys):
    ws = tmp_path / "ws"
    workspace.sync(ws)
    (ws / "03_grad.md").write_text("a jupytext pairing of the learner's own")
    (ws / "03_grad.ipynb").write_text("my answers")
    assert cli.main(["reset", "03", "--dir", str(ws)]) == 0, capsys.readouterr().err
    (backup,) = (ws / "backups").iterdir()
    assert backup.read_text() == "my answers"


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run("lab", "--port", str(port), "--dry-run", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.strip() == f"jaxtour: port {port} is in use; pick another with --port"


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_an_unwritable_folder_is_one_line(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(stat.S_IREAD | stat.S_IEXEC)
    result = run("lab", "locked", "--dry-run", "--port", str(_free_port()), cwd=tmp_path)
    assert result.returncode == 1 and "cannot write to" in result.stderr


def test_paths_of_the_wrong_kind_are_one_line(tmp_path):
    (tmp_path / "a-file").write_text("")
    as_workspace = run("lab", "a-file", "--dry-run", "--port", str(_free_port()), cwd=tmp_path)
    assert as_workspace.returncode == 1
    assert as_workspace.stderr == "jaxtour: a-file is a file, not a folder: pick another folder\n"
    assert run("reset", "03", "--dir", "a-file", cwd=tmp_path).stderr == (
        "jaxtour: a-file is a file, not a folder: pick another folder\n"
    )
    ws = tmp_path / "ws"
    workspace.sync(ws)
    (ws / "03_grad.ipynb").unlink()
    (ws / "03_grad.ipynb").mkdir()  # a folder where a lesson should be
    lab = run("lab", "ws", "--dry-run", "--port", str(_free_port()), cwd=tmp_path)
    assert lab.returncode == 0, lab.stderr  # the other lessons open as usual
    assert f"jaxtour: {(ws / '03_grad.ipynb').resolve()} is a folder, not a lesson" in lab.stdout
    reset = run("reset", "03", "--dir", "ws", cwd=tmp_path)
    assert reset.returncode == 1 and "Traceback" not in reset.stderr
    assert reset.stderr == (
        f"jaxtour: {Path('ws/03_grad.ipynb')} is a folder, not a lesson: move or rename it, "
        "then try again\n"
    )


def test_an_unwritable_folder_is_one_line_even_as_root(tmp_path):
    (tmp_path / "a-file").write_text("")  # a file where the workspace folder should go
    result = run("lab", "a-file/ws", "--dry-run", "--port", str(_free_port()), cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("jaxtour: cannot write to") and "Traceback" not in result.stderr


def test_missing_jupyterlab_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli.importlib.util, "find_spec", lambda name: None)
    assert cli.main(["lab", str(tmp_path / "ws"), "--dry-run"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("jaxtour: JupyterLab is not installed: ") and "pip install" in err


def test_progress_prints_a_table_per_lesson(tmp_path):
    env = {"JAXTOUR_DATA_DIR": str(tmp_path), "JAXTOUR_PROGRESS": "on"}
    script = "from jaxtour import checks; checks.check('03.gradient', 30.0)"
    subprocess.run([sys.executable, "-c", script], env={**os.environ, **env}, check=True)
    result = run("progress", cwd=tmp_path, env=env)
    assert result.returncode == 0
    row = next(line for line in result.stdout.splitlines() if line.startswith("03_grad"))
    assert row.split()[0] == "03_grad" and "0/4 passed, 1 tried" in row


def test_doctor_reports_versions_backend_and_place(tmp_path):
    result = run("doctor", cwd=tmp_path, env={"JAX_PLATFORMS": "cpu"})
    assert result.returncode == 0, result.stdout
    for part in ("Python", "JAX ", "jaxlib", "backend     cpu", "Lessons:"):
        assert part in result.stdout
    for lesson in catalog.LESSONS:  # what a lesson needs comes from the catalog
        if lesson.needs:
            assert f"  {lesson.number}  {lesson.needs}" in result.stdout.splitlines()
    binder = run("doctor", cwd=tmp_path, env={"BINDER_LAUNCH_HOST": "https://mybinder.org/"})
    assert "Binder (CPU only" in binder.stdout


def test_python_dash_m_jaxtour_is_the_command(tmp_path):
    """Where the script is not on PATH (a Colab or Kaggle runtime): `python -m jaxtour`."""
    result = subprocess.run(
        [sys.executable, "-m", "jaxtour", "progress"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT), "JAXTOUR_DATA_DIR": str(tmp_path)},
    )
    assert result.returncode == 0, result.stderr
    assert "00_welcome" in result.stdout and "Traceback" not in result.stderr


@pytest.mark.parametrize(("cuda", "extra"), [("13.0", "cuda13"), ("12.4", "cuda12")])
def test_doctor_names_the_install_command_for_a_gpu_jax_cannot_use(tmp_path, cuda, extra):
    fake = tmp_path / "nvidia-smi"
    fake.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = "--query-gpu=name,driver_version" ]; then echo "NVIDIA H200, 580.65"; '
        f'else echo "| NVIDIA-SMI 580.65   Driver Version: 580.65   CUDA Version: {cuda} |"; fi\n'
    )
    fake.chmod(0o755)
    lines, status = doctor.report(nvidia_smi=str(fake))
    text = "\n".join(lines)
    assert status == 1
    assert "NVIDIA H200" in text and "JAX has no CUDA plugin, so it cannot use it" in text
    assert f'-m pip install -U "jax[{extra}]"' in text


def test_colab_is_recognised(monkeypatch):
    monkeypatch.setitem(sys.modules, "google.colab", object())
    assert doctor.where_am_i() == "colab"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _tpu_facts(nvidia_smi: str | None = None) -> doctor.Facts:
    """What gather() finds on a one-chip TPU VM (read there: 'TPU v5 lite'), for CI's CPU."""
    return doctor.Facts(
        python="3.11.7", executable="python", platform="linux", place="local",
        jax="0.10.2", jaxlib="0.10.2", numpy="2.4.6", backend="tpu",
        devices=("tpu:0 TPU v5 lite",), jax_problem=None, gpus=(), ipywidgets="8.1.9",
        matplotlib="3.11.2",
    )  # fmt: skip


def test_doctor_on_a_tpu_names_it_its_one_kernel_rule_and_its_precision(monkeypatch):
    monkeypatch.setattr(doctor, "gather", _tpu_facts)
    lines, status = doctor.report()
    assert status == 0
    tpu = [line for line in lines if line.startswith("TPU ")]
    assert tpu and "TPU v5 lite" in tpu[0] and tpu[0].split()[1] == "1"
    text = "\n".join(lines)
    assert "libtpu multi-process lockfile" in text and "Shut the previous" in text
    assert 'default_matmul_precision("highest")' in text
    measure = next(line for line in lines if "measure your device" in line)
    assert "accelerator" in measure and "TPU now" in measure
    # On a CPU none of the TPU's lines appear.
    monkeypatch.setattr(doctor, "gather", lambda *_: replace(_tpu_facts(), backend="cpu"))
    cpu_text = "\n".join(doctor.report()[0])
    assert "lockfile" not in cpu_text and "default_matmul_precision" not in cpu_text


def test_a_tpu_is_found_without_opening_it(tmp_path, monkeypatch):
    """From libtpu and the chip's device file: opening the chip would take it from the kernels."""
    found = {"libtpu": object()}
    monkeypatch.setattr(doctor.importlib.util, "find_spec", lambda name: found.get(name))
    assert not doctor.tpu_present(tmp_path)  # libtpu, but no chip
    (tmp_path / "vfio").mkdir()
    (tmp_path / "vfio" / "0").touch()
    assert doctor.tpu_present(tmp_path)
    (tmp_path / "accel0").touch()
    assert doctor.tpu_present(tmp_path)
    found.clear()  # a chip's files, but no libtpu for JAX to use it with
    assert not doctor.tpu_present(tmp_path)


def test_lab_on_a_tpu_machine_warns_before_a_second_kernel_fails(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    args = ["lab", "ws", "--dry-run", "--port", str(_free_port())]
    monkeypatch.setattr(doctor, "tpu_present", lambda: False)
    assert cli.main(args) == 0
    assert "lockfile" not in capsys.readouterr().out
    monkeypatch.setattr(doctor, "tpu_present", lambda: True)
    assert cli.main(args) == 0
    warned = [line for line in capsys.readouterr().out.splitlines() if "lockfile" in line]
    assert warned and warned[0].startswith("jaxtour: TPU: only one process")
