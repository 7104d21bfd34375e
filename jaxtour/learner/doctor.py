"""``jaxtour doctor``: what this machine runs the lessons with, and what to fix.

It reports Python, JAX and jaxlib, the backend and devices; recognises Colab, Binder
and a plain machine; notices an NVIDIA GPU that JAX cannot use (since JAX 0.4.30 there
is one jaxlib, and GPU support is a separate CUDA plugin package) and prints the install
command that fixes it; names a TPU, its one-process rule and its matmul precision; and
says which lessons need what.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import platform
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from jaxtour import catalog
from jaxtour.i18n import N_, _

BINDER_VARIABLES = ("BINDER_LAUNCH_HOST", "BINDER_REPO_URL", "BINDER_REQUEST", "BINDER_REF_URL")
# The packages that give JAX its NVIDIA GPU backend; `pip install "jax[cuda13]"` installs one.
CUDA_PLUGINS = ("jax-cuda13-plugin", "jax-cuda12-plugin")


@dataclass(frozen=True)
class Gpu:
    name: str
    driver: str
    cuda: str | None  # the newest CUDA version the driver supports, e.g. "13.0"


# What a TPU host shows without opening the chip (opening it takes the chip from the
# kernels): the libtpu package, and the chip's device files (/dev/accel0, or /dev/vfio/0).
TPU_DEVICE_FILES = ("accel[0-9]*", "vfio/[0-9]*")


def tpu_present(dev: Path = Path("/dev")) -> bool:
    """A TPU on this machine that JAX can use: libtpu installed and a chip's device file."""
    if importlib.util.find_spec("libtpu") is None:
        return False
    return any(any(dev.glob(pattern)) for pattern in TPU_DEVICE_FILES)


def one_kernel_per_tpu() -> str:
    """The TPU's rule, and its fix, as doctor and `jaxtour lab` say it."""
    return _(
        "only one process at a time can hold a TPU: a second notebook's kernel fails with "
        "'libtpu multi-process lockfile'. Shut the previous lesson's kernel down first "
        "(Kernel > Shut Down Kernel, or the Running tab)."
    )


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


def jax_install_command() -> str:
    """The command that installs the JAX this jaxtour declares, from its own metadata
    (pyproject.toml's range, e.g. ``"jax>=0.7.2,<0.11"``); jaxtour itself is installed."""
    try:
        requires = importlib.metadata.requires("jaxtour") or []
    except importlib.metadata.PackageNotFoundError:  # run from a clone, not installed
        requires = []
    wanted = [
        re.sub(r"\s+", "", requirement)
        for requirement in requires
        if re.match(r"jax(lib)?\s*[<>=!~]", requirement) and ";" not in requirement
    ]
    wanted = wanted or ["jax", "jaxlib"]
    return f"{sys.executable} -m pip install " + " ".join(f'"{w}"' for w in wanted)


def describe_device(device) -> str:
    """One device as every report shows it: ``cpu:0 cpu``, ``gpu:0 NVIDIA H200``."""
    return f"{device.platform}:{device.id} {device.device_kind}"


@dataclass(frozen=True)
class Facts:
    """What the lessons run with. ``jax`` is None when JAX cannot be imported; ``backend``
    is None when it cannot start (``jax_problem`` says why)."""

    python: str
    executable: str
    platform: str
    place: str  # 'colab', 'binder' or 'local'
    jax: str | None
    jaxlib: str | None
    numpy: str | None
    backend: str | None
    devices: tuple[str, ...]
    jax_problem: str | None
    gpus: tuple[Gpu, ...]
    ipywidgets: str | None
    matplotlib: str | None
    cuda_plugins: tuple[str, ...] = ()  # installed CUDA plugins, as "name version"


def gather(nvidia_smi: str | None = None) -> Facts:
    """Gather the facts; never raises for a missing or broken JAX."""
    versions = {name: _version(name) for name in ("jax", "jaxlib", "numpy")}
    backend, devices, problem = None, (), None
    try:
        import jax
    except ImportError as exc:
        versions["jax"] = None
        problem = _("not importable ({error}). Install it: {command}").format(
            error=exc, command=jax_install_command()
        )
    else:
        versions["jax"] = jax.__version__
        try:
            backend = jax.default_backend()
            devices = tuple(describe_device(d) for d in jax.devices())
        except RuntimeError as exc:
            problem = _("JAX could not start: {error}").format(error=exc)
    return Facts(
        python=platform.python_version(),
        executable=sys.executable,
        platform=sys.platform,
        place=where_am_i(),
        jax=versions["jax"],
        jaxlib=versions["jaxlib"],
        numpy=versions["numpy"],
        backend=backend,
        devices=devices,
        jax_problem=problem,
        gpus=tuple(nvidia_gpus(nvidia_smi)),
        ipywidgets=_version("ipywidgets"),
        matplotlib=_version("matplotlib"),
        cuda_plugins=tuple(
            f"{name} {version}" for name in CUDA_PLUGINS if (version := _version(name))
        ),
    )


def _gpu_problem(facts: Facts) -> str:
    """Why JAX is not on the NVIDIA GPU that is present; the install command follows it."""
    platforms = os.environ.get("JAX_PLATFORMS", "")
    pinned = bool(platforms) and not any(name in platforms for name in ("cuda", "gpu"))
    if facts.cuda_plugins:
        plugins = ", ".join(facts.cuda_plugins)
        if pinned:
            return _(
                "an NVIDIA GPU and {plugins} are present, but JAX_PLATFORMS={platforms} keeps "
                "JAX off the GPU: unset it. If JAX still does not use the GPU, reinstall JAX "
                "and its plugin together:"
            ).format(plugins=plugins, platforms=platforms)
        return _(
            "an NVIDIA GPU and {plugins} are present, but JAX did not start on the GPU: the "
            "plugin must match jaxlib {jaxlib} and your driver. Reinstall JAX and its plugin "
            "together:"
        ).format(plugins=plugins, jaxlib=facts.jaxlib)
    if pinned:
        return _(
            "an NVIDIA GPU is present, but JAX has no CUDA plugin, so it cannot use it (and "
            "JAX_PLATFORMS={platforms} would keep it off the GPU: unset it). Install JAX with "
            "the plugin for your driver:"
        ).format(platforms=platforms)
    return _(
        "an NVIDIA GPU is present, but JAX has no CUDA plugin, so it cannot use it. Install "
        "JAX with the plugin for your driver:"
    )


def _row(label: str, value: str) -> str:
    """One line of the report: the label (translated) in a column 12 wide, then the value."""
    return f"{_(label):<11} {value}"


def report(nvidia_smi: str | None = None) -> tuple[list[str], int]:
    """The report's lines, and the exit status: 0 all good, 1 something to fix."""
    facts = gather(nvidia_smi)
    lines = [f"Python      {facts.python} ({facts.executable})"]
    place = facts.place
    where = {
        "colab": N_("Google Colab"),
        "binder": N_("Binder (CPU only: Binder has no GPUs)"),
        "local": N_("this machine (not Colab, not Binder)"),
    }[place]
    lines.append(_row(N_("Running on"), _(where)))
    if facts.jax is None:
        lines.append(f"JAX         {facts.jax_problem}")
        return lines, 1
    problems = 0
    lines.append(f"JAX         {facts.jax}")
    lines.append(f"jaxlib      {facts.jaxlib}")
    if facts.backend is None:
        backend = "none"
        lines.append(_row(N_("backend"), facts.jax_problem))
        problems += 1
    else:
        backend = facts.backend
        lines.append(_row(N_("backend"), backend))
        lines.append(_row(N_("devices"), ", ".join(facts.devices)))
    gpus = facts.gpus
    for gpu in gpus:
        cuda = f", CUDA {gpu.cuda}" if gpu.cuda else ""
        driver = _("{name} (driver {driver}{cuda})").format(
            name=gpu.name, driver=gpu.driver, cuda=cuda
        )
        lines.append(f"NVIDIA GPU  {driver}")
    if facts.cuda_plugins:
        lines.append("CUDA plugin " + ", ".join(facts.cuda_plugins))
    if backend == "tpu":
        chips = [device.split(" ", 1)[-1] for device in facts.devices]
        lines.append(
            _row(
                "TPU",
                _("{count} x {kind}").format(count=len(chips), kind=chips[0] if chips else "?"),
            )
        )
        lines.append(_row(N_("one kernel"), one_kernel_per_tpu()))
        lines.append(
            _row(
                N_("precision"),
                _(
                    "a float32 matrix product runs in bfloat16 passes by default (about 3 "
                    'digits); jax.default_matmul_precision("highest") gives full float32'
                ),
            )
        )
    if gpus and backend != "gpu":
        extra = cuda_extra(gpus[0])
        lines.append(_row(N_("PROBLEM"), _gpu_problem(facts)))
        lines.append(f'            {sys.executable} -m pip install -U "jax[{extra}]"')
        problems += 1
    elif not gpus and backend == "cpu":
        none = {
            "colab": N_("none: Runtime > Change runtime type > GPU, then rerun."),
            "binder": N_("none (Binder is CPU only; every lesson runs on a CPU)."),
            "local": N_("none found; every lesson runs on the CPU."),
        }[place]
        lines.append(_row("GPU", _(none)))
    plotting = [lesson for lesson in catalog.LESSONS if lesson.plots]
    measuring = [lesson for lesson in catalog.LESSONS if lesson.measures_device]
    first, last = catalog.LESSONS[0].number, catalog.LESSONS[-1].number
    no_widgets = _("missing: Check buttons fall back to plain text")
    lines.append(f"ipywidgets  {facts.ipywidgets or no_widgets}")
    no_plots = _("missing: lessons {lessons} cannot plot").format(
        lessons=catalog.numbers_text(plotting)
    )
    lines.append(f"matplotlib  {facts.matplotlib or no_plots}")
    lines.append("")
    lines.append(_("Lessons:"))
    lines.append(
        "  "
        + _(
            "{first}-{last}  need JAX and NumPy, and run on a CPU; the grader needs nothing more"
        ).format(first=first, last=last)
    )
    lines.append(
        "  "
        + _("{lessons}  draw plots with matplotlib").format(lessons=catalog.numbers_text(plotting))
    )
    if backend in ("gpu", "tpu"):
        measure = _(
            "{lessons}  measure your device: on an accelerator (a GPU, a TPU) the timings (and "
            "who wins) change -- you are on a {backend} now"
        )
    else:
        measure = _(
            "{lessons}  measure your device: on an accelerator (a GPU, a TPU) the timings (and "
            "who wins) change"
        )
    lines.append(
        "  " + measure.format(lessons=catalog.numbers_text(measuring), backend=backend.upper())
    )
    lines += [f"  {lesson.number}  {_(lesson.needs)}" for lesson in catalog.LESSONS if lesson.needs]
    if not facts.matplotlib:
        problems += 1
    return lines, 1 if problems else 0
