"""Binder: repo2docker picks the pinned Python and installs jaxtour with CI's pins."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT, install_into, new_venv
from tools import binder_requirements

BINDER = ROOT / "binder"


def test_runtime_pins_the_python_ci_runs():
    assert (BINDER / "runtime.txt").read_text().strip() == (
        f"python-{sys.version_info.major}.{sys.version_info.minor}"
    )


def test_requirements_are_ci_pins_of_the_runtime_closure_plus_the_project():
    lines = [
        line
        for line in (BINDER / "requirements.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert lines[-1] == "."  # binder/ stops repo2docker from installing the project itself
    pins = binder_requirements.pins()
    for line in lines[:-1]:
        name, version = line.split("==")
        assert pins[name] == version, line
    for needed in ("jax", "jaxlib", "numpy", "ipywidgets", "matplotlib", "jupyterlab"):
        assert needed in {line.split("==")[0] for line in lines[:-1]}
    assert binder_requirements.main(["--check"]) == 0, "run `make binder`"


def _tracked_copy(target: Path) -> Path:
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for name in files:
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


@pytest.mark.slow
def test_repo2docker_picks_the_pinned_python_and_installs_jaxtour(tmp_path):
    repo2docker = shutil.which("repo2docker", path=str(Path(sys.executable).parent))
    if repo2docker is None:
        pytest.skip("repo2docker is not installed (it comes with the test extra)")
    repo = _tracked_copy(tmp_path / "repo")
    result = subprocess.run(
        [repo2docker, "--no-build", "--debug", "."],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=300,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-2000:]
    assert f"python={sys.version_info.major}.{sys.version_info.minor}" in output
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in output
    # The install runs after the whole repository is copied in, so "." is jaxtour.
    assert output.index("COPY --chown=0:0 src/ ${REPO_DIR}/") < output.index(
        'pip install --no-cache-dir -r "binder/requirements.txt"'
    )


@pytest.mark.slow
def test_a_fresh_venv_from_binder_requirements_runs_lesson_00(tmp_path):
    repo = _tracked_copy(tmp_path / "repo")
    venv = tmp_path / "venv"
    python = new_venv(venv, pip=False)  # install_into brings its own installer
    install = install_into(python, "-r", "binder/requirements.txt", cwd=repo)
    assert install.returncode == 0, install.stderr[-2000:]
    env = {**os.environ, "JAX_PLATFORMS": "cpu"}
    run = subprocess.run(
        [
            str(venv / "bin" / "jupyter"),
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--output",
            str(tmp_path / "00_run.ipynb"),
            "lessons/00_welcome.ipynb",
        ],
        cwd=repo,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    doctor = subprocess.run(
        [str(venv / "bin" / "jaxtour"), "doctor"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**env, "BINDER_LAUNCH_HOST": "x"},
    )
    assert "Binder (CPU only" in doctor.stdout
