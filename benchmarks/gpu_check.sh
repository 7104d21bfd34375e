#!/usr/bin/env bash
# One prepared GPU check. On a machine with an NVIDIA GPU and JAX (CUDA build) installed:
#   1. prints the devices JAX sees,
#   2. executes every lesson in its solved state (each check must say correct), with
#      each lesson's wall time, the kernel's peak memory and its three slowest cells,
#   3. runs the dot-timing benchmark, printing timings and GB/s against the copy
#      bandwidth it measured there.
# About 3.5 minutes on an H200 machine (204 s on 2026-12-04, installing the wheels
# that benchmarks/GPU.md lists included).
# Beside JAX it needs nbclient, nbformat, ipykernel, ipywidgets, matplotlib and jupytext; it says
# which are missing. Results go to $OUT/jaxtour-gpu (default /tmp) and to stdout.
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
if jax.default_backend() != "gpu":
    print("note: no GPU backend here; the check runs on", jax.default_backend())
PYCODE

status=0  # a check that is not correct fails the script, after the timing has run too
"$PY" -m tools.solve_lessons || status=1
"$PY" -m benchmarks.run --only dot --repeats 1 --out "${OUT:-/tmp}/jaxtour-gpu"
exit "$status"
