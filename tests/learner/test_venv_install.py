"""`make lab` says what it is doing while it installs: `tools/venv-install` prints one line
per step, "jaxtour: <step>... <seconds> s", the seconds the step took at its end, and
"failed after <seconds> s" for a step that failed. Offline: pip installs a wheel built here."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from tests.helpers import ROOT

SCRIPT = ROOT / "tools" / "venv-install"
STEP = re.compile(r"^jaxtour: (?P<step>.+)\.\.\. (?P<seconds>\d+\.\d) s$")
FAILED = re.compile(r"^jaxtour: (?P<step>.+)\.\.\. failed after (?P<seconds>\d+\.\d) s$")


def _wheel(folder: Path, name: str = "jaxtour_probe", version: str = "0.1") -> Path:
    """A one-module wheel pip installs with no index and no build backend."""
    info = f"{name}-{version}.dist-info"
    files = {
        f"{name}.py": "ANSWER = 42\n",
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n",
    }
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{path},sha256={digest.decode()},{len(text.encode())}")
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
    return wheel


def _install(venv: Path, *args: str, **env: str) -> tuple[subprocess.CompletedProcess, float]:
    start = time.monotonic()
    result = subprocess.run(
        [str(SCRIPT), str(venv), *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHON": sys.executable, "JAXTOUR_INSTALLER": "pip", **env},
    )
    return result, time.monotonic() - start


def _steps(result: subprocess.CompletedProcess, took: float, pattern=STEP) -> list[str]:
    """The steps named, each line checked: the form, and seconds no more than it took."""
    steps = []
    for line in result.stdout.splitlines():
        match = pattern.match(line)
        assert match, f"not a step line: {line!r} in {result.stdout!r}"
        assert float(match["seconds"]) <= took + 0.1, (line, took)
        steps.append(match["step"])
    return steps


@pytest.mark.slow
def test_each_step_of_the_install_is_one_line_with_the_seconds_it_took(tmp_path):
    venv = tmp_path / "venv"
    wheel = _wheel(tmp_path)
    offline = ("--no-index", "--no-deps")
    step = {"JAXTOUR_STEP": "Installing the probe"}

    first, took = _install(venv, *offline, str(wheel), **step)
    assert first.returncode == 0, first.stdout + first.stderr
    assert _steps(first, took) == [f"Creating {venv}", "Installing the probe"]
    probe = [
        str(venv / "bin" / "python"),
        "-c",
        "import jaxtour_probe; print(jaxtour_probe.ANSWER)",
    ]
    assert subprocess.run(probe, capture_output=True, text=True).stdout == "42\n"

    again, took = _install(venv, *offline, str(wheel), "--force-reinstall")  # the venv is there
    assert again.returncode == 0, again.stdout + again.stderr
    assert _steps(again, took) == [
        f"Installing {' '.join([*offline, str(wheel)])} --force-reinstall"
    ]

    missing = tmp_path / "missing-0.1-py3-none-any.whl"
    failed, took = _install(venv, *offline, str(missing), **step)
    assert failed.returncode != 0
    assert _steps(failed, took, FAILED) == ["Installing the probe"]

    # No install arguments: the venv alone, here there already (the step that creates one
    # is the first run's; a second venv cost 1.5-3 s of CPU, most of it ensurepip's).
    only_venv, took = _install(venv)
    assert only_venv.returncode == 0, only_venv.stderr
    assert _steps(only_venv, took) == [] and only_venv.stderr == ""
