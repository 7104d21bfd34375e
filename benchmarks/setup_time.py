"""From a fresh clone to lesson 00's URL: `make lab` (uv, runtime only) against the old
path (pip, runtime + test tools, then `jaxtour lab`) and a plain pip install of the same
runtime, side by side in one run, each in its own fresh clone with its own empty cache.

    python -m benchmarks.run --only setup
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
URL_LINE = "lesson 00 is open at"
LIMIT_S = 900


def _clone(where: Path) -> Path:
    subprocess.run(["git", "clone", "-q", str(ROOT), str(where)], check=True)
    return where


def _until_url(command: str, cwd: Path, env: dict[str, str]) -> float:
    """Seconds from starting ``command`` (a shell line) to jaxtour printing the URL."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command,
        shell=True,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        for line in process.stdout:
            if URL_LINE in line:
                return time.perf_counter() - start
            if time.perf_counter() - start > LIMIT_S:
                break
        raise RuntimeError(f"{command!r} never printed the URL")
    finally:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def _seconds(command: str, cwd: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, shell=True, cwd=cwd, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def _size_mib(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


def once(scratch: Path, port: int) -> dict[str, float]:
    env = {**os.environ, "JAXTOUR_PROGRESS": "off"}
    for name in ("new", "old", "plain"):
        (scratch / f"cache-{name}").mkdir()
    new = _clone(scratch / "new")
    new_env = {**env, "UV_CACHE_DIR": str(scratch / "cache-new"), "PIP_NO_CACHE_DIR": "1"}
    make_lab = f"make lab PORT={port} LAB_ARGS='--no-browser {new / 'ws'}'"
    new_s = _until_url(make_lab, new, new_env)

    old = _clone(scratch / "old")
    old_env = {**env, "PIP_CACHE_DIR": str(scratch / "cache-old")}
    old_path = (
        f"{sys.executable} -m venv .venv && .venv/bin/python -m pip install --quiet "
        f"-c constraints.txt -e '.[test]' && .venv/bin/jaxtour lab --no-browser "
        f"--port {port + 1} ws"
    )
    old_s = _until_url(old_path, old, old_env)

    plain = _clone(scratch / "plain")
    plain_env = {**env, "PIP_CACHE_DIR": str(scratch / "cache-plain")}
    plain_s = _seconds(
        f"{sys.executable} -m venv .venv && .venv/bin/python -m pip install --quiet "
        "-c constraints.txt -e .",
        plain,
        plain_env,
    )
    return {
        "make_lab_to_url_s": new_s,
        "old_pip_to_url_s": old_s,
        "plain_pip_runtime_s": plain_s,
        "lab_venv_mib": _size_mib(new / ".venv"),
        "old_venv_mib": _size_mib(old / ".venv"),
        "lab_venv_has_test_tools": any(
            (new / ".venv" / "bin" / tool).exists() for tool in ("pytest", "ruff", "repo2docker")
        ),
    }


def bench_setup(repeats: int) -> dict:
    runs = []
    for attempt in range(max(1, min(repeats, 2))):  # each run downloads everything: keep few
        with tempfile.TemporaryDirectory(prefix="jaxtour-setup-") as scratch:
            runs.append(once(Path(scratch), 18800 + 10 * attempt))
    best = {key: min(run[key] for run in runs) for key in runs[0]}
    best["make_lab_over_plain_pip"] = best["make_lab_to_url_s"] / best["plain_pip_runtime_s"]
    best["runs"] = len(runs)
    return best
