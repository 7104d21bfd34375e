"""``jaxtour doctor``: what this machine runs the lessons with, and what to fix.

It reports Python, JAX and jaxlib, the backend and devices; recognises Colab, Binder
and a plain machine; notices an NVIDIA GPU that a CPU-only jaxlib cannot use and prints
the install command that fixes it; and says which lessons need what.
"""

from __future__ import annotations

import importlib.metadata
import os
import platform
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass

BINDER_VARIABLES = ("BINDER_LAUNCH_HOST", "BINDER_REPO_URL", "BINDER_REQUEST", "BINDER_REF_URL")


@dataclass(frozen=True)
class Gpu:
    name: str
    driver: str
    cuda: str | None  # the newest CUDA version the driver supports, e.g. "13.0"


def where_am_i() -> str:
    """'colab', 'binder' or 'local'."""
    if "google.colab" in sys.modules or os.environ.get("COLAB_RELEASE_TAG"):
        return "colab"
    if any(os.environ.get(name) for name in BINDER_VARIABLES):
        return "binder"
    return "local"


def nvidia_gpus(nvidia_smi: str | None = None) -> list[Gpu]:
    """The NVIDIA GPUs the driver reports, from nvidia-smi; empty when there is none."""
    command = nvidia_smi or shutil.which("nvidia-smi")
    if not command:
        return []
    try:
        listing = subprocess.run(
            [command, "--query-gpu=name,driver_version", "--format=csv,noheader"],
            capture_output=True,
            text=True,
            timeout=10,
        )
        banner = subprocess.run([command], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return []
    if listing.returncode != 0:
        return []
    found = re.search(r"CUDA Version:\s*([0-9.]+)", banner.stdout)
    cuda = found.group(1) if found else None
    gpus = []
    for line in listing.stdout.strip().splitlines():
        name, _, driver = line.partition(",")
        gpus.append(Gpu(name.strip(), driver.strip(), cuda))
    return gpus


def cuda_extra(gpu: Gpu) -> str:
    """The jax extra that matches the driver: cuda13 if it supports CUDA 13, else cuda12."""
    major = int(gpu.cuda.split(".")[0]) if gpu.cuda else 12
    return "cuda13" if major >= 13 else "cuda12"


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def report(nvidia_smi: str | None = None) -> tuple[list[str], int]:
    """The report's lines, and the exit status: 0 all good, 1 something to fix."""
    lines = [f"Python      {platform.python_version()} ({sys.executable})"]
    place = where_am_i()
    lines.append(
        {
            "colab": "Running on  Google Colab",
            "binder": "Running on  Binder (CPU only: Binder has no GPUs)",
            "local": "Running on  this machine (not Colab, not Binder)",
        }[place]
    )
    problems = 0
    try:
        import jax
        import jaxlib
    except ImportError as exc:
        lines.append(f"JAX         not importable ({exc}). Install it: pip install jaxtour")
        return lines, 1
    lines.append(f"JAX         {jax.__version__}")
    lines.append(f"jaxlib      {jaxlib.__version__}")
    try:
        backend = jax.default_backend()
        devices = jax.devices()
        lines.append(f"backend     {backend}")
        lines.append(
            "devices     " + ", ".join(f"{d.platform}:{d.id} {d.device_kind}" for d in devices)
        )
    except RuntimeError as exc:
        backend = "none"
        lines.append(f"backend     JAX could not start: {exc}")
        problems += 1
    gpus = nvidia_gpus(nvidia_smi)
    for gpu in gpus:
        cuda = f", CUDA {gpu.cuda}" if gpu.cuda else ""
        lines.append(f"NVIDIA GPU  {gpu.name} (driver {gpu.driver}{cuda})")
    if gpus and backend != "gpu":
        extra = cuda_extra(gpus[0])
        lines.append(
            "PROBLEM     an NVIDIA GPU is present, but this jaxlib is CPU-only, so JAX cannot "
            "use it. Install the CUDA build:"
        )
        lines.append(f'            {sys.executable} -m pip install -U "jax[{extra}]"')
        problems += 1
    elif not gpus and backend == "cpu":
        lines.append(
            {
                "colab": "GPU         none: Runtime > Change runtime type > GPU, then rerun.",
                "binder": "GPU         none (Binder is CPU only; every lesson runs on a CPU).",
                "local": "GPU         none found; every lesson runs on the CPU.",
            }[place]
        )
    widgets, plots = _version("ipywidgets"), _version("matplotlib")
    lines.append(f"ipywidgets  {widgets or 'missing: Check buttons fall back to plain text'}")
    lines.append(f"matplotlib  {plots or 'missing: lessons 01, 02, 03 and 07 cannot plot'}")
    lines.append("")
    lines.append("Lessons:")
    lines.append("  00-07  need JAX and NumPy, and run on a CPU; the grader needs nothing more")
    lines.append("  01 02 03 07  draw plots with matplotlib")
    lines.append(
        "  02 07  measure your device: on a GPU the timings (and who wins) change"
        + (" -- you are on a GPU now" if backend == "gpu" else "")
    )
    if not plots:
        problems += 1
    return lines, 1 if problems else 0
