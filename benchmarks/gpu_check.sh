#!/usr/bin/env bash
# One prepared accelerator check (a GPU or a TPU; the CPU too, for comparison). On a
# machine with JAX installed for its accelerator (CUDA build, or libtpu):
#   1. prints the devices JAX sees,
#   2. executes every lesson in its solved state (each check must say correct), with
#      each lesson's wall time, the kernel's peak memory and its three slowest cells,
#   3. runs the dot-timing benchmark, printing timings and GB/s against the copy
#      bandwidth it measured there.
# About 3.5 minutes on an H200 machine (204 s on 2026-12-04, installing the wheels
# that benchmarks/GPU.md lists included); benchmarks/GPU.md also has a TPU v5e's run.
# Arguments, if any, name the lessons to run (as tools.solve_lessons takes them: 11 14).
# Beside JAX it needs nbclient, nbformat, ipykernel, ipywidgets, matplotlib and jupytext; it says
# which are missing. Results go to $OUT/jaxtour-gpu (default /tmp) and to stdout.
#
# On a TPU only one process at a time may hold the chip: nothing else may have it open
# while this runs, and each lesson's kernel frees it when it ends. Where processes may
# open no TCP socket (a sandboxed TPU VM: "OSError: [Errno 97]"), set
# JAXTOUR_KERNEL_TRANSPORT=ipc: the kernels then talk through unix sockets; lesson 14's
# worker processes still need TCP, and its run then says that this machine cannot run it.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"  # jaxtour, tools and benchmarks

"$PY" - <<'PYCODE'
import importlib.util, sys
needed = ("jax", "numpy", "nbclient", "nbformat", "ipykernel", "ipywidgets", "matplotlib", "jupytext")
missing = [name for name in needed if importlib.util.find_spec(name) is None]
if missing:
    sys.exit("missing on this machine: " + " ".join(missing) + " (pip install them first)")
import jax
print("devices:", jax.devices(), "| backend:", jax.default_backend(), "| jax", jax.__version__)
if jax.default_backend() == "cpu":
    print("note: no accelerator backend here; the check runs on the CPU")
PYCODE
# That process has ended, so the lessons' kernels may take a TPU chip now.

status=0  # a check that is not correct fails the script, after the timing has run too
"$PY" -m tools.solve_lessons "$@" || status=1
"$PY" -m benchmarks.run --only dot --repeats 1 --out "${OUT:-/tmp}/jaxtour-gpu"
exit "$status"
