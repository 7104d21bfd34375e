"""The code stays ruff clean (STYLE.md), checked here so CI enforces it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT


def test_ruff_check_and_format_are_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed: pip install -e '.[test]'")
    for command in (["check"], ["format", "--check"]):
        result = subprocess.run(
            [ruff, *command, "conftest.py", "jaxtour", "tests", "tools", "benchmarks"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, result.stdout + result.stderr


def test_gpu_check_script_is_valid_bash():
    script = ROOT / "benchmarks" / "gpu_check.sh"
    result = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert script.stat().st_mode & 0o111, "gpu_check.sh must be executable"
